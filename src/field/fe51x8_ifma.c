/*
 * 8x1-way exponentiations (all lanes at once) for the IFMA backend.
 * Addition chain for z^(2^250 - 1) as in the portable field: 254 squarings
 * and 11 multiplications for the inversion.
 */
#include "field/fe51x8_ifma.h"

F25519_IFMA_TARGET void fe8_mul_f(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { fe8_mul(h, f, g); }
F25519_IFMA_TARGET void fe8_sqr_f(fe51x8 *h, const fe51x8 *f) { fe8_sqr(h, f); }

F25519_IFMA_TARGET static void sqr_n(fe51x8 *h, const fe51x8 *f, int n)
{
    fe51x8 t = *f;
    for (int i = 0; i < n; i++) fe8_sqr(&t, &t);
    *h = t;
}

/* out250 = z^(2^250 - 1), z11 = z^11. R in, R out. */
F25519_IFMA_TARGET static void pow_2_250_1(fe51x8 *out250, fe51x8 *z11, const fe51x8 *z)
{
    fe51x8 t0, t1, t2, z9;
    fe8_sqr(&t0, z);            /* 2 */
    sqr_n(&t1, &t0, 2);         /* 8 */
    fe8_mul(&z9, &t1, z);       /* 9 */
    fe8_mul(z11, &z9, &t0);     /* 11 */
    fe8_sqr(&t0, z11);          /* 22 */
    fe8_mul(&t0, &t0, &z9);     /* 2^5 - 1 */
    sqr_n(&t1, &t0, 5);
    fe8_mul(&t0, &t1, &t0);     /* 2^10 - 1 */
    sqr_n(&t1, &t0, 10);
    fe8_mul(&t1, &t1, &t0);     /* 2^20 - 1 */
    sqr_n(&t2, &t1, 20);
    fe8_mul(&t1, &t2, &t1);     /* 2^40 - 1 */
    sqr_n(&t1, &t1, 10);
    fe8_mul(&t0, &t1, &t0);     /* 2^50 - 1 */
    sqr_n(&t1, &t0, 50);
    fe8_mul(&t1, &t1, &t0);     /* 2^100 - 1 */
    sqr_n(&t2, &t1, 100);
    fe8_mul(&t1, &t2, &t1);     /* 2^200 - 1 */
    sqr_n(&t1, &t1, 50);
    fe8_mul(out250, &t1, &t0);  /* 2^250 - 1 */
}

F25519_IFMA_TARGET void fe8_invert(fe51x8 *out, const fe51x8 *z)
{
    fe51x8 t, z11;
    pow_2_250_1(&t, &z11, z);
    sqr_n(&t, &t, 5);
    fe8_mul(out, &t, &z11);     /* 2^255 - 21 = p - 2 */
}

F25519_IFMA_TARGET void fe8_pow22523(fe51x8 *out, const fe51x8 *z)
{
    fe51x8 t, z11;
    pow_2_250_1(&t, &z11, z);
    sqr_n(&t, &t, 2);
    fe8_mul(out, &t, z);        /* 2^252 - 3 */
}
