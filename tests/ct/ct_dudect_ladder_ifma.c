/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Timing check of the AVX-512IFMA X25519 ladders (src/backend/ifma/ladder_ifma*.c),
 * called directly, dudect-style (statistics: dudect.c): fixed vs random scalars,
 * Welch t-test, for the single ladder and the x8 batch ladder. Native only (the
 * timing of the real instructions); exits 77 with "SKIP:" when the CPU lacks
 * AVX-512F/VL/IFMA. The public-API timing check of every backend is ct_dudect.c.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "testutil.h"
#include "tu_x25519.h"
#include "dudect.h"
#include "backend/ifma/ladder_ifma.h"

/* Welch t between the two classes (cls[i] of sample t[i]) after dropping
 * samples above the 90th percentile of all samples (dudect's cropping, one
 * threshold). */
static double welch_t(const uint64_t *t, const int *cls, int n)
{
    static const double crop90[1] = { 0.9 };
    dd_set s = { 0 };
    for (int i = 0; i < n; i++) dd_push(&s, cls[i], t[i]);
    double r = dd_max_t(&s, crop90, 1, 2).t;
    dd_free(&s);
    return r;
}

/* Class 0: one fixed scalar (a sparse one: the clamped zero), class 1: fresh random
 * scalars; same u. A secret-dependent branch or early exit shows up as a
 * large |t|. The bound is loose (the machine is shared; dudect calls
 * |t| > 10 a definite leak). */
static void test_dudect(void)
{
    enum { N = 6000, N8 = 1200 };
    static uint64_t t[N];
    static int cls[N];
    static uint8_t ks[N][32];
    uint8_t u[32], o[32], fixed[32] = { 0 };
    tu_clamp(fixed);
    tu_rand_bytes(u, 32);
    for (int i = 0; i < N; i++) {
        cls[i] = (int)(tu_rand64() & 1);
        if (cls[i]) {
            tu_rand_bytes(ks[i], 32);
            tu_clamp(ks[i]);
        } else {
            memcpy(ks[i], fixed, 32);
        }
    }
    for (int i = 0; i < 200; i++) f25519_ladder_ifma(o, ks[i], u);
    for (int i = 0; i < N; i++) {
        uint64_t a = dd_ticks();
        f25519_ladder_ifma(o, ks[i], u);
        t[i] = dd_ticks() - a;
    }
    double ts = welch_t(t, cls, N);
    printf("dudect single: t = %.2f over %d samples (|t| > 10 would suggest a leak)\n", ts, N);
    CHECK(fabs(ts) < 10, "dudect single: |t| = %.2f", fabs(ts));

    static uint8_t k8[8][32], u8[8][32], o8[8][32];
    tu_rand_bytes(u8, sizeof u8);
    for (int i = 0; i < N8; i++) {
        cls[i] = (int)(tu_rand64() & 1);
        for (int j = 0; j < 8; j++) {
            if (cls[i]) {
                tu_rand_bytes(k8[j], 32);
                tu_clamp(k8[j]);
            } else {
                memcpy(k8[j], fixed, 32);
            }
        }
        uint64_t a = dd_ticks();
        f25519_ladder_ifma_x8(o8, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])u8);
        t[i] = dd_ticks() - a;
    }
    ts = welch_t(t, cls, N8);
    printf("dudect x8: t = %.2f over %d samples\n", ts, N8);
    CHECK(fabs(ts) < 10, "dudect x8: |t| = %.2f", fabs(ts));
}

int main(void)
{
    const char *name = "ct_dudect_ladder_ifma";
    tu_require_ifma_code(name);
    tu_rng_init();
    test_dudect();
    return tu_finish(name);
}
