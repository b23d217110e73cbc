/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Helper threads started away from their creator's CPU (spawn.h). */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getcpu, pthread_attr_setaffinity_np */
#endif
#include "common/spawn.h"
#include <stdlib.h>
#if defined(__linux__)
#include <sched.h>

#define SPAWN_MAX 66 /* ed25519_batch.c: at most 65 threads */

struct f25519_spawn_ctx {
    cpu_set_t all;            /* the creator's mask, restored by each helper */
    int cpu[CPU_SETSIZE];     /* the allowed CPUs other than the creator's */
    int ncpu;
    struct tramp {
        void *(*fn)(void *);
        void *arg;
    } tr[SPAWN_MAX];
};

f25519_spawn_ctx *f25519_spawn_begin(void)
{
    f25519_spawn_ctx *c = malloc(sizeof *c);
    if (!c) return NULL;
    int self = sched_getcpu();
    CPU_ZERO(&c->all); /* defined for MemorySanitizer whatever the syscall's interceptor */
    if (self < 0 || sched_getaffinity(0, sizeof c->all, &c->all) != 0) {
        free(c);
        return NULL;
    }
    c->ncpu = 0;
    for (int i = 0; i < CPU_SETSIZE; i++)
        if (i != self && CPU_ISSET(i, &c->all)) c->cpu[c->ncpu++] = i;
    if (c->ncpu == 0) {
        free(c);
        return NULL;
    }
    return c;
}

void f25519_spawn_end(f25519_spawn_ctx *c)
{
    free(c);
}

static void *spawn_tramp(void *p)
{
    struct tramp *t = p;
    return t->fn(t->arg);
}

void f25519_spawn_unpin(f25519_spawn_ctx *c)
{
    if (c) pthread_setaffinity_np(pthread_self(), sizeof c->all, &c->all); /* placed, not pinned */
}

void f25519_spawn_avoid(f25519_spawn_ctx *c, int cpu)
{
    if (!c) return;
    cpu_set_t s = c->all;
    if (cpu >= 0 && cpu < CPU_SETSIZE) CPU_CLR(cpu, &s);
    if (CPU_COUNT(&s) == 0) s = c->all;
    pthread_setaffinity_np(pthread_self(), sizeof s, &s);
}

int f25519_spawn(f25519_spawn_ctx *c, unsigned k, pthread_t *t, void *(*fn)(void *), void *arg)
{
    if (c && k >= 1 && k <= SPAWN_MAX) {
        pthread_attr_t at;
        if (pthread_attr_init(&at) == 0) {
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(c->cpu[(k - 1) % (unsigned)c->ncpu], &one);
            struct tramp *tr = &c->tr[k - 1];
            tr->fn = fn;
            tr->arg = arg;
            int rc = -1;
            if (pthread_attr_setaffinity_np(&at, sizeof one, &one) == 0)
                rc = pthread_create(t, &at, spawn_tramp, tr);
            pthread_attr_destroy(&at);
            if (rc == 0) return 0;
        }
    }
    return pthread_create(t, NULL, fn, arg);
}
#else
f25519_spawn_ctx *f25519_spawn_begin(void)
{
    return NULL;
}

void f25519_spawn_end(f25519_spawn_ctx *c)
{
    (void)c;
}

void f25519_spawn_unpin(f25519_spawn_ctx *c)
{
    (void)c;
}

void f25519_spawn_avoid(f25519_spawn_ctx *c, int cpu)
{
    (void)c;
    (void)cpu;
}

int f25519_spawn(f25519_spawn_ctx *c, unsigned k, pthread_t *t, void *(*fn)(void *), void *arg)
{
    (void)c;
    (void)k;
    return pthread_create(t, NULL, fn, arg);
}
#endif
