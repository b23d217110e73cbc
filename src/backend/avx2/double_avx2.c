/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The avx2 backend's ops.ed25519_double_scalar_x8 (verification of eight
 * signatures): out[i] = [a_i]A_i + [b_i]B, a_i, b_i < 2^253, public inputs
 * (variable time allowed; src/ops.h). One signature per 64-bit lane of the
 * radix-2^25.5 field (the throughput-oriented 4-way verification of Zhang et
 * al., High-Throughput EdDSA Verification; docs/references.md), the
 * eight lanes as two 4-lane sets stepped in lock step (backend/avx2/ge25x4_avx2.h,
 * formulas, bounds and the _x2 forms: two independent products in flight).
 *
 * Straus interleaving with the doublings shared by the lanes (every lane
 * executes the same sequence; the digits only choose table entries):
 *  - a_i in signed radix 32 (recode.h f25519_recode_signed, 51 digits in
 *    [-16, 16], the last in [0, 8]), over a per-lane table 0A..16A (cached
 *    form, the lane's own multiples in its lane; entry 0 = identity), built
 *    per call with 15 additions; a negative digit negates the entry by lane
 *    mask. 51 additions (a window whose eight digits are all 0 is skipped).
 *    Radix 32 costs about 2% fewer ticks per signature than radix 16 (64
 *    additions, table 0..8A).
 *  - b_i in the regular odd signed radix 2^7 (37 digits, every one odd in
 *    [-127, 127]: recode_odd7 below) over the odd multiples B, 3B, ..., 127B
 *    of base_table.c (f25519_base_odd, the table mulx's and the portable
 *    double-scalar use), halved and converted to radix-2^25.5 limbs once per
 *    process (pthread_once). An even b_i is replaced by b_i + L (L odd, B of
 *    order L: the same point). 37 mixed additions, none skipped.
 *  One doubling per bit position (252), with T only where an addition
 *  follows. Each lane's operand is assembled from its own table entry
 *  (per-lane indices: public digits) with vpblendd / 64-bit inserts.
 * A's table is a fixed window, not w-NAF, because the lanes share the
 * additions: per-lane w-NAF digits fall at different positions and the union
 * of four lanes' non-zero positions exceeds the 51 fixed windows.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "backend/avx2/double_avx2.h"
#include "tables/base_table.h"
#include "scalarmult/recode.h"
#include "backend/avx2/ge25x4_avx2.h"

/* A: signed radix 2^WA, NA digits in [-2^(WA-1), 2^(WA-1)] (a < 2^253: the
 * last digit, bits 250..252 plus the carry, is in [0, 8]), table 0..2^(WA-1). */
#define WA 5
#define NA 51
#define TA 17

/* (2j + 1) B halved: ((y+x)/2, (y-x)/2, dxy), canonical radix-2^25.5 limbs
 * (limb k of coordinate c at [j][10 c + k]). */
static uint64_t btab[64][30];
static pthread_once_t btab_once = PTHREAD_ONCE_INIT;

/* 1/2 = (p + 1)/2 = 2^254 - 9 */
static const uint8_t HALF_BYTES[32] = {0xf7, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f};

F25519_AVX2_TARGET static void btab_convert(uint64_t (*out)[30], const ge51_precomp *in, int count)
{
    fe51 half, t;
    fe51_frombytes(&half, HALF_BYTES);
    for (int j = 0; j < count; j++) {
        const ge51_precomp *e = &in[j];
        uint8_t s[4][32];
        fe51_mul(&t, &e->yplusx, &half);
        fe51_tobytes(s[0], &t);
        fe51_mul(&t, &e->yminusx, &half);
        fe51_tobytes(s[1], &t);
        fe51_mul(&t, &e->xy2d, &half); /* 2dxy / 2 */
        fe51_tobytes(s[2], &t);
        memset(s[3], 0, 32);
        fe25x4 f;
        f25519_fe25x4_frombytes(&f, (const uint8_t(*)[32])s); /* canonical: limbs < W_i */
        for (int k = 0; k < 10; k++) {
            uint64_t v[4] __attribute__((aligned(32)));
            _mm256_store_si256((__m256i *)v, f.v[k]);
            for (int c = 0; c < 3; c++) out[j][10 * c + k] = v[c];
        }
    }
}

static void btab_init(void)
{
    btab_convert(btab, f25519_base_odd, 64);
}

static const uint64_t L_WORDS[4] = {0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0, 0x1000000000000000ULL};

/* k = b, or b + L when b is even (public scalars b < 2^253: [k]B = [b]B, k odd, < 2^254). */
static void odd_words(uint64_t k[4], const uint8_t b[32])
{
    memcpy(k, b, 32); /* little-endian host (x86-64) */
    if (!(k[0] & 1)) {
        unsigned __int128 c = 0;
        for (int w = 0; w < 4; w++) {
            c += (unsigned __int128)k[w] + L_WORDS[w];
            k[w] = (uint64_t)c;
            c >>= 64;
        }
    }
}

/* b (< 2^253; b + L if b is even, so odd and < 2^254) = sum d[i] 2^(7i), i < 37,
 * every d[i] odd in [-127, 127] (the regular odd recoding: d = (k mod 2^8) -
 * 2^7, k = (k - d) / 2^7 stays odd; after 36 steps k <= 2^254 / 2^252 + 1:
 * the last digit is odd in [1, 5]). */
static void recode_odd7(int8_t d[37], const uint8_t b[32])
{
    uint64_t k[4];
    odd_words(k, b);
    for (int i = 0; i < 36; i++) {
        int v = (int)(k[0] & 0xff) - 128;
        d[i] = (int8_t)v;
        /* k -= v: two's complement of the sign-extended v over 4 words */
        uint64_t sub = (uint64_t)(int64_t)v, ext = v < 0 ? ~0ULL : 0;
        unsigned __int128 c = (unsigned __int128)k[0] - sub;
        k[0] = (uint64_t)c;
        uint64_t borrow = (uint64_t)(c >> 64) & 1;
        for (int w = 1; w < 4; w++) {
            c = (unsigned __int128)k[w] - ext - borrow;
            k[w] = (uint64_t)c;
            borrow = (uint64_t)(c >> 64) & 1;
        }
        for (int w = 0; w < 3; w++) k[w] = (k[w] >> 7) | (k[w + 1] << 57);
        k[3] >>= 7;
    }
    d[36] = (int8_t)k[0];
}

/* Lane l of t = tab[|d_l|] of lane l, negated where d_l < 0. */
F25519_FE25X4_INLINE void lookup_a(ge25x4_cached *t, const ge25x4_cached *tab, const int8_t d[4])
{
    const __m256i *e0 = (const __m256i *)&tab[abs(d[0])], *e1 = (const __m256i *)&tab[abs(d[1])];
    const __m256i *e2 = (const __m256i *)&tab[abs(d[2])], *e3 = (const __m256i *)&tab[abs(d[3])];
    __m256i *o = (__m256i *)t;
#pragma GCC unroll 8
    for (int k = 0; k < 40; k++) {
        __m256i r = _mm256_blend_epi32(e0[k], e1[k], 0x0c);
        r = _mm256_blend_epi32(r, e2[k], 0x30);
        o[k] = _mm256_blend_epi32(r, e3[k], 0xc0);
    }
    if ((d[0] | d[1] | d[2] | d[3]) < 0)
        ge25x4_cached_cneg(t, _mm256_setr_epi64x(-(long long)(d[0] < 0), -(long long)(d[1] < 0),
                                                 -(long long)(d[2] < 0), -(long long)(d[3] < 0)));
}

/* Lane l of q = the entry (|d_l| - 1) / 2 of tb (d_l odd: d_l B or, from
 * the radix-2^10 tables, the multiple of their base), halved affine, negated
 * where d_l < 0. Public digits: plain loads by index. */
F25519_FE25X4_INLINE void lookup_b(ge25x4_hpre *q, const uint64_t (*tb)[30], int d0, int d1, int d2, int d3)
{
    const uint64_t *r0 = tb[abs(d0) >> 1], *r1 = tb[abs(d1) >> 1];
    const uint64_t *r2 = tb[abs(d2) >> 1], *r3 = tb[abs(d3) >> 1];
    __m256i *o = (__m256i *)q;
#pragma GCC unroll 10
    for (int k = 0; k < 30; k++)
        o[k] = _mm256_setr_epi64x((long long)r0[k], (long long)r1[k], (long long)r2[k], (long long)r3[k]);
    if ((d0 | d1 | d2 | d3) < 0)
        ge25x4_hpre_cneg(q, _mm256_setr_epi64x(-(long long)(d0 < 0), -(long long)(d1 < 0),
                                               -(long long)(d2 < 0), -(long long)(d3 < 0)));
}

/* Out-of-line steps: one copy each, called from the loop (both sets). */
#define DS_NOINLINE static __attribute__((noinline)) F25519_AVX2_TARGET
DS_NOINLINE void step_dbl(ge25x4_p3 h[2], int want_t) { ge25x4_dbl_x2(h, want_t); }
DS_NOINLINE void step_add(ge25x4_p3 h[2], const ge25x4_cached q[2], int want_t) { ge25x4_add_x2(h, q, want_t); }
DS_NOINLINE void step_madd(ge25x4_p3 h[2], const ge25x4_hpre q[2], int want_t) { ge25x4_madd_x2(h, q, want_t); }
DS_NOINLINE void get_a(ge25x4_cached *t, const ge25x4_cached *tab, const int8_t d[4]) { lookup_a(t, tab, d); }
DS_NOINLINE void get_b(ge25x4_hpre *q, const uint64_t (*tb)[30], const int8_t d[4]) { lookup_b(q, tb, d[0], d[1], d[2], d[3]); }

/* tab[j] = j P (cached), j = 0..cnt-1, in every lane: jP = (j-1)P + P. */
DS_NOINLINE void build_tab_n(ge25x4_cached *tab, const ge25x4_p3 *P, int cnt)
{
    fe25x4 d2;
    fe51 d2s[4] = {fe51_d2, fe51_d2, fe51_d2, fe51_d2};
    f25519_fe25x4_pack(&d2, d2s);
    ge25x4_p3 m = *P;
    ge25x4_cached_identity(&tab[0]);
    ge25x4_to_cached(&tab[1], P, &d2);
    for (int j = 2; j < cnt; j++) {
        ge25x4_add(&m, &m, &tab[1], 1);
        ge25x4_to_cached(&tab[j], &m, &d2);
    }
}
static void build_tab(ge25x4_cached tab[TA], const ge25x4_p3 *P) { build_tab_n(tab, P, TA); }

/* The eight lanes as two 4-lane sets in lock step (ge25x4_*_x2). */
F25519_AVX2_TARGET static void double_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                         const uint8_t b[8][32])
{
    ge25x4_cached tab[2][TA] __attribute__((aligned(32))), q[2];
    ge25x4_hpre qb[2];
    ge25x4_p3 acc[2];
    int8_t ea[8][NA], eb[8][37], da[NA][8] __attribute__((aligned(8))), db[37][8];
    for (int l = 0; l < 8; l++) {
        f25519_recode_signed(ea[l], NA, a[l], WA);
        recode_odd7(eb[l], b[l]);
    }
    for (int i = 0; i < NA; i++)
        for (int l = 0; l < 8; l++) da[i][l] = ea[l][i];
    for (int i = 0; i < 37; i++)
        for (int l = 0; l < 8; l++) db[i][l] = eb[l][i];

    for (int s = 0; s < 2; s++) {
        ge25x4_pack(&acc[s], A + 4 * s);
        build_tab(tab[s], &acc[s]);
        ge25x4_identity(&acc[s]);
    }
    int started = 0;
    for (int p = 252; p >= 0; p--) {
        uint64_t any = 0;
        if (p % WA == 0) memcpy(&any, da[p / WA], 8);
        int adda = any != 0, addb = p % 7 == 0;
        if (started) step_dbl(acc, adda || addb);
        if (adda) {
            get_a(&q[0], tab[0], da[p / WA]);
            get_a(&q[1], tab[1], da[p / WA] + 4);
            step_add(acc, q, addb);
            started = 1;
        }
        if (addb) {
            get_b(&qb[0], btab, db[p / 7]);
            get_b(&qb[1], btab, db[p / 7] + 4);
            step_madd(acc, qb, p == 0);
            started = 1;
        }
    }
    ge25x4_unpack(out, &acc[0]);
    ge25x4_unpack(out + 4, &acc[1]);
}

void f25519_double_scalar_avx2_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                  const uint8_t b[8][32])
{
    pthread_once(&btab_once, btab_init);
    double_x8(out, a, A, b);
}

/* ---- ops.ed25519_quad_scalar_x8: out[i] = [a_i]A_i + [c_i]C_i + [b_i]B ----
 * (a_i, c_i < 2^160, b_i < 2^253; public). Batch verification's exact modes
 * with the half-size scalars of single verification (ed25519_verify.h
 * f25519_vf_steps67, ed25519_batch.c finish_quad). The same Straus loop as
 * double_x8 with about half the doublings:
 *  - a_i, c_i in signed radix 2^QW (QN digits: a < 2^160) over per-lane
 *    tables 0..2^(QW-1) A_i and C_i (fixed windows for the reason given at
 *    the top; an all-zero window of the eight lanes is skipped, so the
 *    doublings start at the longest lane's top digit);
 *  - b_i split as b = b0 + 2^127 b1 with b0, b1 odd (split_b127), each in the
 *    regular odd radix 2^QBW (QBN digits at the bit positions 0, QBW, ...)
 *    over the odd multiples of B and of [2^127]B (qtab: 2^(QBW-1) entries
 *    each, computed once per process: qtab_init).
 * With a, c ~ 2^128: ~128 doublings (instead of 252), ~64 cached additions
 * (radix 16: 0..8 tables of 7 additions each), 26 mixed additions for B.
 * This is a few percent faster per signature than radix 32 for a, c with b
 * split at 2^128 in radix 2^7; even multiples built by doublings, signed
 * tables, B rows read by 4x4 transposes and QBW = 11 gained nothing
 * measurable. qtab is 2 x 512 x 240 bytes (L2-resident); qtab_init costs
 * ~1.6 ms once per process. */
#ifndef QW /* -D for experiments */
#define QW 4
#endif
#define QN (160 / QW + 1)      /* QW * QN >= 161: the last digit absorbs the carry */
#define QT ((1 << (QW - 1)) + 1) /* table 0..2^(QW-1) */
#ifndef QBW
#define QBW 10
#endif
#define QBN ((128 + QBW - 1) / QBW) /* QBW * QBN >= 128: the last digit < 2^(127 - QBW (QBN - 1)) + 2 < 2^QBW */
#define QBT (1 << (QBW - 1))

/* qtab[0][j] = (2j + 1) B, qtab[1][j] = (2j + 1) [2^127]B, halved, btab's form. */
static uint64_t qtab[2][QBT][30] __attribute__((aligned(64)));
static pthread_once_t qtab_once = PTHREAD_ONCE_INIT;
static ge51_p3 qtab_pts[QBT];  /* scratch of qtab_init (used once) */
static ge51_precomp qtab_pre[QBT];
static fe51 qtab_acc[QBT];

static void qtab_init(void)
{
    static const uint8_t B_ENC[32] = {0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                      0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                      0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66};
    ge51_p3 P, P2;
    (void)ge51_frombytes_vartime(&P, B_ENC, 0); /* the base point: always decodes */
    for (int t = 0; t < 2; t++) {
        if (t == 1)
            for (int i = 0; i < 127; i++) ge51_dbl(&P, &P);
        ge51_dbl(&P2, &P);
        qtab_pts[0] = P;
        for (int j = 1; j < QBT; j++) ge51_add(&qtab_pts[j], &qtab_pts[j - 1], &P2);
        /* affine with one inversion (Montgomery's trick; Z != 0) */
        fe51 acc, inv, zi, x, y, z;
        fe51_1(&acc);
        for (int j = 0; j < QBT; j++) {
            qtab_acc[j] = acc; /* Z_0 ... Z_(j-1) */
            fe51_carry(&z, &qtab_pts[j].Z);
            fe51_mul(&acc, &acc, &z);
        }
        fe51_invert(&inv, &acc);
        for (int j = QBT; j-- > 0;) {
            fe51_carry(&z, &qtab_pts[j].Z);
            fe51_mul(&zi, &inv, &qtab_acc[j]);
            fe51_mul(&inv, &inv, &z);
            fe51_carry(&x, &qtab_pts[j].X);
            fe51_carry(&y, &qtab_pts[j].Y);
            fe51_mul(&x, &x, &zi);
            fe51_mul(&y, &y, &zi);
            ge51_precomp *e = &qtab_pre[j];
            fe51_add(&e->yplusx, &y, &x);
            fe51_carry(&e->yplusx, &e->yplusx);
            fe51_sub(&e->yminusx, &y, &x);
            fe51_carry(&e->yminusx, &e->yminusx);
            fe51_mul(&e->xy2d, &x, &y);
            fe51_mul(&e->xy2d, &e->xy2d, &fe51_d2);
        }
        btab_convert(qtab[t], qtab_pre, QBT);
    }
}

/* k odd, 0 < k < 2^127: k = sum d[i] 2^(QBW i), i < QBN, every d[i] odd in
 * (-2^QBW, 2^QBW) (as recode_odd7: k_(i+1) = (k_i - d_i)/2^QBW stays odd and
 * >= 1; k_i < 2^(127 - QBW i) + 2, so d[QBN-1] = k_(QBN-1) is odd and
 * < 2^(127 - QBW (QBN - 1)) + 2 <= 2^QBW). neg: the digits of -k. */
static void recode_oddw(int16_t d[QBN], unsigned __int128 k, int neg)
{
    for (int i = 0; i < QBN - 1; i++) {
        int v = (int)(k & ((2u << QBW) - 1)) - (1 << QBW);
        d[i] = (int16_t)(neg ? -v : v);
        k = v < 0 ? k + (unsigned)(-v) : k - (unsigned)v;
        k >>= QBW;
    }
    d[QBN - 1] = (int16_t)(neg ? -(int)k : (int)k);
}

/* b < 2^253 -> b' = b or b + L (odd, < 2^254; [b']B = [b]B) = lo + 2^127 hi
 * with lo, hi odd, both < 2^127: if hi is even, hi + 1 and lo - 2^127
 * (negative, |lo| = 2^127 - lo odd). Digits of lo in d0, of hi in d1. */
static void split_b127(int16_t d0[QBN], int16_t d1[QBN], const uint8_t b[32])
{
    uint64_t k[4];
    odd_words(k, b);
    const unsigned __int128 one = 1;
    unsigned __int128 lo = (((unsigned __int128)k[1] << 64) | k[0]) & ((one << 127) - 1);
    unsigned __int128 hi = ((unsigned __int128)k[3] << 65) | ((unsigned __int128)k[2] << 1) | (k[1] >> 63);
    int neg = 0;
    if (!(hi & 1)) {
        hi += 1;
        lo = (one << 127) - lo; /* lo odd, so >= 1 */
        neg = 1;
    }
    recode_oddw(d0, lo, neg);
    recode_oddw(d1, hi, 0);
}

DS_NOINLINE void get_bw(ge25x4_hpre *q, const uint64_t (*tb)[30], const int16_t d[4]) { lookup_b(q, tb, d[0], d[1], d[2], d[3]); }

F25519_AVX2_TARGET static void quad_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                       const uint8_t c[8][32], const ge51_p3 C[8], const uint8_t b[8][32])
{
    ge25x4_cached ta[2][QT] __attribute__((aligned(32))), tc[2][QT] __attribute__((aligned(32))), q[2];
    ge25x4_hpre qb[2];
    ge25x4_p3 acc[2];
    int8_t ea[8][QN], ec[8][QN];
    int16_t e0[8][QBN], e1[8][QBN];
    int8_t da[QN][8] __attribute__((aligned(8))), dc[QN][8] __attribute__((aligned(8)));
    int16_t d0[QBN][8], d1[QBN][8];
    for (int l = 0; l < 8; l++) {
        f25519_recode_signed(ea[l], QN, a[l], QW);
        f25519_recode_signed(ec[l], QN, c[l], QW);
        split_b127(e0[l], e1[l], b[l]);
    }
    for (int i = 0; i < QN; i++)
        for (int l = 0; l < 8; l++) {
            da[i][l] = ea[l][i];
            dc[i][l] = ec[l][i];
        }
    for (int i = 0; i < QBN; i++)
        for (int l = 0; l < 8; l++) {
            d0[i][l] = e0[l][i];
            d1[i][l] = e1[l][i];
        }

    for (int s = 0; s < 2; s++) {
        ge25x4_pack(&acc[s], A + 4 * s);
        build_tab_n(ta[s], &acc[s], QT);
        ge25x4_pack(&acc[s], C + 4 * s);
        build_tab_n(tc[s], &acc[s], QT);
        ge25x4_identity(&acc[s]);
    }
    int started = 0;
    for (int p = QW * (QN - 1); p >= 0; p--) {
        uint64_t anya = 0, anyc = 0;
        if (p % QW == 0) {
            memcpy(&anya, da[p / QW], 8);
            memcpy(&anyc, dc[p / QW], 8);
        }
        int adda = anya != 0, addc = anyc != 0, addb = p % QBW == 0 && p / QBW < QBN;
        if (started) step_dbl(acc, adda || addc || addb);
        if (adda) {
            get_a(&q[0], ta[0], da[p / QW]);
            get_a(&q[1], ta[1], da[p / QW] + 4);
            step_add(acc, q, addc || addb);
            started = 1;
        }
        if (addc) {
            get_a(&q[0], tc[0], dc[p / QW]);
            get_a(&q[1], tc[1], dc[p / QW] + 4);
            step_add(acc, q, addb);
            started = 1;
        }
        if (addb) {
            get_bw(&qb[0], qtab[0], d0[p / QBW]);
            get_bw(&qb[1], qtab[0], d0[p / QBW] + 4);
            step_madd(acc, qb, 1);
            get_bw(&qb[0], qtab[1], d1[p / QBW]);
            get_bw(&qb[1], qtab[1], d1[p / QBW] + 4);
            step_madd(acc, qb, p == 0);
            started = 1;
        }
    }
    ge25x4_unpack(out, &acc[0]);
    ge25x4_unpack(out + 4, &acc[1]);
}

void f25519_quad_scalar_avx2_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                const uint8_t c[8][32], const ge51_p3 C[8], const uint8_t b[8][32])
{
    pthread_once(&btab_once, btab_init);
    pthread_once(&qtab_once, qtab_init);
    quad_x8(out, a, A, c, C, b);
}
