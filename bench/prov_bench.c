/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Benchmark (not a test): the EVP call sequences libssl makes per TLS 1.3
 * handshake, through fast25519 (loaded by configuration, as applications
 * do) and through the default provider, in the same run. Prints the median
 * and mean wall time per operation and the ratio default/fast25519.
 *   X25519 keygen : EVP_PKEY_CTX_new_from_name + keygen_init + keygen + free
 *                   (fast25519 with its pool, and with pool_size = 0)
 *   X25519 derive : EVP_PKEY_CTX_new_from_pkey + derive_init + set_peer + derive
 *   Ed25519 sign / verify : EVP_DigestSignInit_ex + EVP_DigestSign (130-byte
 *                   message, the size of a TLS 1.3 CertificateVerify input)
 * Run pinned: taskset -c 1 prov_bench [iterations]. With one CPU the pool's
 * refill thread shares the core: its cost shows in the mean, not the median.
 */
#include <time.h>
#include "provtest.h"

static uint64_t ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

typedef struct { double median, mean; } stat_t;
static stat_t summarize(uint64_t *t, int n)
{
    stat_t s = {0, 0};
    for (int i = 0; i < n; i++) s.mean += (double)t[i];
    s.mean /= n;
    qsort(t, (size_t)n, sizeof(*t), cmp_u64);
    s.median = (double)t[n / 2];
    return s;
}

static EVP_PKEY *keygen(OSSL_LIB_CTX *ctx, const char *alg)
{
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(ctx, alg, NULL);
    if (pc == NULL || EVP_PKEY_keygen_init(pc) <= 0 || EVP_PKEY_keygen(pc, &k) <= 0) {
        fprintf(stderr, "keygen %s failed\n", alg);
        exit(1);
    }
    EVP_PKEY_CTX_free(pc);
    return k;
}

static unsigned char g_msg[130], g_sig[64];

static void op(int which, OSSL_LIB_CTX *ctx, EVP_PKEY *mine, EVP_PKEY *peer)
{
    if (which == 0) {
        EVP_PKEY_free(keygen(ctx, "X25519"));
    } else if (which == 1) {
        unsigned char out[32];
        size_t len = 32;
        EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_pkey(ctx, mine, NULL);
        if (EVP_PKEY_derive_init(pc) <= 0 || EVP_PKEY_derive_set_peer(pc, peer) <= 0
            || EVP_PKEY_derive(pc, out, &len) <= 0)
            exit(1);
        EVP_PKEY_CTX_free(pc);
    } else {
        size_t len = 64;
        EVP_MD_CTX *mc = EVP_MD_CTX_new();
        int ok = which == 2
                     ? EVP_DigestSignInit_ex(mc, NULL, NULL, ctx, NULL, mine, NULL) > 0
                           && EVP_DigestSign(mc, g_sig, &len, g_msg, sizeof(g_msg)) > 0
                     : EVP_DigestVerifyInit_ex(mc, NULL, NULL, ctx, NULL, mine, NULL) > 0
                           && EVP_DigestVerify(mc, g_sig, 64, g_msg, sizeof(g_msg)) == 1;
        if (!ok) exit(1);
        EVP_MD_CTX_free(mc);
    }
}

static stat_t run(int which, OSSL_LIB_CTX *ctx, EVP_PKEY *mine, EVP_PKEY *peer, int n, uint64_t *t)
{
    for (int i = 0; i < n / 10; i++) op(which, ctx, mine, peer); /* warm */
    for (int i = 0; i < n; i++) {
        uint64_t a = ns();
        op(which, ctx, mine, peer);
        t[i] = ns() - a;
    }
    return summarize(t, n);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    if (n < 10) n = 10;
    uint64_t *t = malloc(sizeof(uint64_t) * (size_t)n);
    OSSL_PROVIDER *prov, *prov0;
    OSSL_LIB_CTX *ours = provtest_ctx(NULL, &prov);
    OSSL_LIB_CTX *nopool = provtest_ctx("pool_size = 0\n", &prov0);
    OSSL_LIB_CTX *def = OSSL_LIB_CTX_new();
    for (size_t i = 0; i < sizeof(g_msg); i++) g_msg[i] = (unsigned char)(i < 64 ? 0x20 : i);

    /* Keys made by the default provider; libcrypto exports them into ours. */
    EVP_PKEY *xa = keygen(def, "X25519"), *xb = keygen(def, "X25519");
    EVP_PKEY *ed = keygen(def, "ED25519");
    {   /* a valid signature for the verify runs */
        size_t len = 64;
        EVP_MD_CTX *mc = EVP_MD_CTX_new();
        EVP_DigestSignInit_ex(mc, NULL, NULL, def, NULL, ed, NULL);
        EVP_DigestSign(mc, g_sig, &len, g_msg, sizeof(g_msg));
        EVP_MD_CTX_free(mc);
    }
    printf("fast25519 provider [%s] vs default provider (OpenSSL %s), %d runs each, wall ns/op\n",
           prov_backend(prov), OpenSSL_version(OPENSSL_VERSION_STRING), n);
    printf("%-26s %12s %12s %12s %12s %8s\n", "operation", "ours median", "ours mean",
           "dflt median", "dflt mean", "ratio");
    const char *names[] = {"X25519 keygen (pool)", "X25519 derive", "Ed25519 sign", "Ed25519 verify"};
    for (int w = 0; w < 4; w++) {
        EVP_PKEY *mine = w == 1 ? xa : ed, *peer = xb;
        stat_t d = run(w, def, mine, peer, n, t);
        stat_t o = run(w, ours, mine, peer, n, t);
        printf("%-26s %12.0f %12.0f %12.0f %12.0f %7.2fx\n", names[w], o.median, o.mean, d.median,
               d.mean, d.median / o.median);
        if (w == 0) {
            stat_t z = run(0, nopool, NULL, NULL, n, t);
            printf("%-26s %12.0f %12.0f %12.0f %12.0f %7.2fx\n", "X25519 keygen (no pool)", z.median,
                   z.mean, d.median, d.mean, d.median / z.median);
        }
    }
    printf("pool: hits %llu misses %llu refills %llu batches %llu\n",
           (unsigned long long)counter(prov, "pool_hits"), (unsigned long long)counter(prov, "pool_misses"),
           (unsigned long long)counter(prov, "pool_refills"),
           (unsigned long long)counter(prov, "pool_batches"));
    EVP_PKEY_free(xa);
    EVP_PKEY_free(xb);
    EVP_PKEY_free(ed);
    OSSL_PROVIDER_unload(prov);
    OSSL_PROVIDER_unload(prov0);
    OSSL_LIB_CTX_free(ours);
    OSSL_LIB_CTX_free(nopool);
    OSSL_LIB_CTX_free(def);
    free(t);
    return 0;
}
