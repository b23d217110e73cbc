/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Point decoding of the IFMA backend (ge51_decode_ifma.c). */
#ifndef F25519_GE51_DECODE_IFMA_H
#define F25519_GE51_DECODE_IFMA_H
#include "point/ge51.h"

/* The ops entry ed25519_frombytes2 (contract in ops.h): two decodings
 * with the two square-root exponentiations in two lanes of one ymm chain. */
int f25519_ifma_frombytes2(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32], int lenient0,
                           int lenient1);
/* The ops entry ed25519_frombytes_x8 (contract in ops.h): eight decodings
 * with their square-root exponentiations in the lanes of one 8x1 chain. */
int f25519_ifma_frombytes_x8(ge51_p3 out[8], const uint8_t *const s[8], unsigned lenient);
/* The ops entry ed25519_frombytes_x16 (contract in ops.h): sixteen
 * decodings, two 8x1 chains interleaved (fe8_pow22523_2). */
int f25519_ifma_frombytes_x16(ge51_p3 out[16], const uint8_t *const s[16], unsigned lenient);
#endif
