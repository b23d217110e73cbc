/*
 * The avx2 backend's x8 fixed-base [a]B (base_avx2.h): two 4-lane combs,
 * one key per 64-bit lane (paper 002 section 3), on the radix-2^25.5 field
 * (field/fe25x4_avx2.h). Signed radix 2^6, as the mulx comb (base_mulx.c):
 * a = sum e_i 64^i, e_i in [-32, 32) (recode.h, the one recoding; a < 2^255
 * gives e_42 in [0, 8]); table i holds j 64^i B for j = 1..32, so [a]B is
 * 42 mixed additions per lane (the first digit's point is taken as it is)
 * and no doubling, in Edwards extended coordinates.
 *
 * Table (base_table_avx2.h, gen_base_table_avx2.c): the entries halved,
 * ((y + x)/2, (y - x)/2, dxy), in radix-2^25.5 limbs, the 32 entries of a
 * limb in 4 32-byte rows of 8. The mixed addition (ref10's ge_madd with every
 * intermediate halved: the result is the same projective point, all four
 * coordinates scaled by 1/4) then needs Z instead of 2Z, so E, F, G, H are
 * sums / 2p-differences of two R values: multiplication inputs (M) without
 * a carry.
 *
 * Constant-time lookup (lookup() below): every lane's digit d is split into
 * |d| and a sign mask; one vpermd per row picks, in each lane, the slot
 * (|d| - 1) mod 8 (index in the lane's low word), two levels of blendv by
 * bits 3 and 4 of |d| - 1 pick the row; |d| = 0 gives the (halved) identity
 * (1/2, 1/2, 0) by a mask; then y+x / y-x are swapped and dxy negated
 * (2p - dxy) under the sign mask. Every row of the table is loaded; no secret
 * branch or memory index, and vpermd's / blendv's timing does not depend on
 * their operands.
 *
 * History, x25519_keygen_x8 per key (TSC ticks, fast25519 bench, interleaved
 * rounds; AMD EPYC Zen 3, AVX2 only, TSC 2.445 GHz, 2026-11-25): radix 16
 * (64 mixed additions + 4 doublings, the 8 entries masked by 8 cmpeq and
 * AND/OR per limb, ~740 vector ops per lookup of 4 lanes) 12,152; the same
 * with the vpermd lookup (~200 ops) 11,135 (medians of 5 rounds); radix 2^6
 * (43 mixed additions, ~450 ops per lookup) 8,848 against 11,141 (minima of
 * 5 interleaved rounds on a contended host, medians 12,758 / 17,306; one
 * later round 9,022 / 11,135); the first digit's point made extended
 * directly (one product, T = dxy/d, instead of a mixed addition to the
 * identity): 8,612 against 8,691 (minima of 10 interleaved rounds, the
 * host's fast mode; radix 2^7, 37 tables x 64 entries, 284 KB, was slower:
 * 9,399 against 8,695). Per x8 call (valgrind --tool=callgrind,
 * test_ct_avx2): ~295k instructions, 89% in comb_x8, of which 70% in the
 * 602 calls of f25519_fe25x4_mul.
 *
 * The mixed additions call the out-of-line
 * f25519_fe25x4_mul/_sqr (no spills in there, as in the ladder) instead of
 * inlining 7 products per addition.
 *
 * Inversion (batch_invert8): Montgomery's trick across the 8 lanes of the two
 * sets, one scalar inversion (mulx's chain) instead of two 4-lane chains.
 *
 * Bounds (fe25x4_avx2.h): table limbs < W_i (fully reduced); 2p - dxy <= 2p_i
 * (M). Point coordinates R at every step (products). Mixed addition:
 * Y + X (M), Y - X + 2p (M), A, B, C products (R), E = A - B + 2p,
 * H = A + B, G = Z + C, F = Z - C + 2p (all M).
 */
#include "scalarmult/base_avx2.h"
#include "scalarmult/base_table_avx2.h"
#include "scalarmult/recode.h"
#include "field/fe25x4_avx2.h"
#include "common/wipe.h"
#include "field/fe51.h"
#include "arch/mulx_asm.h"
#if F25519_HAVE_MULX
#include "field/fe64_mulx.h" /* f25519_fe51_pow22523_mulx */
#endif

typedef struct { fe25x4 X, Y, Z, T; } ge25x4;      /* extended: x = X/Z, y = Y/Z, xy = T/Z */
typedef struct { fe25x4 ypx, ymx, xyd; } pre25x4;  /* ((y+x)/2, (y-x)/2, dxy), affine */

#define SETS 2

/* Limbs of 1/2 = 2^254 - 9: 2^26 - 9, then all ones, the top limb 2^24 - 1. */
static const uint32_t half25[10] = {0x3fffff7, 0x1ffffff, 0x3ffffff, 0x1ffffff, 0x3ffffff,
                                    0x1ffffff, 0x3ffffff, 0x1ffffff, 0x3ffffff, 0x0ffffff};

/* t = d 64^i B (halved precomp) in each lane from table i (row = its [30][4][8]), d in [-32, 32] (int64 lanes).
 *
 * Register permutation, no mask per entry: row[k][r] holds limb k%10 of
 * coordinate k/10 of the entries 8r..8r+7, entry 8r+s in 32-bit slot s. vpermd
 * (_mm256_permutevar8x32_epi32) writes to each 32-bit slot s the slot of its
 * data operand named by the low 3 bits of slot s of its index operand; the
 * index holds |d| - 1 in the low half of each 64-bit lane, so ONE vpermd per
 * row puts every lane's own candidate's limb in the low half of the lane, and
 * blendv (by bit 31 of each 32-bit slot: bits 3 and 4 of |d| - 1 shifted
 * there) picks row 0/1 and 2/3, then the pair (the high half,
 * indexed by the index's high word, is cleared by the AND with `keep`, which
 * is zero altogether where d = 0; fe25x4 limbs are 64-bit lanes whose high
 * halves must be 0). |d| = 0 then ORs in the (halved) identity (1/2, 1/2, 0).
 * Why this is constant time: vpermd is a register-only permutation whose
 * latency and throughput do not depend on the index or data values (the same
 * class as the vpshufb table lookups of constant-time code); every row of the
 * table is loaded, at an address that depends on the public position only, so
 * there is no secret memory index; the digit's sign and zero test are lane
 * masks (no branch). */
#define ROWS F25519_BASE_AVX2_ROWS
#define ROW_BITS (ROWS == 8 ? 3 : ROWS == 4 ? 2 : ROWS == 2 ? 1 : 0)

/* The limb of entry |d| - 1 of the rows r[0..ROWS-1] in each lane's low word:
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

F25519_FE25X4_INLINE void lookup(pre25x4 *t, const uint32_t (*row)[ROWS][8], __m256i d)
{
    const __m256i zero = _mm256_setzero_si256();
    const __m256i neg = _mm256_cmpgt_epi64(zero, d);                     /* d < 0 */
    const __m256i ad = _mm256_sub_epi64(_mm256_xor_si256(d, neg), neg); /* |d| */
    const __m256i z = _mm256_cmpeq_epi64(ad, zero);
    const __m256i idx = _mm256_sub_epi64(ad, _mm256_set1_epi64x(1));     /* |d| - 1 */
    const __m256i keep = _mm256_andnot_si256(z, _mm256_set1_epi64x(0xffffffffLL));
    /* bits 3, 4, ... of |d| - 1 (the row) at bit 31 of the low word: blendv's selector */
    __m256 bsel[ROW_BITS];
    for (int k = 0; k < ROW_BITS; k++) bsel[k] = _mm256_castsi256_ps(_mm256_slli_epi32(idx, 28 - k));
#define LK_SEL(k) lookup_sel(row[k], idx, bsel)
#pragma GCC unroll 1
    for (int i = 0; i < 10; i++) {
        __m256i hz = _mm256_and_si256(z, _mm256_set1_epi64x(half25[i]));
        __m256i p = LK_SEL(i), q = LK_SEL(10 + i), x = LK_SEL(20 + i);
        p = _mm256_or_si256(_mm256_and_si256(p, keep), hz);
        q = _mm256_or_si256(_mm256_and_si256(q, keep), hz);
        x = _mm256_and_si256(x, keep);
        __m256i s = _mm256_and_si256(neg, _mm256_xor_si256(p, q)); /* -P: swap y+x, y-x */
        t->ypx.v[i] = _mm256_xor_si256(p, s);
        t->ymx.v[i] = _mm256_xor_si256(q, s);
        __m256i nx = _mm256_sub_epi64(_mm256_set1_epi64x(i == 0 ? FE25X4_2P0 : (i & 1) ? FE25X4_2PODD : FE25X4_2PEVEN), x); /* and dxy -> 2p - dxy */
        t->xyd.v[i] = _mm256_xor_si256(x, _mm256_and_si256(neg, _mm256_xor_si256(x, nx)));
    }
#undef LK_SEL
}

/* h = h + q (ref10 ge_madd + p1p1_to_p3, halved: see the top comment). h R -> R. */
F25519_FE25X4_INLINE void madd(ge25x4 *h, const pre25x4 *q)
{
    fe25x4 ypx, ymx, a, b, c, e, f, g, hh;
    fe25x4_add(&ypx, &h->Y, &h->X);
    fe25x4_sub(&ymx, &h->Y, &h->X);
    f25519_fe25x4_mul(&a, &ypx, &q->ypx);
    f25519_fe25x4_mul(&b, &ymx, &q->ymx);
    f25519_fe25x4_mul(&c, &h->T, &q->xyd);
    fe25x4_sub(&e, &a, &b);
    fe25x4_add(&hh, &a, &b);
    fe25x4_add(&g, &h->Z, &c);
    fe25x4_sub(&f, &h->Z, &c);
    f25519_fe25x4_mul(&h->X, &e, &f);
    f25519_fe25x4_mul(&h->Y, &hh, &g);
    f25519_fe25x4_mul(&h->Z, &g, &f);
    f25519_fe25x4_mul(&h->T, &e, &hh);
}

/* h[t] = [a[4t + l]]B in lane l of set t: a = sum e_i 64^i (signed digits,
 * e_i in [-32, 32), e_42 in [0, 8] for a < 2^255), one mixed addition of
 * e_i 64^i B (table i) per digit, no doubling. */
F25519_AVX2_TARGET __attribute__((noinline)) static void comb_x8(ge25x4 h[SETS], const uint8_t a[8][32])
{
    enum { N = F25519_BASE_AVX2_TABLES };
    int8_t e[8][N], dig[N][8] __attribute__((aligned(8)));
    pre25x4 q[SETS];
    for (int l = 0; l < 8; l++) f25519_recode_signed(e[l], N, a[l], F25519_BASE_AVX2_SPACING);
    for (int i = 0; i < N; i++)
        for (int l = 0; l < 8; l++) dig[i][l] = e[l][i];
    for (int i = 0; i < N; i++) {
        __m128i d8 = _mm_loadl_epi64((const __m128i *)dig[i]); /* the 8 digits, 1 byte each */
        __m256i d[SETS];
        d[0] = _mm256_cvtepi8_epi64(d8);
        d[1] = _mm256_cvtepi8_epi64(_mm_srli_si128(d8, 4));
        for (int t = 0; t < SETS; t++) lookup(&q[t], f25519_base_comb_avx2[i], d[t]);
        if (i == 0) {
            /* the first point directly in extended coordinates instead of a
             * mixed addition to the identity: x = (y+x)/2 - (y-x)/2,
             * y = (y+x)/2 + (y-x)/2, Z = 1, T = xy = (dxy) (1/d): one product
             * instead of seven (the identity, digit 0, gives (0, 1, 1, 0)) */
            fe25x4 dinv;
            for (int k = 0; k < 10; k++) dinv.v[k] = _mm256_set1_epi64x(f25519_base_avx2_dinv[k]);
            for (int t = 0; t < SETS; t++) {
                fe25x4_sub(&h[t].X, &q[t].ypx, &q[t].ymx);
                fe25x4_carry(&h[t].X, &h[t].X);
                fe25x4_add(&h[t].Y, &q[t].ypx, &q[t].ymx);
                fe25x4_carry(&h[t].Y, &h[t].Y);
                fe25x4_1(&h[t].Z);
                f25519_fe25x4_mul(&h[t].T, &q[t].xyd, &dinv);
            }
            continue;
        }
        for (int t = 0; t < SETS; t++) madd(&h[t], &q[t]);
    }
    f25519_wipe(e, sizeof e);
    f25519_wipe(dig, sizeof dig);
    f25519_wipe(q, sizeof q);
}

/* 1/z for z = lane 0 of a field element (fe51): z^(p-2) = (z^((p-5)/8))^8 z^3,
 * with the mulx backend's z^((p-5)/8) chain where it is built (a scalar chain
 * on 64-bit limbs has a much shorter latency than a 4-lane one), else the
 * portable fe51 inversion. z != 0. */
static void invert51(fe51 *out, const fe51 *z)
{
#if F25519_HAVE_MULX
    fe51 t, z3;
    f25519_fe51_pow22523_mulx(&t, z);
    fe51_sqr_n(&t, &t, 3);
    fe51_sqr(&z3, z);
    fe51_mul(&z3, &z3, z);
    fe51_mul(out, &t, &z3);
    f25519_wipe(&t, sizeof t);
    f25519_wipe(&z3, sizeof z3);
#else
    fe51_invert(out, z);
#endif
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
    invert51(&i1, &f[0]);
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
    comb_x8(h, k);
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
    comb_x8(h, a);
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
