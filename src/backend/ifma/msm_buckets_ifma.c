/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The ifma backend's Pippenger multi-scalar multiplication (batch
 * verification's random linear combination for large n; public inputs only,
 * variable time): the scheduling of scalarmult/msm_windows.h (eight windows
 * at a time, lane j of a group's buckets holding window w0 + j, the threads)
 * with the ifma backend's own fill of a group:
 *  - addends: each P_i once as the affine (y+x, y-x, 2dxy) in radix 2^64
 *    (decoded points have Z = 1: eight at a time in the lanes; others are
 *    divided by Z first).
 *  - fill (mb_fill): the group's non-zero digits sorted by bucket (a
 *    counting sort), then 8-lane mixed additions (ge8_madd_w, 7 products),
 *    each lane running through its own stretch of the sorted list with the
 *    sum of its current bucket in a register: the addends are gathered (12
 *    words per lane, then split into limbs; a lane past its stretch adds
 *    the identity), and a bucket is stored once, when its lane leaves it.
 *    A bucket is only ever added to, so its X, Y, Z stay uncarried (W) and
 *    -P is a swap of operands in the addition (ge8_madd_w).
 *    The carries of short scalars spill into the next window (MW_SPILL), so
 *    only the top window has digits above 2^(c-1).
 *  - sums: each lane sums its buckets, sum_k [k] bucket_k, with the running
 *    sum from the group's largest digit down, two full additions per
 *    bucket, the buckets stored lane by lane (20 vector loads).
 * The caller combines the window sums with c doublings per window
 * (backend/ifma/ops_ifma.c: double_ifma.c's f25519_ifma_msm_horner).
 */
#include <stddef.h>
#include <string.h>
#include "backend/ifma/msm_buckets_ifma.h"
#include "scalarmult/msm_digits.h"
#include "backend/ifma/ge51x8_ifma.h"

/* an addend: y + x, y - x, 2dxy in radix 2^64 (fe64x8's words: 12 to
 * gather per lane instead of 15 limbs), words 0..3, 4..7, 8..11 */
typedef struct { uint64_t w[12]; } mb_pre;
enum { MB_YPX = 0, MB_YMX = 4, MB_XY2D = 8 };
/* the room of one lane's bucket (X, Y, Z (W), T: 20 words); a set of
 * buckets is laid out lane by lane (mb_bucket_row) */
typedef struct { uint64_t v[20]; } mb_bucket;

static int is_one(const fe51 *z)
{
    fe51 t;
    fe51_carry(&t, z);
    return t.v[0] == 1 && (t.v[1] | t.v[2] | t.v[3] | t.v[4]) == 0;
}

/* word k of q at off + k: f's canonical encoding (the one-at-a-time path) */
static void mb_put64(mb_pre *q, int off, const fe51 *f)
{
    uint8_t b[32];
    fe51_tobytes(b, f);
    memcpy(q->w + off, b, 32); /* little endian */
}

/* (y+x, y-x, 2dxy) of P; with Z = 1 (decoded points), xy = T. */
static void mb_precompute(mb_pre *q, const ge51_p3 *P)
{
    fe51 x, y, t, r;
    if (is_one(&P->Z)) {
        fe51_carry(&x, &P->X);
        fe51_carry(&y, &P->Y);
        fe51_carry(&t, &P->T);
    } else {
        fe51 zi;
        fe51_invert(&zi, &P->Z);
        fe51_mul(&x, &P->X, &zi);
        fe51_mul(&y, &P->Y, &zi);
        fe51_mul(&t, &x, &y);
    }
    fe51_add(&r, &y, &x);
    mb_put64(q, MB_YPX, &r);
    fe51_sub(&r, &y, &x);
    mb_put64(q, MB_YMX, &r);
    fe51_mul(&r, &t, &fe51_d2);
    mb_put64(q, MB_XY2D, &r);
}

/* Field element `off` (a byte offset in ge51_p3) of P[0..8) as the limbs of
 * eight lanes (5 gathers); 8 lanes stored in radix 2^64 as words off ..
 * off + 3 of q[0..8). */
F25519_IFMA_INLINE void mb_pack(fe51x8 *h, const ge51_p3 *P, size_t off)
{
    const long long w = (long long)(sizeof *P / 8);
    const __m512i vidx = _mm512_setr_epi64(0, w, 2 * w, 3 * w, 4 * w, 5 * w, 6 * w, 7 * w);
    const uint64_t *b = (const uint64_t *)((const char *)P + off);
    for (int i = 0; i < 5; i++) h->v[i] = _mm512_i64gather_epi64(vidx, (const void *)(b + i), 8);
}
F25519_IFMA_INLINE void mb_unpack(mb_pre *q, int off, const fe51x8 *h)
{
    uint64_t t[8] __attribute__((aligned(64)));
    fe64x8 w;
    fe8_to64(&w, h);
    for (int k = 0; k < 4; k++) {
        _mm512_store_si512(t, w.v[k]);
        for (int l = 0; l < 8; l++) q[l].w[off + k] = t[l];
    }
}

static int is_one_exact(const fe51 *z)
{
    return z->v[0] == 1 && (z->v[1] | z->v[2] | z->v[3] | z->v[4]) == 0;
}

/* mb_precompute of P[0..m): eight at once in the lanes when m = 8 and every
 * Z is 1 as decoding makes it (xy = T; y + x, y - x and 2d T carried, R). */
static F25519_IFMA_TARGET void mb_precompute8(mb_pre *q, const ge51_p3 *P, size_t m)
{
    int one = m == 8;
    for (size_t l = 0; l < m; l++) one &= is_one_exact(&P[l].Z);
    if (!one) {
        for (size_t l = 0; l < m; l++) mb_precompute(&q[l], &P[l]);
        return;
    }
    fe51x8 x, y, t, d2;
    mb_pack(&x, P, offsetof(ge51_p3, X));
    mb_pack(&y, P, offsetof(ge51_p3, Y));
    mb_pack(&t, P, offsetof(ge51_p3, T));
    fe8_bcast(&d2, &fe51_d2);
    fe51x8 r;
    fe8_add(&r, &y, &x);
    mb_unpack(q, MB_YPX, &r);
    fe8_sub(&r, &y, &x);
    mb_unpack(q, MB_YMX, &r);
    fe8_mul(&r, &t, &d2);
    mb_unpack(q, MB_XY2D, &r);
}

/* The buckets lane by lane, as the sums read them: bucket k of window
 * lane j is word m (X, Y, Z, T, 5 limbs each) at (20 k + m) 8 + j of bk,
 * so that the sums load bucket k of the eight lanes as 20 vectors; the
 * fill stores a lane's bucket (20 words, stride 8) where it leaves it.
 * The 20 vectors of key's bucket (key = j nbk + k), its lane j = key / nbk. */
static inline uint64_t *mb_bucket_row(uint64_t *bk, size_t key, size_t nbk)
{
    return bk + 160 * (key % nbk);
}

/* The fill of a group: its points sorted by bucket, then steps of 8
 * additions to 8 different buckets, each lane running through its own
 * stretch of the sorted list. A bucket is written once, when its lane
 * leaves it, and the addends are gathered from the read-only table: the
 * steps do not wait on each other's stores, as they do when each point is
 * added to all 8 windows' buckets at once with the buckets gathered and
 * scattered at every step (and here 12 gathers cost less than loads and
 * 8 x 8 transpositions).
 * The scratch: ent[8 n + 2], the entries i << 1 | (d < 0) of the non-zero
 * digits d of point i in the group's windows, sorted by key = j nbk + |d|
 * (window w0 + j; a counting sort), then cnt[8 nbk], each key's end in
 * ent. */
#define MB_SCRATCH(n, nbk) ((8 * (n) + 2) * sizeof(uint32_t) + 8 * (nbk) * sizeof(uint32_t))

/* key's first entry in ent */
static inline uint32_t mb_start(const uint32_t *cnt, size_t key)
{
    return key ? cnt[key - 1] : 0;
}

/* the first key from key on that has entries (there is one) */
static inline size_t mb_next(const uint32_t *cnt, size_t key)
{
    while (cnt[key] == mb_start(cnt, key)) key++;
    return key;
}

/* The lanes fl of acc written to their buckets cur[l]; each then takes its
 * next key (cur: the lane's key; vbend: the end of its entries). Lane l of
 * each word is moved to the bucket's lane j and stored alone (a masked
 * store): no reload of stored vectors, which waits for the stores. */
F25519_IFMA_INLINE void mb_flush(uint64_t *bk, size_t nbk, const ge8_p3 *acc, uint64_t cur[8], __m512i *vbend,
                                 const uint32_t *cnt, unsigned fl, int next)
{
    const __m512i *a = (const __m512i *)acc;
    for (; fl; fl &= fl - 1) {
        const unsigned l = (unsigned)__builtin_ctz(fl);
        const size_t key = cur[l];
        uint64_t *dst = mb_bucket_row(bk, key, nbk);
        const __mmask8 j = (__mmask8)(1u << (key / nbk));
        const __m512i from = _mm512_set1_epi64(l);
#pragma GCC unroll 20
        for (int m = 0; m < 20; m++)
            _mm512_mask_store_epi64((void *)(dst + 8 * m), j, _mm512_permutexvar_epi64(from, a[m]));
        if (next) {
            cur[l] = mb_next(cnt, key + 1);
            *vbend = _mm512_mask_set1_epi64(*vbend, (__mmask8)(1u << l), (long long)cnt[cur[l]]);
        }
    }
}

F25519_IFMA_INLINE void mb_blend_identity(ge8_p3 *h, __mmask8 k)
{
    __m512i *o = (__m512i *)h;
    const __m512i z = _mm512_setzero_si512(), one = _mm512_set1_epi64(1);
#pragma GCC unroll 20
    for (int m = 0; m < 20; m++) o[m] = _mm512_mask_blend_epi64(k, o[m], m == 5 || m == 10 ? one : z);
}

/* point i's digits in the group's windows, NULL when they are all 0 (a
 * short scalar above its windows) */
static inline const int16_t *mb_digits(const int16_t *dg, size_t i, int nwp, int w0)
{
    const int16_t *d = dg + i * (size_t)nwp + w0;
    uint64_t w[2];
    memcpy(w, d, 16);
    return w[0] | w[1] ? d : NULL;
}

/* the keys j nbk + |d_j| of the eight digits d (off: j nbk; every key <
 * 8 nbk <= 8200) */
F25519_IFMA_INLINE void mb_keys(uint16_t key[8], const int16_t *d, __m128i off)
{
    const __m128i v = _mm_loadu_si128((const __m128i *)(const void *)d);
    _mm_storeu_si128((__m128i *)(void *)key, _mm_add_epi16(_mm_abs_epi16(v), off));
}

/* The counting sort of the group's digits (module comment); returns the
 * number of entries, *top the largest |digit|. */
static F25519_IFMA_TARGET size_t mb_sort(uint32_t *ent, uint32_t *cnt, size_t nbk, const int16_t *dg, size_t n,
                                         int nwp, int w0, int *top)
{
    const size_t nkey = 8 * nbk;
    const short b = (short)nbk;
    const __m128i off = _mm_setr_epi16(0, b, (short)(2 * b), (short)(3 * b), (short)(4 * b), (short)(5 * b),
                                       (short)(6 * b), (short)(7 * b));
    uint16_t key[8];
    memset(cnt, 0, nkey * sizeof *cnt);
    for (size_t i = 0; i < n; i++) {
        const int16_t *d = mb_digits(dg, i, nwp, w0);
        if (!d) continue;
        mb_keys(key, d, off);
        for (int j = 0; j < 8; j++) cnt[key[j]]++;
    }
    size_t m = 0;
    *top = 0;
    for (size_t k = 0; k < nkey; k++) { /* cnt: each key's start; bucket 0 (the zero digits) none */
        const size_t v = k % nbk, c = v ? cnt[k] : 0;
        if (c && (int)v > *top) *top = (int)v;
        cnt[k] = (uint32_t)m;
        m += c;
    }
    for (size_t i = 0; i < n; i++) {
        const int16_t *d = mb_digits(dg, i, nwp, w0);
        if (!d) continue;
        mb_keys(key, d, off);
        for (int j = 0; j < 8; j++) {
            ent[d[j] ? cnt[key[j]] : 8 * n] = (uint32_t)(i << 1) | (uint32_t)(d[j] < 0); /* zeros: a spare word */
            cnt[key[j]] += d[j] != 0;
        }
    }
    return m; /* cnt: each key's end */
}

/* Eight stretches of about m / 8 entries, each starting at a bucket's
 * first entry (no bucket is shared by two lanes): lane j's entries
 * lo[j] .. lo[j + 1] - 1, its first key key[j]. */
static void mb_stretches(long long lo[9], uint64_t key[8], const uint32_t *cnt, size_t nkey, size_t m)
{
    int j = 1, pend = 0; /* lanes 0 .. pend - 1 have their key */
    lo[0] = 0;
    for (size_t k = 0; k < nkey; k++) {
        const size_t s = mb_start(cnt, k), e = cnt[k];
        if (s == e) continue;
        for (; pend < j; pend++) key[pend] = k;
        for (; j < 8 && m * (size_t)j / 8 < e; j++) {
            const size_t t = m * (size_t)j / 8;
            lo[j] = (long long)(t - s <= e - t ? s : e);
            if (lo[j] == (long long)s) key[pend++] = k;
        }
    }
    for (; j < 8; j++) lo[j] = (long long)m;
    for (; pend < 8; pend++) key[pend] = 0; /* empty stretches */
    lo[8] = (long long)m;
}

/* The addend of entry pos in each lane where pos < end (gathered from the
 * table, 12 words per addend, then in limbs), the identity (1, 1, 0) in the
 * others (whose accumulators it leaves as they are), and the entry itself. */
F25519_IFMA_INLINE void mb_addend(ge8_precomp *q, __m512i *e, const uint32_t *ent, const uint64_t *pw, __m512i pos,
                                  __m512i end)
{
    const __mmask8 act = _mm512_cmplt_epi64_mask(pos, end);
    const __m512i z = _mm512_setzero_si512(), one = _mm512_set1_epi64(1);
    /* entry pos: the low half of the 8 bytes at ent + pos (ent[8 n + 1] pads the last) */
    *e = _mm512_and_si512(_mm512_i64gather_epi64(_mm512_maskz_mov_epi64(act, pos), (const void *)ent, 4),
                          _mm512_set1_epi64(0xffffffffLL));
    const __m512i idx = _mm512_srli_epi64(*e, 1);
    const __m512i vidx = _mm512_add_epi64(_mm512_slli_epi64(idx, 3), _mm512_slli_epi64(idx, 2)); /* 12 words */
    fe64x8 w[3];
    __m512i *o = (__m512i *)w;
#pragma GCC unroll 12
    for (int k = 0; k < 12; k++)
        o[k] = _mm512_mask_i64gather_epi64(k == MB_YPX || k == MB_YMX ? one : z, act, vidx, (const void *)(pw + k), 8);
    fe8_from64(&q->ypx, &w[0]);
    fe8_from64(&q->ymx, &w[1]);
    fe8_from64(&q->xy2d, &w[2]);
}

static F25519_IFMA_TARGET int mb_fill(mb_bucket *bkt, size_t nbk, void *scr, const mb_pre *pre,
                                      const int16_t *dg, size_t n, int nwp, int w0)
{
    uint32_t *ent = scr, *cnt = ent + 8 * n + 2;
    uint64_t *bk = bkt->v;
    int top;
    const size_t m = mb_sort(ent, cnt, nbk, dg, n, nwp, w0, &top);
    for (size_t key = 0; key < 8 * nbk; key++) /* the empty buckets 1..top: the identity */
        if (key % nbk && (int)(key % nbk) <= top && cnt[key] == mb_start(cnt, key)) {
            uint64_t *b = mb_bucket_row(bk, key, nbk) + key / nbk;
            for (int w = 0; w < 20; w++) b[8 * w] = w == 5 || w == 10;
        }
    if (m == 0) return top;
    long long lo[9];
    uint64_t cur[8], bend[8];
    mb_stretches(lo, cur, cnt, 8 * nbk, m);
    long long steps = 0;
    for (int j = 0; j < 8; j++) {
        bend[j] = cnt[cur[j]];
        if (lo[j + 1] - lo[j] > steps) steps = lo[j + 1] - lo[j];
    }
    __m512i pos = _mm512_loadu_si512((const void *)lo), end = _mm512_loadu_si512((const void *)(lo + 1));
    __m512i vbend = _mm512_loadu_si512((const void *)bend); /* each lane's bucket's end */
    const __mmask8 used = _mm512_cmplt_epi64_mask(pos, end);
    const __m512i one = _mm512_set1_epi64(1);
    const uint64_t *pw = (const uint64_t *)pre;
    ge8_p3 acc;
    ge8_identity(&acc);
    for (long long s = 0; s < steps; s++) {
        const __mmask8 act = _mm512_cmplt_epi64_mask(pos, end);
        const __mmask8 fl = act & _mm512_cmpeq_epi64_mask(pos, vbend);
        if (fl) { /* lanes leaving their bucket */
            mb_flush(bk, nbk, &acc, cur, &vbend, cnt, fl, 1);
            mb_blend_identity(&acc, fl);
        }
        ge8_precomp q;
        __m512i e;
        mb_addend(&q, &e, ent, pw, pos, end);
        ge8_madd_w(&acc, &acc, &q, _mm512_test_epi64_mask(e, one));
        pos = _mm512_add_epi64(pos, one);
    }
    mb_flush(bk, nbk, &acc, cur, &vbend, cnt, used, 0);
    return top;
}

/* sum_{k = lo+1..hi} [k] bucket_k per lane, by the running sum: from hi
 * down, run = sum of the buckets so far, sum += run, which leaves sum =
 * sum_k [k - lo] bucket_k and run = sum_k bucket_k; then sum + [lo] run
 * (lo > 0: a part of the buckets, a team's task). */
static __attribute__((noinline)) F25519_IFMA_TARGET void mb_sum(ge8_p3 *out, const mb_bucket *bkt, int lo, int hi)
{
    const uint64_t *bk = bkt->v;
    ge8_p3 run, sum, b;
    ge8_cached c;
    ge8_identity(&run);
    ge8_identity(&sum);
    for (int k = hi; k > lo; k--) {
        const __m512i *src = (const __m512i *)(const void *)(bk + 160 * (size_t)k);
        __m512i *o = (__m512i *)&b;
#pragma GCC unroll 20
        for (int m = 0; m < 20; m++) o[m] = _mm512_load_si512(src + m);
        ge8_to_cached(&c, &b); /* X, Y, Z W: ge8_madd_w's */
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
#define MW_PRE_STEP 8
#define MW_BUCKET mb_bucket
#define MW_SUM ge8_p3
#define MW_PRECOMPUTE(k, pre, P, m) mb_precompute8(pre, P, m)
#define MW_SCRATCH(n, nbk) MB_SCRATCH(n, nbk)
#define MW_SPILL 1 /* carries into the next window: an entry, not 2^(c-1) more buckets to sum */
#define MW_FILL_GROUP(k, bk, nbk, scr, pre, dg, n, nwp, w0) mb_fill(bk, nbk, scr, pre, dg, n, nwp, w0)
#define MW_SUMS(k, s, bk, nbk, lo, hi) mb_sum(s, bk, lo, hi)
#define MW_SUM_ADD(k, s, t) ge8_add_f(s, s, t)
#define MW_UNPACK(lanes, s) ge8_unpack(lanes, s)
#include "scalarmult/msm_windows.h"

int f25519_ifma_msm_windows(ge51_p3 *T, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, int c, int nw,
                            f25519_team *team)
{
    return mb_windows(T, n, a, P, c, nw, team, NULL);
}
