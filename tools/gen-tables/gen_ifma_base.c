/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Generator of ifma_base.c: the fixed-base tables of the IFMA backend, every
 * entry an affine precomputed point (y + x, y - x, 2 d x y), fully reduced,
 * in 5 radix-2^51 limbs, built with the portable point code (gen_comb.h).
 *
 *   f25519_ifma_base_table_8x1[52][15][16]: radix-32 tables of the 8x1 path,
 *       W_j(v) = 2^(5j) v B, j = 0..51, v = 1..16, [table][limb][v-1], limbs
 *       in the order ypx0..4, ymx0..4, xy2d0..4: two zmm rows hold limb i of
 *       the 16 entries, so a lane selects its entry with one in-register
 *       two-source permutation (vpermt2q).
 *   f25519_ifma_base_table_r128[2][15][64]: radix-128 tables of the 8-lane
 *       verification kernels (msm_ifma.c), W(v) = 2^(133 j) v B, j = 0, 1,
 *       v = 1..64, [table][limb][v-1]: eight zmm rows per limb, four
 *       vpermt2q and three blends per lookup; B's scalar in 37 signed
 *       radix-128 digits (19 over W_0, 18 over W_1 in the half-size kernel)
 *       costs 37 additions where radix 64 costs 43.
 *   f25519_ifma_base_table_1x8[8][8][15][8]: T_u(v) = 2^(4u) v B, u < 64,
 *       v = 1..8 (Zhang et al., ENG25519, sec. 3.4 and eq. 8, with all 64
 *       tables so that no doubling is needed: each lane owns 8 consecutive
 *       tables), [step][v-1][limb][lane]; lane l at step s reads u = 8 l + s.
 *   f25519_ifma_base_table_naf[256][5][4]: (2i + 1) B, i < 256 (w = 10 NAF
 *       digits of the 1x4 double-scalar method), 1x4 pre form [limb][lane]
 *       with lanes y - x, y + x, 2dxy, 2.
 *
 * The 1x8 tables of even u hold the points of base_table.c's
 * f25519_base_comb, and the first 64 w-NAF entries those of f25519_base_odd;
 * ifma keeps its own copies because it reads them transposed (one aligned
 * zmm row per limb across entries or lanes), where base_table.c holds one
 * point after another: deriving them would add a transposition to each lookup.
 * Deterministic; regenerated and diffed by tests/tables (cmake/F25519Tables.cmake).
 */
#include <stdio.h>
#include "point/ge51.h"
#include "tables/ifma_base.h"
#include "gen_comb.h"

/* The canonical value of f in 5 limbs of 51 bits. */
static void limbs51(uint64_t out[5], const fe51 *f)
{
    uint8_t s[32];
    fe51_tobytes(s, f);
    for (int i = 0; i < 5; i++) {
        out[i] = 0;
        for (int b = 0; b < 51; b++) {
            int k = 51 * i + b;
            out[i] |= (uint64_t)((s[k >> 3] >> (k & 7)) & 1) << b;
        }
    }
}

/* The 15 limbs ypx0..4, ymx0..4, xy2d0..4 of p. */
static void precomp15(uint64_t out[15], const ge51_p3 *p)
{
    ge51_precomp q;
    ge51_p3_to_precomp(&q, p);
    limbs51(out, &q.yplusx);
    limbs51(out + 5, &q.yminusx);
    limbs51(out + 10, &q.xy2d);
}

static uint64_t t8x1[52][16][15];
static uint64_t t1x8[64][8][15];
static uint64_t tr128[20][64][15];

static void entry_8x1(int i, int j, const ge51_p3 *p) { precomp15(t8x1[i][j], p); }
static void entry_1x8(int i, int j, const ge51_p3 *p) { precomp15(t1x8[i][j], p); }
static void entry_r128(int i, int j, const ge51_p3 *p) { precomp15(tr128[i][j], p); }

static void print_row(const uint64_t *v, int n, int stride)
{
    printf("{");
    for (int k = 0; k < n; k++) printf("0x%013llxULL%s", (unsigned long long)v[k * stride], k < n - 1 ? ", " : "");
    printf("}");
}

int main(void)
{
    ge51_p3 B;
    if (gen_base_point(&B) != 0) return 1;
    gen_comb_points(&B, 52, 5, 16, entry_8x1);
    gen_comb_points(&B, 64, 4, 8, entry_1x8);
    gen_comb_points(&B, 20, 7, 64, entry_r128); /* 2^(7 i) B: tables 0 and 19 printed */

    printf("/* SPDX-License-Identifier: Apache-2.0 OR MIT */\n");
    printf("/* generated, do not edit: build/bin/f25519_gen_ifma_base > src/tables/ifma_base.c\n"
           " * (tools/gen-tables/gen_ifma_base.c; test tables_ifma_base regenerates and diffs it) */\n");
    printf("/* Fixed-base tables of the IFMA backend (affine precomputed points: y+x, y-x, 2dxy; "
           "limbs < 2^51). */\n");
    printf("#include <stdint.h>\n#include \"tables/ifma_base.h\"\n\n");

    printf("const uint64_t f25519_ifma_base_table_8x1[52][15][16] __attribute__((aligned(64))) = {\n");
    for (int j = 0; j < 52; j++) {
        printf("  {\n");
        for (int i = 0; i < 15; i++) {
            printf("    ");
            print_row(&t8x1[j][0][i], 16, 15);
            printf(",\n");
        }
        printf("  },\n");
    }
    printf("};\n\n");

    printf("const uint64_t f25519_ifma_base_table_r128[2][15][64] __attribute__((aligned(64))) = {\n");
    for (int j = 0; j < 2; j++) {
        printf("  {\n");
        for (int i = 0; i < 15; i++) {
            printf("    ");
            print_row(&tr128[19 * j][0][i], 64, 15);
            printf(",\n");
        }
        printf("  },\n");
    }
    printf("};\n\n");

    printf("const uint64_t f25519_ifma_base_table_1x8[8][8][15][8] __attribute__((aligned(64))) = {\n");
    for (int s = 0; s < 8; s++) {
        printf("  {\n");
        for (int v = 0; v < 8; v++) {
            printf("    {\n");
            for (int i = 0; i < 15; i++) {
                printf("      ");
                print_row(&t1x8[s][v][i], 8, 8 * 8 * 15); /* lane l: table 8 l + s */
                printf(",\n");
            }
            printf("    },\n");
        }
        printf("  },\n");
    }
    printf("};\n\n");

    printf("const uint64_t f25519_ifma_base_table_naf[256][5][4] __attribute__((aligned(64))) = {\n");
    ge51_p3 acc = B, B2;
    ge51_dbl(&B2, &B);
    for (int i = 0; i < 256; i++) {
        uint64_t pre[15], lanes[5][4];
        precomp15(pre, &acc);
        for (int k = 0; k < 5; k++) {
            lanes[k][0] = pre[5 + k]; /* y - x */
            lanes[k][1] = pre[k];     /* y + x */
            lanes[k][2] = pre[10 + k];
            lanes[k][3] = k == 0 ? 2 : 0;
        }
        printf("  {");
        for (int k = 0; k < 5; k++) {
            print_row(lanes[k], 4, 1);
            printf("%s", k < 4 ? ", " : "");
        }
        printf("},\n");
        ge51_add(&acc, &acc, &B2);
    }
    printf("};\n");
    return 0;
}
