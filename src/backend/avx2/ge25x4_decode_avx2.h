/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Eight point decodings with AVX2: the avx2 backend's
 * ops.ed25519_frombytes_x8 (src/ops.h contract: exactly
 * ge51_frombytes_vartime(&out[i], s[i], (lenient >> i) & 1): same decision,
 * same point; returns the bit set of rejected encodings). Public inputs.
 */
#ifndef F25519_GE25X4_DECODE_AVX2_H
#define F25519_GE25X4_DECODE_AVX2_H
#include <stdint.h>
#include "point/ge51.h"

int f25519_frombytes_avx2_x8(ge51_p3 out[8], const uint8_t *const s[8], unsigned lenient);
#endif
