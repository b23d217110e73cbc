/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X25519 helpers shared by the scalar-multiplication tests (header only; a
 * test that calls tu_ossl_x25519 links OpenSSL's libcrypto itself).
 */
#ifndef F25519_TU_X25519_H
#define F25519_TU_X25519_H
#include <stdint.h>
#include <string.h>
#include <openssl/evp.h>

/* RFC 7748 5 decodeScalar25519's bit operations, in place. */
static inline void tu_clamp(uint8_t k[32])
{
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
}

static inline int tu_all_zero(const uint8_t *b, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= b[i];
    return acc == 0;
}

/* out = X25519(k, u) by OpenSSL (EVP). OpenSSL refuses an all-zero result:
 * then out = 0 and the return value is 0; 1 otherwise. */
static inline int tu_ossl_x25519(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    EVP_PKEY *a = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, k, 32);
    EVP_PKEY *b = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, u, 32);
    EVP_PKEY_CTX *c = a ? EVP_PKEY_CTX_new(a, NULL) : NULL;
    size_t n = 32;
    int ok = c && b && EVP_PKEY_derive_init(c) > 0 && EVP_PKEY_derive_set_peer(c, b) > 0 &&
             EVP_PKEY_derive(c, out, &n) > 0 && n == 32;
    if (!ok) memset(out, 0, 32);
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(a);
    EVP_PKEY_free(b);
    return ok;
}
#endif
