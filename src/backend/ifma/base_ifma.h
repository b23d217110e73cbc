/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Fixed-base scalar multiplication of the IFMA backend (Zhang et al., ENG25519, sec. 3.4;
 * docs/references.md). */
#ifndef F25519_BASE_IFMA_H
#define F25519_BASE_IFMA_H
#include <stdint.h>
#include "point/ge51.h"

/* 8x1-way: eight independent [a_i]B (ENG25519 eq. 7). a_i < 2^255 (clamped keys
 * unreduced). Constant time in the scalars. Results are eight portable points. */
void f25519_ifma_base_8x1(ge51_p3 out[8], const uint8_t a[8][32]);
/* 1x8-way: one [a]B with the eight lanes sharing the work (ENG25519 eq. 8);
 * a < 2^255. */
void f25519_ifma_base_1x8(ge51_p3 *out, const uint8_t a[32]);

/* The f25519_ops entries (contracts in ops.h). */
void f25519_ifma_ed25519_base(uint8_t out[32], const uint8_t a[32]);
void f25519_ifma_ed25519_base_x8(uint8_t out[8][32], const uint8_t a[8][32]);
void f25519_ifma_x25519_base(uint8_t out[32], const uint8_t k[32]);
void f25519_ifma_x25519_base_x8(uint8_t out[8][32], const uint8_t k[8][32]);
#endif
