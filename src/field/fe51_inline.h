/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Inline bodies of the hot radix-2^51 field operations (Zhang et al., ENG25519,
 * eq. 1-3; docs/references.md), so
 * that the point formulas and the ladder get them without a call per
 * operation. fe51.c exports the same functions under the fe51.h names.
 *
 * Bounds: mul/sqr accept limbs < 2^54 and return limbs < 2^51 + 2^13.
 * Everything here is straight-line code: constant time in all inputs.
 * Machine-checked bounds: src/field/bounds.toml (scripts/prove.sh).
 */
#ifndef F25519_FE51_INLINE_H
#define F25519_FE51_INLINE_H
#include <stdint.h>
#include "field/fe51.h"

typedef unsigned __int128 fe51_u128;
#define FE51_MASK ((uint64_t)0x7ffffffffffff)

/* 2p limb by limb (used by sub/neg so that limbs never go negative). */
#define FE51_2P0 ((uint64_t)0xfffffffffffda)
#define FE51_2P1 ((uint64_t)0xffffffffffffe)
/* 4p limb by limb (sub of an unreduced subtrahend, limbs < 2^53). */
#define FE51_4P0 ((uint64_t)0x1fffffffffffb4)
#define FE51_4P1 ((uint64_t)0x1ffffffffffffc)

/* Carry the five 128-bit column sums r0..r4 into 51-bit limbs. The carry out
 * of r4 re-enters r0 times 19 (2^255 = 19 mod p), then r0 -> r1 once more. */
static inline void fe51i_reduce128(fe51 *h, fe51_u128 r0, fe51_u128 r1, fe51_u128 r2,
                                   fe51_u128 r3, fe51_u128 r4)
{
    uint64_t c;
    r1 += (uint64_t)(r0 >> 51);
    r3 += (uint64_t)(r2 >> 51);
    uint64_t h0 = (uint64_t)r0 & FE51_MASK;
    uint64_t h2 = (uint64_t)r2 & FE51_MASK;
    r2 = h2 + (uint64_t)(r1 >> 51);
    r4 += (uint64_t)(r3 >> 51);
    uint64_t h1 = (uint64_t)r1 & FE51_MASK;
    uint64_t h3 = (uint64_t)r3 & FE51_MASK;
    c = (uint64_t)(r4 >> 51);
    uint64_t h4 = (uint64_t)r4 & FE51_MASK;
    h0 += c * 19;
    h2 = (uint64_t)r2;
    h3 += h2 >> 51;
    h2 &= FE51_MASK;
    h1 += h0 >> 51;
    h0 &= FE51_MASK;
    h->v[0] = h0;
    h->v[1] = h1;
    h->v[2] = h2;
    h->v[3] = h3;
    h->v[4] = h4;
}

static inline void fe51i_mul(fe51 *h, const fe51 *f, const fe51 *g)
{
    uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    uint64_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    uint64_t g1_19 = g1 * 19, g2_19 = g2 * 19, g3_19 = g3 * 19, g4_19 = g4 * 19;
    fe51_u128 r0, r1, r2, r3, r4;
    r0 = (fe51_u128)f0 * g0 + (fe51_u128)f1 * g4_19 + (fe51_u128)f2 * g3_19 +
         (fe51_u128)f3 * g2_19 + (fe51_u128)f4 * g1_19;
    r1 = (fe51_u128)f0 * g1 + (fe51_u128)f1 * g0 + (fe51_u128)f2 * g4_19 +
         (fe51_u128)f3 * g3_19 + (fe51_u128)f4 * g2_19;
    r2 = (fe51_u128)f0 * g2 + (fe51_u128)f1 * g1 + (fe51_u128)f2 * g0 +
         (fe51_u128)f3 * g4_19 + (fe51_u128)f4 * g3_19;
    r3 = (fe51_u128)f0 * g3 + (fe51_u128)f1 * g2 + (fe51_u128)f2 * g1 +
         (fe51_u128)f3 * g0 + (fe51_u128)f4 * g4_19;
    r4 = (fe51_u128)f0 * g4 + (fe51_u128)f1 * g3 + (fe51_u128)f2 * g2 +
         (fe51_u128)f3 * g1 + (fe51_u128)f4 * g0;
    fe51i_reduce128(h, r0, r1, r2, r3, r4);
}

static inline void fe51i_sqr(fe51 *h, const fe51 *f)
{
    uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    uint64_t f0_2 = f0 * 2, f1_2 = f1 * 2;
    uint64_t f3_19 = f3 * 19, f4_19 = f4 * 19;
    uint64_t f3_38 = f3 * 38, f4_38 = f4 * 38;
    fe51_u128 r0, r1, r2, r3, r4;
    r0 = (fe51_u128)f0 * f0 + (fe51_u128)f1 * f4_38 + (fe51_u128)f2 * f3_38;
    r1 = (fe51_u128)f0_2 * f1 + (fe51_u128)f2 * f4_38 + (fe51_u128)f3 * f3_19;
    r2 = (fe51_u128)f0_2 * f2 + (fe51_u128)f1 * f1 + (fe51_u128)f3 * f4_38;
    r3 = (fe51_u128)f0_2 * f3 + (fe51_u128)f1_2 * f2 + (fe51_u128)f4 * f4_19;
    r4 = (fe51_u128)f0_2 * f4 + (fe51_u128)f1_2 * f3 + (fe51_u128)f2 * f2;
    fe51i_reduce128(h, r0, r1, r2, r3, r4);
}

/* h = f + g, no carry: limbs add. */
static inline void fe51i_add(fe51 *h, const fe51 *f, const fe51 *g)
{
    for (int i = 0; i < 5; i++) h->v[i] = f->v[i] + g->v[i];
}

/* h = f + 2p - g, no carry. Needs g limbs <= 2^52 - 38 (any reduced g). */
static inline void fe51i_sub(fe51 *h, const fe51 *f, const fe51 *g)
{
    h->v[0] = f->v[0] + FE51_2P0 - g->v[0];
    h->v[1] = f->v[1] + FE51_2P1 - g->v[1];
    h->v[2] = f->v[2] + FE51_2P1 - g->v[2];
    h->v[3] = f->v[3] + FE51_2P1 - g->v[3];
    h->v[4] = f->v[4] + FE51_2P1 - g->v[4];
}

/* h = f + 4p - g, no carry. Needs g limbs <= 2^53 - 76 (e.g. a sum of two
 * reduced elements). */
static inline void fe51i_sub4(fe51 *h, const fe51 *f, const fe51 *g)
{
    h->v[0] = f->v[0] + FE51_4P0 - g->v[0];
    h->v[1] = f->v[1] + FE51_4P1 - g->v[1];
    h->v[2] = f->v[2] + FE51_4P1 - g->v[2];
    h->v[3] = f->v[3] + FE51_4P1 - g->v[3];
    h->v[4] = f->v[4] + FE51_4P1 - g->v[4];
}

/* Weak reduction of limbs < 2^64 - 2^13 (the carry into limbs 1..4 must fit)
 * to limbs < 2^51 + 2^13 (limb 0 < 2^51). Callers pass sums/differences
 * (< 2^55) or repacked 2^64-radix words (< 2^52). */
static inline void fe51i_carry(fe51 *h, const fe51 *f)
{
    uint64_t h0 = f->v[0], h1 = f->v[1], h2 = f->v[2], h3 = f->v[3], h4 = f->v[4];
    h1 += h0 >> 51; h0 &= FE51_MASK;
    h2 += h1 >> 51; h1 &= FE51_MASK;
    h3 += h2 >> 51; h2 &= FE51_MASK;
    h4 += h3 >> 51; h3 &= FE51_MASK;
    h0 += (h4 >> 51) * 19; h4 &= FE51_MASK;
    h1 += h0 >> 51; h0 &= FE51_MASK;
    h->v[0] = h0; h->v[1] = h1; h->v[2] = h2; h->v[3] = h3; h->v[4] = h4;
}

/* f = g when b == 1, unchanged when b == 0 (mask select, no branch). */
static inline void fe51i_cmov(fe51 *f, const fe51 *g, uint64_t b)
{
    uint64_t m = (uint64_t)0 - b;
    for (int i = 0; i < 5; i++) f->v[i] ^= m & (f->v[i] ^ g->v[i]);
}

static inline void fe51i_cswap(fe51 *f, fe51 *g, uint64_t b)
{
    uint64_t m = (uint64_t)0 - b;
    for (int i = 0; i < 5; i++) {
        uint64_t x = m & (f->v[i] ^ g->v[i]);
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}
#endif
