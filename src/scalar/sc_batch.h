/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Scalar work of zip215 batch verification's random linear combination
 * (ed25519_batch.c), on public data (variable time is allowed; the code has
 * no data-dependent branch anyway):
 *   - f25519_sc_mul128_lt253: a scalar congruent to z k (mod L) below 2^253
 *     (not necessarily < L: the combination is cofactored, [8][a]A depends
 *     only on a mod L, and the multi-scalar multiplication takes any scalar
 *     below 2^253) from a 128 x 253-bit product (8 mulq) and two folds of
 *     2^252 = -delta (mod L), instead of sc25519_muladd's 256 x 256-bit
 *     product and full reduction;
 *   - f25519_sc_acc: sum z_i S_i unreduced (448-bit accumulator, 8 mulq per
 *     term), reduced once (sc25519_reduce64) and negated (f25519_sc_neg) for
 *     [-b]B: the points then enter the combination as decoded.
 * Together about 4% of a zip215 batch's time per signature (two
 * sc25519_muladd per item cost ~1k TSC ticks).
 * Checked against OpenSSL BIGNUM by tests/scalar/test_sc_batch.c.
 */
#ifndef F25519_SC_BATCH_H
#define F25519_SC_BATCH_H
#include <stddef.h>
#include <stdint.h>

/* out = a little-endian value congruent to z k (mod L), out < 2^253;
 * z: 16 bytes, k: 32 bytes with k < 2^253 (e.g. reduced mod L). */
void f25519_sc_mul128_lt253(uint8_t out[32], const uint8_t z[16], const uint8_t k[32]);

/* sum z_i s_i over up to 2^64 terms (z_i < 2^128, s_i < 2^256): < 2^448. */
typedef struct { uint64_t w[7]; } f25519_sc_acc;
void f25519_sc_acc_init(f25519_sc_acc *a);
void f25519_sc_acc_muladd128(f25519_sc_acc *a, const uint8_t z[16], const uint8_t s[32]);
/* a += b: two partial sums (e.g. one per group of items), the total still
 * over at most 2^64 terms. */
void f25519_sc_acc_add(f25519_sc_acc *a, const f25519_sc_acc *b);
/* out = the sum mod L (canonical). */
void f25519_sc_acc_reduce(uint8_t out[32], const f25519_sc_acc *a);
/* out = -a mod L (canonical) for a canonical a (< L). */
void f25519_sc_neg(uint8_t out[32], const uint8_t a[32]);
#endif
