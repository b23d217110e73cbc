/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Template: the scheduling of Pippenger's buckets with one WINDOW per
 * 64-bit lane, written once for the vector backends (public inputs only,
 * variable time). It makes the window sums T_w = sum_i [d_iw] P_i of the
 * signed radix-2^c digits d_iw of a_i (msm_digits.h: |d| <= 2^(c-1), a
 * scalar's last window <= 2^c, so 2^c + 1 buckets per lane, bucket 0 taking
 * the zero digits), eight windows w0 .. w0+7 at a time (a "group"), lane j
 * holding window w0 + j:
 *  - blocks of MW_BLK points: their digits and addends (MW_PRECOMPUTE);
 *  - fill a group: buckets 0..top of every lane set to the identity (top:
 *    the group's largest |digit|), then every point with a non-zero digit
 *    in the group's windows added, in every lane at once, to the bucket of
 *    its digit in that lane's window (MW_STEP: negated by lane where the
 *    digit is negative, so the lanes do the same work);
 *  - sum a group: sum_k [k] bucket_k in each lane by the running sum
 *    (MW_SUMS), the eight window sums (MW_UNPACK into T).
 * Threads: the groups are independent once the addends and digits are made,
 * so the members of a team (common/team.h) take blocks of points, then
 * groups, from shared counters, each with its own buckets (batch
 * verification's zip215 combination: one for all the threads,
 * ed25519_batch.c):
 *  - one member (no team): each group filled and summed in turn in one set
 *    of buckets (_groups);
 *  - a team: one set of buckets per group, and the tasks "fill group g" then
 *    "sum part p of group g's buckets" (F25519_MSM_PARTS parts of the digits
 *    1..top each) taken from one counter (_tasks, msm_digits.h's
 *    f25519_msm_sched), the parts added up after the team's run. The
 *    groups' fills are few and unequal (with the 128-bit scalars of batch
 *    verification, c = 8: 2:2:1:1), so with whole groups two members ended
 *    far apart; the sum parts are what the first to finish takes meanwhile,
 *    and the members end within a fraction of a part of each other.
 * The caller combines sum_w [2^(c w)] T_w (+ [b]B) with c doublings per
 * window (msm_wnaf.h's _horner, or the backend's own).
 *
 * The includer defines, then includes this file (which #undefs them):
 *   MW_FN        name of the static function made:
 *                int MW_FN(ge51_p3 *T, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, int c, int nw,
 *                          f25519_team *team, const MW_CONST *k)
 *                T[0..nw) = the window sums for any c in [4, 10] and nw <= 64 with every a_i < 2^(c nw);
 *                returns 0 when malloc failed (nothing written), else 1
 *   MW_TARGET    the target attribute of the backend's vector code (the fill, the sums' put, MW_FN)
 *   MW_CONST     the type of the constants the steps read (k; void: none)
 *   MW_PRE       one addend;  MW_PRE_STEP  addends per MW_PRECOMPUTE (divides MW_BLK)
 *   MW_BUCKET    one bucket of one lane (lane j's buckets: the array bk + j nbk)
 *   MW_SUM       the eight window sums of a group
 *   MW_PRECOMPUTE(k, pre, P, m)  pre[0..MW_PRE_STEP) from P[0..m), 0 < m <= MW_PRE_STEP
 *   MW_ONES(b)   in the zeroed bucket *b, the words that make it the identity
 *   MW_STEP(bk, nbk, pre, d)    *pre added to bucket |d[j]| of lane j, negated where d[j] < 0 (j < 8)
 *   MW_SUMS(k, s, bk, nbk, lo, hi)  *s = sum_{i = lo+1..hi} [i] bucket_i per lane (int lo, hi)
 *   MW_SUM_ADD(k, s, t)          *s = *s + *t
 *   MW_UNPACK(lanes, s)          ge51_p3 lanes[0..8) = the sums of *s
 * (MW_ONES and MW_STEP only without MW_FILL_GROUP), and may define, to fill
 * a group its own way (the buckets 1..top of every
 * lane made, the points added; returns top, the group's largest |digit|):
 *   MW_FILL_GROUP(k, bk, nbk, scr, pre, dg, n, nwp, w0)  scr: MW_SCRATCH(n, nbk) bytes of the member's own
 *   MW_SPILL     1: a scalar's carry goes on to the next window up to window nw - 1 (f25519_msm_digits' nwc)
 */
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "common/team.h"
#include "point/ge51.h"
#include "scalarmult/msm_digits.h"

#define MW_BLK 64
#ifndef MW_SPILL
#define MW_SPILL 0
#endif
#ifndef MW_SCRATCH
#define MW_SCRATCH(n, nbk) ((n) * sizeof(size_t))
#endif
_Static_assert(MW_BLK % MW_PRE_STEP == 0, "MW_PRE_STEP divides MW_BLK");

#define MW_CAT2(a, b) a##b
#define MW_CAT(a, b) MW_CAT2(a, b)
#define MW_JOB MW_CAT(MW_FN, _job)
#define MW_BLOCKS MW_CAT(MW_FN, _blocks)
#define MW_FILL MW_CAT(MW_FN, _fill)
#define MW_PUT MW_CAT(MW_FN, _put)
#define MW_GROUPS MW_CAT(MW_FN, _groups)
#define MW_TASKS MW_CAT(MW_FN, _tasks)
#define MW_RUN MW_CAT(MW_FN, _run)
#define MW_TASK MW_CAT(MW_FN, _task)

typedef struct {
    ge51_p3 *T;
    size_t n, nbk, nblk;
    const uint8_t (*a)[32];
    const ge51_p3 *P;
    const MW_CONST *k;
    MW_PRE *pre;
    int16_t *dg;
    int c, nw, ng, nwp;
    MW_BUCKET *bk; /* nset sets of buckets: one per member (_groups) or per group (_tasks) */
    unsigned char *act; /* nset scratch areas of actw bytes: lists of n (MW_FILL) */
    size_t actw;
    size_t setw;   /* buckets of one set: 8 nbk */
    unsigned nset;
    int split; /* _tasks */
    _Atomic unsigned next_set;
    f25519_msm_blocks blocks; /* _blocks */
    _Atomic size_t blks_done;
    _Atomic int next;
    int top[8];             /* _tasks: group g's largest |digit| */
    f25519_msm_sched sched; /* _tasks */
    MW_SUM *part;           /* _tasks: ng F25519_MSM_PARTS partial sums */
} MW_JOB;

static void MW_BLOCKS(MW_JOB *J)
{
    for (size_t b; f25519_msm_block_next(&J->blocks, &b);) {
        const size_t lo = b * MW_BLK, hi = J->n - lo < MW_BLK ? J->n : lo + MW_BLK;
        for (size_t i = lo; i < hi; i++)
            f25519_msm_digits(J->dg + i * (size_t)J->nwp, J->nwp, MW_SPILL ? J->nw : 0, J->a[i], J->c);
        for (size_t i = lo; i < hi; i += MW_PRE_STEP)
            MW_PRECOMPUTE(J->k, J->pre + i, J->P + i, hi - i < MW_PRE_STEP ? hi - i : MW_PRE_STEP);
        J->blks_done++;
    }
}


/* Group g's buckets in bk (scr: the member's scratch): every point with a
 * non-zero digit in the group's windows added to them; returns the largest
 * |digit|. */
MW_TARGET static int MW_FILL(MW_JOB *J, int g, MW_BUCKET *bk, void *scr)
{
#ifdef MW_FILL_GROUP
    return MW_FILL_GROUP(J->k, bk, J->nbk, scr, J->pre, J->dg, J->n, J->nwp, 8 * g);
#else
    size_t *act = scr;
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
    for (size_t j = 0; j < 8; j++) { /* buckets 0..top of every lane: the identity */
        MW_BUCKET *b = bk + j * nbk;
        memset(b, 0, ((size_t)top + 1) * sizeof *b);
        for (int i = 0; i <= top; i++) MW_ONES(&b[i]);
    }
    for (size_t t = 0; t < m; t++) MW_STEP(bk, nbk, &J->pre[act[t]], J->dg + act[t] * (size_t)nwp + w0);
    return top;
#endif
}

/* T[8 g ..] = the lanes of s (the windows that exist). */
MW_TARGET static void MW_PUT(MW_JOB *J, int g, const MW_SUM *s)
{
    ge51_p3 lanes[8];
    MW_UNPACK(lanes, s);
    for (int j = 0; j < 8 && 8 * g + j < J->nw; j++) J->T[8 * g + j] = lanes[j];
}

static void MW_GROUPS(MW_JOB *J, MW_BUCKET *bk, unsigned char *act)
{
    for (;;) {
        const int g = J->next++;
        if (g >= J->ng) break;
        const int top = MW_FILL(J, g, bk, act);
        MW_SUM s;
        MW_SUMS(J->k, &s, bk, J->nbk, 0, top);
        MW_PUT(J, g, &s);
    }
}

static void MW_TASKS(MW_JOB *J)
{
    for (int t, g, p; (t = f25519_msm_task(&J->sched, &g, &p)) >= 0;) {
        if (t == 0) {
            J->top[g] = MW_FILL(J, g, J->bk + (size_t)g * J->setw, J->act + (size_t)g * J->actw);
            f25519_msm_filled(&J->sched, g);
        } else {
            const int top = J->top[g];
            MW_SUMS(J->k, &J->part[g * F25519_MSM_PARTS + p], J->bk + (size_t)g * J->setw, J->nbk,
                    top * p / F25519_MSM_PARTS, top * (p + 1) / F25519_MSM_PARTS);
        }
    }
}

/* Both phases; bk, act: this member's set of buckets and scratch (NULL when
 * it has none: it then does its share of blocks and no group). */
static void MW_RUN(MW_JOB *J, MW_BUCKET *bk, unsigned char *act)
{
    MW_BLOCKS(J);
    while (J->blks_done < J->nblk) sched_yield(); /* at most one block of another thread */
    if (J->split) MW_TASKS(J);
    else if (bk && act) MW_GROUPS(J, bk, act);
}

/* The task of every member of the team (common/team.h): the first nset
 * members to arrive take a set of buckets and a list each (allocated by the
 * caller: no member faults in fresh pages of its own), the others only
 * blocks of points; with split, the sets belong to the groups. */
static void MW_TASK(void *arg)
{
    MW_JOB *J = arg;
    const unsigned s = J->split ? J->nset : J->next_set++;
    if (s < J->nset) MW_RUN(J, J->bk + s * J->setw, J->act + s * J->actw);
    else MW_RUN(J, NULL, NULL);
}

#if MW_SPILL
/* Buckets per lane with the carries spilled: every window below nw - 1
 * has |digit| <= 2^(c-1); window nw - 1's digit is at most the scalars'
 * bits above c (nw - 1), plus a carry (<= 2^c). */
static size_t MW_CAT(MW_FN, _nbk)(size_t n, const uint8_t (*a)[32], int c, int nw)
{
    uint64_t o[4] = {0};
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 4; k++) {
            uint64_t w;
            memcpy(&w, a[i] + 8 * k, 8);
            o[k] |= w;
        }
    const int above = f25519_msm_bits((const uint8_t *)o) - c * (nw - 1); /* <= c */
    const int e = above > c - 1 ? above : c - 1;
    return ((size_t)1 << e) + 1;
}
#endif

MW_TARGET static int MW_FN(ge51_p3 *T, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, int c, int nw,
                           f25519_team *team, const MW_CONST *k)
{
    if (nw <= 0) return 1;
    if (c < 4 || c > 10 || nw > 64) return 0;
    const int ng = (nw + 7) / 8, nwp = 8 * ng;
#if MW_SPILL
    const size_t nbk = MW_CAT(MW_FN, _nbk)(n, a, c, nw);
#else
    const size_t nbk = ((size_t)1 << c) + 1; /* |digit| <= 2^c (a last window's carry) */
#endif
    const unsigned members = f25519_team_size(team);
    const int split = members > 1;
    const unsigned nset = split ? (unsigned)ng : members < (unsigned)ng ? members : (unsigned)ng;
    const size_t setw = 8 * nbk, n1 = n ? n : 1;
    const size_t npre = (n1 + MW_PRE_STEP - 1) / MW_PRE_STEP * MW_PRE_STEP;
    const size_t sz_bk = nset * setw * sizeof(MW_BUCKET), sz_pre = npre * sizeof(MW_PRE),
                 sz_part = split ? (size_t)ng * F25519_MSM_PARTS * sizeof(MW_SUM) : 0,
                 sz_dg = n1 * (size_t)nwp * sizeof(int16_t), actw = F25519_MSM_ROUND64(MW_SCRATCH(n1, nbk)),
                 sz_act = nset * actw;
    unsigned char *blk0 = malloc(64 + F25519_MSM_ROUND64(sz_bk) + F25519_MSM_ROUND64(sz_part) +
                                 F25519_MSM_ROUND64(sz_pre) + F25519_MSM_ROUND64(sz_dg) + F25519_MSM_ROUND64(sz_act));
    if (!blk0) return 0;
    unsigned char *at = blk0 + (-(uintptr_t)blk0 & 63); /* one block: msm_digits.h f25519_msm_take */
    MW_BUCKET *bk = f25519_msm_take(&at, sz_bk);
    MW_SUM *part = split ? f25519_msm_take(&at, sz_part) : NULL;
    MW_PRE *pre = f25519_msm_take(&at, sz_pre);
    int16_t *dg = f25519_msm_take(&at, sz_dg);
    unsigned char *act = f25519_msm_take(&at, sz_act);
    MW_JOB J = {.T = T, .n = n, .nbk = nbk, .nblk = (n + MW_BLK - 1) / MW_BLK, .a = a, .P = P, .k = k,
                .pre = pre, .dg = dg, .c = c, .nw = nw, .ng = ng, .nwp = nwp, .bk = bk, .act = act, .actw = actw,
                .setw = setw, .nset = nset, .split = split, .part = part,
                .sched = {.ng = ng}}; /* counters, flags: 0 */
    f25519_msm_blocks_init(&J.blocks, J.nblk, members);
    f25519_team_run(team, MW_TASK, &J);
    for (int g = 0; split && g < ng; g++) { /* the window sums: the parts added */
        MW_SUM s = part[g * F25519_MSM_PARTS];
        for (int p = 1; p < F25519_MSM_PARTS; p++) MW_SUM_ADD(k, &s, &part[g * F25519_MSM_PARTS + p]);
        MW_PUT(&J, g, &s);
    }
    free(blk0);
    return 1;
}

#undef MW_BLK
#undef MW_CAT2
#undef MW_CAT
#undef MW_JOB
#undef MW_BLOCKS
#undef MW_FILL
#undef MW_PUT
#undef MW_GROUPS
#undef MW_TASKS
#undef MW_RUN
#undef MW_TASK
#undef MW_FN
#undef MW_TARGET
#undef MW_CONST
#undef MW_PRE
#undef MW_PRE_STEP
#undef MW_BUCKET
#undef MW_SUM
#undef MW_PRECOMPUTE
#undef MW_ONES
#undef MW_STEP
#undef MW_SUMS
#undef MW_SUM_ADD
#undef MW_UNPACK
#undef MW_SCRATCH
#undef MW_SPILL
#undef MW_FILL_GROUP
