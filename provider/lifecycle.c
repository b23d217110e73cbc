/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Thread and fork lifecycle of the provider's two helper threads: the
 * X25519 pool refill thread (its work: pool.c) and the warm-up thread (its
 * work: warmup.c).
 *  - init/teardown: pool and warm-up state, the fork registry; teardown
 *    stops and joins both threads before their state is freed;
 *  - lazy starts on the request path, never at load: the refill thread when
 *    the pool falls to its low-water mark, the warm-up thread on the first
 *    operation; both run with every signal blocked;
 *  - fork: pthread_atfork handlers hold every pool and warm-up mutex across
 *    fork(); the child wipes and discards the parent's queued keys, forgets
 *    the parent's threads (restarted lazily) and restarts its counters at 0
 *    (each process reports its own).
 */
#include <signal.h>
#include <unistd.h>
#include "fast25519.h"
#include "lifecycle.h"
#include "pool.h"
#include "warmup.h"

/* Start a helper thread with every signal blocked, so process-directed
 * signals (nginx, unbound) are never delivered to it. 1 = started. */
static int start_thread(pthread_t *t, void *(*fn)(void *), void *arg)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(t, NULL, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc == 0;
}

/* ---- fork registry ----------------------------------------------------- */
static pthread_mutex_t g_reg_mu = PTHREAD_MUTEX_INITIALIZER;
static f25519_pool *g_pools; /* every live provider context, via its pool */
static pthread_once_t g_atfork_once = PTHREAD_ONCE_INIT;

static void atfork_prepare(void)
{
    pthread_mutex_lock(&g_reg_mu);
    for (f25519_pool *p = g_pools; p; p = p->next) {
        pthread_mutex_lock(&p->mu);
        pthread_mutex_lock(&p->prov->warmup.mu);
    }
}

static void atfork_parent(void)
{
    for (f25519_pool *p = g_pools; p; p = p->next) {
        pthread_mutex_unlock(&p->prov->warmup.mu);
        pthread_mutex_unlock(&p->mu);
    }
    pthread_mutex_unlock(&g_reg_mu);
}

static void atfork_child(void)
{
    for (f25519_pool *p = g_pools; p; p = p->next) {
        f25519_provctx *prov = p->prov;
        uint64_t discarded = p->count;
        f25519_pool_forget_locked(p);
        pthread_cond_init(&p->wake, NULL); /* no waiter survives fork */
        pthread_mutex_unlock(&p->mu);
        f25519_warmup_reset_child_locked(&prov->warmup);
        pthread_mutex_unlock(&prov->warmup.mu);
        for (int i = 0; i < C_COUNT; i++) atomic_store(&prov->counters[i], 0);
        atomic_store(&prov->requests, 0);
        atomic_store(&prov->counters[C_POOL_DISCARDED], discarded);
    }
    pthread_mutex_unlock(&g_reg_mu);
}

static void atfork_install(void) { pthread_atfork(atfork_prepare, atfork_parent, atfork_child); }

static void fork_register(f25519_provctx *prov)
{
    pthread_once(&g_atfork_once, atfork_install);
    pthread_mutex_lock(&g_reg_mu);
    prov->pool.next = g_pools;
    g_pools = &prov->pool;
    pthread_mutex_unlock(&g_reg_mu);
}

static void fork_unregister(f25519_provctx *prov)
{
    pthread_mutex_lock(&g_reg_mu);
    for (f25519_pool **pp = &g_pools; *pp; pp = &(*pp)->next) {
        if (*pp == &prov->pool) {
            *pp = prov->pool.next;
            break;
        }
    }
    pthread_mutex_unlock(&g_reg_mu);
}

/* ---- stopping the threads ------------------------------------------------ */
static void stop_refill_thread(f25519_pool *pool)
{
    pthread_mutex_lock(&pool->mu);
    int join = pool->thread_running && pool->pid == getpid();
    pool->stop = 1;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->mu);
    if (join) pthread_join(pool->thread, NULL);
}

static void stop_warmup_thread(f25519_warmup *w)
{
    pthread_mutex_lock(&w->mu);
    int join = w->running && w->pid == getpid();
    w->stop = 1;
    atomic_store(&w->started, 1); /* no restart after teardown */
    pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->mu);
    if (join) pthread_join(w->thread, NULL);
    w->running = 0;
}

/* ---- init / teardown ------------------------------------------------------ */
int f25519_lifecycle_init(f25519_provctx *prov)
{
    if (!f25519_pool_init(&prov->pool, prov)) return 0;
    f25519_warmup_init(&prov->warmup, prov);
    fork_register(prov);
    return 1;
}

void f25519_lifecycle_teardown(f25519_provctx *prov)
{
    /* Leave the fork registry first: a fork in another thread must not
     * lock the mutexes destroyed below. */
    fork_unregister(prov);
    stop_warmup_thread(&prov->warmup);
    f25519_warmup_free(&prov->warmup);
    stop_refill_thread(&prov->pool);
    f25519_pool_free(&prov->pool);
}

/* ---- lazy starts on the request path ------------------------------------ */
int f25519_x25519_keypair(f25519_provctx *prov, uint8_t priv[32], uint8_t pub[32])
{
    f25519_pool *pool = &prov->pool;
    if (pool->cap == 0) return f25519_x25519_keygen(priv, pub); /* pool disabled */

    pthread_mutex_lock(&pool->mu);
    int hit = f25519_pool_take_locked(pool, priv, pub);
    if (f25519_pool_wants_refill_locked(pool)) {
        if (!pool->thread_running)
            pool->thread_running = start_thread(&pool->thread, f25519_pool_refill_main, pool);
        else
            pthread_cond_signal(&pool->wake);
    }
    pthread_mutex_unlock(&pool->mu);

    if (hit) {
        f25519_count(prov, C_POOL_HITS);
        return F25519_OK;
    }
    f25519_count(prov, C_POOL_MISSES);
    return f25519_x25519_keygen(priv, pub); /* one key now; never a batch here */
}

static void warmup_kick(f25519_warmup *w)
{
    if (atomic_load_explicit(&w->started, memory_order_acquire)) return;
    pthread_mutex_lock(&w->mu);
    if (!w->running && !w->stop && w->mode != WARMUP_OFF) {
        w->pid = getpid();
        w->running = start_thread(&w->thread, f25519_warmup_main, w);
    }
    atomic_store_explicit(&w->started, 1, memory_order_release);
    pthread_mutex_unlock(&w->mu);
}

void f25519_op(f25519_provctx *prov, enum f25519_counter c)
{
    f25519_count(prov, c);
    atomic_fetch_add_explicit(&prov->requests, 1, memory_order_relaxed);
    if (prov->cfg.warmup != WARMUP_OFF) warmup_kick(&prov->warmup);
}
