/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Thread and fork lifecycle of the provider (lifecycle.c): the pool refill
 * and warm-up threads are started lazily from the request path, stopped at
 * teardown, and forgotten in a fork child.
 */
#ifndef F25519_PROV_LIFECYCLE_H
#define F25519_PROV_LIFECYCLE_H

#include <stdint.h>
#include "provctx.h"

/* Provider init: pool and warm-up state, fork registry. 1 = ok. */
int f25519_lifecycle_init(f25519_provctx *prov);
/* Provider teardown: leave the fork registry, stop and join both threads,
 * wipe the pool. */
void f25519_lifecycle_teardown(f25519_provctx *prov);

/* One X25519 key pair: from the pool (starting or waking its refill thread
 * at the low-water mark), or generated on the spot if empty. F25519_* code. */
int f25519_x25519_keypair(f25519_provctx *prov, uint8_t priv[32], uint8_t pub[32]);
/* Count an operation served on the request path (feeds the auto warm-up,
 * whose thread it starts on first use). */
void f25519_op(f25519_provctx *prov, enum f25519_counter c);
#endif
