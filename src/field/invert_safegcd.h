/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Inversions over fe51 by constant-time safegcd (invert_safegcd.c):
 * faster than the Fermat chain for one element; used by every backend but
 * portable (mulx's single inversions, the vector backends' batched ones). */
#ifndef F25519_INVERT_SAFEGCD_H
#define F25519_INVERT_SAFEGCD_H
#include <stddef.h>
#include "field/fe51.h"

/* out = 1/z (z^(p-2)); 0 -> 0. Constant time. Input limbs < 2^54. */
void f25519_safegcd_invert(fe51 *out, const fe51 *z);
/* out[i] = 1/z[i] for n <= 8 elements with one inversion (Montgomery's
 * trick); a zero z[i] gives out[i] = 0 without disturbing the others.
 * Constant time. out and z must not overlap. */
void f25519_safegcd_batch_invert(fe51 *out, const fe51 *z, size_t n);
#endif
