/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The AVX-512IFMA backend's ops table (selected by dispatch.c when CPUID
 * reports AVX512F + VL + IFMA). Fixed-base: 8x1-way tables (Zhang et al., ENG25519, eq. 7;
 * docs/references.md) for
 * the x8 entries, 1x8-way (ENG25519 eq. 8) for single keygen/sign; double-scalar:
 * src/backend/ifma/double_ifma.c; X25519: the 4-lane single ladder and the
 * 8-lane batch ladder (src/backend/ifma/ladder_ifma*.c).
 * The emulated test build (F25519_EMU=1) compiles this same table as
 * backend "ifma-emu" (see src/arch/simd_x86.h).
 */
#include "ops.h"
#include "backend/ifma/base_ifma.h"
#include "backend/ifma/double_ifma.h"
#include "backend/ifma/ge51_decode_ifma.h"
#include "backend/ifma/ladder_ifma.h"
#include "backend/portable/scalarmult_portable.h"
#include "backend/ifma/msm_ifma.h"
#include "backend/ifma/msm_buckets_ifma.h"
#include "backend/ifma/sha512_x8_avx512.h"
#include "backend/ifma/sc52x8_ifma.h"
#include "scalarmult/msm_digits.h"

/* Batch verification: the 8-lane decoding (backend/ifma/ge51_decode_ifma.c) and
 * double-scalar multiplication (backend/ifma/msm_ifma.c, one signature per
 * lane). The multi-scalar multiplication: from IFMA_PIP_MIN points,
 * Pippenger's buckets (msm_buckets_ifma.c; the window sums combined by the
 * chain of doublings of the 1x4 points, double_ifma.c
 * f25519_ifma_msm_horner), below it the 8-lane Straus of msm_ifma.c: whole
 * zip215 batches break even between 64 and 96 points (32 and 48 items). */
#ifndef IFMA_PIP_MIN /* -D for experiments */
#define IFMA_PIP_MIN 96
#endif
#ifndef IFMA_PIP_MADD /* the width estimate's weights (msm_digits.h) */
#define IFMA_PIP_MADD 10
#endif
#ifndef IFMA_PIP_SUM
#define IFMA_PIP_SUM 9
#endif

static void i_horner(ge51_p3 *out, int nw, int c, const ge51_p3 *T, const uint8_t *b)
{
    f25519_ifma_msm_horner(out, nw, c, T, b); /* backend/ifma/double_ifma.c */
}

static void i_msm(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32],
                  f25519_team *team)
{
    if (n >= IFMA_PIP_MIN) {
        ge51_p3 T[64];
        int nw, c = f25519_msm_width(n, a, IFMA_PIP_MADD, IFMA_PIP_SUM, &nw);
#ifdef IFMA_PIP_C
        c = IFMA_PIP_C;
        nw = (253 + c - 1) / c;
#endif
        if (f25519_ifma_msm_windows(T, n, a, P, c, nw, team)) {
            i_horner(out, nw, c, T, b);
            return;
        }
    }
    f25519_ifma_msm(out, n, a, P, b); /* Straus: one thread */
}

const f25519_ops f25519_ops_ifma = {
    .name = F25519_EMU ? "ifma-emu" : "ifma",
    .x25519 = f25519_ladder_ifma,
    .x25519_x8 = f25519_ladder_ifma_x8,
    .x25519_base = f25519_ifma_x25519_base,
    .x25519_base_x8 = f25519_ifma_x25519_base_x8,
    .ed25519_base = f25519_ifma_ed25519_base,
    .ed25519_base_x8 = f25519_ifma_ed25519_base_x8,
    .ed25519_double_scalar = f25519_ifma_double_scalar,
    .ed25519_quad_scalar = NULL, /* single verification: the full-size 4-lane path (ops.h) */
    .ed25519_frombytes2 = f25519_ifma_frombytes2,
    .ed25519_frombytes_x8 = f25519_ifma_frombytes_x8,
    .ed25519_frombytes_x16 = f25519_ifma_frombytes_x16,
    .ed25519_double_scalar_x8 = f25519_ifma_double_scalar_x8,
    /* ~132 doublings instead of ~253: the per-item path of every mode */
    .ed25519_quad_scalar_x8 = f25519_ifma_quad_scalar_x8,
    .ed25519_msm = i_msm,
    .ed25519_msm_threaded = 1, /* the buckets' window groups (ed25519_batch.c: one combination for all threads) */
    .sha512_x8 = f25519_sha512_x8_avx512,
    .sc_reduce64_x8 = f25519_ifma_sc_reduce64_x8,
    /* paired runs of f25519_bench_batch ifma <n> 5 exact|choice (n = 8 ..
     * 256): a group of 8 lanes costs ~2.2 single verifications, a zip215
     * combination of c items ~1.06 + 0.23 c (it wins from c ~ 27); the exact
     * modes' per-item path with the half-size kernel (R decoded with A by
     * ed25519_frombytes_x16, sc_halfsize) ~0.95x the full-size one */
    .batch_costs = {.group = 219, .comb0 = 106, .comb1 = 23, .exact_half = 95},
};
