/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * f25519_differential [COUNT]: fast25519 (backend from FAST25519_BACKEND) against
 * OpenSSL's EVP on COUNT random cases per operation (default 10,000; the slow
 * CTest runs 1,000,000), with 0 mismatches allowed:
 *   x25519 public/keygen, derive (random, real, low-order and non-canonical
 *   peers; OpenSSL's EVP_PKEY_derive also fails on an all-zero secret),
 *   ed25519 public/keygen, sign (messages of 0..4096 bytes: identical
 *   signatures), verify in `openssl` mode (valid signatures and ones with a
 *   flipped bit in R, S, A or the message, S + L, odd A and R encodings:
 *   identical verdicts),
 * plus every Wycheproof/speccheck/ZIP-215 signature and every Wycheproof
 * x25519 case through both. Mismatches print their exact inputs.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/evp.h>
#include <openssl/err.h>
#include "fast25519.h"
#include "testutil.h"

#define MAX_MSG 4096
#define MAX_REPORTS 5

static long mismatches_op;

static void report(const char *op, long i, const char *why, const char *l1, const uint8_t *b1, size_t n1,
                   const char *l2, const uint8_t *b2, size_t n2, const char *l3, const uint8_t *b3, size_t n3,
                   const char *l4, const uint8_t *b4, size_t n4)
{
    mismatches_op++;
    tu_fail("%s case %ld: %s", op, i, why);
    if (mismatches_op > MAX_REPORTS) return;
    if (l1) tu_hex_print(l1, b1, n1);
    if (l2) tu_hex_print(l2, b2, n2);
    if (l3) tu_hex_print(l3, b3, n3);
    if (l4) tu_hex_print(l4, b4, n4);
}

/* ---- OpenSSL side ---- */
static int ossl_pub(int type, uint8_t pub[32], const uint8_t priv[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(type, NULL, priv, 32);
    size_t len = 32;
    int ok = k && EVP_PKEY_get_raw_public_key(k, pub, &len) == 1 && len == 32;
    EVP_PKEY_free(k);
    return ok;
}

static int ossl_derive(uint8_t out[32], const uint8_t priv[32], const uint8_t peer[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, priv, 32);
    EVP_PKEY *p = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer, 32);
    EVP_PKEY_CTX *c = k ? EVP_PKEY_CTX_new(k, NULL) : NULL;
    size_t len = 32;
    int ok = c && p && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer(c, p) == 1 &&
             EVP_PKEY_derive(c, out, &len) == 1 && len == 32;
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(p);
    EVP_PKEY_free(k);
    ERR_clear_error();
    return ok;
}

static int ossl_sign(uint8_t sig[64], const uint8_t *msg, size_t len, const uint8_t seed[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    size_t slen = 64;
    int ok = k && md && EVP_DigestSignInit(md, NULL, NULL, NULL, k) == 1 &&
             EVP_DigestSign(md, sig, &slen, msg, len) == 1 && slen == 64;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(k);
    return ok;
}

/* 1 = valid, 0 = invalid (including a public key OpenSSL refuses to load). */
static int ossl_verify(const uint8_t *sig, size_t slen, const uint8_t *msg, size_t len, const uint8_t *pub,
                       size_t plen)
{
    EVP_PKEY *k = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, plen);
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    int ok = k && md && EVP_DigestVerifyInit(md, NULL, NULL, NULL, k) == 1 &&
             EVP_DigestVerify(md, sig, slen, msg, len) == 1;
    EVP_MD_CTX_free(md);
    EVP_PKEY_free(k);
    ERR_clear_error();
    return ok;
}

/* ---- input generators ---- */
/* Encodings of the 8-torsion points of edwards25519 (y = 1, -1, 0 with both
 * x signs, and the order-8 pair) and some non-canonical y >= p. */
static const char *const odd_points[] = {
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "0100000000000000000000000000000000000000000000000000000000000080",
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
};
static const uint8_t L_bytes[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                    0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                    0, 0, 0, 0, 0, 0, 0x10};

static void add_L(uint8_t s[32])
{
    unsigned c = 0;
    for (int i = 0; i < 32; i++) {
        c += (unsigned)s[i] + L_bytes[i];
        s[i] = (uint8_t)c;
        c >>= 8;
    }
}

static size_t rand_msg_len(void)
{
    /* Mostly short messages (TLS-like), a share of long ones, the ends 0 and 4096. */
    uint32_t r = tu_rand_below(16);
    if (r == 0) return 0;
    if (r == 1) return MAX_MSG;
    if (r < 10) return tu_rand_below(129);
    return tu_rand_below(MAX_MSG + 1);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double t_start;
static void begin(const char *op)
{
    mismatches_op = 0;
    t_start = now();
    printf("  %-16s ", op);
    fflush(stdout);
}
static void end(long n)
{
    tu_checks += n;
    printf("%ld cases, %ld mismatches (%.1f s)\n", n, mismatches_op, now() - t_start);
}

/* ---- operations ---- */
static void diff_x25519_public(long n)
{
    begin("x25519_public");
    for (long i = 0; i < n; i++) {
        uint8_t priv[32], a[32], b[32];
        tu_rand_bytes(priv, 32);
        int rc = f25519_x25519_public(a, priv);
        if (rc != F25519_OK || !ossl_pub(EVP_PKEY_X25519, b, priv) || memcmp(a, b, 32))
            report("x25519_public", i, "public key differs", "priv", priv, 32, "ours", a, 32, "openssl", b, 32,
                   NULL, NULL, 0);
    }
    end(n);
}

static void diff_x25519_keygen(long n)
{
    begin("x25519_keygen");
    for (long i = 0; i < n; i++) {
        uint8_t priv[32], a[32], b[32];
        int rc = f25519_x25519_keygen(priv, a);
        if (rc != F25519_OK || !ossl_pub(EVP_PKEY_X25519, b, priv) || memcmp(a, b, 32))
            report("x25519_keygen", i, "public key differs from OpenSSL's for the same private key", "priv", priv,
                   32, "ours", a, 32, "openssl", b, 32, NULL, NULL, 0);
    }
    end(n);
}

static void gen_peer(uint8_t peer[32], long i)
{
    switch (i % 10) {
    case 0: /* low order, top bit random */
        tu_hex_exact(peer, 32, tu_x25519_low_order[tu_rand_below(TU_X25519_LOW_ORDER_N)], "low-order u");
        peer[31] |= (uint8_t)(tu_rand_below(2) << 7);
        break;
    case 1: { /* non-canonical u in [p, 2^255), top bit random */
        memset(peer, 0xff, 32);
        peer[0] = (uint8_t)(0xed + tu_rand_below(19));
        peer[31] = (uint8_t)(0x7f | (tu_rand_below(2) << 7));
        break;
    }
    case 2: case 3: { /* a real public key */
        uint8_t k[32];
        tu_rand_bytes(k, 32);
        f25519_x25519_public(peer, k);
        break;
    }
    default: tu_rand_bytes(peer, 32); /* random, on the curve or its twist, top bit random */
    }
}

static void diff_x25519_derive(long n)
{
    long zero = 0;
    begin("x25519_derive");
    for (long i = 0; i < n; i++) {
        uint8_t priv[32], peer[32], a[32], b[32];
        tu_rand_bytes(priv, 32);
        gen_peer(peer, i);
        int rc = f25519_x25519_derive(a, priv, peer, 32);
        int ok = ossl_derive(b, priv, peer);
        zero += rc == F25519_ERR_ZERO_SHARED;
        if (ok ? (rc != F25519_OK || memcmp(a, b, 32)) : rc != F25519_ERR_ZERO_SHARED)
            report("x25519_derive", i, ok ? "shared secret differs (or we failed)" : "OpenSSL failed, we did not return ZERO_SHARED",
                   "priv", priv, 32, "peer", peer, 32, "ours", a, 32, "openssl", b, 32);
    }
    printf("(%ld all-zero rejected by both) ", zero);
    end(n);
}

static void diff_ed25519_public(long n)
{
    begin("ed25519_public");
    for (long i = 0; i < n; i++) {
        uint8_t seed[32], a[32], b[32];
        tu_rand_bytes(seed, 32);
        int rc = f25519_ed25519_public(a, seed);
        if (rc != F25519_OK || !ossl_pub(EVP_PKEY_ED25519, b, seed) || memcmp(a, b, 32))
            report("ed25519_public", i, "public key differs", "seed", seed, 32, "ours", a, 32, "openssl", b, 32,
                   NULL, NULL, 0);
    }
    end(n);
}

static void diff_ed25519_keygen(long n)
{
    begin("ed25519_keygen");
    for (long i = 0; i < n; i++) {
        uint8_t seed[32], a[32], b[32];
        int rc = f25519_ed25519_keygen(seed, a);
        if (rc != F25519_OK || !ossl_pub(EVP_PKEY_ED25519, b, seed) || memcmp(a, b, 32))
            report("ed25519_keygen", i, "public key differs from OpenSSL's for the same seed", "seed", seed, 32,
                   "ours", a, 32, "openssl", b, 32, NULL, NULL, 0);
    }
    end(n);
}

static void diff_ed25519_sign(long n, uint8_t *msg)
{
    begin("ed25519_sign");
    for (long i = 0; i < n; i++) {
        uint8_t seed[32], pub[32], a[64], b[64];
        size_t len = rand_msg_len();
        tu_rand_bytes(seed, 32);
        tu_rand_bytes(msg, len);
        f25519_ed25519_public(pub, seed);
        int rc = f25519_ed25519_sign(a, msg, len, seed, (i & 1) ? pub : NULL);
        if (rc != F25519_OK || !ossl_sign(b, msg, len, seed) || memcmp(a, b, 64))
            report("ed25519_sign", i, "signature differs", "seed", seed, 32, "msg", msg, len, "ours", a, 64,
                   "openssl", b, 64);
    }
    end(n);
}

static void diff_ed25519_verify(long n, uint8_t *msg)
{
    static const char *const kinds[] = {"valid", "flip R", "flip S", "flip A", "flip msg", "S+L",
                                        "odd A", "odd R", "random sig"};
    long accepted = 0;
    begin("ed25519_verify");
    for (long i = 0; i < n; i++) {
        uint8_t seed[32], pub[32], sig[64];
        size_t len = rand_msg_len();
        int kind = (int)(i % TU_NELEM(kinds));
        tu_rand_bytes(seed, 32);
        tu_rand_bytes(msg, len);
        f25519_ed25519_public(pub, seed);
        f25519_ed25519_sign(sig, msg, len, seed, pub);
        switch (kind) {
        case 1: sig[tu_rand_below(32)] ^= (uint8_t)(1u << tu_rand_below(8)); break;
        case 2: sig[32 + tu_rand_below(32)] ^= (uint8_t)(1u << tu_rand_below(8)); break;
        case 3: pub[tu_rand_below(32)] ^= (uint8_t)(1u << tu_rand_below(8)); break;
        case 4:
            if (len) msg[tu_rand_below((uint32_t)len)] ^= (uint8_t)(1u << tu_rand_below(8));
            else msg[0] = 0, len = 1;
            break;
        case 5: add_L(sig + 32); break;
        case 6: tu_hex_exact(pub, 32, odd_points[tu_rand_below(TU_NELEM(odd_points))], "odd A"); break;
        case 7: tu_hex_exact(sig, 32, odd_points[tu_rand_below(TU_NELEM(odd_points))], "odd R"); break;
        case 8: tu_rand_bytes(sig, 64); if (tu_rand_below(2)) sig[63] &= 0x0f; break;
        }
        int rc = f25519_ed25519_verify(sig, 64, msg, len, pub, 32, F25519_VERIFY_OPENSSL);
        int ok = ossl_verify(sig, 64, msg, len, pub, 32);
        accepted += ok;
        if ((rc == F25519_OK) != ok) {
            char why[128];
            snprintf(why, sizeof why, "[%s] verdict differs: ours rc=%d (%s), OpenSSL %s", kinds[kind], rc,
                     f25519_strerror(rc), ok ? "valid" : "invalid");
            report("ed25519_verify", i, why, "pub", pub, 32, "msg", msg, len, "sig", sig, 64, NULL, NULL, 0);
        }
    }
    printf("(%ld valid) ", accepted);
    end(n);
}

/* Every signature of the vector sets through both verifiers (openssl mode). */
static void vec_verify(const char *set, long *n, const uint8_t *sig, size_t slen, const uint8_t *msg, size_t mlen,
                       const uint8_t *pub, size_t plen, const char *id)
{
    int rc = f25519_ed25519_verify(sig, slen, msg, mlen, pub, plen, F25519_VERIFY_OPENSSL);
    int ok = ossl_verify(sig, slen, msg, mlen, pub, plen);
    (*n)++;
    if ((rc == F25519_OK) != ok) {
        char why[160];
        snprintf(why, sizeof why, "%s %s: ours rc=%d, OpenSSL %s", set, id, rc, ok ? "valid" : "invalid");
        report("vector verdicts", *n, why, "pub", pub, plen, "msg", msg, mlen, "sig", sig, slen, NULL, NULL, 0);
    }
}

static void diff_vectors(void)
{
    long n = 0;
    char id[64];
    begin("vector verdicts");
    json_t *w = tu_load_json("wycheproof/v1/ed25519_test.json");
    const json_t *groups = json_object_get(w, "testGroups");
    for (size_t g = 0; g < json_array_size(groups); g++) {
        size_t plen, mlen, slen;
        uint8_t *pk = tu_hex_alloc(tu_str(json_object_get(json_array_get(groups, g), "publicKey"), "pk"), &plen);
        const json_t *tests = json_object_get(json_array_get(groups, g), "tests");
        for (size_t i = 0; i < json_array_size(tests); i++) {
            const json_t *t = json_array_get(tests, i);
            uint8_t *msg = tu_hex_alloc(tu_str(t, "msg"), &mlen), *sig = tu_hex_alloc(tu_str(t, "sig"), &slen);
            snprintf(id, sizeof id, "tcId %d", tu_json_int(t, "tcId"));
            vec_verify("wycheproof ed25519", &n, sig, slen, msg, mlen, pk, plen, id);
            free(msg);
            free(sig);
        }
        free(pk);
    }
    json_decref(w);
    json_t *s = tu_load_json("speccheck/cases.json");
    for (size_t i = 0; i < json_array_size(s); i++) {
        size_t plen, mlen, slen;
        const json_t *c = json_array_get(s, i);
        uint8_t *msg = tu_hex_alloc(tu_str(c, "message"), &mlen), *pk = tu_hex_alloc(tu_str(c, "pub_key"), &plen);
        uint8_t *sig = tu_hex_alloc(tu_str(c, "signature"), &slen);
        snprintf(id, sizeof id, "case %zu", i);
        vec_verify("speccheck", &n, sig, slen, msg, mlen, pk, plen, id);
        free(msg); free(pk); free(sig);
    }
    json_decref(s);
    json_t *z = tu_load_json("zip215/zip215_small_order.json");
    size_t zm;
    uint8_t *zmsg = tu_hex_alloc(tu_str(z, "message"), &zm);
    const json_t *cases = json_object_get(z, "cases");
    for (size_t i = 0; i < json_array_size(cases); i++) {
        size_t plen, slen;
        uint8_t *pk = tu_hex_alloc(tu_str(json_array_get(cases, i), "public_key"), &plen);
        uint8_t *sig = tu_hex_alloc(tu_str(json_array_get(cases, i), "signature"), &slen);
        snprintf(id, sizeof id, "case %zu", i);
        vec_verify("zip215", &n, sig, slen, zmsg, zm, pk, plen, id);
        free(pk); free(sig);
    }
    free(zmsg);
    json_decref(z);
    /* Wycheproof x25519: OpenSSL's derive and ours agree on every case. */
    json_t *x = tu_load_json("wycheproof/v1/x25519_test.json");
    const json_t *xt = json_object_get(json_array_get(json_object_get(x, "testGroups"), 0), "tests");
    for (size_t i = 0; i < json_array_size(xt); i++) {
        uint8_t priv[32], peer[32], a[32], b[32];
        tu_hex_exact(priv, 32, tu_str(json_array_get(xt, i), "private"), "private");
        tu_hex_exact(peer, 32, tu_str(json_array_get(xt, i), "public"), "public");
        int rc = f25519_x25519_derive(a, priv, peer, 32);
        int ok = ossl_derive(b, priv, peer);
        n++;
        if (ok ? (rc != F25519_OK || memcmp(a, b, 32)) : rc != F25519_ERR_ZERO_SHARED)
            report("vector verdicts", n, "wycheproof x25519: derive differs from OpenSSL", "priv", priv, 32,
                   "peer", peer, 32, "ours", a, 32, "openssl", b, 32);
    }
    json_decref(x);
    end(n);
}

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 10000;
    if (n <= 0) {
        fprintf(stderr, "usage: %s [COUNT]\n", argv[0]);
        return 2;
    }
    tu_backend_setup("differential vs OpenSSL");
    printf("vectors from %s\n", tu_vectors_dir()); /* fails loudly now, not after the random cases */
    printf("OpenSSL: %s; %ld cases per operation\n", OpenSSL_version(OPENSSL_VERSION), n);
    tu_rng_init();
    uint8_t *msg = malloc(MAX_MSG + 1);
    diff_x25519_public(n);
    diff_x25519_keygen(n);
    diff_x25519_derive(n);
    diff_ed25519_public(n);
    diff_ed25519_keygen(n);
    diff_ed25519_sign(n, msg);
    diff_ed25519_verify(n, msg);
    diff_vectors();
    free(msg);
    return tu_finish("differential vs OpenSSL");
}
