/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fast25519 bench: timing primitives, the benchmarked operations, the runners. */
#ifndef F25519_BENCH_H
#define F25519_BENCH_H
#include <stddef.h>
#include <stdint.h>

/* ---- bench_timer.c ---- */
/* Serialised time-stamp counter read (lfence; rdtsc; lfence). Without a TSC
 * (non-x86) it returns CLOCK_MONOTONIC nanoseconds and tsc_hz is 1e9. */
uint64_t bench_ticks(void);
double bench_tsc_hz(void);          /* estimated once against CLOCK_MONOTONIC over ~100 ms */
int bench_pin_cpu(void);            /* pins to the current CPU; returns it or -1 */
double bench_now(void);             /* CLOCK_MONOTONIC seconds */
void bench_sleep_us(unsigned us);   /* idle gap (nanosleep) */
uint64_t bench_median(uint64_t *v, size_t n); /* sorts v */

/* ---- bench_ops.c ---- */
enum bench_impl { IMPL_FAST = 0, IMPL_OPENSSL, IMPL_SODIUM };
enum bench_opid {
    OP_X_KEYGEN = 0, OP_X_DERIVE, OP_ED_KEYGEN, OP_ED_SIGN, OP_ED_VERIFY,
    OP_X_KEYGEN_X8, OP_X_DERIVE_X8,
    /* batch verification (f25519_ed25519_verify_batch, openssl mode unless named), per signature */
    OP_ED_VBATCH8, OP_ED_VBATCH64, OP_ED_VBATCH1024, OP_ED_VBATCH1024_MT,
    OP_ED_VBATCH64_ZIP215, OP_ED_VBATCH1024_ZIP215, OP_ED_VBATCH1024_ZIP215_MT,
    /* the _mt rows through a verify pool (f25519_ed25519_verify_batch_pool) */
    OP_ED_VBATCH1024_MT_POOL, OP_ED_VBATCH1024_ZIP215_MT_POOL, OP_COUNT
};
extern const char *const bench_op_names[OP_COUNT];
/* Items per timed call (8 for the x8 rows, n for the batch rows: reported per key /
 * derive / signature). */
extern const int bench_op_lanes[OP_COUNT];

typedef struct bench_state bench_state;
bench_state *bench_state_new(void);          /* keys, peers, contexts; NULL on failure */
void bench_state_free(bench_state *s);
int bench_have_sodium(void);
/* Runs one operation once. Returns 0 on success; -1 if it failed or this
 * impl does not provide the op. For IMPL_FAST the caller has selected the path. */
int bench_run(bench_state *s, int impl, int op);
/* Checks the outputs of one impl against the others (keys of the same secret,
 * signatures verifying). Returns NULL if fine, else a short reason. */
const char *bench_check(bench_state *s, int impl, int op);

/* ---- bench_warmup.c ---- */
int bench_warmup_supported(void);   /* CPU has AVX-512F */
int bench_warmup_start(void);       /* 0 on success */
void bench_warmup_stop(void);

/* ---- bench_cold.c ---- */
int bench_cold(bench_state *s, double seconds, int json, double tsc_hz,
               const char *const *paths, int npaths);
#endif
