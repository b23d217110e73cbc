/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The threads of one batch call (ed25519_batch.c, the vector backends'
 * multi-scalar multiplications): the caller plus helpers started once
 * (f25519_spawn: on CPUs other than the caller's) that run every task the
 * caller posts, then wait for the next one, spinning first.
 *
 * Why: with a helper started per phase, the multi-scalar multiplication's
 * helper began long after the caller (its CPU had gone idle after phase 1;
 * waking it costs that much in a virtual machine), so the caller did up to
 * all of the blocks of points alone.
 * A team's helper is never idle between the phases of one call.
 *
 * A task is run once by every member (f25519_team_run); members share its
 * work through the task's own counters. The waits spin (pause) for a while,
 * then block (helpers: a condition variable; the caller: sched_yield), so a
 * long serial part of the caller does not keep a CPU busy. No secret is
 * involved.
 */
#ifndef F25519_COMMON_TEAM_H
#define F25519_COMMON_TEAM_H

typedef struct f25519_team f25519_team;

/* A team of up to threads members (the caller included; at most
 * F25519_TEAM_MAX). NULL when threads <= 1 or no helper could be started or
 * memory is short: callers then run their tasks alone (f25519_team_run and
 * f25519_team_size accept NULL). */
#define F25519_TEAM_MAX 65
f25519_team *f25519_team_new(unsigned threads);

/* The same for a team that outlives one call (the verify pool,
 * ed25519_batch_pool.c): its helpers keep off the CPU of the caller that
 * posts the task. Each post records that CPU (sched_getcpu); a helper whose
 * affinity does not exclude it yet takes the creator's mask without it
 * (f25519_spawn_avoid: one syscall, only when the caller has moved), so
 * that neither a helper woken after sleeping between calls nor a caller
 * restricted after the team was made to the CPU a helper was placed on
 * shares its CPU with a helper (a pool whose helper shared its caller's CPU
 * was slower than one thread). */
f25519_team *f25519_team_new_kept(unsigned threads);

/* The members: the caller plus the helpers started (1 for NULL). */
unsigned f25519_team_size(const f25519_team *t);

/* fn(arg) on every member, the caller's included; returns when all are
 * done. With t NULL, fn(arg) once on the caller's thread. One thread at a
 * time may call it: the one that created the team, or (a verify pool's
 * team) the caller that holds the pool. */
void f25519_team_run(f25519_team *t, void (*fn)(void *arg), void *arg);

/* The next task posted (f25519_team_run) is the helpers' last: they exit
 * as soon as they have run it, so that their exit overlaps the caller's
 * serial work after it instead of f25519_team_free's join. A task posted
 * after it starts the helpers again (as many as can be started). NULL is
 * fine. Used by batch verification before its last multi-scalar
 * multiplication (ed25519_batch.c). */
void f25519_team_last(f25519_team *t);

/* Stops and joins the helpers; NULL is fine. */
void f25519_team_free(f25519_team *t);
#endif
