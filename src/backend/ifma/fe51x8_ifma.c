/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * 8x1-way exponentiations (all lanes at once) for the IFMA backend: the
 * chains of field/pow_chain.h.
 */
#include "backend/ifma/fe51x8_ifma.h"
#include "field/pow_chain.h"

F25519_IFMA_TARGET void fe8_mul_f(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { fe8_mul(h, f, g); }
F25519_IFMA_TARGET void fe8_sqr_f(fe51x8 *h, const fe51x8 *f) { fe8_sqr(h, f); }

F25519_IFMA_TARGET static void sqr_n(fe51x8 *h, const fe51x8 *f, int n)
{
    fe51x8 t = *f;
    for (int i = 0; i < n; i++) fe8_sqr(&t, &t);
    *h = t;
}

#define FE8_MUL_(h, f, g) fe8_mul(h, f, g)
#define FE8_SQR_(h, f) fe8_sqr(h, f)
#define FE8_SQRN_(h, f, n) sqr_n(h, f, n)

F25519_IFMA_TARGET void fe8_invert(fe51x8 *out, const fe51x8 *z)
{
    fe51x8 t, z11, t0, t1, t2, z9;
    F25519_POW_2_250_1(FE8_MUL_, FE8_SQR_, FE8_SQRN_, &t, &z11, z, &t0, &t1, &t2, &z9);
    F25519_INVERT_TAIL(FE8_MUL_, FE8_SQRN_, out, &t, &z11);
}

F25519_IFMA_TARGET void fe8_pow22523(fe51x8 *out, const fe51x8 *z)
{
    fe51x8 t, z11, t0, t1, t2, z9;
    F25519_POW_2_250_1(FE8_MUL_, FE8_SQR_, FE8_SQRN_, &t, &z11, z, &t0, &t1, &t2, &z9);
    F25519_POW22523_TAIL(FE8_MUL_, FE8_SQRN_, out, &t, z);
}
