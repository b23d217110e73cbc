/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The threads of one batch call (team.h). */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#endif
#include "common/team.h"
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>
#include "common/spawn.h"

/* Pauses before a wait blocks: ~1 ms at the pause latency of recent x86
 * cores (~40-140 cycles), longer than the serial parts between the phases
 * of a batch (0.05-0.3M ticks measured, team.h). */
#define SPIN_PAUSES 20000

struct f25519_team {
    pthread_t tid[F25519_TEAM_MAX - 1];
    unsigned helpers;
    int spin;             /* pauses before a wait blocks: 0 when the members outnumber the CPUs */
    f25519_spawn_ctx *sp; /* read by the helpers (f25519_spawn_unpin): freed after the join */
    void (*fn)(void *);
    void *arg;
    int stop;
    int then_exit;        /* the posted task is the helpers' last (f25519_team_last) */
    int last;             /* f25519_team_last was called: the next post is then_exit */
    int exited;           /* the helpers ran a then_exit task: join before anything else */
    int keep;             /* helpers keep off the poster's CPU (f25519_team_new_kept) */
    int post_cpu;         /* keep: the CPU the caller ran on when it posted (-1: unknown) */
    _Atomic unsigned gen;     /* bumped by each post */
    unsigned gen0;            /* gen when the current helpers were started: none of theirs yet */
    _Atomic unsigned running; /* helpers still in the current task */
    pthread_mutex_t mu;
    pthread_cond_t cv;
};

static inline void relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

static void *helper(void *p)
{
    f25519_team *t = p;
    unsigned seen = t->gen0;
    int placed = 1; /* pinned to the CPU f25519_spawn chose, until the first task is done */
    int avoided = -2; /* keep: the CPU this helper's mask excludes (-2: none yet) */
    for (;;) {
        unsigned g;
        int spins = 0;
        while ((g = atomic_load(&t->gen)) == seen && spins < t->spin) {
            relax();
            spins++;
        }
        if (g == seen) {
            pthread_mutex_lock(&t->mu);
            while ((g = atomic_load(&t->gen)) == seen) pthread_cond_wait(&t->cv, &t->mu);
            pthread_mutex_unlock(&t->mu);
        }
        seen = g;
        if (t->stop) return NULL; /* written before gen was bumped */
        const int then_exit = t->then_exit; /* read before running drops: the caller may post again */
        if (t->keep && t->post_cpu != avoided) { /* the caller moved (or the first task): a syscall */
            avoided = t->post_cpu;
            f25519_spawn_avoid(t->sp, avoided);
        }
        t->fn(t->arg);
        atomic_fetch_sub(&t->running, 1);
        if (then_exit) return NULL;
        if (placed && !t->keep) f25519_spawn_unpin(t->sp);
        placed = 0;
    }
}

/* Post fn(arg) (fn unused when stop) to the helpers; then_exit: they exit
 * after it. */
static void post(f25519_team *t, void (*fn)(void *), void *arg, int stop, int then_exit)
{
    t->fn = fn;
    t->arg = arg;
    t->stop = stop;
#if defined(__linux__)
    if (t->keep) t->post_cpu = sched_getcpu();
#endif
    t->then_exit = then_exit;
    atomic_store(&t->running, t->helpers);
    pthread_mutex_lock(&t->mu); /* a helper between its last spin and cond_wait holds it */
    atomic_fetch_add(&t->gen, 1);
    pthread_cond_broadcast(&t->cv);
    pthread_mutex_unlock(&t->mu);
}

/* The CPUs the calling thread may run on. */
static unsigned allowed_cpus(void)
{
#if defined(__linux__)
    cpu_set_t s;
    CPU_ZERO(&s);
    if (sched_getaffinity(0, sizeof s, &s) == 0) return (unsigned)CPU_COUNT(&s);
#endif
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    return c > 0 ? (unsigned)c : 1u;
}

/* Up to want helpers (t->helpers of them started). */
static void spawn_helpers(f25519_team *t, unsigned want)
{
    t->gen0 = atomic_load(&t->gen);
    t->helpers = 0;
    for (unsigned k = 1; k <= want; k++) {
        if (f25519_spawn(t->sp, k, &t->tid[t->helpers], helper, t) != 0) break;
        t->helpers++;
    }
}

static void join_helpers(f25519_team *t)
{
    for (unsigned k = 0; k < t->helpers; k++) pthread_join(t->tid[k], NULL);
}

static f25519_team *team_new(unsigned threads, int keep)
{
    if (threads <= 1) return NULL;
    if (threads > F25519_TEAM_MAX) threads = F25519_TEAM_MAX;
    f25519_team *t = malloc(sizeof *t);
    if (!t) return NULL;
    t->helpers = 0;
    /* Spinning only pays when every member has a CPU of its own; on fewer
     * (a caller restricted to one CPU) a spinning member would only delay
     * the one it waits for. Set before any helper reads it. */
    t->spin = allowed_cpus() >= threads ? SPIN_PAUSES : 0;
    t->gen = 0;
    t->running = 0;
    t->stop = 0;
    t->then_exit = 0;
    t->last = 0;
    t->exited = 0;
    t->keep = keep;
    t->post_cpu = -1;
    if (pthread_mutex_init(&t->mu, NULL) != 0) {
        free(t);
        return NULL;
    }
    if (pthread_cond_init(&t->cv, NULL) != 0) {
        pthread_mutex_destroy(&t->mu);
        free(t);
        return NULL;
    }
    t->sp = f25519_spawn_begin();
    spawn_helpers(t, threads - 1);
    if (t->helpers == 0) {
        f25519_team_free(t);
        return NULL;
    }
    return t;
}

f25519_team *f25519_team_new(unsigned threads)
{
    return team_new(threads, 0);
}

f25519_team *f25519_team_new_kept(unsigned threads)
{
    return team_new(threads, 1);
}

unsigned f25519_team_size(const f25519_team *t)
{
    return t ? t->helpers + 1 : 1u;
}

void f25519_team_run(f25519_team *t, void (*fn)(void *arg), void *arg)
{
    if (t && t->exited) { /* a task after the "last": as many helpers again */
        const unsigned want = t->helpers;
        join_helpers(t);
        spawn_helpers(t, want);
        t->exited = 0;
    }
    if (!t || t->helpers == 0) {
        fn(arg);
        return;
    }
    const int then_exit = t->last;
    t->last = 0;
    post(t, fn, arg, 0, then_exit);
    fn(arg);
    for (int spins = 0; atomic_load(&t->running) != 0; spins++) {
        if (spins < t->spin) relax();
        else sched_yield();
    }
    t->exited = then_exit; /* they are on their way out: joined by the next run or f25519_team_free */
}

void f25519_team_last(f25519_team *t)
{
    if (t) t->last = 1;
}

void f25519_team_free(f25519_team *t)
{
    if (!t) return;
    if (t->helpers && !t->exited) post(t, NULL, NULL, 1, 0);
    join_helpers(t);
    f25519_spawn_end(t->sp);
    pthread_cond_destroy(&t->cv);
    pthread_mutex_destroy(&t->mu);
    free(t);
}
