/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Ed25519 verification differential on arbitrary (pub, msg, sig):
 *   mode openssl vs OpenSSL's verdict (EVP_DigestVerify, EVP_PKEY_ED25519);
 *   mode strict  vs libsodium's crypto_sign_verify_detached (Ed25519ph: crypto_sign_ed25519ph_
 *                final_verify). fast25519.h defines strict as libsodium 1.0.18's rules (S < L;
 *                A canonical, not small order; R not a small-order encoding, sign bit ignored,
 *                non-canonical included; R canonical; cofactorless), so every verdict is compared:
 *                no difference is known or excluded (the harness prints the libsodium version);
 *   mode zip215  has no independent implementation here: its verdict must follow from the others
 *                (strict valid => openssl valid => zip215 valid: each accepts a superset).
 * Every backend must return the same code, and only OK, ENCODING, SMALL_ORDER or VERIFY.
 * Input: byte f, then
 *   f & 3 == 0 or 3: pub[32] sig[64] msg...           (raw)
 *   f & 3 == 1:      seed[32] pos xv msg...            (signed by the reference: OpenSSL, or
 *                    libsodium for ph; then byte pos % 96 of sig||pub XORed with xv, if xv != 0)
 *   f & 3 == 2:      seed[32] k msg...                 (signed, then S += (1 + k % 7) * L:
 *                    the malleated S >= L every rule rejects)
 *   f & 4: the Ed25519ph variant with an empty context (libsodium is the reference; OpenSSL 3.0
 *          has no Ed25519ph, so the openssl mode is checked only by the implications).
 */
#include <openssl/evp.h>
#include <sodium.h>
#include "fuzz_common.h"

static const uint8_t L_BYTES[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                    0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                    0, 0, 0, 0, 0x10};

static int ossl_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pub[32])
{
    EVP_PKEY *pk = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
    if (!pk) return 0;
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int ok = EVP_DigestVerifyInit(c, NULL, NULL, NULL, pk) == 1 &&
             EVP_DigestVerify(c, sig, 64, m, mlen) == 1;
    EVP_MD_CTX_free(c);
    EVP_PKEY_free(pk);
    return ok;
}

static void ossl_sign(uint8_t sig[64], uint8_t pub[32], const uint8_t seed[32], const uint8_t *m,
                      size_t mlen)
{
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    size_t sl = 64, pl = 32;
    if (!k || !c || EVP_DigestSignInit(c, NULL, NULL, NULL, k) != 1 ||
        EVP_DigestSign(c, sig, &sl, m, mlen) != 1 || sl != 64 ||
        EVP_PKEY_get_raw_public_key(k, pub, &pl) != 1 || pl != 32) {
        fprintf(stderr, "fuzz_ed25519_verify: OpenSSL signing failed\n");
        abort();
    }
    EVP_MD_CTX_free(c);
    EVP_PKEY_free(k);
}

static int sodium_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen,
                         const uint8_t pub[32], int ph)
{
    if (!ph) return crypto_sign_verify_detached(sig, m, mlen, pub) == 0;
    crypto_sign_ed25519ph_state st;
    crypto_sign_ed25519ph_init(&st);
    crypto_sign_ed25519ph_update(&st, m, mlen);
    return crypto_sign_ed25519ph_final_verify(&st, sig, pub) == 0;
}

static void sodium_sign_ph(uint8_t sig[64], uint8_t pub[32], const uint8_t seed[32],
                           const uint8_t *m, size_t mlen)
{
    uint8_t sk[64];
    crypto_sign_ed25519ph_state st;
    crypto_sign_seed_keypair(pub, sk, seed);
    crypto_sign_ed25519ph_init(&st);
    crypto_sign_ed25519ph_update(&st, m, mlen);
    crypto_sign_ed25519ph_final_create(&st, sig, NULL, sk);
}

/* S += k * L (S < 2^253 after a reference signature; the sum stays below 2^256) */
static void add_multiple_of_L(uint8_t S[32], unsigned k)
{
    unsigned carry = 0;
    for (int i = 0; i < 32; i++) {
        unsigned v = S[i] + k * L_BYTES[i] + carry;
        S[i] = (uint8_t)v;
        carry = v >> 8;
    }
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    if (sodium_init() < 0) abort();
    fz_init_backends("fuzz_ed25519_verify");
    fprintf(stderr, "fuzz_ed25519_verify: strict mode vs libsodium %s\n", sodium_version_string());
    return 0;
}

static const char *const MODE_NAME[3] = {"openssl", "strict", "zip215"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    uint8_t f = fz_byte(&in);
    int ph = (f & 4) != 0;
    uint8_t pub[32], sig[64];
    if ((f & 3) == 1 || (f & 3) == 2) {
        uint8_t seed[32];
        fz_take(&in, seed, 32);
        uint8_t a = fz_byte(&in), xv = (f & 3) == 1 ? fz_byte(&in) : 0;
        if (ph) sodium_sign_ph(sig, pub, seed, in.p, in.n);
        else ossl_sign(sig, pub, seed, in.p, in.n);
        if ((f & 3) == 1 && xv) {
            unsigned pos = a % 96u;
            if (pos < 64) sig[pos] ^= xv;
            else pub[pos - 64] ^= xv;
        }
        if ((f & 3) == 2) add_multiple_of_L(sig + 32, 1 + a % 7u);
    } else {
        fz_take(&in, pub, 32);
        fz_take(&in, sig, 64);
    }
    const uint8_t *msg = in.p;
    size_t mlen = in.n;
    int variant = ph ? F25519_ED25519PH : F25519_ED25519;

    int ref_openssl = ph ? -1 : ossl_verify(sig, msg, mlen, pub);
    int ref_strict = sodium_verify(sig, msg, mlen, pub, ph);

    int first[3] = {0, 0, 0};
    for (int b = 0; b < fz_nbackends; b++) {
        fz_select(b);
        int rc[3], v[3];
        for (int mode = 0; mode < 3; mode++) {
            rc[mode] = f25519_ed25519_verify_ex(sig, 64, msg, mlen, pub, 32, mode, variant, NULL, 0);
            v[mode] = rc[mode] == F25519_OK;
        }
        if (fz_selftest && b == fz_nbackends - 1) v[1] = !v[1];
        const char *why = NULL;
        int bad_mode = -1;
        for (int mode = 0; mode < 3 && !why; mode++) {
            if (rc[mode] != F25519_OK && rc[mode] != F25519_ERR_ENCODING &&
                rc[mode] != F25519_ERR_SMALL_ORDER && rc[mode] != F25519_ERR_VERIFY)
                why = "unexpected return code", bad_mode = mode;
            else if (b > 0 && rc[mode] != first[mode])
                why = "return code differs from the first backend's", bad_mode = mode;
        }
        if (!why && ref_openssl >= 0 && v[0] != ref_openssl) why = "openssl mode vs OpenSSL", bad_mode = 0;
        if (!why && v[1] != ref_strict) why = "strict mode vs libsodium", bad_mode = 1;
        if (!why && v[1] && !v[0]) why = "strict accepts but openssl mode rejects", bad_mode = 0;
        if (!why && v[0] && !v[2]) why = "openssl mode accepts but zip215 rejects", bad_mode = 2;
        if (why) {
            FZ_FAIL("ed25519 verify (%s), backend %s, mode %s: %s", ph ? "Ed25519ph" : "Ed25519",
                    fz_backends[b], MODE_NAME[bad_mode], why);
            fprintf(stderr, "  fast25519 rc openssl %d strict %d zip215 %d; OpenSSL %d libsodium %d",
                    rc[0], rc[1], rc[2], ref_openssl, ref_strict);
            if (b > 0)
                fprintf(stderr, "; backend %s: %d %d %d", fz_backends[0], first[0], first[1], first[2]);
            fprintf(stderr, "\n");
            fz_hex("pub", pub, 32);
            fz_hex("sig", sig, 64);
            fz_hex("msg", msg, mlen);
            fz_abort();
        }
        if (b == 0) memcpy(first, rc, sizeof first);
    }
    return 0;
}
