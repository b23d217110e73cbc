/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* RFC 7748: the two 5.2 function vectors, the iterated test, the 6.1 DH example. */
#include <string.h>
#include "vectors.h"

static void iterated(const json_t *it, long max_iter)
{
    uint8_t k[32], u[32], r[32], want[32];
    const json_t *results = json_object_get(it, "results");
    tu_hex_exact(k, 32, tu_str(it, "k"), "iterated k");
    tu_hex_exact(u, 32, tu_str(it, "u"), "iterated u");
    long checked = 0;
    for (long i = 1; i <= max_iter; i++) {
        int rc = f25519_x25519_derive(r, k, u, 32);
        if (rc != F25519_OK) {
            tu_fail("rfc7748 iterated: derive failed at iteration %ld: %s", i, f25519_strerror(rc));
            return;
        }
        memcpy(u, k, 32);
        memcpy(k, r, 32);
        char key[24];
        snprintf(key, sizeof key, "%ld", i);
        const char *exp = tu_json_str(results, key);
        if (exp) {
            tu_hex_exact(want, 32, exp, "iterated result");
            CHECK(memcmp(k, want, 32) == 0, "rfc7748 iterated: result after %ld iterations differs", i);
            printf("  iterated %ld: %s\n", i, memcmp(k, want, 32) == 0 ? "ok" : "MISMATCH");
            checked++;
        }
    }
    CHECK(checked >= 1, "rfc7748 iterated: no result checked (max %ld)", max_iter);
}

void suite_rfc7748(long max_iter)
{
    json_t *doc = tu_load_json("rfc/rfc7748_x25519.json");
    const json_t *vecs = json_object_get(doc, "x25519");
    uint8_t k[32], u[32], want[32], out[32];
    CHECK(json_array_size(vecs) == 2, "rfc7748: expected 2 function vectors, found %zu", json_array_size(vecs));
    for (size_t i = 0; i < json_array_size(vecs); i++) {
        const json_t *v = json_array_get(vecs, i);
        tu_hex_exact(k, 32, tu_str(v, "scalar"), "scalar");
        tu_hex_exact(u, 32, tu_str(v, "u"), "u");
        tu_hex_exact(want, 32, tu_str(v, "output"), "output");
        int rc = f25519_x25519_derive(out, k, u, 32);
        CHECK(rc == F25519_OK && memcmp(out, want, 32) == 0, "rfc7748 %s: rc=%d, wrong output",
                 tu_str(v, "name"), rc);
    }

    const json_t *dh = json_object_get(doc, "dh");
    uint8_t ap[32], apub[32], bp[32], bpub[32], shared[32];
    tu_hex_exact(ap, 32, tu_str(dh, "alice_private"), "alice_private");
    tu_hex_exact(apub, 32, tu_str(dh, "alice_public"), "alice_public");
    tu_hex_exact(bp, 32, tu_str(dh, "bob_private"), "bob_private");
    tu_hex_exact(bpub, 32, tu_str(dh, "bob_public"), "bob_public");
    tu_hex_exact(shared, 32, tu_str(dh, "shared"), "shared");
    CHECK(f25519_x25519_public(out, ap) == F25519_OK && !memcmp(out, apub, 32), "rfc7748 dh: alice public");
    CHECK(f25519_x25519_public(out, bp) == F25519_OK && !memcmp(out, bpub, 32), "rfc7748 dh: bob public");
    CHECK(f25519_x25519_derive(out, ap, bpub, 32) == F25519_OK && !memcmp(out, shared, 32),
             "rfc7748 dh: alice's shared secret");
    CHECK(f25519_x25519_derive(out, bp, apub, 32) == F25519_OK && !memcmp(out, shared, 32),
             "rfc7748 dh: bob's shared secret");

    /* keygen: a fresh pair is consistent with public-from-private. */
    uint8_t priv[32], pub[32];
    for (int i = 0; i < 16; i++) {
        CHECK(f25519_x25519_keygen(priv, pub) == F25519_OK, "x25519_keygen failed");
        CHECK(f25519_x25519_public(out, priv) == F25519_OK && !memcmp(out, pub, 32),
                 "x25519_keygen: pub != public(priv)");
    }
    iterated(json_object_get(doc, "iterated"), max_iter);
    json_decref(doc);
}
