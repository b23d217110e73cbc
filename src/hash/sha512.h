/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SHA-512 (FIPS 180-4), own implementation: streaming and one-shot. */
#ifndef F25519_SHA512_H
#define F25519_SHA512_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint64_t h[8];
    uint64_t nbytes_lo, nbytes_hi; /* total message length in bytes (128-bit) */
    uint8_t buf[128];
    size_t buflen;
} f25519_sha512_ctx;

void f25519_sha512_init(f25519_sha512_ctx *c);
void f25519_sha512_update(f25519_sha512_ctx *c, const void *data, size_t len);
/* Writes the 64-byte digest and wipes the context. */
void f25519_sha512_final(f25519_sha512_ctx *c, uint8_t out[64]);
void f25519_sha512(uint8_t out[64], const void *data, size_t len);
#endif
