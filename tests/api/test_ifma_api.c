/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The whole public API under the ifma backend vs the portable backend on
 * random inputs (in-process switch with f25519_select_backend): X25519 public
 * x1/x8, derive x1/x8, Ed25519 public x1/x8, sign, verify (valid and
 * corrupted signatures, all three modes). Exits 77 (SKIP) without IFMA.
 */
#include "testutil.h"

static void use(const char *name)
{
    if (f25519_select_backend(name) != F25519_OK) {
        printf("FAIL: cannot select %s\n", name);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    tu_rng_init();
    tu_require_ifma_backend(argv[0]);
    int iters = argc > 1 ? atoi(argv[1]) : 2000;
    for (int it = 0; it < iters; it++) {
        uint8_t k[8][32], u[8][32], a[8][32], b[8][32], s1[32], s2[32];
        int st1[8], st2[8];
        tu_rand_bytes(&k[0][0], sizeof k);
        tu_rand_bytes(&u[0][0], sizeof u);
        if (it % 50 == 0) memset(u[it % 8], 0, 32); /* low-order peer: zero shared */

        use(TU_IFMA_NAME);
        int r1 = f25519_x25519_keygen_x8(a, (const uint8_t(*)[32])k);
        use("portable");
        int r2 = f25519_x25519_keygen_x8(b, (const uint8_t(*)[32])k);
        CHECK(r1 == r2 && !memcmp(a, b, sizeof a), "x25519_keygen_x8 iter %d", it);

        use(TU_IFMA_NAME);
        r1 = f25519_x25519_public(s1, k[0]);
        use("portable");
        r2 = f25519_x25519_public(s2, k[0]);
        CHECK(r1 == r2 && !memcmp(s1, s2, 32), "x25519_public iter %d", it);

        use(TU_IFMA_NAME);
        r1 = f25519_x25519_derive(s1, k[1], u[1], 32);
        use("portable");
        r2 = f25519_x25519_derive(s2, k[1], u[1], 32);
        CHECK(r1 == r2 && !memcmp(s1, s2, 32), "x25519_derive iter %d", it);

        if (it % 4 == 0) {
            use(TU_IFMA_NAME);
            r1 = f25519_x25519_derive_x8(a, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u, st1);
            use("portable");
            r2 = f25519_x25519_derive_x8(b, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u, st2);
            CHECK(r1 == r2 && !memcmp(a, b, sizeof a) && !memcmp(st1, st2, sizeof st1),
                    "x25519_derive_x8 iter %d", it);
        }

        use(TU_IFMA_NAME);
        r1 = f25519_ed25519_keygen_x8(a, (const uint8_t(*)[32])k);
        use("portable");
        r2 = f25519_ed25519_keygen_x8(b, (const uint8_t(*)[32])k);
        CHECK(r1 == r2 && !memcmp(a, b, sizeof a), "ed25519_keygen_x8 iter %d", it);

        uint8_t pub1[32], pub2[32], sig1[64], sig2[64], msg[100];
        size_t mlen = (size_t)(tu_rand64() % sizeof msg);
        tu_rand_bytes(msg, sizeof msg);
        use(TU_IFMA_NAME);
        r1 = f25519_ed25519_public(pub1, k[2]);
        use("portable");
        r2 = f25519_ed25519_public(pub2, k[2]);
        CHECK(r1 == r2 && !memcmp(pub1, pub2, 32) && !memcmp(pub1, a[2], 32), "ed25519_public iter %d", it);

        use(TU_IFMA_NAME);
        r1 = f25519_ed25519_sign(sig1, msg, mlen, k[2], (it & 1) ? pub1 : NULL);
        use("portable");
        r2 = f25519_ed25519_sign(sig2, msg, mlen, k[2], pub2);
        CHECK(r1 == r2 && !memcmp(sig1, sig2, 64), "ed25519_sign iter %d", it);

        /* verify: valid, then corrupted signature / message / key */
        for (int c = 0; c < 4; c++) {
            uint8_t s[64], m[100], p[32];
            memcpy(s, sig1, 64);
            memcpy(m, msg, sizeof m);
            memcpy(p, pub1, 32);
            if (c == 1) s[tu_rand64() % 64] ^= (uint8_t)(1u << (tu_rand64() % 8));
            if (c == 2 && mlen) m[tu_rand64() % mlen] ^= 1;
            if (c == 3) p[tu_rand64() % 32] ^= (uint8_t)(1u << (tu_rand64() % 8));
            for (int mode = 0; mode < 3; mode++) {
                use(TU_IFMA_NAME);
                r1 = f25519_ed25519_verify(s, 64, m, mlen, p, 32, mode);
                use("portable");
                r2 = f25519_ed25519_verify(s, 64, m, mlen, p, 32, mode);
                CHECK(r1 == r2, "ed25519_verify iter %d corruption %d mode %d: ifma %d portable %d", it,
                        c, mode, r1, r2);
                if (c == 0) CHECK(r1 == F25519_OK, "valid signature rejected iter %d mode %d", it, mode);
            }
        }
    }
    printf("test_ifma_api: %d iterations, ifma == portable\n", iters);
    return tu_finish("test_ifma_api");
}
