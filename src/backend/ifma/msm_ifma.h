/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The 8-lane batch-verification scalar multiplications of the IFMA backend (msm_ifma.c). */
#ifndef F25519_MSM_IFMA_H
#define F25519_MSM_IFMA_H
#include <stddef.h>
#include <stdint.h>
#include "point/ge51.h"

/* The ops entry ed25519_double_scalar_x8: out[l] = [a_l]A_l + [b_l]B, one
 * signature per 64-bit lane (a_l, b_l < 2^253; public, variable time). */
void f25519_ifma_double_scalar_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                  const uint8_t b[8][32]);
/* The ops entry ed25519_quad_scalar_x8: out[l] = [a_l]A_l + [c_l]C_l + [b_l]B
 * (a_l, c_l < 2^160, b_l < 2^253; public, variable time): ~130 doublings. */
void f25519_ifma_quad_scalar_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                const uint8_t c[8][32], const ge51_p3 C[8], const uint8_t b[8][32]);
/* The ops entry ed25519_msm: out = sum_i [a_i]P_i + [b]B, the points eight
 * at a time in the lanes (a_i, b < 2^253; public, variable time). */
void f25519_ifma_msm(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32]);
#endif
