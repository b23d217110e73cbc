/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Helper threads of the batch APIs (started by common/team.c for
 * ed25519_batch.c and the bucket MSMs) on a CPU other than their creator's.
 *
 * Measured on the 2-vCPU KVM host (AMD EPYC Zen 3, 2026-11-26, /tmp tool:
 * the creator spins, the new thread stamps the TSC when it first runs, 40
 * creations per variant, twice): a plain pthread_create left the new thread
 * on the creator's CPU in about half of the creations, where it waited until
 * the creator blocked or the load balancer moved it: start delay median
 * 2.0M / 2.5M TSC ticks (0.8-1.0 ms), 90th percentile 5.1M, against median
 * 0.18M / 0.23M (p90 0.3-0.4M) when the thread is created with an affinity
 * that excludes the creator's CPU. In zip215 batch verification with two
 * threads both threads then shared one CPU for milliseconds (rdtscp's CPU
 * number per phase): the "2 threads ~40k ticks per signature each" of issue
 * 12's measurements. verify_batch zip215 n = 1024, 2 threads, in-process
 * A/B against plain pthread_create (same host, 13:01 UTC): with 5 ms idle
 * before each call, median 23.2k/19.4k/21.6k/21.6k -> 19.2k/18.7k/21.4k/
 * 19.6k ticks per signature (paired ratios 0.92-0.96); back to back
 * (the other CPU just busy) paired 1.00-1.03.
 *
 * f25519_spawn: the k-th helper (k >= 1) is created with an affinity of
 * one CPU, the k-th (cyclically) of the creator's allowed CPUs other than
 * the one it runs on; it restores the creator's whole mask with
 * f25519_spawn_unpin once its first task is done, so it is placed, not
 * pinned: the scheduler may move it afterwards. (It restored the mask as
 * its first act before; that syscall took ~0.02M TSC ticks of the helper's
 * start, which is on the critical path of a batch call: Intel Xeon family 6
 * model 207 KVM guest, 2026-11-27, rdtscp trace of zip215 n = 1024: start
 * 0.15M ticks after the call's, 0.12M of them the wake of the idle vCPU.)
 * When the creator may run on one CPU only, or off Linux, or when any of
 * those calls fails, a plain pthread_create. No secret is involved.
 */
#ifndef F25519_COMMON_SPAWN_H
#define F25519_COMMON_SPAWN_H
#include <pthread.h>

typedef struct f25519_spawn_ctx f25519_spawn_ctx;

/* The creator's CPU set, read once per batch of helpers; NULL when there is
 * no choice to make (then f25519_spawn is pthread_create). */
f25519_spawn_ctx *f25519_spawn_begin(void);
void f25519_spawn_end(f25519_spawn_ctx *c);

/* pthread_create(t, NULL, fn, arg) for the k-th helper (k >= 1); returns
 * pthread_create's result. */
int f25519_spawn(f25519_spawn_ctx *c, unsigned k, pthread_t *t, void *(*fn)(void *), void *arg);

/* Called by a helper of c: its affinity becomes the creator's whole mask
 * (a no-op for NULL). */
void f25519_spawn_unpin(f25519_spawn_ctx *c);

/* Called by a helper of c: its affinity becomes the creator's mask without
 * cpu (the whole mask when that leaves none or cpu < 0; a no-op for NULL):
 * a verify pool's helpers keep off the CPU of the thread that posts them a
 * task (common/team.c). */
void f25519_spawn_avoid(f25519_spawn_ctx *c, int cpu);
#endif
