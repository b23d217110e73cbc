/* Scalar (single-element) inversion helpers of the IFMA backend. */
#ifndef F25519_INV_IFMA_H
#define F25519_INV_IFMA_H
#include <stddef.h>
#include "field/fe51.h"
#include "point/ge51.h"

/* out = 1/z (z^(p-2)); 0 -> 0. Constant time. Input limbs < 2^54. */
void f25519_ifma_fe_invert(fe51 *out, const fe51 *z);
/* out[i] = 1/z[i] for n <= 8 elements with one inversion (Montgomery's
 * trick); a zero z[i] gives out[i] = 0 without disturbing the others.
 * Constant time. out and z must not overlap. */
void f25519_ifma_fe_batch_invert(fe51 *out, const fe51 *z, size_t n);
/* The ops entry ed25519_frombytes2 (contract in impl.h): two decodings
 * with the two square-root exponentiations in two lanes of one ymm chain. */
int f25519_ifma_frombytes2(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32], int lenient0,
                           int lenient1);
#endif
