/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Fixed-base tables of the IFMA backend (generated: gen_ifma_base.c;
 * layouts documented there). */
#ifndef F25519_TABLES_IFMA_BASE_H
#define F25519_TABLES_IFMA_BASE_H
#include <stdint.h>
extern const uint64_t f25519_ifma_base_table_8x1[52][15][16];
extern const uint64_t f25519_ifma_base_table_r128[2][15][64];
extern const uint64_t f25519_ifma_base_table_1x8[8][8][15][8];
extern const uint64_t f25519_ifma_base_table_naf[256][5][4];
#endif
