/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Schoolbook products of 64-bit words for the scalar code (sc25519.c,
 * sc_batch.c): inlined where the sizes are constants, so that the loops
 * unroll into straight-line code (no branch or index on the values). */
#ifndef F25519_SC_WORDS_H
#define F25519_SC_WORDS_H
#include <stdint.h>

/* r[0..na+nb) = a[0..na) * b[0..nb) */
static inline __attribute__((always_inline)) void f25519_sc_mul_words(uint64_t *r, const uint64_t *a, int na,
                                                                      const uint64_t *b, int nb)
{
#pragma GCC unroll 10
    for (int i = 0; i < na + nb; i++) r[i] = 0;
#pragma GCC unroll 5
    for (int i = 0; i < na; i++) {
        uint64_t carry = 0;
#pragma GCC unroll 5
        for (int j = 0; j < nb; j++) {
            const unsigned __int128 t = (unsigned __int128)a[i] * b[j] + r[i + j] + carry;
            r[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        r[i + nb] = carry;
    }
}
#endif
