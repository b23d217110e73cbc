/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519 bench --cold (Zhang et al., ENG25519, Tables 6-7; docs/references.md):
 * each primitive is called after an idle gap (the thread sleeps ~1.5 ms before every timed
 * call), median ticks, next to the median after a 1.5 ms busy (scalar) gap,
 * which keeps caches warm and idles only the vector units, so the two
 * separate a vector-unit power-up penalty from cache/predictor coldness,
 * and next to the warm (back-to-back) median of the same run. The
 * fast25519 rows are measured with the warm-up thread (bench_warmup.c) off
 * and, when the CPU has AVX-512, on. Then X25519 keygen amortized per key by
 * pool batch size: batch 1 = one f25519_x25519_keygen; batch N = N x8 calls
 * (N*8 keys, secrets drawn with one getrandom inside the timed region, as a
 * pool refill does), divided by N*8; an extra batch-1 row times one x8 call.
 */
#define _GNU_SOURCE /* RUSAGE_THREAD */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include "bench.h"
#include "cli.h"
#include "fast25519.h"
#include "ops.h"

#define GAP_US 1500
#define MIN_COLD 15
#define MAX_COLD 20000
#define MAX_WARM 200000

static const char *const impl_names[] = {"fast25519", "openssl", "libsodium"};

typedef struct {
    const char *op; /* name */
    int impl;
    const char *path;
    int thread;     /* warm-up thread on */
    int batch, keys; /* pool rows only (batch > 0) */
    uint64_t cold, busy, warm; /* medians per op / per key: after a sleep, after a busy gap, back to back */
    size_t n;        /* cold samples kept */
    size_t dropped;  /* samples dropped because the thread was preempted */
} cold_row;

typedef struct {
    cold_row *rows;
    int n, cap;
} row_list;

static cold_row *add_row(row_list *l)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 64;
        cold_row *r = realloc(l->rows, cap * sizeof *r);
        if (!r) return NULL;
        l->rows = r;
        l->cap = cap;
    }
    cold_row *r = &l->rows[l->n++];
    memset(r, 0, sizeof *r);
    return r;
}

/* Pool refill of `keys` keys (1 = the single keygen API). */
static int pool_fill(int keys, uint8_t (*priv)[32], uint8_t (*pub)[32])
{
    if (keys == 1) return f25519_x25519_keygen(priv[0], pub[0]);
    int rc = f25519_randombytes(priv, (size_t)keys * 32);
    for (int i = 0; rc == F25519_OK && i < keys; i += 8)
        rc = f25519_x25519_keygen_x8(pub + i, (const uint8_t(*)[32])(priv + i));
    return rc;
}

/* Involuntary context switches of this thread so far: a timed call during
 * which it changed was preempted (by another process on a shared machine,
 * or by the warm-up thread itself), so that sample is dropped. */
static long preemptions(void)
{
    struct rusage ru;
    if (getrusage(RUSAGE_THREAD, &ru) != 0) return 0;
    return ru.ru_nivcsw;
}

/* Median ticks of fn after a gap (gap: 0 none, 1 sleep, 2 busy): sleeping,
 * the CPU idles and other tasks may run (vector units, caches, predictors
 * all go cold); busy, a scalar spin on the TSC keeps caches mostly warm and
 * only the vector units idle. Preempted samples are dropped (*dropped). */
typedef int (*timed_fn)(void *arg);
static int gap_median(timed_fn fn, void *arg, int gap_kind, uint64_t budget, double hz, uint64_t *med,
                      size_t *count, size_t *dropped, uint64_t *buf, size_t cap)
{
    uint64_t gap = (uint64_t)(GAP_US * 1e-6 * hz);
    size_t n = 0, m = 0; /* kept samples at the front of buf, preempted ones at the back */
    uint64_t end = bench_ticks() + budget;
    while (n + m < cap) {
        if (bench_ticks() >= end && (n >= MIN_COLD || n + m >= 20 * MIN_COLD)) break;
        if (gap_kind == 2) {
            uint64_t until = bench_ticks() + gap;
            while (bench_ticks() < until) {
            }
        } else if (gap_kind == 1) {
            bench_sleep_us(GAP_US);
        }
        long cs = preemptions();
        uint64_t t0 = bench_ticks();
        int rc = fn(arg);
        uint64_t t1 = bench_ticks();
        if (rc) return -1;
        if (preemptions() == cs) buf[n++] = t1 - t0;
        else buf[cap - 1 - m++] = t1 - t0;
    }
    if (n == 0) {
        /* Every call was preempted: a call longer than the warm-up thread's
         * period always is. Then the preempted samples are the measurement. */
        *med = bench_median(buf + cap - m, m);
        if (count) *count = m;
        return 0;
    }
    *med = bench_median(buf, n);
    if (count) *count = n;
    if (dropped) *dropped += m;
    return 0;
}

/* Cold (sleep gap), busy-gap and warm (back-to-back) medians of fn over `seconds`. */
static int measure(timed_fn fn, void *arg, double seconds, double hz, cold_row *r, uint64_t *buf)
{
    uint64_t gap_budget = (uint64_t)(seconds * 0.4 * hz), warm_budget = (uint64_t)(seconds * 0.2 * hz);
    if (gap_median(fn, arg, 1, gap_budget, hz, &r->cold, &r->n, &r->dropped, buf, MAX_COLD) ||
        gap_median(fn, arg, 2, gap_budget, hz, &r->busy, NULL, &r->dropped, buf, MAX_COLD))
        return -1;
    for (int i = 0; i < 3; i++) fn(arg);
    return gap_median(fn, arg, 0, warm_budget, hz, &r->warm, NULL, &r->dropped, buf, MAX_WARM);
}

/* Medians per key / per lane, rounded, never 0. */
static void per_unit(cold_row *r, int units)
{
    uint64_t *v[3] = {&r->cold, &r->busy, &r->warm};
    for (int i = 0; i < 3; i++) {
        *v[i] = (*v[i] + units / 2) / units;
        if (!*v[i]) *v[i] = 1;
    }
}

typedef struct {
    bench_state *s;
    int impl, op;
} prim_arg;
static int run_prim(void *a)
{
    prim_arg *p = a;
    return bench_run(p->s, p->impl, p->op);
}

typedef struct {
    int keys;
    uint8_t (*priv)[32], (*pub)[32];
} pool_arg;
static int run_pool(void *a)
{
    pool_arg *p = a;
    return pool_fill(p->keys, p->priv, p->pub);
}

static void print_json(const row_list *l, double hz)
{
    printf("{\"tsc_ghz\": %.4f, \"mode\": \"cold\", \"gap_us\": %d, \"results\": [", hz / 1e9, GAP_US);
    for (int i = 0; i < l->n; i++) {
        const cold_row *r = &l->rows[i];
        printf("%s\n  {\"op\": \"%s\", \"impl\": \"%s\", \"backend\": \"%s\", \"path\": \"%s\", "
               "\"ticks_median\": %llu, "
               "\"ops_per_sec\": %.0f, \"warmup_thread\": \"%s\", \"ticks_median_busy_gap\": %llu, "
               "\"ticks_median_warm\": %llu, \"cold_over_warm\": %.3f, \"samples\": %zu, "
               "\"dropped_preempted\": %zu",
               i ? "," : "", r->op, impl_names[r->impl], r->path, r->path, (unsigned long long)r->cold,
               hz / (double)r->cold, r->thread ? "on" : "off", (unsigned long long)r->busy,
               (unsigned long long)r->warm, (double)r->cold / (double)r->warm, r->n, r->dropped);
        if (r->batch) printf(", \"batch\": %d, \"keys\": %d", r->batch, r->keys);
        printf("}");
    }
    printf("\n]}\n");
}

static void print_table(const row_list *l, double hz, double seconds)
{
    printf("fast25519 bench --cold: TSC %.3f GHz, idle gap %d us before each timed call, %.2f s per row\n",
           hz / 1e9, GAP_US, seconds);
    printf("median TSC ticks. cold: after a %d us sleep (vector units, caches, predictors go cold);\n"
           "busy gap: after a %d us scalar spin (only the vector units idle); warm: back to back.\n"
           "thread: the warm-up thread (512-bit burst every 500 us on this CPU).\n"
           "Samples during which this thread was preempted are dropped (shared machine).\n\n", GAP_US, GAP_US);
    printf("%-17s %-10s %-9s %-6s %11s %9s %11s %10s %10s\n", "op", "impl", "backend", "thread", "cold ticks",
           "busy gap", "warm ticks", "cold/warm", "busy/warm");
    for (int i = 0; i < l->n; i++) {
        const cold_row *r = &l->rows[i];
        if (r->batch) continue;
        printf("%-17s %-10s %-9s %-6s %11llu %9llu %11llu %9.2fx %9.2fx\n", r->op, impl_names[r->impl],
               r->path, r->thread ? "on" : "off", (unsigned long long)r->cold, (unsigned long long)r->busy,
               (unsigned long long)r->warm, (double)r->cold / (double)r->warm,
               (double)r->busy / (double)r->warm);
    }
    printf("\nX25519 keygen per key by pool batch after an idle gap (batch 1: one keygen call,\n"
           "or one x8 call when keys = 8; batch N: N x8 calls plus one getrandom for the N*8 secrets)\n");
    printf("%-9s %-6s %6s %6s %11s %11s %11s %12s\n", "backend", "thread", "batch", "keys", "ticks/key",
           "busy t/key", "warm t/key", "keys/s cold");
    for (int i = 0; i < l->n; i++) {
        const cold_row *r = &l->rows[i];
        if (!r->batch) continue;
        printf("%-9s %-6s %6d %6d %11llu %11llu %11llu %12.0f\n", r->path, r->thread ? "on" : "off", r->batch,
               r->keys, (unsigned long long)r->cold, (unsigned long long)r->busy, (unsigned long long)r->warm,
               hz / (double)r->cold);
    }
}

int bench_cold(bench_state *s, double seconds, int json, double hz, const char *const *paths, int npaths)
{
    row_list l = {0};
    uint64_t *buf = malloc(MAX_WARM * sizeof *buf);
    uint8_t(*priv)[32] = malloc(128 * 32), (*pub)[32] = malloc(128 * 32);
    int progress = !json && isatty(2), rc = CLI_OK;
    int threads = bench_warmup_supported() ? 2 : 1;
    if (!buf || !priv || !pub) {
        fprintf(stderr, "fast25519 bench: out of memory\n");
        rc = CLI_USAGE;
        goto out;
    }
    if (threads == 1)
        fprintf(stderr, "fast25519 bench: no AVX-512 on this CPU: warm-up thread rows skipped\n");
    for (int op = 0; op < OP_ED_VBATCH8; op++) { /* single operations (not the batch rows) */
        if (progress) fprintf(stderr, "cold: %s...\n", bench_op_names[op]);
        for (int impl = IMPL_FAST; impl <= IMPL_SODIUM; impl++) {
            if (impl != IMPL_FAST && (bench_op_lanes[op] != 1 || (impl == IMPL_SODIUM && !bench_have_sodium())))
                continue;
            int np = impl == IMPL_FAST ? npaths : 1;
            for (int p = 0; p < np; p++) {
                const char *path = impl == IMPL_FAST ? paths[p] : "-";
                for (int th = 0; th < (impl == IMPL_FAST ? threads : 1); th++) {
                    if (impl == IMPL_FAST && f25519_select_backend(path) != F25519_OK) continue;
                    prim_arg a = {s, impl, op};
                    const char *bad = bench_check(s, impl, op);
                    if (bad) {
                        fprintf(stderr, "fast25519 bench: %s %s %s skipped: %s\n", bench_op_names[op],
                                impl_names[impl], path, bad);
                        break;
                    }
                    if (th) bench_warmup_start();
                    cold_row r = {bench_op_names[op], impl, path, th, 0, 0, 0, 0, 0, 0, 0};
                    int m = measure(run_prim, &a, seconds, hz, &r, buf);
                    if (th) bench_warmup_stop();
                    if (m) continue;
                    int lanes = bench_op_lanes[op];
                    per_unit(&r, lanes);
                    cold_row *dst = add_row(&l);
                    if (dst) *dst = r;
                }
            }
        }
    }
    static const int batches[][2] = {{1, 1}, {1, 8}, {2, 16}, {4, 32}, {8, 64}, {16, 128}};
    if (progress) fprintf(stderr, "cold: keygen pool batches...\n");
    for (int p = 0; p < npaths; p++) {
        if (f25519_select_backend(paths[p]) != F25519_OK) continue;
        for (int th = 0; th < threads; th++) {
            if (th) bench_warmup_start();
            for (size_t b = 0; b < sizeof batches / sizeof batches[0]; b++) {
                pool_arg a = {batches[b][1], priv, pub};
                cold_row r = {"x25519_keygen_pool", IMPL_FAST, paths[p], th, batches[b][0], batches[b][1],
                              0, 0, 0, 0, 0};
                if (measure(run_pool, &a, seconds, hz, &r, buf)) {
                    fprintf(stderr, "fast25519 bench: pool batch %d (%d keys) on %s failed\n", r.batch, r.keys,
                            paths[p]);
                    continue;
                }
                per_unit(&r, r.keys);
                cold_row *dst = add_row(&l);
                if (dst) *dst = r;
            }
            if (th) bench_warmup_stop();
        }
    }
    if (json) print_json(&l, hz);
    else print_table(&l, hz, seconds);
out:
    if (priv) f25519_wipe(priv, 128 * 32);
    free(buf);
    free(priv);
    free(pub);
    free(l.rows);
    return rc;
}
