/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * 2x4-way Edwards25519 point arithmetic (Zhang et al., ENG25519, Alg. 1 and its doubling;
 * docs/references.md):
 * one fe51x8 holds two points, lanes [X, Y, T, Z | X, Y, T, Z] (half 0 =
 * lanes 0-3, half 1 = lanes 4-7); each 8x1-way multiplication computes four
 * products for each of the two points. Within-half permutations use
 * vpermq with an immediate (ENG25519 Appendix A, PERM); masked adds/subs are
 * MADD/MSUB.
 *
 * "pre" form of a point Q (the second addend, ENG25519 Alg. 1):
 *   [Y - X, Y + X, 2dT, 2Z] per half.
 * Bounds: every stored vector is R (fe51x8_ifma.h); subtractions add 4p
 * (limbs >= 2^53 - 76, above any R subtrahend) and every vector is carried
 * before it is multiplied.
 */
#ifndef F25519_GE51_2X4_IFMA_H
#define F25519_GE51_2X4_IFMA_H
#include "backend/ifma/fe51x8_ifma.h"
#include "point/ge51.h"

typedef fe51x8 ge24;      /* [X, Y, T, Z | X, Y, T, Z] */
typedef fe51x8 ge24_pre;  /* [Y-X, Y+X, 2dT, 2Z | ...] */

#define GE24_PERM(v, imm) _mm512_permutex_epi64((v), (imm))
/* lane index list (a, b, c, d) -> vpermq immediate */
#define GE24_IMM(a, b, c, d) ((a) | ((b) << 2) | ((c) << 4) | ((d) << 6))

F25519_IFMA_INLINE __m512i ge24_4p(int i)
{
    return _mm512_set1_epi64(i == 0 ? 0x1fffffffffffb4LL : 0x1ffffffffffffcLL);
}

/* r = perm(a, imm) on every limb (a macro: the immediate must be a constant
 * expression for clang) */
#define ge24_perm_fe(r, a, imm)                                                \
    do {                                                                       \
        fe51x8 *r_ = (r);                                                      \
        const fe51x8 *a_ = (a);                                                \
        r_->v[0] = _mm512_permutex_epi64(a_->v[0], (imm));                     \
        r_->v[1] = _mm512_permutex_epi64(a_->v[1], (imm));                     \
        r_->v[2] = _mm512_permutex_epi64(a_->v[2], (imm));                     \
        r_->v[3] = _mm512_permutex_epi64(a_->v[3], (imm));                     \
        r_->v[4] = _mm512_permutex_epi64(a_->v[4], (imm));                     \
    } while (0)
/* MADD: lanes in k get a + b, the others src */
F25519_IFMA_INLINE void ge24_madd_fe(fe51x8 *r, const fe51x8 *src, __mmask8 k, const fe51x8 *a,
                                     const fe51x8 *b)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) r->v[i] = _mm512_mask_add_epi64(src->v[i], k, a->v[i], b->v[i]);
}
/* MSUB: lanes in k get a + 4p - b (a < 2^62, b <= 2^53 - 76), the others src */
F25519_IFMA_INLINE void ge24_msub_fe(fe51x8 *r, const fe51x8 *src, __mmask8 k, const fe51x8 *a,
                                     const fe51x8 *b)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
        r->v[i] = _mm512_mask_sub_epi64(src->v[i], k, _mm512_add_epi64(a->v[i], ge24_4p(i)), b->v[i]);
}

/* [Y, X, T, Z] -> [Y - X, Y + X, T, Z] (carried, R) */
F25519_IFMA_INLINE void ge24_ymx_ypx(fe51x8 *n, const ge24 *p)
{
    fe51x8 m, t;
    ge24_perm_fe(&m, p, GE24_IMM(1, 0, 3, 2));   /* [Y, X, Z, T] */
    ge24_msub_fe(&t, p, 0x11, &m, p);             /* lane 0: Y - X */
    ge24_madd_fe(&t, &t, 0x22, p, &m);            /* lane 1: Y + X; lanes 2, 3: T, Z */
    fe8_carry(n, &t);
}

/* r = p + q, both halves (ENG25519 Alg. 1). p: ge24 (R), q: pre form (R). */
F25519_IFMA_INLINE void ge24_add(ge24 *r, const ge24 *p, const ge24_pre *q)
{
    fe51x8 n, u, m, t;
    ge24_ymx_ypx(&n, p);
    fe8_mul(&u, &n, q);                            /* [A, B, C, D] */
    ge24_perm_fe(&m, &u, GE24_IMM(1, 3, 1, 3));   /* [B, D, B, D] */
    ge24_perm_fe(&n, &u, GE24_IMM(0, 2, 0, 2));   /* [A, C, A, C] */
    ge24_msub_fe(&t, &m, 0x99, &m, &n);               /* lanes 0,3: B - A = E, D - C = F */
    ge24_madd_fe(&t, &t, 0x66, &t, &n);               /* lanes 1,2: D + C = G, B + A = H */
    fe8_carry(&m, &t);                            /* [E, G, H, F] */
    ge24_perm_fe(&n, &m, GE24_IMM(3, 2, 0, 1));   /* [F, H, E, G] */
    fe8_mul(r, &m, &n);                           /* [EF, GH, HE, FG] = [X, Y, T, Z] */
}

/* r = 2p, both halves. XX, YY, ZZ, SS = (X + Y)^2 in one squaring;
 * Y' = YY + XX, Z' = YY - XX, X' = SS - Y', T' = 2 ZZ - Z';
 * [X, Y, T, Z] = [X'T', Y'Z', X'Y', Z'T'] in one multiplication. */
F25519_IFMA_INLINE void ge24_dbl(ge24 *r, const ge24 *p)
{
    fe51x8 v, w, s, x2, a, b;
    ge24_perm_fe(&v, p, GE24_IMM(0, 1, 3, 0));    /* [X, Y, Z, X] */
    ge24_perm_fe(&w, p, GE24_IMM(1, 1, 1, 1));    /* [Y, Y, Y, Y] */
    ge24_madd_fe(&v, &v, 0x88, &v, &w);               /* lane 3: X + Y */
    fe8_carry(&v, &v);
    fe8_sqr(&s, &v);                              /* [XX, YY, ZZ, SS] */
    ge24_perm_fe(&w, &s, GE24_IMM(1, 1, 2, 3));   /* [YY, YY, ZZ, SS] */
    ge24_perm_fe(&x2, &s, GE24_IMM(0, 0, 0, 0));  /* [XX, ...] */
    ge24_madd_fe(&w, &w, 0x11, &w, &x2);              /* lane 0: Y' */
    ge24_msub_fe(&w, &w, 0x22, &w, &x2);              /* lane 1: Z' */
    fe8_carry(&w, &w);                            /* [Y', Z', ZZ, SS] */
    ge24_perm_fe(&a, &w, GE24_IMM(3, 0, 2, 1));   /* [SS, Y', ZZ, Z'] */
    ge24_perm_fe(&b, &w, GE24_IMM(0, 0, 2, 2));   /* [Y', Y', ZZ, ZZ] */
    ge24_madd_fe(&a, &a, 0x44, &a, &b);               /* lane 2: 2 ZZ */
    ge24_perm_fe(&b, &w, GE24_IMM(0, 0, 1, 1));   /* [Y', Y', Z', Z'] */
    ge24_msub_fe(&a, &a, 0x55, &a, &b);               /* lane 0: X', lane 2: T' */
    fe8_carry(&a, &a);                            /* [X', Y', T', Z'] */
    ge24_perm_fe(&v, &a, GE24_IMM(0, 1, 0, 3));   /* [X', Y', X', Z'] */
    ge24_perm_fe(&w, &a, GE24_IMM(2, 3, 1, 2));   /* [T', Z', Y', T'] */
    fe8_mul(r, &v, &w);
}

/* pre = [Y - X, Y + X, 2dT, 2Z]: one multiplication by [1, 1, 2d, 2]. */
F25519_IFMA_INLINE void ge24_to_pre(ge24_pre *q, const ge24 *p, const fe51x8 *k_1_1_2d_2)
{
    fe51x8 n;
    ge24_ymx_ypx(&n, p);
    fe8_mul(q, &n, k_1_1_2d_2);
}
#endif
