/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The X25519 key pool (pool.c): storage, taking a key pair, the refill
 * loop. Starting, waking and stopping its thread, and the fork handling,
 * are lifecycle.c's; the *_locked functions run with pool->mu held.
 */
#ifndef F25519_PROV_POOL_H
#define F25519_PROV_POOL_H

#include <stdint.h>
#include "provctx.h"

/* Storage and synchronisation for prov->cfg.pool_size keys. 1 = ok. */
int f25519_pool_init(f25519_pool *pool, f25519_provctx *prov);
/* Wipe and release everything (the refill thread is already stopped). */
void f25519_pool_free(f25519_pool *pool);

/* One queued key pair, copied out and its slot wiped: 1 = taken, 0 = empty.
 * Discards the queue first if this process is a fork child the atfork
 * handler missed. */
int f25519_pool_take_locked(f25519_pool *pool, uint8_t priv[32], uint8_t pub[32]);
/* 1 if the refill thread should run now (at or below the low-water mark). */
int f25519_pool_wants_refill_locked(const f25519_pool *pool);
/* Wipe and drop the queued keys; forget the thread (a fork child's view). */
void f25519_pool_forget_locked(f25519_pool *pool);

/* The refill thread's body (arg: the pool); returns when pool->stop is set. */
void *f25519_pool_refill_main(void *arg);

/* Keys ready now (0 in a fork child before it refilled). */
unsigned f25519_pool_available(f25519_pool *pool);
#endif
