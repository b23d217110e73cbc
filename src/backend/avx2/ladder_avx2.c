/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The avx2 backend's x8 X25519: two 4-lane Montgomery ladders (RFC 7748 5)
 * on the radix-2^25.5 field (backend/avx2/fe25x4_avx2.h), one derive per 64-bit
 * lane (Zhang et al., High-Throughput EdDSA Verification, sec. 3;
 * docs/references.md), the two sets stepped together so that the
 * out-of-order core overlaps their independent products. Per step and set:
 * 5 multiplications, 4 squarings, one 121666 multiply-add (x-only
 * projective ladder of scalarmult/ladder.h: z2 = E (BB + 121666 E)), in the
 * same operation order (the long DA/CB chain first). Sandy2x (Chou;
 * docs/references.md) pairs two
 * multiplications into one 128-bit vector; with one instance per 64-bit
 * lane every vpmuludq already does four useful products, so no pairing.
 *
 * Bounds (fe25x4_avx2.h): x2, z2, x3, z3, x1 are R at the top of a step;
 * A, C = sums of R (M); B, D = differences with 2p (M); DA, CB, AA, BB R;
 * DA + CB, DA - CB + 2p, E = AA - BB + 2p are M; BB + 121666 E is carried
 * by one parallel round (fe25x4_mul121666_add_m: no chain, limbs < W_i +
 * 2^19, limb 0 < W_0 + 2^23), M, fed straight to the z2 product.
 *
 * Constant time: the key bits become lane masks (0 - bit) by vector shifts
 * of the key words; the conditional swap is folded into the operand
 * selection by masks, in the same pass over the limbs as A, B, C, D (faster
 * than storing the selected operands first); no branch or memory index
 * depends on a key. The products are out of line (no spills there, see
 * fe25x4_avx2.h): f25519_fe25x4_sqr_pair (rows two at a time, as the
 * multiplications: each f_j / 19 f_j loaded once for two rows, 238 uops
 * against 298 for f25519_fe25x4_sqr) and the even/odd Karatsuba products
 * (f25519_fe25x4_mul_k: 75 vpmuludq + 8 for the operand's preparation
 * instead of 109; f25519_fe25x4_mul_kq on x1 prepared once, fe25x4_kprep),
 * each faster than the paired-row schoolbook products.
 * Their operand g must be "A2" (< 2 W_i + 2^18): A, C (sums of R), p (the
 * a24 output), BB, x1 (R); the other factor M.
 *
 * Final inversion: the 8 z's leave the vector registers (fe51) for one
 * batched inversion (Montgomery's trick, 21 fe51 products, one constant-time
 * safegcd: f25519_safegcd_batch_invert), about a third of the cost of two
 * interleaved 4-lane Fermat chains.
 *
 * What bounds the ladder: per cycle, 2 vpmuludq ymm, 4 vpaddq, 2 256-bit
 * loads; f25519_fe25x4_mul is 109 vpmuludq + ~160 other vector ops (+ 117
 * loads), f25519_fe25x4_sqr 60 + ~130. A ladder step (2 sets) is ~2 x 2700
 * instructions, near the 4 vector pipes' bound and far above the
 * multiplier's: the step is bound by the number of uops (loads and stores
 * included: the paired rows save loads) more than by latency. BB + 121666 E
 * is carried by one parallel round for the same reason. Single-digit changes
 * need many interleaved rounds to measure: near-identical binaries differ
 * by a few percent by code layout alone.
 */
#include "backend/avx2/ladder_avx2.h"
#include "backend/avx2/fe25x4_avx2.h"
#include "field/fe51.h"
#include "field/invert_safegcd.h"
#include "common/wipe.h"

typedef struct { fe25x4 x2, z2, x3, z3; } lad4;

#define SETS 2
#define EACH for (int t = 0; t < SETS; t++)

F25519_AVX2_TARGET static void ladder_x8(fe25x4 xo[SETS], fe25x4 zo[SETS], const __m256i kw[SETS][4],
                                         const fe25x4 x1[SETS])
{
    fe25x4_kop xq[SETS]; /* x1 prepared once (fe25x4_kprep) for the product by x1 of every step */
    lad4 s[SETS];
    fe25x4 a[SETS], b[SETS], c[SETS], d[SETS], aa[SETS], bb[SETS], e[SETS], da[SETS], cb[SETS];
    fe25x4 p[SETS];
    __m256i swap[SETS];
    const __m256i one = _mm256_set1_epi64x(1);
#pragma GCC unroll 2
    EACH {
        fe25x4_1(&s[t].x2);
        fe25x4_0(&s[t].z2);
        s[t].x3 = x1[t];
        fe25x4_1(&s[t].z3);
        swap[t] = _mm256_setzero_si256();
        fe25x4_kprep(&xq[t], &x1[t]);
    }
    for (int pos = 254; pos >= 0; pos--) {
        const __m128i sh = _mm_cvtsi32_si128(pos & 63);
#pragma GCC unroll 2
        EACH {
            /* lane mask of bit pos of each lane's key */
            __m256i bit = _mm256_sub_epi64(_mm256_setzero_si256(),
                                           _mm256_and_si256(_mm256_srl_epi64(kw[t][pos >> 6], sh), one));
            __m256i m = _mm256_xor_si256(swap[t], bit);
            swap[t] = bit;
            /* the swap folded into the operand selection: p, q = x2, z2 and
             * r, w = x3, z3, exchanged in the lanes of m */
#pragma GCC unroll 10
            for (int i = 0; i < 10; i++) {
                /* one pass per limb: selection and the four sums/differences of
                 * fe25x4_add / fe25x4_sub (2p bias), nothing stored in between */
                __m256i x2 = s[t].x2.v[i], x3 = s[t].x3.v[i], z2 = s[t].z2.v[i], z3 = s[t].z3.v[i];
                __m256i dx = _mm256_and_si256(m, _mm256_xor_si256(x2, x3));
                __m256i dz = _mm256_and_si256(m, _mm256_xor_si256(z2, z3));
                __m256i pp = _mm256_xor_si256(x2, dx), rr = _mm256_xor_si256(x3, dx);
                __m256i qq = _mm256_xor_si256(z2, dz), ww = _mm256_xor_si256(z3, dz);
                __m256i kp = fe25x4_kp(i, 2);
                c[t].v[i] = _mm256_add_epi64(rr, ww);                       /* C = x3 + z3 */
                d[t].v[i] = _mm256_sub_epi64(_mm256_add_epi64(rr, kp), ww); /* D = x3 - z3 */
                a[t].v[i] = _mm256_add_epi64(pp, qq);                       /* A = x2 + z2 */
                b[t].v[i] = _mm256_sub_epi64(_mm256_add_epi64(pp, kp), qq); /* B = x2 - z2 */
            }
        }
#pragma GCC unroll 2
        EACH f25519_fe25x4_mul_k(&da[t], &d[t], &a[t]); /* g = A: A2 */
#pragma GCC unroll 2
        EACH f25519_fe25x4_mul_k(&cb[t], &b[t], &c[t]); /* g = C: A2 */
#pragma GCC unroll 2
        EACH f25519_fe25x4_sqr_pair(&aa[t], &a[t]);
#pragma GCC unroll 2
        EACH f25519_fe25x4_sqr_pair(&bb[t], &b[t]);
#pragma GCC unroll 2
        EACH {
            fe25x4_add(&s[t].x3, &da[t], &cb[t]);
            fe25x4_sub(&s[t].z3, &da[t], &cb[t]);
            fe25x4_sub(&e[t], &aa[t], &bb[t]); /* E = AA - BB */
        }
#pragma GCC unroll 2
        EACH f25519_fe25x4_sqr_pair(&s[t].z3, &s[t].z3);
#pragma GCC unroll 2
        EACH fe25x4_mul121666_add_m(&p[t], &e[t], &bb[t]); /* BB + 121666 E (M) */
#pragma GCC unroll 2
        EACH f25519_fe25x4_sqr_pair(&s[t].x3, &s[t].x3); /* x3 = (DA + CB)^2 */
#pragma GCC unroll 2
        EACH f25519_fe25x4_mul_kq(&s[t].z3, &s[t].z3, &x1[t], &xq[t]); /* z3 = x1 (DA - CB)^2 */
#pragma GCC unroll 2
        EACH f25519_fe25x4_mul_k(&s[t].z2, &e[t], &p[t]); /* z2 = E (BB + 121666 E): g = p A2 */
#pragma GCC unroll 2
        EACH f25519_fe25x4_mul_k(&s[t].x2, &aa[t], &bb[t]); /* x2 = AA BB */
    }
#pragma GCC unroll 2
    EACH {
        fe25x4_cswap(&s[t].x2, &s[t].x3, swap[t]);
        fe25x4_cswap(&s[t].z2, &s[t].z3, swap[t]);
        xo[t] = s[t].x2;
        zo[t] = s[t].z2;
    }
    f25519_wipe(s, sizeof s);
    f25519_wipe(a, sizeof a); f25519_wipe(b, sizeof b); f25519_wipe(c, sizeof c);
    f25519_wipe(d, sizeof d); f25519_wipe(aa, sizeof aa); f25519_wipe(bb, sizeof bb);
    f25519_wipe(e, sizeof e); f25519_wipe(da, sizeof da); f25519_wipe(cb, sizeof cb);
    f25519_wipe(p, sizeof p); f25519_wipe(swap, sizeof swap); f25519_wipe(xq, sizeof xq);
}

F25519_AVX2_TARGET void f25519_ladder_avx2_x8(uint8_t out[8][32], const uint8_t k[8][32], const uint8_t u[8][32])
{
    fe25x4 x1[SETS], x2[SETS], z2[SETS];
    __m256i kw[SETS][4];
    uint64_t words[4][4] __attribute__((aligned(32)));
    for (int t = 0; t < SETS; t++) {
        for (int l = 0; l < 4; l++)
            for (int q = 0; q < 4; q++) {
                uint64_t v = 0;
                for (int j = 7; j >= 0; j--) v = (v << 8) | k[4 * t + l][8 * q + j];
                words[q][l] = v;
            }
        for (int q = 0; q < 4; q++) kw[t][q] = _mm256_load_si256((const __m256i *)words[q]);
        f25519_fe25x4_frombytes(&x1[t], &u[4 * t]);
    }
    ladder_x8(x2, z2, (const __m256i(*)[4])kw, x1);
    /* The 8 lanes' x2 / z2 in fe51, then one batched inversion (Montgomery's
     * trick, one constant-time safegcd; a zero z gives 1/z = 0 without
     * disturbing the other lanes, as z^(p-2) would) instead of two 4-lane
     * Fermat chains (2 x 254 squarings). */
    fe51 xs[8], zs[8], zi[8];
    for (int t = 0; t < SETS; t++) {
        f25519_fe25x4_unpack(&xs[4 * t], &x2[t]);
        f25519_fe25x4_unpack(&zs[4 * t], &z2[t]);
    }
    f25519_safegcd_batch_invert(zi, zs, 8);
    for (int l = 0; l < 8; l++) {
        fe51_mul(&xs[l], &xs[l], &zi[l]);
        fe51_tobytes(out[l], &xs[l]);
    }
    f25519_wipe(xs, sizeof xs);
    f25519_wipe(zs, sizeof zs);
    f25519_wipe(zi, sizeof zi);
    f25519_wipe(words, sizeof words);
    f25519_wipe(kw, sizeof kw);
    f25519_wipe(x2, sizeof x2);
    f25519_wipe(z2, sizeof z2);
}
