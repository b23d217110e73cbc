/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The X25519 key pool, through the provider as applications use it
 * (EVP_PKEY_keygen in a libctx configured with pool_size = 64):
 *  1. no refill on the request path: from a full pool, 48 requests are all
 *     served from the pool (pool_misses unchanged) and the pool is refilled
 *     afterwards by the background thread (pool_refills/pool_batches grow);
 *  2. every key is a correct key pair (public = X25519(private, 9), checked
 *     with the default provider) and the counters add up;
 *  3. concurrent threads never receive the same key;
 *  4. fork: the child's queue is empty (parent's keys wiped and discarded)
 *     and the keys the child gets differ from those the parent gets.
 */
#include <pthread.h>
#include <sys/wait.h>
#include <time.h>
#include "provtest.h"

#define POOL 64
#define THREADS 8
#define PER_THREAD 200

typedef struct { unsigned char pub[32], priv[32]; } pair;

static OSSL_LIB_CTX *g_ctx, *g_default;

static int get_pair(EVP_PKEY *k, pair *out)
{
    size_t a = 32, b = 32;
    return k && EVP_PKEY_get_raw_public_key(k, out->pub, &a) && a == 32
           && EVP_PKEY_get_raw_private_key(k, out->priv, &b) && b == 32;
}

static int take(pair *out)
{
    EVP_PKEY *k = x25519_keygen(g_ctx);
    int ok = get_pair(k, out);
    EVP_PKEY_free(k);
    return ok;
}

/* public == X25519(private, 9), computed by the default provider alone */
static int pair_ok(const pair *p)
{
    unsigned char pub[32];
    size_t n = 32;
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key_ex(g_default, "X25519", NULL, p->priv, 32);
    int ok = k && EVP_PKEY_get_raw_public_key(k, pub, &n) && memcmp(pub, p->pub, 32) == 0;
    EVP_PKEY_free(k);
    return ok;
}

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Wait (bounded) until the background thread has filled the pool. */
static int wait_full(OSSL_PROVIDER *prov)
{
    for (int i = 0; i < 10000; i++) {
        if (counter(prov, "pool_available") == POOL) return 1;
        sleep_ms(1);
    }
    fprintf(stderr, "pool state: available %llu hits %llu misses %llu refills %llu batches %llu\n",
            (unsigned long long)counter(prov, "pool_available"),
            (unsigned long long)counter(prov, "pool_hits"),
            (unsigned long long)counter(prov, "pool_misses"),
            (unsigned long long)counter(prov, "pool_refills"),
            (unsigned long long)counter(prov, "pool_batches"));
    return 0;
}

/* Drain the pool to the low-water mark (wakes the refill thread), then wait
 * until it is full again: a known state whatever happened before. */
static int refill_full(OSSL_PROVIDER *prov)
{
    pair p;
    uint64_t r0 = counter(prov, "pool_refills");
    /* Take keys until a refill round has started (it then fills to the top;
     * our last take may land just after it finished: 63 or 64 keys). */
    for (int i = 0; i < 100000 && counter(prov, "pool_refills") == r0; i++)
        if (!take(&p)) return 0;
    for (int i = 0; i < 10000; i++) {
        uint64_t a = counter(prov, "pool_available");
        sleep_ms(20);
        if (a >= POOL - 8 && counter(prov, "pool_available") == a) return (int)a;
    }
    return 0;
}

static int cmp_pub(const void *a, const void *b) { return memcmp(a, b, 32); }

static pair g_thr[THREADS][PER_THREAD];
static int g_thr_fail;
static void *worker(void *arg)
{
    pair *out = arg;
    for (int i = 0; i < PER_THREAD; i++)
        if (!take(&out[i])) __atomic_add_fetch(&g_thr_fail, 1, __ATOMIC_RELAXED);
    return NULL;
}

int main(void)
{
    OSSL_PROVIDER *prov;
    pair p, req[48];
    g_ctx = provtest_ctx("pool_size = 64\npool_low_water = 16\n", &prov);
    g_default = OSSL_LIB_CTX_new(); /* default provider only: the reference */
    CHECK(counter(prov, "pool_size") == POOL, "pool_size from the config");

    /* 1. the first request starts the refill thread; wait for a full pool */
    CHECK(take(&p) && pair_ok(&p), "first key");
    CHECK(wait_full(prov), "pool never filled (available %llu)",
          (unsigned long long)counter(prov, "pool_available"));
    uint64_t miss0 = counter(prov, "pool_misses"), ref0 = counter(prov, "pool_refills");
    uint64_t bat0 = counter(prov, "pool_batches");
    for (int i = 0; i < 48; i++) CHECK(take(&req[i]) && pair_ok(&req[i]), "key %d", i);
    CHECK(counter(prov, "pool_misses") == miss0,
          "requests from a full pool generated keys themselves (misses %llu -> %llu)",
          (unsigned long long)miss0, (unsigned long long)counter(prov, "pool_misses"));
    CHECK(wait_full(prov), "pool not refilled in the background");
    CHECK(counter(prov, "pool_refills") > ref0 && counter(prov, "pool_batches") >= bat0 + 6,
          "background refill not seen (refills %llu, batches %llu)",
          (unsigned long long)counter(prov, "pool_refills"),
          (unsigned long long)counter(prov, "pool_batches"));
    CHECK(counter(prov, "pool_misses") == miss0, "a miss happened during the refill");

    /* 2/3. concurrent threads: all keys distinct, all correct */
    pthread_t th[THREADS];
    for (int t = 0; t < THREADS; t++) pthread_create(&th[t], NULL, worker, g_thr[t]);
    for (int t = 0; t < THREADS; t++) pthread_join(th[t], NULL);
    CHECK(g_thr_fail == 0, "%d thread keygens failed", g_thr_fail);
    size_t total = THREADS * PER_THREAD + 48;
    unsigned char(*all)[32] = malloc(total * 32);
    size_t n = 0;
    for (int t = 0; t < THREADS; t++)
        for (int i = 0; i < PER_THREAD; i++) {
            memcpy(all[n++], g_thr[t][i].pub, 32);
            if (i % 25 == 0) CHECK(pair_ok(&g_thr[t][i]), "thread %d key %d is not a key pair", t, i);
        }
    for (int i = 0; i < 48; i++) memcpy(all[n++], req[i].pub, 32);
    qsort(all, n, 32, cmp_pub);
    size_t dups = 0;
    for (size_t i = 1; i < n; i++) dups += memcmp(all[i - 1], all[i], 32) == 0;
    CHECK(dups == 0, "%zu duplicate keys among %zu handed out", dups, n);
    CHECK(counter(prov, "pool_hits") + counter(prov, "pool_misses") == counter(prov, "x25519_keygen"),
          "hits + misses != keygens");
    printf("threads: %zu keys, %zu duplicates; hits %llu misses %llu refills %llu batches %llu\n", n,
           dups, (unsigned long long)counter(prov, "pool_hits"),
           (unsigned long long)counter(prov, "pool_misses"),
           (unsigned long long)counter(prov, "pool_refills"),
           (unsigned long long)counter(prov, "pool_batches"));

    /* 4. fork with a full pool */
    int queued = refill_full(prov);
    CHECK(queued > 0, "pool not refilled before fork");
    int fds[2];
    if (pipe(fds) != 0) return 1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        int bad = 0;
        if (counter(prov, "pool_available") != 0) bad |= 1;      /* queue wiped */
        if (counter(prov, "pool_discarded") != (uint64_t)queued) bad |= 2; /* all discarded */
        if (counter(prov, "x25519_keygen") != 0) bad |= 4;       /* own counters */
        for (int i = 0; i < POOL; i++) {
            if (!take(&p) || !pair_ok(&p)) bad |= 8;
            if (write(fds[1], p.pub, 32) != 32) bad |= 16;
        }
        close(fds[1]);
        _exit(bad);
    }
    close(fds[1]);
    unsigned char parent[POOL][32], child[POOL][32];
    for (int i = 0; i < POOL; i++) {
        CHECK(take(&p), "parent key %d", i);
        memcpy(parent[i], p.pub, 32);
    }
    size_t got = 0;
    while (got < sizeof(child)) {
        ssize_t r = read(fds[0], (unsigned char *)child + got, sizeof(child) - got);
        if (r <= 0) break;
        got += (size_t)r;
    }
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "child checks failed (code %d: 1 queue "
          "not wiped, 2 discard count, 4 counters not reset, 8 bad key)", WEXITSTATUS(status));
    CHECK(got == sizeof(child), "child sent %zu bytes", got);
    size_t shared = 0;
    for (int i = 0; i < POOL; i++)
        for (int j = 0; j < POOL; j++) shared += memcmp(parent[i], child[j], 32) == 0;
    CHECK(shared == 0, "child received %zu of the parent's keys", shared);
    printf("fork: parent and child took %d keys each, %zu in common\n", POOL, shared);

    free(all);
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(g_ctx);
    OSSL_LIB_CTX_free(g_default);
    printf("%s\n", tu_failures ? "FAILED" : "ok");
    return tu_failures ? 1 : 0;
}
