/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Scalars mod L = 2^252 + 27742317777372353535851937790883648493 (the order
 * of the Ed25519 base point). 32-byte little-endian encodings. Every function
 * is constant time (Barrett reduction, masked conditional subtractions).
 */
#ifndef F25519_SC25519_H
#define F25519_SC25519_H
#include <stdint.h>

/* out = in mod L, in a 64-byte value (e.g. a SHA-512 digest). */
void sc25519_reduce64(uint8_t out[32], const uint8_t in[64]);
/* The same for a PUBLIC input (verification's challenges): no wipes. */
void sc25519_reduce64_public(uint8_t out[32], const uint8_t in[64]);
/* out = in mod L, in a 32-byte value. */
void sc25519_reduce32(uint8_t out[32], const uint8_t in[32]);
/* out = a*b + c mod L for any 32-byte a, b, c. out may alias inputs. */
void sc25519_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                    const uint8_t c[32]);
/* out = a*b mod L for PUBLIC a, b (verification's half-size scalars: no
 * wipes, words loaded directly). */
void sc25519_mul_public(uint8_t out[32], const uint8_t a[32], const uint8_t b[32]);
/* 1 if s < L (canonical), else 0. */
int sc25519_is_canonical(const uint8_t s[32]);
#endif
