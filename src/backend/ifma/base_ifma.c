/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Fixed-base scalar multiplication with AVX-512IFMA (Zhang et al., ENG25519, sec. 3.4;
 * docs/references.md).
 * Scalars are recoded into 64 signed radix-16 digits in [-8, 8]; the point
 * for each digit comes from a full masked scan of its 8-entry table (every
 * entry is read, a lane keeps an entry only under a compare mask: no
 * secret-dependent branch or address), then is negated under a mask.
 */
#include <string.h>
#include "backend/ifma/base_ifma.h"
#include "tables/ifma_base.h"
#include "field/invert_safegcd.h"
#include "backend/ifma/ge51x8_ifma.h"
#include "backend/ifma/ge51_2x4_ifma.h"
#include "common/wipe.h"
#include "scalarmult/recode.h"

/* radix-32 variant: tab = [15 limbs][16 entries]; each lane picks entry
 * |d| - 1 from the two rows of a limb with one vpermt2q (constant time, the
 * whole table is read); |d| = 0 gives the identity under a mask. */
F25519_IFMA_INLINE void lookup16(ge8_precomp *t, const uint64_t (*tab)[16], __m512i d)
{
    __m512i ad = _mm512_abs_epi64(d);
    __mmask8 neg = _mm512_cmplt_epi64_mask(d, _mm512_setzero_si512());
    __mmask8 nz = _mm512_test_epi64_mask(ad, ad);
    __m512i idx = _mm512_sub_epi64(ad, _mm512_set1_epi64(1));
    const __m512i one = _mm512_set1_epi64(1), zero = _mm512_setzero_si512();
#define LK16(i) _mm512_permutex2var_epi64(_mm512_load_si512(tab[i]), idx, _mm512_load_si512(tab[i] + 8))
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        __m512i c1 = i == 0 ? one : zero;
        t->ypx.v[i] = _mm512_mask_blend_epi64(nz, c1, LK16(i));
        t->ymx.v[i] = _mm512_mask_blend_epi64(nz, c1, LK16(5 + i));
        t->xy2d.v[i] = _mm512_mask_blend_epi64(nz, zero, LK16(10 + i));
    }
#undef LK16
    ge8_precomp_cneg(t, neg);
}

/* same, lane l reading its own table: tab = [8 entries][15 limbs][8 lanes] */
F25519_IFMA_INLINE void lookup_lanes(ge8_precomp *t, const uint64_t (*tab)[15][8], __m512i d)
{
    __m512i ad = _mm512_abs_epi64(d);
    __mmask8 neg = _mm512_cmplt_epi64_mask(d, _mm512_setzero_si512());
    __m512i acc[15];
    const __m512i one = _mm512_set1_epi64(1), zero = _mm512_setzero_si512();
#pragma GCC unroll 15
    for (int i = 0; i < 15; i++) acc[i] = (i == 0 || i == 5) ? one : zero;
    for (int v = 1; v <= 8; v++) {
        __mmask8 k = _mm512_cmpeq_epi64_mask(ad, _mm512_set1_epi64(v));
#pragma GCC unroll 15
        for (int i = 0; i < 15; i++)
            acc[i] = _mm512_mask_blend_epi64(k, acc[i], _mm512_load_si512(tab[v - 1][i]));
    }
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        t->ypx.v[i] = acc[i];
        t->ymx.v[i] = acc[5 + i];
        t->xy2d.v[i] = acc[10 + i];
    }
    ge8_precomp_cneg(t, neg);
}

/* ENG25519 eq. 7 with radix-32 digits over 52 tables W_j (2^(5j) v B, v <= 16;
 * no doubling, 52 mixed additions instead of 64), lane = one scalar */
F25519_IFMA_TARGET static void base_8x1(ge8_p3 *r, const uint8_t a[8][32])
{
    int8_t e[8][52], dig[52][8];
    for (int l = 0; l < 8; l++) f25519_recode_signed(e[l], 52, a[l], 5); /* radix 32 */
    for (int i = 0; i < 52; i++)
        for (int l = 0; l < 8; l++) dig[i][l] = e[l][i];
    ge8_precomp t;
#define DIG8(j) _mm512_cvtepi8_epi64(_mm_loadl_epi64((const __m128i *)dig[j]))
    lookup16(&t, f25519_ifma_base_table_8x1[0], DIG8(0));
    ge8_from_precomp(r, &t);
    for (int j = 1; j < 52; j++) {
        lookup16(&t, f25519_ifma_base_table_8x1[j], DIG8(j));
        ge8_madd(r, r, &t);
    }
#undef DIG8
    f25519_wipe(e, sizeof e);
    f25519_wipe(dig, sizeof dig);
    f25519_wipe(&t, sizeof t);
}

/* [1, 1, 2d, 2 | 1, 1, 2d, 2] by limb (2d: fe51_d2's canonical limbs) */
static const uint64_t k112_tab[5][8] __attribute__((aligned(64))) = {
    { 1, 1, FE51_D2_LIMB0, 2, 1, 1, FE51_D2_LIMB0, 2 },
    { 0, 0, FE51_D2_LIMB1, 0, 0, 0, FE51_D2_LIMB1, 0 },
    { 0, 0, FE51_D2_LIMB2, 0, 0, 0, FE51_D2_LIMB2, 0 },
    { 0, 0, FE51_D2_LIMB3, 0, 0, 0, FE51_D2_LIMB3, 0 },
    { 0, 0, FE51_D2_LIMB4, 0, 0, 0, FE51_D2_LIMB4, 0 },
};

/* out = sum of the eight lane points of r. The 8x1 layout would waste half,
 * then three quarters, of every lane at each tree level, so the points are
 * re-packed two per vector in the 2x4 layout ([X, Y, T, Z | X, Y, T, Z],
 * ge51_2x4_ifma.h) and summed with ENG25519 Alg. 1: 4 additions of 2 vector
 * multiplications (+1 for the pre form) instead of 3 full 8x1 additions.
 * The 4 x 8 -> 8 x 4 transpose per limb stays in registers (unpack, then
 * 128-bit block shuffles): v[k] = [P_2k | P_2k+1]. */
F25519_IFMA_TARGET static void lane_sum(ge51_p3 *out, const ge8_p3 *r)
{
    ge24 v[4];
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        __m512i xy_lo = _mm512_unpacklo_epi64(r->X.v[i], r->Y.v[i]); /* X0 Y0 X2 Y2 X4 Y4 X6 Y6 */
        __m512i xy_hi = _mm512_unpackhi_epi64(r->X.v[i], r->Y.v[i]); /* X1 Y1 X3 Y3 ... */
        __m512i tz_lo = _mm512_unpacklo_epi64(r->T.v[i], r->Z.v[i]);
        __m512i tz_hi = _mm512_unpackhi_epi64(r->T.v[i], r->Z.v[i]);
        /* blocks: s01 = [xy_lo0, xy_lo1, tz_lo0, tz_lo1], ... */
        __m512i s01 = _mm512_shuffle_i64x2(xy_lo, tz_lo, 0x44);
        __m512i h01 = _mm512_shuffle_i64x2(xy_hi, tz_hi, 0x44);
        __m512i s23 = _mm512_shuffle_i64x2(xy_lo, tz_lo, 0xee);
        __m512i h23 = _mm512_shuffle_i64x2(xy_hi, tz_hi, 0xee);
        /* [xy_lo_k, tz_lo_k, xy_hi_k, tz_hi_k] = [P_2k | P_2k+1] */
        v[0].v[i] = _mm512_shuffle_i64x2(s01, h01, 0x88);
        v[1].v[i] = _mm512_shuffle_i64x2(s01, h01, 0xdd);
        v[2].v[i] = _mm512_shuffle_i64x2(s23, h23, 0x88);
        v[3].v[i] = _mm512_shuffle_i64x2(s23, h23, 0xdd);
    }
    fe51x8 k112;
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) k112.v[i] = _mm512_load_si512(k112_tab[i]);
    ge24_pre q;
    ge24_to_pre(&q, &v[2], &k112);
    ge24_add(&v[0], &v[0], &q);       /* [P0 + P4 | P1 + P5] */
    ge24_to_pre(&q, &v[3], &k112);
    ge24_add(&v[1], &v[1], &q);       /* [P2 + P6 | P3 + P7] */
    ge24_to_pre(&q, &v[1], &k112);
    ge24_add(&v[0], &v[0], &q);       /* [even sum | odd sum] */
    ge24_to_pre(&q, &v[0], &k112);
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) q.v[i] = _mm512_shuffle_i64x2(q.v[i], q.v[i], 0x4e);
    ge24_add(&v[0], &v[0], &q);       /* half 0: the total */
    uint64_t row[5][8] __attribute__((aligned(64)));
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) _mm512_store_si512(row[i], v[0].v[i]);
    for (int i = 0; i < 5; i++) {
        out->X.v[i] = row[i][0];
        out->Y.v[i] = row[i][1];
        out->T.v[i] = row[i][2];
        out->Z.v[i] = row[i][3];
    }
    f25519_wipe(row, sizeof row);
    f25519_wipe(v, sizeof v);
    f25519_wipe(&q, sizeof q);
}

/* ENG25519 eq. 8 with all 64 tables: lane l adds T_{8l+s}(e_{8l+s}), s = 0..7
 * (no doubling), then the eight lanes are summed. */
F25519_IFMA_TARGET static void base_1x8(ge51_p3 *out, const uint8_t a[32])
{
    int8_t e[64], dg[8][8];
    f25519_recode_signed(e, 64, a, 4); /* radix 16 */
    for (int s = 0; s < 8; s++)
        for (int l = 0; l < 8; l++) dg[s][l] = e[8 * l + s];
    ge8_p3 r;
    ge8_precomp t;
    for (int s = 0; s < 8; s++) {
        lookup_lanes(&t, f25519_ifma_base_table_1x8[s],
                     _mm512_cvtepi8_epi64(_mm_loadl_epi64((const __m128i *)dg[s])));
        if (s == 0)
            ge8_from_precomp(&r, &t);
        else
            ge8_madd(&r, &r, &t);
    }
    lane_sum(out, &r);
    f25519_wipe(e, sizeof e);
    f25519_wipe(dg, sizeof dg);
    f25519_wipe(&t, sizeof t);
    f25519_wipe(&r, sizeof r);
}

F25519_IFMA_TARGET void f25519_ifma_base_8x1(ge51_p3 out[8], const uint8_t a[8][32])
{
    ge8_p3 r;
    base_8x1(&r, a);
    ge8_unpack(out, &r);
    f25519_wipe(&r, sizeof r);
}

F25519_IFMA_TARGET void f25519_ifma_base_1x8(ge51_p3 *out, const uint8_t a[32])
{
    base_1x8(out, a);
}

/* Encoding of (X:Y:Z) given 1/Z: y with the sign of x in bit 255. */
static void encode_ed(uint8_t s[32], const ge51_p3 *p, const fe51 *zinv)
{
    fe51 x, y;
    fe51_mul(&x, &p->X, zinv);
    fe51_mul(&y, &p->Y, zinv);
    fe51_tobytes(s, &y);
    s[31] ^= (uint8_t)(fe51_isnegative(&x) << 7);
    f25519_wipe(&x, sizeof x);
    f25519_wipe(&y, sizeof y);
}

/* u = (Z + Y) / (Z - Y) given num = Z + Y and inv = 1/(Z - Y) */
static void encode_x(uint8_t s[32], const fe51 *num, const fe51 *inv)
{
    fe51 u;
    fe51_mul(&u, num, inv);
    fe51_tobytes(s, &u);
    f25519_wipe(&u, sizeof u);
}

void f25519_ifma_ed25519_base(uint8_t out[32], const uint8_t a[32])
{
    ge51_p3 p;
    fe51 zi;
    f25519_ifma_base_1x8(&p, a);
    f25519_safegcd_invert(&zi, &p.Z);
    encode_ed(out, &p, &zi);
    f25519_wipe(&p, sizeof p);
    f25519_wipe(&zi, sizeof zi);
}

void f25519_ifma_ed25519_base_x8(uint8_t out[8][32], const uint8_t a[8][32])
{
    ge51_p3 p[8];
    fe51 z[8], zi[8];
    f25519_ifma_base_8x1(p, a);
    for (int i = 0; i < 8; i++) z[i] = p[i].Z; /* never 0 for an Edwards point */
    f25519_safegcd_batch_invert(zi, z, 8);
    for (int i = 0; i < 8; i++) encode_ed(out[i], &p[i], &zi[i]);
    f25519_wipe(p, sizeof p);
    f25519_wipe(z, sizeof z);
    f25519_wipe(zi, sizeof zi);
}

/* Montgomery u of an Edwards point: u = (1 + y) / (1 - y) = (Z + Y)/(Z - Y).
 * Z - Y = 0 only for the identity ([k]B with k = 0 mod L); its u is 0. */
static void x_num_den(fe51 *num, fe51 *den, const ge51_p3 *p)
{
    fe51_add(num, &p->Z, &p->Y);
    fe51_carry(num, num);
    fe51_sub(den, &p->Z, &p->Y);
    fe51_carry(den, den);
}

void f25519_ifma_x25519_base(uint8_t out[32], const uint8_t k[32])
{
    ge51_p3 p;
    fe51 num, den, inv;
    f25519_ifma_base_1x8(&p, k);
    x_num_den(&num, &den, &p);
    f25519_safegcd_invert(&inv, &den); /* 0 -> 0 */
    encode_x(out, &num, &inv);
    f25519_wipe(&p, sizeof p);
    f25519_wipe(&num, sizeof num);
    f25519_wipe(&den, sizeof den);
    f25519_wipe(&inv, sizeof inv);
}

void f25519_ifma_x25519_base_x8(uint8_t out[8][32], const uint8_t k[8][32])
{
    ge51_p3 p[8];
    fe51 num[8], den[8], inv[8];
    f25519_ifma_base_8x1(p, k);
    for (int i = 0; i < 8; i++) x_num_den(&num[i], &den[i], &p[i]);
    f25519_safegcd_batch_invert(inv, den, 8); /* a zero lane gives 0 alone */
    for (int i = 0; i < 8; i++) encode_x(out[i], &num[i], &inv[i]);
    f25519_wipe(p, sizeof p);
    f25519_wipe(num, sizeof num);
    f25519_wipe(den, sizeof den);
    f25519_wipe(inv, sizeof inv);
}
