/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Shared by the C table generators (gen_*.c; run at build/test time only,
 * never linked into the library): the base point B from its RFC 8032
 * encoding (y = 4/5, x even) and the rows of a fixed-base comb table, table
 * i holding j B_i for j = 1..entries with B_i = 2^(spacing i) B, built with
 * the portable point code (gen_comb_rows prints them entry by entry;
 * gen_comb_points hands them to a callback, for generators that print in
 * another order: gen_avx2_base.c, gen_ifma_base.c). Deterministic.
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

/* Calls entry(i, j, (j + 1) B_i) for i < tables, j < entries, in that order,
 * with B_i = 2^(spacing i) B. */
static inline void gen_comb_points(const ge51_p3 *B, int tables, int spacing, int entries,
                                   void (*entry)(int, int, const ge51_p3 *))
{
    ge51_p3 base = *B; /* 2^(spacing i) B */
    for (int i = 0; i < tables; i++) {
        ge51_p3 acc = base;
        for (int j = 0; j < entries; j++) {
            entry(i, j, &acc);
            ge51_add(&acc, &acc, &base);
        }
        for (int k = 0; k < spacing; k++) ge51_dbl(&base, &base);
    }
}

/* Prints `tables` rows "  {\n" entry(1 B_i) ... entry(entries B_i) "  },\n". */
static void (*gen_rows_entry_)(const ge51_p3 *);
static int gen_rows_entries_;
static inline void gen_rows_cb_(int i, int j, const ge51_p3 *p)
{
    (void)i;
    if (j == 0) printf("  {\n");
    gen_rows_entry_(p);
    if (j == gen_rows_entries_ - 1) printf("  },\n");
}
static inline void gen_comb_rows(const ge51_p3 *B, int tables, int spacing, int entries,
                                 void (*entry)(const ge51_p3 *))
{
    gen_rows_entry_ = entry;
    gen_rows_entries_ = entries;
    gen_comb_points(B, tables, spacing, entries, gen_rows_cb_);
}
#endif
