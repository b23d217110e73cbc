/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * 4-lane field arithmetic mod p = 2^255 - 19 on ymm registers with
 * AVX-512IFMA (+VL), radix 2^51 (Zhang et al., ENG25519, eq. 1; docs/references.md), one element
 * per 64-bit lane,
 * limb-sliced like ENG25519 eq. 4: v[i] = [a_i, b_i, c_i, d_i].
 *
 * The one 4-lane field of the library. Users: the single X25519 ladder
 * (ladder_ifma.c), the 1x4 points of the single verification
 * (ge51_1x4_ifma.h, double_ifma.c), the two square roots of the verify
 * decoding (backend/ifma/ge51_decode_ifma.c) and the x8 ladder's Z inversions (fe4_invert2).
 * Why 4 lanes next to fe51x8_ifma.h: these are single latency-bound chains
 * (e.g. the ladder runs the four independent multiplications of a round in
 * the four lanes of ONE ymm vector), so what counts is the latency of one
 * vector multiplication, not throughput. On Zen 4 a ymm IFMA issues
 * two per cycle and a zmm one per cycle, so a 4-lane ymm product finishes in
 * about half the time of an 8-lane zmm one; the reduction below is also
 * arranged for a short dependency chain (shift/add folding by 19 instead of
 * a carry round before the fold).
 *
 * vpmadd52{l,h}uq use only bits 0..51 of each multiplicand: every operand of
 * fe4_mul, fe4_mul_w and fe4_sqr MUST have all limbs < 2^52.
 * Bound "R4": every limb < 2^51 + 2^14. Outputs of fe4_mul, fe4_sqr and
 * fe4_carry are R4 (given the input bounds stated per function).
 * Bound "W4": every limb < 300 * 2^52 < 2^60.3 (fe4_mul_w, folded, not
 * carried): only added/subtracted (fe4_addsub_w) or carried (fe4_carry).
 * Sums and differences of R4 values exceed 2^52 and must go through
 * fe4_carry before they are multiplied. A subtraction adds k p first
 * (fe4_kp, k = 2 .. 2^11) and needs subtrahend limbs <= k (2^51 - 19).
 * tests/field/test_ifma_ladder_field.c runs every arithmetic function here with all limbs at
 * these maxima (and random), lane by lane, against BIGNUM.
 * Everything here is straight-line code: constant time in all lanes.
 * Machine-checked bounds: src/field/bounds.toml (scripts/prove.sh).
 */
#ifndef F25519_FE51X4_IFMA_H
#define F25519_FE51X4_IFMA_H
#include <stdint.h>
#include "arch/simd_x86.h"
#include "field/fe51.h"

#define F25519_FE4_INLINE static inline __attribute__((always_inline)) F25519_IFMA_TARGET

typedef struct { __m256i v[5]; } fe51x4;

#define FE4_M51 _mm256_set1_epi64x(0x7ffffffffffffLL)

/* 19 x as x + 2x + 16x: three 1-cycle ops instead of a 4-cycle IFMA
 * (x < 2^59.7 so that 19 x < 2^64). */
F25519_FE4_INLINE __m256i fe4_x19(__m256i x)
{
    return _mm256_add_epi64(x, _mm256_add_epi64(_mm256_slli_epi64(x, 1), _mm256_slli_epi64(x, 4)));
}

/* One parallel carry round. Any input limbs (< 2^64): c_k = f_k >> 51 <
 * 2^13, h_k = (f_k mod 2^51) + c_{k-1} < 2^51 + c_{k-1} for k >= 1 and
 * h_0 < 2^51 + 19 c_4. For f_k < 2^60.3 (the multiplication's folded
 * columns, W4) the carries are < 2^9.3 and h is R4; for f_k < 2^55 (sums
 * and differences below) the carries are < 16 and every limb is
 * < 2^51 + 304 (R4). */
F25519_FE4_INLINE void fe4_carry(fe51x4 *h, const fe51x4 *f)
{
    const __m256i m = FE4_M51;
    __m256i c0 = _mm256_srli_epi64(f->v[0], 51), c1 = _mm256_srli_epi64(f->v[1], 51);
    __m256i c2 = _mm256_srli_epi64(f->v[2], 51), c3 = _mm256_srli_epi64(f->v[3], 51);
    __m256i c4 = _mm256_srli_epi64(f->v[4], 51);
    __m256i h0 = _mm256_and_si256(f->v[0], m);
    h->v[1] = _mm256_add_epi64(_mm256_and_si256(f->v[1], m), c0);
    h->v[2] = _mm256_add_epi64(_mm256_and_si256(f->v[2], m), c1);
    h->v[3] = _mm256_add_epi64(_mm256_and_si256(f->v[3], m), c2);
    h->v[4] = _mm256_add_epi64(_mm256_and_si256(f->v[4], m), c3);
    h->v[0] = _mm256_add_epi64(h0, fe4_x19(c4));
}

/* fe4_mul_w: h = f * g, f, g limbs < 2^52 -> "W4": folded, not carried,
 * every limb < 2^60.3 (only ever added/subtracted: fe4_addsub_w, fe4_carry).
 * fe4_mul: the same, carried -> R4.
 * Schoolbook (ENG25519 eq. 2): lo52(f_i g_j) goes to column i+j, hi52(f_i g_j)
 * to column i+j+1 with weight 2 (2^52 = 2 * 2^51). Column c_k = l_k + 2 u_k
 * < 5 * 2^52 + 2 * 5 * 2^52 = 15 * 2^52. Fold 2^255 = 19:
 * r_k = c_k + 19 c_{k+5} < 20 * 15 * 2^52 < 2^60.3, then (fe4_mul) one
 * parallel carry round: carries < 2^9.3, h_0 < 2^51 + 19 * 2^9.3 < 2^51 + 2^14. */
F25519_FE4_INLINE void fe4_mul_w(fe51x4 *h, const fe51x4 *f, const fe51x4 *g)
{
    const __m256i z = _mm256_setzero_si256();
    __m256i l[10], u[10];
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) l[k] = u[k] = z;
    /* diagonal order (pair (i, i+d mod 5) for d = 0..4): consecutive IFMAs
     * hit different accumulators, so the in-order issue never waits on one
     * accumulator's 4-cycle chain. The low and high chains run side by side
     * (not one after the other, as in fe51x8_ifma.h): the 4-lane callers
     * (ladder, single verification) are bound by latency, not throughput. */
#pragma GCC unroll 5
    for (int d = 0; d < 5; d++) {
#pragma GCC unroll 5
        for (int i = 0; i < 5; i++) {
            int j = (i + d) % 5;
            l[i + j] = _mm256_madd52lo_epu64(l[i + j], f->v[i], g->v[j]);
            u[i + j + 1] = _mm256_madd52hi_epu64(u[i + j + 1], f->v[i], g->v[j]);
        }
    }
#pragma GCC unroll 5
    for (int k = 0; k < 5; k++) {
        __m256i lo = _mm256_add_epi64(l[k], _mm256_add_epi64(u[k], u[k]));
        __m256i hi = _mm256_add_epi64(l[k + 5], _mm256_add_epi64(u[k + 5], u[k + 5]));
        h->v[k] = _mm256_add_epi64(lo, fe4_x19(hi));
    }
}

/* h = f * g -> R4 (fe4_mul_w, then one carry round). */
F25519_FE4_INLINE void fe4_mul(fe51x4 *h, const fe51x4 *f, const fe51x4 *g)
{
    fe51x4 r;
    fe4_mul_w(&r, f, g);
    fe4_carry(h, &r);
}

/* h = f^2, f limbs < 2^52 -> R4. Each cross pair i < j once: lo52 into
 * X_{i+j}, hi52 into Y_{i+j+1}; squares: lo52 into D_{2i}, hi52 into
 * E_{2i+1}. Column c_k = D_k + 2 E_k + 2 X_k + 4 Y_k (hi halves weigh
 * 2^52 = 2 * 2^51, cross pairs count twice) = D_k + 2 (E_k + X_k + 2 Y_k)
 * < 15 * 2^52 as in fe4_mul (at most 3 pairs per column); same fold and
 * carry, so the bounds of fe4_mul hold. 30 IFMAs instead of 50. */
F25519_FE4_INLINE void fe4_sqr(fe51x4 *h, const fe51x4 *f)
{
    const __m256i z = _mm256_setzero_si256();
    __m256i d[10], x[10];
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) d[k] = x[k] = z;
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        d[2 * i] = _mm256_madd52lo_epu64(d[2 * i], f->v[i], f->v[i]);
        d[2 * i + 1] = _mm256_madd52hi_epu64(d[2 * i + 1], f->v[i], f->v[i]);
    }
    __m256i y[10];
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) y[k] = z;
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
#pragma GCC unroll 4
        for (int j = i + 1; j < 5; j++) {
            x[i + j] = _mm256_madd52lo_epu64(x[i + j], f->v[i], f->v[j]);
            y[i + j + 1] = _mm256_madd52hi_epu64(y[i + j + 1], f->v[i], f->v[j]);
        }
    }
    __m256i c[10];
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) {
        /* d[k] is a lo half for even k, a hi half (weight 2) for odd k */
        __m256i w = _mm256_add_epi64(x[k], _mm256_add_epi64(y[k], y[k]));
        if (k & 1) w = _mm256_add_epi64(w, d[k]);
        w = _mm256_add_epi64(w, w);
        c[k] = (k & 1) ? w : _mm256_add_epi64(w, d[k]);
    }
    fe51x4 r;
#pragma GCC unroll 5
    for (int k = 0; k < 5; k++) r.v[k] = _mm256_add_epi64(c[k], fe4_x19(c[k + 5]));
    fe4_carry(h, &r);
}

/* h[lane] = f[idx[lane]] for every limb (vpermq, data-independent timing). */
F25519_FE4_INLINE void fe4_perm(fe51x4 *h, const fe51x4 *f, __m256i idx)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm256_permutexvar_epi64(idx, f->v[i]);
}

/* h = [f1, f0, f3, f2]: swap within each 128-bit half (in-lane vpshufd,
 * shorter latency than the cross-lane vpermq). */
F25519_FE4_INLINE void fe4_swap_pairs(fe51x4 *h, const fe51x4 *f)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm256_shuffle_epi32(f->v[i], 0x4E);
}

/* Limb i of k p (k = 2, 4, 8, ..., 2^11): k (2^51 - 19) for limb 0,
 * k (2^51 - 1) for limbs 1..4. Added before a subtraction so that
 * f + k p - g stays >= 0 limb-wise: needs g_i <= k (2^51 - 19) (every limb;
 * the smaller limb-0 value is the binding one), and f_i + k p_i < 2^64. */
F25519_FE4_INLINE __m256i fe4_kp(int i, uint64_t k)
{
    return _mm256_set1_epi64x((long long)(k * (i == 0 ? 0x7ffffffffffedULL : 0x7ffffffffffffULL)));
}

/* No carry (the caller carries, or only adds/subtracts the result):
 * fe4_add_nc: h = f + g in every lane.
 * fe4_madd: h = f + g in lanes whose mask bit is 1, src elsewhere.
 * fe4_msub: h = f + k p - g in lanes whose mask bit is 1, src elsewhere
 * (g limbs <= k (2^51 - 19), see fe4_kp). */
F25519_FE4_INLINE void fe4_add_nc(fe51x4 *h, const fe51x4 *f, const fe51x4 *g)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm256_add_epi64(f->v[i], g->v[i]);
}
F25519_FE4_INLINE void fe4_madd(fe51x4 *h, const fe51x4 *src, __mmask8 mask, const fe51x4 *f, const fe51x4 *g)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm256_mask_add_epi64(src->v[i], mask, f->v[i], g->v[i]);
}
F25519_FE4_INLINE void fe4_msub(fe51x4 *h, const fe51x4 *src, __mmask8 mask, const fe51x4 *f, const fe51x4 *g,
                                uint64_t k)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
        h->v[i] = _mm256_mask_sub_epi64(src->v[i], mask, _mm256_add_epi64(f->v[i], fe4_kp(i, k)), g->v[i]);
}

/* h = f + g in lanes where sub_mask is 0, f + k p - g where it is 1, then
 * one carry round (fe4_addsub: k = 2, fe4_addsub_w: k = 2^11). */
F25519_FE4_INLINE void fe4_addsub_kp(fe51x4 *h, const fe51x4 *f, const fe51x4 *g, __mmask8 sub_mask, uint64_t k)
{
    fe51x4 s, t;
    fe4_add_nc(&s, f, g);
    fe4_msub(&t, &s, sub_mask, f, g, k);
    fe4_carry(h, &t);
}

/* fe4_addsub for W4 inputs: f, g limbs < 2^61; subtracts from f + 2^11 p
 * (limbs 2^62 - 19 * 2^11, 2^62 - 2^11 >= g). Pre-carry limbs < 2^62.6,
 * carries < 2^11.6: out limbs < 2^51 + 19 * 2^11.6 < 2^51 + 2^16 (< 2^52,
 * a valid multiplication operand). */
F25519_FE4_INLINE void fe4_addsub_w(fe51x4 *h, const fe51x4 *f, const fe51x4 *g, __mmask8 sub_mask)
{
    fe4_addsub_kp(h, f, g, sub_mask, 2048);
}

/* fe4_addsub for R4 inputs: f, g limbs < 2^51 + 2^14 (g < 2p limb-wise is
 * what keeps the difference non-negative) -> limbs < 2^51 + 152 (carries
 * < 4 before the fold, so R4). */
F25519_FE4_INLINE void fe4_addsub(fe51x4 *h, const fe51x4 *f, const fe51x4 *g, __mmask8 sub_mask)
{
    fe4_addsub_kp(h, f, g, sub_mask, 2);
}

/* h = lanes of f where mask bit is 0, of g where it is 1. */
F25519_FE4_INLINE void fe4_blend(fe51x4 *h, const fe51x4 *f, const fe51x4 *g, __mmask8 k)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm256_mask_blend_epi64(k, f->v[i], g->v[i]);
}

/* Out of line (fe51x4_ifma.c): z^(p-2) in every lane (0 -> 0), R4 in/out.
 * fe4_invert2 runs two independent inversions in lock step so that the two
 * latency-bound chains overlap (used for the 8 lanes of the x8 ladder). */
void fe4_invert(fe51x4 *out, const fe51x4 *z);
void fe4_invert2(fe51x4 *out_a, fe51x4 *out_b, const fe51x4 *a, const fe51x4 *b);
/* out[i] = in[i]^((p-5)/8) for i = 0, 1 (input limbs < 2^52, output reduced
 * fe51), the two chains in two lanes of one vector. */
void fe4_pow22523_x2(fe51 out[2], const fe51 in[2]);
#endif
