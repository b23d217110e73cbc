/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519 bench [--json] [--seconds S] [--cold] [--ops OP,OP,...]
 *
 * For each operation, every fast25519 backend this CPU supports, OpenSSL
 * (EVP) and libsodium are timed in the same run: pinned to one CPU, warm-up,
 * then one serialised TSC read pair per call; the median is reported with
 * ops/s = TSC Hz / median and the ratio against OpenSSL (OpenSSL ticks /
 * ours, > 1 = faster). The x8 rows time one 8-lane call and divide by 8.
 * To spread the drift of a shared machine over all implementations alike,
 * each operation is measured in interleaved rounds (impl A, B, C, A, B, C...).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "bench.h"
#include "cli.h"
#include "fast25519.h"
#include "common/backend_env.h"
#include "backends.h" /* the registry: F25519_BACKEND_NAMES */

#define ROUNDS 5
#define MAX_SAMPLES 200000   /* per impl and op */
#define MIN_SAMPLES 21
/* Every registered backend, in dispatch order (the rows list them slowest first). */
static const char *const all_paths[] = {F25519_BACKEND_NAMES};
#define N_PATHS (int)(sizeof all_paths / sizeof all_paths[0])
#define MAX_CANDIDATES (N_PATHS + 2) /* the backends + OpenSSL + libsodium */
static const char *const impl_names[] = {"fast25519", "openssl", "libsodium"};

typedef struct {
    int impl;
    const char *path; /* backend name, "-" for the peers */
    uint64_t *samples;
    size_t n;
    uint64_t median;  /* per call, or per lane for the x8 rows */
    const char *note; /* non-NULL: skipped, why */
} cand;

/* The single-call op an x8 row is compared with. */
static int base_op(int op)
{
    if (op >= OP_ED_VBATCH8) return OP_ED_VERIFY; /* batch rows: per signature vs single verify */
    return op == OP_X_KEYGEN_X8 ? OP_X_KEYGEN : op == OP_X_DERIVE_X8 ? OP_X_DERIVE : op;
}

static int select_for(const cand *c)
{
    return c->impl == IMPL_FAST ? f25519_select_backend(c->path) : F25519_OK;
}

/* One round of one candidate: a short warm-up, then samples for budget ticks. */
static void measure_round(bench_state *s, int op, cand *c, uint64_t budget)
{
    if (select_for(c) != F25519_OK) {
        c->note = "backend selection failed";
        return;
    }
    uint64_t start = bench_ticks();
    uint64_t warm_end = start + budget / 20;
    for (int i = 0; i < 3 || bench_ticks() < warm_end; i++) bench_run(s, c->impl, op);
    uint64_t end = bench_ticks() + budget;
    size_t got = 0;
    while (c->n < MAX_SAMPLES && (got < MIN_SAMPLES / ROUNDS + 1 || bench_ticks() < end)) {
        uint64_t t0 = bench_ticks();
        int rc = bench_run(s, c->impl, op);
        uint64_t t1 = bench_ticks();
        if (rc != 0) {
            c->note = "a call failed during timing";
            return;
        }
        c->samples[c->n++] = t1 - t0;
        got++;
    }
}

static double ratio(uint64_t ref, uint64_t ours)
{
    return ref && ours ? (double)ref / (double)ours : 0.0;
}

typedef struct {
    int op;
    cand c[MAX_CANDIDATES];
    int nc;
} op_result;

/* OpenSSL's and libsodium's medians for the single-call op behind op (0 = none). */
static void peer_medians(const op_result *res, int nres, int op, uint64_t *ossl, uint64_t *na)
{
    int bop = base_op(op);
    *ossl = *na = 0;
    for (int k = 0; k < nres; k++)
        for (int j = 0; res[k].op == bop && j < res[k].nc; j++) {
            const cand *c = &res[k].c[j];
            if (!c->note && c->impl == IMPL_OPENSSL) *ossl = c->median;
            if (!c->note && c->impl == IMPL_SODIUM) *na = c->median;
        }
}

static void print_table(const op_result *res, int nres, double hz, int cpu, double seconds,
                        const char *const *paths, int npaths)
{
    printf("fast25519 bench: TSC %.3f GHz, %s, %.2f s per impl/op in %d interleaved rounds\n",
           hz / 1e9, cpu >= 0 ? "pinned to one CPU" : "not pinned", seconds, ROUNDS);
    printf("median TSC ticks per operation (x8 rows: one 8-lane call / 8; verify_batchN rows: one call of N / N,\n"
           "_mt rows on every CPU, so ops/s = signatures/s); ratio = other's ticks / these ticks\n");
    printf("fast25519 backends measured:");
    for (int i = 0; i < npaths; i++) printf(" %s", paths[i]);
    printf("%s\n\n", bench_have_sodium() ? "" : "   (libsodium: not built in, rows skipped)");
    printf("%-35s %-10s %-9s %10s %12s %11s %13s\n", "op", "impl", "backend", "ticks", "ops/s",
           "vs OpenSSL", "vs libsodium");
    for (int r = 0; r < nres; r++) {
        const op_result *o = &res[r];
        uint64_t ossl, na;
        peer_medians(res, nres, o->op, &ossl, &na);
        for (int j = 0; j < o->nc; j++) {
            const cand *c = &o->c[j];
            if (c->note) {
                printf("%-35s %-10s %-9s  skipped: %s\n", bench_op_names[o->op], impl_names[c->impl],
                       c->path, c->note);
                continue;
            }
            char ro[16] = "-", rn[16] = "-";
            if (ossl) snprintf(ro, sizeof ro, "%.2fx", ratio(ossl, c->median));
            if (na) snprintf(rn, sizeof rn, "%.2fx", ratio(na, c->median));
            printf("%-35s %-10s %-9s %10llu %12.0f %11s %13s\n", bench_op_names[o->op],
                   impl_names[c->impl], c->path, (unsigned long long)c->median,
                   hz / (double)c->median, ro, rn);
        }
    }
    printf("\nkeygen rows: fast25519 and OpenSSL draw the secret from their RNG in the timed call;\n"
           "libsodium's (crypto_scalarmult_base, crypto_sign_seed_keypair) start from a given secret.\n"
           "The x8 and verify_batch rows are compared with OpenSSL's/libsodium's single-call figures.\n"
           "The machine may be shared: compare ratios within one run, not absolute figures across runs.\n");
}

static void print_json(const op_result *res, int nres, double hz)
{
    printf("{\"tsc_ghz\": %.4f, \"results\": [", hz / 1e9);
    int first = 1;
    for (int r = 0; r < nres; r++) {
        const op_result *o = &res[r];
        uint64_t ossl, na;
        peer_medians(res, nres, o->op, &ossl, &na);
        for (int j = 0; j < o->nc; j++) {
            const cand *c = &o->c[j];
            if (c->note) continue;
            printf("%s\n  {\"op\": \"%s\", \"impl\": \"%s\", \"backend\": \"%s\", \"path\": \"%s\", "
                   "\"ticks_median\": %llu, \"ops_per_sec\": %.0f, \"samples\": %zu",
                   first ? "" : ",", bench_op_names[o->op], impl_names[c->impl], c->path, c->path,
                   (unsigned long long)c->median, hz / (double)c->median, c->n);
            if (ossl) printf(", \"ratio_vs_openssl\": %.3f", ratio(ossl, c->median));
            if (na) printf(", \"ratio_vs_libsodium\": %.3f", ratio(na, c->median));
            printf("}");
            first = 0;
        }
    }
    printf("\n]}\n");
}

static int parse_seconds(const char *v, double *out)
{
    char *end;
    double d = strtod(v, &end);
    if (end == v || *end || !(d > 0) || d > 3600) return -1;
    *out = d;
    return 0;
}

/* --ops A,B,...: the operations to run (names of bench_op_names). 0 or -1 (message printed). */
static int parse_ops(const char *list, int want[OP_COUNT])
{
    for (int op = 0; op < OP_COUNT; op++) want[op] = 0;
    const char *p = list;
    while (*p) {
        const char *e = strchr(p, ',');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        int found = 0;
        for (int op = 0; op < OP_COUNT; op++)
            if (strlen(bench_op_names[op]) == len && strncmp(bench_op_names[op], p, len) == 0) want[op] = found = 1;
        if (!found) {
            cli_usage_error("bench --ops: unknown operation '%.*s'", (int)len, p);
            return -1;
        }
        p += len + (e ? 1 : 0);
    }
    return 0;
}

int cmd_bench(int argc, char **argv)
{
    int json = 0, cold = 0, want[OP_COUNT];
    for (int op = 0; op < OP_COUNT; op++) want[op] = 1;
    double seconds = -1;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--json") == 0) json = 1;
        else if (strcmp(argv[i], "--cold") == 0) cold = 1;
        else if (strcmp(argv[i], "--ops") == 0) {
            if (i + 1 >= argc || !argv[i + 1][0]) return cli_usage_error("--ops needs a list OP,OP,...");
            if (parse_ops(argv[++i], want)) return CLI_USAGE;
        }
        else if (strcmp(argv[i], "--seconds") == 0) {
            if (i + 1 >= argc || parse_seconds(argv[++i], &seconds))
                return cli_usage_error("--seconds needs a positive number (at most 3600)");
        } else {
            return cli_usage_error("bench: unknown argument '%s'", argv[i]);
        }
    }
    int rc = cli_backend_ready();
    if (rc) return rc;

    /* Backends: all this CPU and build support, or only the one FAST25519_BACKEND forces. */
    const char *paths[N_PATHS];
    int npaths = 0;
    const char *env = f25519_backend_env(NULL);
    if (env && *env && strcmp(env, "auto") != 0) {
        paths[npaths++] = f25519_backend();
    } else {
        for (int i = N_PATHS - 1; i >= 0; i--)
            if (f25519_backend_available(all_paths[i])) paths[npaths++] = all_paths[i];
    }

    int cpu = bench_pin_cpu();
    if (cpu < 0) fprintf(stderr, "fast25519 bench: could not pin to one CPU; figures will be noisier\n");
    if (!bench_have_sodium())
        fprintf(stderr, "fast25519 bench: libsodium not found at build time: its rows are skipped\n");
    double hz = bench_tsc_hz();
    bench_state *s = bench_state_new();
    if (!s) {
        fprintf(stderr, "fast25519 bench: setting up the inputs (OpenSSL EVP) failed\n");
        return CLI_USAGE;
    }
    if (cold) {
        rc = bench_cold(s, seconds > 0 ? seconds : 0.3, json, hz, paths, npaths);
        bench_state_free(s);
        f25519_select_backend(env && *env ? env : "auto");
        return rc;
    }
    if (seconds <= 0) seconds = 1.0;

    int progress = !json && isatty(2);
    op_result res[OP_COUNT];
    int nres = 0;
    uint64_t budget = (uint64_t)(seconds * hz / ROUNDS);
    for (int op = 0; op < OP_COUNT; op++) {
        if (!want[op]) continue;
        op_result *o = &res[nres++];
        o->op = op;
        o->nc = 0;
        for (int p = 0; p < npaths; p++) o->c[o->nc++] = (cand){IMPL_FAST, paths[p], NULL, 0, 0, NULL};
        if (bench_op_lanes[op] == 1) {
            o->c[o->nc++] = (cand){IMPL_OPENSSL, "-", NULL, 0, 0, NULL};
            if (bench_have_sodium()) o->c[o->nc++] = (cand){IMPL_SODIUM, "-", NULL, 0, 0, NULL};
        }
        for (int j = 0; j < o->nc; j++) {
            cand *c = &o->c[j];
            const char *bad = select_for(c) != F25519_OK ? "backend selection failed" : bench_check(s, c->impl, op);
            if (bad) c->note = bad;
            else if (!(c->samples = malloc(MAX_SAMPLES * sizeof(uint64_t)))) c->note = "out of memory";
        }
        if (progress) fprintf(stderr, "measuring %s...\n", bench_op_names[op]);
        for (int r = 0; r < ROUNDS; r++)
            for (int j = 0; j < o->nc; j++)
                if (!o->c[j].note) measure_round(s, op, &o->c[j], budget);
        for (int j = 0; j < o->nc; j++) {
            cand *c = &o->c[j];
            if (!c->note) {
                uint64_t m = bench_median(c->samples, c->n);
                c->median = (m + bench_op_lanes[op] / 2) / bench_op_lanes[op];
                if (c->median == 0) c->median = 1;
            }
            free(c->samples);
            c->samples = NULL;
            if (c->note)
                fprintf(stderr, "fast25519 bench: %s %s %s skipped: %s\n", bench_op_names[op],
                        impl_names[c->impl], c->path, c->note);
        }
    }
    bench_state_free(s);
    f25519_select_backend(env && *env ? env : "auto");
    if (json) print_json(res, nres, hz);
    else print_table(res, nres, hz, cpu, seconds, paths, npaths);
    return CLI_OK;
}
