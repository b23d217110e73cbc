/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The operations fast25519 bench times, for each implementation:
 *  fast25519  the public API (keygen draws its secret from the OS RNG, as
 *             a caller's keygen does; sign passes the public key, as
 *             OpenSSL and libsodium keep it next to the seed);
 *  openssl    EVP with contexts reused as `openssl speed` does: keygen on a
 *             reused EVP_PKEY_CTX, derive on a context set up once per peer,
 *             sign/verify on a reused EVP_MD_CTX re-initialised per call
 *             with the key it already holds (EVP_DigestSignInit(ctx, NULL,
 *             NULL, NULL, NULL), as openssl speed does);
 *  libsodium  crypto_scalarmult_base / crypto_scalarmult /
 *             crypto_sign_seed_keypair / crypto_sign_detached /
 *             crypto_sign_verify_detached (no RNG in its keygen rows).
 * Inputs are fixed per run (random at start-up); messages are 32 bytes.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_setaffinity */
#endif
#if defined(__linux__)
#include <sched.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include "bench.h"
#include "fast25519.h"
#if F25519_HAVE_SODIUM
#include <sodium.h>
#endif

const char *const bench_op_names[OP_COUNT] = {
    "x25519_keygen", "x25519_derive", "ed25519_keygen", "ed25519_sign",
    "ed25519_verify", "x25519_keygen_x8", "x25519_derive_x8",
    "ed25519_verify_batch8", "ed25519_verify_batch64", "ed25519_verify_batch1024",
    "ed25519_verify_batch1024_mt", "ed25519_verify_batch64_zip215", "ed25519_verify_batch1024_zip215",
    "ed25519_verify_batch1024_zip215_mt", "ed25519_verify_batch1024_mt_pool",
    "ed25519_verify_batch1024_zip215_mt_pool",
};
const int bench_op_lanes[OP_COUNT] = {1, 1, 1, 1, 1, 8, 8, 8, 64, 1024, 1024, 64, 1024, 1024, 1024, 1024};

#define VB_N 1024 /* batch inputs: VB_N signatures by VB_N keys on 32-byte messages */

struct bench_state {
    /* fixed inputs */
    uint8_t x_priv[32], x_peer_pub[32], ed_seed[32], ed_pub[32], msg[32], sig[64];
    uint8_t x8_priv[8][32], x8_peer[8][32];
    /* outputs (kept so that no call is optimised away) */
    uint8_t out_a[32], out_b[32], out_sig[64], out8[8][32];
    int status8[8];
    /* batch verification inputs */
    uint8_t (*vb_pub)[32], (*vb_msg)[32], (*vb_sig)[64];
    const uint8_t **vb_ppub, **vb_pmsg, **vb_psig;
    size_t *vb_len;
    int *vb_status;
    f25519_verify_pool *vb_pool; /* the _mt_pool rows' helpers (made at their first call) */
    /* OpenSSL */
    EVP_PKEY_CTX *o_xgen, *o_edgen, *o_derive;
    EVP_PKEY *o_xkey, *o_xpeer, *o_edkey;
    EVP_MD_CTX *o_sign, *o_verify;
#if F25519_HAVE_SODIUM
    uint8_t na_sk[64], na_pk[32];
#endif
};

int bench_have_sodium(void)
{
#if F25519_HAVE_SODIUM
    return 1;
#else
    return 0;
#endif
}

static void fill_random(void *p, size_t n)
{
    /* Benchmark inputs only (they protect nothing). */
    uint8_t *b = p;
    FILE *f = fopen("/dev/urandom", "rb");
    if (!f || fread(b, 1, n, f) != n) {
        for (size_t i = 0; i < n; i++) b[i] = (uint8_t)(rand() >> 7);
    }
    if (f) fclose(f);
}

bench_state *bench_state_new(void)
{
    bench_state *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    uint8_t peer_priv[32];
    fill_random(s->x_priv, 32);
    fill_random(peer_priv, 32);
    fill_random(s->ed_seed, 32);
    fill_random(s->msg, 32);
    fill_random(s->x8_priv, sizeof s->x8_priv);
    fill_random(s->x8_peer, sizeof s->x8_peer);
    for (int i = 0; i < 8; i++) s->x8_peer[i][31] &= 0x7f;

    /* Reference public values from OpenSSL (works before any fast25519 path does). */
    size_t len = 32;
    EVP_PKEY *pp = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, peer_priv, 32);
    s->o_xkey = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, s->x_priv, 32);
    s->o_edkey = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, s->ed_seed, 32);
    if (!pp || !s->o_xkey || !s->o_edkey || !EVP_PKEY_get_raw_public_key(pp, s->x_peer_pub, &len) ||
        (len = 32, !EVP_PKEY_get_raw_public_key(s->o_edkey, s->ed_pub, &len)))
        goto fail;
    s->o_xpeer = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, s->x_peer_pub, 32);
    s->o_xgen = EVP_PKEY_CTX_new_id(EVP_PKEY_X25519, NULL);
    s->o_edgen = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, NULL);
    s->o_derive = EVP_PKEY_CTX_new(s->o_xkey, NULL);
    s->o_sign = EVP_MD_CTX_new();
    s->o_verify = EVP_MD_CTX_new();
    if (!s->o_xpeer || !s->o_xgen || !s->o_edgen || !s->o_derive || !s->o_sign || !s->o_verify ||
        EVP_PKEY_keygen_init(s->o_xgen) <= 0 || EVP_PKEY_keygen_init(s->o_edgen) <= 0 ||
        EVP_PKEY_derive_init(s->o_derive) <= 0 || EVP_PKEY_derive_set_peer(s->o_derive, s->o_xpeer) <= 0 ||
        EVP_DigestSignInit(s->o_sign, NULL, NULL, NULL, s->o_edkey) <= 0 ||
        EVP_DigestVerifyInit(s->o_verify, NULL, NULL, NULL, s->o_edkey) <= 0)
        goto fail;
    len = 64;
    if (EVP_DigestSign(s->o_sign, s->sig, &len, s->msg, 32) <= 0 || len != 64) goto fail;
    EVP_PKEY_free(pp);
    pp = NULL;
    s->vb_pub = malloc(VB_N * 32), s->vb_msg = malloc(VB_N * 32), s->vb_sig = malloc(VB_N * 64);
    s->vb_ppub = malloc(VB_N * sizeof(void *)), s->vb_pmsg = malloc(VB_N * sizeof(void *));
    s->vb_psig = malloc(VB_N * sizeof(void *)), s->vb_len = malloc(VB_N * sizeof(size_t));
    s->vb_status = malloc(VB_N * sizeof(int));
    if (!s->vb_pub || !s->vb_msg || !s->vb_sig || !s->vb_ppub || !s->vb_pmsg || !s->vb_psig || !s->vb_len ||
        !s->vb_status)
        goto fail;
    for (int i = 0; i < VB_N; i++) {
        uint8_t seed[32];
        fill_random(seed, 32);
        fill_random(s->vb_msg[i], 32);
        EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
        EVP_MD_CTX *mc = EVP_MD_CTX_new(); /* a fresh context per key */
        size_t l = 32, l64 = 64;
        int ok = k && mc && EVP_PKEY_get_raw_public_key(k, s->vb_pub[i], &l) > 0 &&
                 EVP_DigestSignInit(mc, NULL, NULL, NULL, k) > 0 &&
                 EVP_DigestSign(mc, s->vb_sig[i], &l64, s->vb_msg[i], 32) > 0;
        EVP_MD_CTX_free(mc);
        EVP_PKEY_free(k);
        if (!ok) goto fail;
        s->vb_ppub[i] = s->vb_pub[i], s->vb_pmsg[i] = s->vb_msg[i], s->vb_psig[i] = s->vb_sig[i];
        s->vb_len[i] = 32;
    }
#if F25519_HAVE_SODIUM
    if (sodium_init() < 0) goto fail;
    crypto_sign_seed_keypair(s->na_pk, s->na_sk, s->ed_seed);
#endif
    return s;
fail:
    EVP_PKEY_free(pp);
    bench_state_free(s);
    return NULL;
}

void bench_state_free(bench_state *s)
{
    if (!s) return;
    EVP_PKEY_CTX_free(s->o_xgen);
    EVP_PKEY_CTX_free(s->o_edgen);
    EVP_PKEY_CTX_free(s->o_derive);
    EVP_PKEY_free(s->o_xkey);
    EVP_PKEY_free(s->o_xpeer);
    EVP_PKEY_free(s->o_edkey);
    EVP_MD_CTX_free(s->o_sign);
    EVP_MD_CTX_free(s->o_verify);
    free(s->vb_pub), free(s->vb_msg), free(s->vb_sig), free(s->vb_ppub), free(s->vb_pmsg), free(s->vb_psig);
    free(s->vb_len), free(s->vb_status);
    f25519_verify_pool_free(s->vb_pool);
    free(s);
}

/* The _mt rows (threads = 0): the bench pins itself to one CPU, and threads
 * inherit the affinity of their creator, so the call runs with the affinity
 * widened to every CPU (restored after; two syscalls against a call of
 * milliseconds). pool: through s->vb_pool (every CPU; made at the first
 * such call, with the affinity widened, and kept). */
static int run_batch(bench_state *s, size_t n, int mode, unsigned threads, int pool)
{
#if defined(__linux__)
    cpu_set_t saved, all;
    int widen = threads == 0 && sched_getaffinity(0, sizeof saved, &saved) == 0;
    if (widen) {
        CPU_ZERO(&all);
        for (int c = 0; c < CPU_SETSIZE; c++) CPU_SET(c, &all);
        widen = sched_setaffinity(0, sizeof all, &all) == 0;
    }
#endif
    if (pool && !s->vb_pool) s->vb_pool = f25519_verify_pool_new(0);
    int rc = pool ? (s->vb_pool ? f25519_ed25519_verify_batch_pool(s->vb_pool, n, s->vb_psig, s->vb_pmsg, s->vb_len,
                                                                   s->vb_ppub, mode, s->vb_status)
                                : -1)
                  : f25519_ed25519_verify_batch(n, s->vb_psig, s->vb_pmsg, s->vb_len, s->vb_ppub, mode, threads,
                                                s->vb_status);
#if defined(__linux__)
    if (widen) sched_setaffinity(0, sizeof saved, &saved);
#endif
    return rc;
}

static int run_fast(bench_state *s, int op)
{
    switch (op) {
    case OP_ED_VBATCH8: return run_batch(s, 8, F25519_VERIFY_OPENSSL, 1, 0);
    case OP_ED_VBATCH64: return run_batch(s, 64, F25519_VERIFY_OPENSSL, 1, 0);
    case OP_ED_VBATCH1024: return run_batch(s, 1024, F25519_VERIFY_OPENSSL, 1, 0);
    case OP_ED_VBATCH1024_MT: return run_batch(s, 1024, F25519_VERIFY_OPENSSL, 0, 0);
    case OP_ED_VBATCH64_ZIP215: return run_batch(s, 64, F25519_VERIFY_ZIP215, 1, 0);
    case OP_ED_VBATCH1024_ZIP215: return run_batch(s, 1024, F25519_VERIFY_ZIP215, 1, 0);
    case OP_ED_VBATCH1024_ZIP215_MT: return run_batch(s, 1024, F25519_VERIFY_ZIP215, 0, 0);
    case OP_ED_VBATCH1024_MT_POOL: return run_batch(s, 1024, F25519_VERIFY_OPENSSL, 0, 1);
    case OP_ED_VBATCH1024_ZIP215_MT_POOL: return run_batch(s, 1024, F25519_VERIFY_ZIP215, 0, 1);
    case OP_X_KEYGEN: return f25519_x25519_keygen(s->out_a, s->out_b);
    case OP_X_DERIVE: return f25519_x25519_derive(s->out_a, s->x_priv, s->x_peer_pub, 32);
    case OP_ED_KEYGEN: return f25519_ed25519_keygen(s->out_a, s->out_b);
    case OP_ED_SIGN: return f25519_ed25519_sign(s->out_sig, s->msg, 32, s->ed_seed, s->ed_pub);
    case OP_ED_VERIFY:
        return f25519_ed25519_verify(s->sig, 64, s->msg, 32, s->ed_pub, 32, F25519_VERIFY_OPENSSL);
    case OP_X_KEYGEN_X8: return f25519_x25519_keygen_x8(s->out8, (const uint8_t(*)[32])s->x8_priv);
    case OP_X_DERIVE_X8:
        return f25519_x25519_derive_x8(s->out8, (const uint8_t(*)[32])s->x8_priv,
                                       (const uint8_t(*)[32])s->x8_peer, s->status8);
    }
    return -1;
}

static int run_openssl(bench_state *s, int op)
{
    EVP_PKEY *k = NULL;
    size_t len;
    switch (op) {
    case OP_X_KEYGEN:
    case OP_ED_KEYGEN:
        if (EVP_PKEY_keygen(op == OP_X_KEYGEN ? s->o_xgen : s->o_edgen, &k) <= 0) return -1;
        EVP_PKEY_free(k);
        return 0;
    case OP_X_DERIVE:
        len = 32;
        return EVP_PKEY_derive(s->o_derive, s->out_a, &len) > 0 ? 0 : -1;
    case OP_ED_SIGN:
        len = 64;
        if (EVP_DigestSignInit(s->o_sign, NULL, NULL, NULL, NULL) <= 0) return -1;
        return EVP_DigestSign(s->o_sign, s->out_sig, &len, s->msg, 32) > 0 ? 0 : -1;
    case OP_ED_VERIFY:
        if (EVP_DigestVerifyInit(s->o_verify, NULL, NULL, NULL, NULL) <= 0) return -1;
        return EVP_DigestVerify(s->o_verify, s->sig, 64, s->msg, 32) == 1 ? 0 : -1;
    }
    return -1; /* no batch API */
}

static int run_sodium(bench_state *s, int op)
{
#if F25519_HAVE_SODIUM
    switch (op) {
    case OP_X_KEYGEN: return crypto_scalarmult_base(s->out_a, s->x_priv);
    case OP_X_DERIVE: return crypto_scalarmult(s->out_a, s->x_priv, s->x_peer_pub);
    case OP_ED_KEYGEN: return crypto_sign_seed_keypair(s->out_b, s->out_sig, s->ed_seed);
    case OP_ED_SIGN: return crypto_sign_detached(s->out_sig, NULL, s->msg, 32, s->na_sk);
    case OP_ED_VERIFY: return crypto_sign_verify_detached(s->sig, s->msg, 32, s->na_pk);
    }
#endif
    return -1;
}

int bench_run(bench_state *s, int impl, int op)
{
    switch (impl) {
    case IMPL_FAST: return run_fast(s, op) == F25519_OK ? 0 : -1;
    case IMPL_OPENSSL: return run_openssl(s, op);
    case IMPL_SODIUM: return run_sodium(s, op) == 0 ? 0 : -1;
    }
    return -1;
}

/* Reference X25519 via OpenSSL (for the checks). */
static int ossl_x25519(uint8_t out[32], const uint8_t priv[32], const uint8_t *peer)
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, priv, 32);
    EVP_PKEY *p = peer ? EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer, 32) : NULL;
    EVP_PKEY_CTX *c = p ? EVP_PKEY_CTX_new(k, NULL) : NULL;
    size_t len = 32;
    int ok = k && (peer ? c && EVP_PKEY_derive_init(c) > 0 && EVP_PKEY_derive_set_peer(c, p) > 0 &&
                              EVP_PKEY_derive(c, out, &len) > 0
                        : EVP_PKEY_get_raw_public_key(k, out, &len) > 0);
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(p);
    EVP_PKEY_free(k);
    return ok ? 0 : -1;
}

const char *bench_check(bench_state *s, int impl, int op)
{
    uint8_t ref[32];
    if (bench_run(s, impl, op) != 0) return "call failed";
    if (impl != IMPL_FAST) return NULL; /* the peers are the reference */
    switch (op) {
    case OP_X_KEYGEN:
        if (ossl_x25519(ref, s->out_a, NULL) || memcmp(ref, s->out_b, 32)) return "wrong public key";
        break;
    case OP_ED_KEYGEN: {
        EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, s->out_a, 32);
        size_t len = 32;
        int bad = !k || EVP_PKEY_get_raw_public_key(k, ref, &len) <= 0 || memcmp(ref, s->out_b, 32);
        EVP_PKEY_free(k);
        if (bad) return "wrong public key";
        break;
    }
    case OP_X_DERIVE:
        if (ossl_x25519(ref, s->x_priv, s->x_peer_pub) || memcmp(ref, s->out_a, 32)) return "wrong shared secret";
        break;
    case OP_ED_SIGN:
        if (memcmp(s->out_sig, s->sig, 64)) return "signature differs from OpenSSL's";
        break;
    case OP_ED_VERIFY:
    case OP_ED_VBATCH8: case OP_ED_VBATCH64: case OP_ED_VBATCH1024: case OP_ED_VBATCH1024_MT:
    case OP_ED_VBATCH64_ZIP215: case OP_ED_VBATCH1024_ZIP215: case OP_ED_VBATCH1024_ZIP215_MT:
    case OP_ED_VBATCH1024_MT_POOL: case OP_ED_VBATCH1024_ZIP215_MT_POOL:
        break; /* bench_run succeeded: OpenSSL's signatures verified (every status F25519_OK) */
    case OP_X_KEYGEN_X8:
    case OP_X_DERIVE_X8:
        for (int i = 0; i < 8; i++) {
            if (ossl_x25519(ref, s->x8_priv[i], op == OP_X_DERIVE_X8 ? s->x8_peer[i] : NULL) ||
                memcmp(ref, s->out8[i], 32))
                return "wrong output in a lane";
        }
        break;
    }
    return NULL;
}
