/*
 * X25519 key pool (the paper's BATCH_STORE, section 4.1, done off the
 * request path):
 *  - key pairs are made 8 at a time by f25519_x25519_keygen_x8 from 256
 *    bytes of the OS random source, by a background thread that sleeps
 *    until the pool falls to the low-water mark, then refills it to full;
 *  - a request takes one key pair (copied out, slot wiped) under a mutex:
 *    a key is handed out once; if the pool is empty the request makes a
 *    single key on the spot (counted as pool_misses), it never runs a batch;
 *  - fork: a pthread_atfork child handler (and a pid check for forks that
 *    bypass it) wipes and discards every queued key, so a child never hands
 *    out its parent's keys; the child restarts its own refill thread lazily.
 *    The child's counters restart at 0 (each process reports its own).
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/random.h>
#include "fast25519.h"
#include "prov.h"

static int os_random(void *buf, size_t n)
{
    uint8_t *b = buf;
    while (n > 0) {
        ssize_t r = getrandom(b, n > 256 ? 256 : n, 0);
        if (r < 0) {
            if (errno == EINTR) continue;
            return 0;
        }
        b += r;
        n -= (size_t)r;
    }
    return 1;
}

/* ---- fork registry ----------------------------------------------------- */
static pthread_mutex_t g_reg_mu = PTHREAD_MUTEX_INITIALIZER;
static f25519_pool *g_pools; /* every live provider context, via its pool */
static pthread_once_t g_atfork_once = PTHREAD_ONCE_INIT;

/* Discard the parent's keys in a child (pool mutex held or single-threaded). */
static void pool_forget_locked(f25519_pool *pool)
{
    if (pool->cap) {
        f25519_secure_wipe(pool->priv, (size_t)pool->cap * 32);
        f25519_secure_wipe(pool->pub, (size_t)pool->cap * 32);
    }
    pool->count = 0;
    pool->thread_running = 0; /* threads do not survive fork */
    pool->refilling = 0;
    pool->pid = getpid();
}

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
        pool_forget_locked(p);
        pthread_cond_init(&p->wake, NULL); /* no waiter survives fork */
        pthread_mutex_unlock(&p->mu);
        f25519_warmup_atfork_child(&prov->warmup); /* unlocks its mutex */
        for (int i = 0; i < C_COUNT; i++) atomic_store(&prov->counters[i], 0);
        atomic_store(&prov->requests, 0);
        atomic_store(&prov->counters[C_POOL_DISCARDED], discarded);
    }
    pthread_mutex_unlock(&g_reg_mu);
}

static void atfork_install(void) { pthread_atfork(atfork_prepare, atfork_parent, atfork_child); }

void f25519_fork_register(f25519_provctx *prov)
{
    pthread_once(&g_atfork_once, atfork_install);
    pthread_mutex_lock(&g_reg_mu);
    prov->pool.next = g_pools;
    g_pools = &prov->pool;
    pthread_mutex_unlock(&g_reg_mu);
}

void f25519_fork_unregister(f25519_provctx *prov)
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

/* ---- refill thread --------------------------------------------------- */
static void *refill_main(void *arg)
{
    f25519_pool *pool = arg;
    f25519_provctx *prov = pool->prov;
    uint8_t priv[8][32], pub[8][32];

    pthread_mutex_lock(&pool->mu);
    for (;;) {
        while (!pool->stop && pool->count > pool->low_water)
            pthread_cond_wait(&pool->wake, &pool->mu);
        if (pool->stop) break;
        pool->refilling = 1;
        f25519_count(prov, C_POOL_REFILLS);
        while (!pool->stop && pool->count < pool->cap) {
            pthread_mutex_unlock(&pool->mu);
            int ok = os_random(priv, sizeof(priv)) && f25519_x25519_keygen_x8(pub, priv) == F25519_OK;
            pthread_mutex_lock(&pool->mu);
            if (!ok) break; /* requests fall back to single keys; retried at next wake */
            unsigned n = pool->cap - pool->count;
            if (n > 8) n = 8;
            memcpy(pool->priv[pool->count], priv, (size_t)n * 32);
            memcpy(pool->pub[pool->count], pub, (size_t)n * 32);
            pool->count += n;
            f25519_count(prov, C_POOL_BATCHES);
        }
        f25519_secure_wipe(priv, sizeof(priv));
        pool->refilling = 0;
        if (pool->count <= pool->low_water && !pool->stop) {
            /* keygen failed: do not spin; wait for the next request */
            pthread_cond_wait(&pool->wake, &pool->mu);
        }
    }
    pthread_mutex_unlock(&pool->mu);
    f25519_secure_wipe(priv, sizeof(priv));
    return NULL;
}

/* Start a helper thread with every signal blocked, so process-directed
 * signals (nginx, unbound) are never delivered to it. */
int f25519_start_thread(pthread_t *t, void *(*fn)(void *), void *arg)
{
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    int rc = pthread_create(t, NULL, fn, arg);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return rc == 0;
}

/* ---- API --------------------------------------------------------------- */
int f25519_pool_init(f25519_pool *pool, f25519_provctx *prov)
{
    pool->prov = prov;
    pool->cap = prov->cfg.pool_size;
    pool->low_water = prov->cfg.pool_low_water;
    pool->pid = getpid();
    pthread_mutex_init(&pool->mu, NULL);
    pthread_cond_init(&pool->wake, NULL);
    if (pool->cap == 0) return 1;
    pool->priv = calloc(pool->cap, 32);
    pool->pub = calloc(pool->cap, 32);
    if (pool->priv == NULL || pool->pub == NULL) {
        free(pool->priv);
        free(pool->pub);
        return 0;
    }
    return 1;
}

void f25519_pool_cleanup(f25519_pool *pool)
{
    pthread_mutex_lock(&pool->mu);
    int join = pool->thread_running && pool->pid == getpid();
    pool->stop = 1;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->mu);
    if (join) pthread_join(pool->thread, NULL);
    if (pool->cap) {
        f25519_secure_wipe(pool->priv, (size_t)pool->cap * 32);
        f25519_secure_wipe(pool->pub, (size_t)pool->cap * 32);
        free(pool->priv);
        free(pool->pub);
    }
    pool->count = pool->cap = 0;
    pthread_cond_destroy(&pool->wake);
    pthread_mutex_destroy(&pool->mu);
}

int f25519_pool_take(f25519_pool *pool, uint8_t priv[32], uint8_t pub[32])
{
    int hit = 0;
    if (pool->cap == 0) return f25519_x25519_keygen(priv, pub); /* pool disabled */

    pthread_mutex_lock(&pool->mu);
    if (pool->pid != getpid()) pool_forget_locked(pool); /* fork without atfork */
    if (pool->count > 0) {
        unsigned i = --pool->count; /* handed out once: copy, then wipe the slot */
        memcpy(priv, pool->priv[i], 32);
        memcpy(pub, pool->pub[i], 32);
        f25519_secure_wipe(pool->priv[i], 32);
        f25519_secure_wipe(pool->pub[i], 32);
        hit = 1;
    }
    if (pool->count <= pool->low_water && !pool->refilling && !pool->stop) {
        if (!pool->thread_running)
            pool->thread_running = f25519_start_thread(&pool->thread, refill_main, pool);
        else
            pthread_cond_signal(&pool->wake);
    }
    pthread_mutex_unlock(&pool->mu);

    if (hit) {
        f25519_count(pool->prov, C_POOL_HITS);
        return F25519_OK;
    }
    f25519_count(pool->prov, C_POOL_MISSES);
    return f25519_x25519_keygen(priv, pub); /* one key now; never a batch here */
}

unsigned f25519_pool_available(f25519_pool *pool)
{
    pthread_mutex_lock(&pool->mu);
    unsigned n = pool->pid == getpid() ? pool->count : 0;
    pthread_mutex_unlock(&pool->mu);
    return n;
}
