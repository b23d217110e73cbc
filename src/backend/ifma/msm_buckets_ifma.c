/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The ifma backend's Pippenger multi-scalar multiplication (batch
 * verification's random linear combination for large n; public inputs only,
 * variable time): the window sums T_w = sum_i [d_iw] P_i of the signed
 * radix-2^c digits d_iw of a_i, ONE WINDOW PER 64-BIT LANE, eight windows
 * w0 .. w0+7 at a time (a "group"), as msm_avx2.c does with two 4-lane sets.
 *  - addends: each P_i once as the affine (y+x, y-x, 2dxy) (decoded points
 *    have Z = 1; others are divided by Z first), broadcast to the eight
 *    lanes and negated by lane mask where the lane's digit is negative; one
 *    8-lane mixed addition (ge8_madd_t, 7 products) adds P_i to the bucket
 *    of its digit in every lane at once (a zero digit goes to the unused
 *    bucket 0; |digit| <= 2^(c-1) but in a scalar's last window, <= 2^c).
 *  - buckets: one array per lane (lane j = window w0 + j, mb_gather), so
 *    lane j's bucket |d_ij| is read and written with 20 gathers and 20
 *    scatters of one word per lane (the lanes never share a word).
 *  - sums: each lane sums its buckets, sum_k [k] bucket_k, with the running
 *    sum from the group's largest digit down, two full additions per
 *    bucket.
 *  - threads: the groups are independent once the addends and digits are
 *    made, so the members of a team (common/team.h) take blocks of points,
 *    then groups, from shared counters, each with its own buckets (batch
 *    verification's zip215 combination: one for all the threads,
 *    ed25519_batch.c).
 * The caller combines the window sums with c doublings per window
 * (backend/ifma/impl_ifma.c: msm_wnaf.h's _horner, as the avx2 backend).
 */
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "backend/ifma/msm_buckets_ifma.h"
#include "common/team.h"
#include "scalarmult/msm_digits.h"
#include "backend/ifma/ge51x8_ifma.h"

typedef struct { fe51 ypx, ymx, xy2d; } mb_pre;

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
static __attribute__((noinline)) F25519_IFMA_TARGET void mb_step(uint64_t *bk, size_t nbk, const mb_pre *pre,
                                                                 const int16_t d[8])
{
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
 * (lo > 0: a part of the buckets, mb_tasks). */
static __attribute__((noinline)) F25519_IFMA_TARGET void mb_sum(ge8_p3 *out, const uint64_t *bk, size_t nbk,
                                                                int lo, int hi)
{
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

/* buckets 0..top of every lane = the identity (0 : 1 : 1 : 0) */
static void mb_clear(uint64_t *bk, size_t nbk, int top)
{
    for (size_t j = 0; j < 8; j++) {
        uint64_t *b = bk + j * nbk * 20;
        memset(b, 0, ((size_t)top + 1) * 20 * sizeof *b);
        for (int k = 0; k <= top; k++) b[20 * k + 5] = b[20 * k + 10] = 1;
    }
}

/* The work of the threads: first the digits and addends in blocks of MB_BLK
 * points, then, once every block is done, the groups of eight windows
 * (the low groups, which hold the short scalars' windows too, first):
 *  - one member (no team): each group filled and summed in turn in one set
 *    of buckets (mb_groups);
 *  - a team: one set of buckets per group, and the tasks "fill group g"
 *    (g < ng) then "sum part p of group g's buckets" (F25519_MSM_PARTS parts of
 *    the digits 1..top each) taken from one counter (mb_tasks, msm_digits.h's
 *    f25519_msm_sched), the window
 *    sums added up by the caller. The groups' fills are few and unequal
 *    (with the 128-bit scalars of batch verification, c = 8: 2:2:1:1), so
 *    with whole groups two members ended far apart; the sum parts (~0.15M
 *    ticks each at n = 1024) are what the first to finish takes meanwhile,
 *    and the members end within a fraction of a part of each other. */
#define MB_BLK 64

typedef struct {
    ge51_p3 *T;
    size_t n, nbk, nblk;
    const uint8_t (*a)[32];
    const ge51_p3 *P;
    int16_t *dg;
    mb_pre *pre;
    int c, nw, ng, nwp;
    uint64_t *bk;   /* nset sets of buckets: one per member (mb_groups) or per group (mb_tasks) */
    size_t *act;   /* nset lists of n */
    size_t setw;   /* words of one set of buckets */
    unsigned nset;
    int split;     /* mb_tasks */
    _Atomic unsigned next_set;
    f25519_msm_blocks blocks; /* mb_blocks */
    _Atomic size_t blks_done;
    _Atomic int next;
    int top[8];               /* mb_tasks: group g's largest |digit| */
    f25519_msm_sched sched;   /* mb_tasks */
    ge8_p3 *part;            /* mb_tasks: ng F25519_MSM_PARTS partial sums */
} mb_job;

static void mb_blocks(mb_job *J)
{
    for (size_t k; f25519_msm_block_next(&J->blocks, &k);) {
        const size_t lo = k * MB_BLK, hi = J->n - lo < MB_BLK ? J->n : lo + MB_BLK;
        for (size_t i = lo; i < hi; i++) {
            f25519_msm_digits(J->dg + i * (size_t)J->nwp, J->nwp, J->a[i], J->c);
            mb_precompute(&J->pre[i], &J->P[i]);
        }
        J->blks_done++;
    }
}

/* Group g's buckets in bk (act: a list of n): every point with a non-zero
 * digit in the group's windows added to them; returns the largest |digit|. */
F25519_IFMA_TARGET static int mb_fill(mb_job *J, int g, uint64_t *bk, size_t *act)
{
    const size_t n = J->n, nbk = J->nbk;
    const int nwp = J->nwp, w0 = 8 * g;
    int top = 0;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        const int16_t *d = J->dg + i * (size_t)nwp + w0;
        uint64_t w[2];
        memcpy(w, d, 16);
        if (!(w[0] | w[1])) continue;
        act[m++] = i;
        for (int j = 0; j < 8; j++) {
            int v = d[j] < 0 ? -d[j] : d[j];
            if (v > top) top = v;
        }
    }
    mb_clear(bk, nbk, top);
    for (size_t t = 0; t < m; t++) mb_step(bk, nbk, &J->pre[act[t]], J->dg + act[t] * (size_t)nwp + w0);
    return top;
}

/* T[w0 .. w0 + 7] = the lanes of s (the windows that exist) */
static void mb_store(mb_job *J, int g, const ge8_p3 *s)
{
    ge51_p3 lanes[8];
    ge8_unpack(lanes, s);
    for (int j = 0; j < 8 && 8 * g + j < J->nw; j++) J->T[8 * g + j] = lanes[j];
}

static void mb_groups(mb_job *J, uint64_t *bk, size_t *act)
{
    for (;;) {
        const int g = J->next++;
        if (g >= J->ng) break;
        const int top = mb_fill(J, g, bk, act);
        ge8_p3 s;
        mb_sum(&s, bk, J->nbk, 0, top);
        mb_store(J, g, &s);
    }
}

static void mb_tasks(mb_job *J)
{
    for (int k, g, p; (k = f25519_msm_task(&J->sched, &g, &p)) >= 0;) {
        if (k == 0) {
            J->top[g] = mb_fill(J, g, J->bk + (size_t)g * J->setw, J->act + (size_t)g * J->n);
            f25519_msm_filled(&J->sched, g);
        } else {
            const int top = J->top[g];
            mb_sum(&J->part[g * F25519_MSM_PARTS + p], J->bk + (size_t)g * J->setw, J->nbk,
                   top * p / F25519_MSM_PARTS, top * (p + 1) / F25519_MSM_PARTS);
        }
    }
}

/* Both phases; bk, act: this member's set of buckets and list (NULL when
 * it has none: it then does its share of blocks and no group). */
static void mb_run(mb_job *J, uint64_t *bk, size_t *act)
{
    mb_blocks(J);
    while (J->blks_done < J->nblk) sched_yield(); /* at most one block of another thread */
    if (J->split) mb_tasks(J);
    else if (bk && act) mb_groups(J, bk, act);
}

/* The task of every member of the team (common/team.h): the first nset
 * members to arrive take a set of buckets and a list each (allocated by the
 * caller: no member faults in fresh pages of its own), the others only
 * blocks of points; with split, the sets belong to the groups. */
static void mb_task(void *arg)
{
    mb_job *J = arg;
    const unsigned k = J->split ? J->nset : J->next_set++;
    if (k < J->nset) mb_run(J, J->bk + k * J->setw, J->act + k * J->n);
    else mb_run(J, NULL, NULL);
}

int f25519_ifma_msm_windows(ge51_p3 *T, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, int c, int nw,
                            f25519_team *team)
{
    if (nw <= 0) return 1;
    if (c < 4 || c > 10 || nw > 64) return 0;
    const int ng = (nw + 7) / 8, nwp = 8 * ng;
    const size_t nbk = ((size_t)1 << c) + 1; /* |digit| <= 2^c (a last window's carry) */
    const unsigned members = f25519_team_size(team);
    const int split = members > 1;
    const unsigned nset = split ? (unsigned)ng : members < (unsigned)ng ? members : (unsigned)ng;
    const size_t setw = 8 * nbk * 20; /* 8 nbk 160 bytes: a multiple of 64 */
    const size_t np = n ? n : 1, sz_dg = np * (size_t)nwp * sizeof(int16_t), sz_pre = np * sizeof(mb_pre),
                 sz_bk = nset * setw * sizeof(uint64_t), sz_act = nset * np * sizeof(size_t),
                 sz_part = split ? (size_t)ng * F25519_MSM_PARTS * sizeof(ge8_p3) : 0;
    unsigned char *blk0 = malloc(64 + F25519_MSM_ROUND64(sz_dg) + F25519_MSM_ROUND64(sz_pre) +
                                               F25519_MSM_ROUND64(sz_bk) + F25519_MSM_ROUND64(sz_act) +
                                               F25519_MSM_ROUND64(sz_part) + 64);
    if (!blk0) return 0;
    unsigned char *blk = blk0 + (-(uintptr_t)blk0 & 63), *at = blk; /* one block: msm_digits.h f25519_msm_take */
    uint64_t *bk = f25519_msm_take(&at, sz_bk);
    ge8_p3 *part = split ? f25519_msm_take(&at, sz_part) : NULL;
    int16_t *dg = f25519_msm_take(&at, sz_dg);
    mb_pre *pre = f25519_msm_take(&at, sz_pre);
    size_t *act = f25519_msm_take(&at, sz_act);
    mb_job J = {.T = T, .n = n, .nbk = nbk, .nblk = (n + MB_BLK - 1) / MB_BLK, .a = a, .P = P, .dg = dg,
                .pre = pre, .c = c, .nw = nw, .ng = ng, .nwp = nwp, .bk = bk, .act = act, .setw = setw,
                .nset = nset, .split = split, .part = part, .sched = {.ng = ng}}; /* counters, flags: 0 */
    f25519_msm_blocks_init(&J.blocks, J.nblk, members);
    f25519_team_run(team, mb_task, &J);
    for (int g = 0; split && g < ng; g++) { /* the window sums: the parts added */
        ge8_p3 s = part[g * F25519_MSM_PARTS];
        for (int p = 1; p < F25519_MSM_PARTS; p++) ge8_add_f(&s, &s, &part[g * F25519_MSM_PARTS + p]);
        mb_store(&J, g, &s);
    }
    free(blk0);
    return 1;
}
