/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * 4-lane field arithmetic mod p = 2^255 - 19 with AVX2 (the avx2 backend),
 * radix 2^25.5 (Chou, Sandy2x; Zhang et al., High-Throughput EdDSA
 * Verification, section 3: one field element per 64-bit lane; see
 * docs/references.md): an element is 10 limbs f = sum_i f_i 2^ceil(25.5 i), limb
 * i of width w_i = 26 bits for even i, 25 bits for odd i; v[i] holds limb i of
 * the four lanes [a_i, b_i, c_i, d_i]. Products are vpmuludq
 * (_mm256_mul_epu32: the LOW 32 BITS of each 64-bit lane, times each other,
 * a 64-bit product), sums 64-bit vpaddq, so every multiplication input below
 * is stated < 2^32 and every accumulation < 2^64.
 *
 * Bounds (per limb i; W_i = 2^w_i, i.e. 2^26 for even i, 2^25 for odd i):
 *   "R" (reduced): f_i < W_i + 2^17. Output of fe25x4_carry, fe25x4_mul,
 *       fe25x4_sqr, fe25x4_mul_small, fe25x4_mul121666_add, the conversions
 *       (f25519_fe25x4_frombytes/_pack) and the inversion.
 *       (In fact only limbs 1 and 5 can exceed W_i: limb 1 < W_1 + 2^16.4,
 *       limb 5 < W_5 + 2^12.2, every other limb < W_i.)
 *   "M" (multiplication input): f_i < 3 W_i + 2^18. R + R (fe25x4_add) and
 *       R + 2p - R (fe25x4_sub) are M. Every input of fe25x4_mul/_sqr must
 *       be M (so 19 f_i < 19 (3 * 2^26 + 2^18) < 2^31.84 < 2^32 and
 *       38 f_i < 38 (3 * 2^25 + 2^18) < 2^31.84 for odd i).
 *   Anything bigger (e.g. sums of M values, fe25x4_sub4p outputs) goes
 *   through fe25x4_carry (any limbs < 2^63) before a multiplication.
 * tests/field/test_avx2_field.c runs every function here lane by lane
 * against the portable fe51, with all limbs at these maxima and random.
 * Straight-line code without secret-dependent branches or memory indices:
 * constant time in all lanes (the swap/select take lane masks).
 *
 * Users: the x8 X25519 ladder (backend/avx2/ladder_avx2.c); the API a
 * fixed-base comb needs (add, sub, sub4p, mul, sqr, carry, select/cmov, the
 * conversions, invert) is here too.
 */
#ifndef F25519_FE25X4_AVX2_H
#define F25519_FE25X4_AVX2_H
#include <stdint.h>
#include "arch/simd_x86.h"
#include "field/fe51.h"

#define F25519_FE25X4_INLINE static inline __attribute__((always_inline)) F25519_AVX2_TARGET

typedef struct { __m256i v[10]; } fe25x4;

/* An empty asm that "changes" a pointer: loads through it cannot be merged with
 * the loads of an earlier row, so the compiler keeps them as memory operands of
 * vpmuludq instead of holding 20 vectors in 16 registers (spills). */
#define FE25X4_LAUNDER(ptr) __asm__("" : "+r"(ptr) : : "memory")
/* An empty asm on a column sum after each row: the sum is formed row by row as
 * written (GCC's reassociation would otherwise compute all 100 products first and
 * spill them). Nothing to do on SIMDe types (emulated build). */
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define FE25X4_NO_BARRIERS 1 /* MSan reports a marked asm operand as a use; these asms compute nothing */
#endif
#endif
#if F25519_EMU || defined(FE25X4_NO_BARRIERS)
#define FE25X4_KEEP(v) ((void)0)
#else
#define FE25X4_KEEP(v) __asm__("" : "+x"(v))
#endif
#ifdef FE25X4_NO_BARRIERS
#undef FE25X4_LAUNDER
#define FE25X4_LAUNDER(ptr) ((void)0)
#endif

#define FE25X4_M26 0x3ffffffLL
#define FE25X4_M25 0x1ffffffLL

/* h = 0, h = 1 in every lane. */
F25519_FE25X4_INLINE void fe25x4_0(fe25x4 *h)
{
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) h->v[i] = _mm256_setzero_si256();
}
F25519_FE25X4_INLINE void fe25x4_1(fe25x4 *h)
{
    h->v[0] = _mm256_set1_epi64x(1);
#pragma GCC unroll 9
    for (int i = 1; i < 10; i++) h->v[i] = _mm256_setzero_si256();
}

/* h = f + g, no carry. f, g R -> h_i < 2 W_i + 2^18 (M). In general
 * h_i = f_i + g_i (the caller keeps it < 2^63 and carries before a product
 * when it exceeds M). */
F25519_FE25X4_INLINE void fe25x4_add(fe25x4 *h, const fe25x4 *f, const fe25x4 *g)
{
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) h->v[i] = _mm256_add_epi64(f->v[i], g->v[i]);
}

/* Limb i of 2p: 2 (2^26 - 19) for limb 0, 2 (W_i - 1) for the others
 * (= 2^27 - 38, 2^26 - 2, 2^27 - 2). 4p: twice that. */
#define FE25X4_2P0 0x7ffffdaLL
#define FE25X4_2PODD 0x3fffffeLL
#define FE25X4_2PEVEN 0x7fffffeLL
F25519_FE25X4_INLINE __m256i fe25x4_kp(int i, int k) /* k = 2 or 4: limb i of k p */
{
    long long v = i == 0 ? FE25X4_2P0 : (i & 1) ? FE25X4_2PODD : FE25X4_2PEVEN;
    return _mm256_set1_epi64x(v * (k / 2));
}

/* h = f + 2p - g, no carry. Needs g_i <= 2p_i (every R value qualifies:
 * W_i + 2^17 <= 2 (W_i - 19)). f, g R -> h_i < 3 W_i + 2^17 (M). */
F25519_FE25X4_INLINE void fe25x4_sub(fe25x4 *h, const fe25x4 *f, const fe25x4 *g)
{
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++)
        h->v[i] = _mm256_sub_epi64(_mm256_add_epi64(f->v[i], fe25x4_kp(i, 2)), g->v[i]);
}

/* h = f + 4p - g, no carry. Needs g_i <= 4p_i (every M value qualifies:
 * 3 W_i + 2^18 <= 4 (W_i - 19)). h_i = f_i + 4p_i - g_i < f_i + 4 W_i:
 * f R -> h_i < 5 W_i + 2^17, NOT M: fe25x4_carry before a product. */
F25519_FE25X4_INLINE void fe25x4_sub4p(fe25x4 *h, const fe25x4 *f, const fe25x4 *g)
{
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++)
        h->v[i] = _mm256_sub_epi64(_mm256_add_epi64(f->v[i], fe25x4_kp(i, 4)), g->v[i]);
}

/* Carry (weak reduction), ref10's order: two interleaved chains
 * 0->1->2->3->4->5 and 4->5->6->7->8->9->0 (times 19)->1.
 * Input: any limbs < 2^63. Output R: every limb < W_i except
 *   limb 5 < W_5 + (limb 4 after 3->4: < 2^26 + 2^38.1) >> 26 < W_5 + 2^12.2,
 *   limb 0 before its last carry < 2^26 + 19 (2^63 + 2^37.1) / 2^25 < 2^42.3,
 *   so limb 1 < W_1 + 2^16.3.
 * No overflow: a limb receives at most one carry (< 2^38.1, or 19 (h9 >> 25)
 * < 2^42.3) on top of < 2^63. */
F25519_FE25X4_INLINE void fe25x4_carry(fe25x4 *h, const fe25x4 *f)
{
    const __m256i m26 = _mm256_set1_epi64x(FE25X4_M26), m25 = _mm256_set1_epi64x(FE25X4_M25);
    __m256i h0 = f->v[0], h1 = f->v[1], h2 = f->v[2], h3 = f->v[3], h4 = f->v[4];
    __m256i h5 = f->v[5], h6 = f->v[6], h7 = f->v[7], h8 = f->v[8], h9 = f->v[9], c;
#define FE25X4_CARRY_(a, b, s, m) \
    c = _mm256_srli_epi64(a, s);  \
    b = _mm256_add_epi64(b, c);   \
    a = _mm256_and_si256(a, m)
    FE25X4_CARRY_(h0, h1, 26, m26);
    FE25X4_CARRY_(h4, h5, 26, m26);
    FE25X4_CARRY_(h1, h2, 25, m25);
    FE25X4_CARRY_(h5, h6, 25, m25);
    FE25X4_CARRY_(h2, h3, 26, m26);
    FE25X4_CARRY_(h6, h7, 26, m26);
    FE25X4_CARRY_(h3, h4, 25, m25);
    FE25X4_CARRY_(h7, h8, 25, m25);
    FE25X4_CARRY_(h4, h5, 26, m26);
    FE25X4_CARRY_(h8, h9, 26, m26);
    c = _mm256_srli_epi64(h9, 25); /* 2^255 = 19: c + 2c + 16c */
    h9 = _mm256_and_si256(h9, m25);
    h0 = _mm256_add_epi64(h0, _mm256_add_epi64(_mm256_add_epi64(c, _mm256_slli_epi64(c, 1)),
                                               _mm256_slli_epi64(c, 4)));
    FE25X4_CARRY_(h0, h1, 26, m26);
#undef FE25X4_CARRY_
    h->v[0] = h0; h->v[1] = h1; h->v[2] = h2; h->v[3] = h3; h->v[4] = h4;
    h->v[5] = h5; h->v[6] = h6; h->v[7] = h7; h->v[8] = h8; h->v[9] = h9;
}

/* r = f * g without the carry (column sums; only fed to fe25x4_carry).
 * Inputs M. Schoolbook over the 100 limb pairs (ref10's fe_mul): pair (i, j)
 * lands in column (i + j) mod 10, times 2 when i and j are both odd (the
 * half bits of radix 2^25.5), times 19 when i + j >= 10 (2^255 = 19).
 * vpmuludq inputs: f_i, 2 f_i (i odd) < 2 (3 * 2^25 + 2^18) < 2^27.6; g_j,
 * 19 g_j < 2^31.84 (M bound above): all < 2^32.
 * Column sums: with f_i, g_j < 3.01 W_i, a pair contributes at most
 * 3.01^2 2^(w_i + w_j) (x2 when both odd) <= 9.06 * 2^52 (w_i + w_j + [both
 * odd] <= 52), times 19 when wrapped; column k has k + 1 direct and 9 - k
 * wrapped pairs: <= 9.06 * 2^52 (1 + 9 * 19) < 2^62.61 < 2^63 (carry input). */
F25519_FE25X4_INLINE void fe25x4_mul_nc(fe25x4 *r, const fe25x4 *f, const fe25x4 *g)
{
    /* Operand scanning (row i: f_i times every g_j into column (i + j) mod 10): the ten
     * column sums stay in registers, g and 19 g are memory operands of vpmuludq, so an
     * AVX2 core (16 ymm registers) needs no spill. */
    const __m256i n19 = _mm256_set1_epi64x(19);
    __m256i g19[10], acc[10];
#pragma GCC unroll 10
    for (int j = 1; j < 10; j++) g19[j] = _mm256_mul_epu32(g->v[j], n19);
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        __m256i fi = f->v[i];
        __m256i fi2 = (i & 1) ? _mm256_add_epi64(fi, fi) : fi;
        const __m256i *gp = g->v, *g19p = g19;
        FE25X4_LAUNDER(gp);
        FE25X4_LAUNDER(g19p);
#pragma GCC unroll 10
        for (int j = 0; j < 10; j++) {
            int k = (i + j) % 10;
            __m256i a = (i & 1) && (j & 1) ? fi2 : fi;
            __m256i b = i + j >= 10 ? g19p[j] : gp[j];
            __m256i p = _mm256_mul_epu32(a, b);
            acc[k] = i == 0 ? p : _mm256_add_epi64(acc[k], p);
            FE25X4_KEEP(acc[k]);
        }
    }
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) r->v[k] = acc[k];
}

/* Even/odd Karatsuba product. Limb 2m sits at bit 51 m, limb 2m + 1 at
 * 51 m + 26: f = E_f(Y) + 2^26 O_f(Y), Y = 2^51, E_f = sum e_m Y^m with
 * e_m = f_2m, O_f = sum o_m Y^m with o_m = f_(2m+1) (5 limbs each), Y^5 =
 * 2^255 = 19. With EE = E_f E_g, OO = O_f O_g, K = (E_f + O_f)(E_g + O_g)
 * (columns m = 0..4, each reduced mod Y^5 - 19: a pair (a, b) lands in
 * column (a + b) mod 5, times 19 when a + b >= 5) and 2^52 = 2 Y:
 *   f g = EE + 2^26 (K - EE - OO) + 2 Y OO, i.e.
 *   r_2m = EE_m + 2 OO_(m-1) (m >= 1), r_0 = EE_0 + 38 OO_4 (Y OO_4 Y^4 = 19 OO_4),
 *   r_(2m+1) = K_m - EE_m - OO_m (= the even-odd pairs of column 2m + 1),
 * the same column sums as fe25x4_mul_nc (r_2m: its even-even and odd-odd
 * pairs) from 75 vpmuludq instead of 100.
 * The operand g: "A2", g_i < 2 W_i + 2^18 (an R + R sum, fe25x4_add of R
 * inputs; R; fe25x4_mul121666_add_m's output), so that s'_b = e'_b + o'_b <
 * 3 * 2^26 + 2^19 and 19 s'_b < 2^31.84 < 2^32 (an M operand would not do:
 * 19 (4.5 * 2^26) > 2^32). f: M (e_m < 3 * 2^26 + 2^18 < 2^27.59, o_m <
 * 3 * 2^25 + 2^18 < 2^26.59, s_m = e_m + o_m < 4.51 * 2^26 < 2^28.18).
 * fe25x4_kprep(q, g): q->g19[j] = 19 g_j (j = 2..9; 19 g_j < 19 (2 * 2^26 +
 * 2^18) < 2^31.25), q->s[b] = s'_b, q->s19[b] = 19 s'_b (b = 1..4), the
 * products' operands besides g itself. Bounds (e_a e'_b < 6.02 * 2^52,
 * o_a o'_b < 6.04 * 2^50, s_a s'_b < 13.56 * 2^52; a column has at most
 * 1 + 4 * 19 = 77 times one pair):
 *   vpmuludq inputs: e_a, o_a, s_a < 2^28.18; e'_b, o'_b, s'_b, 19 e'_b,
 *   19 o'_b, 19 s'_b < 2^31.84: all < 2^32.
 *   EE_m < 77 * 6.02 * 2^52 < 2^60.86; OO_m < 77 * 6.04 * 2^50 < 2^58.86;
 *   K_m < 77 * 13.56 * 2^52 < 2^62.03; EE_m + OO_m < 2^61.18.
 *   K_m - (EE_m + OO_m) = the even-odd pairs of column 2m + 1 >= 0 (a sum
 *   of products of non-negative limbs): the subtraction is exact (no wrap).
 *   r_2m = EE_m + 2 OO_(m-1) < 2^61.3; r_0 = EE_0 + 38 OO_4 with 19 OO_4
 *   < 19 * 5 * 6.04 * 2^50 < 2^59.17 (OO_4: 5 pairs, none wrapped), r_0 <
 *   2^61.55; r_(2m+1) < K_m < 2^62.03: all < 2^63 (fe25x4_carry input). */
typedef struct { __m256i g19[10], s[5], s19[5]; } fe25x4_kop; /* g19[0..1], s19[0] unused */

F25519_FE25X4_INLINE void fe25x4_kprep(fe25x4_kop *q, const fe25x4 *g)
{
    const __m256i n19 = _mm256_set1_epi64x(19);
#pragma GCC unroll 8
    for (int j = 2; j < 10; j++) q->g19[j] = _mm256_mul_epu32(g->v[j], n19);
    q->s[0] = _mm256_add_epi64(g->v[0], g->v[1]);
#pragma GCC unroll 4
    for (int b = 1; b < 5; b++) {
        q->s[b] = _mm256_add_epi64(g->v[2 * b], g->v[2 * b + 1]);
        q->s19[b] = _mm256_add_epi64(q->g19[2 * b], q->g19[2 * b + 1]);
    }
}

/* acc[c] (c = 0..4) = sum over a + b = c mod 5 of x_a * (a + b >= 5 ? y19_b : y_b),
 * kind 0: x = s (f_2a + f_2a+1), y = q->s / q->s19; kind 1: x = e, y = e' / 19 e';
 * kind 2: x = o, y = o' / 19 o'. Row a: x_a against the five operands. No
 * FE25X4_LAUNDER here: operands re-read from memory every row cost about
 * 10%. */
F25519_FE25X4_INLINE void fe25x4_krows_(__m256i acc[5], const fe25x4 *f, const fe25x4 *g, const fe25x4_kop *q, int kind)
{
#pragma GCC unroll 5
    for (int a = 0; a < 5; a++) {
        const __m256i *gp = g->v, *g19p = q->g19, *sp = q->s, *s19p = q->s19;
        __m256i x = kind == 0 ? _mm256_add_epi64(f->v[2 * a], f->v[2 * a + 1]) : f->v[2 * a + kind - 1];
#pragma GCC unroll 5
        for (int b = 0; b < 5; b++) {
            int c = (a + b) % 5, w = a + b >= 5;
            __m256i y = kind == 0 ? (w ? s19p[b] : sp[b]) : (w ? g19p[2 * b + kind - 1] : gp[2 * b + kind - 1]);
            __m256i p = _mm256_mul_epu32(x, y);
            acc[c] = a == 0 ? p : _mm256_add_epi64(acc[c], p);
            FE25X4_KEEP(acc[c]);
        }
    }
}

/* r = f * g without the carry (only fed to fe25x4_carry): f M, g A2, q =
 * fe25x4_kprep(g). EE and OO first (the even limbs), then K (the odd limbs
 * r_(2m+1) = K_m - (EE_m + OO_m)). This order is a few percent faster than
 * K first, and this Karatsuba form faster than the paired-row schoolbook
 * product; the prepared operand (fe25x4_kprep: 8 vpmuludq, 9 adds, 17
 * stores) costs most of what the Karatsuba saves, so it serves the x8
 * ladder only (in the point formulas and the comb it gained nothing). */
F25519_FE25X4_INLINE void fe25x4_mul_nc_k(fe25x4 *r, const fe25x4 *f, const fe25x4 *g, const fe25x4_kop *q)
{
    __m256i ee[5], oo[5], k[5];
    fe25x4_krows_(ee, f, g, q, 1);
    fe25x4_krows_(oo, f, g, q, 2);
    __m256i x = _mm256_add_epi64(_mm256_add_epi64(oo[4], _mm256_slli_epi64(oo[4], 1)), _mm256_slli_epi64(oo[4], 4));
    r->v[0] = _mm256_add_epi64(ee[0], _mm256_add_epi64(x, x)); /* EE_0 + 38 OO_4 */
#pragma GCC unroll 4
    for (int m = 1; m < 5; m++) r->v[2 * m] = _mm256_add_epi64(ee[m], _mm256_add_epi64(oo[m - 1], oo[m - 1]));
#pragma GCC unroll 5
    for (int m = 0; m < 5; m++) ee[m] = _mm256_add_epi64(ee[m], oo[m]);
    fe25x4_krows_(k, f, g, q, 0);
#pragma GCC unroll 5
    for (int m = 0; m < 5; m++) {
        k[m] = _mm256_sub_epi64(k[m], ee[m]);
        FE25X4_KEEP(k[m]); /* formed as written (clang would fold the carry's add in first) */
        r->v[2 * m + 1] = k[m];
    }
}

/* h = f * g -> R, f M, g A2, q = fe25x4_kprep(g): fe25x4_mul_nc_k + fe25x4_carry. */
F25519_FE25X4_INLINE void fe25x4_mul_k(fe25x4 *h, const fe25x4 *f, const fe25x4 *g, const fe25x4_kop *q)
{
    fe25x4 r;
    fe25x4_mul_nc_k(&r, f, g, q);
    fe25x4_carry(h, &r);
}

/* h = f * g -> R (inputs M; see fe25x4_mul_nc, fe25x4_carry). */
F25519_FE25X4_INLINE void fe25x4_mul(fe25x4 *h, const fe25x4 *f, const fe25x4 *g)
{
    fe25x4 r;
    fe25x4_mul_nc(&r, f, g);
    fe25x4_carry(h, &r);
}

/* h = f^2 -> R (input M). The 55 distinct pairs of fe25x4_mul_nc with f = g,
 * i < j counted twice (ref10's fe_sq); the factors 2, 4, 19, 38, 76 split
 * over the two operands so that 38 only multiplies odd limbs: 2 f_i <
 * 2^28.6, 19 f_j < 2^31.84, 38 f_j (j odd) < 2^31.84: all < 2^32. Each
 * column is the same sum as in fe25x4_mul_nc: < 2^62.61. */
F25519_FE25X4_INLINE void fe25x4_sqr(fe25x4 *h, const fe25x4 *f)
{
    /* row i: f_i (times 1 or 2) against f_j, j >= i, as memory operands (2 f_j, 19 f_j,
     * 38 f_j precomputed); the column sums stay in registers. Factor of pair (i, j):
     * (i < j ? 2 : 1) * (both odd ? 2 : 1) * (i + j >= 10 ? 19 : 1), split as
     * 1 | 2: f_i * f_j | 2f_i * f_j;  4: 2f_i * 2f_j;  19: f_i * 19f_j;
     * 38: f_i * 38f_j (j odd) or 2f_i * 19f_j (j even);  76: 2f_i * 38f_j (j odd). */
    const __m256i n19 = _mm256_set1_epi64x(19), n38 = _mm256_set1_epi64x(38);
    __m256i f2[10], f19[10], f38[10], acc[10];
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        f2[i] = _mm256_add_epi64(f->v[i], f->v[i]);
        if (i >= 5 && !(i & 1)) f19[i] = _mm256_mul_epu32(f->v[i], n19);
        if (i >= 5 && (i & 1)) f38[i] = _mm256_mul_epu32(f->v[i], n38);
        acc[i] = _mm256_setzero_si256();
    }
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        const __m256i *fp = f->v, *f2p = f2, *f19p = f19, *f38p = f38;
        FE25X4_LAUNDER(fp);
        FE25X4_LAUNDER(f2p);
        FE25X4_LAUNDER(f19p);
        FE25X4_LAUNDER(f38p);
#pragma GCC unroll 10
        for (int j = i; j < 10; j++) {
            int k = (i + j) % 10, wrap = i + j >= 10, odd = (i & 1) && (j & 1);
            int c = (i < j ? 2 : 1) * (odd ? 2 : 1) * (wrap ? 19 : 1);
            __m256i a, b;
            switch (c) {
            case 1: a = f->v[i]; b = fp[j]; break;
            case 2: a = f2[i]; b = fp[j]; break;
            case 4: a = f2[i]; b = f2p[j]; break;
            case 19: a = f->v[i]; b = f19p[j]; break;
            case 38: if (j & 1) { a = f->v[i]; b = f38p[j]; } else { a = f2[i]; b = f19p[j]; } break;
            default: a = f2[i]; b = f38p[j]; break; /* 76, j odd */
            }
            acc[k] = _mm256_add_epi64(acc[k], _mm256_mul_epu32(a, b));
            FE25X4_KEEP(acc[k]);
        }
    }
    fe25x4 t;
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) t.v[k] = acc[k];
    fe25x4_carry(h, &t);
}

/* r = f^2 without the carry, rows two at a time (i even, i + 1), each f_j /
 * 19 f_j loaded once for both rows: the same column
 * sums as fe25x4_sqr (same pairs, same factors, so the same bounds), the
 * factors split so that the operand loaded per column is f_j or 19 f_j only
 * and the row's factor 1, 2 or 4 is on f_i: pair (i, j), j >= i, factor
 * (i < j ? 2 : 1) (both odd ? 2 : 1) (i + j >= 10 ? 19 : 1) =
 * a * (wrap ? 19 f_j : f_j) with a = f_i (j = i, i even), 2 f_i (i even,
 * j > i; or i odd, j = i or j even), 4 f_i (i odd, j > i odd). Multiplicands:
 * 4 f_i (i odd) < 4 (3 * 2^25 + 2^18) < 2^28.6, 2 f_i (i even) < 2^28.6,
 * 19 f_j < 2^31.84 (M): all < 2^32. Registers: 10 column sums, 2 f_i,
 * 2 f_(i+1), 4 f_(i+1), the operand. */
F25519_FE25X4_INLINE void fe25x4_sqr_nc_pair(fe25x4 *r, const fe25x4 *f)
{
    const __m256i n19 = _mm256_set1_epi64x(19);
    __m256i f19[10], acc[10];
    int set = 0; /* bit k: acc[k] written (constant after unrolling) */
#define FE25X4_ACC_(k, p)                                                         \
    do {                                                                         \
        acc[k] = (set >> (k)) & 1 ? _mm256_add_epi64(acc[k], p) : (p);           \
        set |= 1 << (k);                                                         \
        FE25X4_KEEP(acc[k]);                                                     \
    } while (0)
#pragma GCC unroll 5
    for (int j = 5; j < 10; j++) f19[j] = _mm256_mul_epu32(f->v[j], n19);
#pragma GCC unroll 5
    for (int i = 0; i < 10; i += 2) {
        const __m256i *fp = f->v, *f19p = f19;
        FE25X4_LAUNDER(fp);
        FE25X4_LAUNDER(f19p);
        __m256i fi = fp[i];
        FE25X4_ACC_((2 * i) % 10, _mm256_mul_epu32(fi, 2 * i >= 10 ? f19p[i] : fi)); /* (i, i) */
        __m256i a0 = _mm256_add_epi64(fi, fi);
        __m256i g = fp[i + 1];
        __m256i a1 = _mm256_add_epi64(g, g);
        __m256i a1x2 = _mm256_add_epi64(a1, a1);
        /* (i, i + 1) and (i + 1, i + 1) */
        FE25X4_ACC_((2 * i + 1) % 10, _mm256_mul_epu32(a0, 2 * i + 1 >= 10 ? f19p[i + 1] : g));
        FE25X4_ACC_((2 * i + 2) % 10, _mm256_mul_epu32(a1, 2 * i + 2 >= 10 ? f19p[i + 1] : g));
#pragma GCC unroll 10
        for (int j = i + 2; j < 10; j++) {
            __m256i b0 = i + j >= 10 ? f19p[j] : fp[j];
            FE25X4_KEEP(b0);
            FE25X4_ACC_((i + j) % 10, _mm256_mul_epu32(a0, b0));
            __m256i b1 = j == 9 - i ? f19p[j] : b0;
            FE25X4_ACC_((i + 1 + j) % 10, _mm256_mul_epu32((j & 1) ? a1x2 : a1, b1));
        }
    }
#undef FE25X4_ACC_
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) r->v[k] = acc[k];
}

/* h = f^2 -> R (input M): fe25x4_sqr_nc_pair + fe25x4_carry. */
F25519_FE25X4_INLINE void fe25x4_sqr_pair(fe25x4 *h, const fe25x4 *f)
{
    fe25x4 r;
    fe25x4_sqr_nc_pair(&r, f);
    fe25x4_carry(h, &r);
}

/* h = c f -> R. f M, c < 2^32: products < 2^32 * 2^27.6 < 2^60 (carry input). */
F25519_FE25X4_INLINE void fe25x4_mul_small(fe25x4 *h, const fe25x4 *f, uint32_t c)
{
    const __m256i n = _mm256_set1_epi64x(c);
    fe25x4 t;
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) t.v[i] = _mm256_mul_epu32(f->v[i], n);
    fe25x4_carry(h, &t);
}

/* h = 121666 e + b -> R (the ladder's BB + a24 E). e M, b R:
 * 121666 e_i + b_i < 2^16.9 * 2^27.6 + 2^27 < 2^44.6 (carry input). */
F25519_FE25X4_INLINE void fe25x4_mul121666_add(fe25x4 *h, const fe25x4 *e, const fe25x4 *b)
{
    const __m256i n = _mm256_set1_epi64x(121666);
    fe25x4 t;
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) t.v[i] = _mm256_add_epi64(_mm256_mul_epu32(e->v[i], n), b->v[i]);
    fe25x4_carry(h, &t);
}

/* h = 121666 e + b with ONE parallel carry round (the ladder's BB + a24 E,
 * fed straight to a product): t_i = 121666 e_i + b_i < 2^44.5 (e M, b R:
 * 121666 (3 W_i + 2^18) + W_i + 2^17 < 2^18.5 W_i), then every limb's carry
 * taken from t at once (depth 3, no chain): h_i = (t_i mod W_i) +
 * (t_(i-1) >> w_(i-1)) < W_i + 2^18.5, h_0 = (t_0 mod W_0) + 19 (t_9 >> 25)
 * < W_0 + 2^22.8 (19 c by vpmuludq: c < 2^18.5). Output "A" < [W_0 + 2^23,
 * W_i + 2^19]: M (a product input), not R. */
F25519_FE25X4_INLINE void fe25x4_mul121666_add_m(fe25x4 *h, const fe25x4 *e, const fe25x4 *b)
{
    const __m256i n = _mm256_set1_epi64x(121666), n19 = _mm256_set1_epi64x(19);
    const __m256i m26 = _mm256_set1_epi64x(FE25X4_M26), m25 = _mm256_set1_epi64x(FE25X4_M25);
    __m256i t[10];
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) t[i] = _mm256_add_epi64(_mm256_mul_epu32(e->v[i], n), b->v[i]);
    __m256i c9 = _mm256_srli_epi64(t[9], 25);
    h->v[0] = _mm256_add_epi64(_mm256_and_si256(t[0], m26), _mm256_mul_epu32(c9, n19));
#pragma GCC unroll 9
    for (int i = 1; i < 10; i++)
        h->v[i] = _mm256_add_epi64(_mm256_and_si256(t[i], (i & 1) ? m25 : m26),
                                   _mm256_srli_epi64(t[i - 1], (i & 1) ? 26 : 25));
}

/* Lane masks: all-ones (swap/take) or zero per 64-bit lane, e.g. 0 - bit.
 * fe25x4_cswap: swap f and g in the lanes of mask. fe25x4_cmov: h = g in the
 * lanes of mask, h unchanged elsewhere. No bound change. */
F25519_FE25X4_INLINE void fe25x4_cswap(fe25x4 *f, fe25x4 *g, __m256i mask)
{
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        __m256i d = _mm256_and_si256(mask, _mm256_xor_si256(f->v[i], g->v[i]));
        f->v[i] = _mm256_xor_si256(f->v[i], d);
        g->v[i] = _mm256_xor_si256(g->v[i], d);
    }
}
F25519_FE25X4_INLINE void fe25x4_cmov(fe25x4 *h, const fe25x4 *g, __m256i mask)
{
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++)
        h->v[i] = _mm256_xor_si256(h->v[i], _mm256_and_si256(mask, _mm256_xor_si256(h->v[i], g->v[i])));
}

/* ---- fe25x4_avx2.c ---- */
/* Lane l of h = s[l] (32 bytes little-endian; bit 255 ignored, values >= p
 * accepted, as fe51_frombytes) -> R (in fact every limb < W_i). */
void f25519_fe25x4_frombytes(fe25x4 *h, const uint8_t s[4][32]);
/* s[l] = the canonical encoding of lane l. f R (any limbs < 2^63: carried first). */
void f25519_fe25x4_tobytes(uint8_t s[4][32], const fe25x4 *f);
/* Lane l of h = f[l] (fe51 limbs < 2^63, carried first) -> R; and back:
 * out[l] = lane l of f, fe51-reduced (limbs < 2^51 + 2^13). f: any limbs < 2^63. */
void f25519_fe25x4_pack(fe25x4 *h, const fe51 f[4]);
void f25519_fe25x4_unpack(fe51 out[4], const fe25x4 *f);
/* out = z^(p-2) (0 -> 0) in every lane: field/pow_chain.h, 254 squarings and
 * 11 multiplications; z M, out R. fe25x4_invert2: two independent inversions
 * interleaved (the chain is latency-bound). Temporaries wiped. */
void f25519_fe25x4_invert(fe25x4 *out, const fe25x4 *z);
/* Out-of-line fe25x4_mul / fe25x4_sqr (same bounds). The ladder and the chains
 * call these: in a function of its own the product's ten column sums and row
 * operands fit the 16 ymm registers, while inlined into a long step the
 * compiler spills (measured: fewer loads/stores, faster ladder). */
void f25519_fe25x4_mul(fe25x4 *h, const fe25x4 *f, const fe25x4 *g);
void f25519_fe25x4_sqr(fe25x4 *h, const fe25x4 *f);
void f25519_fe25x4_invert2(fe25x4 *out_a, fe25x4 *out_b, const fe25x4 *a, const fe25x4 *b);
/* Even/odd Karatsuba products (fe25x4_mul_k: fe25x4_mul_nc_k + fe25x4_carry):
 * f M, g A2 (< 2 W_i + 2^18: R, or a sum of two R), output R.
 * f25519_fe25x4_mul_k prepares g itself (fe25x4_kprep); f25519_fe25x4_mul_kq
 * takes q = fe25x4_kprep(g) computed once by the caller (the ladder's x1). */
void f25519_fe25x4_mul_k(fe25x4 *h, const fe25x4 *f, const fe25x4 *g);
void f25519_fe25x4_mul_kq(fe25x4 *h, const fe25x4 *f, const fe25x4 *g, const fe25x4_kop *q);
/* The x8 ladder's squarings (same contract as f25519_fe25x4_sqr): fe25x4_sqr_pair. */
void f25519_fe25x4_sqr_pair(fe25x4 *h, const fe25x4 *f);
#endif
