/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The ifma backend's Pippenger multi-scalar multiplication (batch
 * verification's random linear combination for large n; public inputs only,
 * variable time): the steps of scalarmult/msm_windows.h (one WINDOW per
 * 64-bit lane, eight windows at a time, the scheduling and threads) on the
 * 8-lane points.
 *  - addends: each P_i once as the affine (y+x, y-x, 2dxy) (decoded points
 *    have Z = 1; others are divided by Z first), broadcast to the eight
 *    lanes and negated by lane mask where the lane's digit is negative; one
 *    8-lane mixed addition (ge8_madd_t, 7 products) adds P_i to the bucket
 *    of its digit in every lane at once.
 *  - buckets: one array per lane (lane j = window w0 + j, mb_gather), so
 *    lane j's bucket |d_ij| is read and written with 20 gathers and 20
 *    scatters of one word per lane (the lanes never share a word).
 *  - sums: each lane sums its buckets, sum_k [k] bucket_k, with the running
 *    sum from the group's largest digit down, two full additions per
 *    bucket.
 * The caller combines the window sums with c doublings per window
 * (backend/ifma/ops_ifma.c: double_ifma.c's f25519_ifma_msm_horner).
 */
#include <string.h>
#include "backend/ifma/msm_buckets_ifma.h"
#include "scalarmult/msm_digits.h"
#include "backend/ifma/ge51x8_ifma.h"

typedef struct { fe51 ypx, ymx, xy2d; } mb_pre;
typedef struct { uint64_t v[20]; } mb_bucket; /* X, Y, Z, T: 5 limbs each, one lane */

static int is_one(const fe51 *z)
{
    fe51 t;
    fe51_carry(&t, z);
    return t.v[0] == 1 && (t.v[1] | t.v[2] | t.v[3] | t.v[4]) == 0;
}

/* (y+x, y-x, 2dxy) of P, limbs reduced (< 2^52 for the IFMA products). */
static void mb_precompute(mb_pre *q, const ge51_p3 *P)
{
    fe51 x, y, t;
    if (is_one(&P->Z)) {
        fe51_carry(&x, &P->X);
        fe51_carry(&y, &P->Y);
    } else {
        fe51 zi;
        fe51_invert(&zi, &P->Z);
        fe51_mul(&x, &P->X, &zi);
        fe51_mul(&y, &P->Y, &zi);
    }
    fe51_add(&q->ypx, &y, &x);
    fe51_carry(&q->ypx, &q->ypx);
    fe51_sub(&q->ymx, &y, &x);
    fe51_carry(&q->ymx, &q->ymx);
    fe51_mul(&t, &x, &y);
    fe51_mul(&q->xy2d, &t, &fe51_d2);
    fe51_carry(&q->xy2d, &q->xy2d);
}

/* Lane j's buckets are its own array: bucket k of lane j is the 20 words
 * (X, Y, Z, T, 5 limbs each) at word (j nbk + k) 20 of bk, so that one
 * step touches 3 cache lines per lane (laid out by index, the eight lanes'
 * words side by side, a step touched 20 lines per lane and the call was
 * about a third slower). Lane j of h = word m of the bucket at word vidx_j,
 * for m < 20. The buckets are read and written by 20 gathers and 20
 * scatters: rows moved by 8 x 8 transposes were slower. */
F25519_IFMA_INLINE void mb_gather(ge8_p3 *h, const uint64_t *bk, __m512i vidx)
{
    __m512i *o = (__m512i *)h;
#pragma GCC unroll 20
    for (int m = 0; m < 20; m++) o[m] = _mm512_i64gather_epi64(vidx, (const void *)(bk + m), 8);
}

F25519_IFMA_INLINE void mb_scatter(uint64_t *bk, __m512i vidx, const ge8_p3 *h)
{
    const __m512i *o = (const __m512i *)h;
#pragma GCC unroll 20
    for (int m = 0; m < 20; m++) _mm512_i64scatter_epi64((void *)(bk + m), vidx, o[m], 8);
}

/* the word index of bucket k_j of lane j, nbk buckets per lane */
F25519_IFMA_INLINE __m512i mb_index(__m512i k, size_t nbk)
{
    const long long b = (long long)nbk;
    __m512i j = _mm512_setr_epi64(0, b, 2 * b, 3 * b, 4 * b, 5 * b, 6 * b, 7 * b);
    __m512i w = _mm512_add_epi64(j, k); /* j nbk + k < 2^31 */
    return _mm512_add_epi64(_mm512_slli_epi64(w, 4), _mm512_slli_epi64(w, 2)); /* 20 w */
}

/* The point of pre added (negated where d_j < 0) to bucket |d_j| of lane j. */
static __attribute__((noinline)) F25519_IFMA_TARGET void mb_step(mb_bucket *bkt, size_t nbk, const mb_pre *pre,
                                                                 const int16_t d[8])
{
    uint64_t *bk = bkt->v;
    __m512i dv = _mm512_cvtepi16_epi64(_mm_loadu_si128((const __m128i *)d));
    __m512i ad = _mm512_abs_epi64(dv);
    __mmask8 neg = _mm512_cmplt_epi64_mask(dv, _mm512_setzero_si512());
    __m512i vidx = mb_index(ad, nbk);
    ge8_precomp q;
    ge8_p3 b;
    fe8_bcast(&q.ypx, &pre->ypx);
    fe8_bcast(&q.ymx, &pre->ymx);
    fe8_bcast(&q.xy2d, &pre->xy2d);
    ge8_precomp_cneg(&q, neg);
    mb_gather(&b, bk, vidx);
    ge8_madd_t(&b, &b, &q, 1);
    mb_scatter(bk, vidx, &b);
}

/* sum_{k = lo+1..hi} [k] bucket_k per lane, by the running sum: from hi
 * down, run = sum of the buckets so far, sum += run, which leaves sum =
 * sum_k [k - lo] bucket_k and run = sum_k bucket_k; then sum + [lo] run
 * (lo > 0: a part of the buckets, a team's task). */
static __attribute__((noinline)) F25519_IFMA_TARGET void mb_sum(ge8_p3 *out, const mb_bucket *bkt, size_t nbk,
                                                                int lo, int hi)
{
    const uint64_t *bk = bkt->v;
    ge8_p3 run, sum, b;
    ge8_cached c;
    ge8_identity(&run);
    ge8_identity(&sum);
    for (int k = hi; k > lo; k--) {
        mb_gather(&b, bk, mb_index(_mm512_set1_epi64(k), nbk));
        ge8_to_cached(&c, &b);
        ge8_add(&run, &run, &c);
        ge8_to_cached(&c, &run);
        ge8_add(&sum, &sum, &c);
    }
    if (lo > 0) { /* [lo] run, most significant bit first */
        ge8_cached r;
        ge8_to_cached(&r, &run);
        b = run;
        for (int bit = 30 - __builtin_clz((unsigned)lo); bit >= 0; bit--) {
            ge8_dbl(&b, &b);
            if ((lo >> bit) & 1) ge8_add(&b, &b, &r);
        }
        ge8_to_cached(&c, &b);
        ge8_add(&sum, &sum, &c);
    }
    *out = sum;
}

#define MW_FN mb_windows
#define MW_TARGET F25519_IFMA_TARGET
#define MW_CONST void /* none */
#define MW_PRE mb_pre
#define MW_PRE_STEP 1
#define MW_BUCKET mb_bucket
#define MW_SUM ge8_p3
#define MW_PRECOMPUTE(k, pre, P, m) mb_precompute(pre, P)
#define MW_ONES(b) ((b)->v[5] = (b)->v[10] = 1) /* Y, Z limb 0 */
#define MW_STEP(bk, nbk, pre, d) mb_step(bk, nbk, pre, d)
#define MW_SUMS(k, s, bk, nbk, lo, hi) mb_sum(s, bk, nbk, lo, hi)
#define MW_SUM_ADD(k, s, t) ge8_add_f(s, s, t)
#define MW_UNPACK(lanes, s) ge8_unpack(lanes, s)
#include "scalarmult/msm_windows.h"

int f25519_ifma_msm_windows(ge51_p3 *T, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, int c, int nw,
                            f25519_team *team)
{
    return mb_windows(T, n, a, P, c, nw, team, NULL);
}
