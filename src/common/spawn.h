/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Helper threads of the batch APIs (started by common/team.c for
 * ed25519_batch.c and the bucket MSMs) on a CPU other than their creator's.
 *
 * Why: a plain pthread_create left the new thread on the creator's CPU in
 * about half of the creations (on a 2-vCPU virtual machine), where it
 * waited until the creator blocked or the load balancer moved it: a start
 * delay of about a millisecond instead of a tenth, during which both
 * threads of a batch call shared one CPU.
 *
 * f25519_spawn: the k-th helper (k >= 1) is created with an affinity of
 * one CPU, the k-th (cyclically) of the creator's allowed CPUs other than
 * the one it runs on; it restores the creator's whole mask with
 * f25519_spawn_unpin once its first task is done, so it is placed, not
 * pinned: the scheduler may move it afterwards. (Restoring the mask as its
 * first act would put that syscall on the critical path of a batch call.)
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
