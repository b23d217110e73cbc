/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Eight decodings (RFC 8032 5.1.3) in the lanes of the radix-2^25.5 field,
 * two sets of four: the arithmetic of ge51_decode_pre, fe51_sqrt_ratio_pre/
 * _post and ge51_decode_post (the exponentiation on two interleaved chains,
 * backend/avx2/fe25x4_pow_avx2.c), the decisions per lane from the results
 * (point/ge51_decode.c ge51_decode_lane_pre and _post). Same
 * accept/reject decision, same point.
 */
#include "backend/avx2/ge25x4_decode_avx2.h"
#include "backend/avx2/fe25x4_pow_avx2.h"

/* d = -121665/121666 (fe51_d) in radix-2^25.5 limbs (limb i: bits
 * ceil(25.5 i) .. ceil(25.5 (i + 1)) - 1 of the canonical value), so that no
 * call converts it (f25519_fe25x4_pack costs ~240 TSC ticks). The lanes
 * test fails with any other
 * value. */
static const long long D25[10] = {56195235, 13857412, 51736253, 6949390, 114729,
                                  24766616, 60832955, 30306712, 48412415, 21499315};

F25519_AVX2_TARGET int f25519_frombytes_avx2_x8(ge51_p3 out[8], const uint8_t *const s[8], unsigned lenient)
{
    fe51 y[8], t[4];
    ge51_roots r[8];
    int bad[8], mask = 0;
    for (int i = 0; i < 8; i++) bad[i] = ge51_decode_lane_pre(&y[i], s[i], (int)((lenient >> i) & 1)) != 0;
    fe25x4 one, d, Y[2], U[2], V[2], V3[2], W[2], P[2], q, o[GE51_ROOTS];
    for (int i = 0; i < 10; i++) d.v[i] = _mm256_set1_epi64x(D25[i]);
    fe25x4_1(&one);
    for (int k = 0; k < 2; k++) { /* bounds: fe25x4_avx2.h (R, M) */
        f25519_fe25x4_pack(&Y[k], y + 4 * k);
        f25519_fe25x4_sqr(&q, &Y[k]);
        fe25x4_sub(&U[k], &q, &one);
        fe25x4_carry(&U[k], &U[k]); /* u = y^2 - 1 (R: fe25x4_sub's g below) */
        f25519_fe25x4_mul(&V[k], &q, &d);
        fe25x4_add(&V[k], &V[k], &one); /* v = d y^2 + 1 (M) */
        f25519_fe25x4_sqr(&V3[k], &V[k]);
        f25519_fe25x4_mul(&V3[k], &V3[k], &V[k]); /* v^3 */
        f25519_fe25x4_sqr(&q, &V3[k]);
        f25519_fe25x4_mul(&q, &q, &V[k]);
        f25519_fe25x4_mul(&W[k], &q, &U[k]); /* u v^7 */
    }
    f25519_fe25x4_pow22523_2(&P[0], &P[1], &W[0], &W[1]);
    for (int k = 0; k < 2; k++) {
        ge51_roots *rk = r + 4 * k;
        f25519_fe25x4_mul(&q, &P[k], &V3[k]);
        f25519_fe25x4_mul(&o[GE51_ROOT_X], &q, &U[k]); /* x = u v^3 (u v^7)^((p-5)/8) */
        f25519_fe25x4_sqr(&q, &o[GE51_ROOT_X]);
        f25519_fe25x4_mul(&q, &q, &V[k]); /* v x^2 */
        fe25x4_sub(&o[GE51_ROOT_DP], &q, &U[k]);
        fe25x4_add(&o[GE51_ROOT_DM], &q, &U[k]);
        for (int j = 0; j < GE51_ROOTS; j++) {
            f25519_fe25x4_unpack(t, &o[j]);
            for (int l = 0; l < 4; l++) rk[l].v[j] = t[l];
        }
    }
    for (int i = 0; i < 8; i++) {
        if (!bad[i]) bad[i] = ge51_decode_lane_post(&out[i], &y[i], &r[i], s[i], (int)((lenient >> i) & 1)) != 0;
        if (bad[i]) ge51_identity(&out[i]); /* unspecified (ops.h): defined */
        mask |= bad[i] << i;
    }
    return mask;
}
