/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The mulx backend's fixed-base comb table, in its own radix 2^64 (generated
 * by gen_mulx_base.c into mulx_base.c; the command is in the
 * generator, the check in tests/tables).
 *
 * f25519_mulx_base_comb[i][j] = (j + 1) * 2^(F25519_BASE64_SPACING i) B,
 * i < F25519_BASE64_TABLES, j < F25519_BASE64_ENTRIES: the affine point as
 * (y + x, y - x, 2dxy) mod p, fully reduced, 4 little-endian words each (12
 * words per entry). With spacing 6 and 43 tables every signed radix-64 digit
 * of the comb has its own table (no doublings; 42 mixed additions instead of
 * the 63 of radix 16, for 32 entries per scan instead of 8: measured in
 * base_mulx.c). The last table only ever serves the digits 0..8 (a <
 * 2^255); it is kept full-size for one scan loop. f25519_mulx_base_dinv = 1/d
 * mod p (reduced).
 * Data only, compiled where the mulx backend is (arch/mulx_asm.h).
 */
#ifndef F25519_TABLES_MULX_BASE_H
#define F25519_TABLES_MULX_BASE_H
#include <stdint.h>
#include "arch/mulx_asm.h"

#define F25519_BASE64_TABLES 43
#define F25519_BASE64_SPACING 6
#define F25519_BASE64_ENTRIES 32
extern const uint64_t f25519_mulx_base_comb[F25519_BASE64_TABLES][F25519_BASE64_ENTRIES][12];
extern const uint64_t f25519_mulx_base_dinv[4];
#endif
