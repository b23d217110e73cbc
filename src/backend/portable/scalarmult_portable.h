/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Portable scalar multiplications (the entries of f25519_ops_portable). */
#ifndef F25519_SCALARMULT_PORTABLE_H
#define F25519_SCALARMULT_PORTABLE_H
#include <stdint.h>
#include "point/ge51.h"

/* h = [a]B, a < 2^255 (a < L in use). Constant time in a. */
void f25519_scalarmult_base_portable(ge51_p3 *h, const uint8_t a[32]);
/* r = [a]A + [b]B, a, b < 2^253 (public). Variable time. */
void f25519_double_scalarmult_portable(ge51_p3 *r, const uint8_t a[32], const ge51_p3 *A,
                                       const uint8_t b[32]);
/* r = [a]A + [c]C + [b]B, a, c, b < 2^253 (public), b split as b mod 2^128 +
 * 2^128 (b >> 128): max(len(a), len(c), 129) doublings (quad_wnaf.h; the
 * half-size scalars of single verification). Variable time. */
void f25519_quad_scalarmult_portable(ge51_p3 *r, const uint8_t a[32], const ge51_p3 *A,
                                     const uint8_t c[32], const ge51_p3 *C, const uint8_t b[32]);
/* out = sum_{i < n} [a_i] P_i + [b]B, a_i, b < 2^253 (public). Variable time.
 * Straus, or Pippenger's buckets for large n (msm_wnaf.h); heap tables (falls
 * back to Straus, then one double-scalar multiplication per point, when
 * malloc fails). _method: 0 chooses, 1 forces Straus, 2 Pippenger (tests). */
#include <stddef.h>
void f25519_msm_portable(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                             const uint8_t b[32]);
void f25519_msm_portable_method(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                                    const uint8_t b[32], int method);
/* out = sum_{w < nw} [2^(c w)] T_w + [b]B (b may be NULL; c (nw - 1) <= 252): window sums
 * computed elsewhere (msm_avx2.c) combined by c doublings per window (msm_wnaf.h). */
void f25519_msm_portable_horner(ge51_p3 *out, int nw, int c, const ge51_p3 *T, const uint8_t *b);

/* out = X25519(k, u), k clamped by the caller; bit 255 of u ignored. Constant time in k. */
void f25519_x25519_ladder_portable(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);

#endif
