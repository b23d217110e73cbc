/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Two point decodings sharing one exponentiation (verification decodes A
 * and R): the square root of RFC 8032 5.1.3 (x = u v^3 (u v^7)^((p-5)/8)) is
 * one latency-bound chain of 252 squarings; the two chains run in two lanes
 * of a ymm vector (fe4_pow22523_x2, backend/ifma/fe51x4_ifma.c) for about the
 * price of one. The decoding itself is the shared one (point/ge51_decode.c,
 * field/fe51.c's sqrt halves): same accept/reject decision, same point.
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

/* Eight decodings in the lanes: the arithmetic of ge51_decode_pre,
 * fe51_sqrt_ratio_pre/_post and ge51_decode_post (every product, the
 * 8-lane exponentiation fe8_pow22523 included) in fe51x8, the decisions per
 * lane from the results (ge51_decode_lane_post). The scalar halves around
 * the 8-lane chain cost about as much per point as the chain's share. */
F25519_IFMA_TARGET int f25519_ifma_frombytes_x8(ge51_p3 out[8], const uint8_t *const s[8], unsigned lenient)
{
    fe51 y[8], t[8];
    ge51_roots r[8];
    int bad[8], mask = 0;
    for (int i = 0; i < 8; i++) bad[i] = ge51_decode_lane_pre(&y[i], s[i], (int)((lenient >> i) & 1)) != 0;
    fe51x8 Y, YY, U, V, V3, P, X, one, c, o[GE51_ROOTS];
    fe8_pack(&Y, y);
    fe8_1(&one);
    fe8_sqr(&YY, &Y);
    fe8_sub(&U, &YY, &one); /* u = y^2 - 1 */
    fe8_bcast(&c, &fe51_d);
    fe8_mul(&V, &YY, &c);
    fe8_add(&V, &V, &one); /* v = d y^2 + 1 */
    fe8_sqr(&V3, &V);
    fe8_mul(&V3, &V3, &V); /* v^3 */
    fe8_sqr(&P, &V3);
    fe8_mul(&P, &P, &V);
    fe8_mul(&X, &P, &U); /* u v^7 */
    fe8_pow22523(&P, &X);
    fe8_mul(&P, &P, &V3);
    fe8_mul(&o[GE51_ROOT_X], &P, &U); /* x = u v^3 (u v^7)^((p-5)/8) */
    fe8_sqr(&P, &o[GE51_ROOT_X]);
    fe8_mul(&P, &P, &V); /* v x^2 */
    fe8_sub(&o[GE51_ROOT_DP], &P, &U);
    fe8_add(&o[GE51_ROOT_DM], &P, &U);
    for (int k = 0; k < GE51_ROOTS; k++) {
        fe8_unpack(t, &o[k]);
        for (int i = 0; i < 8; i++) r[i].v[k] = t[i];
    }
    for (int i = 0; i < 8; i++) {
        if (!bad[i]) bad[i] = ge51_decode_lane_post(&out[i], &y[i], &r[i], s[i], (int)((lenient >> i) & 1)) != 0;
        if (bad[i]) ge51_identity(&out[i]); /* unspecified (ops.h): defined */
        mask |= bad[i] << i;
    }
    return mask;
}
