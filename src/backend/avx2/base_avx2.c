/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The avx2 backend's x8 fixed-base [a]B (base_avx2.h): two 4-lane combs,
 * one key per 64-bit lane (Zhang et al., High-Throughput EdDSA Verification, sec. 3;
 * docs/references.md), on the radix-2^25.5 field
 * (backend/avx2/fe25x4_avx2.h). Signed radix 2^6, as the mulx comb (base_mulx.c):
 * a = sum e_i 64^i, e_i in [-32, 32) (recode.h, the one recoding; a < 2^255
 * gives e_42 in [0, 8]); table i holds j 64^i B for j = 1..32, so [a]B is
 * 42 mixed additions per lane (the first digit's point is taken as it is)
 * and no doubling, in Edwards extended coordinates.
 *
 * Table (avx2_base.h, gen_avx2_base.c): the entries halved,
 * ((y + x)/2, (y - x)/2, dxy), in radix-2^25.5 limbs, the 32 entries of a
 * limb in 4 32-byte rows of 8. The mixed addition (ref10's ge_madd with every
 * intermediate halved: the result is the same projective point, all four
 * coordinates scaled by 1/4) then needs Z instead of 2Z, so E, F, G, H are
 * sums / 2p-differences of two R values: multiplication inputs (M) without
 * a carry.
 *
 * Constant-time lookup (lookup() below), ONE pass for both sets: the 8
 * digits d as int32, key l of set 0 in slot 2l, key l of set 1 in slot 2l + 1
 * (the low / high word of 64-bit lane l); |d| and the sign; one vpermd per row
 * picks, in every 32-bit slot, the slot (|d| - 1) mod 8 of the row, two levels
 * of blendv by bits 3 and 4 of |d| - 1 pick the row; |d| = 0 gives the
 * (halved) identity (1/2, 1/2, 0) by a blendv / mask; then y+x / y-x are
 * swapped and dxy negated (2p - dxy) by blendv on d's sign bit; last, the
 * split: set 0 = the low words (AND), set 1 = the high words (>> 32). Every
 * row of the table is loaded; no secret branch or memory index, and vpermd's /
 * blendv's timing does not depend on their operands.
 *
 * Why these choices (x25519_keygen_x8 per key, interleaved A/B rounds of
 * fast25519 bench on an AVX2-only host): signed radix 2^6 (43 tables of 32,
 * 43 mixed additions, no doubling) beats radix 16 (64 additions + 4
 * doublings) and radix 2^7 (37 tables of 64, a 284 KB table); the vpermd
 * lookup needs about a quarter of the vector ops of a mask-and-OR scan; one
 * lookup pass for both sets loads and permutes each row once for 8 keys;
 * the first digit's point is made extended directly (one product instead of
 * a mixed addition to the identity); the next step's lookup is spread
 * between the products of the additions. Most of an x8 call (~295k
 * instructions) is f25519_fe25x4_mul.
 *
 * The mixed additions call the out-of-line
 * f25519_fe25x4_mul/_sqr (no spills in there, as in the ladder) instead of
 * inlining 7 products per addition.
 *
 * Inversion (batch_invert8): Montgomery's trick across the 8 lanes of the two
 * sets, one scalar inversion instead of two 4-lane chains: the constant-time
 * safegcd of field/invert_safegcd.c (plain C; faster than mulx's Fermat
 * chain, as in base_mulx.c). The last mixed addition skips the products the
 * caller does not read (T; X for X25519).
 *
 * Bounds (fe25x4_avx2.h): table limbs < W_i (fully reduced); 2p - dxy <= 2p_i
 * (M). Point coordinates R at every step (products). Mixed addition:
 * Y + X (M), Y - X + 2p (M), A, B, C products (R), E = A - B + 2p,
 * H = A + B, G = Z + C, F = Z - C + 2p (all M).
 */
#include "backend/avx2/base_avx2.h"
#include "tables/avx2_base.h"
#include "scalarmult/recode.h"
#include "backend/avx2/fe25x4_avx2.h"
#include "common/wipe.h"
#include "field/fe51.h"
#include "field/invert_safegcd.h" /* f25519_safegcd_invert: safegcd, plain C */

typedef struct { fe25x4 X, Y, Z, T; } ge25x4;      /* extended: x = X/Z, y = Y/Z, xy = T/Z */
typedef struct { fe25x4 ypx, ymx, xyd; } pre25x4;  /* ((y+x)/2, (y-x)/2, dxy), affine */

#define SETS 2

/* Limbs of 1/2 = 2^254 - 9: 2^26 - 9, then all ones, the top limb 2^24 - 1. */
static const uint32_t half25[10] = {0x3fffff7, 0x1ffffff, 0x3ffffff, 0x1ffffff, 0x3ffffff,
                                    0x1ffffff, 0x3ffffff, 0x1ffffff, 0x3ffffff, 0x0ffffff};

/* Register permutation, no mask per entry: row[k][r] holds limb k%10 of
 * coordinate k/10 of the entries 8r..8r+7, entry 8r+s in 32-bit slot s. vpermd
 * (_mm256_permutevar8x32_epi32) writes to each 32-bit slot the slot of its
 * data operand named by the low 3 bits of the same slot of its index operand;
 * the index holds |d| - 1 of one key per slot, so ONE vpermd per row puts the
 * 8 keys' candidates in their own slots, and blendv (by bit 31 of each 32-bit
 * slot: bits 3 and 4 of |d| - 1 shifted there) picks row 0/1 and 2/3, then
 * the pair. Why this is constant time: vpermd is a register-only permutation
 * whose latency and throughput do not depend on the index or data values (the
 * same class as the vpshufb table lookups of constant-time code); every row of
 * the table is loaded, at an address that depends on the public position
 * only, so there is no secret memory index; the digit's sign and zero test
 * are slot masks (no branch). */
#define ROWS F25519_BASE_AVX2_ROWS
#define ROW_BITS (ROWS == 8 ? 3 : ROWS == 4 ? 2 : ROWS == 2 ? 1 : 0)

/* The limb of entry |d| - 1 of the rows r[0..ROWS-1] in each 32-bit slot:
 * a vpermd per row, then a tree of blendv by the row bits (bsel). */
F25519_FE25X4_INLINE __m256i lookup_sel(const uint32_t (*r)[8], __m256i idx, const __m256 *bsel)
{
    __m256 v[ROWS];
#pragma GCC unroll 8
    for (int j = 0; j < ROWS; j++)
        v[j] = _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(_mm256_load_si256((const __m256i *)r[j]), idx));
#pragma GCC unroll 3
    for (int k = 0; k < ROW_BITS; k++)
#pragma GCC unroll 4
        for (int j = 0; j < (ROWS >> (k + 1)); j++) v[j] = _mm256_blendv_ps(v[2 * j], v[2 * j + 1], bsel[k]);
    return _mm256_castps_si256(v[0]);
}

/* t[0], t[1] = the entries of both sets in one pass: d holds 8 int32 digits,
 * slot 2l = lane l of set 0, slot 2l + 1 = lane l of set 1, so every 32-bit
 * slot of a vpermd / blendv result is a candidate (not only the low word of
 * each 64-bit lane): each row is loaded and permuted once for the 8 keys.
 * The zero / sign handling runs on the 32-bit slots (blendv by bit 31:
 * d's own sign bit, the zero mask), then the split: set 0 = the low words,
 * set 1 = the high words shifted down (fe25x4 limbs are 64-bit lanes whose
 * high halves are 0). lookup_init makes the masks of d, lookup_limb fills
 * limb i of the three coordinates (so that the limbs can be spread between
 * the products of the previous step's additions, see madd). */
typedef struct {
    __m256 neg, z, bsel[ROW_BITS];
    __m256i zi, idx;
} lkctx;

F25519_FE25X4_INLINE void lookup_init(lkctx *c, __m256i d)
{
    const __m256i ad = _mm256_abs_epi32(d);                            /* |d| */
    c->neg = _mm256_castsi256_ps(d);                                   /* bit 31: d < 0 */
    c->zi = _mm256_cmpeq_epi32(ad, _mm256_setzero_si256());
    c->z = _mm256_castsi256_ps(c->zi);
    c->idx = _mm256_sub_epi32(ad, _mm256_set1_epi32(1));               /* |d| - 1 */
    /* bits 3, 4, ... of |d| - 1 (the row) at bit 31 of each slot: blendv's selector */
    for (int k = 0; k < ROW_BITS; k++) c->bsel[k] = _mm256_castsi256_ps(_mm256_slli_epi32(c->idx, 28 - k));
}

F25519_FE25X4_INLINE void lookup_limb(pre25x4 t[SETS], const uint32_t (*row)[ROWS][8], const lkctx *c, int i)
{
    const __m256i lo = _mm256_set1_epi64x(0xffffffffLL);
    const __m256 hv = _mm256_castsi256_ps(_mm256_set1_epi32((int)half25[i]));
#define LK_SEL(k) _mm256_castsi256_ps(lookup_sel(row[k], c->idx, c->bsel))
    __m256 p = LK_SEL(i), q = LK_SEL(10 + i), x = LK_SEL(20 + i);
#undef LK_SEL
    p = _mm256_blendv_ps(p, hv, c->z); /* |d| = 0: the (halved) identity (1/2, 1/2, 0) */
    q = _mm256_blendv_ps(q, hv, c->z);
    __m256i xi = _mm256_andnot_si256(c->zi, _mm256_castps_si256(x));
    __m256i nx = _mm256_sub_epi32(_mm256_set1_epi32(i == 0 ? FE25X4_2P0 : (i & 1) ? FE25X4_2PODD : FE25X4_2PEVEN), xi);
    /* -P: swap y+x, y-x and dxy -> 2p - dxy */
    __m256i ypx = _mm256_castps_si256(_mm256_blendv_ps(p, q, c->neg));
    __m256i ymx = _mm256_castps_si256(_mm256_blendv_ps(q, p, c->neg));
    __m256i xyd = _mm256_castps_si256(_mm256_blendv_ps(_mm256_castsi256_ps(xi), _mm256_castsi256_ps(nx), c->neg));
    t[0].ypx.v[i] = _mm256_and_si256(ypx, lo);
    t[1].ypx.v[i] = _mm256_srli_epi64(ypx, 32);
    t[0].ymx.v[i] = _mm256_and_si256(ymx, lo);
    t[1].ymx.v[i] = _mm256_srli_epi64(ymx, 32);
    t[0].xyd.v[i] = _mm256_and_si256(xyd, lo);
    t[1].xyd.v[i] = _mm256_srli_epi64(xyd, 32);
}

F25519_FE25X4_INLINE void lookup(pre25x4 t[SETS], const uint32_t (*row)[ROWS][8], __m256i d)
{
    lkctx c;
    lookup_init(&c, d);
#pragma GCC unroll 1
    for (int i = 0; i < 10; i++) lookup_limb(t, row, &c, i);
}

/* h = h + q (ref10 ge_madd + p1p1_to_p3, halved: see the top comment). h R -> R.
 * want_x / want_t = 0 (the last addition: x25519 needs only Y, Z; ed25519
 * X, Y, Z) skip the product of X / T (a public choice); h->X / h->T are then
 * left as they were. Software pipelining: if row is not NULL, limbs
 * lk .. lk + 4 of the next step's lookup (into qn, masks c) are made between
 * the products, so that the out-of-order core overlaps the vpermd / blendv
 * work with the multiplications (a public schedule: every limb is made). */
F25519_FE25X4_INLINE void madd(ge25x4 *h, const pre25x4 *q, int want_x, int want_t,
                               pre25x4 qn[SETS], const uint32_t (*row)[ROWS][8], const lkctx *c, int lk)
{
#define LK_NEXT(j) do { if (row) lookup_limb(qn, row, c, lk + (j)); } while (0)
    fe25x4 ypx, ymx, a, b, cc, e, f, g, hh;
    fe25x4_add(&ypx, &h->Y, &h->X);
    fe25x4_sub(&ymx, &h->Y, &h->X);
    f25519_fe25x4_mul(&a, &ypx, &q->ypx);
    LK_NEXT(0);
    f25519_fe25x4_mul(&b, &ymx, &q->ymx);
    LK_NEXT(1);
    f25519_fe25x4_mul(&cc, &h->T, &q->xyd);
    LK_NEXT(2);
    fe25x4_sub(&e, &a, &b);
    fe25x4_add(&hh, &a, &b);
    fe25x4_add(&g, &h->Z, &cc);
    fe25x4_sub(&f, &h->Z, &cc);
    if (want_x) f25519_fe25x4_mul(&h->X, &e, &f);
    LK_NEXT(3);
    f25519_fe25x4_mul(&h->Y, &hh, &g);
    LK_NEXT(4);
    f25519_fe25x4_mul(&h->Z, &g, &f);
    if (want_t) f25519_fe25x4_mul(&h->T, &e, &hh);
#undef LK_NEXT
}

/* h[t] = [a[4t + l]]B in lane l of set t: a = sum e_i 64^i (signed digits,
 * e_i in [-32, 32), e_42 in [0, 8] for a < 2^255), one mixed addition of
 * e_i 64^i B (table i) per digit, no doubling. */
F25519_AVX2_TARGET __attribute__((noinline)) static void comb_x8(ge25x4 h[SETS], const uint8_t a[8][32], int want_x)
{
    enum { N = F25519_BASE_AVX2_TABLES };
    int8_t e[8][N], dig[N][8] __attribute__((aligned(8)));
    pre25x4 q[2][SETS]; /* this step's entries, the next step's */
    lkctx c;
    for (int l = 0; l < 8; l++) f25519_recode_signed(e[l], N, a[l], F25519_BASE_AVX2_SPACING);
    /* byte 2l = lane l of set 0 (key l), byte 2l + 1 = lane l of set 1 (key 4 + l) */
    for (int i = 0; i < N; i++)
        for (int l = 0; l < 4; l++) {
            dig[i][2 * l] = e[l][i];
            dig[i][2 * l + 1] = e[4 + l][i];
        }
#define DIGITS(i) _mm256_cvtepi8_epi32(_mm_loadl_epi64((const __m128i *)dig[i])) /* 8 digits, 1 byte each */
    lookup(q[0], f25519_avx2_base_comb[0], DIGITS(0));
    /* the first point directly in extended coordinates instead of a mixed
     * addition to the identity: x = (y+x)/2 - (y-x)/2, y = (y+x)/2 + (y-x)/2,
     * Z = 1, T = xy = (dxy) (1/d): one product instead of seven (the
     * identity, digit 0, gives (0, 1, 1, 0)) */
    {
        fe25x4 dinv;
        for (int k = 0; k < 10; k++) dinv.v[k] = _mm256_set1_epi64x(f25519_avx2_base_dinv[k]);
        for (int t = 0; t < SETS; t++) {
            fe25x4_sub(&h[t].X, &q[0][t].ypx, &q[0][t].ymx);
            fe25x4_carry(&h[t].X, &h[t].X);
            fe25x4_add(&h[t].Y, &q[0][t].ypx, &q[0][t].ymx);
            fe25x4_carry(&h[t].Y, &h[t].Y);
            fe25x4_1(&h[t].Z);
            f25519_fe25x4_mul(&h[t].T, &q[0][t].xyd, &dinv);
        }
    }
    lookup(q[1], f25519_avx2_base_comb[1], DIGITS(1));
    /* step i: h += q[i & 1]; the lookup of step i + 1 into q[(i + 1) & 1]
     * runs between the products (madd) */
#pragma GCC unroll 1
    for (int i = 1; i < N - 1; i++) {
        pre25x4 *cur = q[i & 1], *nxt = q[(i + 1) & 1];
        lookup_init(&c, DIGITS(i + 1));
        madd(&h[0], &cur[0], 1, 1, nxt, f25519_avx2_base_comb[i + 1], &c, 0);
        madd(&h[1], &cur[1], 1, 1, nxt, f25519_avx2_base_comb[i + 1], &c, 5);
    }
#undef DIGITS
    /* the last addition: T is not used, X only by ed25519 */
    for (int t = 0; t < SETS; t++) madd(&h[t], &q[(N - 1) & 1][t], want_x, 0, NULL, NULL, NULL, 0);
    f25519_wipe(&c, sizeof c);
    f25519_wipe(e, sizeof e);
    f25519_wipe(dig, sizeof dig);
    f25519_wipe(q, sizeof q);
}

/* h = f with the 64-bit lanes permuted (imm as _mm256_permute4x64_epi64). */
#define PERM4(h, f, imm)                                                      \
    do {                                                                      \
        for (int i_ = 0; i_ < 10; i_++) (h)->v[i_] = _mm256_permute4x64_epi64((f)->v[i_], imm); \
    } while (0)

/* out[t] = 1/in[t] in each of the 8 lanes of in[0], in[1] (no lane 0; in M,
 * out R): Montgomery's trick across the lanes (products of lane pairs by
 * permutes), one scalar inversion of the product of all eight, 8 4-lane
 * multiplications back. Replaces two 4-lane inversion chains. */
F25519_AVX2_TARGET static void batch_invert8(fe25x4 out[SETS], const fe25x4 in[SETS])
{
    fe25x4 p, q, r, s, inv;
    fe51 f[4], i1;
    fe25x4_mul(&p, &in[0], &in[1]); /* p_l = z_l z_(4+l) */
    PERM4(&s, &p, 0xb1);              /* [p1, p0, p3, p2] */
    fe25x4_mul(&q, &p, &s);           /* [p0p1, p0p1, p2p3, p2p3] */
    PERM4(&s, &q, 0x4e);              /* [p2p3, p2p3, p0p1, p0p1] */
    fe25x4_mul(&r, &q, &s);           /* the product of the 8 in every lane */
    f25519_fe25x4_unpack(f, &r);
    f25519_safegcd_invert(&i1, &f[0]); /* constant-time safegcd; unpack's limbs < 2^54 */
    f[0] = f[1] = f[2] = f[3] = i1;
    f25519_fe25x4_pack(&inv, f);
    fe25x4_mul(&q, &inv, &s);         /* [1/p0p1, 1/p0p1, 1/p2p3, 1/p2p3] */
    PERM4(&s, &p, 0xb1);
    fe25x4_mul(&r, &q, &s);           /* 1/p_l */
    fe25x4_mul(&p, &r, &in[1]);
    fe25x4_mul(&out[1], &r, &in[0]);
    out[0] = p;
    f25519_wipe(&p, sizeof p); f25519_wipe(&q, sizeof q); f25519_wipe(&r, sizeof r);
    f25519_wipe(&s, sizeof s); f25519_wipe(&inv, sizeof inv);
    f25519_wipe(f, sizeof f); f25519_wipe(&i1, sizeof i1);
}

/* All-ones in the lanes of f equal to 0 mod p, else 0 (constant time). */
F25519_AVX2_TARGET static __m256i zero_lanes(const fe25x4 *f)
{
    uint8_t b[4][32];
    long long m[4];
    f25519_fe25x4_tobytes(b, f);
    for (int l = 0; l < 4; l++) {
        uint32_t acc = 0;
        for (int j = 0; j < 32; j++) acc |= b[l][j];
        m[l] = -(long long)((acc - 1) >> 31); /* acc < 256: bit 31 set iff acc = 0 */
    }
    f25519_wipe(b, sizeof b);
    return _mm256_setr_epi64x(m[0], m[1], m[2], m[3]);
}

/* u = (Z + Y) / (Z - Y). Z - Y = 0 only at the identity (a = 0 mod L, outside
 * the clamped keys): that lane gets u = 0 (as the portable code: 1/0 = 0) and
 * its denominator is replaced by 1 so that the other lanes' batch inversion
 * stays valid. */
F25519_AVX2_TARGET void f25519_x25519_base_avx2_x8(uint8_t out[8][32], const uint8_t k[8][32])
{
    ge25x4 h[SETS];
    fe25x4 n[SETS], d[SETS];
    comb_x8(h, k, 0);
    for (int t = 0; t < SETS; t++) {
        fe25x4_add(&n[t], &h[t].Z, &h[t].Y);
        fe25x4_sub(&d[t], &h[t].Z, &h[t].Y);
        fe25x4_carry(&d[t], &d[t]);
        __m256i z = zero_lanes(&d[t]);
        d[t].v[0] = _mm256_add_epi64(d[t].v[0], _mm256_and_si256(z, _mm256_set1_epi64x(1)));
        for (int i = 0; i < 10; i++) n[t].v[i] = _mm256_andnot_si256(z, n[t].v[i]);
    }
    batch_invert8(d, d);
    for (int t = 0; t < SETS; t++) {
        fe25x4_mul(&n[t], &n[t], &d[t]);
        f25519_fe25x4_tobytes(&out[4 * t], &n[t]);
    }
    f25519_wipe(h, sizeof h);
    f25519_wipe(n, sizeof n);
    f25519_wipe(d, sizeof d);
}

F25519_AVX2_TARGET void f25519_ed25519_base_avx2_x8(uint8_t out[8][32], const uint8_t a[8][32])
{
    ge25x4 h[SETS];
    fe25x4 zi[SETS], z[SETS], x, y;
    uint8_t xb[4][32];
    comb_x8(h, a, 1);
    z[0] = h[0].Z;
    z[1] = h[1].Z;
    batch_invert8(zi, z); /* Z != 0: extended coordinates */
    for (int t = 0; t < SETS; t++) {
        fe25x4_mul(&x, &h[t].X, &zi[t]);
        fe25x4_mul(&y, &h[t].Y, &zi[t]);
        f25519_fe25x4_tobytes(&out[4 * t], &y);
        f25519_fe25x4_tobytes(xb, &x);
        for (int l = 0; l < 4; l++) out[4 * t + l][31] ^= (uint8_t)((xb[l][0] & 1) << 7);
    }
    f25519_wipe(h, sizeof h);
    f25519_wipe(zi, sizeof zi);
    f25519_wipe(z, sizeof z);
    f25519_wipe(&x, sizeof x);
    f25519_wipe(&y, sizeof y);
    f25519_wipe(xb, sizeof xb);
}
