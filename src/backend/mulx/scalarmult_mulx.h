/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Scalar multiplications of the mulx backend (radix 2^64, MULX/ADX inline
 * assembly, x86-64 BMI2 + ADX): the entries of f25519_ops_mulx. Same results
 * as the portable ones; callers must know the CPU has BMI2 and ADX (the
 * dispatcher checks). Compiled only when F25519_HAVE_MULX (arch/mulx_asm.h).
 */
#ifndef F25519_SCALARMULT_MULX_H
#define F25519_SCALARMULT_MULX_H
#include <stdint.h>
#include "arch/mulx_asm.h"
#include "point/ge51.h"

#if F25519_HAVE_MULX
/* out = X25519(k, u), k clamped by the caller; bit 255 of u ignored. Constant time in k. */
void f25519_x25519_ladder_mulx(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);
/* The same by the C ladder of scalarmult/ladder.h (the assembly loop's
 * reference in the tests and benchmarks). */
void f25519_x25519_ladder_mulx_c(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);
/* Fixed base (a < 2^255; constant time in a): the Ed25519 encoding of [a]B,
 * and the X25519 u-coordinate of [k]B. */
void f25519_ed25519_base_mulx(uint8_t out[32], const uint8_t a[32]);
void f25519_x25519_base_mulx(uint8_t out[32], const uint8_t k[32]);
/* The same with the table scan chosen: scan = 1 AVX2 (only on a CPU with
 * it), 0 SSE2. The two above take AVX2 where the CPU has it; tests check both. */
void f25519_ed25519_base_mulx_scan(uint8_t out[32], const uint8_t a[32], int scan);
void f25519_x25519_base_mulx_scan(uint8_t out[32], const uint8_t k[32], int scan);
/* r = [a]A + [b]B, a, b < 2^253 (public). Variable time. */
void f25519_double_scalarmult_mulx(ge51_p3 *r, const uint8_t a[32], const ge51_p3 *A,
                                   const uint8_t b[32]);
/* r = [a]A + [c]C + [b]B, a, c, b < 2^253 (public): quad_wnaf.h, as
 * f25519_quad_scalarmult_portable. Variable time. */
void f25519_quad_scalarmult_mulx(ge51_p3 *r, const uint8_t a[32], const ge51_p3 *A,
                                 const uint8_t c[32], const ge51_p3 *C, const uint8_t b[32]);
/* out = sum_{i < n} [a_i] P_i + [b]B, a_i, b < 2^253 (public). Variable time
 * (msm_mulx.c: msm_wnaf.h's Straus, or Pippenger's buckets for large n, on
 * radix-2^64 points). _method: 0 chooses, 1 forces Straus, 2 Pippenger (tests). */
#include <stddef.h>
void f25519_msm_mulx(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32]);
void f25519_msm_mulx_method(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                            const uint8_t b[32], int method);
/* out = sum_{w < nw} [2^(c w)] T_w + [b]B (b may be NULL; c (nw - 1) <= 252): window sums
 * computed elsewhere (msm_avx2.c) combined by c doublings per window (msm_wnaf.h). */
void f25519_msm_mulx_horner(ge51_p3 *out, int nw, int c, const ge51_p3 *T, const uint8_t *b);
#endif
#endif
