/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * x mod L for eight x < 2^512 at once, one per 64-bit lane in radix 2^52
 * (ten limbs), with the IFMA products: Barrett's reduction (Menezes, van
 * Oorschot, Vanstone, Handbook of Applied Cryptography, alg. 14.42) with
 * b = 2^52, k = 5 (2^208 <= L < 2^260), mu = floor(2^520 / L):
 *   q3 = floor(q1 mu / 2^312), q1 = floor(x / 2^208)  (all 36 products kept)
 *   r  = (x - q3 L) mod 2^312, which is x - q3 L itself, in [0, 2L)
 *   r -= L if r >= L                                (by selection)
 * One subtraction: x / L - q1 mu / 2^312 < 2^208 / L + q1 / 2^312 < 2^-44 +
 * 2^-8 (mu = 2^520 / L - e, 0 <= e < 1), so floor(x / L) <= q3 + 1.
 * Column sums hold at most 12 terms below 2^52 (< 2^56) before their carry;
 * the subtractions carry signed (arithmetic shift). Public inputs, but
 * nothing here branches on them.
 */
#include "backend/ifma/sc52x8_ifma.h"
#include "arch/transpose8_avx512.h"
#include "arch/simd_x86.h"

#define SC8_TARGET F25519_IFMA_TARGET
#define SC8_M52 _mm512_set1_epi64(0xfffffffffffffLL)

/* mu = floor(2^520 / L) and L, limbs of 52 bits */
static const uint64_t sc8_mu[6] = {0x5a30a2c131b39, 0x86329a7ed9ce, 0xfffeb2106215d,
                                   0xfffffffffffff, 0xfffffffffffff, 0xff};
static const uint64_t sc8_l[5] = {0x2631a5cf5d3ed, 0xdea2f79cd6581, 0x14def9, 0, 0x100000000000};

/* c[k] carried into c[k + 1] for k < n - 1: every c[k] < 2^52 but the last */
static inline __attribute__((always_inline)) SC8_TARGET void sc8_carry(__m512i *c, int n)
{
    for (int k = 0; k < n - 1; k++) {
        c[k + 1] = _mm512_add_epi64(c[k + 1], _mm512_srli_epi64(c[k], 52));
        c[k] = _mm512_and_si512(c[k], SC8_M52);
    }
}

/* r = a - b (mod 2^(52 n)) limb by limb with a signed carry; returns the
 * final carry: 0 when a >= b (for values below 2^(52 n)), -1 when not */
static inline __attribute__((always_inline)) SC8_TARGET __m512i sc8_sub(__m512i *r, const __m512i *a, const __m512i *b,
                                                                     int n)
{
    __m512i cy = _mm512_setzero_si512();
    for (int k = 0; k < n; k++) {
        const __m512i d = _mm512_add_epi64(_mm512_sub_epi64(a[k], b[k]), cy);
        r[k] = _mm512_and_si512(d, SC8_M52);
        cy = _mm512_srai_epi64(d, 52);
    }
    return cy;
}

/* r[0..5) = x mod L, x[0..10) the limbs of x < 2^512 */
static SC8_TARGET void sc8_barrett(__m512i r[5], const __m512i x[10])
{
    const __m512i z = _mm512_setzero_si512();
    __m512i c[12], mu[6], l[5];
    for (int j = 0; j < 6; j++) mu[j] = _mm512_set1_epi64((long long)sc8_mu[j]);
    for (int j = 0; j < 5; j++) l[j] = _mm512_set1_epi64((long long)sc8_l[j]);
    for (int k = 0; k < 12; k++) c[k] = z;
#pragma GCC unroll 6
    for (int i = 0; i < 6; i++) /* q1 mu, q1 = x[4..10) */
#pragma GCC unroll 6
        for (int j = 0; j < 6; j++) {
            c[i + j] = _mm512_madd52lo_epu64(c[i + j], x[4 + i], mu[j]);
            c[i + j + 1] = _mm512_madd52hi_epu64(c[i + j + 1], x[4 + i], mu[j]);
        }
    sc8_carry(c, 12);
    const __m512i *q3 = c + 6; /* < 2^260: limbs 6..10 (c[11] = 0) */
    __m512i p[6];
    for (int k = 0; k < 6; k++) p[k] = z;
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) /* q3 L mod 2^312 (L limb 3 is 0) */
#pragma GCC unroll 5
        for (int j = 0; j < 5; j++) {
            if (j == 3 || i + j > 5) continue;
            p[i + j] = _mm512_madd52lo_epu64(p[i + j], q3[i], l[j]);
            if (i + j < 5) p[i + j + 1] = _mm512_madd52hi_epu64(p[i + j + 1], q3[i], l[j]);
        }
    __m512i t[6];
    (void)sc8_sub(t, x, p, 6); /* in [0, 2L): limb 5 is 0 */
    __m512i u[5];
    const __mmask8 ge = _mm512_cmpeq_epi64_mask(sc8_sub(u, t, l, 5), z); /* t >= L */
    for (int k = 0; k < 5; k++) r[k] = _mm512_mask_blend_epi64(ge, t[k], u[k]);
}

SC8_TARGET void f25519_ifma_sc_reduce64_x8(uint8_t out[8][32], const uint8_t in[8][64])
{
    __m512i v[8], w[8], x[10], r[5];
    for (int l = 0; l < 8; l++) v[l] = _mm512_loadu_si512((const void *)in[l]);
    f25519_transpose8_avx512(w, v); /* w[i]: word i of every lane (little endian) */
#pragma GCC unroll 10
    for (int k = 0; k < 10; k++) { /* bits 52 k .. 52 k + 51 */
        const int b = 52 * k, i = b / 64, s = b % 64;
        __m512i t = _mm512_srli_epi64(w[i], (unsigned)s);
        if (s > 12 && i < 7) t = _mm512_or_si512(t, _mm512_slli_epi64(w[i + 1], (unsigned)(64 - s)));
        x[k] = _mm512_and_si512(t, SC8_M52);
    }
    sc8_barrett(r, x);
    const __m512i zero = _mm512_setzero_si512();
    v[0] = _mm512_or_si512(r[0], _mm512_slli_epi64(r[1], 52)); /* r < L < 2^253: four words */
    v[1] = _mm512_or_si512(_mm512_srli_epi64(r[1], 12), _mm512_slli_epi64(r[2], 40));
    v[2] = _mm512_or_si512(_mm512_srli_epi64(r[2], 24), _mm512_slli_epi64(r[3], 28));
    v[3] = _mm512_or_si512(_mm512_srli_epi64(r[3], 36), _mm512_slli_epi64(r[4], 16));
    for (int i = 4; i < 8; i++) v[i] = zero;
    f25519_transpose8_avx512(w, v); /* w[l]: lane l's words */
    for (int l = 0; l < 8; l++) _mm256_storeu_si256((void *)out[l], _mm512_castsi512_si256(w[l]));
}
