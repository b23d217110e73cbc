/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* What two threads of one batch call get against what the host's two CPUs
 * can give (never a test; run by hand, without taskset):
 *   bin/f25519_bench_threads <impl> [n] [rounds] [calls] [exact]
 * Two threads should give about twice the throughput of one. On a KVM guest
 * the two vCPUs do not always run at the same speed, alone or together (one
 * thread alone can be a third slower on one vCPU than on the other, and two
 * independent processes at once slower than either alone), so a ratio
 * against one thread says as much about the host as about the code.
 * Each round therefore measures, on the first two CPUs the process may use
 * (a and b), `calls` verify_batch calls of n signatures each:
 *   1. one thread alone on a, 2. one thread alone on b (a child process),
 *   3. both at once (the child on b, this process on a: nothing shared),
 *   4. one call with 2 threads (the team), on a and b;
 *   5. one call through a pool of 2 threads (f25519_verify_pool_new, made
 *      once: its helper is started before the rounds and kept), on a and b.
 * Rates are signatures per million ticks (the median call of each part).
 * Printed per round and as medians of the rounds: the two processes' summed
 * rate over the mean alone rate (the host's ceiling for two CPUs), the
 * team's rate over the same mean (the 2-thread ratio), and the team's over
 * the ceiling; the same two for the pool. The child blocks on a pipe when idle (no wake-ups on b). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>
#include "bench_ticks.h"
#include "fast25519.h"

#define MAXC 256

typedef struct {
    volatile int run, busy, done;
    volatile uint64_t tk[MAXC]; /* ticks of the child's calls */
} child_state;

static size_t n;
static int mode;
static const uint8_t **ps, **pm, **pp;
static size_t *len;
static int *st;
static f25519_verify_pool *pool;

static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int k)
{
    qsort(v, (size_t)k, sizeof *v, cmpd);
    return v[k / 2];
}

/* threads 0: through the pool */
static uint64_t one_call(unsigned threads)
{
    uint64_t t0 = f25519_bench_ticks();
    if (threads == 0)
        f25519_ed25519_verify_batch_pool(pool, n, ps, pm, len, pp, mode, st);
    else
        f25519_ed25519_verify_batch(n, ps, pm, len, pp, mode, threads, st);
    return f25519_bench_ticks() - t0;
}

static void pin(int c0, int c1)
{
    cpu_set_t s;
    CPU_ZERO(&s);
    CPU_SET(c0, &s);
    if (c1 >= 0) CPU_SET(c1, &s);
    if (sched_setaffinity(0, sizeof s, &s) != 0) perror("sched_setaffinity");
}

/* signatures per Mtick of the median of k calls with these ticks */
static double rate(double *tk, int k)
{
    return (double)n * 1e6 / median(tk, k);
}

static void child_loop(child_state *cs, int rd, int cpu)
{
    pin(cpu, -1);
    char c;
    while (read(rd, &c, 1) == 1 && c == 'g') {
        cs->busy = 1;
        while (cs->run) {
            uint64_t t = one_call(1);
            if (cs->done < MAXC) cs->tk[cs->done] = t;
            cs->done++;
        }
        cs->busy = 0;
    }
    _exit(0);
}

/* start the child's calls; stop_child waits until it is idle again */
static void go_child(child_state *cs, int wr)
{
    cs->done = 0;
    cs->run = 1;
    if (write(wr, "g", 1) != 1) { perror("write"); exit(2); }
    while (!cs->busy) sched_yield();
}

static void stop_child(child_state *cs)
{
    cs->run = 0;
    while (cs->busy) usleep(100);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s impl [n] [rounds] [calls] [exact]\n", argv[0]);
        return 2;
    }
    if (f25519_select_backend(argv[1]) != F25519_OK) { fprintf(stderr, "no impl %s\n", argv[1]); return 2; }
    n = argc > 2 ? (size_t)atoi(argv[2]) : 1024;
    const int rounds = argc > 3 ? atoi(argv[3]) : 12, calls = argc > 4 ? atoi(argv[4]) : 7;
    mode = argc > 5 && strcmp(argv[5], "exact") == 0 ? F25519_VERIFY_OPENSSL : F25519_VERIFY_ZIP215;
    if (n < 8 || rounds < 1 || rounds > MAXC || calls < 1 || calls > MAXC / 2) return 2;
    cpu_set_t all;
    int cpu[2], ncpu = 0;
    if (sched_getaffinity(0, sizeof all, &all) != 0) return 2;
    for (int c = 0; c < CPU_SETSIZE && ncpu < 2; c++)
        if (CPU_ISSET(c, &all)) cpu[ncpu++] = c;
    if (ncpu < 2) {
        printf("bench_threads: needs two CPUs (this process may use %d)\n", ncpu);
        return 0;
    }
    uint8_t (*sig)[64] = malloc(n * 64), (*pub)[32] = malloc(n * 32), (*msg)[32] = malloc(n * 32);
    ps = malloc(n * sizeof *ps);
    pm = malloc(n * sizeof *pm);
    pp = malloc(n * sizeof *pp);
    len = malloc(n * sizeof *len);
    st = malloc(n * sizeof *st);
    if (!sig || !pub || !msg || !ps || !pm || !pp || !len || !st) return 2;
    for (size_t i = 0; i < n; i++) {
        uint8_t seed[32];
        f25519_ed25519_keygen(seed, pub[i]);
        for (int b = 0; b < 32; b++) msg[i][b] = (uint8_t)(i * 7 + (size_t)b);
        f25519_ed25519_sign(sig[i], msg[i], 32, seed, pub[i]);
        ps[i] = sig[i]; pm[i] = msg[i]; pp[i] = pub[i]; len[i] = 32;
    }
    child_state *cs = mmap(NULL, sizeof *cs, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    int pfd[2];
    if (cs == MAP_FAILED || pipe(pfd) != 0) return 2;
    memset(cs, 0, sizeof *cs);
    pid_t child = fork();
    if (child < 0) return 2;
    if (child == 0) {
        close(pfd[1]);
        child_loop(cs, pfd[0], cpu[1]);
    }
    close(pfd[0]);
    printf("impl %s, %s, n %zu, CPUs %d and %d, %d calls per part; rates in signatures per Mtick\n",
           f25519_backend(), mode == F25519_VERIFY_ZIP215 ? "zip215" : "openssl", n, cpu[0], cpu[1], calls);
    pin(cpu[0], cpu[1]);
    pool = f25519_verify_pool_new(2);
    if (!pool || f25519_verify_pool_threads(pool) != 2) {
        printf("bench_threads: the pool has %u threads\n", f25519_verify_pool_threads(pool));
        return 2;
    }
    double ceil_r[MAXC], team_r[MAXC], frac[MAXC], pool_r[MAXC], pfrac[MAXC], tk[MAXC];
    for (int r = 0; r < rounds; r++) {
        pin(cpu[0], -1);
        for (int k = 0; k < calls; k++) tk[k] = (double)one_call(1);
        const double alone_a = rate(tk, calls);
        go_child(cs, pfd[1]); /* this process waits, blocked in usleep */
        while (cs->done < calls) usleep(200);
        stop_child(cs);
        for (int k = 0; k < calls; k++) tk[k] = (double)cs->tk[k];
        const double alone_b = rate(tk, calls);
        go_child(cs, pfd[1]);
        for (int k = 0; k < calls; k++) tk[k] = (double)one_call(1);
        const double both_a = rate(tk, calls);
        while (cs->done < 2) usleep(200);
        stop_child(cs);
        const int m = cs->done - 1 < MAXC ? cs->done - 1 : MAXC; /* its last call may have run alone */
        for (int k = 0; k < m; k++) tk[k] = (double)cs->tk[k];
        const double both_b = rate(tk, m);
        pin(cpu[0], cpu[1]);
        for (int k = 0; k < calls; k++) tk[k] = (double)one_call(2);
        const double team = rate(tk, calls), mean = (alone_a + alone_b) / 2;
        for (int k = 0; k < calls; k++) tk[k] = (double)one_call(0);
        const double pooled = rate(tk, calls);
        ceil_r[r] = (both_a + both_b) / mean;
        team_r[r] = team / mean;
        frac[r] = team / (both_a + both_b);
        pool_r[r] = pooled / mean;
        pfrac[r] = pooled / (both_a + both_b);
        printf("  round %2d: alone %.1f / %.1f, two processes %.1f + %.1f = %.3fx, 2 threads %.1f = %.3fx, "
               "pool of 2 %.1f = %.3fx\n", r, alone_a, alone_b, both_a, both_b, ceil_r[r], team, team_r[r], pooled,
               pool_r[r]);
    }
    if (write(pfd[1], "q", 1) != 1) perror("write");
    waitpid(child, NULL, 0);
    printf("medians of %d rounds: two processes / one alone %.3f, 2 threads / one alone %.3f, "
           "2 threads / two processes %.3f, pool of 2 / one alone %.3f, pool of 2 / two processes %.3f\n",
           rounds, median(ceil_r, rounds), median(team_r, rounds), median(frac, rounds), median(pool_r, rounds),
           median(pfrac, rounds));
    f25519_verify_pool_free(pool);
    return 0;
}
