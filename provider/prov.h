/*
 * fast25519 OpenSSL 3 provider: internal declarations shared by the
 * per-operation files (prov.c, kmgmt.c, keyexch.c, signature.c,
 * capabilities.c, pool.c, warmup.c, stats.c).
 */
#ifndef F25519_PROV_H
#define F25519_PROV_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <openssl/core.h>
#include <openssl/core_dispatch.h>

#define F25519_PROV_NAME "fast25519"
#define F25519_PROV_VERSION "0.1.0"
#define F25519_PROV_PROPS "provider=fast25519"

/* ---- errors (reason codes; strings in prov.c) ----------------------- */
#define F25519_R_BAD_KEY          1 /* key missing, wrong length or wrong type */
#define F25519_R_NO_PRIVATE_KEY   2
#define F25519_R_NO_PUBLIC_KEY    3
#define F25519_R_ZERO_SHARED      4 /* X25519 all-zero shared secret */
#define F25519_R_BUFFER_TOO_SMALL 5
#define F25519_R_DIGEST_NOT_ALLOWED 6 /* Ed25519 takes no digest */
#define F25519_R_LIBRARY          7 /* fast25519 returned an error */
#define F25519_R_BAD_GROUP        8
#define F25519_R_KEY_MISMATCH     9 /* imported public key != public key of the private key */
#define F25519_R_RANDOM          10

/* ---- counters (stats.c) -------------------------------------------- */
enum f25519_counter {
    C_X25519_KEYGEN, C_X25519_DERIVE, C_ED25519_KEYGEN, C_ED25519_SIGN, C_ED25519_VERIFY,
    C_POOL_HITS, C_POOL_MISSES, C_POOL_REFILLS, C_POOL_BATCHES, C_POOL_DISCARDED,
    C_WARMUP_TICKS, C_WARMUP_WAKEUPS,
    C_COUNT
};
extern const char *const f25519_counter_names[C_COUNT];

/* ---- configuration (prov.c reads it from the openssl.cnf section) --- */
enum { WARMUP_OFF = 0, WARMUP_ON = 1, WARMUP_AUTO = 2 };

typedef struct f25519_config {
    unsigned pool_size;          /* keys kept ready; multiple of 8; 0 = no pool */
    unsigned pool_low_water;     /* wake the refill thread at or below this */
    int warmup;                  /* WARMUP_* */
    unsigned warmup_interval_us; /* period of the warm-up burst (eq. 9: T) */
    unsigned warmup_window_ms;   /* rate measurement window for auto */
    unsigned warmup_low_rate;    /* ops/s: below = low load, no warm-up */
    unsigned warmup_high_rate;   /* ops/s: at or above = high load, no warm-up */
    int tls_min_version;         /* TLS-GROUP min TLS (0x0301 .. 0x0304) */
} f25519_config;

/* ---- X25519 key pool (pool.c) --------------------------------------- */
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
    struct f25519_pool *next;    /* registry for the fork handler */
} f25519_pool;

/* ---- warm-up helper (warmup.c) -------------------------------------- */
typedef struct f25519_warmup {
    pthread_mutex_t mu;
    pthread_cond_t wake;
    int mode, running, stop;
    pid_t pid;
    pthread_t thread;
    _Atomic int started;         /* fast-path flag: thread already started */
    int band;                    /* last eq. 9 band: -1 low, 0 medium, 1 high */
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

/* ---- keys (kmgmt.c) -------------------------------------------------- */
enum { F25519_KEY_X25519 = 1, F25519_KEY_ED25519 = 2 };

typedef struct f25519_key {
    _Atomic int refs;
    int type;
    int has_pub, has_priv;
    uint8_t pub[32];
    uint8_t priv[32];            /* X25519 private scalar or Ed25519 seed */
    f25519_provctx *prov;
} f25519_key;

f25519_key *f25519_key_new(f25519_provctx *prov, int type);
int f25519_key_up_ref(f25519_key *k);
void f25519_key_free(f25519_key *k);

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

/* ---- helpers -------------------------------------------------------- */
void f25519_raise(f25519_provctx *prov, const char *file, int line, const char *func, int reason,
                  const char *fmt, ...);
#define PROV_ERR(prov, reason, ...) \
    f25519_raise((prov), __FILE__, __LINE__, __func__, (reason), __VA_ARGS__)

static inline void f25519_count(f25519_provctx *p, enum f25519_counter c)
{
    atomic_fetch_add_explicit(&p->counters[c], 1, memory_order_relaxed);
}
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

void f25519_secure_wipe(void *p, size_t n);
uint64_t f25519_now_ns(void);
#endif
