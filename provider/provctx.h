/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519 OpenSSL 3 provider: the provider context and what it holds
 * (configuration, counters, the X25519 key pool, the warm-up helper).
 * Types only, plus the inline counter bump; the code that works on each
 * part is in its own file (pool.c, warmup.c, lifecycle.c, stats.c).
 */
#ifndef F25519_PROVCTX_H
#define F25519_PROVCTX_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/types.h>
#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include "fast25519.h"

#define F25519_PROV_NAME "fast25519"
#define F25519_PROV_VERSION F25519_VERSION_STRING /* the library's, from fast25519.h */
#define F25519_PROV_PROPS "provider=fast25519"

/* ---- counters (names and reporting in stats.c) ---------------------- */
enum f25519_counter {
    C_X25519_KEYGEN, C_X25519_DERIVE, C_ED25519_KEYGEN, C_ED25519_SIGN, C_ED25519_VERIFY,
    C_POOL_HITS, C_POOL_MISSES, C_POOL_REFILLS, C_POOL_BATCHES, C_POOL_DISCARDED,
    C_WARMUP_TICKS, C_WARMUP_WAKEUPS,
    C_COUNT
};

/* ---- configuration (prov.c reads it from the openssl.cnf section) --- */
enum { WARMUP_OFF = 0, WARMUP_ON = 1, WARMUP_AUTO = 2 };

typedef struct f25519_config {
    unsigned pool_size;          /* keys kept ready; multiple of 8; 0 = no pool */
    unsigned pool_low_water;     /* wake the refill thread at or below this */
    int warmup;                  /* WARMUP_* */
    unsigned warmup_interval_us; /* period of the warm-up burst (ENG25519 eq. 9: T) */
    unsigned warmup_window_ms;   /* rate measurement window for auto */
    unsigned warmup_low_rate;    /* ops/s: below = low load, no warm-up */
    unsigned warmup_high_rate;   /* ops/s: at or above = high load, no warm-up */
    int tls_min_version;         /* TLS-GROUP min TLS (0x0301 .. 0x0304) */
} f25519_config;

/* ---- X25519 key pool (pool.c; its thread: lifecycle.c) ---------------- */
typedef struct f25519_pool {
    pthread_mutex_t mu;
    pthread_cond_t wake;         /* refill thread waits here */
    uint8_t (*priv)[32];         /* cap entries; [0, count) are ready */
    uint8_t (*pub)[32];
    unsigned cap, count, low_water;
    pid_t pid;                   /* process that owns the queued keys */
    int thread_running, stop, refilling;
    pthread_t thread;
    struct f25519_provctx *prov;
    struct f25519_pool *next;    /* registry for the fork handler (lifecycle.c) */
} f25519_pool;

/* ---- warm-up helper (warmup.c; its thread: lifecycle.c) --------------- */
typedef struct f25519_warmup {
    pthread_mutex_t mu;
    pthread_cond_t wake;
    int mode, running, stop;
    pid_t pid;
    pthread_t thread;
    _Atomic int started;         /* fast-path flag: thread already started */
    int band;                    /* last ENG25519 eq. 9 band: -1 low, 0 medium, 1 high */
    struct f25519_provctx *prov;
} f25519_warmup;

/* ---- the provider context ------------------------------------------ */
typedef struct f25519_provctx {
    const OSSL_CORE_HANDLE *handle;
    OSSL_FUNC_core_new_error_fn *c_new_error;
    OSSL_FUNC_core_set_error_debug_fn *c_set_error_debug;
    OSSL_FUNC_core_vset_error_fn *c_vset_error;
    f25519_config cfg;
    int core_major, core_minor;  /* OpenSSL version of the loading libcrypto */
    _Atomic uint64_t counters[C_COUNT];
    _Atomic uint64_t requests;   /* all operations served (auto warm-up rate) */
    f25519_pool pool;
    f25519_warmup warmup;
} f25519_provctx;

static inline void f25519_count(f25519_provctx *p, enum f25519_counter c)
{
    atomic_fetch_add_explicit(&p->counters[c], 1, memory_order_relaxed);
}
#endif
