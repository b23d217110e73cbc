/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The ifma backend's multi-buffer SHA-512 (ops.sha512_x8; the driver and
 * the message form in hash/sha512_x8.h). */
#ifndef F25519_BACKEND_IFMA_SHA512_X8_AVX512_H
#define F25519_BACKEND_IFMA_SHA512_X8_AVX512_H
#include "hash/sha512_x8.h"

/* AVX-512F, eight lanes: out[l] = SHA-512(m[l].p[0..n[0]) || m[l].p[1..] || m[l].p[2..]). */
void f25519_sha512_x8_avx512(uint8_t out[8][64], const f25519_sha512_msg m[8]);
#endif
