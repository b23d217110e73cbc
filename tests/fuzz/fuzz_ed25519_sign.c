/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Ed25519 sign-then-verify round trips against independent signers, under every backend:
 *   public key of the seed == OpenSSL's (EVP raw private key) == libsodium's;
 *   Ed25519:   f25519_ed25519_sign (pub given, and pub NULL) == OpenSSL's signature bytes
 *              (EVP_DigestSign; deterministic), and the signature verifies in every mode;
 *   Ed25519ph: with an empty context == libsodium's crypto_sign_ed25519ph signature bytes;
 *              F25519_ED25519PH_HASHED on SHA-512(msg) gives the same bytes; any context:
 *              round trip;
 *   Ed25519ctx: OpenSSL 3.0 and libsodium have no Ed25519ctx: round trip only (verifies in
 *              every mode with its context; another context, or as pure Ed25519, fails) and the
 *              same bytes from every backend; ctx_len 0 must be F25519_ERR_LENGTH.
 * Input: byte v (variant v % 3: 0 Ed25519, 1 Ed25519ctx, 2 Ed25519ph), seed[32], ctx_len, ctx,
 * msg (the rest).
 */
#include <openssl/evp.h>
#include <sodium.h>
#include "fuzz_common.h"

static void ossl_keys(uint8_t pub[32], const uint8_t seed[32], const uint8_t *m, size_t mlen,
                      uint8_t sig[64])
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    size_t sl = 64, pl = 32;
    if (!k || !c || EVP_DigestSignInit(c, NULL, NULL, NULL, k) != 1 ||
        EVP_DigestSign(c, sig, &sl, m, mlen) != 1 || sl != 64 ||
        EVP_PKEY_get_raw_public_key(k, pub, &pl) != 1 || pl != 32) {
        fprintf(stderr, "fuzz_ed25519_sign: OpenSSL signing failed\n");
        abort();
    }
    EVP_MD_CTX_free(c);
    EVP_PKEY_free(k);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    if (sodium_init() < 0) abort();
    fz_init_backends("fuzz_ed25519_sign");
    return 0;
}

static const char *const VNAME[3] = {"Ed25519", "Ed25519ctx", "Ed25519ph"};

#define FAIL_IF(cond, ...)                                                                   \
    do {                                                                                     \
        if (cond) {                                                                          \
            FZ_FAIL(__VA_ARGS__);                                                            \
            fprintf(stderr, "  variant %s, backend %s\n", VNAME[variant], fz_backends[b]);   \
            fz_hex("seed", seed, 32);                                                        \
            fz_hex("ctx", ctx, clen);                                                        \
            fz_hex("msg", msg, mlen);                                                        \
            fz_abort();                                                                      \
        }                                                                                    \
    } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    int variant = fz_byte(&in) % 3;
    uint8_t seed[32], ctx[256];
    fz_take(&in, seed, 32);
    size_t clen = fz_byte(&in);
    fz_take(&in, ctx, clen);
    const uint8_t *msg = in.p;
    size_t mlen = in.n;

    /* the references */
    uint8_t opub[32], osig[64], spub[32], ssk[64], ref[64], hashed[64];
    int have_ref = 0;
    ossl_keys(opub, seed, msg, mlen, osig);
    crypto_sign_seed_keypair(spub, ssk, seed);
    if (memcmp(opub, spub, 32) != 0) {
        FZ_FAIL("OpenSSL and libsodium disagree on the public key");
        fz_hex("seed", seed, 32);
        fz_abort();
    }
    if (variant == 0) {
        memcpy(ref, osig, 64);
        have_ref = 1;
    } else if (variant == 2) {
        crypto_hash_sha512(hashed, msg, mlen);
        if (clen == 0) {
            crypto_sign_ed25519ph_state st;
            crypto_sign_ed25519ph_init(&st);
            crypto_sign_ed25519ph_update(&st, msg, mlen);
            crypto_sign_ed25519ph_final_create(&st, ref, NULL, ssk);
            have_ref = 1;
        }
    }
    sodium_memzero(ssk, sizeof ssk);
    int fv = variant == 0 ? F25519_ED25519 : variant == 1 ? F25519_ED25519CTX : F25519_ED25519PH;
    const uint8_t *c = variant == 0 ? NULL : ctx;
    size_t cl = variant == 0 ? 0 : clen;

    uint8_t first[64];
    for (int b = 0; b < fz_nbackends; b++) {
        fz_select(b);
        uint8_t pub[32], sig[64], sig2[64];
        int rc = f25519_ed25519_public(pub, seed);
        FAIL_IF(rc != F25519_OK || memcmp(pub, opub, 32) != 0, "public key differs from OpenSSL's (rc %d)", rc);

        rc = f25519_ed25519_sign_ex(sig, msg, mlen, seed, pub, fv, c, cl);
        if (variant == 1 && clen == 0) {
            FAIL_IF(rc != F25519_ERR_LENGTH, "Ed25519ctx with an empty context: rc %d, want %d", rc,
                    F25519_ERR_LENGTH);
            continue;
        }
        FAIL_IF(rc != F25519_OK, "sign_ex rc %d", rc);
        if (fz_selftest && b == fz_nbackends - 1) sig[40] ^= 1;
        rc = f25519_ed25519_sign_ex(sig2, msg, mlen, seed, NULL, fv, c, cl);
        FAIL_IF(rc != F25519_OK || memcmp(sig, sig2, 64) != 0, "sign with pub NULL differs (rc %d)", rc);
        if (variant == 0) {
            rc = f25519_ed25519_sign(sig2, msg, mlen, seed, pub);
            FAIL_IF(rc != F25519_OK || memcmp(sig, sig2, 64) != 0, "f25519_ed25519_sign differs from sign_ex (rc %d)", rc);
        }
        if (variant == 2) {
            rc = f25519_ed25519_sign_ex(sig2, hashed, 64, seed, pub, F25519_ED25519PH_HASHED, c, cl);
            FAIL_IF(rc != F25519_OK || memcmp(sig, sig2, 64) != 0, "Ed25519ph on the hash differs (rc %d)", rc);
        }
        if (have_ref && memcmp(sig, ref, 64) != 0) {
            fz_hex("fast25519", sig, 64);
            fz_hex(variant == 0 ? "openssl" : "libsodium", ref, 64);
            FAIL_IF(1, "signature differs from %s's", variant == 0 ? "OpenSSL" : "libsodium");
        }
        if (b == 0) memcpy(first, sig, 64);
        FAIL_IF(memcmp(sig, first, 64) != 0, "signature differs from backend %s's", fz_backends[0]);
        for (int mode = 0; mode < 3; mode++) {
            rc = f25519_ed25519_verify_ex(sig, 64, msg, mlen, pub, 32, mode, fv, c, cl);
            FAIL_IF(rc != F25519_OK, "own signature rejected in mode %d: rc %d", mode, rc);
        }
        if (variant == 2) {
            rc = f25519_ed25519_verify_ex(sig, 64, hashed, 64, pub, 32, F25519_VERIFY_OPENSSL,
                                          F25519_ED25519PH_HASHED, c, cl);
            FAIL_IF(rc != F25519_OK, "own Ed25519ph signature rejected on the hash: rc %d", rc);
        }
        if (variant != 0) {
            /* another context, and the same signature as another variant, must fail */
            uint8_t ctx2[256];
            size_t cl2 = cl ? cl : 1;
            memcpy(ctx2, ctx, cl);
            if (cl) ctx2[cl - 1] ^= 1;
            else ctx2[0] = 0;
            rc = f25519_ed25519_verify_ex(sig, 64, msg, mlen, pub, 32, F25519_VERIFY_OPENSSL, fv, ctx2, cl2);
            FAIL_IF(rc != F25519_ERR_VERIFY, "verifies under another context: rc %d", rc);
            rc = f25519_ed25519_verify(sig, 64, msg, mlen, pub, 32, F25519_VERIFY_OPENSSL);
            FAIL_IF(rc != F25519_ERR_VERIFY, "%s signature verifies as pure Ed25519: rc %d", VNAME[variant], rc);
        }
    }
    return 0;
}
