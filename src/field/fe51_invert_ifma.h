/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Single-element inversions of the IFMA backend (plain C over fe51: the
 * constant-time safegcd of fe51_invert_ifma.c, faster than the Fermat chain
 * for one element next to the vector code). */
#ifndef F25519_FE51_INVERT_IFMA_H
#define F25519_FE51_INVERT_IFMA_H
#include <stddef.h>
#include "field/fe51.h"

/* out = 1/z (z^(p-2)); 0 -> 0. Constant time. Input limbs < 2^54. */
void f25519_ifma_fe_invert(fe51 *out, const fe51 *z);
/* out[i] = 1/z[i] for n <= 8 elements with one inversion (Montgomery's
 * trick); a zero z[i] gives out[i] = 0 without disturbing the others.
 * Constant time. out and z must not overlap. */
void f25519_ifma_fe_batch_invert(fe51 *out, const fe51 *z, size_t n);
#endif
