/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * 1x4-way Edwards25519 arithmetic in ymm registers for the single
 * verification (the 2x4 layout of ge51_2x4_ifma.h with one point): lanes
 * [X, Y, T, Z] of one point, one 4-lane multiplication per formula round.
 * On Zen 4 a 256-bit IFMA issues twice per cycle while a 512-bit one issues
 * once, so one point in ymm costs half of the 2x4 zmm layout per step; the
 * fixed-base half of Alg. 2 is replaced by interleaved w-NAF additions from
 * a precomputed table (the NAF interleaving of Zhang et al., High-Throughput EdDSA Verification;
 * docs/references.md; variable time: public
 * inputs only).
 *
 * The field is the 4-lane ymm field of fe51x4_ifma.h (fe4_*, shared with
 * the single X25519 ladder): one set of limb bounds, documented there
 * (R4: limbs < 2^51 + 2^14; multiplication operands < 2^52; a subtrahend of
 * fe4_msub with offset k p needs limbs <= k (2^51 - 19)).
 */
#ifndef F25519_GE51_1X4_IFMA_H
#define F25519_GE51_1X4_IFMA_H
#include "backend/ifma/fe51x8_ifma.h"
#include "backend/ifma/fe51x4_ifma.h"
#include "point/ge51.h"

/* ---- 1x4 points: lanes [X, Y, T, Z]; pre form [Y - X, Y + X, 2dT, 2Z] ---- */
typedef fe51x4 ge14;
typedef fe51x4 ge14_pre;

#define GE14_IMM(a, b, c, d) ((a) | ((b) << 2) | ((c) << 4) | ((d) << 6))

/* r = perm(a, imm) on every limb (macro: constant immediate for clang) */
#define ge14_perm(r, a, imm)                                                   \
    do {                                                                       \
        fe51x4 *r_ = (r);                                                      \
        const fe51x4 *a_ = (a);                                                \
        r_->v[0] = _mm256_permute4x64_epi64(a_->v[0], (imm));                  \
        r_->v[1] = _mm256_permute4x64_epi64(a_->v[1], (imm));                  \
        r_->v[2] = _mm256_permute4x64_epi64(a_->v[2], (imm));                  \
        r_->v[3] = _mm256_permute4x64_epi64(a_->v[3], (imm));                  \
        r_->v[4] = _mm256_permute4x64_epi64(a_->v[4], (imm));                  \
    } while (0)
/* [X, Y, T, Z] -> [Y - X, Y + X, T, Z], carried (R4 in: Y + 4p - X >= 0) */
F25519_IFMA_INLINE void ge14_ymx_ypx(fe51x4 *n, const ge14 *p)
{
    fe51x4 m, t;
    ge14_perm(&m, p, GE14_IMM(1, 0, 3, 2));
    fe4_msub(&t, p, 0x1, &m, p, 4);
    fe4_madd(&t, &t, 0x2, p, &m);
    fe4_carry(n, &t);
}
/* r = p + q (ENG25519 Alg. 1 with one point) */
F25519_IFMA_INLINE void ge14_add(ge14 *r, const ge14 *p, const ge14_pre *q)
{
    fe51x4 n, u, m, t;
    ge14_ymx_ypx(&n, p);
    fe4_mul(&u, &n, q);                           /* [A, B, C, D] */
    ge14_perm(&m, &u, GE14_IMM(1, 3, 1, 3));      /* [B, D, B, D] */
    ge14_perm(&n, &u, GE14_IMM(0, 2, 0, 2));      /* [A, C, A, C] */
    fe4_msub(&t, &m, 0x9, &m, &n, 4);             /* E, F */
    fe4_madd(&t, &t, 0x6, &t, &n);                /* G, H */
    fe4_carry(&m, &t);                            /* [E, G, H, F] */
    ge14_perm(&n, &m, GE14_IMM(3, 2, 0, 1));      /* [F, H, E, G] */
    fe4_mul(r, &m, &n);                           /* [X, Y, T, Z] */
}
/* r = 2p, with 2XY in place of (X + Y)^2 - X^2 - Y^2 so that the first
 * round is one multiplication of permuted inputs (no carry in front):
 * S = [X, Y, Z, X] * [X, Y, Z, Y] = [XX, YY, ZZ, XY];
 * X' = 2XY, Y' = YY + XX, Z' = YY - XX, T' = 2ZZ - Z';
 * [X, Y, T, Z] = [X'T', Y'Z', X'Y', Z'T'].
 * Bounds: U lanes < 2^53.3; T' = 2ZZ + 8p - Z' (8p limbs >= 2^54 - 152 > Z'),
 * < 2^55; one carry -> R4 before the last multiplication. */
F25519_IFMA_INLINE void ge14_dbl(ge14 *r, const ge14 *p)
{
    fe51x4 v, w, s, a, b, u;
    ge14_perm(&v, p, GE14_IMM(0, 1, 3, 0));       /* [X, Y, Z, X] */
    ge14_perm(&w, p, GE14_IMM(0, 1, 3, 1));       /* [X, Y, Z, Y] */
    fe4_mul(&s, &v, &w);                          /* [XX, YY, ZZ, XY] */
    ge14_perm(&a, &s, GE14_IMM(3, 1, 2, 1));      /* [XY, YY, ZZ, YY] */
    ge14_perm(&b, &s, GE14_IMM(3, 0, 2, 0));      /* [XY, XX, ZZ, XX] */
    fe4_add_nc(&u, &a, &b);
    fe4_msub(&u, &u, 0x8, &a, &b, 4);
    /* u = [2XY, YY + XX, 2ZZ, YY - XX] */
    ge14_perm(&w, &u, GE14_IMM(0, 1, 3, 3));
    fe4_msub(&u, &u, 0x4, &u, &w, 8);
    fe4_carry(&a, &u);                            /* [X', Y', T', Z'] */
    ge14_perm(&v, &a, GE14_IMM(0, 1, 0, 3));      /* [X', Y', X', Z'] */
    ge14_perm(&w, &a, GE14_IMM(2, 3, 1, 2));      /* [T', Z', Y', T'] */
    fe4_mul(r, &v, &w);
}
/* pre = [Y - X, Y + X, T, Z] * [1, 1, 2d, 2] */
F25519_IFMA_INLINE void ge14_to_pre(ge14_pre *q, const ge14 *p, const fe51x4 *k_1_1_2d_2)
{
    fe51x4 n;
    ge14_ymx_ypx(&n, p);
    fe4_mul(q, &n, k_1_1_2d_2);
}
/* -q: swap the first two lanes, negate 2dT (0 + 4p - 2dT, carried) */
F25519_IFMA_INLINE void ge14_pre_neg(ge14_pre *r, const ge14_pre *q)
{
    fe51x4 s, z;
    ge14_perm(&s, q, GE14_IMM(1, 0, 2, 3));
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) z.v[i] = _mm256_setzero_si256();
    fe4_msub(&s, &s, 0x4, &z, q, 4);
    fe4_carry(r, &s);
}
#endif
