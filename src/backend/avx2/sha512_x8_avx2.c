/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SHA-512 (FIPS 180-4 6.4) of eight messages, four at a time with AVX2:
 * word t of four states / schedules in the four 64-bit lanes of one ymm, as
 * sha512_x8_avx512.c does with eight (its comment has the layout). AVX2 has
 * no 64-bit rotation or three-input logic: a rotation is two shifts and an
 * OR, Ch = (e AND f) XOR (NOT e AND g), Maj = (a AND (b OR c)) OR (b AND c).
 * The lane loop is hash/sha512_x8_driver.h's. Public inputs (sha512_x8.h).
 */
#include "backend/avx2/sha512_x8_avx2.h"
#include "hash/sha512_rounds.h"
#include "arch/simd_x86.h"

#define X4_ROR(x, n) _mm256_or_si256(_mm256_srli_epi64((x), (n)), _mm256_slli_epi64((x), 64 - (n)))
#define X4_XOR3(a, b, c) _mm256_xor_si256(_mm256_xor_si256((a), (b)), (c))
#define X4_S0(a) X4_XOR3(X4_ROR((a), 28), X4_ROR((a), 34), X4_ROR((a), 39))
#define X4_S1(e) X4_XOR3(X4_ROR((e), 14), X4_ROR((e), 18), X4_ROR((e), 41))
#define X4_s0(x) X4_XOR3(X4_ROR((x), 1), X4_ROR((x), 8), _mm256_srli_epi64((x), 7))
#define X4_s1(x) X4_XOR3(X4_ROR((x), 19), X4_ROR((x), 61), _mm256_srli_epi64((x), 6))
#define X4_CH(e, f, g) _mm256_xor_si256(_mm256_and_si256((e), (f)), _mm256_andnot_si256((e), (g)))
#define X4_MAJ(a, b, c) _mm256_or_si256(_mm256_and_si256((a), _mm256_or_si256((b), (c))), _mm256_and_si256((b), (c)))

#define X4_ADD(x, y) _mm256_add_epi64((x), (y))
#define X4_K(t) _mm256_set1_epi64x((long long)f25519_sha512_k[t])
#define X4_ROUND(a, b, c, d, e, f, g, h, t, w) F25519_SHA512_VROUND(X4, a, b, c, d, e, f, g, h, t, w)
#define X4_WL(t) W[t]
#define X4_WS(t) F25519_SHA512_VSCHED(X4, W, t)

/* st += compress(block in W) in the lanes l with bit l of live set. */
F25519_AVX2_TARGET static void compress4(__m256i st[8], __m256i W[16], unsigned live)
{
    const __m256i bit = _mm256_set_epi64x(8, 4, 2, 1);
    const __m256i mask = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(live), bit), bit);
    __m256i a = st[0], b = st[1], c = st[2], d = st[3], e = st[4], f = st[5], g = st[6], h = st[7];
    F25519_SHA512_V80(X4_ROUND, X4_WL, X4_WS);
    const __m256i v[8] = {a, b, c, d, e, f, g, h};
    for (int i = 0; i < 8; i++) st[i] = _mm256_add_epi64(st[i], _mm256_and_si256(v[i], mask));
}

#define X4_WORD(blk, l, t) ((long long)f25519_sha512_be64((blk)[l] + 8 * (t)))
#define F25519_SHA512_DRIVER sha512_x4 /* out[0..4) from m[0..4) */
#define F25519_SHA512_DRIVER_LANES 4
#define F25519_SHA512_DRIVER_VEC __m256i
#define F25519_SHA512_DRIVER_TARGET F25519_AVX2_TARGET
#define F25519_SHA512_DRIVER_SET1(x) _mm256_set1_epi64x((long long)(x))
#define F25519_SHA512_DRIVER_WORDS(blk, t) \
    _mm256_set_epi64x(X4_WORD(blk, 3, t), X4_WORD(blk, 2, t), X4_WORD(blk, 1, t), X4_WORD(blk, 0, t))
#define F25519_SHA512_DRIVER_COMPRESS(st, W, live) compress4((st), (W), (live))
#define F25519_SHA512_DRIVER_STORE(p, v) _mm256_store_si256((__m256i *)(p), (v))
#include "hash/sha512_x8_driver.h"

void f25519_sha512_x8_avx2(uint8_t out[8][64], const f25519_sha512_msg m[8])
{
    sha512_x4(out, m);
    sha512_x4(out + 4, m + 4);
}
