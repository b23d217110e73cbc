/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The avx2 backend's multi-buffer SHA-512 (ops.sha512_x8; the message form
 * in hash/sha512_x8.h). */
#ifndef F25519_BACKEND_AVX2_SHA512_X8_AVX2_H
#define F25519_BACKEND_AVX2_SHA512_X8_AVX2_H
#include "hash/sha512_x8.h"

/* AVX2, four lanes at a time: the same digests as f25519_sha512 of each
 * message's concatenated parts. */
void f25519_sha512_x8_avx2(uint8_t out[8][64], const f25519_sha512_msg m[8]);
#endif
