/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SHA-512 (FIPS 180-4 6.4) of eight messages at once with AVX-512F: word t
 * of the eight states / schedules in the eight 64-bit lanes of one zmm
 * (sha512_x8.h). The rounds are those of sha512.c with vprorq for the
 * rotations and vpternlogq for Ch (imm 0xca: e ? f : g), Maj (0xe8) and the
 * three-way XORs of the sigmas (0x96). Block j of lane l is read from its
 * message's parts and padding (lane_block); a lane with fewer blocks keeps
 * its state through the others' last blocks (masked adds). Public inputs.
 */
#include <string.h>
#include "backend/ifma/sha512_x8_avx512.h"
#include "hash/sha512_rounds.h"
#include "arch/simd_x86.h"

#define X8_TARGET F25519_IFMA_TARGET /* the ifma backend's target: AVX-512F/VL (+IFMA, unused here) */

static inline uint64_t be64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return __builtin_bswap64(v); /* x86: little endian */
}

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

X8_TARGET void f25519_sha512_x8_avx512(uint8_t out[8][64], const f25519_sha512_msg m[8])
{
    size_t total[8], nb[8];
    const size_t most = f25519_sha512_lanes_begin(total, nb, m, 8);
    __m512i st[8], W[16];
    for (int i = 0; i < 8; i++) st[i] = _mm512_set1_epi64((long long)f25519_sha512_h0[i]);
    uint8_t blk[8][128];
    for (size_t j = 0; j < most; j++) {
        __mmask8 live = 0;
        for (int l = 0; l < 8; l++) {
            if (j < nb[l]) {
                f25519_sha512_lane_block(blk[l], &m[l], total[l], j);
                live |= (__mmask8)(1u << l);
            }
        }
        for (int t = 0; t < 16; t++) /* lanes past their end: stale words, masked off */
            W[t] = _mm512_set_epi64((long long)be64(blk[7] + 8 * t), (long long)be64(blk[6] + 8 * t),
                                    (long long)be64(blk[5] + 8 * t), (long long)be64(blk[4] + 8 * t),
                                    (long long)be64(blk[3] + 8 * t), (long long)be64(blk[2] + 8 * t),
                                    (long long)be64(blk[1] + 8 * t), (long long)be64(blk[0] + 8 * t));
        compress8(st, W, live);
    }
    uint64_t v[8][8] __attribute__((aligned(64)));
    for (int i = 0; i < 8; i++) _mm512_store_si512((void *)v[i], st[i]);
    f25519_sha512_lanes_end(out, &v[0][0], 8);
}
