/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* F25519_VERIFY_OPENSSL gives exactly the verdicts of the system OpenSSL 3
 * (EVP_DigestVerify, EVP_PKEY_ED25519) on crafted edge cases: small-order and
 * non-canonical A (incl. x = 0 with the sign bit), small-order / non-canonical
 * R, S around L, signatures made valid for torsion A by search, and random
 * valid / bit-flipped signatures. Also checks the strict and zip215 modes on
 * the same cases against their rules where they are simple to state. */
#include <openssl/evp.h>
#if F25519_HAVE_SODIUM
#include <sodium.h>
#endif
#include "testutil.h"
#include "fast25519.h"
#include "ops.h"
#include "hash/sha512.h"
#include "scalar/sc25519.h"
#include "backend/portable/scalarmult_portable.h"

static const char *sodium_version_string_or_none(void)
{
#if F25519_HAVE_SODIUM
    return sodium_version_string();
#else
    return "(not built)";
#endif
}

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

static int n_cases, n_accept, n_sodium, n_sodium_accept;
static void compare(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pub[32],
                    const char *what)
{
    int o = ossl_verify(sig, m, mlen, pub);
    int f = f25519_ed25519_verify(sig, 64, m, mlen, pub, 32, F25519_VERIFY_OPENSSL) == 0;
    CHECK(o == f, "%s: openssl %d fast25519 %d (A=%02x..%02x R=%02x..%02x)", what, o, f, pub[0],
          pub[31], sig[0], sig[31]);
    n_cases++;
    n_accept += o;
#if F25519_HAVE_SODIUM
    /* strict mode = libsodium 1.0.18 crypto_sign_verify_detached */
    int so = crypto_sign_verify_detached(sig, m, mlen, pub) == 0;
    int fs = f25519_ed25519_verify(sig, 64, m, mlen, pub, 32, F25519_VERIFY_STRICT) == 0;
    CHECK(so == fs, "%s: libsodium %d fast25519 strict %d (A=%02x..%02x R=%02x..%02x)", what, so,
          fs, pub[0], pub[31], sig[0], sig[31]);
    n_sodium++;
    n_sodium_accept += so;
#endif
}

static void hram(uint8_t k[32], const uint8_t R[32], const uint8_t A[32], const uint8_t *m,
                 size_t mlen)
{
    f25519_sha512_ctx c;
    uint8_t h[64];
    f25519_sha512_init(&c);
    f25519_sha512_update(&c, R, 32);
    f25519_sha512_update(&c, A, 32);
    f25519_sha512_update(&c, m, mlen);
    f25519_sha512_final(&c, h);
    sc25519_reduce64(k, h);
}

/* Search a signature (R, S) valid (cofactorless) for a torsion/lenient A:
 * R = [S]B - [j]A with j = k mod 8 for the resulting k. Returns 1 if found. */
static int forge_for_torsion(uint8_t sig[64], const uint8_t A[32], const uint8_t *m, size_t mlen)
{
    ge51_p3 Ap, SB, jA, Rp;
    if (ge51_frombytes_vartime(&Ap, A, 1) != 0) return 0;
    for (int tries = 0; tries < 64; tries++) {
        uint8_t S[32], k[32], R[32];
        tu_rand_bytes(S, 32);
        S[31] &= 0x0f; /* < L */
        f25519_scalarmult_base_portable(&SB, S);
        ge51_identity(&jA);
        for (int j = 0; j < 8; j++) {
            ge51_p3 njA;
            ge51_neg(&njA, &jA);
            ge51_add(&Rp, &SB, &njA);
            ge51_tobytes(R, &Rp);
            hram(k, R, A, m, mlen);
            if ((k[0] & 7) == j || ge51_is_identity_vartime(&Ap) /* A of order 1 */) {
                /* check [k]A == [j]A (A has order dividing 8) */
                memcpy(sig, R, 32);
                memcpy(sig + 32, S, 32);
                return 1;
            }
            ge51_add(&jA, &jA, &Ap);
        }
    }
    return 0;
}

int main(void)
{
    tu_rng_init();
    if (f25519_select_backend("portable") != 0) return 1;
#if F25519_HAVE_SODIUM
    if (sodium_init() < 0) return 1;
#endif
    uint8_t tors[14][32];
    /* The 8 canonical torsion encodings + 6 non-canonical low-order encodings (indices 10..13: y >= p). */
    for (int i = 0; i < TU_ED25519_LOW_ORDER_N; i++) tu_hex_exact(tors[i], 32, tu_ed25519_low_order[i], "torsion");
    uint8_t msg[64];

    /* 1. all 14 x 14 torsion (A, R) with S = 0 and random S, random messages */
    for (int a = 0; a < 14; a++)
        for (int r = 0; r < 14; r++)
            for (int v = 0; v < 3; v++) {
                uint8_t sig[64] = {0};
                memcpy(sig, tors[r], 32);
                if (v == 2) { tu_rand_bytes(sig + 32, 32); sig[63] &= 0x0f; }
                size_t ml = v == 0 ? 5 : 32;
                if (v == 0) memcpy(msg, "Zcash", 5); else tu_rand_bytes(msg, ml);
                compare(sig, msg, ml, tors[a], "torsion A,R");
            }
    /* 2. forged-valid signatures for each torsion A (exercises the decoding of A) */
    int forged = 0;
    for (int a = 0; a < 14; a++)
        for (int t = 0; t < 8; t++) {
            uint8_t sig[64];
            tu_rand_bytes(msg, 32);
            if (!forge_for_torsion(sig, tors[a], msg, 32)) continue;
            forged++;
            if (t == 0)
                printf("torsion A #%2d forged: openssl %s\n", a,
                       ossl_verify(sig, msg, 32, tors[a]) ? "accepts" : "rejects");
            compare(sig, msg, 32, tors[a], "forged torsion A");
            /* strict: small-order A rejected (non-canonical y: encoding error) */
            int rs = f25519_ed25519_verify(sig, 64, msg, 32, tors[a], 32, F25519_VERIFY_STRICT);
            CHECK(rs == (a >= 10 ? F25519_ERR_ENCODING : F25519_ERR_SMALL_ORDER),
                  "strict torsion A #%d rc=%d", a, rs);
            /* zip215: the cofactored equation holds for every torsion A */
            CHECK(f25519_ed25519_verify(sig, 64, msg, 32, tors[a], 32, F25519_VERIFY_ZIP215) == 0,
                  "zip215 torsion A #%d", a);
            /* the same with R replaced by every torsion encoding */
            for (int r = 0; r < 14; r++) {
                uint8_t s2[64];
                memcpy(s2, sig, 64);
                memcpy(s2, tors[r], 32);
                compare(s2, msg, 32, tors[a], "forged torsion A, torsion R");
            }
        }
    /* 2b. mixed-order keys and nonces: A = [a]B + T (signature made valid
     * cofactorless by searching k = 0 mod 8), and R = [r]B + T (valid only
     * under the cofactored equation). */
    for (int it = 0; it < 96; it++) {
        uint8_t a[32], r[32], k[32], S[32], Ab[32], sig[64];
        ge51_p3 A, T, R;
        tu_rand_bytes(a, 32);
        sc25519_reduce32(a, a);
        f25519_scalarmult_base_portable(&A, a);
        ge51_frombytes_vartime(&T, tors[2 + it % 6], 1); /* order 4 or 8 */
        ge51_add(&A, &A, &T);
        ge51_tobytes(Ab, &A);
        tu_rand_bytes(msg, 32);
        for (int tries = 0; tries < 200; tries++) {
            tu_rand_bytes(r, 32);
            sc25519_reduce32(r, r);
            f25519_scalarmult_base_portable(&R, r);
            ge51_tobytes(sig, &R);
            hram(k, sig, Ab, msg, 32);
            if ((k[0] & 7) == 0) break;
        }
        sc25519_muladd(S, k, a, r);
        memcpy(sig + 32, S, 32);
        compare(sig, msg, 32, Ab, "mixed-order A");
        CHECK(f25519_ed25519_verify(sig, 64, msg, 32, Ab, 32, F25519_VERIFY_ZIP215) == 0,
              "zip215 mixed A");
        /* mixed R with an honest key a (A' = [a]B) */
        uint8_t Ap[32];
        ge51_p3 Aq;
        f25519_scalarmult_base_portable(&Aq, a);
        ge51_tobytes(Ap, &Aq);
        tu_rand_bytes(r, 32);
        sc25519_reduce32(r, r);
        f25519_scalarmult_base_portable(&R, r);
        ge51_add(&R, &R, &T);
        ge51_tobytes(sig, &R);
        hram(k, sig, Ap, msg, 32);
        sc25519_muladd(S, k, a, r);
        memcpy(sig + 32, S, 32);
        compare(sig, msg, 32, Ap, "mixed-order R");
        CHECK(f25519_ed25519_verify(sig, 64, msg, 32, Ap, 32, F25519_VERIFY_ZIP215) == 0,
              "zip215 mixed R");
        CHECK(f25519_ed25519_verify(sig, 64, msg, 32, Ap, 32, F25519_VERIFY_OPENSSL) ==
                  F25519_ERR_VERIFY, "openssl mixed R rejects");
    }
    /* 3. non-canonical y for A: y = p + i (i < 19) both signs, and y with bit 255 */
    for (int i = 0; i < 19; i++)
        for (int sgn = 0; sgn < 2; sgn++) {
            uint8_t A[32], sig[64];
            memset(A, 0xff, 32);
            A[0] = (uint8_t)(0xed + i);
            A[31] = sgn ? 0xff : 0x7f;
            if (i >= 19) continue;
            tu_rand_bytes(msg, 16);
            if (forge_for_torsion(sig, A, msg, 16)) compare(sig, msg, 16, A, "noncanon A forged");
            tu_rand_bytes(sig, 64);
            sig[63] &= 0x0f;
            compare(sig, msg, 16, A, "noncanon A random sig");
        }
    /* 4. random valid signatures, with flipped bits, and S + L variants */
    static const uint8_t Lb[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                   0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                   0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
    for (int it = 0; it < 400; it++) {
        uint8_t seed[32], pub[32], sig[64], s2[64];
        size_t ml = (size_t)(tu_rand64() % 64);
        tu_rand_bytes(seed, 32);
        tu_rand_bytes(msg, ml);
        f25519_ed25519_public(pub, seed);
        f25519_ed25519_sign(sig, msg, ml, seed, pub);
        compare(sig, msg, ml, pub, "valid");
        memcpy(s2, sig, 64);
        s2[tu_rand64() % 64] ^= (uint8_t)(1u << (tu_rand64() % 8));
        compare(s2, msg, ml, pub, "flipped sig");
        uint8_t p2[32];
        memcpy(p2, pub, 32);
        p2[tu_rand64() % 32] ^= (uint8_t)(1u << (tu_rand64() % 8));
        compare(sig, msg, ml, p2, "flipped pub");
        /* S + L (same point, non-canonical scalar) */
        memcpy(s2, sig, 64);
        unsigned carry = 0;
        for (int i = 0; i < 32; i++) {
            unsigned v = s2[32 + i] + Lb[i] + carry;
            s2[32 + i] = (uint8_t)v;
            carry = v >> 8;
        }
        compare(s2, msg, ml, pub, "S + L");
        CHECK(f25519_ed25519_verify(s2, 64, msg, ml, pub, 32, F25519_VERIFY_OPENSSL) ==
                  F25519_ERR_ENCODING, "S + L code");
        /* pub with bit 255 flipped: -A */
        memcpy(p2, pub, 32);
        p2[31] ^= 0x80;
        compare(sig, msg, ml, p2, "negated pub");
    }
    /* 5. S boundaries: S = L - 1, L, L + 1, 2^255 - 1 with random R, A */
    for (int it = 0; it < 50; it++) {
        uint8_t seed[32], pub[32], sig[64];
        tu_rand_bytes(seed, 32);
        f25519_ed25519_public(pub, seed);
        tu_rand_bytes(sig, 32);
        memcpy(sig + 32, Lb, 32);
        int d = it % 4;
        if (d == 0) sig[32] -= 1;
        if (d == 2) sig[32] += 1;
        if (d == 3) { memset(sig + 32, 0xff, 32); sig[63] = 0x7f; }
        compare(sig, msg, 8, pub, "S boundary");
    }
    printf("compared %d cases with OpenSSL (%d accepted by both), forged %d torsion-A sigs\n",
           n_cases, n_accept, forged);
    printf("strict mode vs libsodium %s: %d cases (%d accepted by both)\n",
           sodium_version_string_or_none(), n_sodium, n_sodium_accept);
    return tu_finish("test_verify_openssl");
}
