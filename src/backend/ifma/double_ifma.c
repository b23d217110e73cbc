/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * [a]A + [b]B for verification with AVX-512IFMA: one point in the four lanes
 * of a ymm vector (backend/ifma/ge51_1x4_ifma.h), interleaved w-NAF (scalarmult/
 * recode.h) with w = 5 for A (odd multiples computed per call) and w = 10
 * for B (f25519_ifma_base_table_naf). Public inputs: digits index the tables
 * directly (variable time is allowed here).
 */
#include "backend/ifma/double_ifma.h"
#include "tables/ifma_base.h"
#include "backend/ifma/ge51x8_ifma.h"
#include "backend/ifma/ge51_1x4_ifma.h"
#include "scalarmult/recode.h"

F25519_IFMA_INLINE void ge14_set(fe51x4 *h, const fe51 *a, const fe51 *b, const fe51 *c, const fe51 *d)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
        h->v[i] = _mm256_setr_epi64x((long long)a->v[i], (long long)b->v[i], (long long)c->v[i],
                                     (long long)d->v[i]);
}

#ifndef WA
#define WA 5 /* w-NAF width for A */
#endif
#ifndef WB
#define WB 10 /* w-NAF width for B: the table holds 2^(WB-2) odd multiples */
#endif

/* k112 = [1, 1, 2d, 2] (ge14_to_pre's factors); id = the identity [0, 1, 0, 1] */
F25519_IFMA_INLINE void ge14_consts(fe51x4 *k112, ge14 *id)
{
    fe51 one, two, zero;
    fe51_1(&one);
    fe51_0(&zero);
    fe51_0(&two);
    two.v[0] = 2;
    ge14_set(k112, &one, &one, &fe51_d2, &two);
    ge14_set(id, &zero, &one, &zero, &one);
}

/* acc += [y]B for a non-zero digit y of a width-WB NAF (f25519_ifma_base_table_naf) */
F25519_IFMA_INLINE void ge14_add_b(ge14 *acc, int y)
{
    ge14_pre q;
    const uint64_t(*e)[4] = f25519_ifma_base_table_naf[(y > 0 ? y : -y) >> 1];
#pragma GCC unroll 5
    for (int j = 0; j < 5; j++) q.v[j] = _mm256_load_si256((const __m256i *)e[j]);
    if (y < 0) ge14_pre_neg(&q, &q);
    ge14_add(acc, acc, &q);
}

/* out = the point in acc's lanes [X, Y, T, Z] */
F25519_IFMA_INLINE void ge14_store(ge51_p3 *out, const ge14 *acc)
{
    uint64_t lanes[5][4] __attribute__((aligned(32)));
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) _mm256_store_si256((__m256i *)lanes[i], acc->v[i]);
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        out->X.v[i] = lanes[i][0];
        out->Y.v[i] = lanes[i][1];
        out->T.v[i] = lanes[i][2];
        out->Z.v[i] = lanes[i][3];
    }
}

F25519_IFMA_TARGET void f25519_ifma_double_scalar_1x4(ge51_p3 *out, const uint8_t a[32],
                                                      const ge51_p3 *A, const uint8_t b[32])
{
    int16_t na[256], nb[256];
    int ta = f25519_wnaf_vartime(na, a, WA), tb = f25519_wnaf_vartime(nb, b, WB);
    int top = ta > tb ? ta : tb;
    fe51x4 k112;
    ge14 id;
    ge14_consts(&k112, &id);

    /* odd multiples of A: pa[i] = (2i + 1) A, in pre form and negated */
    ge14_pre pa[16], pan[16];
    ge14 p1, p2, acc;
    ge14_set(&p1, &A->X, &A->Y, &A->T, &A->Z);
    ge14_dbl(&p2, &p1);
    ge14_pre p2pre;
    ge14_to_pre(&p2pre, &p2, &k112);
    ge14_to_pre(&pa[0], &p1, &k112);
    acc = p1;
    for (int i = 1; i < (1 << (WA - 2)); i++) {
        ge14_add(&acc, &acc, &p2pre);
        ge14_to_pre(&pa[i], &acc, &k112);
    }
    for (int i = 0; i < (1 << (WA - 2)); i++) ge14_pre_neg(&pan[i], &pa[i]);

    acc = id;
    int started = 0;
    for (int i = top - 1; i >= 0; i--) {
        if (started) ge14_dbl(&acc, &acc);
        int x = na[i], y = nb[i];
        if (x) {
            ge14_add(&acc, &acc, x > 0 ? &pa[x >> 1] : &pan[(-x) >> 1]);
            started = 1;
        }
        if (y) {
            ge14_add_b(&acc, y);
            started = 1;
        }
    }
    ge14_store(out, &acc);
}

void f25519_ifma_double_scalar(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A,
                               const uint8_t b[32])
{
    f25519_ifma_double_scalar_1x4(out, a, A, b);
}

/* out = sum_{w < nw} [2^(c w)] T_w + [b]B (b NULL: no B term): the chain of
 * doublings that combines the window sums of a bucket multi-scalar
 * multiplication (msm_buckets_ifma.c), Horner's rule from the top window
 * down with b's width-WB NAF additions from f25519_ifma_base_table_naf
 * interleaved, as msm_wnaf.h's _horner does with radix-2^64 points (the
 * mulx backend's), here with the 1x4 points of single verification: a
 * doubling is two 4-lane products, and the chain takes about 60% of the
 * time of mulx's _horner. Public inputs (variable time). */
F25519_IFMA_TARGET void f25519_ifma_msm_horner(ge51_p3 *out, int nw, int c, const ge51_p3 *T, const uint8_t *b)
{
    int16_t nb[256];
    int top = b ? f25519_wnaf_vartime(nb, b, WB) : 0;
    if (nw > 0 && c * (nw - 1) + 1 > top) top = c * (nw - 1) + 1;
    fe51x4 k112;
    ge14 acc;
    ge14_consts(&k112, &acc);
    int started = 0;
    for (int i = top - 1; i >= 0; i--) {
        if (started) ge14_dbl(&acc, &acc);
        if (i % c == 0 && i / c < nw) {
            /* T_w's limbs carried (fe51_carry: < 2^51 + 1, the R4 bound
             * of ge14_to_pre's input) */
            const ge51_p3 *t = &T[i / c];
            fe51 x, y, tt, z;
            fe51_carry(&x, &t->X);
            fe51_carry(&y, &t->Y);
            fe51_carry(&tt, &t->T);
            fe51_carry(&z, &t->Z);
            ge14 p;
            ge14_pre q;
            ge14_set(&p, &x, &y, &tt, &z);
            ge14_to_pre(&q, &p, &k112);
            ge14_add(&acc, &acc, &q);
            started = 1;
        }
        int y = b && i < 256 ? nb[i] : 0;
        if (y) {
            ge14_add_b(&acc, y);
            started = 1;
        }
    }
    ge14_store(out, &acc);
}
