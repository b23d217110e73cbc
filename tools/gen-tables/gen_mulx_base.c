/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Generator of mulx_base.c (see mulx_base.h). Uses only the portable
 * field and point code: B is decoded from its RFC 8032 encoding (y = 4/5,
 * x even), multiples are built with additions/doublings, made affine and
 * stored as (y + x, y - x, 2 d x y) mod p, fully reduced, each as four
 * little-endian 64-bit words. Output is deterministic. Regenerate with
 *   cc -O2 -DF25519_NO_ASM -Isrc -Iinclude tools/gen-tables/gen_mulx_base.c \
 *      src/field/fe51.c src/point/ge51.c src/point/ge51_decode.c -o gen64 && ./gen64 > src/tables/mulx_base.c
 * from the project root (tests/tables checks that the committed file is
 * exactly this output).
 */
#include <stdio.h>
#include <string.h>
#include "point/ge51.h"
#include "tables/mulx_base.h"
#include "gen_comb.h"

static void words(uint64_t w[4], const fe51 *f)
{
    uint8_t s[32];
    fe51_tobytes(s, f); /* canonical */
    for (int i = 0; i < 4; i++) {
        w[i] = 0;
        for (int j = 0; j < 8; j++) w[i] |= (uint64_t)s[8 * i + j] << (8 * j);
    }
}

static void print_fe(const fe51 *f, const char *indent, const char *end)
{
    uint64_t w[4];
    words(w, f);
    printf("%s0x%016llx, 0x%016llx, 0x%016llx, 0x%016llx%s\n", indent, (unsigned long long)w[0],
           (unsigned long long)w[1], (unsigned long long)w[2], (unsigned long long)w[3], end);
}

static void print_entry(const ge51_p3 *p)
{
    ge51_precomp q;
    ge51_p3_to_precomp(&q, p);
    printf("    {\n");
    print_fe(&q.yplusx, "     ", ",");
    print_fe(&q.yminusx, "     ", ",");
    print_fe(&q.xy2d, "     ", "");
    printf("    },\n");
}

int main(void)
{
    ge51_p3 B;
    if (gen_base_point(&B) != 0) return 1;

    printf("/* SPDX-License-Identifier: Apache-2.0 OR MIT */\n");
    printf("/* generated, do not edit: build/bin/f25519_gen_mulx_base > src/tables/mulx_base.c\n"
           " * (tools/gen-tables/gen_mulx_base.c; test tables_mulx_base regenerates and diffs it) */\n");
    printf("#include \"tables/mulx_base.h\"\n\n");
    printf("#if F25519_HAVE_MULX\n");
    printf("const uint64_t f25519_mulx_base_comb[F25519_BASE64_TABLES][F25519_BASE64_ENTRIES][12] = {\n");
    gen_comb_rows(&B, F25519_BASE64_TABLES, F25519_BASE64_SPACING, F25519_BASE64_ENTRIES, print_entry);
    printf("};\n\n");
    /* 1/d: the T of the first comb point (Z = 2) is 2dxy / d */
    fe51 dinv;
    fe51_invert(&dinv, &fe51_d);
    printf("const uint64_t f25519_mulx_base_dinv[4] = {\n");
    print_fe(&dinv, "  ", "");
    printf("};\n");
    printf("#endif\n");
    return 0;
}
