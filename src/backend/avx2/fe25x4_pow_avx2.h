/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * z^((p-5)/8) on the 4-lane radix-2^25.5 field (backend/avx2/fe25x4_avx2.h), two
 * independent chains interleaved (each chain is latency-bound): the square
 * root of point decoding for 8 encodings (backend/avx2/ge25x4_decode_avx2.c).
 * Inputs M, outputs R. Public inputs (decoding): no wipe.
 */
#ifndef F25519_FE25X4_POW_AVX2_H
#define F25519_FE25X4_POW_AVX2_H
#include "backend/avx2/fe25x4_avx2.h"

void f25519_fe25x4_pow22523_2(fe25x4 *out_a, fe25x4 *out_b, const fe25x4 *a, const fe25x4 *b);
#endif
