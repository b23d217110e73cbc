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

/* Eight decodings per set of lanes (ns = 1 or 2 sets): the arithmetic of
 * ge51_decode_pre, fe51_sqrt_ratio_pre/_post and ge51_decode_post (every
 * product, the 8-lane exponentiation included) in fe51x8, each step on every
 * set back to back; two sets share one instruction stream of two interleaved
 * chains (fe8_pow22523_2). The decisions per lane from the results
 * (ge51_decode_lane_pre/_post). */
F25519_IFMA_INLINE int decode_sets(ge51_p3 *out, const uint8_t *const *s, unsigned lenient, int ns)
{
    fe51 y[16], t[8];
    ge51_roots r[16];
    int bad[16], mask = 0;
    for (int i = 0; i < 8 * ns; i++) bad[i] = ge51_decode_lane_pre(&y[i], s[i], (int)((lenient >> i) & 1)) != 0;
    fe51x8 Y, YY, U[2], V[2], V3[2], P[2], X[2], one, c, o[2][GE51_ROOTS];
    fe8_1(&one);
    fe8_bcast(&c, &fe51_d);
    for (int k = 0; k < ns; k++) {
        fe8_pack(&Y, &y[8 * k]);
        fe8_sqr(&YY, &Y);
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
        fe8_mul(&P[k], &P[k], &V3[k]);
        fe8_mul(&o[k][GE51_ROOT_X], &P[k], &U[k]); /* x = u v^3 (u v^7)^((p-5)/8) */
        fe8_sqr(&P[k], &o[k][GE51_ROOT_X]);
        fe8_mul(&P[k], &P[k], &V[k]); /* v x^2 */
        fe8_sub(&o[k][GE51_ROOT_DP], &P[k], &U[k]);
        fe8_add(&o[k][GE51_ROOT_DM], &P[k], &U[k]);
        for (int j = 0; j < GE51_ROOTS; j++) {
            fe8_unpack(t, &o[k][j]);
            for (int i = 0; i < 8; i++) r[8 * k + i].v[j] = t[i];
        }
    }
    for (int i = 0; i < 8 * ns; i++) {
        if (!bad[i]) bad[i] = ge51_decode_lane_post(&out[i], &y[i], &r[i], s[i], (int)((lenient >> i) & 1)) != 0;
        if (bad[i]) ge51_identity(&out[i]); /* unspecified (ops.h): defined */
        mask |= bad[i] << i;
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
