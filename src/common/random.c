/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The OS random source and the keygen body (common/random.h). */
#include <errno.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/random.h>
#endif
#include "fast25519.h"
#include "common/random.h"
#include "common/wipe.h"

int f25519_randombytes(void *buf, size_t n)
{
    uint8_t *b = buf;
    while (n > 0) {
#if defined(__linux__)
        /* as many bytes as asked per call (a short count is continued):
         * batch verification's 16 KB of z_i at n = 1024 in one call cost
         * about 70% of 256-byte calls) */
        size_t chunk = n > ((size_t)1 << 20) ? (size_t)1 << 20 : n;
        ssize_t r = getrandom(b, chunk, 0);
#else
        size_t chunk = n > 256 ? 256 : n; /* getentropy's limit */
        int r = getentropy(b, chunk) == 0 ? (int)chunk : -1;
#endif
        if (r < 0) {
            if (errno == EINTR) continue;
            return F25519_ERR_RANDOM;
        }
        b += r;
        n -= (size_t)r;
    }
    return F25519_OK;
}

int f25519_keygen_random(uint8_t secret[32], uint8_t pub[32],
                         int (*public_of)(uint8_t pub[32], const uint8_t secret[32]))
{
    if (!secret || !pub) {
        if (secret) memset(secret, 0, 32);
        if (pub) memset(pub, 0, 32);
        return F25519_ERR_ARG;
    }
    if (f25519_randombytes(secret, 32) != F25519_OK) {
        f25519_wipe(secret, 32);
        memset(pub, 0, 32);
        return F25519_ERR_RANDOM;
    }
    int rc = public_of(pub, secret);
    if (rc != F25519_OK) f25519_wipe(secret, 32);
    return rc;
}
