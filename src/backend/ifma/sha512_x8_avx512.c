/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SHA-512 (FIPS 180-4 6.4) of eight messages at once with AVX-512F: word t
 * of the eight states / schedules in the eight 64-bit lanes of one zmm
 * (sha512_x8.h). The rounds are those of sha512.c with vprorq for the
 * rotations and vpternlogq for Ch (imm 0xca: e ? f : g), Maj (0xe8) and the
 * three-way XORs of the sigmas (0x96); a lane with fewer blocks keeps its
 * state through the others' last blocks by masked adds. The lane loop is
 * hash/sha512_x8_driver.h's. Public inputs.
 */
#include "backend/ifma/sha512_x8_avx512.h"
#include "hash/sha512_rounds.h"
#include "arch/simd_x86.h"
#include "arch/transpose8_avx512.h"

#define X8_TARGET F25519_IFMA_TARGET /* the ifma backend's target: AVX-512F/VL (+IFMA, unused here) */

#define X8_XOR3(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0x96)
#define X8_S0(a) X8_XOR3(_mm512_ror_epi64((a), 28), _mm512_ror_epi64((a), 34), _mm512_ror_epi64((a), 39))
#define X8_S1(e) X8_XOR3(_mm512_ror_epi64((e), 14), _mm512_ror_epi64((e), 18), _mm512_ror_epi64((e), 41))
#define X8_s0(x) X8_XOR3(_mm512_ror_epi64((x), 1), _mm512_ror_epi64((x), 8), _mm512_srli_epi64((x), 7))
#define X8_s1(x) X8_XOR3(_mm512_ror_epi64((x), 19), _mm512_ror_epi64((x), 61), _mm512_srli_epi64((x), 6))

/* One round t: the roles of a..h rotate through the arguments (sha512.c). */
#define X8_ADD(x, y) _mm512_add_epi64((x), (y))
#define X8_K(t) _mm512_set1_epi64((long long)f25519_sha512_k[t])
#define X8_CH(e, f, g) _mm512_ternarylogic_epi64((e), (f), (g), 0xca)
#define X8_MAJ(a, b, c) _mm512_ternarylogic_epi64((a), (b), (c), 0xe8)
#define X8_ROUND(a, b, c, d, e, f, g, h, t, w) F25519_SHA512_VROUND(X8, a, b, c, d, e, f, g, h, t, w)
#define X8_WL(t) W[t]
#define X8_WS(t) F25519_SHA512_VSCHED(X8, W, t)

/* st += compress(block in W) in the lanes of live; W is overwritten. */
X8_TARGET static void compress8(__m512i st[8], __m512i W[16], __mmask8 live)
{
    __m512i a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
    F25519_SHA512_V80(X8_ROUND, X8_WL, X8_WS);
    const __m512i v[8] = {a, b, c, d, e, f, g, h};
    for (int i = 0; i < 8; i++) st[i] = _mm512_mask_add_epi64(st[i], live, st[i], v[i]);
}

/* the byte order of each 64-bit word reversed (AVX-512F: the 32-bit halves
 * swapped, then each half's bytes by two rotations and a select) */
X8_TARGET static inline __m512i x8_bswap(__m512i x)
{
    x = _mm512_ror_epi64(x, 32);
    return _mm512_ternarylogic_epi64(_mm512_set1_epi32(0x00ff00ff), _mm512_rol_epi32(x, 8), _mm512_ror_epi32(x, 8),
                                     0xca); /* bytes 0 and 2 of each half from the left rotation */
}

/* W[0..16) = the big-endian words of the blocks blk[l], lane l: two loads
 * per lane and two transpositions (instead of 128 scalar loads) */
X8_TARGET static inline void x8_block(__m512i W[16], const uint8_t *const blk[8])
{
    __m512i r[8], o[8];
    for (int h = 0; h < 2; h++) {
        for (int l = 0; l < 8; l++) r[l] = _mm512_loadu_si512((const void *)(blk[l] + 64 * h));
        f25519_transpose8_avx512(o, r);
        for (int w = 0; w < 8; w++) W[8 * h + w] = x8_bswap(o[w]);
    }
}

#define F25519_SHA512_DRIVER sha512_x8
#define F25519_SHA512_DRIVER_LANES 8
#define F25519_SHA512_DRIVER_VEC __m512i
#define F25519_SHA512_DRIVER_TARGET X8_TARGET
#define F25519_SHA512_DRIVER_SET1(x) _mm512_set1_epi64((long long)(x))
#define F25519_SHA512_DRIVER_BLOCK(W, blk) x8_block((W), (blk))
#define F25519_SHA512_DRIVER_COMPRESS(st, W, live) compress8((st), (W), (__mmask8)(live))
#define F25519_SHA512_DRIVER_STORE(p, v) _mm512_store_si512((void *)(p), (v))
#include "hash/sha512_x8_driver.h"

X8_TARGET void f25519_sha512_x8_avx512(uint8_t out[8][64], const f25519_sha512_msg m[8])
{
    sha512_x8(out, m);
}
