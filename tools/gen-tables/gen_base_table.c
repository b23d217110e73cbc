/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Generator of base_table.c (see base_table.h). Uses only the portable field
 * and point code: B is decoded from its RFC 8032 encoding (y = 4/5, x even),
 * multiples are built with additions/doublings and stored in affine precomp
 * form with fully reduced limbs. Output is deterministic.
 */
#include <stdio.h>
#include <string.h>
#include "point/ge51.h"
#include "gen_comb.h"

static void canon(fe51 *f)
{
    uint8_t s[32];
    fe51_tobytes(s, f);
    fe51_frombytes(f, s);
}

static void print_precomp(const ge51_p3 *p, const char *indent)
{
    ge51_precomp q;
    ge51_p3_to_precomp(&q, p);
    canon(&q.yplusx);
    canon(&q.yminusx);
    canon(&q.xy2d);
    const fe51 *f[3] = {&q.yplusx, &q.yminusx, &q.xy2d};
    printf("%s{", indent);
    for (int k = 0; k < 3; k++) {
        printf("{{");
        for (int i = 0; i < 5; i++)
            printf("0x%013llx%s", (unsigned long long)f[k]->v[i], i < 4 ? ", " : "");
        printf("}}%s", k < 2 ? ",\n" : "");
        if (k < 2) printf("%s ", indent);
    }
    printf("},\n");
}

static void print_row_entry(const ge51_p3 *p) { print_precomp(p, "    "); }

int main(void)
{
    ge51_p3 B;
    if (gen_base_point(&B) != 0) return 1;

    printf("/* SPDX-License-Identifier: Apache-2.0 OR MIT */\n");
    printf("/* generated, do not edit: build/bin/f25519_gen_base_comb > src/tables/base_table.c\n"
           " * (tools/gen-tables/gen_base_table.c; test tables_base_comb regenerates and diffs it) */\n");
    printf("#include \"tables/base_table.h\"\n\n");
    printf("const ge51_precomp f25519_base_comb[32][8] = {\n");
    gen_comb_rows(&B, 32, 8, 8, print_row_entry); /* table i: j 256^i B */
    printf("};\n\n");
    printf("const ge51_precomp f25519_base_odd[64] = {\n");
    ge51_p3 b2, acc = B;
    ge51_dbl(&b2, &B);
    for (int j = 0; j < 64; j++) {
        print_precomp(&acc, "  ");
        ge51_add(&acc, &acc, &b2);
    }
    printf("};\n");
    return 0;
}
