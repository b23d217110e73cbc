/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X25519 differential vs OpenSSL (EVP X25519) on arbitrary 32-byte scalars and peer keys.
 * Input: priv[32] || peer[32] (shorter inputs zero-filled, extra bytes ignored).
 * Checks, under every backend:
 *   f25519_x25519_public(priv) == OpenSSL's public key of priv;
 *   f25519_x25519_derive(priv, peer): OpenSSL derives S != 0 -> F25519_OK and the same S;
 *   OpenSSL fails (its X25519 derive refuses the all-zero result, low-order peer) ->
 *   F25519_ERR_ZERO_SHARED with the output zeroed. Any other code is a mismatch.
 */
#include <openssl/evp.h>
#include "fuzz_common.h"

/* OpenSSL: 1 and out = X25519(priv, peer), or 0 when it refuses (all-zero result). */
static int ossl_derive(uint8_t out[32], const uint8_t priv[32], const uint8_t peer[32])
{
    int ok = 0;
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, priv, 32);
    EVP_PKEY *p = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, peer, 32);
    EVP_PKEY_CTX *c = k ? EVP_PKEY_CTX_new(k, NULL) : NULL;
    size_t len = 32;
    if (!k || !p || !c) {
        fprintf(stderr, "fuzz_x25519: OpenSSL key setup failed\n");
        abort();
    }
    if (EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer_ex(c, p, 0) == 1 &&
        EVP_PKEY_derive(c, out, &len) == 1 && len == 32)
        ok = 1;
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(p);
    EVP_PKEY_free(k);
    return ok;
}

static void ossl_public(uint8_t pub[32], const uint8_t priv[32])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, priv, 32);
    size_t len = 32;
    if (!k || EVP_PKEY_get_raw_public_key(k, pub, &len) != 1 || len != 32) {
        fprintf(stderr, "fuzz_x25519: OpenSSL public key failed\n");
        abort();
    }
    EVP_PKEY_free(k);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fz_init_backends("fuzz_x25519");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    uint8_t priv[32], peer[32], want[32], wpub[32];
    fz_take(&in, priv, 32);
    fz_take(&in, peer, 32);
    int ok = ossl_derive(want, priv, peer);
    ossl_public(wpub, priv);

    for (int b = 0; b < fz_nbackends; b++) {
        fz_select(b);
        uint8_t got[32], pub[32];
        memset(got, 0xa5, 32);
        int rc = f25519_x25519_derive(got, priv, peer, 32);
        if (fz_selftest && b == fz_nbackends - 1) got[31] ^= 0x40;
        static const uint8_t zero[32];
        int bad = ok ? (rc != F25519_OK || memcmp(got, want, 32) != 0)
                     : (rc != F25519_ERR_ZERO_SHARED || memcmp(got, zero, 32) != 0);
        if (bad) {
            FZ_FAIL("x25519 derive, backend %s: OpenSSL %s, fast25519 rc %d", fz_backends[b],
                    ok ? "ok" : "refused (all-zero)", rc);
            fz_hex("priv", priv, 32);
            fz_hex("peer", peer, 32);
            if (ok) fz_hex("openssl", want, 32);
            fz_hex("fast25519", got, 32);
            fz_abort();
        }
        rc = f25519_x25519_public(pub, priv);
        if (rc != F25519_OK || memcmp(pub, wpub, 32) != 0) {
            FZ_FAIL("x25519 public, backend %s: rc %d", fz_backends[b], rc);
            fz_hex("priv", priv, 32);
            fz_hex("openssl", wpub, 32);
            fz_hex("fast25519", pub, 32);
            fz_abort();
        }
    }
    return 0;
}
