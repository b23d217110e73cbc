/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The avx2 backend's x8 X25519: two 4-lane Montgomery ladders (RFC 7748 5)
 * on the radix-2^25.5 field (field/fe25x4_avx2.h), one derive per 64-bit
 * lane (paper 002 section 3), the two sets stepped together so that the
 * out-of-order core overlaps their independent products. Per step and set:
 * 5 multiplications, 4 squarings, one 121666 multiply-add (x-only
 * projective ladder of scalarmult/ladder.h: z2 = E (BB + 121666 E)), in the
 * same operation order (the long DA/CB chain first). Sandy2x pairs two
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
 * selection by masks, in the same pass over the limbs as A, B, C, D (measured
 * ~17% faster x8 than storing the selected operands first); no branch or
 * memory index depends on a key. The products are out of line (no spills
 * there, see fe25x4_avx2.h): f25519_fe25x4_sqr_pair (rows two at a time, as
 * the multiplications: each f_j / 19 f_j loaded once for two rows, 238
 * uops against 298 for f25519_fe25x4_sqr). The multiplications were first
 * products with rows two at a time (f25519_fe25x4_mul_pair, and
 * f25519_fe25x4_mul_g19 on 19 x1 computed once); since 2026-11-26 they are
 * the even/odd Karatsuba products
 * (f25519_fe25x4_mul_k: 75 vpmuludq + 8 for the operand's preparation
 * instead of 109; f25519_fe25x4_mul_kq on x1 prepared once, fe25x4_kprep).
 * Their operand g must be "A2" (< 2 W_i + 2^18): A, C (sums of R), p (the
 * a24 output), BB, x1 (R); the other factor M. Measured on the AMD EPYC Zen 3
 * host (pinned, f25519_ladder_avx2_x8 alone, 200 calls per round, 20
 * interleaved rounds old/new, ticks per derive): minima 35.77k -> 34.48k
 * (-3.6%), medians of the rounds' minima 35.88k -> 35.14k (-2.1%);
 * fast25519 bench x25519_derive_x8 (8 interleaved rounds, quiet phase)
 * minima 39.38k -> 35.68k, medians 39.47k -> 35.91k (-9%).
 *
 * Final inversion: the 8 z's leave the vector registers (fe51) for one
 * batched inversion (Montgomery's trick, 21 fe51 products, one constant-time
 * safegcd: f25519_ifma_fe_batch_invert) instead of two interleaved 4-lane
 * Fermat chains. Measured on the AMD EPYC Zen 3 host (AVX2 only, TSC
 * 2.445 GHz, 2026-11-25, pinned, medians): f25519_fe25x4_invert2 23.7k ticks
 * against 7.2k for the batch inversion + 0.4k for the repacking, so about
 * 2k ticks less per derive of the x8 call.
 *
 * What bounds the ladder (same host; microbenchmarks): vpmuludq ymm issues 2
 * per cycle, vpaddq 4, 256-bit loads 2; f25519_fe25x4_mul is 109 vpmuludq +
 * ~160 other vector ops (+ 117 loads), f25519_fe25x4_sqr 60 + ~130: two
 * interleaved muls take 60 ticks (79 cycles) each, sqrs 43 ticks. A ladder
 * step (2 sets, ~1150 ticks = ~1530 cycles) is ~2 x 2700 instructions at
 * ~3.5 per cycle, ~75% of the 4 vector pipes' bound (~2 x 2300 vector uops,
 * ~1150 cycles) and far above the multiplier's (2 x 795 vpmuludq at 2 per
 * cycle = 795 cycles). Fewer vector uops was the plan (replacing the 9
 * vpmuludq of 19 g by shifts and adds measured slower: 120 against 113
 * cycles per product).
 *
 * Measured 2026-11-26 (same host, pinned, ladder alone via rdtsc around
 * f25519_ladder_avx2_x8, minima of 200 calls, 8 interleaved rounds old/new
 * in the host's quiet phase): paired-row products + 19 x1 once: 37.0-37.2k
 * against 37.6-37.7k ticks per derive (-1.5%); 19 x1 alone ~-0.6%.
 * Tried and slower (same rounds): one sequential 11-carry chain instead of
 * ref10's two interleaved chains (3 ops fewer per carry, +4%: the longer
 * chain is exposed); product scanning with the carry chain following the
 * columns (+15%: one accumulator chain per column); two products (both sets)
 * interleaved in one function, columns in blocks of 5 (+20%, spills); mul and
 * sqr calls alternated (no change). The step looks latency/window-bound
 * rather than uop-bound: fewer uops alone did not help (but see below).
 *
 * Measured 2026-11-26 05:40-05:50 UTC (same host, pinned, ladder alone as
 * above, interleaved rounds of 200 calls, minima): squarings with paired
 * rows (f25519_fe25x4_sqr_pair) -2.8%; BB + 121666 E by one parallel carry
 * round (fe25x4_mul121666_add_m) -0.8%; together 37.3k -> 36.1k ticks per
 * derive (30 rounds), fast25519 bench x25519_derive_x8 (8 interleaved
 * rounds, fast phase) 39.8k -> 36.2k. Diagnostics (wrong results, timing
 * only): the products' carries reduced to their masks -8.8%; every product
 * of a step made independent of the step's earlier products -0.5%; the
 * swap masks zero -0.8%. So the step is bound by the number of uops (loads
 * and stores included: the paired rows save loads) more than by latency.
 * Tried and not landed (same rounds): the swap by vpblendvb instead of
 * xor/and/xor (+2.0%); three carry chains (0->4, 3->8, 7->1: 13 hops, the
 * longest 5) instead of ref10's two (-0.6%, within the noise); the order of
 * the step's last six products (set-major, x2 first, a24 first: within
 * +-0.5%).
 * Also tried 06:00-06:30 UTC on top of that (ladder alone, 25-40
 * interleaved rounds, minima; fast25519 bench where said): 19 A, 19 B made
 * once in the selection pass for both their product and their square (a
 * fe25x4_sqr_g19 taking 19 f): 36.02k vs 36.07k, the glue's stores grow by
 * what the products lose; the glue passes placed next to the products (set
 * 1's selection after set 0's first product, the sums after their
 * products): -0.7% to -1.5% alone but 36.25k vs 36.20k in fast25519 bench
 * (14 rounds), no gain; a24 in the E pass: +2.6%; mul_pair with memory
 * operands instead of the shared register operand: +2.9% (more loads);
 * sqr_pair likewise: -0.5% / +1.4% (noise); -mtune=znver3 +1.7%,
 * -fschedule-insns -fsched-pressure +9% (both +14%), -O3 0%, 64-byte
 * function/loop alignment within +-2%: near-identical binaries differ by up
 * to ~2-3% on this host by code layout alone, so single-digit gains need
 * many interleaved rounds.
 */
#include "scalarmult/ladder_avx2.h"
#include "field/fe25x4_avx2.h"
#include "field/fe51.h"
#include "field/fe51_invert_ifma.h"
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
    f25519_ifma_fe_batch_invert(zi, zs, 8);
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
