/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X25519 variable-base scalar multiplication (Montgomery ladder, RFC 7748 5)
 * with AVX2: the avx2 backend's ops.x25519_x8. Called only when CPUID
 * reports AVX2 (the dispatcher checks).
 *
 * Contract (src/ops.h, ops.x25519_x8): every k[i] is already clamped by
 * the caller; bit 255 of u[i] is ignored and u[i] >= p is reduced; out[i]
 * is the canonical encoding; constant time in every k[i] (swaps by lane
 * masks, no secret branch or memory index). Low-order u gives out = 0 (the
 * caller reports it).
 */
#ifndef F25519_LADDER_AVX2_H
#define F25519_LADDER_AVX2_H
#include <stdint.h>

/* Eight independent X25519: two 4-lane ladders (one derive per 64-bit lane
 * of the radix-2^25.5 field, backend/avx2/fe25x4_avx2.h) stepped together, then
 * two interleaved 4-lane inversions. */
void f25519_ladder_avx2_x8(uint8_t out[8][32], const uint8_t k[8][32], const uint8_t u[8][32]);
#endif
