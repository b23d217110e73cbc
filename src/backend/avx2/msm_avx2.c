/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The avx2 backend's multi-scalar multiplication (batch verification's one
 * random linear combination; public inputs only, variable time): Pippenger's
 * buckets with one WINDOW per 64-bit lane. Eight windows w0 .. w0+7 at a
 * time (a "group"), as two 4-lane sets in lock step (backend/avx2/ge25x4_avx2.h's
 * _x2 formulas): lane j keeps the buckets of window w0 + j. Every point P_i
 * of the group is added, in every lane at once, to the bucket of its digit
 * in that lane's window (a negative digit negates the addend by lane mask; a
 * zero digit goes to the unused bucket 0), so the lanes do the same work and
 * every addition is a full 4-lane one; then each lane sums its buckets
 * (sum_k [k] bucket_k by the running sum), the window sums T_w.
 *
 *  - digits: signed radix 2^c, d in [-2^(c-1), 2^(c-1)) except each
 *    scalar's last window (ceil(bits / c) windows per scalar), which keeps
 *    the final carry (in [0, 2^c]): a 128-bit z_i of the combination takes
 *    16 windows of width 8 (not 17), so the R points are added in two groups
 *    out of four. The bucket arrays hold 2^c + 1 entries per lane; the sums
 *    run from the group's largest digit.
 *  - addends: each P_i once as the halved affine (y+x)/2, (y-x)/2, dxy in
 *    radix-2^25.5 limbs (the mixed addition, 7 products; decoded points have
 *    Z = 1, others are divided by Z first), broadcast to all lanes.
 *  - buckets: extended (X:Y:Z:T) in radix-2^25.5 limbs, one array per lane
 *    (40 words per bucket), loaded and stored four lanes at a time with a
 *    4x4 transposition of 64-bit words (the 40 words are 10 rows of 4).
 *  - the window width c from an estimate of the 4-lane steps (additions of
 *    the groups plus 2^c bucket-sum additions per group, msm_digits.c).
 * The caller combines the window sums with doublings (backend/avx2/impl_avx2.c, the scalar
 * backend's msm_wnaf.h _horner).
 *  - threads: the groups are independent once the addends and digits are
 *    made, so the members of a team (common/team.h) take blocks of points,
 *    then groups, from shared counters, each with its own buckets (batch verification's zip215
 *    combination: one combination for all the threads, ed25519_batch.c).
 */
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "backend/avx2/msm_avx2.h"
#include "scalarmult/msm_digits.h"
#include "backend/avx2/ge25x4_avx2.h"
#include "common/team.h"


typedef struct { uint64_t v[30]; } mv_pre;    /* (y+x)/2, (y-x)/2, dxy: limb k of coordinate c at 10 c + k */
typedef struct { uint64_t v[40]; } __attribute__((aligned(32))) mv_bucket; /* X, Y, Z, T: ge25x4_p3's layout, one lane */

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
 * bucket_k; then tot + [lo] run (lo > 0: a part of the buckets, mv_tasks;
 * msm_buckets_ifma.c's mb_sum). */
MV_NOINLINE void mv_sums(ge25x4_p3 tot[2], mv_bucket *bk, size_t nbk, size_t lo, size_t hi, const fe25x4 *d2)
{
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

/* The work shared by the threads: first the digits and addends in blocks of
 * MV_BLK points (each block keeps its own maxima of |digit| per window), then,
 * once every block is done, the groups of eight windows: alone, each group
 * filled and summed in turn in one set of buckets (mv_groups); in a team,
 * one set per group and the tasks "fill group g", then "sum part p of group
 * g's buckets" from one counter (mv_tasks), as msm_buckets_ifma.c does (its
 * comment says why). */
#define MV_BLK 64

typedef struct {
    ge51_p3 *T;
    size_t n, nbk, nblk;
    const uint8_t (*a)[32];
    const ge51_p3 *P;
    mv_pre *pre;
    int16_t *dg, (*bmax)[64];
    int c, nw, ng, nwp;
    const fe25x4 *half, *dd, *d2;
    mv_bucket *bk;   /* nset sets of buckets: one per member (mv_groups) or per group (mv_tasks) */
    size_t *act;   /* nset lists of n */
    size_t setw;   /* words of one set of buckets */
    unsigned nset;
    int split;     /* mv_tasks */
    _Atomic unsigned next_set;
    f25519_msm_blocks blocks; /* mv_blocks */
    _Atomic size_t blks_done;
    _Atomic int next;
    f25519_msm_sched sched; /* mv_tasks */
    ge25x4_p3 (*part)[2];  /* mv_tasks: ng F25519_MSM_PARTS partial sums */
} mv_job;

F25519_AVX2_TARGET static void mv_blocks(mv_job *J)
{
    const int nwp = J->nwp;
    for (size_t k; f25519_msm_block_next(&J->blocks, &k);) {
        const size_t lo = k * MV_BLK, hi = J->n - lo < MV_BLK ? J->n : lo + MV_BLK;
        int16_t *bm = J->bmax[k];
        memset(bm, 0, sizeof J->bmax[k]);
        for (size_t i = lo; i < hi; i++) {
            int16_t *d = J->dg + i * (size_t)nwp;
            f25519_msm_digits(d, nwp, J->a[i], J->c);
            for (int w = 0; w < nwp; w++) {
                int16_t v = d[w] < 0 ? (int16_t)-d[w] : d[w];
                if (v > bm[w]) bm[w] = v;
            }
        }
        for (size_t i = lo; i < hi; i += 4) mv_precompute(J->pre + i, J->P + i, hi - i < 4 ? hi - i : 4, J->half, J->dd);
        J->blks_done++;
    }
}

/* The largest |digit| of group g's windows (over every block's maxima). */
static int mv_top(const mv_job *J, int g)
{
    int top = 0;
    for (size_t k = 0; k < J->nblk; k++)
        for (int w = 8 * g; w < 8 * g + 8; w++)
            if (J->bmax[k][w] > top) top = J->bmax[k][w];
    return top;
}

/* Group g's buckets 1..top in bk (act: a list of n): every point with a
 * non-zero digit in the group's windows added to them. */
F25519_AVX2_TARGET static void mv_fill(mv_job *J, int g, int top, mv_bucket *bk, size_t *act)
{
    const size_t n = J->n, nbk = J->nbk;
    const int nwp = J->nwp, w0 = 8 * g;
    for (int j = 0; j < 8; j++) { /* buckets 0..top of every lane: the identity */
        mv_bucket *b = bk + (size_t)j * nbk;
        memset(b, 0, ((size_t)top + 1) * sizeof *b);
        for (int k = 0; k <= top; k++) b[k].v[10] = b[k].v[20] = 1;
    }
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t w[2];
        memcpy(w, J->dg + i * (size_t)nwp + w0, 16);
        if (w[0] | w[1]) act[m++] = i;
    }
    for (size_t t = 0; t < m; t++) {
        size_t i = act[t];
        mv_step(bk, nbk, &J->pre[i], J->dg + i * (size_t)nwp + w0);
    }
}

/* T[8 g ..] = the lanes of tot (the windows that exist). */
F25519_AVX2_TARGET static void mv_put(mv_job *J, int g, const ge25x4_p3 tot[2])
{
    for (int s = 0; s < 2; s++) {
        ge51_p3 o[4];
        ge25x4_unpack(o, &tot[s]);
        for (int j = 0; j < 4; j++)
            if (8 * g + 4 * s + j < J->nw) J->T[8 * g + 4 * s + j] = o[j];
    }
}

static void mv_groups(mv_job *J, mv_bucket *bk, size_t *act)
{
    for (;;) {
        const int g = J->next++;
        if (g >= J->ng) break;
        const int top = mv_top(J, g);
        mv_fill(J, g, top, bk, act);
        ge25x4_p3 tot[2];
        mv_sums(tot, bk, J->nbk, 0, (size_t)top, J->d2);
        mv_put(J, g, tot);
    }
}

static void mv_tasks(mv_job *J)
{
    for (int k, g, p; (k = f25519_msm_task(&J->sched, &g, &p)) >= 0;) {
        const size_t top = (size_t)mv_top(J, g);
        if (k == 0) {
            mv_fill(J, g, (int)top, J->bk + (size_t)g * J->setw, J->act + (size_t)g * J->n);
            f25519_msm_filled(&J->sched, g);
        } else {
            mv_sums(J->part[g * F25519_MSM_PARTS + p], J->bk + (size_t)g * J->setw, J->nbk,
                    top * (size_t)p / F25519_MSM_PARTS, top * (size_t)(p + 1) / F25519_MSM_PARTS, J->d2);
        }
    }
}

/* Both phases; bk, act: this member's set of buckets and list (NULL when
 * it has none: it then does its share of blocks and no group). */
static void mv_run(mv_job *J, mv_bucket *bk, size_t *act)
{
    mv_blocks(J);
    while (J->blks_done < J->nblk) sched_yield(); /* at most one block of another thread */
    if (J->split) mv_tasks(J);
    else if (bk && act) mv_groups(J, bk, act);
}

/* The task of every member of the team (common/team.h): the first nset
 * members to arrive take a set of buckets and a list each (allocated by the
 * caller: no member faults in fresh pages of its own), the others only
 * blocks of points; with split, the sets belong to the groups. */
static void mv_task(void *arg)
{
    mv_job *J = arg;
    const unsigned k = J->split ? J->nset : J->next_set++;
    if (k < J->nset) mv_run(J, J->bk + k * J->setw, J->act + k * J->n);
    else mv_run(J, NULL, NULL);
}

F25519_AVX2_TARGET int f25519_msm_avx2_windows(ge51_p3 *T, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                                               int c, int nw, f25519_team *team)
{
    if (nw <= 0) return 1;
    if (c < 4 || c > 10 || nw > 64) return 0;
    const int ng = (nw + 7) / 8, nwp = 8 * ng;
    const size_t nbk = ((size_t)1 << c) + 1, nblk = (n + MV_BLK - 1) / MV_BLK;
    const size_t np = (n + 3) & ~(size_t)3, n1 = n ? n : 1;
    const unsigned members = f25519_team_size(team);
    const int split = members > 1;
    const unsigned nset = split ? (unsigned)ng : members < (unsigned)ng ? members : (unsigned)ng;
    const size_t setw = 8 * nbk; /* buckets of one set: a multiple of 32 bytes */
    const size_t sz_pre = (np ? np : 4) * sizeof(mv_pre), sz_dg = n1 * (size_t)nwp * sizeof(int16_t),
                 sz_bmax = (nblk ? nblk : 1) * sizeof(int16_t[64]), sz_act = nset * n1 * sizeof(size_t),
                 sz_bk = nset * setw * sizeof(mv_bucket), sz_part = split ? (size_t)ng * F25519_MSM_PARTS * sizeof(ge25x4_p3[2]) : 0;
    unsigned char *blk0 = malloc(64 + F25519_MSM_ROUND64(sz_pre) + F25519_MSM_ROUND64(sz_dg) +
                                               F25519_MSM_ROUND64(sz_bmax) + F25519_MSM_ROUND64(sz_act) +
                                               F25519_MSM_ROUND64(sz_bk) + F25519_MSM_ROUND64(sz_part) + 64);
    if (!blk0) return 0;
    unsigned char *blk = blk0 + (-(uintptr_t)blk0 & 63), *at = blk; /* one block: msm_digits.h f25519_msm_take */
    mv_bucket *bk = f25519_msm_take(&at, sz_bk);
    ge25x4_p3(*part)[2] = split ? f25519_msm_take(&at, sz_part) : NULL;
    mv_pre *pre = f25519_msm_take(&at, sz_pre);
    int16_t *dg = f25519_msm_take(&at, sz_dg);
    int16_t(*bmax)[64] = f25519_msm_take(&at, sz_bmax);
    size_t *act = f25519_msm_take(&at, sz_act);
    fe25x4 half, dd, d2;
    {
        fe51 h4[4], d4[4], e4[4];
        fe51 h;
        fe51_frombytes(&h, HALF_BYTES);
        for (int l = 0; l < 4; l++) { h4[l] = h; d4[l] = fe51_d; e4[l] = fe51_d2; }
        f25519_fe25x4_pack(&half, h4);
        f25519_fe25x4_pack(&dd, d4);
        f25519_fe25x4_pack(&d2, e4);
    }
    mv_job J = {.T = T, .n = n, .nbk = nbk, .nblk = nblk, .a = a, .P = P, .pre = pre, .dg = dg, .bmax = bmax,
                .c = c, .nw = nw, .ng = ng, .nwp = nwp, .half = &half, .dd = &dd, .d2 = &d2, .bk = bk,
                .act = act, .setw = setw, .nset = nset, .split = split, .part = part,
                .sched = {.ng = ng}}; /* counters, flags: 0 */
    f25519_msm_blocks_init(&J.blocks, J.nblk, members);
    f25519_team_run(team, mv_task, &J);
    for (int g = 0; split && g < ng; g++) { /* the window sums: the parts added */
        ge25x4_p3 tot[2] = {part[g * F25519_MSM_PARTS][0], part[g * F25519_MSM_PARTS][1]};
        for (int p = 1; p < F25519_MSM_PARTS; p++) {
            ge25x4_cached c2[2];
            for (int s = 0; s < 2; s++) ge25x4_to_cached(&c2[s], &part[g * F25519_MSM_PARTS + p][s], &d2);
            ge25x4_add_x2(tot, c2, 1);
        }
        mv_put(&J, g, tot);
    }
    free(blk0);
    return 1;
}
