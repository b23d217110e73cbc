/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The x8 batch APIs lane by lane against the single calls on the same inputs:
 * f25519_x25519_keygen_x8, f25519_ed25519_keygen_x8, f25519_x25519_derive_x8
 * (random lanes, the 518 Wycheproof x25519 cases eight at a time, and
 * low-order peers in chosen lanes: per-lane status and zeroed output).
 */
#include <stdlib.h>
#include <string.h>
#include "vectors.h"

#define ROUNDS 200

/* Extreme private keys that exercise clamping and carries. */
static void special_secret(uint8_t k[32], int which)
{
    switch (which % 4) {
    case 0: memset(k, 0, 32); break;
    case 1: memset(k, 0xff, 32); break;
    case 2: memset(k, 0, 32); k[0] = 8; break;
    default: tu_rand_bytes(k, 32); k[31] |= 0x80; break;
    }
}

static void keygen_x8(void)
{
    uint8_t k[8][32], pub8[8][32], one[32];
    for (int r = 0; r < ROUNDS; r++) {
        for (int l = 0; l < 8; l++) {
            if (r < 4 && (l & 1)) special_secret(k[l], r * 8 + l);
            else tu_rand_bytes(k[l], 32);
        }
        memset(pub8, 0xa5, sizeof pub8);
        int rc = f25519_x25519_keygen_x8(pub8, (const uint8_t(*)[32])k);
        CHECK(rc == F25519_OK, "x25519_keygen_x8 round %d: rc=%d", r, rc);
        for (int l = 0; l < 8; l++) {
            f25519_x25519_public(one, k[l]);
            CHECK(!memcmp(one, pub8[l], 32), "x25519_keygen_x8 round %d lane %d differs from x25519_public", r, l);
        }
        memset(pub8, 0xa5, sizeof pub8);
        rc = f25519_ed25519_keygen_x8(pub8, (const uint8_t(*)[32])k);
        CHECK(rc == F25519_OK, "ed25519_keygen_x8 round %d: rc=%d", r, rc);
        for (int l = 0; l < 8; l++) {
            f25519_ed25519_public(one, k[l]);
            CHECK(!memcmp(one, pub8[l], 32), "ed25519_keygen_x8 round %d lane %d differs from ed25519_public", r, l);
        }
    }
    printf("  keygen_x8 (x25519, ed25519): %d rounds of 8 lanes\n", ROUNDS);
}

/* Low-order u-coordinates: the harness's list (0, 1, the order-8 points, p-1,
 * and the non-canonical p (= 0) and p+1 (= 1)). Bit 255 is ignored by X25519,
 * so each is also tried with it set (low_order_peer). */
#define N_LOW_ORDER ((size_t)TU_X25519_LOW_ORDER_N)

static void low_order_peer(uint8_t u[32], size_t i, int top_bit)
{
    tu_hex_exact(u, 32, tu_x25519_low_order[i % N_LOW_ORDER], "low-order u");
    if (top_bit) u[31] |= 0x80;
}

/* Runs derive_x8 on the given lanes and compares with 8 single derives. */
static void check_derive_x8(uint8_t k[8][32], uint8_t u[8][32], const char *what, int round)
{
    uint8_t out8[8][32], one[32];
    int status[8], single[8], any_fail = 0;
    for (int l = 0; l < 8; l++) status[l] = 12345;
    memset(out8, 0xa5, sizeof out8);
    int rc = f25519_x25519_derive_x8(out8, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u, status);
    for (int l = 0; l < 8; l++) {
        memset(one, 0x5a, 32);
        single[l] = f25519_x25519_derive(one, k[l], u[l], 32);
        any_fail |= single[l] != F25519_OK;
        CHECK(status[l] == single[l], "derive_x8 %s %d lane %d: status %d, single call %d", what, round, l,
                 status[l], single[l]);
        CHECK(!memcmp(one, out8[l], 32), "derive_x8 %s %d lane %d: output differs from the single derive", what,
                 round, l);
        if (single[l] != F25519_OK)
            CHECK(is_zero(out8[l], 32), "derive_x8 %s %d lane %d: failed lane not zeroed", what, round, l);
    }
    CHECK(rc == (any_fail ? F25519_ERR_ZERO_SHARED : F25519_OK), "derive_x8 %s %d: rc=%d, lanes %s", what, round,
             rc, any_fail ? "had a failure" : "all ok");
    /* status may be NULL: same outputs and return code. */
    uint8_t again[8][32];
    int rc2 = f25519_x25519_derive_x8(again, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u, NULL);
    CHECK(rc2 == rc && !memcmp(again, out8, sizeof again), "derive_x8 %s %d: status=NULL changes the result",
             what, round);
}

static void derive_x8(void)
{
    uint8_t k[8][32], u[8][32];
    for (int r = 0; r < ROUNDS; r++) { /* random lanes, some low-order peers */
        for (int l = 0; l < 8; l++) {
            tu_rand_bytes(k[l], 32);
            if (r % 3 == 1 && tu_rand_below(3) == 0)
                low_order_peer(u[l], tu_rand_below(N_LOW_ORDER), (int)tu_rand_below(2));
            else if (r % 5 == 2) f25519_x25519_public(u[l], k[(l + 1) % 8]);
            else tu_rand_bytes(u[l], 32);
        }
        check_derive_x8(k, u, "random round", r);
    }
    for (size_t i = 0; i < N_LOW_ORDER; i++) { /* every low-order value in every lane */
        for (int lane = 0; lane < 8; lane++) {
            for (int l = 0; l < 8; l++) {
                tu_rand_bytes(k[l], 32);
                tu_rand_bytes(u[l], 32);
            }
            low_order_peer(u[lane], i, lane & 1);
            uint8_t one[32];
            int rc1 = f25519_x25519_derive(one, k[lane], u[lane], 32);
            CHECK(rc1 == F25519_ERR_ZERO_SHARED && is_zero(one, 32),
                     "x25519_derive with low-order peer %s (top bit %d): rc=%d, want ZERO_SHARED and zeroed output",
                     tu_x25519_low_order[i], lane & 1, rc1);
            check_derive_x8(k, u, "low-order", (int)(i * 8 + lane));
        }
    }
    /* The Wycheproof x25519 cases, eight at a time, against their expected secrets. */
    json_t *doc = tu_load_json("wycheproof/v1/x25519_test.json");
    const json_t *tests = json_object_get(json_array_get(json_object_get(doc, "testGroups"), 0), "tests");
    size_t n = json_array_size(tests);
    for (size_t base = 0; base < n; base += 8) {
        uint8_t want[8][32], out8[8][32];
        int status[8];
        for (int l = 0; l < 8; l++) {
            const json_t *t = json_array_get(tests, (base + l) % n);
            tu_hex_exact(k[l], 32, tu_str(t, "private"), "private");
            tu_hex_exact(u[l], 32, tu_str(t, "public"), "public");
            tu_hex_exact(want[l], 32, tu_str(t, "shared"), "shared");
        }
        f25519_x25519_derive_x8(out8, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u, status);
        for (int l = 0; l < 8; l++) {
            int zero = is_zero(want[l], 32);
            CHECK(!memcmp(out8[l], want[l], 32) && status[l] == (zero ? F25519_ERR_ZERO_SHARED : F25519_OK),
                     "derive_x8 wycheproof tcId %d (lane %d): status %d or wrong secret",
                     tu_json_int(json_array_get(tests, (base + l) % n), "tcId"), l, status[l]);
        }
        check_derive_x8(k, u, "wycheproof block", (int)(base / 8));
    }
    json_decref(doc);
    printf("  derive_x8: %d random rounds, %zu low-order values x 8 lanes, %zu Wycheproof cases\n", ROUNDS,
           N_LOW_ORDER, n);
}

void suite_batch(void)
{
    keygen_x8();
    derive_x8();
}
