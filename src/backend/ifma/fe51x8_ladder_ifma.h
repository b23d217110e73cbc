/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Ladder-specific 8x1-way field operations on the ifma-core type fe51x8
 * (backend/ifma/fe51x8_ifma.h: radix 2^51, limb-sliced, Zhang et al., ENG25519, eq. 1 and 4;
 * docs/references.md).
 *
 * Why not just fe8_mul/fe8_sqr/fe8_add: the 8x1 ladder is throughput-bound
 * and on Zen 4 every zmm op (IFMA or add/shift) competes for the same FP
 * pipes, so the reduction and carry ops count as much as the IFMAs. These
 * variants use two other bounds and fold the reduction into the IFMA
 * accumulator chains (LX8_COLUMNS), which cuts the add/shift/carry ops of a
 * ladder step by about a third (the 8x1 ladder takes about 30% less time
 * per derive than with fe8_mul/fe8_sqr/fe8_add):
 *   S ("sequentially carried"): limbs 1..4 < 2^51, limb 0 < 2^51 + 2^18.
 *      Output of lx8_carry, lx8_add, lx8_sub, lx8_mul, lx8_sqr, lx8_muladd_small.
 *   W ("wide", folded but not carried): every limb < 2^61. Output of
 *      lx8_mul_w / lx8_sqr_w. A W value is only ever added/subtracted
 *      (lx8_add/lx8_sub accept W), never multiplied: in the ladder, DA, CB
 *      and the four new coordinates only feed additions, so their carry round
 *      moves into the carry that the addition needs anyway.
 *   Multiplication operands must be < 2^52 per limb (IFMA reads 52 bits):
 *      S qualifies. lx8_sqr needs S (limbs 1..4 < 2^51 so that 2 f_j < 2^52:
 *      cross products are formed once against the doubled operand).
 * Straight-line code only: constant time in every lane.
 */
#ifndef F25519_FE51X8_LADDER_IFMA_H
#define F25519_FE51X8_LADDER_IFMA_H
#include "backend/ifma/fe51x8_ifma.h"

#define LX8_M51 _mm512_set1_epi64(0x7ffffffffffffLL)

/* Sequential carry 0 -> 1 -> 2 -> 3 -> 4 -> 0 (x19). Input limbs < 2^63 ->
 * S: h_1..h_4 < 2^51 (masked), h_0 < 2^51 + 19 * 2^13 < 2^51 + 2^18.
 * Same op count as a parallel round, longer chain (the 8x1 ladder has
 * enough independent work to hide it). */
F25519_IFMA_INLINE void lx8_carry(fe51x8 *h, const fe51x8 *f)
{
    const __m512i m = LX8_M51;
    __m512i t = f->v[0], c;
    __m512i h0 = _mm512_and_si512(t, m);
    c = _mm512_srli_epi64(t, 51);
    t = _mm512_add_epi64(f->v[1], c);
    c = _mm512_srli_epi64(t, 51);
    h->v[1] = _mm512_and_si512(t, m);
    t = _mm512_add_epi64(f->v[2], c);
    c = _mm512_srli_epi64(t, 51);
    h->v[2] = _mm512_and_si512(t, m);
    t = _mm512_add_epi64(f->v[3], c);
    c = _mm512_srli_epi64(t, 51);
    h->v[3] = _mm512_and_si512(t, m);
    t = _mm512_add_epi64(f->v[4], c);
    c = _mm512_srli_epi64(t, 51);
    h->v[4] = _mm512_and_si512(t, m);
    h->v[0] = _mm512_madd52lo_epu64(h0, c, _mm512_set1_epi64(19)); /* c < 2^13 */
}

/* h = f + g -> S. f, g limbs < 2^62. */
F25519_IFMA_INLINE void lx8_add(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
    fe51x8 t;
    #pragma GCC unroll 5
    for (int i = 0; i < 5; i++) t.v[i] = _mm512_add_epi64(f->v[i], g->v[i]);
    lx8_carry(h, &t);
}

/* h = f + 2^12 p - g -> S. f limbs < 2^62, g limbs < 2^62 (<= the limbs of
 * 2^12 p = 2^63 - 19 * 2^12, 2^63 - 2^12, ...; so no limb goes negative and
 * the sum stays < 2^64). */
F25519_IFMA_INLINE void lx8_sub(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
    const __m512i k0 = _mm512_set1_epi64((long long)(0x8000000000000000ULL - 19 * 4096));
    const __m512i k1 = _mm512_set1_epi64((long long)(0x8000000000000000ULL - 4096));
    fe51x8 t;
    t.v[0] = _mm512_sub_epi64(_mm512_add_epi64(f->v[0], k0), g->v[0]);
    #pragma GCC unroll 4
    for (int i = 1; i < 5; i++) t.v[i] = _mm512_sub_epi64(_mm512_add_epi64(f->v[i], k1), g->v[i]);
    lx8_carry(h, &t);
}

/* Products by columns with the reduction folded into the accumulator
 * chains (fewer add/shift ops; on Zen 4 they compete with the IFMAs for the
 * same FP pipes). Column k of f*g (ENG25519 eq. 2) is c_k = L_k + 2 H_k where
 * L_k sums lo52 of the pairs at k and H_k sums hi52 of the pairs at k-1
 * (2^52 = 2 * 2^51). Output limb k (k < 5) is r_k = c_k + 19 c_{k+5}
 * (2^255 = 19). Instead of forming c_k and then r_k, the chains start from
 * partial results: for k >= 5, the L chain starts at 2 H_k (so it ends at
 * c_k); for k < 5 the H chain starts at 9 c_{k+5} and the L chain at
 * 2 H'_k + c_{k+5}, which ends at L_k + 2 H_k + 19 c_{k+5} = r_k.
 * LX8_PAIR(k, lo, hi) must accumulate the pairs of column k into lo
 * (lo52) and of column k-1 into hi (hi52). Bounds: c_k < 15 * 2^52,
 * r_k < 20 * 15 * 2^52 < 2^60.3 -> W. */
#define LX8_COLUMNS(h, PAIRS_LO, PAIRS_HI)                                         \
    do {                                                                          \
        const __m512i z_ = _mm512_setzero_si512();                                 \
        __m512i c_[5];                                                            \
        _Pragma("GCC unroll 5")                                                   \
        for (int k = 9; k >= 5; k--) {                                            \
            __m512i hi_ = z_;                                                     \
            PAIRS_HI(k, hi_);                                                     \
            __m512i lo_ = _mm512_add_epi64(hi_, hi_);                              \
            PAIRS_LO(k, lo_);                                                     \
            c_[k - 5] = lo_;                                                      \
        }                                                                         \
        _Pragma("GCC unroll 5")                                                   \
        for (int k = 4; k >= 0; k--) {                                            \
            __m512i hi_ = _mm512_add_epi64(c_[k], _mm512_slli_epi64(c_[k], 3));   \
            PAIRS_HI(k, hi_);                                                     \
            __m512i lo_ = _mm512_add_epi64(_mm512_add_epi64(hi_, hi_), c_[k]);     \
            PAIRS_LO(k, lo_);                                                     \
            (h)->v[k] = lo_;                                                      \
        }                                                                         \
    } while (0)

/* h = f * g, f, g limbs < 2^52 -> W. */
F25519_IFMA_INLINE void lx8_mul_w(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
#define LX8_MUL_LO(k, acc)                                                        \
    _Pragma("GCC unroll 5") for (int i = 0; i < 5; i++)                           \
        if ((k) - i >= 0 && (k) - i < 5) acc = _mm512_madd52lo_epu64(acc, f->v[i], g->v[(k) - i])
#define LX8_MUL_HI(k, acc)                                                        \
    _Pragma("GCC unroll 5") for (int i = 0; i < 5; i++)                           \
        if ((k) - 1 - i >= 0 && (k) - 1 - i < 5) acc = _mm512_madd52hi_epu64(acc, f->v[i], g->v[(k) - 1 - i])
    LX8_COLUMNS(h, LX8_MUL_LO, LX8_MUL_HI);
#undef LX8_MUL_LO
#undef LX8_MUL_HI
}

/* h = f^2, f in S -> W. With d_j = 2 f_j (< 2^52 for j >= 1 because f is S)
 * each cross pair i < j is one product f_i d_j = 2 f_i f_j, whose halves go
 * to the columns exactly like a plain product; squares f_i f_i as they are.
 * At most 3 pairs per column, so the bounds of lx8_mul_w hold. */
F25519_IFMA_INLINE void lx8_sqr_w(fe51x8 *h, const fe51x8 *f)
{
    __m512i d[5];
    d[0] = f->v[0];
#pragma GCC unroll 4
    for (int j = 1; j < 5; j++) d[j] = _mm512_add_epi64(f->v[j], f->v[j]);
#define LX8_SQR_LO(k, acc)                                                        \
    _Pragma("GCC unroll 5") for (int i = 0; i < 5; i++)                           \
        if ((k) - i >= i && (k) - i < 5)                                          \
            acc = _mm512_madd52lo_epu64(acc, f->v[i], (k) - i == i ? f->v[i] : d[(k) - i])
#define LX8_SQR_HI(k, acc)                                                        \
    _Pragma("GCC unroll 5") for (int i = 0; i < 5; i++)                           \
        if ((k) - 1 - i >= i && (k) - 1 - i < 5)                                  \
            acc = _mm512_madd52hi_epu64(acc, f->v[i], (k) - 1 - i == i ? f->v[i] : d[(k) - 1 - i])
    LX8_COLUMNS(h, LX8_SQR_LO, LX8_SQR_HI);
#undef LX8_SQR_LO
#undef LX8_SQR_HI
}

/* Carried variants: W -> S. */
F25519_IFMA_INLINE void lx8_mul(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
    fe51x8 t;
    lx8_mul_w(&t, f, g);
    lx8_carry(h, &t);
}
F25519_IFMA_INLINE void lx8_sqr(fe51x8 *h, const fe51x8 *f)
{
    fe51x8 t;
    lx8_sqr_w(&t, f);
    lx8_carry(h, &t);
}

/* h = a + c f for a constant c < 2^20; a, f limbs < 2^52 -> S.
 * lo52(f_k c) at k, hi52(f_k c) < 2^20 at k+1 (weight 2), position 5 -> 0
 * with weight 38: limbs before the carry < 2^53 + 2^26. */
F25519_IFMA_INLINE void lx8_muladd_small(fe51x8 *h, const fe51x8 *a, const fe51x8 *f, uint32_t c)
{
    const __m512i z = _mm512_setzero_si512(), k = _mm512_set1_epi64(c);
    __m512i hi[5];
    fe51x8 t;
    #pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        t.v[i] = _mm512_madd52lo_epu64(a->v[i], f->v[i], k);
        hi[i] = _mm512_madd52hi_epu64(z, f->v[i], k);
    }
    t.v[0] = _mm512_madd52lo_epu64(t.v[0], hi[4], _mm512_set1_epi64(38));
    #pragma GCC unroll 4
    for (int i = 1; i < 5; i++) t.v[i] = _mm512_add_epi64(t.v[i], _mm512_add_epi64(hi[i - 1], hi[i - 1]));
    lx8_carry(h, &t);
}
#endif
