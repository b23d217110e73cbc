/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Tests of the AVX-512IFMA X25519 ladders (src/backend/ifma/ladder_ifma*.c),
 * called directly (they are compiled in whether or not the ifma backend is
 * switched on), lane by lane against two independent references: the
 * portable C ladder (f25519_x25519_ladder_portable, radix 2^51) and
 * OpenSSL's X25519 (EVP). Modes (argv[1]):
 *   vectors  RFC 7748 5.2 / 6.1 vectors and the 1 and 1000 iterations
 *            (read from the vector dir at test time), random inputs, u >= p,
 *            u with bit 255 set, low-order u (result 0), extreme inputs,
 *            the x8 batch lane by lane.              [default]
 *   iter1m   RFC 7748 5.2 one-million iterations (slow).
 * (The ladders' timing check is tests/ct/ct_dudect_ladder_ifma.c.)
 * Exits 77 with "SKIP:" when the CPU lacks AVX-512F/VL/IFMA.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/evp.h>
#include "fast25519.h"
#include "testutil.h"
#include "tu_x25519.h"
#include "backend/ifma/ladder_ifma.h"
#include "backend/portable/scalarmult_portable.h"

/* One case through the single ladder and both references. */
static void check_one(const char *what, const uint8_t k[32], const uint8_t u[32], int expect_zero)
{
    uint8_t o[32], p[32], s[32];
    char h[65];
    f25519_ladder_ifma(o, k, u);
    f25519_x25519_ladder_portable(p, k, u);
    tu_ossl_x25519(s, k, u);
    tu_checks++;
    if (memcmp(o, p, 32) || memcmp(o, s, 32)) {
        tu_hex_encode(h, u, 32);
        tu_fail("%s: ifma single != portable/OpenSSL for u=%s", what, h);
    }
    if (expect_zero) CHECK(tu_all_zero(o, 32), "%s: expected the all-zero result", what);
}

/* 8 cases through the batch, each lane against the single ladder (checked
 * itself by check_one) and the portable ladder. */
static void check_x8(const char *what, uint8_t k[8][32], uint8_t u[8][32])
{
    uint8_t o[8][32], r[32], q[32];
    f25519_ladder_ifma_x8(o, (const uint8_t(*)[32])k, (const uint8_t(*)[32])u);
    for (int i = 0; i < 8; i++) {
        f25519_x25519_ladder_portable(r, k[i], u[i]);
        f25519_ladder_ifma(q, k[i], u[i]);
        CHECK(memcmp(o[i], r, 32) == 0 && memcmp(o[i], q, 32) == 0,
                 "%s: x8 lane %d differs from portable/single", what, i);
    }
}

/* p = 2^255 - 19 plus small, little-endian. */
static void p_plus(uint8_t u[32], unsigned add)
{
    memset(u, 0xff, 32);
    u[31] = 0x7f;
    u[0] = (uint8_t)(0xed + add); /* add <= 18: u in [p, 2^255) */
}

/* Low-order u number i in [0, 2 * TU_X25519_LOW_ORDER_N): the harness's list
 * (orders 1, 2, 4, 8, canonical and +p encodings; X25519 of any is 0, RFC 7748
 * 6.1), then the same with bit 255 set. */
#define N_LOW_ORDER (2 * TU_X25519_LOW_ORDER_N)
static void low_order_u(uint8_t u[32], size_t i)
{
    tu_hex_exact(u, 32, tu_x25519_low_order[i % TU_X25519_LOW_ORDER_N], "low-order u");
    if (i >= TU_X25519_LOW_ORDER_N) u[31] |= 0x80;
}

static void test_rfc(void)
{
    json_t *doc = tu_load_json("rfc/rfc7748_x25519.json");
    const json_t *arr = json_object_get(doc, "x25519");
    uint8_t k[32], u[32], want[32], o[32];
    CHECK(json_array_size(arr) >= 2, "rfc7748: x25519[] missing");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *v = json_array_get(arr, i);
        tu_hex_exact(k, 32, tu_str(v, "scalar"), "scalar");
        tu_hex_exact(u, 32, tu_str(v, "u"), "u");
        tu_hex_exact(want, 32, tu_str(v, "output"), "output");
        tu_clamp(k);
        f25519_ladder_ifma(o, k, u);
        CHECK(memcmp(o, want, 32) == 0, "rfc7748 %s (single)", tu_str(v, "name"));
        /* the same vector in every lane of the batch, with other lanes random */
        for (int lane = 0; lane < 8; lane++) {
            uint8_t k8[8][32], u8[8][32], o8[8][32];
            tu_rand_bytes(k8, sizeof k8);
            tu_rand_bytes(u8, sizeof u8);
            for (int j = 0; j < 8; j++) tu_clamp(k8[j]);
            memcpy(k8[lane], k, 32);
            memcpy(u8[lane], u, 32);
            f25519_ladder_ifma_x8(o8, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])u8);
            CHECK(memcmp(o8[lane], want, 32) == 0, "rfc7748 %s (x8 lane %d)", tu_str(v, "name"), lane);
        }
    }
    /* 6.1: both public keys and the shared secret */
    const json_t *dh = json_object_get(doc, "dh");
    if (dh) {
        uint8_t a[32], b[32], apub[32], bpub[32], shared[32], nine[32] = { 9 };
        tu_hex_exact(a, 32, tu_str(dh, "alice_private"), "alice_private");
        tu_hex_exact(b, 32, tu_str(dh, "bob_private"), "bob_private");
        tu_hex_exact(apub, 32, tu_str(dh, "alice_public"), "alice_public");
        tu_hex_exact(bpub, 32, tu_str(dh, "bob_public"), "bob_public");
        tu_hex_exact(shared, 32, tu_str(dh, "shared"), "shared");
        tu_clamp(a);
        tu_clamp(b);
        f25519_ladder_ifma(o, a, nine);
        CHECK(memcmp(o, apub, 32) == 0, "rfc7748 6.1 alice_public");
        f25519_ladder_ifma(o, b, nine);
        CHECK(memcmp(o, bpub, 32) == 0, "rfc7748 6.1 bob_public");
        f25519_ladder_ifma(o, a, bpub);
        CHECK(memcmp(o, shared, 32) == 0, "rfc7748 6.1 shared (alice)");
        f25519_ladder_ifma(o, b, apub);
        CHECK(memcmp(o, shared, 32) == 0, "rfc7748 6.1 shared (bob)");
    } else {
        tu_fail("rfc7748: dh missing");
    }
    json_decref(doc);
}

/* RFC 7748 5.2 iterations: k = u = 9; r = X25519(k, u); u = k; k = r.
 * Run on the single ladder, and (for n <= 1000) on lane n % 8 of the batch. */
static void test_iter(long n_max)
{
    json_t *doc = tu_load_json("rfc/rfc7748_x25519.json");
    const json_t *it = json_object_get(doc, "iterated");
    const json_t *res = json_object_get(it, "results");
    uint8_t k[32], u[32], r[32], kc[32], want[32];
    tu_hex_exact(k, 32, tu_str(it, "k"), "k");
    tu_hex_exact(u, 32, tu_str(it, "u"), "u");
    for (long i = 1; i <= n_max; i++) {
        memcpy(kc, k, 32);
        tu_clamp(kc);
        f25519_ladder_ifma(r, kc, u);
        memcpy(u, k, 32);
        memcpy(k, r, 32);
        char key[16];
        snprintf(key, sizeof key, "%ld", i);
        const char *w = tu_json_str(res, key);
        if (w) {
            tu_hex_exact(want, 32, w, key);
            CHECK(memcmp(k, want, 32) == 0, "rfc7748 iterated %s", key);
            printf("iterated %s: %s\n", key, memcmp(k, want, 32) ? "FAIL" : "ok");
        }
    }
    json_decref(doc);
}

static void test_iter_x8(void)
{
    /* the 1000-iteration chain with each step in a different lane */
    json_t *doc = tu_load_json("rfc/rfc7748_x25519.json");
    const json_t *it = json_object_get(doc, "iterated");
    uint8_t k[32], u[32], want[32], k8[8][32], u8[8][32], o8[8][32];
    tu_hex_exact(k, 32, tu_str(it, "k"), "k");
    tu_hex_exact(u, 32, tu_str(it, "u"), "u");
    for (int i = 1; i <= 1000; i++) {
        int lane = i % 8;
        tu_rand_bytes(k8, sizeof k8);
        tu_rand_bytes(u8, sizeof u8);
        memcpy(k8[lane], k, 32);
        for (int j = 0; j < 8; j++) tu_clamp(k8[j]);
        memcpy(u8[lane], u, 32);
        f25519_ladder_ifma_x8(o8, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])u8);
        memcpy(u, k, 32);
        memcpy(k, o8[lane], 32);
    }
    tu_hex_exact(want, 32, tu_str(json_object_get(it, "results"), "1000"), "1000");
    CHECK(memcmp(k, want, 32) == 0, "rfc7748 iterated 1000 through x8 lanes");
    json_decref(doc);
}

static void test_special(void)
{
    uint8_t k[32], u[32], u2[32], o1[32], o2[32];
    char what[64];
    /* low-order u: all-zero result, for random and extreme scalars */
    for (size_t i = 0; i < N_LOW_ORDER; i++) {
        low_order_u(u, i);
        for (int r = 0; r < 4; r++) {
            if (r == 0) memset(k, 0, 32);
            else if (r == 1) memset(k, 0xff, 32);
            else tu_rand_bytes(k, 32);
            tu_clamp(k);
            snprintf(what, sizeof what, "low-order u #%zu", i);
            check_one(what, k, u, 1);
        }
    }
    /* u >= p (p .. 2^255 - 1) is reduced; also with bit 255 set */
    for (unsigned a = 0; a <= 18; a++) {
        tu_rand_bytes(k, 32);
        tu_clamp(k);
        p_plus(u, a);
        check_one("u >= p", k, u, a == 0 || a == 1);
        u[31] |= 0x80;
        check_one("u >= p, bit 255", k, u, a == 0 || a == 1);
    }
    /* bit 255 of u is ignored */
    for (int i = 0; i < 50; i++) {
        tu_rand_bytes(k, 32);
        tu_clamp(k);
        tu_rand_bytes(u, 32);
        memcpy(u2, u, 32);
        u[31] &= 0x7f;
        u2[31] |= 0x80;
        f25519_ladder_ifma(o1, k, u);
        f25519_ladder_ifma(o2, k, u2);
        CHECK(memcmp(o1, o2, 32) == 0, "bit 255 of u not ignored");
        check_one("u bit 255 set", k, u2, 0);
    }
    /* extreme inputs: every limb at its maximum, all-ones, sparse */
    static const uint8_t pat[] = { 0x00, 0xff, 0x80, 0x01, 0x55, 0xaa, 0xfe, 0x7f };
    for (size_t a = 0; a < sizeof pat; a++) {
        for (size_t b = 0; b < sizeof pat; b++) {
            memset(k, pat[a], 32);
            tu_clamp(k);
            memset(u, pat[b], 32);
            check_one("extreme pattern", k, u, 0);
        }
    }
    /* u = 2^255 - 1 (limbs all 2^51 - 1), u = 2^51 - 1 etc. */
    memset(u, 0xff, 32);
    for (int i = 0; i < 10; i++) {
        tu_rand_bytes(k, 32);
        tu_clamp(k);
        check_one("u = 2^256 - 1", k, u, 0);
    }
    /* random */
    for (int i = 0; i < 1000; i++) {
        tu_rand_bytes(k, 32);
        tu_clamp(k);
        tu_rand_bytes(u, 32);
        check_one("random", k, u, 0);
    }
}

static void test_x8(void)
{
    uint8_t k[8][32], u[8][32];
    for (int t = 0; t < 150; t++) {
        tu_rand_bytes(k, sizeof k);
        tu_rand_bytes(u, sizeof u);
        for (int i = 0; i < 8; i++) tu_clamp(k[i]);
        if (t % 3 == 1) {  /* mix special inputs into some lanes */
            int lane = (int)tu_rand_below(8);
            low_order_u(u[lane], (size_t)t % N_LOW_ORDER);
            lane = (int)tu_rand_below(8);
            p_plus(u[lane], tu_rand_below(19));
            lane = (int)tu_rand_below(8);
            memset(u[lane], 0xff, 32);
        }
        if (t % 5 == 2) {  /* identical lanes, extreme scalars */
            memset(k[0], 0xff, 32);
            memset(k[1], 0x00, 32);
            tu_clamp(k[0]);
            tu_clamp(k[1]);
            memcpy(k[2], k[3], 32);
            memcpy(u[2], u[3], 32);
        }
        check_x8("x8 random/special", k, u);
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "vectors";
    const char *name = "ladder_ifma";
    tu_require_ifma_code(name);
    printf("%s %s: ifma backend switched on in this build: %s\n", name, mode,
           f25519_backend_available(TU_IFMA_NAME) ? "yes" : "no (ladders tested directly)");
    tu_rng_init();
    if (strcmp(mode, "vectors") == 0) {
        test_rfc();
        test_iter(1000);
        test_iter_x8();
        test_special();
        test_x8();
    } else if (strcmp(mode, "iter1m") == 0) {
        test_iter(1000000);
    } else {
        fprintf(stderr, "usage: %s [vectors|iter1m]\n", argv[0]);
        return 2;
    }
    return tu_finish(name);
}
