/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Eight independent X25519 ladders, one per zmm lane (8x1-way, Zhang et al., ENG25519, sec. 3.1
 * (docs/references.md):
 * the field's 8-way parallelism is passed up whole, no permutations). Field
 * arithmetic: the ifma-core type fe51x8 with the ladder-specific operations
 * of fe51x8_ladder_ifma.h (bounds S and W documented there: every
 * multiplication operand is S; products that only feed additions stay W).
 *
 * Per lane this is RFC 7748 5 verbatim. The swap bit of lane i comes from
 * scalar i: the four 64-bit words of the eight scalars sit in four zmm
 * registers and one vptestmq per step turns bit `pos` of every lane into a
 * mask register, so the scalar bits never meet a branch or an address.
 *
 * The final inversion: see invert_pairs (two lanes per 4-lane inversion,
 * Montgomery's trick on lane pairs).
 */
/* GCC's pre-register-allocation scheduler (off by default on x86) spreads
 * the independent IFMA chains of these straight-line blocks better than
 * source order: measured -5% (single ladder) and -4% (x8) on Zen 4. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("schedule-insns", "sched-pressure")
#endif
#include <string.h>
#include "common/wipe.h"
#include "field/fe51.h"
#include "backend/ifma/fe51x8_ifma.h"
#include "backend/ifma/fe51x8_ladder_ifma.h"
#include "backend/ifma/fe51x4_ifma.h"
#include "backend/ifma/ladder_ifma.h"

#define A24 121665u

F25519_IFMA_TARGET static void ladder8(fe51x8 *xo, fe51x8 *zo, const uint8_t k[8][32],
                                       const fe51x8 *x1)
{
    fe51x8 x2, z2, x3, z3, a, b, c, d, da, cb, aa, bb, e, f, t;
    __m512i kw[4];
    uint64_t w[8];
    for (int j = 0; j < 4; j++) {
        for (int i = 0; i < 8; i++) {
            uint64_t v = 0;
            for (int q = 7; q >= 0; q--) v = (v << 8) | k[i][8 * j + q];
            w[i] = v;
        }
        kw[j] = _mm512_loadu_si512((const void *)w);
    }
    f25519_wipe(w, sizeof w);

    fe8_1(&x2);
    fe8_0(&z2);
    x3 = *x1;
    fe8_1(&z3);
    __mmask8 swap = 0;
    for (int pos = 254; pos >= 0; pos--) {
        __mmask8 bit = _mm512_test_epi64_mask(kw[pos >> 6], _mm512_set1_epi64((long long)(1ULL << (pos & 63))));
        __mmask8 s = (__mmask8)(swap ^ bit);
        swap = bit;
        /* conditional swap, per lane */
        fe8_blend(&a, &x2, &x3, s);
        fe8_blend(&x3, &x3, &x2, s);
        x2 = a;
        fe8_blend(&a, &z2, &z3, s);
        fe8_blend(&z3, &z3, &z2, s);
        z2 = a;

        /* bounds (fe51x8_ladder_ifma.h): x2, z2, x3, z3 are W; a..f, aa, bb are S */
        lx8_add(&a, &x2, &z2);
        lx8_sub(&b, &x2, &z2);
        lx8_add(&c, &x3, &z3);
        lx8_sub(&d, &x3, &z3);
        /* Order matters: a step is ~1000 instructions and the reorder buffer
         * sees about a third of it, so the longest chains (BB -> E -> F -> Z2,
         * DA/CB -> (DA-CB)^2 -> Z3) are started first; measured best of
         * several orders. */
        lx8_sqr(&aa, &a);
        lx8_sqr(&bb, &b);
        lx8_mul_w(&da, &d, &a);
        lx8_mul_w(&cb, &c, &b);
        lx8_sub(&e, &aa, &bb);            /* E = AA - BB */
        lx8_muladd_small(&f, &aa, &e, A24); /* AA + a24 E */
        lx8_sub(&t, &da, &cb);
        lx8_sqr(&t, &t);
        lx8_mul_w(&z2, &e, &f);           /* E (AA + a24 E) */
        lx8_mul_w(&z3, x1, &t);           /* x1 (DA - CB)^2 */
        lx8_mul_w(&x2, &aa, &bb);         /* AA BB */
        lx8_add(&t, &da, &cb);
        lx8_sqr_w(&x3, &t);               /* (DA + CB)^2 */
    }
    fe8_blend(&a, &x2, &x3, swap);
    lx8_carry(xo, &a);
    fe8_blend(&a, &z2, &z3, swap);
    lx8_carry(zo, &a);

    swap = 0;
    for (int j = 0; j < 4; j++) kw[j] = _mm512_setzero_si512();
    f25519_wipe(kw, sizeof kw);
    f25519_wipe(&x2, sizeof x2); f25519_wipe(&z2, sizeof z2);
    f25519_wipe(&x3, sizeof x3); f25519_wipe(&z3, sizeof z3);
    f25519_wipe(&a, sizeof a); f25519_wipe(&b, sizeof b);
    f25519_wipe(&c, sizeof c); f25519_wipe(&d, sizeof d);
    f25519_wipe(&da, sizeof da); f25519_wipe(&cb, sizeof cb);
    f25519_wipe(&aa, sizeof aa); f25519_wipe(&bb, sizeof bb);
    f25519_wipe(&e, sizeof e); f25519_wipe(&f, sizeof f); f25519_wipe(&t, sizeof t);
}

/* Lane transposes with plain stores/loads: fe8_pack/fe8_unpack use
 * gather/scatter, which are slow on Zen 4 and which MemorySanitizer reports
 * when the data is secret (it checks scatter data like an address). */
F25519_IFMA_TARGET static void lanes_in(fe51x8 *h, const fe51 f[8])
{
    uint64_t t[8];
    for (int i = 0; i < 5; i++) {
        for (int j = 0; j < 8; j++) t[j] = f[j].v[i];
        h->v[i] = _mm512_loadu_si512((const void *)t);
    }
    f25519_wipe(t, sizeof t);
}
F25519_IFMA_TARGET static void lanes_out(fe51 f[8], const fe51x8 *h)
{
    uint64_t t[8];
    for (int i = 0; i < 5; i++) {
        _mm512_storeu_si512((void *)t, h->v[i]);
        for (int j = 0; j < 8; j++) f[j].v[i] = t[j];
    }
    f25519_wipe(t, sizeof t);
}

/* 1/z for the eight lanes with one 4-lane inversion (Montgomery's trick on
 * lane pairs i, i+4): w = z_lo z_hi, 1/z_lo = z_hi / w, 1/z_hi = z_lo / w.
 * The 4-lane chain (fe4_sqr) has about half the latency of an 8-lane one,
 * and a lone inversion is latency-bound, so this halves the inversion time.
 * A zero lane (low-order u) would zero its partner too: such lanes are set
 * to 1 here and their mask bit returned, and the caller zeroes their result
 * (X25519 of a low-order point is 0). z in S (limbs < 2^52); out R4. */
F25519_IFMA_TARGET static __mmask8 invert_pairs(fe51x8 *out, const fe51x8 *z)
{
    fe51 tmp[8];
    __mmask8 zero = 0;
    lanes_out(tmp, z);
    for (int i = 0; i < 8; i++) zero |= (__mmask8)(fe51_iszero(&tmp[i]) << i);
    f25519_wipe(tmp, sizeof tmp);
    fe51x8 zz;
    fe51x4 lo, hi, w;
    const __m512i one = _mm512_set1_epi64(1);
    zz.v[0] = _mm512_mask_blend_epi64(zero, z->v[0], one);
    for (int i = 1; i < 5; i++) zz.v[i] = _mm512_maskz_mov_epi64((__mmask8)~zero, z->v[i]);
    for (int i = 0; i < 5; i++) {
        lo.v[i] = _mm512_castsi512_si256(zz.v[i]);
        hi.v[i] = _mm512_extracti64x4_epi64(zz.v[i], 1);
    }
    fe4_mul(&w, &lo, &hi);
    fe4_invert(&w, &w);
    fe4_mul(&lo, &lo, &w);   /* 1 / z_hi */
    fe4_mul(&hi, &hi, &w);   /* 1 / z_lo */
    for (int i = 0; i < 5; i++)
        out->v[i] = _mm512_inserti64x4(_mm512_castsi256_si512(hi.v[i]), lo.v[i], 1);
    f25519_wipe(&zz, sizeof zz);
    f25519_wipe(&lo, sizeof lo);
    f25519_wipe(&hi, sizeof hi);
    f25519_wipe(&w, sizeof w);
    return zero;
}

F25519_IFMA_TARGET void f25519_ladder_ifma_x8(uint8_t out[8][32], const uint8_t k[8][32],
                                              const uint8_t u[8][32])
{
    fe51 tmp[8];
    fe51x8 x1, x2, z2;
    for (int i = 0; i < 8; i++) fe51_frombytes(&tmp[i], u[i]); /* drops bit 255 */
    lanes_in(&x1, tmp);
    ladder8(&x2, &z2, k, &x1);
    __mmask8 zero = invert_pairs(&z2, &z2);
    lx8_mul(&x2, &x2, &z2);
    for (int i = 0; i < 5; i++) x2.v[i] = _mm512_maskz_mov_epi64((__mmask8)~zero, x2.v[i]);
    lanes_out(tmp, &x2);
    for (int i = 0; i < 8; i++) fe51_tobytes(out[i], &tmp[i]);
    f25519_wipe(tmp, sizeof tmp);
    f25519_wipe(&x2, sizeof x2);
    f25519_wipe(&z2, sizeof z2);
}
