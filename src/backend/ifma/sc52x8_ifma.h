/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Eight integers reduced mod L at once in the IFMA lanes (ops.sc_reduce64_x8:
 * batch verification's challenges; public inputs). */
#ifndef F25519_BACKEND_IFMA_SC52X8_IFMA_H
#define F25519_BACKEND_IFMA_SC52X8_IFMA_H
#include <stdint.h>

/* out[l] = in[l] mod L (canonical, 32 bytes little-endian) for the eight
 * 64-byte little-endian integers in[l]: sc25519_reduce64's result. */
void f25519_ifma_sc_reduce64_x8(uint8_t out[8][32], const uint8_t in[8][64]);
#endif
