/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Generator of base_table128.c (see base_table128.h). Uses only the portable
 * field and point code: B from its RFC 8032 encoding, 2^128 B by 128
 * doublings, its odd multiples by additions, stored in affine precomp form
 * with fully reduced limbs (as gen_base_table.c). Output is deterministic.
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

static void print_precomp(const ge51_p3 *p)
{
    ge51_precomp q;
    ge51_p3_to_precomp(&q, p);
    canon(&q.yplusx);
    canon(&q.yminusx);
    canon(&q.xy2d);
    const fe51 *f[3] = {&q.yplusx, &q.yminusx, &q.xy2d};
    printf("  {");
    for (int k = 0; k < 3; k++) {
        printf("{{");
        for (int i = 0; i < 5; i++)
            printf("0x%013llx%s", (unsigned long long)f[k]->v[i], i < 4 ? ", " : "");
        printf("}}%s", k < 2 ? ",\n   " : "");
    }
    printf("},\n");
}

int main(void)
{
    ge51_p3 B, b2, acc;
    if (gen_base_point(&B) != 0) return 1;
    for (int i = 0; i < 128; i++) ge51_dbl(&B, &B); /* 2^128 B */

    printf("/* SPDX-License-Identifier: Apache-2.0 OR MIT */\n");
    printf("/* generated, do not edit: build/bin/f25519_gen_base_odd128 > src/tables/base_table128.c\n"
           " * (tools/gen-tables/gen_base_table128.c; test tables_base_odd128 regenerates and diffs it) */\n");
    printf("#include \"tables/base_table128.h\"\n\n");
    printf("const ge51_precomp f25519_base128_odd[64] = {\n");
    ge51_dbl(&b2, &B);
    acc = B;
    for (int j = 0; j < 64; j++) {
        print_precomp(&acc);
        ge51_add(&acc, &acc, &b2);
    }
    printf("};\n");
    return 0;
}
