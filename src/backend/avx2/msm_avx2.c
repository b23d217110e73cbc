/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The avx2 backend's multi-scalar multiplication (batch verification's one
 * random linear combination; public inputs only, variable time): the steps
 * of scalarmult/msm_windows.h (Pippenger's buckets with one WINDOW per 64-bit
 * lane, eight windows at a time, the scheduling and threads) on two 4-lane
 * sets in lock step (backend/avx2/ge25x4_avx2.h's _x2 formulas): lane j of
 * set s keeps the buckets of window w0 + 4 s + j, and every addition is a
 * full 4-lane one.
 *  - addends: each P_i once as the halved affine (y+x)/2, (y-x)/2, dxy in
 *    radix-2^25.5 limbs (the mixed addition, 7 products; decoded points have
 *    Z = 1, others are divided by Z first), four at a time, broadcast to all
 *    lanes.
 *  - buckets: extended (X:Y:Z:T) in radix-2^25.5 limbs, one array per lane
 *    (40 words per bucket), loaded and stored four lanes at a time with a
 *    4x4 transposition of 64-bit words (the 40 words are 10 rows of 4).
 *  - the window width c from an estimate of the 4-lane steps (additions of
 *    the groups plus 2^c bucket-sum additions per group, msm_digits.c).
 * The caller combines the window sums with doublings (backend/avx2/ops_avx2.c, the scalar
 * backend's msm_wnaf.h _horner).
 */
#include <string.h>
#include "backend/avx2/msm_avx2.h"
#include "scalarmult/msm_digits.h"
#include "backend/avx2/ge25x4_avx2.h"

typedef struct { uint64_t v[30]; } mv_pre;    /* (y+x)/2, (y-x)/2, dxy: limb k of coordinate c at 10 c + k */
typedef struct { uint64_t v[40]; } __attribute__((aligned(32))) mv_bucket; /* X, Y, Z, T: ge25x4_p3's layout, one lane */
typedef struct { ge25x4_p3 s[2]; } mv_sum;    /* the two sets' sums */
typedef struct { fe25x4 half, d, d2; } mv_const; /* 1/2, d, 2d in every lane */

/* 1/2 = (p + 1)/2 = 2^254 - 9 */
static const uint8_t HALF_BYTES[32] = {0xf7, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                       0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f};

int f25519_msm_avx2_width(size_t n, const uint8_t (*a)[32], int *nw)
{
    /* 7 products per mixed addition, 9 per full addition of the bucket sums */
    return f25519_msm_width(n, a, 7, 9, nw);
}

/* 4x4 transposition of 64-bit words (r_j word l <-> r_l word j), in
 * registers: written out (arrays and loops here are compiled through the
 * stack, with store-forwarding stalls). */
#define MV_TR4(r0, r1, r2, r3)                                                      \
    do {                                                                            \
        __m256i t0_ = _mm256_unpacklo_epi64(r0, r1), t1_ = _mm256_unpackhi_epi64(r0, r1); \
        __m256i t2_ = _mm256_unpacklo_epi64(r2, r3), t3_ = _mm256_unpackhi_epi64(r2, r3); \
        r0 = _mm256_permute2x128_si256(t0_, t2_, 0x20);                             \
        r1 = _mm256_permute2x128_si256(t1_, t3_, 0x20);                             \
        r2 = _mm256_permute2x128_si256(t0_, t2_, 0x31);                             \
        r3 = _mm256_permute2x128_si256(t1_, t3_, 0x31);                             \
    } while (0)

/* Lane l of h = *bl (4 x 10 rows of four words). */
F25519_FE25X4_INLINE void mv_load(ge25x4_p3 *h, const mv_bucket *b0, const mv_bucket *b1, const mv_bucket *b2,
                                  const mv_bucket *b3)
{
    __m256i *o = (__m256i *)h;
    const __m256i *p0 = (const __m256i *)b0->v, *p1 = (const __m256i *)b1->v;
    const __m256i *p2 = (const __m256i *)b2->v, *p3 = (const __m256i *)b3->v;
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) {
        __m256i r0 = _mm256_load_si256(p0 + k), r1 = _mm256_load_si256(p1 + k);
        __m256i r2 = _mm256_load_si256(p2 + k), r3 = _mm256_load_si256(p3 + k);
        MV_TR4(r0, r1, r2, r3);
        o[4 * k] = r0;
        o[4 * k + 1] = r1;
        o[4 * k + 2] = r2;
        o[4 * k + 3] = r3;
    }
}

/* *bl = lane l of h (the bl distinct). */
F25519_FE25X4_INLINE void mv_store(mv_bucket *b0, mv_bucket *b1, mv_bucket *b2, mv_bucket *b3, const ge25x4_p3 *h)
{
    const __m256i *o = (const __m256i *)h;
    __m256i *p0 = (__m256i *)b0->v, *p1 = (__m256i *)b1->v, *p2 = (__m256i *)b2->v, *p3 = (__m256i *)b3->v;
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) {
        __m256i r0 = o[4 * k], r1 = o[4 * k + 1], r2 = o[4 * k + 2], r3 = o[4 * k + 3];
        MV_TR4(r0, r1, r2, r3);
        _mm256_store_si256(p0 + k, r0);
        _mm256_store_si256(p1 + k, r1);
        _mm256_store_si256(p2 + k, r2);
        _mm256_store_si256(p3 + k, r3);
    }
}

#define MV_NOINLINE static __attribute__((noinline)) F25519_AVX2_TARGET

/* One point into eight lanes' buckets: lane j of set s takes bucket
 * |d[4 s + j]| of its window array bk + (4 s + j) nbk. */
MV_NOINLINE void mv_step(mv_bucket *bk, size_t nbk, const mv_pre *p, const int16_t d[8])
{
    ge25x4_hpre q[2];
    ge25x4_p3 h[2];
    mv_bucket *ptr[2][4];
    __m256i *o0 = (__m256i *)&q[0], *o1 = (__m256i *)&q[1];
    for (int k = 0; k < 30; k++) o0[k] = o1[k] = _mm256_set1_epi64x((long long)p->v[k]);
    for (int s = 0; s < 2; s++) {
        int neg = 0;
        for (int j = 0; j < 4; j++) {
            int v = d[4 * s + j];
            neg |= v < 0;
            ptr[s][j] = bk + (size_t)(4 * s + j) * nbk + (size_t)(v < 0 ? -v : v);
        }
        if (neg)
            ge25x4_hpre_cneg(&q[s], _mm256_setr_epi64x(-(long long)(d[4 * s] < 0), -(long long)(d[4 * s + 1] < 0),
                                                       -(long long)(d[4 * s + 2] < 0),
                                                       -(long long)(d[4 * s + 3] < 0)));
        mv_load(&h[s], ptr[s][0], ptr[s][1], ptr[s][2], ptr[s][3]);
    }
    ge25x4_madd_x2(h, q, 1);
    mv_store(ptr[0][0], ptr[0][1], ptr[0][2], ptr[0][3], &h[0]);
    mv_store(ptr[1][0], ptr[1][1], ptr[1][2], ptr[1][3], &h[1]);
}

/* tot = sum_{k = lo+1..hi} [k] bucket_k in every lane: the running sum
 * from hi down leaves tot = sum_k [k - lo] bucket_k and run = sum_k
 * bucket_k; then tot + [lo] run (lo > 0: a part of the buckets, a team's
 * task). */
MV_NOINLINE void mv_sums(mv_sum *out, const mv_bucket *bk, size_t nbk, size_t lo, size_t hi, const fe25x4 *d2)
{
    ge25x4_p3 *tot = out->s;
    ge25x4_p3 run[2], B;
    ge25x4_cached c[2];
    for (int s = 0; s < 2; s++) {
        ge25x4_identity(&run[s]);
        ge25x4_identity(&tot[s]);
    }
    for (size_t b = hi; b > lo; b--) {
        for (int s = 0; s < 2; s++) {
            const mv_bucket *b0 = bk + (size_t)(4 * s) * nbk + b;
            mv_load(&B, b0, b0 + nbk, b0 + 2 * nbk, b0 + 3 * nbk);
            ge25x4_to_cached(&c[s], &B, d2);
        }
        ge25x4_add_x2(run, c, 1);
        for (int s = 0; s < 2; s++) ge25x4_to_cached(&c[s], &run[s], d2);
        ge25x4_add_x2(tot, c, 1);
    }
    if (lo > 0) { /* [lo] run, most significant bit first */
        ge25x4_cached r[2];
        ge25x4_p3 m[2] = {run[0], run[1]};
        for (int s = 0; s < 2; s++) ge25x4_to_cached(&r[s], &run[s], d2);
        for (int bit = 62 - __builtin_clzll((unsigned long long)lo); bit >= 0; bit--) {
            ge25x4_dbl_x2(m, 1);
            if ((lo >> bit) & 1) ge25x4_add_x2(m, r, 1);
        }
        for (int s = 0; s < 2; s++) ge25x4_to_cached(&c[s], &m[s], d2);
        ge25x4_add_x2(tot, c, 1);
    }
}

/* pre[0..4) from P[0..m), m <= 4 (the rest: the identity). */
MV_NOINLINE void mv_precompute(mv_pre pre[4], const ge51_p3 *P, size_t m, const fe25x4 *half, const fe25x4 *d)
{
    fe51 x[4], y[4];
    for (size_t l = 0; l < 4; l++) {
        if (l >= m) {
            fe51_0(&x[l]);
            fe51_1(&y[l]);
            continue;
        }
        /* decoded points (and their negations) have the limbs of 1
         * exactly: no encoding needed (2 fe51_tobytes per signature) */
        const uint64_t *zl = P[l].Z.v;
        int one = zl[0] == 1 && !(zl[1] | zl[2] | zl[3] | zl[4]);
        if (!one) {
            uint8_t zb[32];
            fe51_tobytes(zb, &P[l].Z);
            one = zb[0] == 1;
            for (int k = 1; k < 32; k++) one &= zb[k] == 0;
        }
        if (one) {
            x[l] = P[l].X;
            y[l] = P[l].Y;
        } else {
            fe51 zi;
            fe51_invert(&zi, &P[l].Z);
            fe51_mul(&x[l], &P[l].X, &zi);
            fe51_mul(&y[l], &P[l].Y, &zi);
        }
    }
    fe25x4 X, Y, s, q[3];
    f25519_fe25x4_pack(&X, x);
    f25519_fe25x4_pack(&Y, y);
    fe25x4_add(&s, &Y, &X);
    f25519_fe25x4_mul(&q[0], &s, half);
    fe25x4_sub(&s, &Y, &X);
    f25519_fe25x4_mul(&q[1], &s, half);
    f25519_fe25x4_mul(&s, &X, &Y);
    f25519_fe25x4_mul(&q[2], &s, d);
    for (int c = 0; c < 3; c++)
        for (int k = 0; k < 10; k++) {
            uint64_t v[4] __attribute__((aligned(32)));
            _mm256_store_si256((__m256i *)v, q[c].v[k]);
            for (int l = 0; l < 4; l++) pre[l].v[10 * c + k] = v[l];
        }
}

F25519_AVX2_TARGET static void mv_sum_add(mv_sum *s, const mv_sum *t, const fe25x4 *d2)
{
    ge25x4_cached c[2];
    for (int j = 0; j < 2; j++) ge25x4_to_cached(&c[j], &t->s[j], d2);
    ge25x4_add_x2(s->s, c, 1);
}

F25519_AVX2_TARGET static void mv_unpack(ge51_p3 lanes[8], const mv_sum *s)
{
    ge25x4_unpack(lanes, &s->s[0]);
    ge25x4_unpack(lanes + 4, &s->s[1]);
}

#define MW_FN mv_windows
#define MW_TARGET F25519_AVX2_TARGET
#define MW_CONST mv_const
#define MW_PRE mv_pre
#define MW_PRE_STEP 4
#define MW_BUCKET mv_bucket
#define MW_SUM mv_sum
#define MW_PRECOMPUTE(k, pre, P, m) mv_precompute(pre, P, m, &(k)->half, &(k)->d)
#define MW_ONES(b) ((b)->v[10] = (b)->v[20] = 1) /* Y, Z limb 0 */
#define MW_STEP(bk, nbk, pre, d) mv_step(bk, nbk, pre, d)
#define MW_SUMS(k, s, bk, nbk, lo, hi) mv_sums(s, bk, nbk, (size_t)(lo), (size_t)(hi), &(k)->d2)
#define MW_SUM_ADD(k, s, t) mv_sum_add(s, t, &(k)->d2)
#define MW_UNPACK(lanes, s) mv_unpack(lanes, s)
#include "scalarmult/msm_windows.h"

F25519_AVX2_TARGET int f25519_msm_avx2_windows(ge51_p3 *T, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                                               int c, int nw, f25519_team *team)
{
    mv_const k;
    fe51 h4[4], d4[4], e4[4];
    fe51 h;
    fe51_frombytes(&h, HALF_BYTES);
    for (int l = 0; l < 4; l++) { h4[l] = h; d4[l] = fe51_d; e4[l] = fe51_d2; }
    f25519_fe25x4_pack(&k.half, h4);
    f25519_fe25x4_pack(&k.d, d4);
    f25519_fe25x4_pack(&k.d2, e4);
    return mv_windows(T, n, a, P, c, nw, team, &k);
}
