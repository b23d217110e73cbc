/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The parts of the vector backends' Pippenger multi-scalar multiplication
 * (msm_windows.h: one window per 64-bit lane, eight windows at a time) that
 * need no point type: the digits, the window width, the carving of one
 * block of buffers and a team's schedule of window groups. Public scalars
 * only (variable time).
 */
#ifndef F25519_MSM_DIGITS_H
#define F25519_MSM_DIGITS_H
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* The bit length of a (0 for a = 0). */
int f25519_msm_bits(const uint8_t a[32]);

/* The width c in [4, 10] that minimises the estimated work for these n
 * scalars (a_i < 2^253; from a sample of them when n >= 512) and the number
 * of windows nw (<= 64) it needs (for every scalar): madd mixed additions
 * per point and window group of eight windows it has digits in, plus 2^c
 * bucket-sum additions of cost sum per group. */
int f25519_msm_width(size_t n, const uint8_t (*a)[32], unsigned madd, unsigned sum, int *nw);

/* d[0..nwp) = a's signed radix-2^c digits: max(ceil(bits / c), nwc)
 * windows with digits in [-2^(c-1), 2^(c-1)), the last keeping the carry
 * (in [0, 2^c]), zeros above. nwc = 0: a short scalar's last window keeps
 * its carry (its point joins no higher window); nwc = nw: only window nw - 1
 * does (every bucket above 2^(c-1) is then in the top window). */
void f25519_msm_digits(int16_t *d, int nwp, int nwc, const uint8_t a[32], int c);

/* The buffers of one call carved from ONE malloc'd block: the next bytes
 * at *at (64-byte aligned when *at starts aligned; sizes are rounded up to
 * 64). Why: with separate buffers per call the allocator kept returning
 * pages to the system and every call faulted them in again (hundreds of
 * page faults per call at n = 1024); one malloc'd block stays mapped from
 * the second call on. */
#define F25519_MSM_ROUND64(b) (((b) + 63) & ~(size_t)63)
static inline void *f25519_msm_take(unsigned char **at, size_t bytes)
{
    void *p = *at;
    *at += F25519_MSM_ROUND64(bytes);
    return p;
}

/* A team's blocks of points (digits and addends), nblk < 2^32 of them,
 * taken one at a time: with two members, the caller's thread from the
 * front and the helper from the back, so that each computes the blocks of
 * the points its own thread wrote (batch verification lays an item's two
 * points side by side and its phase 1 hands out the items the same way:
 * ed25519_batch.c coop_take), and across calls each block stays with the
 * thread, and the cache, it had; otherwise every member from the front.
 * Why: ed25519_batch.c before COOP_MIN. */
typedef struct {
    _Atomic uint64_t span; /* the blocks not taken: [lo, hi) as lo | hi << 32 */
    pthread_t caller;
    int two;
} f25519_msm_blocks;

static inline void f25519_msm_blocks_init(f25519_msm_blocks *b, size_t nblk, unsigned members)
{
    atomic_init(&b->span, (uint64_t)nblk << 32);
    b->caller = pthread_self();
    b->two = members == 2;
}

/* 1 and *k = the next block of the calling member; 0 when none is left. */
static inline int f25519_msm_block_next(f25519_msm_blocks *b, size_t *k)
{
    const int back = b->two && !pthread_equal(pthread_self(), b->caller);
    uint64_t s = atomic_load(&b->span);
    for (;;) {
        const uint64_t lo = s & 0xffffffffu, hi = s >> 32;
        if (lo >= hi) return 0;
        const uint64_t ns = back ? lo | (hi - 1) << 32 : (lo + 1) | hi << 32;
        if (atomic_compare_exchange_weak(&b->span, &s, ns)) {
            *k = (size_t)(back ? hi - 1 : lo);
            return 1;
        }
    }
}

/* A team's schedule of the window groups (ng <= 8): tasks 0 .. ng-1 fill
 * group t's buckets, then F25519_MSM_PARTS tasks per group sum part p of
 * them (the digits (top p / PARTS, top (p + 1) / PARTS]), all from one
 * counter (zero-initialised with its job). f25519_msm_task: 0 for "fill
 * *g", 1 for "sum part *p of *g" (after *g's fill is published; it waits
 * for a fill under way on another member), -1 when none is left.
 * The chain of doublings stays with the caller after the team's tasks
 * (run inside the team, overlapping the last sums, it gained nothing: the
 * caller usually has the last task), and the sum parts are taken in
 * counter order, not by the member that filled the group (that made the
 * members end further apart). */
#define F25519_MSM_PARTS 2
typedef struct {
    int ng;
    _Atomic int next;
    _Atomic int filled[8];
} f25519_msm_sched;

static inline int f25519_msm_task(f25519_msm_sched *s, int *g, int *p)
{
    const int t = s->next++;
    if (t < s->ng) {
        *g = t;
        return 0;
    }
    *g = (t - s->ng) / F25519_MSM_PARTS;
    *p = (t - s->ng) % F25519_MSM_PARTS;
    if (*g >= s->ng) return -1;
    for (int spin = 0; !atomic_load_explicit(&s->filled[*g], memory_order_acquire); spin++) {
        if (spin < 4096) __builtin_ia32_pause(); /* the fill is under way on another member */
        else sched_yield();                      /* ... which may not be running */
    }
    return 1;
}

static inline void f25519_msm_filled(f25519_msm_sched *s, int g)
{
    atomic_store_explicit(&s->filled[g], 1, memory_order_release);
}
#endif
