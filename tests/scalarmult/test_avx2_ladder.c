/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The avx2 backend's x8 X25519 ladder (src/backend/avx2/ladder_avx2.c: two
 * 4-lane ladders on the radix-2^25.5 AVX2 field), called directly, lane by
 * lane against the portable ladder (f25519_x25519_ladder_portable) and
 * OpenSSL's X25519: RFC 7748 5.2/6.1 vectors in every lane (read from the
 * vector dir at test time), the 1000-iteration chain stepping through the
 * lanes, random inputs, u >= p, u with bit 255 set, low-order u (result 0),
 * extreme scalars (all bits set / only the clamped bits).
 * Exits 77 with "SKIP:" when the CPU lacks AVX2 (the avx2-emu twin runs
 * the same code on SIMDe).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include "fast25519.h"
#include "testutil.h"
#include "tu_x25519.h"
#include "backend/avx2/ladder_avx2.h"
#include "backend/portable/scalarmult_portable.h"

/* 8 cases through the batch, each lane against portable and OpenSSL. */
static void check_x8(const char *what, uint8_t k[8][32], uint8_t u[8][32], int expect_zero_lanes)
{
    uint8_t o[8][32], r[32], s[32];
    char h[65];
    f25519_ladder_avx2_x8(o, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u);
    for (int i = 0; i < 8; i++) {
        f25519_x25519_ladder_portable(r, k[i], u[i]);
        tu_ossl_x25519(s, k[i], u[i]);
        tu_checks++;
        if (memcmp(o[i], r, 32) || memcmp(o[i], s, 32)) {
            tu_hex_encode(h, u[i], 32);
            tu_fail("%s: lane %d differs from portable/OpenSSL for u=%s", what, i, h);
        }
        if (expect_zero_lanes & (1 << i)) CHECK(tu_all_zero(o[i], 32), "%s lane %d: expected 0", what, i);
    }
}

static void rand_x8(uint8_t k[8][32], uint8_t u[8][32])
{
    tu_rand_bytes(k, 8 * 32);
    tu_rand_bytes(u, 8 * 32);
    for (int j = 0; j < 8; j++) tu_clamp(k[j]);
}

static void test_rfc(void)
{
    json_t *doc = tu_load_json("rfc/rfc7748_x25519.json");
    const json_t *arr = json_object_get(doc, "x25519");
    uint8_t k[32], u[32], want[32];
    CHECK(json_array_size(arr) >= 2, "rfc7748: x25519[] missing");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *v = json_array_get(arr, i);
        tu_hex_exact(k, 32, tu_str(v, "scalar"), "scalar");
        tu_hex_exact(u, 32, tu_str(v, "u"), "u");
        tu_hex_exact(want, 32, tu_str(v, "output"), "output");
        tu_clamp(k);
        for (int lane = 0; lane < 8; lane++) {
            uint8_t k8[8][32], u8[8][32], o8[8][32];
            rand_x8(k8, u8);
            memcpy(k8[lane], k, 32);
            memcpy(u8[lane], u, 32);
            f25519_ladder_avx2_x8(o8, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])u8);
            CHECK(memcmp(o8[lane], want, 32) == 0, "rfc7748 %s (lane %d)", tu_str(v, "name"), lane);
        }
    }
    /* 1000 iterations, each step in a different lane */
    const json_t *it = json_object_get(doc, "iterated");
    uint8_t want1000[32], k8[8][32], u8[8][32], o8[8][32];
    tu_hex_exact(k, 32, tu_str(it, "k"), "k");
    tu_hex_exact(u, 32, tu_str(it, "u"), "u");
    for (int i = 1; i <= 1000; i++) {
        int lane = i % 8;
        rand_x8(k8, u8);
        memcpy(k8[lane], k, 32);
        tu_clamp(k8[lane]);
        memcpy(u8[lane], u, 32);
        f25519_ladder_avx2_x8(o8, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])u8);
        memcpy(u, k, 32);
        memcpy(k, o8[lane], 32);
    }
    tu_hex_exact(want1000, 32, tu_str(json_object_get(it, "results"), "1000"), "1000");
    CHECK(memcmp(k, want1000, 32) == 0, "rfc7748 iterated 1000 through the lanes");
    json_decref(doc);
}

int main(int argc, char **argv)
{
    tu_rng_init();
    tu_require_avx2_code(argv[0]);
    int iters = argc > 1 ? atoi(argv[1]) : 200;
    test_rfc();
    uint8_t k[8][32], u[8][32];
    for (int it = 0; it < iters; it++) {
        rand_x8(k, u);
        check_x8("random", k, u, 0);
    }
    /* u >= p (p .. p + 18), 2^255 - 1, bit 255 set */
    rand_x8(k, u);
    for (int l = 0; l < 8; l++) {
        memset(u[l], 0xff, 32);
        u[l][31] = l & 1 ? 0xff : 0x7f;
        u[l][0] = (uint8_t)(0xed + 2 * l);
    }
    check_x8("u >= p", k, u, 0);
    rand_x8(k, u);
    for (int l = 0; l < 8; l++) u[l][31] |= 0x80;
    check_x8("bit 255 set", k, u, 0);
    /* low-order u in every lane (with and without bit 255), result 0 */
    for (int rep = 0; rep < 2 * TU_X25519_LOW_ORDER_N; rep++) {
        rand_x8(k, u);
        int zero = 0;
        for (int l = 0; l < 8; l++) {
            if ((l + rep) % 3 == 0) continue; /* mix with random lanes */
            int idx = (l + rep) % TU_X25519_LOW_ORDER_N;
            tu_hex_exact(u[l], 32, tu_x25519_low_order[idx], "low-order u");
            if (rep >= TU_X25519_LOW_ORDER_N) u[l][31] |= 0x80;
            zero |= 1 << l;
        }
        check_x8("low order", k, u, zero);
    }
    /* extreme scalars: all bits allowed by the clamp, only the clamped bits */
    rand_x8(k, u);
    for (int l = 0; l < 8; l++) {
        memset(k[l], l & 1 ? 0xff : 0x00, 32);
        tu_clamp(k[l]);
    }
    check_x8("extreme scalars", k, u, 0);
    printf("test_avx2_ladder: RFC 7748 in every lane, 1000 iterations, %d random batches\n", iters);
    return tu_finish("test_avx2_ladder");
}
