/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Scalar recodings, written once for every backend.
 *
 * f25519_recode_signed: a = sum e[i] 2^(w i), i < n, with e[i] in
 * [-2^(w-1), 2^(w-1)) for i < n - 1 and the last digit taking the final
 * carry (e[n-1] = the top bits + carry, unreduced). Constant time (loop
 * bounds and the bytes read depend on n and w only); static inline so that
 * each caller gets it specialized for its constant n and w. Used with
 * (w, n) = (4, 64) by the radix-16 combs (a < 2^255: e[63] in [0, 8]) and
 * (5, 52) by the radix-32 8x1 comb (a < 2^255: e[51] in {0, 1}) and (6, 43)
 * by the mulx radix-64 comb (e[42] in [0, 8]).
 *
 * f25519_wnaf_vartime: width-w NAF (recode.c), public scalars only.
 */
#ifndef F25519_SCALARMULT_RECODE_H
#define F25519_SCALARMULT_RECODE_H
#include <stdint.h>

static inline void f25519_recode_signed(int8_t *e, int n, const uint8_t a[32], int w)
{
    const int half = 1 << (w - 1);
    int carry = 0;
    for (int i = 0; i < n; i++) {
        int bit = w * i, byte = bit >> 3, sh = bit & 7;
        unsigned win = a[byte < 32 ? byte : 31] * (unsigned)(byte < 32);
        win |= (byte + 1 < 32 ? (unsigned)a[byte + 1] : 0u) << 8;
        int v = (int)((win >> sh) & ((1u << w) - 1)) + carry;
        carry = (v + half) >> w; /* 0 or 1 */
        e[i] = (int8_t)(v - (carry << w));
    }
    e[n - 1] = (int8_t)(e[n - 1] + (carry << w)); /* the last digit keeps the final carry */
}

/* Width-w NAF (2 <= w <= 10) of k < 2^253: k = sum naf[i] 2^i, naf[i] odd in
 * (-2^(w-1), 2^(w-1)) or 0, at most one non-zero in any w consecutive
 * positions. Returns the number of positions used (<= 254): naf[i] = 0 for
 * i >= the result. Variable time (runs of zero bits are skipped with a
 * count-trailing-zeros): public scalars only. */
int f25519_wnaf_vartime(int16_t naf[256], const uint8_t k[32], int w);
#endif
