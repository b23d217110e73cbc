/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The warm-up helper (warmup.c): the AVX-512 burst and the thread body
 * that paces it (Zhang et al., ENG25519, eq. 9; docs/references.md).
 * Starting and stopping the thread, and the fork handling, are
 * lifecycle.c's.
 */
#ifndef F25519_PROV_WARMUP_H
#define F25519_PROV_WARMUP_H

#include "provctx.h"

void f25519_warmup_init(f25519_warmup *w, f25519_provctx *prov);
void f25519_warmup_free(f25519_warmup *w);       /* the thread is already stopped */
/* In a fork child, w->mu held: the parent's thread is gone, restart lazily. */
void f25519_warmup_reset_child_locked(f25519_warmup *w);
/* The warm-up thread's body (arg: the f25519_warmup); returns when w->stop is set. */
void *f25519_warmup_main(void *arg);
int f25519_warmup_burst(void);                   /* 1 if a vector burst ran */
#endif
