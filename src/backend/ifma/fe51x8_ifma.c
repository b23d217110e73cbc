/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * 8x1-way exponentiations (all lanes at once) for the IFMA backend: the
 * chains of field/pow_chain.h; fe8_pow22523_2: two of them in lock step (each
 * is one dependent sequence of squarings: the out-of-order core overlaps the
 * two).
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

/* The lock-step steps on lane pairs (h[k] from f[k], g[k]), out of line: with
 * every step inlined the chain outgrows the instruction cache. Both lanes stay
 * in registers in one loop (the out-of-order core overlaps the two chains). */
F25519_IFMA_TARGET __attribute__((noinline)) static void sqr2_n(fe51x8 h[2], const fe51x8 f[2], int n)
{
    fe51x8 a = f[0], b = f[1];
    for (int i = 0; i < n; i++) {
        fe8_sqr(&a, &a);
        fe8_sqr(&b, &b);
    }
    h[0] = a;
    h[1] = b;
}

F25519_IFMA_TARGET __attribute__((noinline)) static void mul2(fe51x8 h[2], const fe51x8 f[2], const fe51x8 g[2])
{
    fe51x8 a, b;
    fe8_mul(&a, &f[0], &g[0]);
    fe8_mul(&b, &f[1], &g[1]);
    h[0] = a;
    h[1] = b;
}

#define FE8N_MUL_(h, f, g) mul2(h, f, g)
#define FE8N_SQR_(h, f) sqr2_n(h, f, 1)
#define FE8N_SQRN_(h, f, n) sqr2_n(h, f, n)

/* out_a = a^((p-5)/8), out_b = b^((p-5)/8): the sixteen square roots of
 * frombytes_x16 (public data, nothing to wipe). */
F25519_IFMA_TARGET void fe8_pow22523_2(fe51x8 *out_a, fe51x8 *out_b, const fe51x8 *a, const fe51x8 *b)
{
    enum { N = 2 };
    fe51x8 in[2] = { *a, *b }, o[N], t[N], z11[N], t0[N], t1[N], t2[N], z9[N];
    F25519_POW_2_250_1(FE8N_MUL_, FE8N_SQR_, FE8N_SQRN_, t, z11, in, t0, t1, t2, z9);
    F25519_POW22523_TAIL(FE8N_MUL_, FE8N_SQRN_, o, t, in);
    *out_a = o[0];
    *out_b = o[1];
}
