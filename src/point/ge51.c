/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Edwards25519 point arithmetic over fe51 (portable), a = -1 twisted Edwards
 * formulas of Hisil, Wong, Carter, Dawson (2008) in extended coordinates (Zhang et al., ENG25519,
 * eq. 5 and sec. 3.3; docs/references.md).
 *
 * Limb bounds (see fe51_inline.h): mul/sqr outputs are "reduced" (< 2^51 +
 * 2^13); fe51i_sub needs a reduced subtrahend, fe51i_sub4 one < 2^53; every
 * multiplication input stays < 2^54. Comments give the bound of each value.
 */
#include <string.h>
#include "point/ge51.h"
#include "field/fe51_inline.h"

void ge51_identity(ge51_p3 *h)
{
    fe51_0(&h->X);
    fe51_1(&h->Y);
    fe51_1(&h->Z);
    fe51_0(&h->T);
}

void ge51_p3_to_p2(ge51_p2 *r, const ge51_p3 *p)
{
    r->X = p->X;
    r->Y = p->Y;
    r->Z = p->Z;
}

void ge51_p3_to_cached(ge51_cached *r, const ge51_p3 *p)
{
    fe51i_add(&r->YplusX, &p->Y, &p->X);
    fe51i_carry(&r->YplusX, &r->YplusX);
    fe51i_sub(&r->YminusX, &p->Y, &p->X);
    fe51i_carry(&r->YminusX, &r->YminusX);
    r->Z = p->Z;
    fe51i_mul(&r->T2d, &p->T, &fe51_d2);
}

/* (E:G),(H:F) -> (EF : GH : FG : EH) with X=E, Y=H, Z=G, T=F. */
void ge51_p1p1_to_p3(ge51_p3 *r, const ge51_p1p1 *p)
{
    fe51i_mul(&r->X, &p->X, &p->T);
    fe51i_mul(&r->Y, &p->Y, &p->Z);
    fe51i_mul(&r->Z, &p->Z, &p->T);
    fe51i_mul(&r->T, &p->X, &p->Y);
}

void ge51_p1p1_to_p2(ge51_p2 *r, const ge51_p1p1 *p)
{
    fe51i_mul(&r->X, &p->X, &p->T);
    fe51i_mul(&r->Y, &p->Y, &p->Z);
    fe51i_mul(&r->Z, &p->Z, &p->T);
}

/* Doubling (HWCD "dbl-2008-hwcd", a = -1): XX = X^2, YY = Y^2, B = 2Z^2,
 * E = (X+Y)^2 - XX - YY = 2XY, G = YY - XX, F = B - G, H = YY + XX
 * (the a = -1 signs folded in). */
void ge51_p2_dbl(ge51_p1p1 *r, const ge51_p2 *p)
{
    fe51 xx, yy, b, s, ss;
    fe51i_sqr(&xx, &p->X);
    fe51i_sqr(&yy, &p->Y);
    fe51i_sqr(&b, &p->Z);
    fe51i_add(&b, &b, &b);              /* < 2^52 + 2^14 */
    fe51i_add(&s, &p->X, &p->Y);        /* < 2^52 + 2^14 */
    fe51i_sqr(&ss, &s);
    fe51i_add(&r->Y, &yy, &xx);         /* H < 2^52 + 2^14 */
    fe51i_sub(&r->Z, &yy, &xx);         /* G < 2^53 - 2^51 + 2^13 */
    fe51i_sub4(&r->X, &ss, &r->Y);      /* E < 2^54 */
    fe51i_sub4(&r->T, &b, &r->Z);       /* F < 2^54 */
}

void ge51_add_cached(ge51_p1p1 *r, const ge51_p3 *p, const ge51_cached *q)
{
    fe51 a, b, c, d;
    fe51i_sub(&a, &p->Y, &p->X);
    fe51i_add(&b, &p->Y, &p->X);
    fe51i_mul(&a, &a, &q->YminusX);
    fe51i_mul(&b, &b, &q->YplusX);
    fe51i_mul(&c, &p->T, &q->T2d);
    fe51i_mul(&d, &p->Z, &q->Z);
    fe51i_add(&d, &d, &d);
    fe51i_sub(&r->X, &b, &a);           /* E */
    fe51i_add(&r->Y, &b, &a);           /* H */
    fe51i_add(&r->Z, &d, &c);           /* G */
    fe51i_sub(&r->T, &d, &c);           /* F */
}

void ge51_sub_cached(ge51_p1p1 *r, const ge51_p3 *p, const ge51_cached *q)
{
    fe51 a, b, c, d;
    fe51i_sub(&a, &p->Y, &p->X);
    fe51i_add(&b, &p->Y, &p->X);
    fe51i_mul(&a, &a, &q->YplusX);
    fe51i_mul(&b, &b, &q->YminusX);
    fe51i_mul(&c, &p->T, &q->T2d);
    fe51i_mul(&d, &p->Z, &q->Z);
    fe51i_add(&d, &d, &d);
    fe51i_sub(&r->X, &b, &a);
    fe51i_add(&r->Y, &b, &a);
    fe51i_sub(&r->Z, &d, &c);
    fe51i_add(&r->T, &d, &c);
}

void ge51_madd(ge51_p1p1 *r, const ge51_p3 *p, const ge51_precomp *q)
{
    fe51 a, b, c, d;
    fe51i_sub(&a, &p->Y, &p->X);
    fe51i_add(&b, &p->Y, &p->X);
    fe51i_mul(&a, &a, &q->yminusx);
    fe51i_mul(&b, &b, &q->yplusx);
    fe51i_mul(&c, &p->T, &q->xy2d);
    fe51i_add(&d, &p->Z, &p->Z);
    fe51i_sub(&r->X, &b, &a);
    fe51i_add(&r->Y, &b, &a);
    fe51i_add(&r->Z, &d, &c);
    fe51i_sub(&r->T, &d, &c);
}

void ge51_msub(ge51_p1p1 *r, const ge51_p3 *p, const ge51_precomp *q)
{
    fe51 a, b, c, d;
    fe51i_sub(&a, &p->Y, &p->X);
    fe51i_add(&b, &p->Y, &p->X);
    fe51i_mul(&a, &a, &q->yplusx);
    fe51i_mul(&b, &b, &q->yminusx);
    fe51i_mul(&c, &p->T, &q->xy2d);
    fe51i_add(&d, &p->Z, &p->Z);
    fe51i_sub(&r->X, &b, &a);
    fe51i_add(&r->Y, &b, &a);
    fe51i_sub(&r->Z, &d, &c);
    fe51i_add(&r->T, &d, &c);
}

void ge51_add(ge51_p3 *r, const ge51_p3 *p, const ge51_p3 *q)
{
    ge51_cached c;
    ge51_p1p1 t;
    ge51_p3_to_cached(&c, q);
    ge51_add_cached(&t, p, &c);
    ge51_p1p1_to_p3(r, &t);
}

void ge51_dbl(ge51_p3 *r, const ge51_p3 *p)
{
    ge51_p2 q;
    ge51_p1p1 t;
    ge51_p3_to_p2(&q, p);
    ge51_p2_dbl(&t, &q);
    ge51_p1p1_to_p3(r, &t);
}

void ge51_neg(ge51_p3 *r, const ge51_p3 *p)
{
    fe51_neg(&r->X, &p->X);
    r->Y = p->Y;
    r->Z = p->Z;
    fe51_neg(&r->T, &p->T);
}

void ge51_p3_to_precomp(ge51_precomp *r, const ge51_p3 *p)
{
    fe51 zi, x, y;
    fe51_invert(&zi, &p->Z);
    fe51i_mul(&x, &p->X, &zi);
    fe51i_mul(&y, &p->Y, &zi);
    fe51i_add(&r->yplusx, &y, &x);
    fe51i_carry(&r->yplusx, &r->yplusx);
    fe51i_sub(&r->yminusx, &y, &x);
    fe51i_carry(&r->yminusx, &r->yminusx);
    fe51i_mul(&r->xy2d, &x, &y);
    fe51i_mul(&r->xy2d, &r->xy2d, &fe51_d2);
}

/* -(x, y) = (-x, y): swap y+x and y-x, negate 2dxy. */
void ge51_precomp_neg(ge51_precomp *r, const ge51_precomp *p)
{
    fe51 t = p->yplusx;
    r->yplusx = p->yminusx;
    r->yminusx = t;
    fe51_neg(&r->xy2d, &p->xy2d);
}

void ge51_tobytes(uint8_t s[32], const ge51_p3 *h)
{
    fe51 zi, x, y;
    fe51_invert(&zi, &h->Z);
    fe51i_mul(&x, &h->X, &zi);
    fe51i_mul(&y, &h->Y, &zi);
    fe51_tobytes(s, &y);
    s[31] ^= (uint8_t)(fe51_isnegative(&x) << 7);
}

void ge51_to_montgomery_u(uint8_t u[32], const ge51_p3 *p)
{
    fe51 n, d, u_;
    fe51i_add(&n, &p->Z, &p->Y);
    fe51i_sub(&d, &p->Z, &p->Y);
    fe51_invert(&d, &d);
    fe51i_mul(&u_, &n, &d);
    fe51_tobytes(u, &u_);
}

/* 1 when f = 0 mod p; public f, limbs < 2^63. Two carry rounds leave limbs
 * 1..4 < 2^51 and limb 0 < 2^51 + 19, a value below 2^255 + 19 < 2p: zero
 * mod p iff it is 0 or p, whose only such limbs are (2^51 - 19, 2^51 - 1,
 * ...). Cheaper than the full reduction of fe51_iszero. */
static int iszero_vartime(const fe51 *f)
{
    uint64_t h[5] = {f->v[0], f->v[1], f->v[2], f->v[3], f->v[4]};
    for (int r = 0; r < 2; r++) {
        for (int i = 0; i < 4; i++) h[i + 1] += h[i] >> 51, h[i] &= FE51_MASK;
        h[0] += (h[4] >> 51) * 19, h[4] &= FE51_MASK;
    }
    if ((h[0] | h[1] | h[2] | h[3] | h[4]) == 0) return 1;
    return h[0] == FE51_MASK - 18 && (h[1] & h[2] & h[3] & h[4]) == FE51_MASK;
}

int ge51_is_identity_vartime(const ge51_p3 *p)
{
    fe51 t;
    if (!iszero_vartime(&p->X)) return 0;
    fe51i_carry(&t, &p->Z);
    fe51i_sub(&t, &p->Y, &t);
    return iszero_vartime(&t);
}

int ge51_is_small_order_vartime(const ge51_p3 *p)
{
    ge51_p3 q;
    ge51_dbl(&q, p);
    ge51_dbl(&q, &q);
    ge51_dbl(&q, &q);
    return ge51_is_identity_vartime(&q);
}
