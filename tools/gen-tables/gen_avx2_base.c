/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Generator of avx2_base.c (see avx2_base.h): the radix-2^6 comb
 * table of the avx2 x8 fixed base, table i holding (j + 1) 2^(6 i) B for
 * j < 32 (gen_comb.h, the portable point code, as gen_mulx_base.c), each
 * entry in precomp form (y + x, y - x, 2dxy) multiplied by 1/2 mod p and
 * repacked into the ten radix-2^25.5 limbs of the avx2 field
 * (fe25x4_avx2.h), fully reduced; printed limb-major: for each table and
 * each of the 30 limbs, 4 rows of 8 entries (entry 8 r + s in row r, slot s).
 * The points are those of mulx_base.c (the mulx comb, radix 2^64): the
 * avx2 comb reads its entries with vpermd/blendv in 32-bit lanes of its own
 * radix, halved, so it keeps its own encoding; converting at run time would
 * put a repacking of every looked-up entry on the fixed-base path.
 * Deterministic; regenerated and diffed by tests/tables (cmake/F25519Tables.cmake).
 */
#include <stdio.h>
#include <string.h>
#include "point/ge51.h"
#include "tables/avx2_base.h"
#include "gen_comb.h"

#define ENTRIES (8 * F25519_BASE_AVX2_ROWS)

/* limb i at bit ceil(25.5 i), 26 bits (even i) or 25 bits (odd i) */
static void to25(uint32_t out[10], const fe51 *f)
{
    uint8_t s[32];
    fe51_tobytes(s, f); /* canonical */
    for (int i = 0; i < 10; i++) {
        int bit = (51 * i + 1) / 2, w = (i & 1) ? 25 : 26;
        uint32_t v = 0;
        for (int b = 0; b < w; b++) {
            int k = bit + b;
            v |= (uint32_t)((s[k >> 3] >> (k & 7)) & 1) << b;
        }
        out[i] = v;
    }
}

static fe51 half;
static uint32_t limbs[F25519_BASE_AVX2_TABLES][ENTRIES][30];

static void entry(int i, int j, const ge51_p3 *p)
{
    ge51_precomp q;
    ge51_p3_to_precomp(&q, p);
    const fe51 *c[3] = {&q.yplusx, &q.yminusx, &q.xy2d};
    for (int k = 0; k < 3; k++) {
        fe51 h;
        fe51_mul(&h, c[k], &half);
        to25(&limbs[i][j][10 * k], &h);
    }
}

int main(void)
{
    ge51_p3 B;
    if (gen_base_point(&B) != 0) return 1;
    /* 1/2 mod p = (p + 1) / 2 = 2^254 - 9 */
    uint8_t hb[32];
    memset(hb, 0xff, 32);
    hb[0] = 0xf7;
    hb[31] = 0x3f;
    fe51_frombytes(&half, hb);
    gen_comb_points(&B, F25519_BASE_AVX2_TABLES, F25519_BASE_AVX2_SPACING, ENTRIES, entry);

    printf("/* SPDX-License-Identifier: Apache-2.0 OR MIT */\n");
    printf("/* generated, do not edit: build/bin/f25519_gen_avx2_base > src/tables/avx2_base.c\n"
           " * (tools/gen-tables/gen_avx2_base.c; test tables_avx2_base regenerates and diffs it) */\n");
    printf("#include \"tables/avx2_base.h\"\n\n");
    printf("const uint32_t f25519_avx2_base_comb[F25519_BASE_AVX2_TABLES][30][F25519_BASE_AVX2_ROWS][8]\n"
           "    __attribute__((aligned(32))) = {\n");
    for (int i = 0; i < F25519_BASE_AVX2_TABLES; i++) {
        printf("  {\n");
        for (int l = 0; l < 30; l++) {
            printf("    {\n");
            for (int r = 0; r < F25519_BASE_AVX2_ROWS; r++) {
                printf("      {");
                for (int s = 0; s < 8; s++) printf("0x%07x%s", limbs[i][8 * r + s][l], s < 7 ? ", " : "");
                printf("},\n");
            }
            printf("    },\n");
        }
        printf("  },\n");
    }
    printf("};\n\n");
    /* 1/d: the first digit's point is made extended directly, T = (dxy) / d */
    fe51 dinv;
    uint32_t dl[10];
    fe51_invert(&dinv, &fe51_d);
    to25(dl, &dinv);
    printf("const uint32_t f25519_avx2_base_dinv[10] = {");
    for (int k = 0; k < 10; k++) printf("0x%07x%s", dl[k], k < 9 ? ", " : "};\n");
    return 0;
}
