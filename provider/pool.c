/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X25519 key pool (the BATCH_STORE of Zhang et al., ENG25519, sec. 4.1;
 * docs/references.md; done off the request path):
 *  - key pairs are made 8 at a time by f25519_x25519_keygen_x8 from 256
 *    bytes of the OS random source, by a background thread that sleeps
 *    until the pool falls to the low-water mark, then refills it to full;
 *  - a request takes one key pair (copied out, slot wiped) under a mutex:
 *    a key is handed out once; if the pool is empty the request makes a
 *    single key on the spot (counted as pool_misses), it never runs a batch
 *    (lifecycle.c: f25519_x25519_keypair, which also starts the thread);
 *  - fork: the child wipes and discards every queued key (lifecycle.c's
 *    atfork child handler, and a pid check here for forks that bypass it),
 *    so a child never hands out its parent's keys.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "fast25519.h"
#include "helpers.h"
#include "pool.h"

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

void f25519_pool_free(f25519_pool *pool)
{
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

void f25519_pool_forget_locked(f25519_pool *pool)
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

int f25519_pool_take_locked(f25519_pool *pool, uint8_t priv[32], uint8_t pub[32])
{
    if (pool->pid != getpid()) f25519_pool_forget_locked(pool); /* fork without atfork */
    if (pool->count == 0) return 0;
    unsigned i = --pool->count; /* handed out once: copy, then wipe the slot */
    memcpy(priv, pool->priv[i], 32);
    memcpy(pub, pool->pub[i], 32);
    f25519_secure_wipe(pool->priv[i], 32);
    f25519_secure_wipe(pool->pub[i], 32);
    return 1;
}

int f25519_pool_wants_refill_locked(const f25519_pool *pool)
{
    return pool->count <= pool->low_water && !pool->refilling && !pool->stop;
}

void *f25519_pool_refill_main(void *arg)
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
            int ok = f25519_randombytes(priv, sizeof(priv)) == F25519_OK
                     && f25519_x25519_keygen_x8(pub, priv) == F25519_OK;
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

unsigned f25519_pool_available(f25519_pool *pool)
{
    pthread_mutex_lock(&pool->mu);
    unsigned n = pool->pid == getpid() ? pool->count : 0;
    pthread_mutex_unlock(&pool->mu);
    return n;
}
