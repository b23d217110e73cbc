/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* RFC 8032 7.1-7.3: Ed25519, Ed25519ctx, Ed25519ph: public key, signature, verdicts. */
#include <stdlib.h>
#include <string.h>
#include "vectors.h"

static const char *variant_name(int v)
{
    return v == F25519_ED25519 ? "Ed25519" : v == F25519_ED25519CTX ? "Ed25519ctx" : "Ed25519ph";
}

static void one(const json_t *v, int variant)
{
    const char *name = tu_str(v, "name");
    uint8_t seed[32], pk[32], want[64], sig[64], pub[32];
    size_t mlen, clen = 0;
    tu_hex_exact(seed, 32, tu_str(v, "secret_key"), "secret_key");
    tu_hex_exact(pk, 32, tu_str(v, "public_key"), "public_key");
    tu_hex_exact(want, 64, tu_str(v, "signature"), "signature");
    uint8_t *msg = tu_hex_alloc(tu_str(v, "message"), &mlen);
    uint8_t *ctx = variant == F25519_ED25519 ? NULL : tu_hex_alloc(tu_str(v, "context"), &clen);
    const char *vn = variant_name(variant);

    CHECK(f25519_ed25519_public(pub, seed) == F25519_OK && !memcmp(pub, pk, 32),
             "rfc8032 %s %s: public key differs", vn, name);
    int rc = f25519_ed25519_sign_ex(sig, msg, mlen, seed, pk, variant, ctx, clen);
    CHECK(rc == F25519_OK && !memcmp(sig, want, 64), "rfc8032 %s %s: sign_ex (pub given) rc=%d, signature differs",
             vn, name, rc);
    rc = f25519_ed25519_sign_ex(sig, msg, mlen, seed, NULL, variant, ctx, clen);
    CHECK(rc == F25519_OK && !memcmp(sig, want, 64), "rfc8032 %s %s: sign_ex (pub NULL) rc=%d, signature differs",
             vn, name, rc);
    if (variant == F25519_ED25519) {
        rc = f25519_ed25519_sign(sig, msg, mlen, seed, pk);
        CHECK(rc == F25519_OK && !memcmp(sig, want, 64), "rfc8032 %s: sign rc=%d, signature differs", name, rc);
        rc = f25519_ed25519_sign(sig, msg, mlen, seed, NULL);
        CHECK(rc == F25519_OK && !memcmp(sig, want, 64), "rfc8032 %s: sign (pub NULL) differs", name);
    }
    for (int mode = 0; mode < 3; mode++) {
        rc = f25519_ed25519_verify_ex(want, 64, msg, mlen, pk, 32, mode, variant, ctx, clen);
        CHECK(rc == F25519_OK, "rfc8032 %s %s: verify_ex mode %s rc=%d (%s)", vn, name, mode_name(mode), rc,
                 f25519_strerror(rc));
        if (variant == F25519_ED25519) {
            rc = f25519_ed25519_verify(want, 64, msg, mlen, pk, 32, mode);
            CHECK(rc == F25519_OK, "rfc8032 %s: verify mode %s rc=%d", name, mode_name(mode), rc);
        }
        /* Tampering must be rejected: a flipped bit in R, in S, in A, in the message. */
        uint8_t bad[64], badpk[32];
        memcpy(bad, want, 64);
        bad[5] ^= 0x10;
        CHECK(f25519_ed25519_verify_ex(bad, 64, msg, mlen, pk, 32, mode, variant, ctx, clen) != F25519_OK,
                 "rfc8032 %s %s mode %s: flipped R bit accepted", vn, name, mode_name(mode));
        memcpy(bad, want, 64);
        bad[40] ^= 0x01;
        CHECK(f25519_ed25519_verify_ex(bad, 64, msg, mlen, pk, 32, mode, variant, ctx, clen) != F25519_OK,
                 "rfc8032 %s %s mode %s: flipped S bit accepted", vn, name, mode_name(mode));
        memcpy(badpk, pk, 32);
        badpk[7] ^= 0x04;
        CHECK(f25519_ed25519_verify_ex(want, 64, msg, mlen, badpk, 32, mode, variant, ctx, clen) != F25519_OK,
                 "rfc8032 %s %s mode %s: flipped A bit accepted", vn, name, mode_name(mode));
        if (mlen) {
            msg[mlen - 1] ^= 0x80;
            CHECK(f25519_ed25519_verify_ex(want, 64, msg, mlen, pk, 32, mode, variant, ctx, clen) != F25519_OK,
                     "rfc8032 %s %s mode %s: flipped message bit accepted", vn, name, mode_name(mode));
            msg[mlen - 1] ^= 0x80;
        }
        /* A signature of one variant never verifies as another (domain separation). */
        for (int other = 0; other < 3; other++) {
            if (other == variant) continue;
            static const uint8_t foo[3] = {'f', 'o', 'o'};
            const uint8_t *octx = other == F25519_ED25519 ? NULL : (clen ? ctx : foo);
            size_t oclen = other == F25519_ED25519 ? 0 : (clen ? clen : 3);
            rc = f25519_ed25519_verify_ex(want, 64, msg, mlen, pk, 32, mode, other, octx, oclen);
            CHECK(rc != F25519_OK, "rfc8032 %s %s mode %s: accepted as %s", vn, name, mode_name(mode),
                     variant_name(other));
        }
        if (clen) { /* a different context must fail */
            ctx[0] ^= 1;
            rc = f25519_ed25519_verify_ex(want, 64, msg, mlen, pk, 32, mode, variant, ctx, clen);
            CHECK(rc != F25519_OK, "rfc8032 %s %s mode %s: accepted with another context", vn, name,
                     mode_name(mode));
            ctx[0] ^= 1;
        }
    }
    free(msg);
    free(ctx);
}

void suite_rfc8032(void)
{
    json_t *doc = tu_load_json("rfc/rfc8032_ed25519.json");
    static const struct { const char *key; int variant; size_t n; } sets[] = {
        {"ed25519", F25519_ED25519, 5}, {"ed25519ctx", F25519_ED25519CTX, 4}, {"ed25519ph", F25519_ED25519PH, 1}};
    for (size_t s = 0; s < 3; s++) {
        const json_t *arr = json_object_get(doc, sets[s].key);
        CHECK(json_array_size(arr) == sets[s].n, "rfc8032: %s has %zu vectors, expected %zu", sets[s].key,
                 json_array_size(arr), sets[s].n);
        for (size_t i = 0; i < json_array_size(arr); i++) one(json_array_get(arr, i), sets[s].variant);
        printf("  %s: %zu vectors\n", sets[s].key, json_array_size(arr));
    }
    /* keygen: a fresh pair is consistent and signs/verifies. */
    uint8_t seed[32], pub[32], pub2[32], sig[64], m[3] = {1, 2, 3};
    for (int i = 0; i < 16; i++) {
        CHECK(f25519_ed25519_keygen(seed, pub) == F25519_OK, "ed25519_keygen failed");
        CHECK(f25519_ed25519_public(pub2, seed) == F25519_OK && !memcmp(pub, pub2, 32),
                 "ed25519_keygen: pub != public(seed)");
        CHECK(f25519_ed25519_sign(sig, m, 3, seed, pub) == F25519_OK &&
                 f25519_ed25519_verify(sig, 64, m, 3, pub, 32, F25519_VERIFY_STRICT) == F25519_OK,
                 "ed25519_keygen: fresh key does not sign/verify");
    }
    json_decref(doc);
}
