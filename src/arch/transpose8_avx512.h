/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The 8 x 8 transposition of 64-bit words with AVX-512F, for the ifma
 * backend's multi-buffer code (SHA-512's blocks, the challenges' reduction
 * mod L): eight rows loaded as vectors become eight vectors of one word
 * each. */
#ifndef F25519_ARCH_TRANSPOSE8_AVX512_H
#define F25519_ARCH_TRANSPOSE8_AVX512_H
#include "arch/simd_x86.h"

/* o[w] word l = word w of r[l]: pairs, then quadruples, then halves. */
static inline __attribute__((always_inline)) F25519_IFMA_TARGET void f25519_transpose8_avx512(__m512i o[8],
                                                                                            const __m512i r[8])
{
    const __m512i lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13), hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    __m512i t[8], u[8];
    for (int k = 0; k < 4; k++) {
        t[2 * k] = _mm512_unpacklo_epi64(r[2 * k], r[2 * k + 1]);     /* words 0 2 4 6 of rows 2k, 2k+1 */
        t[2 * k + 1] = _mm512_unpackhi_epi64(r[2 * k], r[2 * k + 1]); /* words 1 3 5 7 */
    }
    for (int h = 0; h < 2; h++) /* rows 4h .. 4h+3 */
        for (int k = 0; k < 2; k++) {
            u[4 * h + k] = _mm512_permutex2var_epi64(t[4 * h + k], lo, t[4 * h + 2 + k]);     /* words k, k+4 */
            u[4 * h + 2 + k] = _mm512_permutex2var_epi64(t[4 * h + k], hi, t[4 * h + 2 + k]); /* words k+2, k+6 */
        }
    for (int w = 0; w < 4; w++) {
        o[w] = _mm512_shuffle_i64x2(u[w], u[4 + w], 0x44);
        o[w + 4] = _mm512_shuffle_i64x2(u[w], u[4 + w], 0xee);
    }
}
#endif
