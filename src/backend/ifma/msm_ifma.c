/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Batch verification with AVX-512IFMA, one point per 64-bit lane (as Zhang et
 * al., High-Throughput EdDSA Verification; docs/references.md: eight
 * independent double-scalar multiplications in the lanes of the 8x1 field, no
 * cross-lane work).
 *
 * One kernel, lane-wise Straus with shared doublings (straus8): lane l
 * computes sum_g [a_{g,l}] P_{g,l} + [b_l] B for groups g of eight points.
 * Every P_{g,l} is in signed radix 16 (64 digits in [-8, 8]) over its own
 * table 1P..8P built in the lanes (cached form; the digit picks the entry
 * with masked blends, a mask negates); B is in signed radix 128 (37 digits
 * in [-64, 64]) over the fixed-base table W_0 = {1..64}B
 * (f25519_ifma_base_table_r128[0]; four vpermt2q and three blends per limb:
 * radix 128 costs 37 additions where radix 64 costs 43). The loop runs over
 * bit positions: one 8-lane doubling per position, an addition where a window
 * of a group (every 4th position) or of B (every 7th) ends with a non-zero
 * digit in some lane. Public inputs only: digits decide branches (all-zero
 * windows are skipped) but never addresses.
 *   double_scalar_x8: one group (the eight A's), b_l = S_l per lane.
 *   quad_scalar_x8: two groups (A's and C's, scalars < 2^160: the half-size
 *     scalars of ed25519_verify.h), b_l's 37 digits split over W_0 (digits
 *     0..18) and W_1 = 2^133 W_0 (digits 19..36), so that the doublings
 *     stop at max(127, 4 x the longest lane's radix-16 length): ~128
 *     instead of ~253.
 *   msm: ceil(n/8) groups, b in lane 0; the lanes summed at the end.
 */
#include <stdlib.h>
#include <string.h>
#include "backend/ifma/msm_ifma.h"
#include "tables/ifma_base.h"
#include "backend/ifma/ge51x8_ifma.h"

typedef struct { ge8_cached e[8]; } lane_tab; /* e[j] = (j + 1) P, per lane */

#define BW 7      /* B's digits: signed radix 2^BW */
#define BDIG 37   /* digits of b < 2^253 */
#define BSPLIT 19 /* digits over W_0 in the half-size kernel; the rest over W_1 */

/* B entry |d| from W_j (|d| <= 64), negated where d < 0; d = 0: identity. */
#define MSM_NOINLINE static __attribute__((noinline)) F25519_IFMA_TARGET
MSM_NOINLINE void lookup_b(ge8_precomp *t, __m512i d, int j)
{
    const uint64_t (*tab)[64] = f25519_ifma_base_table_r128[j];
    __m512i ad = _mm512_abs_epi64(d);
    __mmask8 neg = _mm512_cmplt_epi64_mask(d, _mm512_setzero_si512());
    __mmask8 nz = _mm512_test_epi64_mask(ad, ad);
    __m512i idx = _mm512_sub_epi64(ad, _mm512_set1_epi64(1));
    __mmask8 b4 = _mm512_test_epi64_mask(idx, _mm512_set1_epi64(16)); /* entries 17..32 of each half */
    __mmask8 b5 = _mm512_test_epi64_mask(idx, _mm512_set1_epi64(32)); /* entries 33..64 */
    const __m512i one = _mm512_set1_epi64(1), zero = _mm512_setzero_si512();
#define LK16(r, o) _mm512_permutex2var_epi64(_mm512_loadu_si512((r) + (o)), idx, _mm512_loadu_si512((r) + (o) + 8))
#define LK32(r, o) _mm512_mask_blend_epi64(b4, LK16(r, o), LK16(r, (o) + 16))
#define LKB(i) _mm512_mask_blend_epi64(b5, LK32(tab[i], 0), LK32(tab[i], 32))
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        t->ypx.v[i] = _mm512_mask_blend_epi64(nz, i == 0 ? one : zero, LKB(i));
        t->ymx.v[i] = _mm512_mask_blend_epi64(nz, i == 0 ? one : zero, LKB(5 + i));
        t->xy2d.v[i] = _mm512_mask_blend_epi64(nz, zero, LKB(10 + i));
    }
#undef LKB
#undef LK32
#undef LK16
    ge8_precomp_cneg(t, neg);
}

/* Lane l takes entry |d_l| of its own table, negated where d_l < 0. */
MSM_NOINLINE void lookup_tab(ge8_cached *t, const lane_tab *T, __m512i d)
{
    __m512i ad = _mm512_abs_epi64(d);
    __mmask8 neg = _mm512_cmplt_epi64_mask(d, _mm512_setzero_si512());
    const __m512i one = _mm512_set1_epi64(1), two = _mm512_set1_epi64(2), zero = _mm512_setzero_si512();
    __m512i acc[20];
#pragma GCC unroll 20
    for (int i = 0; i < 20; i++) acc[i] = i == 0 || i == 5 ? one : i == 10 ? two : zero; /* identity */
    for (int v = 1; v <= 8; v++) {
        __mmask8 k = _mm512_cmpeq_epi64_mask(ad, _mm512_set1_epi64(v)); /* no branch: k is data */
        const ge8_cached *e = &T->e[v - 1];
#pragma GCC unroll 5
        for (int i = 0; i < 5; i++) {
            acc[i] = _mm512_mask_blend_epi64(k, acc[i], e->ypx.v[i]);
            acc[5 + i] = _mm512_mask_blend_epi64(k, acc[5 + i], e->ymx.v[i]);
            acc[10 + i] = _mm512_mask_blend_epi64(k, acc[10 + i], e->z2.v[i]);
            acc[15 + i] = _mm512_mask_blend_epi64(k, acc[15 + i], e->t2d.v[i]);
        }
    }
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        t->ypx.v[i] = _mm512_mask_blend_epi64(neg, acc[i], acc[5 + i]);
        t->ymx.v[i] = _mm512_mask_blend_epi64(neg, acc[5 + i], acc[i]);
        t->z2.v[i] = acc[10 + i];
        t->t2d.v[i] = acc[15 + i];
    }
    if (neg) {
        fe51x8 n;
        fe8_neg(&n, &t->t2d);
        fe8_blend(&t->t2d, &t->t2d, &n, neg);
    }
}

/* T = 1P .. 8P of the eight lane points. */
MSM_NOINLINE void dbl_t(ge8_p3 *r, const ge8_p3 *p, int with_t) { ge8_dbl_t(r, p, with_t); }
MSM_NOINLINE void add_c(ge8_p3 *r, const ge8_p3 *p, const ge8_cached *q) { ge8_add(r, p, q); }
MSM_NOINLINE void madd_t(ge8_p3 *r, const ge8_p3 *p, const ge8_precomp *q, int with_t) { ge8_madd_t(r, p, q, with_t); }
MSM_NOINLINE void to_cached(ge8_cached *c, const ge8_p3 *p) { ge8_to_cached(c, p); }

MSM_NOINLINE void build_tab(lane_tab *T, const ge8_p3 *P)
{
    ge8_p3 m2, m3, m4, m;
    to_cached(&T->e[0], P);
    dbl_t(&m2, P, 1);
    to_cached(&T->e[1], &m2);
    add_c(&m3, &m2, &T->e[0]);
    to_cached(&T->e[2], &m3);
    dbl_t(&m4, &m2, 1);
    to_cached(&T->e[3], &m4);
    add_c(&m, &m4, &T->e[0]);
    to_cached(&T->e[4], &m);
    dbl_t(&m, &m3, 1);
    to_cached(&T->e[5], &m);
    add_c(&m, &m, &T->e[0]);
    to_cached(&T->e[6], &m);
    dbl_t(&m, &m4, 1);
    to_cached(&T->e[7], &m);
}

#define DIG8(p) _mm512_cvtepi8_epi64(_mm_loadl_epi64((const __m128i *)(p)))

/* 1 if any of the eight lane digits is non-zero */
static inline int any8(const int8_t d[8])
{
    uint64_t v;
    memcpy(&v, d, 8);
    return v != 0;
}

/* acc_l = sum_g [dig_g]T_g + [bd]B per lane. dig[g][w][l]: radix-16 digit w of
 * lane l in group g, top[g] windows used; B's radix-128 digits over nbt tables
 * (1: W_0; 2: W_0 and W_1): digit w of table t in bd[BSPLIT t + w], added at
 * bit position BW w, btop windows used per table (bd has BDIG + 1 rows, the
 * last zero). */
F25519_IFMA_TARGET static void straus8(ge8_p3 *acc, size_t ng, const lane_tab *T, const int8_t (*dig)[64][8],
                                       const int *top, const int8_t (*bd)[8], int btop, int nbt)
{
    int maxbit = BW * btop;
    for (size_t g = 0; g < ng; g++)
        if (4 * top[g] > maxbit) maxbit = 4 * top[g];
    ge8_identity(acc);
    int started = 0;
    for (int p = maxbit - 1; p >= 0; p--) {
        int adds_a = p % 4 == 0, adds_b = 0;
        for (int t = 0; p % BW == 0 && p / BW < btop && t < nbt; t++) adds_b |= any8(bd[BSPLIT * t + p / BW]);
        if (started) { /* T only where an addition reads it, and for the result */
            int need_t = adds_b || p == 0;
            for (size_t g = 0; adds_a && !need_t && g < ng; g++)
                need_t = p / 4 < top[g] && any8(dig[g][p / 4]);
            dbl_t(acc, acc, need_t);
        }
        if (adds_a) {
            for (size_t g = 0; g < ng; g++) {
                if (p / 4 >= top[g] || !any8(dig[g][p / 4])) continue;
                ge8_cached c;
                lookup_tab(&c, &T[g], DIG8(dig[g][p / 4]));
                add_c(acc, acc, &c);
                started = 1;
            }
        }
        for (int t = 0; adds_b && t < nbt; t++) {
            const int8_t *d = bd[BSPLIT * t + p / BW];
            if (!any8(d)) continue;
            int last = 1; /* the last addition at p: a doubling follows (it does not read T) */
            for (int u = t + 1; u < nbt; u++) last &= !any8(bd[BSPLIT * u + p / BW]);
            ge8_precomp q;
            lookup_b(&q, DIG8(d), t);
            madd_t(acc, acc, &q, p == 0 || !last);
            started = 1;
        }
    }
    if (!started) ge8_identity(acc);
}

/* d[i][l] = digit i of a[l] in signed radix 2^w (nd digits), the lanes l >= n
 * zero: f25519_recode_signed for the eight scalars at once, one scalar per
 * 64-bit lane (the digits come out transposed). Returns the windows used. */
F25519_IFMA_TARGET static int recode8(int8_t (*d)[8], const uint8_t (*a)[32], int n, int w, int nd)
{
    uint64_t wd[5][8] __attribute__((aligned(64))) = {{0}};
    for (int l = 0; l < n; l++)
        for (int j = 0; j < 4; j++) memcpy(&wd[j][l], a[l] + 8 * j, 8); /* little-endian host */
    const __m512i mask = _mm512_set1_epi64((1 << w) - 1), half = _mm512_set1_epi64(1 << (w - 1));
    const __m128i cw = _mm_cvtsi32_si128(w);
    __m512i carry = _mm512_setzero_si512();
    int top = 0;
    for (int i = 0; i < nd; i++) {
        const int bit = w * i, j = bit >> 6, sh = bit & 63;
        __m512i v = _mm512_srl_epi64(_mm512_load_si512(wd[j]), _mm_cvtsi32_si128(sh));
        if (sh + w > 64) v = _mm512_or_si512(v, _mm512_sll_epi64(_mm512_load_si512(wd[j + 1]), _mm_cvtsi32_si128(64 - sh)));
        v = _mm512_add_epi64(_mm512_and_si512(v, mask), carry);
        if (i < nd - 1) { /* the last digit keeps the final carry */
            carry = _mm512_srl_epi64(_mm512_add_epi64(v, half), cw);
            v = _mm512_sub_epi64(v, _mm512_sll_epi64(carry, cw));
        }
        int64_t e[8] __attribute__((aligned(64)));
        _mm512_store_si512(e, v);
        for (int l = 0; l < 8; l++) d[i][l] = (int8_t)e[l];
        if (_mm512_test_epi64_mask(v, v)) top = i + 1;
    }
    return top;
}

static int recode_group(int8_t dig[64][8], const uint8_t (*a)[32], int n) { return recode8(dig, a, n, 4, 64); }
/* bd: BDIG + 1 rows, the last zero (straus8 reads it in the half-size split) */
static int recode_b(int8_t bd[BDIG + 1][8], const uint8_t (*b)[32], int n)
{
    memset(bd[BDIG], 0, 8);
    return recode8(bd, b, n, BW, BDIG);
}

F25519_IFMA_TARGET void f25519_ifma_double_scalar_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                                     const uint8_t b[8][32])
{
    lane_tab T __attribute__((aligned(64)));
    ge8_p3 P, acc;
    int8_t dig[1][64][8] __attribute__((aligned(8))), bd[BDIG + 1][8] __attribute__((aligned(8)));
    int top = recode_group(dig[0], a, 8), btop = recode_b(bd, b, 8);
    ge8_pack(&P, A);
    build_tab(&T, &P);
    straus8(&acc, 1, &T, (const int8_t(*)[64][8])dig, &top, (const int8_t(*)[8])bd, btop, 1);
    ge8_unpack(out, &acc);
}

F25519_IFMA_TARGET void f25519_ifma_quad_scalar_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                                   const uint8_t c[8][32], const ge51_p3 C[8],
                                                   const uint8_t b[8][32])
{
    lane_tab T[2] __attribute__((aligned(64)));
    ge8_p3 P, acc;
    int8_t dig[2][64][8] __attribute__((aligned(8))), bd[BDIG + 1][8] __attribute__((aligned(8)));
    int top[2] = {recode_group(dig[0], a, 8), recode_group(dig[1], c, 8)};
    (void)recode_b(bd, b, 8);
    int btop = 0; /* windows used per table: digits 0..21 over W_0, 22..42 over W_1 */
    for (int w = 0; w < BSPLIT; w++)
        if (any8(bd[w]) || any8(bd[BSPLIT + w])) btop = w + 1;
    ge8_pack(&P, A);
    build_tab(&T[0], &P);
    ge8_pack(&P, C);
    build_tab(&T[1], &P);
    straus8(&acc, 2, T, (const int8_t(*)[64][8])dig, top, (const int8_t(*)[8])bd, btop, 2);
    ge8_unpack(out, &acc);
}

/* Groups [g0, g1) of the padded point list; B (lane 0) when with_b. Returns
 * the sum of the eight lanes. */
F25519_IFMA_TARGET static void msm_groups(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                                          const uint8_t b[32], size_t g0, size_t g1, lane_tab *T,
                                          int8_t (*dig)[64][8], int *top)
{
    static const uint8_t zero[32];
    for (size_t g = g0; g < g1; g++) {
        ge51_p3 pts[8];
        uint8_t sc[8][32];
        for (int l = 0; l < 8; l++) {
            size_t i = 8 * g + (size_t)l;
            if (i < n) {
                pts[l] = P[i];
                memcpy(sc[l], a[i], 32);
            } else {
                ge51_identity(&pts[l]);
                memcpy(sc[l], zero, 32);
            }
        }
        ge8_p3 Q;
        ge8_pack(&Q, pts);
        build_tab(&T[g - g0], &Q);
        top[g - g0] = recode_group(dig[g - g0], (const uint8_t(*)[32])sc, 8);
    }
    int8_t bd[BDIG + 1][8] __attribute__((aligned(8)));
    int btop = b ? recode_b(bd, (const uint8_t(*)[32])b, 1) : 0;
    if (!b) memset(bd, 0, sizeof bd);
    ge8_p3 acc;
    straus8(&acc, g1 - g0, T, (const int8_t(*)[64][8])dig, top, (const int8_t(*)[8])bd, btop, 1);
    ge51_p3 lanes[8];
    ge8_unpack(lanes, &acc);
    *out = lanes[0];
    for (int l = 1; l < 8; l++) ge51_add(out, out, &lanes[l]);
}

void f25519_ifma_msm(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32])
{
    size_t ng = (n + 7) / 8;
    size_t tbytes = ((ng ? ng : 1) * sizeof(lane_tab) + 63) & ~(size_t)63;
    lane_tab *T = aligned_alloc(64, tbytes);
    int8_t (*dig)[64][8] = malloc((ng ? ng : 1) * sizeof *dig);
    int *top = malloc((ng ? ng : 1) * sizeof *top);
    if (T && dig && top) {
        msm_groups(out, n, a, P, b, 0, ng, T, dig, top);
    } else { /* one group at a time on the stack */
        lane_tab T1 __attribute__((aligned(64)));
        int8_t dig1[1][64][8];
        int top1[1];
        ge51_p3 part;
        msm_groups(out, n, a, P, b, 0, 0, &T1, dig1, top1);
        for (size_t g = 0; g < ng; g++) {
            msm_groups(&part, n, a, P, NULL, g, g + 1, &T1, dig1, top1);
            ge51_add(out, out, &part);
        }
    }
    free(T);
    free(dig);
    free(top);
}
