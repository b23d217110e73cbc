/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X25519 variable-base scalar multiplication (Montgomery ladder, RFC 7748 5)
 * with AVX-512IFMA. Called only when CPUID reports AVX512F + VL + IFMA.
 *
 * Contract (src/ops.h, ops.x25519 / ops.x25519_x8): k is already clamped by
 * the caller; bit 255 of u is ignored and u >= p is reduced; out is the
 * canonical encoding; constant time in k (swaps by masks, no secret branch
 * or memory index). Low-order u gives out = 0 (the caller reports it).
 */
#ifndef F25519_LADDER_IFMA_H
#define F25519_LADDER_IFMA_H
#include <stdint.h>

/* Single X25519: the ladder's independent multiplications run 4 at a time
 * in the lanes of one ymm vector (3 rounds per ladder step). */
void f25519_ladder_ifma(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);

/* Eight independent X25519, one per zmm lane (8x1-way, Zhang et al., ENG25519, sec. 3.1;
 * docs/references.md), one
 * 8-lane inversion at the end. */
void f25519_ladder_ifma_x8(uint8_t out[8][32], const uint8_t k[8][32], const uint8_t u[8][32]);
#endif
