/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Output buffers that overlap inputs give the same results as separate
 * buffers (in-place use: a signature written over its message or context,
 * a shared secret over the private key or the peer key, a public key over
 * its private key, the x8 batches in place). */
#include "testutil.h"
#include "fast25519.h"

int main(void)
{
    tu_rng_init();
    for (int it = 0; it < 200; it++) {
        uint8_t seed[32], pub[32], ctx[64], msg[96], sig[64], buf[160];
        tu_rand_bytes(seed, 32);
        tu_rand_bytes(ctx, sizeof ctx);
        tu_rand_bytes(msg, sizeof msg);
        CHECK(f25519_ed25519_public(pub, seed) == F25519_OK, "public");
        size_t ml = 1 + (size_t)(tu_rand64() % sizeof msg);
        int variant = (int)(tu_rand64() % 3);
        int vs[3] = {F25519_ED25519, F25519_ED25519CTX, F25519_ED25519PH};
        size_t cl = vs[variant] == F25519_ED25519 ? 0 : 1 + (size_t)(tu_rand64() % 32);
        const uint8_t *cx = cl ? ctx : NULL;
        CHECK(f25519_ed25519_sign_ex(sig, msg, ml, seed, pub, vs[variant], cx, cl) == F25519_OK,
              "sign");
        for (int pass = 0; pass < 2; pass++) {
            const uint8_t *pk = pass ? NULL : pub;
            /* signature over the message (message at buf, sig at buf + off) */
            for (size_t off = 0; off < 64; off += 16) {
                memcpy(buf + off, msg, ml);
                CHECK(f25519_ed25519_sign_ex(buf + off, buf + off, ml, seed, pk, vs[variant], cx, cl) ==
                          F25519_OK && memcmp(buf + off, sig, 64) == 0,
                      "sign over msg it=%d off=%zu v=%d", it, off, variant);
                memcpy(buf, msg, ml);
                CHECK(f25519_ed25519_sign_ex(buf + off, buf, ml, seed, pk, vs[variant], cx, cl) == F25519_OK &&
                          memcmp(buf + off, sig, 64) == 0,
                      "sign overlapping msg it=%d off=%zu v=%d", it, off, variant);
            }
            /* signature over the context */
            if (cl) {
                memcpy(buf, ctx, cl);
                CHECK(f25519_ed25519_sign_ex(buf, msg, ml, seed, pk, vs[variant], buf, cl) == F25519_OK &&
                          memcmp(buf, sig, 64) == 0,
                      "sign over ctx it=%d v=%d", it, variant);
            }
            /* signature over the seed / the public key */
            memcpy(buf, seed, 32);
            CHECK(f25519_ed25519_sign_ex(buf, msg, ml, buf, pk, vs[variant], cx, cl) == F25519_OK &&
                      memcmp(buf, sig, 64) == 0,
                  "sign over seed it=%d", it);
        }
        memcpy(buf, pub, 32);
        CHECK(f25519_ed25519_sign_ex(buf, msg, ml, seed, buf, vs[variant], cx, cl) == F25519_OK &&
                  memcmp(buf, sig, 64) == 0,
              "sign over pub it=%d", it);
        memcpy(buf, seed, 32);
        CHECK(f25519_ed25519_public(buf, buf) == F25519_OK && memcmp(buf, pub, 32) == 0,
              "ed25519 public in place");

        /* X25519 */
        uint8_t k[32], peer[32], sh[32], xp[32];
        tu_rand_bytes(k, 32);
        tu_rand_bytes(peer, 32);
        CHECK(f25519_x25519_derive(sh, k, peer, 32) == F25519_OK, "derive");
        CHECK(f25519_x25519_public(xp, k) == F25519_OK, "x25519 public");
        memcpy(buf, k, 32);
        CHECK(f25519_x25519_derive(buf, buf, peer, 32) == F25519_OK && !memcmp(buf, sh, 32),
              "derive over priv");
        memcpy(buf, peer, 32);
        CHECK(f25519_x25519_derive(buf, k, buf, 32) == F25519_OK && !memcmp(buf, sh, 32),
              "derive over peer");
        memcpy(buf, k, 32);
        CHECK(f25519_x25519_public(buf, buf) == F25519_OK && !memcmp(buf, xp, 32), "x25519 public in place");
    }
    /* x8 batches in place */
    {
        uint8_t k[8][32], u[8][32], a[8][32], b[8][32], want[8][32];
        tu_rand_bytes(&k[0][0], sizeof k);
        tu_rand_bytes(&u[0][0], sizeof u);
        CHECK(f25519_x25519_keygen_x8(want, (const uint8_t(*)[32])k) == F25519_OK, "keygen_x8");
        memcpy(a, k, sizeof a);
        CHECK(f25519_x25519_keygen_x8(a, (const uint8_t(*)[32])a) == F25519_OK && !memcmp(a, want, sizeof a),
              "x25519_keygen_x8 in place");
        CHECK(f25519_ed25519_keygen_x8(want, (const uint8_t(*)[32])k) == F25519_OK, "ed keygen_x8");
        memcpy(a, k, sizeof a);
        CHECK(f25519_ed25519_keygen_x8(a, (const uint8_t(*)[32])a) == F25519_OK && !memcmp(a, want, sizeof a),
              "ed25519_keygen_x8 in place");
        int st[8];
        CHECK(f25519_x25519_derive_x8(want, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u, st) == F25519_OK,
              "derive_x8");
        memcpy(a, k, sizeof a);
        CHECK(f25519_x25519_derive_x8(a, (const uint8_t(*)[32])a, (const uint8_t(*)[32])u, st) == F25519_OK &&
                  !memcmp(a, want, sizeof a),
              "derive_x8 over priv");
        memcpy(b, u, sizeof b);
        CHECK(f25519_x25519_derive_x8(b, (const uint8_t(*)[32])k, (const uint8_t(*)[32])b, st) == F25519_OK &&
                  !memcmp(b, want, sizeof b),
              "derive_x8 over peer");
    }
    printf("backend: %s\n", f25519_backend());
    return tu_finish("test_alias");
}
