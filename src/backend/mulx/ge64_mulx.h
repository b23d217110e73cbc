/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Edwards25519 point formulas of the mulx backend over its radix-2^64 field
 * (backend/mulx/fe64_mulx.h): the same HWCD a = -1 extended-coordinate formulas and
 * forms as ge51.h (p3, p2, p1p1, cached, precomp), for scalarmult/{ladder,base,double}_mulx.c.
 * Include only under #if F25519_HAVE_MULX (arch/mulx_asm.h).
 */
#ifndef F25519_GE64_MULX_H
#define F25519_GE64_MULX_H
#include "backend/mulx/fe64_mulx.h"
#include "point/ge51.h"

typedef struct { fe64 X, Y, Z, T; } ge64_p3;
typedef struct { fe64 X, Y, Z; } ge64_p2;
typedef struct { fe64 X, Y, Z, T; } ge64_p1p1; /* X=E, Y=H, Z=G, T=F */
typedef struct { fe64 YpX, YmX, Z, T2d; } ge64_cached;
typedef struct { fe64 ypx, ymx, xy2d; } ge64_precomp;

static inline void ge64_identity(ge64_p3 *h)
{
    static const fe64 zero = {{0, 0, 0, 0}}, one = {{1, 0, 0, 0}};
    h->X = zero;
    h->Y = one;
    h->Z = one;
    h->T = zero;
}

static inline void ge64_p1p1_to_p3(ge64_p3 *r, const ge64_p1p1 *p)
{
    fe64_mul(&r->X, &p->X, &p->T);
    fe64_mul(&r->Y, &p->Y, &p->Z);
    fe64_mul(&r->Z, &p->Z, &p->T);
    fe64_mul(&r->T, &p->X, &p->Y);
}

static inline void ge64_p1p1_to_p2(ge64_p2 *r, const ge64_p1p1 *p)
{
    fe64_mul(&r->X, &p->X, &p->T);
    fe64_mul(&r->Y, &p->Y, &p->Z);
    fe64_mul(&r->Z, &p->Z, &p->T);
}

/* dbl-2008-hwcd, a = -1 (see ge51_p2_dbl). */
static inline void ge64_p2_dbl(ge64_p1p1 *r, const ge64_p2 *p)
{
    fe64 xx, yy, b, s, ss;
    fe64_sqr(&xx, &p->X);
    fe64_sqr(&yy, &p->Y);
    fe64_add(&s, &p->X, &p->Y);
    fe64_sqr(&b, &p->Z);
    fe64_sqr(&ss, &s);
    fe64_add(&b, &b, &b);
    fe64_addsub(&r->Y, &r->Z, &yy, &xx); /* H = YY + XX, G = YY - XX */
    fe64_sub(&r->X, &ss, &r->Y);         /* E = (X+Y)^2 - H */
    fe64_sub(&r->T, &b, &r->Z);          /* F = 2Z^2 - G */
}

static inline void ge64_madd(ge64_p1p1 *r, const ge64_p3 *p, const ge64_precomp *q)
{
    fe64 a, b, c, d, A, B;
    fe64_addsub(&b, &a, &p->Y, &p->X);
    fe64_mul(&A, &a, &q->ymx);
    fe64_mul(&B, &b, &q->ypx);
    fe64_mul(&c, &p->T, &q->xy2d);
    fe64_add(&d, &p->Z, &p->Z);
    fe64_addsub(&r->Y, &r->X, &B, &A);   /* H = B + A, E = B - A */
    fe64_addsub(&r->Z, &r->T, &d, &c);   /* G = D + C, F = D - C */
}

static inline void ge64_msub(ge64_p1p1 *r, const ge64_p3 *p, const ge64_precomp *q)
{
    fe64 a, b, c, d, A, B;
    fe64_addsub(&b, &a, &p->Y, &p->X);
    fe64_mul(&A, &a, &q->ypx);
    fe64_mul(&B, &b, &q->ymx);
    fe64_mul(&c, &p->T, &q->xy2d);
    fe64_add(&d, &p->Z, &p->Z);
    fe64_addsub(&r->Y, &r->X, &B, &A);
    fe64_addsub(&r->T, &r->Z, &d, &c);   /* G = D - C, F = D + C */
}

static inline void ge64_add_cached(ge64_p1p1 *r, const ge64_p3 *p, const ge64_cached *q)
{
    fe64 a, b, c, d, A, B;
    fe64_addsub(&b, &a, &p->Y, &p->X);
    fe64_mul(&A, &a, &q->YmX);
    fe64_mul(&B, &b, &q->YpX);
    fe64_mul(&c, &p->T, &q->T2d);
    fe64_mul(&d, &p->Z, &q->Z);
    fe64_add(&d, &d, &d);
    fe64_addsub(&r->Y, &r->X, &B, &A);
    fe64_addsub(&r->Z, &r->T, &d, &c);
}

static inline void ge64_sub_cached(ge64_p1p1 *r, const ge64_p3 *p, const ge64_cached *q)
{
    fe64 a, b, c, d, A, B;
    fe64_addsub(&b, &a, &p->Y, &p->X);
    fe64_mul(&A, &a, &q->YpX);
    fe64_mul(&B, &b, &q->YmX);
    fe64_mul(&c, &p->T, &q->T2d);
    fe64_mul(&d, &p->Z, &q->Z);
    fe64_add(&d, &d, &d);
    fe64_addsub(&r->Y, &r->X, &B, &A);
    fe64_addsub(&r->T, &r->Z, &d, &c);
}

static inline void ge64_p3_to_cached(ge64_cached *r, const ge64_p3 *p, const fe64 *d2)
{
    fe64_addsub(&r->YpX, &r->YmX, &p->Y, &p->X);
    r->Z = p->Z;
    fe64_mul(&r->T2d, &p->T, d2);
}

static inline void ge64_precomp_from51(ge64_precomp *r, const ge51_precomp *p)
{
    fe64_from_fe51(&r->ypx, &p->yplusx);
    fe64_from_fe51(&r->ymx, &p->yminusx);
    fe64_from_fe51(&r->xy2d, &p->xy2d);
}

static inline void ge64_from51(ge64_p3 *r, const ge51_p3 *p)
{
    fe51 t;
    fe51_carry(&t, &p->X); fe64_from_fe51(&r->X, &t);
    fe51_carry(&t, &p->Y); fe64_from_fe51(&r->Y, &t);
    fe51_carry(&t, &p->Z); fe64_from_fe51(&r->Z, &t);
    fe51_carry(&t, &p->T); fe64_from_fe51(&r->T, &t);
}

static inline void ge64_to51(ge51_p3 *r, const ge64_p3 *p)
{
    fe64_to_fe51(&r->X, &p->X);
    fe64_to_fe51(&r->Y, &p->Y);
    fe64_to_fe51(&r->Z, &p->Z);
    fe64_to_fe51(&r->T, &p->T);
}
#endif
