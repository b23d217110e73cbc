/*
 * Shared by the C table generators (gen_base_table.c, gen_base_table64.c;
 * run at build/test time only, never linked into the library): the base
 * point B from its RFC 8032 encoding (y = 4/5, x even) and the rows of a
 * fixed-base comb table, table i holding j B_i for j = 1..entries with
 * B_i = 2^(spacing i) B, built with the portable point code. Deterministic.
 */
#ifndef F25519_GEN_COMB_H
#define F25519_GEN_COMB_H
#include <stdio.h>
#include <string.h>
#include "point/ge51.h"

/* B decoded from its encoding 0x58 0x66 ... 0x66; 0 on success. */
static int gen_base_point(ge51_p3 *B)
{
    uint8_t benc[32];
    memset(benc, 0x66, 32);
    benc[0] = 0x58;
    return ge51_frombytes_vartime(B, benc, 0);
}

/* Prints `tables` rows "  {\n" entry(1 B_i) ... entry(entries B_i) "  },\n". */
static void gen_comb_rows(const ge51_p3 *B, int tables, int spacing, int entries,
                          void (*entry)(const ge51_p3 *))
{
    ge51_p3 base = *B; /* 2^(spacing i) B */
    for (int i = 0; i < tables; i++) {
        printf("  {\n");
        ge51_p3 acc = base;
        for (int j = 0; j < entries; j++) {
            entry(&acc);
            ge51_add(&acc, &acc, &base);
        }
        printf("  },\n");
        for (int k = 0; k < spacing; k++) ge51_dbl(&base, &base);
    }
}
#endif
