/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Timing for fast25519 bench: serialised TSC reads, TSC frequency, CPU pinning, medians. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <time.h>
#include "bench.h"
#include "bench_ticks.h"

double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Out of line, as before the read moved to bench_ticks.h: the figures keep their call overhead. */
uint64_t bench_ticks(void) { return f25519_bench_ticks(); }

#if defined(__x86_64__)
/* One (ticks, time) pair: the clock read bracketed by two TSC reads, keeping
 * the tightest of a few tries, so a preemption inside a bracket (a shared
 * machine) cannot skew it. */
static void tsc_pair(uint64_t *ticks, double *t)
{
    uint64_t best = UINT64_MAX;
    for (int i = 0; i < 16; i++) {
        uint64_t a = bench_ticks();
        double now = bench_now();
        uint64_t b = bench_ticks();
        if (b - a < best) {
            best = b - a;
            *ticks = a + (b - a) / 2;
            *t = now;
        }
    }
}
#endif

double bench_tsc_hz(void)
{
    static double hz;
    if (hz > 0) return hz;
#if defined(__x86_64__)
    /* TSC ticks over ~100 ms of CLOCK_MONOTONIC. */
    uint64_t c0, c1;
    double t0, t1;
    tsc_pair(&c0, &t0);
    bench_sleep_us(100000);
    tsc_pair(&c1, &t1);
    hz = (double)(c1 - c0) / (t1 - t0);
#else
    hz = 1e9;
#endif
    return hz;
}

int bench_pin_cpu(void)
{
#if defined(__linux__)
    int cpu = sched_getcpu();
    if (cpu < 0) return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) return -1;
    return cpu;
#else
    return -1;
#endif
}

void bench_sleep_us(unsigned us)
{
    struct timespec ts = {us / 1000000u, (long)(us % 1000000u) * 1000L};
    while (nanosleep(&ts, &ts) != 0) {
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

uint64_t bench_median(uint64_t *v, size_t n)
{
    if (n == 0) return 0;
    qsort(v, n, sizeof *v, cmp_u64);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
