/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * [a]A + [b]B for verification with AVX2: the avx2 backend's
 * ops.ed25519_double_scalar_x8 (src/ops.h contract: a_i, b_i < 2^253,
 * public inputs, variable time allowed). One signature per 64-bit lane,
 * two 4-lane sets in lock step (double_avx2.c). Called only when CPUID reports
 * AVX2 (the dispatcher checks).
 */
#ifndef F25519_DOUBLE_AVX2_H
#define F25519_DOUBLE_AVX2_H
#include <stdint.h>
#include "point/ge51.h"

void f25519_double_scalar_avx2_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                  const uint8_t b[8][32]);
/* ops.ed25519_quad_scalar_x8: out[i] = [a_i]A_i + [c_i]C_i + [b_i]B (a_i, c_i < 2^160,
 * b_i < 2^253; public), the same two 4-lane sets with ~max(len) doublings. */
void f25519_quad_scalar_avx2_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                const uint8_t c[8][32], const ge51_p3 C[8], const uint8_t b[8][32]);
#endif
