/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * 8x1-way field arithmetic mod p = 2^255 - 19 with AVX-512IFMA (Zhang et al., ENG25519, sec. 3.2;
 * docs/references.md).
 *
 * A fe51x8 holds eight independent field elements, limb-sliced (ENG25519 eq. 4):
 * v[i] = [a_i, b_i, ..., h_i], element = sum_i 2^(51 i) v[i] (radix 2^51, ENG25519 eq. 1).
 *
 * vpmadd52{l,h}uq use only bits 0..51 of each 64-bit multiplicand: every
 * operand of a multiplication below MUST have all limbs < 2^52. Bounds:
 *   R  ("reduced"): limbs < 2^51 + 2^14. Output of mul, sqr, mul_small, add,
 *       sub, neg, carry (given the input bounds listed per function).
 *   W  ("wide"): folded, not carried, limbs < 2^60.4 (fe8_mul_w, fe8_sqr_w). Only added
 *       or subtracted (fe8_add, fe8_sub_w), which carries it back below 2^52.
 *   mul/sqr/mul_small inputs: limbs < 2^52 (R qualifies; a sum of two R does
 *       NOT: always use fe8_add, which carries, before multiplying a sum).
 * Every function is straight-line code: constant time in all lanes.
 * Machine-checked bounds: src/field/bounds.toml (scripts/prove.sh proves
 * them on the compiled code, IFMA multiplicands < 2^52 included).
 *
 * Compiled only with the target attribute below (no global -m flags).
 */
#ifndef F25519_FE51X8_IFMA_H
#define F25519_FE51X8_IFMA_H
#include <stdint.h>
#include <string.h>
#include "arch/simd_x86.h"
#include "field/fe51.h"

#define F25519_IFMA_INLINE static inline __attribute__((always_inline)) F25519_IFMA_TARGET

typedef struct { __m512i v[5]; } fe51x8;

#define FE8_M51 _mm512_set1_epi64(0x7ffffffffffffLL)

F25519_IFMA_INLINE __m512i fe8_madlo(__m512i acc, __m512i a, __m512i b)
{
    return _mm512_madd52lo_epu64(acc, a, b);
}
F25519_IFMA_INLINE __m512i fe8_madhi(__m512i acc, __m512i a, __m512i b)
{
    return _mm512_madd52hi_epu64(acc, a, b);
}

F25519_IFMA_INLINE void fe8_0(fe51x8 *h)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm512_setzero_si512();
}
F25519_IFMA_INLINE void fe8_1(fe51x8 *h)
{
    h->v[0] = _mm512_set1_epi64(1);
#pragma GCC unroll 5
    for (int i = 1; i < 5; i++) h->v[i] = _mm512_setzero_si512();
}
/* All eight lanes = c (c's limbs must satisfy the bound wanted by the caller). */
F25519_IFMA_INLINE void fe8_bcast(fe51x8 *h, const fe51 *c)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm512_set1_epi64((long long)c->v[i]);
}

/* One parallel carry round (all limbs at once, shorter dependency chain than
 * the sequential chain; ENG25519 sec. 3.2 reorders carries for the same reason).
 * Input limbs < 2^63 / 19 -> output limbs: h_k < 2^51 + c_{k-1} (k >= 1),
 * h_0 < 2^51 + 19 c_4 with c_k = f_k >> 51. For inputs < 2^56 this is R. */
F25519_IFMA_INLINE void fe8_carry(fe51x8 *h, const fe51x8 *f)
{
    const __m512i m = FE8_M51, k19 = _mm512_set1_epi64(19);
    __m512i c0 = _mm512_srli_epi64(f->v[0], 51), c1 = _mm512_srli_epi64(f->v[1], 51);
    __m512i c2 = _mm512_srli_epi64(f->v[2], 51), c3 = _mm512_srli_epi64(f->v[3], 51);
    __m512i c4 = _mm512_srli_epi64(f->v[4], 51);
    __m512i h0 = _mm512_and_si512(f->v[0], m);
    h->v[1] = _mm512_add_epi64(_mm512_and_si512(f->v[1], m), c0);
    h->v[2] = _mm512_add_epi64(_mm512_and_si512(f->v[2], m), c1);
    h->v[3] = _mm512_add_epi64(_mm512_and_si512(f->v[3], m), c2);
    h->v[4] = _mm512_add_epi64(_mm512_and_si512(f->v[4], m), c3);
    h->v[0] = fe8_madlo(h0, c4, k19); /* c4 < 2^12: 19*c4 fits the low half */
}

/* h = f + g, no carry: limbs = sum of the input limbs. Only where the result
 * is not multiplied, or where the caller shows the sum < 2^52. */
F25519_IFMA_INLINE void fe8_add_nc(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm512_add_epi64(f->v[i], g->v[i]);
}
/* h = f + g, carried. f, g limbs < 2^53 -> R (h_0 < 2^51 + 19*7); f, g < 2^62
 * (W operands) -> limbs < 2^51 + 2^12, limb 0 < 2^51 + 2^17: still a
 * multiplication operand (< 2^52), not R. */
F25519_IFMA_INLINE void fe8_add(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
    fe51x8 t;
    fe8_add_nc(&t, f, g);
    fe8_carry(h, &t);
}
/* h = f + 4p - g, no carry. g limbs <= 2^53 - 76, f < 2^62: limbs stay >= 0. */
F25519_IFMA_INLINE void fe8_sub_nc(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
    const __m512i p0 = _mm512_set1_epi64(0x1fffffffffffb4LL); /* 4(2^51 - 19) */
    const __m512i p1 = _mm512_set1_epi64(0x1ffffffffffffcLL); /* 4(2^51 - 1)  */
    h->v[0] = _mm512_sub_epi64(_mm512_add_epi64(f->v[0], p0), g->v[0]);
#pragma GCC unroll 5
    for (int i = 1; i < 5; i++) h->v[i] = _mm512_sub_epi64(_mm512_add_epi64(f->v[i], p1), g->v[i]);
}
/* h = f - g, carried. f < 2^53, g <= 2^53 - 76 -> R (h_0 < 2^51 + 19*7). */
F25519_IFMA_INLINE void fe8_sub(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
    fe51x8 t;
    fe8_sub_nc(&t, f, g);
    fe8_carry(h, &t);
}
/* h = f - g, carried, for W operands: adds 1024p (limbs >= 2^61 - 19456 >
 * any W limb). f, g < 2^60.4 -> limbs < 2^51 + 2^16 (multiplication operand);
 * f may also be the uncarried sum of two W (src/field/bounds.toml). */
F25519_IFMA_INLINE void fe8_sub_w(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
    const __m512i p0 = _mm512_set1_epi64(0x1fffffffffffb400LL); /* 1024 (2^51 - 19) */
    const __m512i p1 = _mm512_set1_epi64(0x1ffffffffffffc00LL); /* 1024 (2^51 - 1)  */
    fe51x8 t;
    t.v[0] = _mm512_sub_epi64(_mm512_add_epi64(f->v[0], p0), g->v[0]);
#pragma GCC unroll 5
    for (int i = 1; i < 5; i++) t.v[i] = _mm512_sub_epi64(_mm512_add_epi64(f->v[i], p1), g->v[i]);
    fe8_carry(h, &t);
}
/* h = -f, carried. f <= 2^53 - 76 -> R. */
F25519_IFMA_INLINE void fe8_neg(fe51x8 *h, const fe51x8 *f)
{
    fe51x8 z;
    fe8_0(&z);
    fe8_sub(h, &z, f);
}

F25519_IFMA_INLINE __m512i fe8_dbl64(__m512i x) { return _mm512_add_epi64(x, x); }

/* 19 x without a multiplier (x < 2^59): x + 2x + 16x. */
F25519_IFMA_INLINE __m512i fe8_x19(__m512i x)
{
    return _mm512_add_epi64(_mm512_add_epi64(x, _mm512_slli_epi64(x, 1)), _mm512_slli_epi64(x, 4));
}

/* Fold shared by mul and sqr (ENG25519 eq. 3, re-planned for fewer IFMA
 * instructions: IFMA operands must be < 2^52 but plain 64-bit adds need not,
 * so positions 5..9 are folded with 19 h_{k+5} computed by shifts and adds
 * instead of carrying them first and multiplying with vpmadd52).
 * In: h[0..9], the product by position (weight 2^(51 k)), every h_k < 2^56.
 * t_k = h_k + 19 h_{k+5} < 20 * 2^56 < 2^61 (k = 0..4), then one parallel
 * carry round (fe8_carry; c_k < 640): limbs k >= 1 < 2^51 + 640, limb 0
 * < 2^51 + 19*640 < 2^51 + 2^14. That is R. */
#define FE8_FOLD(out, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9)                   \
    do {                                                                       \
        (out)->v[0] = _mm512_add_epi64((h0), fe8_x19(h5));                     \
        (out)->v[1] = _mm512_add_epi64((h1), fe8_x19(h6));                     \
        (out)->v[2] = _mm512_add_epi64((h2), fe8_x19(h7));                     \
        (out)->v[3] = _mm512_add_epi64((h3), fe8_x19(h8));                     \
        (out)->v[4] = _mm512_add_epi64((h4), fe8_x19(h9));                     \
    } while (0)
/* fe8_mul_w: h = f * g folded but not carried ("W"). f, g limbs < 2^52.
 * Schoolbook (ENG25519 eq. 2): the low half of f_i g_j goes to position i+j,
 * the high half to i+j+1 with weight 2. The high halves are summed first
 * (u_k) and the low halves accumulated onto 2 u_k, so that no accumulator
 * starts from zero and no separate l_k + 2 u_k addition is needed. Each
 * position holds at most 5 lo (< 2^52 each) and 5 hi (< 2^52) terms, so
 * h_k = l_k + 2 u_k < 15 * 2^52 < 2^56, and the fold gives every limb
 * < 20 * 2^56 < 2^60.4 (in fact < 300 * 2^52).
 * A W value may only be added to or subtracted from (fe8_sub_w, fe8_add),
 * never multiplied: the carry of that addition makes it a multiplication
 * operand again (limbs < 2^51 + 2^16). */
F25519_IFMA_INLINE void fe8_mul_w(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
    const __m512i z = _mm512_setzero_si512();
    __m512i f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    __m512i g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    __m512i u1, u2, u3, u4, u5, u6, u7, u8, u9;
    u1 = fe8_madhi(z, f0, g0);
    u2 = fe8_madhi(fe8_madhi(z, f0, g1), f1, g0);
    u3 = fe8_madhi(fe8_madhi(fe8_madhi(z, f0, g2), f1, g1), f2, g0);
    u4 = fe8_madhi(fe8_madhi(fe8_madhi(fe8_madhi(z, f0, g3), f1, g2), f2, g1), f3, g0);
    u5 = fe8_madhi(fe8_madhi(fe8_madhi(fe8_madhi(fe8_madhi(z, f0, g4), f1, g3), f2, g2), f3, g1), f4, g0);
    u6 = fe8_madhi(fe8_madhi(fe8_madhi(fe8_madhi(z, f1, g4), f2, g3), f3, g2), f4, g1);
    u7 = fe8_madhi(fe8_madhi(fe8_madhi(z, f2, g4), f3, g3), f4, g2);
    u8 = fe8_madhi(fe8_madhi(z, f3, g4), f4, g3);
    u9 = fe8_madhi(z, f4, g4);
    __m512i h0 = fe8_madlo(z, f0, g0);
    __m512i h1 = fe8_madlo(fe8_madlo(fe8_dbl64(u1), f0, g1), f1, g0);
    __m512i h2 = fe8_madlo(fe8_madlo(fe8_madlo(fe8_dbl64(u2), f0, g2), f1, g1), f2, g0);
    __m512i h3 = fe8_madlo(fe8_madlo(fe8_madlo(fe8_madlo(fe8_dbl64(u3), f0, g3), f1, g2), f2, g1), f3, g0);
    __m512i h4 = fe8_madlo(fe8_madlo(fe8_madlo(fe8_madlo(fe8_madlo(fe8_dbl64(u4), f0, g4), f1, g3), f2, g2), f3, g1), f4, g0);
    __m512i h5 = fe8_madlo(fe8_madlo(fe8_madlo(fe8_madlo(fe8_dbl64(u5), f1, g4), f2, g3), f3, g2), f4, g1);
    __m512i h6 = fe8_madlo(fe8_madlo(fe8_madlo(fe8_dbl64(u6), f2, g4), f3, g3), f4, g2);
    __m512i h7 = fe8_madlo(fe8_madlo(fe8_dbl64(u7), f3, g4), f4, g3);
    __m512i h8 = fe8_madlo(fe8_dbl64(u8), f4, g4);
    FE8_FOLD(h, h0, h1, h2, h3, h4, h5, h6, h7, h8, fe8_dbl64(u9));
}

/* h = f * g -> R: fe8_mul_w, then one carry round (the FE8_REDUCE bound:
 * W limbs < 2^61, carries < 640, R). One product to verify. */
F25519_IFMA_INLINE void fe8_mul(fe51x8 *h, const fe51x8 *f, const fe51x8 *g)
{
    fe51x8 t;
    fe8_mul_w(&t, f, g);
    fe8_carry(h, &t);
}

/* sqr_w: the square before the carry of FE8_REDUCE (W, as fe8_mul_w).
 * f limbs < 2^52. Cross products f_i f_j (i < j) once:
 * h_k = 2 (L_k + 2 U_k) + lo(f_{k/2}^2) where L_k collects lo(f_i f_j)
 * (i + j = k) plus hi(f_m^2) for k = 2m + 1 (weight 2 = counted in the
 * doubling), U_k collects hi(f_i f_j) (i + j = k - 1); as in fe8_mul_w the
 * U_k are summed first and the L_k terms accumulated onto 2 U_k. At most 2
 * cross pairs per position: h_k < (2*3 + 4*2 + 1) * 2^52 < 2^56, folded
 * < 300 * 2^52. */
F25519_IFMA_INLINE void fe8_sqr_w(fe51x8 *h, const fe51x8 *f)
{
    const __m512i z = _mm512_setzero_si512();
    __m512i f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    __m512i U2 = fe8_madhi(z, f0, f1);
    __m512i U3 = fe8_madhi(z, f0, f2);
    __m512i U4 = fe8_madhi(fe8_madhi(z, f0, f3), f1, f2);
    __m512i U5 = fe8_madhi(fe8_madhi(z, f0, f4), f1, f3);
    __m512i U6 = fe8_madhi(fe8_madhi(z, f1, f4), f2, f3);
    __m512i U7 = fe8_madhi(z, f2, f4);
    __m512i U8 = fe8_madhi(z, f3, f4);
    __m512i h0 = fe8_madlo(z, f0, f0);
    __m512i h1 = fe8_dbl64(fe8_madlo(fe8_madhi(z, f0, f0), f0, f1));
    __m512i h2 = fe8_madlo(fe8_dbl64(fe8_madlo(fe8_dbl64(U2), f0, f2)), f1, f1);
    __m512i h3 = fe8_dbl64(fe8_madlo(fe8_madlo(fe8_madhi(fe8_dbl64(U3), f1, f1), f0, f3), f1, f2));
    __m512i h4 = fe8_madlo(fe8_dbl64(fe8_madlo(fe8_madlo(fe8_dbl64(U4), f0, f4), f1, f3)), f2, f2);
    __m512i h5 = fe8_dbl64(fe8_madlo(fe8_madlo(fe8_madhi(fe8_dbl64(U5), f2, f2), f1, f4), f2, f3));
    __m512i h6 = fe8_madlo(fe8_dbl64(fe8_madlo(fe8_dbl64(U6), f2, f4)), f3, f3);
    __m512i h7 = fe8_dbl64(fe8_madlo(fe8_madhi(fe8_dbl64(U7), f3, f3), f3, f4));
    __m512i h8 = fe8_madlo(fe8_dbl64(fe8_dbl64(U8)), f4, f4);
    __m512i h9 = fe8_dbl64(fe8_madhi(z, f4, f4));
    FE8_FOLD(h, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
}

/* h = f^2 -> R: fe8_sqr_w, then one carry round (the FE8_REDUCE bound). */
F25519_IFMA_INLINE void fe8_sqr(fe51x8 *h, const fe51x8 *f)
{
    fe51x8 t;
    fe8_sqr_w(&t, f);
    fe8_carry(h, &t);
}

/* h = f * c for a small constant broadcast c (c < 2^20), f limbs < 2^52 -> R.
 * lo(f_k c) at k, hi(f_k c) (< 2^20) at k+1 with weight 2. */
F25519_IFMA_INLINE void fe8_mul_small(fe51x8 *h, const fe51x8 *f, uint32_t c)
{
    const __m512i z = _mm512_setzero_si512(), k = _mm512_set1_epi64(c);
    __m512i lo[5], hi[5];
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        lo[i] = fe8_madlo(z, f->v[i], k);
        hi[i] = fe8_madhi(z, f->v[i], k);
    }
    fe51x8 t;
    /* position 5 = 2 hi_4 -> 38 hi_4 at 0 (hi_4 < 2^20, fits) */
    t.v[0] = fe8_madlo(lo[0], hi[4], _mm512_set1_epi64(38));
#pragma GCC unroll 5
    for (int i = 1; i < 5; i++) t.v[i] = _mm512_add_epi64(lo[i], _mm512_add_epi64(hi[i - 1], hi[i - 1]));
    fe8_carry(h, &t); /* t < 2^52 + 2^21 */
}

/* Lane-wise select: h = (mask bit i) ? g : f, per lane i. */
F25519_IFMA_INLINE void fe8_blend(fe51x8 *h, const fe51x8 *f, const fe51x8 *g, __mmask8 k)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm512_mask_blend_epi64(k, f->v[i], g->v[i]);
}

/* Pack eight portable elements into lanes / unpack (plain copies: the bounds
 * are those of the inputs). Through memory rather than gather/scatter, which
 * MemorySanitizer checks as if the data were addresses. */
F25519_IFMA_INLINE void fe8_pack(fe51x8 *h, const fe51 f[8])
{
    uint64_t t[8] __attribute__((aligned(64)));
    for (int i = 0; i < 5; i++) {
        for (int l = 0; l < 8; l++) t[l] = f[l].v[i];
        h->v[i] = _mm512_load_si512(t);
    }
}
F25519_IFMA_INLINE void fe8_unpack(fe51 f[8], const fe51x8 *h)
{
    uint64_t t[8] __attribute__((aligned(64)));
    for (int i = 0; i < 5; i++) {
        _mm512_store_si512(t, h->v[i]);
        for (int l = 0; l < 8; l++) f[l].v[i] = t[l];
    }
}

/* h = the encodings s[0..8) mod 2^255 (bit 255, a point's sign, dropped),
 * limbs < 2^51, as fe51_frombytes; returns the lanes whose value is not
 * canonical (>= p: limbs 1..4 all 2^51 - 1 and limb 0 >= 2^51 - 19). */
F25519_IFMA_INLINE __mmask8 fe8_frombytes_y(fe51x8 *h, const uint8_t *const s[8])
{
    __m512i w[4];
    for (int k = 0; k < 4; k++) {
        uint64_t x[8];
        for (int l = 0; l < 8; l++) memcpy(&x[l], s[l] + 8 * k, 8); /* little endian */
        w[k] = _mm512_set_epi64((long long)x[7], (long long)x[6], (long long)x[5], (long long)x[4],
                                (long long)x[3], (long long)x[2], (long long)x[1], (long long)x[0]);
    }
    const __m512i m = FE8_M51;
    h->v[0] = _mm512_and_si512(w[0], m);
    h->v[1] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w[0], 51), _mm512_slli_epi64(w[1], 13)), m);
    h->v[2] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w[1], 38), _mm512_slli_epi64(w[2], 26)), m);
    h->v[3] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w[2], 25), _mm512_slli_epi64(w[3], 39)), m);
    h->v[4] = _mm512_and_si512(_mm512_srli_epi64(w[3], 12), m);
    __mmask8 top = 0xff;
    for (int i = 1; i < 5; i++) top &= _mm512_cmpeq_epi64_mask(h->v[i], m);
    return top & _mm512_cmpge_epu64_mask(h->v[0], _mm512_set1_epi64(0x7ffffffffffedLL)); /* 2^51 - 19 */
}

/* Eight elements in radix 2^64: four 64-bit words per lane, 12 words for
 * what takes 15 in limbs (the Pippenger addends: fewer words to gather). */
typedef struct { __m512i v[4]; } fe64x8;

/* h = f exactly, f < R8 (value < 2^256): the limbs carried one after the
 * other (limbs 0..3 < 2^51, limb 4 < 2^52), then placed at bits 51 k (the
 * bits a shift drops are the next word's). */
F25519_IFMA_INLINE void fe8_to64(fe64x8 *h, const fe51x8 *f)
{
    const __m512i m = FE8_M51;
    __m512i l[5];
    l[0] = f->v[0];
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++) {
        l[i + 1] = _mm512_add_epi64(f->v[i + 1], _mm512_srli_epi64(l[i], 51));
        l[i] = _mm512_and_si512(l[i], m);
    }
    h->v[0] = _mm512_or_si512(l[0], _mm512_slli_epi64(l[1], 51));
    h->v[1] = _mm512_or_si512(_mm512_srli_epi64(l[1], 13), _mm512_slli_epi64(l[2], 38));
    h->v[2] = _mm512_or_si512(_mm512_srli_epi64(l[2], 26), _mm512_slli_epi64(l[3], 25));
    h->v[3] = _mm512_or_si512(_mm512_srli_epi64(l[3], 39), _mm512_slli_epi64(l[4], 12));
}

/* h = w in limbs: bits 51 k .. 51 k + 50 (limbs 0..3 < 2^51), limb 4 the
 * top 52 bits (< 2^52). */
F25519_IFMA_INLINE void fe8_from64(fe51x8 *h, const fe64x8 *w)
{
    const __m512i m = FE8_M51;
    h->v[0] = _mm512_and_si512(w->v[0], m);
    h->v[1] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w->v[0], 51), _mm512_slli_epi64(w->v[1], 13)), m);
    h->v[2] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w->v[1], 38), _mm512_slli_epi64(w->v[2], 26)), m);
    h->v[3] = _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(w->v[2], 25), _mm512_slli_epi64(w->v[3], 39)), m);
    h->v[4] = _mm512_srli_epi64(w->v[3], 12);
}

/* Out-of-line (fe51x8_ifma.c): exponentiations, all lanes at once. */
void fe8_invert(fe51x8 *out, const fe51x8 *z);    /* z^(p-2); R in, R out */
void fe8_pow22523(fe51x8 *out, const fe51x8 *z);  /* z^((p-5)/8) */
/* two chains interleaved: out_a = a^((p-5)/8), out_b = b^((p-5)/8) */
void fe8_pow22523_2(fe51x8 *out_a, fe51x8 *out_b, const fe51x8 *a, const fe51x8 *b);
void fe8_mul_f(fe51x8 *h, const fe51x8 *f, const fe51x8 *g); /* out-of-line fe8_mul */
void fe8_sqr_f(fe51x8 *h, const fe51x8 *f);
#endif
