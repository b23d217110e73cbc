/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Two point decodings sharing one exponentiation (verification decodes A
 * and R): the square root of RFC 8032 5.1.3 (x = u v^3 (u v^7)^((p-5)/8)) is
 * one latency-bound chain of 252 squarings; the two chains run in two lanes
 * of a ymm vector (fe4_pow22523_x2, backend/ifma/fe51x4_ifma.c) for about the
 * price of one. The decoding itself is the shared one (point/ge51_decode.c,
 * field/fe51.c's sqrt halves): same accept/reject decision, same point.
 * Batch verification's decodings: eight (x8) or sixteen (x16: the A's and
 * R's of eight signatures, two chains interleaved) in fe51x8 lanes.
 * Public inputs.
 */
#include "backend/ifma/ge51_decode_ifma.h"
#include "backend/ifma/fe51x4_ifma.h"
#include "backend/ifma/fe51x8_ifma.h"

int f25519_ifma_frombytes2(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32], int lenient0,
                           int lenient1)
{
    return ge51_frombytes2_vartime_with(out, s0, s1, lenient0, lenient1, fe4_pow22523_x2);
}

/* Lanes holding 0 mod p. f: one fe8_carry of limbs < 2^52, so limb 0 <=
 * 2^51 + 18, the others <= 2^51 and the value is below 2p: it is 0 mod p
 * only as 0 or p, each with one representation in those limbs (all zero;
 * p's own limbs), as iszero_vartime (point/ge51_decode.c) relies on. */
F25519_IFMA_INLINE __mmask8 fe8_zero_lanes(const fe51x8 *f)
{
    const __m512i m = FE8_M51;
    __m512i o = _mm512_or_si512(_mm512_or_si512(f->v[0], f->v[1]),
                                _mm512_or_si512(_mm512_or_si512(f->v[2], f->v[3]), f->v[4]));
    __mmask8 isp = _mm512_cmpeq_epi64_mask(f->v[0], _mm512_set1_epi64(0x7ffffffffffedLL));
    for (int i = 1; i < 5; i++) isp &= _mm512_cmpeq_epi64_mask(f->v[i], m);
    return (__mmask8)(~_mm512_test_epi64_mask(o, o) | isp);
}

/* Lanes whose canonical value is odd (fe51_isnegative), f as above: the
 * canonical value is f - q p with q = (f + 19) >> 255 (exact through the
 * limb chain, q in {0, 1}), and its low bit is that of f_0 + 19 q. */
F25519_IFMA_INLINE __mmask8 fe8_odd_lanes(const fe51x8 *f)
{
    __m512i q = _mm512_srli_epi64(_mm512_add_epi64(f->v[0], _mm512_set1_epi64(19)), 51);
    for (int i = 1; i < 5; i++) q = _mm512_srli_epi64(_mm512_add_epi64(f->v[i], q), 51);
    return _mm512_test_epi64_mask(_mm512_xor_si512(f->v[0], q), _mm512_set1_epi64(1));
}

/* Eight decodings per set of lanes (ns = 1 or 2 sets): the arithmetic of
 * ge51_decode_pre, fe51_sqrt_ratio_pre/_post and ge51_decode_lane_post
 * (every product, the 8-lane exponentiation included) in fe51x8, each step
 * on every set back to back; two sets share one instruction stream of two
 * interleaved chains (fe8_pow22523_2). Per lane, as ge51_decode_lane_post:
 * the root x where v x^2 = u, x sqrt(-1) where only v x^2 = -u, none
 * otherwise; then the sign, X carried, T = X Y carried (limbs below 2^51 +
 * 2^8: the bounds of the portable decoder's point), Z = 1. The decisions
 * are lane masks, y and its canonical test too (fe8_frombytes_y). */
F25519_IFMA_INLINE int decode_sets(ge51_p3 *out, const uint8_t *const *s, unsigned lenient, int ns)
{
    fe51 tx[8], ty[8], tt[8];
    int mask = 0;
    fe51x8 Y[2], YY, U[2], V[2], V3[2], P[2], X[2], one, c, sq, D;
    fe8_1(&one);
    fe8_bcast(&c, &fe51_d);
    fe8_bcast(&sq, &fe51_sqrtm1);
    for (int k = 0; k < ns; k++) {
        mask |= (fe8_frombytes_y(&Y[k], s + 8 * k) & ~(__mmask8)(lenient >> (8 * k))) << (8 * k);
        fe8_sqr(&YY, &Y[k]);
        fe8_sub(&U[k], &YY, &one); /* u = y^2 - 1 */
        fe8_mul(&V[k], &YY, &c);
        fe8_add(&V[k], &V[k], &one); /* v = d y^2 + 1 */
        fe8_sqr(&V3[k], &V[k]);
        fe8_mul(&V3[k], &V3[k], &V[k]); /* v^3 */
        fe8_sqr(&P[k], &V3[k]);
        fe8_mul(&P[k], &P[k], &V[k]);
        fe8_mul(&X[k], &P[k], &U[k]); /* u v^7 */
    }
    if (ns == 2)
        fe8_pow22523_2(&P[0], &P[1], &X[0], &X[1]);
    else
        fe8_pow22523(&P[0], &X[0]);
    for (int k = 0; k < ns; k++) {
        __mmask8 sign = 0, len = (__mmask8)(lenient >> (8 * k));
        for (int i = 0; i < 8; i++) sign |= (__mmask8)((s[8 * k + i][31] >> 7) << i);
        fe8_mul(&P[k], &P[k], &V3[k]);
        fe8_mul(&X[k], &P[k], &U[k]); /* x = u v^3 (u v^7)^((p-5)/8) */
        fe8_sqr(&P[k], &X[k]);
        fe8_mul(&P[k], &P[k], &V[k]); /* v x^2 */
        fe8_sub(&D, &P[k], &U[k]);
        fe8_carry(&D, &D);
        __mmask8 dp = fe8_zero_lanes(&D); /* v x^2 = u */
        fe8_add(&D, &P[k], &U[k]);
        fe8_carry(&D, &D);
        __mmask8 dm = (__mmask8)(fe8_zero_lanes(&D) & ~dp); /* only v x^2 = -u */
        fe8_mul(&P[k], &X[k], &sq);
        fe8_blend(&X[k], &X[k], &P[k], dm);
        fe8_carry(&X[k], &X[k]);
        __mmask8 zero = fe8_zero_lanes(&X[k]);
        fe8_neg(&P[k], &X[k]);
        fe8_blend(&X[k], &X[k], &P[k], (__mmask8)(fe8_odd_lanes(&X[k]) ^ sign));
        __mmask8 bad = (__mmask8)(~(dp | dm) | (zero & sign & ~len)); /* no root; strict -0 */
        mask |= bad << (8 * k);
        fe8_mul(&P[k], &X[k], &Y[k]);
        fe8_carry(&P[k], &P[k]); /* T = X Y */
        fe8_unpack(tx, &X[k]);
        fe8_unpack(ty, &Y[k]);
        fe8_unpack(tt, &P[k]);
        for (int i = 0; i < 8; i++) {
            ge51_p3 *h = &out[8 * k + i];
            if ((mask >> (8 * k + i)) & 1) {
                ge51_identity(h); /* unspecified (ops.h): defined */
                continue;
            }
            h->X = tx[i];
            h->Y = ty[i];
            fe51_1(&h->Z);
            h->T = tt[i];
        }
    }
    return mask;
}

F25519_IFMA_TARGET int f25519_ifma_frombytes_x8(ge51_p3 out[8], const uint8_t *const s[8], unsigned lenient)
{
    return decode_sets(out, s, lenient, 1);
}

F25519_IFMA_TARGET int f25519_ifma_frombytes_x16(ge51_p3 out[16], const uint8_t *const s[16], unsigned lenient)
{
    return decode_sets(out, s, lenient, 2);
}
