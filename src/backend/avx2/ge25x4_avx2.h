/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Edwards25519 points in 4 lanes with AVX2 (the avx2 backend's point layer):
 * one point per 64-bit lane of the radix-2^25.5 field (backend/avx2/fe25x4_avx2.h;
 * Zhang et al., High-Throughput EdDSA Verification, sec. 3; docs/references.md). The formulas are
 * the portable ge51 layer's (ref10,
 * HWCD 2008 with a = -1, complete on the whole curve: the identity and the
 * points of small and mixed order need no special case):
 *   p3      (X:Y:Z:T)                  extended, x = X/Z, y = Y/Z, xy = T/Z
 *   cached  (Y+X, Y-X, 2Z, 2dT)        addend of the full addition; the 2Z
 *                                      (ref10 keeps Z and doubles Z1 Z2) makes
 *                                      D = Z1 2Z2 a product (R), so every
 *                                      sum/difference below is R +- R = M
 *   hpre    ((y+x)/2, (y-x)/2, dxy)    affine addend halved (as base_avx2.c):
 *                                      the mixed addition then needs Z1, not
 *                                      2Z1, and the result is the same
 *                                      projective point (all four
 *                                      coordinates scaled by 1/4)
 * Every product is the out-of-line f25519_fe25x4_mul/_sqr (their ten column
 * sums fit the 16 ymm registers; inlined into a long formula they spill).
 *
 * Bounds (fe25x4_avx2.h: R reduced, limb < W_i + 2^17; M multiplication
 * input, limb < 3 W_i + 2^18; fe25x4_add of two R is M, fe25x4_sub f + 2p - g
 * of two R is M):
 *   ge25x4_dbl:    X, Y, Z R -> R. XX, YY, ZZ, AA = (X+Y)^2 products (R;
 *                  X+Y M); YY+XX, YY-XX M; AA + 4p - (YY+XX) and
 *                  2ZZ + 4p - (YY-XX) are not M: fe25x4_carry -> R.
 *   ge25x4_add:    p R, q cached (Y+X, Y-X, 2Z M; 2dT <= 2p_i, i.e. R or
 *                  2p - R) -> R. Y1+X1, Y1-X1 M; A, B, C, D products R;
 *                  E = A-B, F = D-C, G = D+C, H = A+B M.
 *   ge25x4_madd:   p R (Z, T R), q hpre (limbs <= 2p_i) -> R. A, B, C R;
 *                  E = A-B, H = A+B, G = Z+C, F = Z-C M.
 *   ge25x4_to_cached: p R -> Y+X, Y-X, 2Z M; 2dT a product (R).
 *   negations (cneg): swap Y+X / Y-X, 2dT -> 2p - 2dT (<= 2p_i, M).
 * T of the result is computed only when asked (want_t): a doubling never
 * reads T, so a doubling or addition followed by a doubling skips it.
 * Public inputs only in this backend's users (verification); the code itself
 * has no data-dependent branch (want_t is a loop-structure constant).
 */
#ifndef F25519_GE25X4_AVX2_H
#define F25519_GE25X4_AVX2_H
#include "backend/avx2/fe25x4_avx2.h"
#include "point/ge51.h"

typedef struct { fe25x4 X, Y, Z, T; } ge25x4_p3;
typedef struct { fe25x4 ypx, ymx, z2, t2d; } ge25x4_cached;
typedef struct { fe25x4 ypx, ymx, xyd; } ge25x4_hpre;

#define GE25X4_MUL f25519_fe25x4_mul
#define GE25X4_SQR f25519_fe25x4_sqr

F25519_FE25X4_INLINE void ge25x4_identity(ge25x4_p3 *h)
{
    fe25x4_0(&h->X);
    fe25x4_1(&h->Y);
    fe25x4_1(&h->Z);
    fe25x4_0(&h->T);
}

/* The cached identity (1, 1, 2, 0). */
F25519_FE25X4_INLINE void ge25x4_cached_identity(ge25x4_cached *c)
{
    fe25x4_1(&c->ypx);
    fe25x4_1(&c->ymx);
    fe25x4_0(&c->z2);
    c->z2.v[0] = _mm256_set1_epi64x(2);
    fe25x4_0(&c->t2d);
}

/* h = 2p (ref10 ge_p2_dbl + p1p1_to_p3; T only when want_t). h may be p. */
F25519_FE25X4_INLINE void ge25x4_dbl(ge25x4_p3 *h, const ge25x4_p3 *p, int want_t)
{
    fe25x4 xx, yy, zz, s, aa, yp, zp, xp, tp;
    GE25X4_SQR(&xx, &p->X);
    GE25X4_SQR(&yy, &p->Y);
    GE25X4_SQR(&zz, &p->Z);
    fe25x4_add(&s, &p->X, &p->Y);
    GE25X4_SQR(&aa, &s);
    fe25x4_add(&yp, &yy, &xx);   /* H = YY + XX */
    fe25x4_sub(&zp, &yy, &xx);   /* G = YY - XX */
    fe25x4_sub4p(&xp, &aa, &yp); /* E = (X+Y)^2 - H */
    fe25x4_carry(&xp, &xp);
    fe25x4_add(&zz, &zz, &zz);
    fe25x4_sub4p(&tp, &zz, &zp); /* F = 2ZZ - G */
    fe25x4_carry(&tp, &tp);
    GE25X4_MUL(&h->X, &xp, &tp);
    GE25X4_MUL(&h->Y, &yp, &zp);
    GE25X4_MUL(&h->Z, &zp, &tp);
    if (want_t) GE25X4_MUL(&h->T, &xp, &yp);
}

/* h = p + q (ref10 ge_add + p1p1_to_p3; T only when want_t). h may be p. */
F25519_FE25X4_INLINE void ge25x4_add(ge25x4_p3 *h, const ge25x4_p3 *p, const ge25x4_cached *q, int want_t)
{
    fe25x4 ypx, ymx, a, b, c, d, e, f, g, hh;
    fe25x4_add(&ypx, &p->Y, &p->X);
    fe25x4_sub(&ymx, &p->Y, &p->X);
    GE25X4_MUL(&a, &ypx, &q->ypx);
    GE25X4_MUL(&b, &ymx, &q->ymx);
    GE25X4_MUL(&c, &p->T, &q->t2d);
    GE25X4_MUL(&d, &p->Z, &q->z2);
    fe25x4_sub(&e, &a, &b);
    fe25x4_add(&hh, &a, &b);
    fe25x4_add(&g, &d, &c);
    fe25x4_sub(&f, &d, &c);
    GE25X4_MUL(&h->X, &e, &f);
    GE25X4_MUL(&h->Y, &hh, &g);
    GE25X4_MUL(&h->Z, &g, &f);
    if (want_t) GE25X4_MUL(&h->T, &e, &hh);
}

/* h = p + q, q affine halved (ref10 ge_madd + p1p1_to_p3 with every
 * intermediate halved; T only when want_t). h may be p. */
F25519_FE25X4_INLINE void ge25x4_madd(ge25x4_p3 *h, const ge25x4_p3 *p, const ge25x4_hpre *q, int want_t)
{
    fe25x4 ypx, ymx, a, b, c, e, f, g, hh;
    fe25x4_add(&ypx, &p->Y, &p->X);
    fe25x4_sub(&ymx, &p->Y, &p->X);
    GE25X4_MUL(&a, &ypx, &q->ypx);
    GE25X4_MUL(&b, &ymx, &q->ymx);
    GE25X4_MUL(&c, &p->T, &q->xyd);
    fe25x4_sub(&e, &a, &b);
    fe25x4_add(&hh, &a, &b);
    fe25x4_add(&g, &p->Z, &c);
    fe25x4_sub(&f, &p->Z, &c);
    GE25X4_MUL(&h->X, &e, &f);
    GE25X4_MUL(&h->Y, &hh, &g);
    GE25X4_MUL(&h->Z, &g, &f);
    if (want_t) GE25X4_MUL(&h->T, &e, &hh);
}

/* c = (Y+X, Y-X, 2Z, 2dT) of p; d2 = 2d in every lane (R). */
F25519_FE25X4_INLINE void ge25x4_to_cached(ge25x4_cached *c, const ge25x4_p3 *p, const fe25x4 *d2)
{
    fe25x4_add(&c->ypx, &p->Y, &p->X);
    fe25x4_sub(&c->ymx, &p->Y, &p->X);
    fe25x4_add(&c->z2, &p->Z, &p->Z);
    GE25X4_MUL(&c->t2d, &p->T, d2);
}

/* Lane mask m (all-ones / zero per lane): -c in the lanes of m (swap Y+X and
 * Y-X, 2dT -> 2p - 2dT; needs 2dT <= 2p_i, true of R). */
F25519_FE25X4_INLINE void ge25x4_cached_cneg(ge25x4_cached *c, __m256i m)
{
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        __m256i s = _mm256_and_si256(m, _mm256_xor_si256(c->ypx.v[i], c->ymx.v[i]));
        c->ypx.v[i] = _mm256_xor_si256(c->ypx.v[i], s);
        c->ymx.v[i] = _mm256_xor_si256(c->ymx.v[i], s);
        __m256i t = c->t2d.v[i], n = _mm256_sub_epi64(fe25x4_kp(i, 2), t);
        c->t2d.v[i] = _mm256_xor_si256(t, _mm256_and_si256(m, _mm256_xor_si256(t, n)));
    }
}

/* The same for a halved affine addend (dxy <= 2p_i). */
F25519_FE25X4_INLINE void ge25x4_hpre_cneg(ge25x4_hpre *q, __m256i m)
{
#pragma GCC unroll 10
    for (int i = 0; i < 10; i++) {
        __m256i s = _mm256_and_si256(m, _mm256_xor_si256(q->ypx.v[i], q->ymx.v[i]));
        q->ypx.v[i] = _mm256_xor_si256(q->ypx.v[i], s);
        q->ymx.v[i] = _mm256_xor_si256(q->ymx.v[i], s);
        __m256i t = q->xyd.v[i], n = _mm256_sub_epi64(fe25x4_kp(i, 2), t);
        q->xyd.v[i] = _mm256_xor_si256(t, _mm256_and_si256(m, _mm256_xor_si256(t, n)));
    }
}

/* ---- two 4-lane points in lock step (8 lanes): every formula line runs for
 * set 0 then set 1, so two independent products are in flight where one
 * set's next line waits for its carries (the formulas and bounds above). */
#define GE25X4_SETS(stmt) for (int s_ = 0; s_ < 2; s_++) { stmt; }

F25519_FE25X4_INLINE void ge25x4_dbl_x2(ge25x4_p3 h[2], int want_t)
{
    fe25x4 xx[2], yy[2], zz[2], s[2], aa[2], yp[2], zp[2], xp[2], tp[2];
    GE25X4_SETS(GE25X4_SQR(&xx[s_], &h[s_].X))
    GE25X4_SETS(GE25X4_SQR(&yy[s_], &h[s_].Y))
    GE25X4_SETS(GE25X4_SQR(&zz[s_], &h[s_].Z))
    GE25X4_SETS(fe25x4_add(&s[s_], &h[s_].X, &h[s_].Y); GE25X4_SQR(&aa[s_], &s[s_]))
    GE25X4_SETS(fe25x4_add(&yp[s_], &yy[s_], &xx[s_]); fe25x4_sub(&zp[s_], &yy[s_], &xx[s_]);
                fe25x4_sub4p(&xp[s_], &aa[s_], &yp[s_]); fe25x4_carry(&xp[s_], &xp[s_]);
                fe25x4_add(&zz[s_], &zz[s_], &zz[s_]); fe25x4_sub4p(&tp[s_], &zz[s_], &zp[s_]);
                fe25x4_carry(&tp[s_], &tp[s_]))
    GE25X4_SETS(GE25X4_MUL(&h[s_].X, &xp[s_], &tp[s_]))
    GE25X4_SETS(GE25X4_MUL(&h[s_].Y, &yp[s_], &zp[s_]))
    GE25X4_SETS(GE25X4_MUL(&h[s_].Z, &zp[s_], &tp[s_]))
    if (want_t) GE25X4_SETS(GE25X4_MUL(&h[s_].T, &xp[s_], &yp[s_]))
}

F25519_FE25X4_INLINE void ge25x4_add_x2(ge25x4_p3 h[2], const ge25x4_cached q[2], int want_t)
{
    fe25x4 ypx[2], ymx[2], a[2], b[2], c[2], d[2], e[2], f[2], g[2], hh[2];
    GE25X4_SETS(fe25x4_add(&ypx[s_], &h[s_].Y, &h[s_].X); fe25x4_sub(&ymx[s_], &h[s_].Y, &h[s_].X))
    GE25X4_SETS(GE25X4_MUL(&a[s_], &ypx[s_], &q[s_].ypx))
    GE25X4_SETS(GE25X4_MUL(&b[s_], &ymx[s_], &q[s_].ymx))
    GE25X4_SETS(GE25X4_MUL(&c[s_], &h[s_].T, &q[s_].t2d))
    GE25X4_SETS(GE25X4_MUL(&d[s_], &h[s_].Z, &q[s_].z2))
    GE25X4_SETS(fe25x4_sub(&e[s_], &a[s_], &b[s_]); fe25x4_add(&hh[s_], &a[s_], &b[s_]);
                fe25x4_add(&g[s_], &d[s_], &c[s_]); fe25x4_sub(&f[s_], &d[s_], &c[s_]))
    GE25X4_SETS(GE25X4_MUL(&h[s_].X, &e[s_], &f[s_]))
    GE25X4_SETS(GE25X4_MUL(&h[s_].Y, &hh[s_], &g[s_]))
    GE25X4_SETS(GE25X4_MUL(&h[s_].Z, &g[s_], &f[s_]))
    if (want_t) GE25X4_SETS(GE25X4_MUL(&h[s_].T, &e[s_], &hh[s_]))
}

F25519_FE25X4_INLINE void ge25x4_madd_x2(ge25x4_p3 h[2], const ge25x4_hpre q[2], int want_t)
{
    fe25x4 ypx[2], ymx[2], a[2], b[2], c[2], e[2], f[2], g[2], hh[2];
    GE25X4_SETS(fe25x4_add(&ypx[s_], &h[s_].Y, &h[s_].X); fe25x4_sub(&ymx[s_], &h[s_].Y, &h[s_].X))
    GE25X4_SETS(GE25X4_MUL(&a[s_], &ypx[s_], &q[s_].ypx))
    GE25X4_SETS(GE25X4_MUL(&b[s_], &ymx[s_], &q[s_].ymx))
    GE25X4_SETS(GE25X4_MUL(&c[s_], &h[s_].T, &q[s_].xyd))
    GE25X4_SETS(fe25x4_sub(&e[s_], &a[s_], &b[s_]); fe25x4_add(&hh[s_], &a[s_], &b[s_]);
                fe25x4_add(&g[s_], &h[s_].Z, &c[s_]); fe25x4_sub(&f[s_], &h[s_].Z, &c[s_]))
    GE25X4_SETS(GE25X4_MUL(&h[s_].X, &e[s_], &f[s_]))
    GE25X4_SETS(GE25X4_MUL(&h[s_].Y, &hh[s_], &g[s_]))
    GE25X4_SETS(GE25X4_MUL(&h[s_].Z, &g[s_], &f[s_]))
    if (want_t) GE25X4_SETS(GE25X4_MUL(&h[s_].T, &e[s_], &hh[s_]))
}

/* Lane l of h = P[l] (ge51 limbs < 2^63) -> R; and back (fe51-reduced). */
F25519_FE25X4_INLINE void ge25x4_pack(ge25x4_p3 *h, const ge51_p3 P[4])
{
    fe51 f[4];
    for (int l = 0; l < 4; l++) f[l] = P[l].X;
    f25519_fe25x4_pack(&h->X, f);
    for (int l = 0; l < 4; l++) f[l] = P[l].Y;
    f25519_fe25x4_pack(&h->Y, f);
    for (int l = 0; l < 4; l++) f[l] = P[l].Z;
    f25519_fe25x4_pack(&h->Z, f);
    for (int l = 0; l < 4; l++) f[l] = P[l].T;
    f25519_fe25x4_pack(&h->T, f);
}

F25519_FE25X4_INLINE void ge25x4_unpack(ge51_p3 out[4], const ge25x4_p3 *h)
{
    fe51 f[4];
    f25519_fe25x4_unpack(f, &h->X);
    for (int l = 0; l < 4; l++) out[l].X = f[l];
    f25519_fe25x4_unpack(f, &h->Y);
    for (int l = 0; l < 4; l++) out[l].Y = f[l];
    f25519_fe25x4_unpack(f, &h->Z);
    for (int l = 0; l < 4; l++) out[l].Z = f[l];
    f25519_fe25x4_unpack(f, &h->T);
    for (int l = 0; l < 4; l++) out[l].T = f[l];
}
#endif
