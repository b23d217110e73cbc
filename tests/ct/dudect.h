/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * dudect statistics (Reparaz, Balasch, Verbauwhede 2017), shared by the
 * timing-leakage tests (tests/ct/ct_dudect.c, tests/scalarmult/test_ifma_ladder.c): a
 * two-class sample set, a tick counter, Welch's t-test on the samples at or
 * below a cut, and the largest |t| over a list of percentile crops of the
 * pooled samples (dudect's defence against heavy upper tails).
 * Class 0 is the fixed secret, class 1 the random ones.
 */
#ifndef F25519_TESTS_DUDECT_H
#define F25519_TESTS_DUDECT_H
#include <stddef.h>
#include <stdint.h>
#include "bench_ticks.h" /* bench/fast25519: the tick read of `fast25519 bench` */

/* Serialised time stamp: rdtsc between lfences on x86-64, CLOCK_MONOTONIC ns elsewhere. */
static inline uint64_t dd_ticks(void) { return f25519_bench_ticks(); }

typedef struct { uint64_t *v; size_t n, cap; } dd_class;
typedef struct { dd_class c[2]; } dd_set; /* zero-initialise: dd_set s = {0}; */

void dd_push(dd_set *s, int cls, uint64_t ticks); /* exits on out-of-memory */
void dd_free(dd_set *s);

/* Welch's t between class 0 and class 1 over the samples <= cut; n[k] gets
 * the number of class-k samples used. 0 when a class has fewer than 2. */
double dd_welch_t(const dd_set *s, uint64_t cut, size_t n[2]);

typedef struct {
    double t;        /* signed t of the crop with the largest |t| */
    double crop;     /* that crop (1.0 = all samples) */
    size_t n[2];     /* samples per class in that crop */
    uint64_t median; /* median of the pooled samples */
} dd_result;

/* Largest |t| over the crops pct[0..npct): the samples <= the pct-quantile
 * (element floor(pct * total), capped at the last) of the pooled sorted
 * samples; pct >= 1 means no crop. pct[0] always counts; a later crop only
 * when each class keeps >= min_n samples in it (a big leak empties a class
 * from the low crops). */
dd_result dd_max_t(const dd_set *s, const double *pct, int npct, size_t min_n);

/* Robust spread of v[0..n) (n >= 1; v is not modified): IQR / 1.349, the
 * standard deviation for Gaussian data but blind to the heavy upper tail of
 * timings. *median gets the median. */
double dd_robust_sigma(const uint64_t *v, size_t n, uint64_t *median);
#endif
