/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Fixed-base tables of the IFMA backend (generated: gen_base_tables_ifma.py;
 * layouts documented there). */
#ifndef F25519_BASE_TABLES_IFMA_H
#define F25519_BASE_TABLES_IFMA_H
#include <stdint.h>
extern const uint64_t f25519_ifma_btab_8x1[52][15][16];
extern const uint64_t f25519_ifma_btab_1x8[8][8][15][8];
extern const uint64_t f25519_ifma_btab_naf[256][5][4];
#endif
