/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The avx2 backend's x8 fixed base (src/backend/avx2/base_avx2.c: two 4-lane
 * combs on the radix-2^25.5 AVX2 field), called directly, lane by lane
 * against the portable backend: x25519_base_x8 vs the portable comb
 * (ops.x25519_base) and the portable ladder X25519(k, 9); ed25519_base_x8 vs
 * the portable ed25519_base. Keys: random (clamped and raw < 2^255) and the
 * edges, each placed in every lane: 0, 1, 2^254 and 2^255 - 8 (clamped
 * extremes), 2^255 - 1, L, L - 1, L + 1, the digit extremes (every radix-16
 * digit -8, every digit +7/+8), small multiples 1..16.
 * Exits 77 with "SKIP:" when the CPU lacks AVX2 (the avx2-emu twin runs
 * the same code on SIMDe).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "tu_x25519.h"
#include "ops.h"
#include "backend/avx2/base_avx2.h"
#include "backend/portable/scalarmult_portable.h"

static const char *L_HEX = "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010";

static void check_x8(const char *what, uint8_t k[8][32], int ladder)
{
    static const uint8_t nine[32] = {9};
    const f25519_ops *port = &f25519_ops_portable;
    uint8_t o[8][32], e[8][32], r[32];
    char h[65];
    f25519_x25519_base_avx2_x8(o, (const uint8_t(*)[32])k);
    f25519_ed25519_base_avx2_x8(e, (const uint8_t(*)[32])k);
    for (int i = 0; i < 8; i++) {
        tu_hex_encode(h, k[i], 32);
        port->x25519_base(r, k[i]);
        CHECK(!memcmp(o[i], r, 32), "%s: x25519 lane %d differs from portable for k=%s", what, i, h);
        if (ladder) {
            f25519_x25519_ladder_portable(r, k[i], nine);
            CHECK(!memcmp(o[i], r, 32), "%s: x25519 lane %d differs from the ladder for k=%s", what, i, h);
        }
        port->ed25519_base(r, k[i]);
        CHECK(!memcmp(e[i], r, 32), "%s: ed25519 lane %d differs from portable for k=%s", what, i, h);
    }
}

/* key `edge` in lane `lane`, random clamped keys elsewhere */
static void check_edge(const char *what, const uint8_t edge[32], int ladder)
{
    for (int lane = 0; lane < 8; lane++) {
        uint8_t k[8][32];
        tu_rand_bytes(k, sizeof k);
        for (int l = 0; l < 8; l++) tu_clamp(k[l]);
        memcpy(k[lane], edge, 32);
        check_x8(what, k, ladder);
    }
}

int main(int argc, char **argv)
{
    tu_rng_init();
    tu_require_avx2_code(argv[0]);
    int iters = argc > 1 ? atoi(argv[1]) : 100;
    uint8_t k[8][32], x[32];
    for (int it = 0; it < iters; it++) {
        tu_rand_bytes(k, sizeof k);
        for (int l = 0; l < 8; l++) {
            if (it & 1)
                k[l][31] &= 0x7f; /* any a < 2^255 (ed25519: a mod L) */
            else
                tu_clamp(k[l]);
        }
        check_x8(it & 1 ? "random < 2^255" : "random clamped", k, !(it & 1));
    }
    memset(x, 0, 32);
    check_edge("0", x, 0);
    for (int v = 1; v <= 16; v++) {
        x[0] = (uint8_t)v;
        check_edge("small", x, 0);
    }
    memset(x, 0, 32); x[31] = 0x40;
    check_edge("2^254", x, 1);
    memset(x, 0xff, 32); tu_clamp(x);
    check_edge("2^255 - 8", x, 1);
    memset(x, 0xff, 32); x[31] = 0x7f;
    check_edge("2^255 - 1", x, 0);
    tu_hex_exact(x, 32, L_HEX, "L");
    check_edge("L", x, 0);
    x[0]--;
    check_edge("L - 1", x, 0);
    x[0] += 2;
    check_edge("L + 1", x, 0);
    memset(x, 0x88, 32); x[31] = 0x08;
    check_edge("digits -8", x, 0);
    memset(x, 0x77, 32);
    check_edge("digits 7", x, 0);
    memset(x, 0x88, 32); x[31] = 0x78;
    check_edge("digits -8, top 8", x, 0);
    printf("test_avx2_base: %d random batches, edge keys in every lane\n", iters);
    return tu_finish("test_avx2_base");
}
