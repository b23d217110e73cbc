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
    f25519_spawn_ctx *sp; /* read by the helpers as they start: freed after the join */
    void (*fn)(void *);
    void *arg;
    int stop;
    _Atomic unsigned gen;     /* bumped by each post */
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
    unsigned seen = 0;
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
        t->fn(t->arg);
        atomic_fetch_sub(&t->running, 1);
    }
}

/* Post fn(arg) (fn unused when stop) to the helpers. */
static void post(f25519_team *t, void (*fn)(void *), void *arg, int stop)
{
    t->fn = fn;
    t->arg = arg;
    t->stop = stop;
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

f25519_team *f25519_team_new(unsigned threads)
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
    for (unsigned k = 1; k < threads; k++) {
        if (f25519_spawn(t->sp, k, &t->tid[t->helpers], helper, t) != 0) break;
        t->helpers++;
    }
    if (t->helpers == 0) {
        f25519_team_free(t);
        return NULL;
    }
    return t;
}

unsigned f25519_team_size(const f25519_team *t)
{
    return t ? t->helpers + 1 : 1u;
}

void f25519_team_run(f25519_team *t, void (*fn)(void *arg), void *arg)
{
    if (!t) {
        fn(arg);
        return;
    }
    post(t, fn, arg, 0);
    fn(arg);
    for (int spins = 0; atomic_load(&t->running) != 0; spins++) {
        if (spins < t->spin) relax();
        else sched_yield();
    }
}

void f25519_team_free(f25519_team *t)
{
    if (!t) return;
    if (t->helpers) post(t, NULL, NULL, 1);
    for (unsigned k = 0; k < t->helpers; k++) pthread_join(t->tid[k], NULL);
    f25519_spawn_end(t->sp);
    pthread_cond_destroy(&t->cv);
    pthread_mutex_destroy(&t->mu);
    free(t);
}
