/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * 8x1-way Edwards25519 point arithmetic (Zhang et al., ENG25519, sec. 3.3;
 * docs/references.md): eight independent points,
 * one per lane, over the 8x1-way IFMA field. Curve -x^2 + y^2 = 1 + d x^2 y^2,
 * extended coordinates (X:Y:Z:T), x = X/Z, y = Y/Z, T = XY/Z.
 *
 * Bounds: every coordinate stored in these types is R (limbs < 2^51 + 2^14,
 * see fe51x8_ifma.h): each is the output of a carried field operation;
 * the one exception, ge8_madd_w's X, Y, Z (W), is read by ge8_madd_w and
 * ge8_to_cached only.
 * The unified formulas (ENG25519 eq. 5) are complete on this curve (a = -1 is a
 * square, d is not), so identity and equal inputs need no special case.
 */
#ifndef F25519_GE51X8_IFMA_H
#define F25519_GE51X8_IFMA_H
#include "backend/ifma/fe51x8_ifma.h"
#include "point/ge51.h"

typedef struct { fe51x8 X, Y, Z, T; } ge8_p3;
/* affine precomputed point (Z = 1): y + x, y - x, 2 d x y */
typedef struct { fe51x8 ypx, ymx, xy2d; } ge8_precomp;
/* projective cached point: Y + X, Y - X, 2 Z, 2 d T */
typedef struct { fe51x8 ypx, ymx, z2, t2d; } ge8_cached;

extern const fe51 f25519_ifma_dinv; /* 1/d, limbs < 2^51 */

F25519_IFMA_INLINE void ge8_identity(ge8_p3 *h)
{
    fe8_0(&h->X);
    fe8_1(&h->Y);
    fe8_1(&h->Z);
    fe8_0(&h->T);
}

/* r = the point of an affine precomputed q (y + x, y - x, 2dxy), in
 * projective form with Z = 2: X = 2x, Y = 2y, T = 2xy = 2dxy / d (1M instead
 * of a 7M addition to the identity). The identity entry (1, 1, 0) gives
 * (0 : 2 : 2 : 0). */
F25519_IFMA_INLINE void ge8_from_precomp(ge8_p3 *r, const ge8_precomp *q)
{
    fe51x8 di;
    fe8_bcast(&di, &f25519_ifma_dinv);
    fe8_sub(&r->X, &q->ypx, &q->ymx);
    fe8_add(&r->Y, &q->ypx, &q->ymx);
    fe8_0(&r->Z);
    r->Z.v[0] = _mm512_set1_epi64(2);
    fe8_mul(&r->T, &q->xy2d, &di);
}

/* r = p + q, q affine precomputed: 7M (ENG25519 eq. 5 with Z_Q = 1).
 * A = (Y-X)(y-x), B = (Y+X)(y+x), C = T 2dxy, D = 2Z,
 * E = B - A, F = D - C, G = D + C, H = B + A; X = EF, Y = GH, Z = FG, T = EH.
 * with_t = 0 skips T (the result then only feeds a doubling).
 * A, B, C stay W (folded, not carried: fe8_mul_w); E, F, G, H are carried
 * by their own addition (fe8_sub_w: 1024p offset; fe8_add) to < 2^51 + 2^16. */
F25519_IFMA_INLINE void ge8_madd_t(ge8_p3 *r, const ge8_p3 *p, const ge8_precomp *q, int with_t)
{
    fe51x8 a, b, c, d, e, f, g, h;
    fe8_sub(&a, &p->Y, &p->X);
    fe8_add(&b, &p->Y, &p->X);
    fe8_mul_w(&a, &a, &q->ymx);
    fe8_mul_w(&b, &b, &q->ypx);
    fe8_mul_w(&c, &p->T, &q->xy2d);
    fe8_add(&d, &p->Z, &p->Z);
    fe8_sub_w(&e, &b, &a);
    fe8_sub_w(&f, &d, &c);
    fe8_add(&g, &d, &c);
    fe8_add(&h, &b, &a);
    fe8_mul(&r->X, &e, &f);
    fe8_mul(&r->Y, &g, &h);
    fe8_mul(&r->Z, &f, &g);
    if (with_t) fe8_mul(&r->T, &e, &h);
}
F25519_IFMA_INLINE void ge8_madd(ge8_p3 *r, const ge8_p3 *p, const ge8_precomp *q)
{
    ge8_madd_t(r, p, q, 1);
}

/* r = p + q or p - q by lane (neg), q affine precomputed: ge8_madd_t's 7M
 * for an accumulator whose X, Y, Z are W (Pippenger's buckets: they are
 * only added to, never multiplied, so their carries are left out): p's X,
 * Y, Z < W8 (or R; T R), r's X, Y, Z W (fe8_mul_w) and T R. Y - X by
 * fe8_sub_w, Y + X and 2Z + C by fe8_add[W], D = 2Z uncarried (< 2 W8: the
 * fe8_sub_w[2W] row). -q is (y-x, y+x, -2dxy): in the lanes of neg the
 * operands y+x and y-x are swapped and, for the sign of C, F and G. */
F25519_IFMA_INLINE void ge8_madd_w(ge8_p3 *r, const ge8_p3 *p, const ge8_precomp *q, __mmask8 neg)
{
    fe51x8 a, b, c, d, e, f, g, h, qp, qm;
    fe8_blend(&qp, &q->ypx, &q->ymx, neg);
    fe8_blend(&qm, &q->ymx, &q->ypx, neg);
    fe8_sub_w(&a, &p->Y, &p->X);
    fe8_add(&b, &p->Y, &p->X);
    fe8_mul_w(&a, &a, &qm);
    fe8_mul_w(&b, &b, &qp);
    fe8_mul_w(&c, &p->T, &q->xy2d);
    fe8_add_nc(&d, &p->Z, &p->Z);
    fe8_sub_w(&e, &b, &a);
    fe8_sub_w(&f, &d, &c);
    fe8_add(&g, &d, &c);
    fe8_add(&h, &b, &a);
    fe8_blend(&a, &f, &g, neg);
    fe8_blend(&g, &g, &f, neg);
    fe8_mul_w(&r->X, &e, &a);
    fe8_mul_w(&r->Y, &g, &h);
    fe8_mul_w(&r->Z, &a, &g);
    fe8_mul(&r->T, &e, &h);
}

/* r = p + q, q cached: 8M. A, B, C, D stay W and E, F, G, H are carried
 * by their own addition, as in ge8_madd_t. */
F25519_IFMA_INLINE void ge8_add(ge8_p3 *r, const ge8_p3 *p, const ge8_cached *q)
{
    fe51x8 a, b, c, d, e, f, g, h;
    fe8_sub(&a, &p->Y, &p->X);
    fe8_add(&b, &p->Y, &p->X);
    fe8_mul_w(&a, &a, &q->ymx);
    fe8_mul_w(&b, &b, &q->ypx);
    fe8_mul_w(&c, &p->T, &q->t2d);
    fe8_mul_w(&d, &p->Z, &q->z2);
    fe8_sub_w(&e, &b, &a);
    fe8_sub_w(&f, &d, &c);
    fe8_add(&g, &d, &c);
    fe8_add(&h, &b, &a);
    fe8_mul(&r->X, &e, &f);
    fe8_mul(&r->Y, &g, &h);
    fe8_mul(&r->Z, &f, &g);
    fe8_mul(&r->T, &e, &h);
}

/* p's X, Y, Z may be W (ge8_madd_w's buckets) or R, T R: Y - X by
 * fe8_sub_w, the sums by fe8_add (its W row); every output < 2^52. */
F25519_IFMA_INLINE void ge8_to_cached(ge8_cached *c, const ge8_p3 *p)
{
    fe51x8 d2;
    fe8_bcast(&d2, &fe51_d2);
    fe8_add(&c->ypx, &p->Y, &p->X);
    fe8_sub_w(&c->ymx, &p->Y, &p->X);
    fe8_add(&c->z2, &p->Z, &p->Z);
    fe8_mul(&c->t2d, &p->T, &d2);
}

/* r = 2p: 4S + 4M (3M with with_t = 0; T of p is not read).
 * XX = X^2, YY = Y^2, ZZ = Z^2, S = (X + Y)^2 (the four squares W);
 * Y' = YY + XX, Z' = YY - XX, X' = S - Y', T' = 2 ZZ - Z' (each carried by
 * its own addition: fe8_add, fe8_sub_w; 2 ZZ < 2 W, the fe8_sub_w[2W] row);
 * X = X'T', Y = Y'Z', Z = Z'T', T = X'Y'. */
F25519_IFMA_INLINE void ge8_dbl_t(ge8_p3 *r, const ge8_p3 *p, int with_t)
{
    fe51x8 xx, yy, zz, s, y1, z1, x1, t1;
    fe8_sqr_w(&xx, &p->X);
    fe8_sqr_w(&yy, &p->Y);
    fe8_sqr_w(&zz, &p->Z);
    fe8_add(&s, &p->X, &p->Y);
    fe8_sqr_w(&s, &s);
    fe8_add_nc(&zz, &zz, &zz);
    fe8_add(&y1, &yy, &xx);
    fe8_sub_w(&z1, &yy, &xx);
    fe8_sub_w(&x1, &s, &y1);
    fe8_sub_w(&t1, &zz, &z1);
    fe8_mul(&r->X, &x1, &t1);
    fe8_mul(&r->Y, &y1, &z1);
    fe8_mul(&r->Z, &z1, &t1);
    if (with_t) fe8_mul(&r->T, &x1, &y1);
}
F25519_IFMA_INLINE void ge8_dbl(ge8_p3 *r, const ge8_p3 *p)
{
    ge8_dbl_t(r, p, 1);
}

/* Lane-wise negation-free conditional select of precomputed points. */
F25519_IFMA_INLINE void ge8_precomp_cneg(ge8_precomp *h, __mmask8 neg)
{
    /* -P: swap y+x / y-x and negate 2dxy, in the lanes of neg */
    fe51x8 t, n;
    fe8_blend(&t, &h->ypx, &h->ymx, neg);
    fe8_blend(&h->ymx, &h->ymx, &h->ypx, neg);
    h->ypx = t;
    fe8_neg(&n, &h->xy2d);
    fe8_blend(&h->xy2d, &h->xy2d, &n, neg);
}

/* Pack/unpack eight portable points (ge51_p3, limbs < 2^52 expected) and
 * the out-of-line 8x1 operations (ge51x8_ifma.c) used by tests/tools. */
void ge8_pack(ge8_p3 *h, const ge51_p3 p[8]);
void ge8_unpack(ge51_p3 p[8], const ge8_p3 *h);
void ge8_add_f(ge8_p3 *r, const ge8_p3 *p, const ge8_p3 *q);
void ge8_dbl_f(ge8_p3 *r, const ge8_p3 *p);
void ge8_madd_f(ge8_p3 *r, const ge8_p3 *p, const ge8_precomp *q);
#endif
