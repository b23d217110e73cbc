/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ifma-core's own rdtsc harness (a benchmark, not a test; the serialised tick
 * read of `fast25519 bench`, bench/fast25519/bench_ticks.h): median TSC ticks per
 * operation for the ifma and portable backends and OpenSSL 3 (EVP) in the same run. Pin it: taskset -c 1 f25519_bench_ifma [reps]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include "fast25519.h"
#include "bench_ticks.h" /* bench/fast25519: the tick read of `fast25519 bench` */

static int reps = 2001;
static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}
#define MEDIAN(out, div, stmt)                                                 \
    do {                                                                       \
        uint64_t *t_ = malloc(sizeof(uint64_t) * reps);                        \
        for (int w_ = 0; w_ < reps / 4 + 50; w_++) { stmt; }                   \
        for (int r_ = 0; r_ < reps; r_++) {                                    \
            uint64_t t0_ = f25519_bench_ticks();                               \
            stmt;                                                              \
            t_[r_] = f25519_bench_ticks() - t0_;                               \
        }                                                                      \
        qsort(t_, reps, sizeof *t_, cmp_u64);                                  \
        out = (double)t_[reps / 2] / (div);                                    \
        free(t_);                                                              \
    } while (0)

int main(int argc, char **argv)
{
    if (argc > 1) reps = atoi(argv[1]) | 1;
    uint8_t k[8][32], pub[8][32], sig[64], msg[32], seed[32], edpub[32], peer[32], sh[32];
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 32; j++) k[i][j] = (uint8_t)(i * 31 + j * 7 + 1);
    memset(msg, 0x5a, sizeof msg);
    memcpy(seed, k[3], 32);
    f25519_x25519_public(peer, k[5]);

    const char *impls[2] = { "ifma", "portable" };
    double v[2][8];
    for (int b = 0; b < 2; b++) {
        if (f25519_select_backend(impls[b]) != F25519_OK) {
            printf("%s: not available\n", impls[b]);
            memset(v[b], 0, sizeof v[b]);
            continue;
        }
        f25519_ed25519_public(edpub, seed);
        f25519_ed25519_sign(sig, msg, sizeof msg, seed, edpub);
        MEDIAN(v[b][0], 8, f25519_x25519_keygen_x8(pub, (const uint8_t(*)[32])k));
        MEDIAN(v[b][1], 1, f25519_x25519_public(pub[0], k[0]));
        MEDIAN(v[b][2], 8, f25519_ed25519_keygen_x8(pub, (const uint8_t(*)[32])k));
        MEDIAN(v[b][3], 1, f25519_ed25519_public(pub[0], k[0]));
        MEDIAN(v[b][4], 1, f25519_ed25519_sign(sig, msg, sizeof msg, seed, edpub));
        MEDIAN(v[b][5], 1, f25519_ed25519_verify(sig, 64, msg, sizeof msg, edpub, 32, F25519_VERIFY_OPENSSL));
        MEDIAN(v[b][6], 1, f25519_x25519_derive(sh, k[1], peer, 32));
        MEDIAN(v[b][7], 8, f25519_x25519_derive_x8(pub, (const uint8_t(*)[32])k, (const uint8_t(*)[32])k, NULL));
    }

    /* OpenSSL 3 EVP in the same run */
    double o[8] = { 0 };
    EVP_PKEY *xk = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k[0], 32);
    EVP_PKEY *xp = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer, 32);
    EVP_PKEY *ek = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
    uint8_t osig[64];
    size_t len = 32, slen = 64;
    MEDIAN(o[1], 1, {
        EVP_PKEY *t = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k[0], 32);
        len = 32;
        EVP_PKEY_get_raw_public_key(t, pub[0], &len);
        EVP_PKEY_free(t);
    });
    MEDIAN(o[3], 1, {
        EVP_PKEY *t = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, k[0], 32);
        len = 32;
        EVP_PKEY_get_raw_public_key(t, pub[0], &len);
        EVP_PKEY_free(t);
    });
    EVP_MD_CTX *mc = EVP_MD_CTX_new();
    MEDIAN(o[4], 1, {
        EVP_DigestSignInit(mc, NULL, NULL, NULL, ek);
        slen = 64;
        EVP_DigestSign(mc, osig, &slen, msg, sizeof msg);
    });
    int ok = 1;
    MEDIAN(o[5], 1, {
        EVP_DigestVerifyInit(mc, NULL, NULL, NULL, ek);
        ok &= EVP_DigestVerify(mc, osig, 64, msg, sizeof msg) == 1;
    });
    EVP_PKEY_CTX *dc = EVP_PKEY_CTX_new(xk, NULL);
    EVP_PKEY_derive_init(dc);
    EVP_PKEY_derive_set_peer(dc, xp);
    MEDIAN(o[6], 1, {
        len = 32;
        EVP_PKEY_derive(dc, sh, &len);
    });
    o[0] = o[1];
    o[2] = o[3];
    o[7] = o[6];
    const char *names[8] = { "x25519_keygen_x8 /key", "x25519_keygen (public)", "ed25519_keygen_x8 /key",
                             "ed25519_keygen (public)", "ed25519_sign (32 B)", "ed25519_verify",
                             "x25519_derive", "x25519_derive_x8 /derive" };
    printf("median TSC ticks per op (%d reps)%s\n", reps, ok ? "" : "  [OpenSSL verify FAILED]");
    printf("%-26s %10s %10s %10s %9s\n", "op", "ifma", "portable", "openssl", "ossl/ifma");
    for (int i = 0; i < 8; i++)
        printf("%-26s %10.0f %10.0f %10.0f %9.2f\n", names[i], v[0][i], v[1][i], o[i], v[0][i] ? o[i] / v[0][i] : 0);
    EVP_MD_CTX_free(mc);
    EVP_PKEY_CTX_free(dc);
    EVP_PKEY_free(xk);
    EVP_PKEY_free(xp);
    EVP_PKEY_free(ek);
    return 0;
}
