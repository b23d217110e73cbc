/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The OS random source (leaf; the provider's key pool uses it too). */
#ifndef F25519_COMMON_RANDOM_H
#define F25519_COMMON_RANDOM_H
#include <stddef.h>
#include <stdint.h>

/* n bytes from getrandom (getentropy elsewhere), EINTR retried, in chunks
 * of 256. Returns F25519_OK or F25519_ERR_RANDOM. */
int f25519_randombytes(void *buf, size_t n);
/* Body of the random keygens: 32 secret bytes from the OS, then public_of().
 * On any error both outputs are zeroed (the secret wiped). */
int f25519_keygen_random(uint8_t secret[32], uint8_t pub[32],
                         int (*public_of)(uint8_t pub[32], const uint8_t secret[32]));
#endif
