/*
 * 1x4-way Edwards25519 arithmetic in ymm registers for the single
 * verification (the 2x4 layout of ge51_2x4_ifma.h with one point): lanes
 * [X, Y, T, Z] of one point, one 4-lane multiplication per formula round.
 * On Zen 4 a 256-bit IFMA issues twice per cycle while a 512-bit one issues
 * once, so one point in ymm costs half of the 2x4 zmm layout per step; the
 * fixed-base half of Alg. 2 is replaced by interleaved w-NAF additions from
 * a precomputed table (paper 002's NAF interleaving, variable time: public
 * inputs only).
 *
 * The field part, fey_* on fe51y4 (4 lanes), is the 8x1-way field of
 * fe51x8_ifma.h in 256-bit registers: same radix 2^51, same schoolbook
 * products, fold and carry, same bounds (R: limbs < 2^51 + 2^14; multiply
 * operands < 2^52; subtrahends <= 2^53 - 76).
 */
#ifndef F25519_GE51_1X4_IFMA_H
#define F25519_GE51_1X4_IFMA_H
#include "field/fe51x8_ifma.h"
#include "point/ge51.h"

typedef struct { __m256i v[5]; } fe51y4;
#define FEY_M51 _mm256_set1_epi64x(0x7ffffffffffffLL)

F25519_IFMA_INLINE __m256i fey_madlo(__m256i acc, __m256i a, __m256i b)
{
    return _mm256_madd52lo_epu64(acc, a, b);
}
F25519_IFMA_INLINE __m256i fey_madhi(__m256i acc, __m256i a, __m256i b)
{
    return _mm256_madd52hi_epu64(acc, a, b);
}

F25519_IFMA_INLINE void fey_0(fe51y4 *h)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm256_setzero_si256();
}
F25519_IFMA_INLINE void fey_1(fe51y4 *h)
{
    h->v[0] = _mm256_set1_epi64x(1);
#pragma GCC unroll 5
    for (int i = 1; i < 5; i++) h->v[i] = _mm256_setzero_si256();
}
/* All eight lanes = c (c's limbs must satisfy the bound wanted by the caller). */
F25519_IFMA_INLINE void fey_bcast(fe51y4 *h, const fe51 *c)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm256_set1_epi64x((long long)c->v[i]);
}

/* One parallel carry round (all limbs at once, shorter dependency chain than
 * the sequential chain; paper 3.2 reorders carries for the same reason).
 * Input limbs < 2^63 / 19 -> output limbs: h_k < 2^51 + c_{k-1} (k >= 1),
 * h_0 < 2^51 + 19 c_4 with c_k = f_k >> 51. For inputs < 2^56 this is R. */
F25519_IFMA_INLINE void fey_carry(fe51y4 *h, const fe51y4 *f)
{
    const __m256i m = FEY_M51, k19 = _mm256_set1_epi64x(19);
    __m256i c0 = _mm256_srli_epi64(f->v[0], 51), c1 = _mm256_srli_epi64(f->v[1], 51);
    __m256i c2 = _mm256_srli_epi64(f->v[2], 51), c3 = _mm256_srli_epi64(f->v[3], 51);
    __m256i c4 = _mm256_srli_epi64(f->v[4], 51);
    __m256i h0 = _mm256_and_si256(f->v[0], m);
    h->v[1] = _mm256_add_epi64(_mm256_and_si256(f->v[1], m), c0);
    h->v[2] = _mm256_add_epi64(_mm256_and_si256(f->v[2], m), c1);
    h->v[3] = _mm256_add_epi64(_mm256_and_si256(f->v[3], m), c2);
    h->v[4] = _mm256_add_epi64(_mm256_and_si256(f->v[4], m), c3);
    h->v[0] = fey_madlo(h0, c4, k19); /* c4 < 2^12: 19*c4 fits the low half */
}

/* h = f + g, no carry: limbs = sum of the input limbs. Only where the result
 * is not multiplied, or where the caller shows the sum < 2^52. */
F25519_IFMA_INLINE void fey_add_nc(fe51y4 *h, const fe51y4 *f, const fe51y4 *g)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = _mm256_add_epi64(f->v[i], g->v[i]);
}
/* h = f + g, carried. f, g limbs < 2^53 -> R (h_0 < 2^51 + 76). */
F25519_IFMA_INLINE void fey_add(fe51y4 *h, const fe51y4 *f, const fe51y4 *g)
{
    fe51y4 t;
    fey_add_nc(&t, f, g);
    fey_carry(h, &t);
}
/* h = f + 4p - g, no carry. g limbs <= 2^53 - 76, f < 2^62: limbs stay >= 0. */
F25519_IFMA_INLINE void fey_sub_nc(fe51y4 *h, const fe51y4 *f, const fe51y4 *g)
{
    const __m256i p0 = _mm256_set1_epi64x(0x1fffffffffffb4LL); /* 4(2^51 - 19) */
    const __m256i p1 = _mm256_set1_epi64x(0x1ffffffffffffcLL); /* 4(2^51 - 1)  */
    h->v[0] = _mm256_sub_epi64(_mm256_add_epi64(f->v[0], p0), g->v[0]);
#pragma GCC unroll 5
    for (int i = 1; i < 5; i++) h->v[i] = _mm256_sub_epi64(_mm256_add_epi64(f->v[i], p1), g->v[i]);
}
/* h = f - g, carried. f < 2^53, g <= 2^53 - 76 -> R (h_0 < 2^51 + 19*7). */
F25519_IFMA_INLINE void fey_sub(fe51y4 *h, const fe51y4 *f, const fe51y4 *g)
{
    fe51y4 t;
    fey_sub_nc(&t, f, g);
    fey_carry(h, &t);
}
/* h = -f, carried. f <= 2^53 - 76 -> R. */
F25519_IFMA_INLINE void fey_neg(fe51y4 *h, const fe51y4 *f)
{
    fe51y4 z;
    fey_0(&z);
    fey_sub(h, &z, f);
}

F25519_IFMA_INLINE __m256i fey_dbl64(__m256i x) { return _mm256_add_epi64(x, x); }

/* 19 x without a multiplier (x < 2^59): x + 2x + 16x. */
F25519_IFMA_INLINE __m256i fey_x19(__m256i x)
{
    return _mm256_add_epi64(_mm256_add_epi64(x, _mm256_slli_epi64(x, 1)), _mm256_slli_epi64(x, 4));
}

/* Reduction shared by mul and sqr (paper eq. 3, re-planned for fewer IFMA
 * instructions: IFMA operands must be < 2^52 but plain 64-bit adds need not,
 * so positions 5..9 are folded with 19 h_{k+5} computed by shifts and adds
 * instead of carrying them first and multiplying with vpmadd52).
 * In: h[0..9], the product by position (weight 2^(51 k)), every h_k < 2^56.
 * t_k = h_k + 19 h_{k+5} < 20 * 2^56 < 2^61 (k = 0..4), then one parallel
 * carry round (c_k < 640): limbs k >= 1 < 2^51 + 640, limb 0 < 2^51 + 19*640
 * < 2^51 + 2^14. That is R. */
#define FEY_REDUCE(out, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9)                 \
    do {                                                                       \
        fe51y4 t_;                                                             \
        t_.v[0] = _mm256_add_epi64((h0), fey_x19(h5));                         \
        t_.v[1] = _mm256_add_epi64((h1), fey_x19(h6));                         \
        t_.v[2] = _mm256_add_epi64((h2), fey_x19(h7));                         \
        t_.v[3] = _mm256_add_epi64((h3), fey_x19(h8));                         \
        t_.v[4] = _mm256_add_epi64((h4), fey_x19(h9));                         \
        fey_carry((out), &t_);                                                 \
    } while (0)

/* h = f * g, f, g limbs < 2^52 -> R. Same products and reduction as
 * fe8_mul, but latency-ordered for the single dependency chain of a
 * verification: no accumulation chain is longer than 3 IFMAs (the long
 * columns are split in two and added), since a 256-bit IFMA issues twice
 * per cycle and the chain latency, not the issue rate, bounds one point. */
#define FEY_LO(a, b) fey_madlo(z, (a), (b))
#define FEY_HI(a, b) fey_madhi(z, (a), (b))
F25519_IFMA_INLINE void fey_mul(fe51y4 *h, const fe51y4 *f, const fe51y4 *g)
{
    const __m256i z = _mm256_setzero_si256();
    __m256i f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    __m256i g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    __m256i l0 = FEY_LO(f0, g0);
    __m256i u1 = FEY_HI(f0, g0);
    __m256i l1 = fey_madlo(FEY_LO(f0, g1), f1, g0);
    __m256i u2 = fey_madhi(FEY_HI(f0, g1), f1, g0);
    __m256i l2 = fey_madlo(fey_madlo(FEY_LO(f0, g2), f1, g1), f2, g0);
    __m256i u3 = fey_madhi(fey_madhi(FEY_HI(f0, g2), f1, g1), f2, g0);
    __m256i l3 = _mm256_add_epi64(fey_madlo(FEY_LO(f0, g3), f1, g2), fey_madlo(FEY_LO(f2, g1), f3, g0));
    __m256i u4 = _mm256_add_epi64(fey_madhi(FEY_HI(f0, g3), f1, g2), fey_madhi(FEY_HI(f2, g1), f3, g0));
    __m256i l4 = _mm256_add_epi64(fey_madlo(fey_madlo(FEY_LO(f0, g4), f1, g3), f2, g2),
                                  fey_madlo(FEY_LO(f3, g1), f4, g0));
    __m256i u5 = _mm256_add_epi64(fey_madhi(fey_madhi(FEY_HI(f0, g4), f1, g3), f2, g2),
                                  fey_madhi(FEY_HI(f3, g1), f4, g0));
    __m256i l5 = _mm256_add_epi64(fey_madlo(FEY_LO(f1, g4), f2, g3), fey_madlo(FEY_LO(f3, g2), f4, g1));
    __m256i u6 = _mm256_add_epi64(fey_madhi(FEY_HI(f1, g4), f2, g3), fey_madhi(FEY_HI(f3, g2), f4, g1));
    __m256i l6 = fey_madlo(fey_madlo(FEY_LO(f2, g4), f3, g3), f4, g2);
    __m256i u7 = fey_madhi(fey_madhi(FEY_HI(f2, g4), f3, g3), f4, g2);
    __m256i l7 = fey_madlo(FEY_LO(f3, g4), f4, g3);
    __m256i u8 = fey_madhi(FEY_HI(f3, g4), f4, g3);
    __m256i l8 = FEY_LO(f4, g4);
    __m256i u9 = FEY_HI(f4, g4);
#define FEY_LU(l, u) _mm256_add_epi64((l), _mm256_add_epi64((u), (u)))
    FEY_REDUCE(h, l0, FEY_LU(l1, u1), FEY_LU(l2, u2), FEY_LU(l3, u3), FEY_LU(l4, u4), FEY_LU(l5, u5),
               FEY_LU(l6, u6), FEY_LU(l7, u7), FEY_LU(l8, u8), _mm256_add_epi64(u9, u9));
#undef FEY_LU
}

/* h = f^2 (as fe8_sqr; the diagonal low halves are added last, off the
 * critical path). f limbs < 2^52 -> R. */
F25519_IFMA_INLINE void fey_sqr(fe51y4 *h, const fe51y4 *f)
{
    const __m256i z = _mm256_setzero_si256();
    __m256i f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    __m256i L1 = fey_madlo(FEY_HI(f0, f0), f0, f1);
    __m256i U2 = FEY_HI(f0, f1);
    __m256i L2 = FEY_LO(f0, f2);
    __m256i U3 = FEY_HI(f0, f2);
    __m256i L3 = _mm256_add_epi64(fey_madlo(FEY_HI(f1, f1), f0, f3), FEY_LO(f1, f2));
    __m256i U4 = fey_madhi(FEY_HI(f0, f3), f1, f2);
    __m256i L4 = fey_madlo(FEY_LO(f0, f4), f1, f3);
    __m256i U5 = fey_madhi(FEY_HI(f0, f4), f1, f3);
    __m256i L5 = _mm256_add_epi64(fey_madlo(FEY_HI(f2, f2), f1, f4), FEY_LO(f2, f3));
    __m256i U6 = fey_madhi(FEY_HI(f1, f4), f2, f3);
    __m256i L6 = FEY_LO(f2, f4);
    __m256i U7 = FEY_HI(f2, f4);
    __m256i L7 = fey_madlo(FEY_HI(f3, f3), f3, f4);
    __m256i U8 = FEY_HI(f3, f4);
#define FEY_SQ_POS(L, U) fey_dbl64(_mm256_add_epi64((L), fey_dbl64(U)))
    __m256i h0 = FEY_LO(f0, f0);
    __m256i h1 = fey_dbl64(L1);
    __m256i h2 = _mm256_add_epi64(FEY_SQ_POS(L2, U2), FEY_LO(f1, f1));
    __m256i h3 = FEY_SQ_POS(L3, U3);
    __m256i h4 = _mm256_add_epi64(FEY_SQ_POS(L4, U4), FEY_LO(f2, f2));
    __m256i h5 = FEY_SQ_POS(L5, U5);
    __m256i h6 = _mm256_add_epi64(FEY_SQ_POS(L6, U6), FEY_LO(f3, f3));
    __m256i h7 = FEY_SQ_POS(L7, U7);
    __m256i h8 = _mm256_add_epi64(fey_dbl64(fey_dbl64(U8)), FEY_LO(f4, f4));
    __m256i h9 = fey_dbl64(FEY_HI(f4, f4));
#undef FEY_SQ_POS
    FEY_REDUCE(h, h0, h1, h2, h3, h4, h5, h6, h7, h8, h9);
}
#undef FEY_LO
#undef FEY_HI

/* h = f * c for a small constant broadcast c (c < 2^20), f limbs < 2^52 -> R.
 * lo(f_k c) at k, hi(f_k c) (< 2^20) at k+1 with weight 2. */


/* ---- 1x4 points: lanes [X, Y, T, Z]; pre form [Y - X, Y + X, 2dT, 2Z] ---- */
typedef fe51y4 ge14;
typedef fe51y4 ge14_pre;

#define GE14_IMM(a, b, c, d) ((a) | ((b) << 2) | ((c) << 4) | ((d) << 6))

F25519_IFMA_INLINE __m256i ge14_4p(int i)
{
    return _mm256_set1_epi64x(i == 0 ? 0x1fffffffffffb4LL : 0x1ffffffffffffcLL);
}
/* r = perm(a, imm) on every limb (macro: constant immediate for clang) */
#define ge14_perm(r, a, imm)                                                   \
    do {                                                                       \
        fe51y4 *r_ = (r);                                                      \
        const fe51y4 *a_ = (a);                                                \
        r_->v[0] = _mm256_permute4x64_epi64(a_->v[0], (imm));                  \
        r_->v[1] = _mm256_permute4x64_epi64(a_->v[1], (imm));                  \
        r_->v[2] = _mm256_permute4x64_epi64(a_->v[2], (imm));                  \
        r_->v[3] = _mm256_permute4x64_epi64(a_->v[3], (imm));                  \
        r_->v[4] = _mm256_permute4x64_epi64(a_->v[4], (imm));                  \
    } while (0)
/* lanes in k: a + b, others src */
F25519_IFMA_INLINE void ge14_madd_fe(fe51y4 *r, const fe51y4 *src, __mmask8 k, const fe51y4 *a,
                                     const fe51y4 *b)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) r->v[i] = _mm256_mask_add_epi64(src->v[i], k, a->v[i], b->v[i]);
}
/* lanes in k: a + 4p - b (b <= 2^53 - 76), others src */
F25519_IFMA_INLINE void ge14_msub_fe(fe51y4 *r, const fe51y4 *src, __mmask8 k, const fe51y4 *a,
                                     const fe51y4 *b)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
        r->v[i] = _mm256_mask_sub_epi64(src->v[i], k, _mm256_add_epi64(a->v[i], ge14_4p(i)), b->v[i]);
}
/* [X, Y, T, Z] -> [Y - X, Y + X, T, Z], carried */
F25519_IFMA_INLINE void ge14_ymx_ypx(fe51y4 *n, const ge14 *p)
{
    fe51y4 m, t;
    ge14_perm(&m, p, GE14_IMM(1, 0, 3, 2));
    ge14_msub_fe(&t, p, 0x1, &m, p);
    ge14_madd_fe(&t, &t, 0x2, p, &m);
    fey_carry(n, &t);
}
/* r = p + q (paper Alg. 1 with one point) */
F25519_IFMA_INLINE void ge14_add(ge14 *r, const ge14 *p, const ge14_pre *q)
{
    fe51y4 n, u, m, t;
    ge14_ymx_ypx(&n, p);
    fey_mul(&u, &n, q);                           /* [A, B, C, D] */
    ge14_perm(&m, &u, GE14_IMM(1, 3, 1, 3));      /* [B, D, B, D] */
    ge14_perm(&n, &u, GE14_IMM(0, 2, 0, 2));      /* [A, C, A, C] */
    ge14_msub_fe(&t, &m, 0x9, &m, &n);            /* E, F */
    ge14_madd_fe(&t, &t, 0x6, &t, &n);            /* G, H */
    fey_carry(&m, &t);                            /* [E, G, H, F] */
    ge14_perm(&n, &m, GE14_IMM(3, 2, 0, 1));      /* [F, H, E, G] */
    fey_mul(r, &m, &n);                           /* [X, Y, T, Z] */
}
/* r = 2p, with 2XY in place of (X + Y)^2 - X^2 - Y^2 so that the first
 * round is one multiplication of permuted inputs (no carry in front):
 * S = [X, Y, Z, X] * [X, Y, Z, Y] = [XX, YY, ZZ, XY];
 * X' = 2XY, Y' = YY + XX, Z' = YY - XX, T' = 2ZZ - Z';
 * [X, Y, T, Z] = [X'T', Y'Z', X'Y', Z'T'].
 * Bounds: U lanes < 2^53.3; T' = 2ZZ + 8p - Z' (8p limbs >= 2^54 - 152 > Z'),
 * < 2^55; one carry -> R before the last multiplication. */
F25519_IFMA_INLINE void ge14_dbl(ge14 *r, const ge14 *p)
{
    fe51y4 v, w, s, a, b, u;
    ge14_perm(&v, p, GE14_IMM(0, 1, 3, 0));       /* [X, Y, Z, X] */
    ge14_perm(&w, p, GE14_IMM(0, 1, 3, 1));       /* [X, Y, Z, Y] */
    fey_mul(&s, &v, &w);                          /* [XX, YY, ZZ, XY] */
    ge14_perm(&a, &s, GE14_IMM(3, 1, 2, 1));      /* [XY, YY, ZZ, YY] */
    ge14_perm(&b, &s, GE14_IMM(3, 0, 2, 0));      /* [XY, XX, ZZ, XX] */
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
        u.v[i] = _mm256_mask_sub_epi64(_mm256_add_epi64(a.v[i], b.v[i]), 0x8,
                                       _mm256_add_epi64(a.v[i], ge14_4p(i)), b.v[i]);
    /* u = [2XY, YY + XX, 2ZZ, YY - XX] */
    ge14_perm(&w, &u, GE14_IMM(0, 1, 3, 3));
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
        u.v[i] = _mm256_mask_sub_epi64(u.v[i], 0x4, _mm256_add_epi64(u.v[i], _mm256_slli_epi64(ge14_4p(i), 1)),
                                       w.v[i]);
    fey_carry(&a, &u);                            /* [X', Y', T', Z'] */
    ge14_perm(&v, &a, GE14_IMM(0, 1, 0, 3));      /* [X', Y', X', Z'] */
    ge14_perm(&w, &a, GE14_IMM(2, 3, 1, 2));      /* [T', Z', Y', T'] */
    fey_mul(r, &v, &w);
}
/* pre = [Y - X, Y + X, T, Z] * [1, 1, 2d, 2] */
F25519_IFMA_INLINE void ge14_to_pre(ge14_pre *q, const ge14 *p, const fe51y4 *k_1_1_2d_2)
{
    fe51y4 n;
    ge14_ymx_ypx(&n, p);
    fey_mul(q, &n, k_1_1_2d_2);
}
/* -q: swap the first two lanes, negate 2dT */
F25519_IFMA_INLINE void ge14_pre_neg(ge14_pre *r, const ge14_pre *q)
{
    fe51y4 s, z;
    ge14_perm(&s, q, GE14_IMM(1, 0, 2, 3));
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) z.v[i] = _mm256_setzero_si256();
    ge14_msub_fe(&s, &s, 0x4, &z, q);
    fey_carry(r, &s);
}
#endif
