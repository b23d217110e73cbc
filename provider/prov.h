/*
 * fast25519 OpenSSL 3 provider: internal declarations shared by the
 * per-operation files (prov.c, kmgmt.c, keyexch.c, signature.c,
 * capabilities.c, pool.c, warmup.c, stats.c).
 */
#ifndef F25519_PROV_H
#define F25519_PROV_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include "helpers.h"
#include "keys.h"
#include "provctx.h"

extern const char *const f25519_counter_names[C_COUNT];

/* ---- dispatch tables ------------------------------------------------ */
extern const OSSL_DISPATCH f25519_x25519_keymgmt_functions[];
extern const OSSL_DISPATCH f25519_ed25519_keymgmt_functions[];
extern const OSSL_DISPATCH f25519_x25519_keyexch_functions[];
extern const OSSL_DISPATCH f25519_ed25519_signature_functions[];   /* 3.0-3.3 */
extern const OSSL_DISPATCH f25519_ed25519_signature34_functions[]; /* 3.4+ */
extern const OSSL_DISPATCH f25519_ed25519ph_signature_functions[];
extern const OSSL_DISPATCH f25519_ed25519ctx_signature_functions[];

int f25519_get_capabilities(void *provctx, const char *capability,
                            OSSL_CALLBACK *cb, void *arg);

/* Count an operation served on the request path (feeds the auto warm-up). */
void f25519_op(f25519_provctx *p, enum f25519_counter c);

/* pool.c */
int f25519_pool_init(f25519_pool *pool, f25519_provctx *prov);
void f25519_pool_cleanup(f25519_pool *pool);
/* One X25519 key pair: from the pool, or generated on the spot if empty. */
int f25519_pool_take(f25519_pool *pool, uint8_t priv[32], uint8_t pub[32]);
unsigned f25519_pool_available(f25519_pool *pool);

/* warmup.c */
void f25519_warmup_init(f25519_warmup *w, f25519_provctx *prov);
void f25519_warmup_kick(f25519_warmup *w); /* lazy start, cheap when running */
void f25519_warmup_cleanup(f25519_warmup *w);
void f25519_warmup_atfork_child(f25519_warmup *w); /* mutex held by the forking thread */
int f25519_warmup_burst(void);             /* 1 if a vector burst ran */

/* stats.c */
void f25519_stats_write(f25519_provctx *prov);
int f25519_stats_get_params(f25519_provctx *prov, OSSL_PARAM params[]);
extern const OSSL_PARAM f25519_stats_gettable[];

/* fork registry (pool.c): child handler wipes queued keys, resets counters. */
void f25519_fork_register(f25519_provctx *prov);
void f25519_fork_unregister(f25519_provctx *prov);

/* Helper thread with every signal blocked (pool.c). 1 = started. */
int f25519_start_thread(pthread_t *t, void *(*fn)(void *), void *arg);

#endif
