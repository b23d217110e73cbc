/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Half-size scalars for single signature verification (Pornin 2020, lattice
 * basis reduction in dimension 2; docs/references.md), on PUBLIC data only
 * (variable time).
 *
 * For the challenge k (0 <= k < L) f25519_sc_halfsize_vartime finds integers
 * c, d (|c|, |d| < 2^F25519_HALFSIZE_MAXBITS, typically ~2^128) with
 *
 *     c odd  and  d = c k (mod 8L),
 *
 * i.e. d = c k (mod L) and m = (c k - d) / L is a multiple of 8: the short
 * vectors of the lattice {(c, d) : d = c k mod 8L} (determinant 8L ~ 2^255),
 * whose elements are exactly the (c, d) of the lattice mod L with 8 | m.
 * Why verification needs both conditions: ed25519_verify.h (steps 6-7).
 *
 * Method: the extended Euclidean algorithm on (8L, k) (Lehmer steps on the
 * top 64 bits, exact steps near the end) up to the first remainder
 * below 2^128; the vectors (t_i, r_i) it passes are lattice vectors, and
 * the three around that point hold a basis that a few Lagrange steps
 * (quotients estimated in double precision: any integer quotient keeps the
 * vectors in the lattice, the estimate only affects their length) make
 * Lagrange-reduced; the shortest (largest bit length of |c|, |d|) among
 * v, u, u + v, u - v with c odd is the answer (an index-2 sublattice holds
 * the even-c vectors, so at least one of them has c odd). Every integer
 * step is exact, so the result always satisfies the two conditions; the
 * return value is 0 only when no such vector is below 2^MAXBITS (k close to
 * a fraction with a tiny denominator, e.g. k = L - 1: then c odd forces |d|
 * ~ L; callers fall back to the full-size scalars).
 */
#ifndef F25519_SC_HALFSIZE_H
#define F25519_SC_HALFSIZE_H
#include <stdint.h>

#define F25519_HALFSIZE_MAXBITS 160

typedef struct {
    uint8_t c[32];    /* |c|, little-endian (< 2^MAXBITS, odd) */
    uint8_t d[32];    /* |d|, little-endian (< 2^MAXBITS) */
    uint8_t negc[32]; /* (-c) mod L, canonical */
    int c_neg, d_neg; /* the signs: 1 when negative */
    int bits;         /* max(bit length of |c|, of |d|) */
} f25519_halfsize;

/* k < L (canonical, 32 bytes little-endian). Returns 1 and fills out, or 0
 * (out unspecified) when no short pair exists. Variable time: public k only. */
int f25519_sc_halfsize_vartime(f25519_halfsize *out, const uint8_t k[32]);
#endif
