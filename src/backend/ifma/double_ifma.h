/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Double-scalar multiplication of the IFMA backend (verification). */
#ifndef F25519_DOUBLE_IFMA_H
#define F25519_DOUBLE_IFMA_H
#include <stdint.h>
#include "point/ge51.h"

/* out = [a]A + [b]B, a, b < 2^253, public inputs (variable time).
 * The ops entry ed25519_double_scalar. */
void f25519_ifma_double_scalar(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A,
                               const uint8_t b[32]);
/* One point in the 4 lanes of a ymm vector, interleaved w-NAF (the default). */
void f25519_ifma_double_scalar_1x4(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A,
                                   const uint8_t b[32]);
/* The window sums T[0..nw) of a bucket multi-scalar multiplication (window
 * width c) combined: out = sum_w [2^(c w)] T_w + [b]B (b NULL: none), the
 * ops.ed25519_msm chain of the ifma backend (backend/ifma/ops_ifma.c). */
void f25519_ifma_msm_horner(ge51_p3 *out, int nw, int c, const ge51_p3 *T, const uint8_t *b);
#endif
