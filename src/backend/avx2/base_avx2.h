/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Fixed-base scalar multiplication with AVX2: the avx2 backend's
 * ops.x25519_base_x8 and ops.ed25519_base_x8 (src/ops.h contracts: any
 * scalar < 2^255, the clamped key unreduced; constant time in every scalar).
 * Called only when CPUID reports AVX2 (the dispatcher checks).
 *
 * Eight keys as two 4-lane fixed-base combs stepped together, one key per
 * 64-bit lane of the radix-2^25.5 field (backend/avx2/fe25x4_avx2.h; Zhang et al.,
 * High-Throughput EdDSA Verification, sec. 3; docs/references.md), then one
 * batched inversion (Montgomery's trick across the 8 lanes).
 */
#ifndef F25519_BASE_AVX2_H
#define F25519_BASE_AVX2_H
#include <stdint.h>

/* out[i] = u-coordinate of [k[i]]B (B: u = 9), canonical. */
void f25519_x25519_base_avx2_x8(uint8_t out[8][32], const uint8_t k[8][32]);
/* out[i] = encoding of [a[i]]B (Edwards base point). */
void f25519_ed25519_base_avx2_x8(uint8_t out[8][32], const uint8_t a[8][32]);
#endif
