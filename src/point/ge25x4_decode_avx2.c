/*
 * Eight decodings (RFC 8032 5.1.3) sharing two 4-lane square-root chains:
 * the decoding itself is the shared one (point/ge51_decode.c halves and
 * field/fe51.c's sqrt_ratio halves, as the ifma version ge51_decode_ifma.c),
 * only x = u v^3 (u v^7)^((p-5)/8)'s exponentiation runs in the lanes of
 * the radix-2^25.5 field (field/fe25x4_pow_avx2.c: two chains interleaved,
 * one encoding per 64-bit lane). Same accept/reject decision, same point.
 */
#include "point/ge25x4_decode_avx2.h"
#include "field/fe25x4_pow_avx2.h"

F25519_AVX2_TARGET int f25519_frombytes_avx2_x8(ge51_p3 out[8], const uint8_t *const s[8], unsigned lenient)
{
    fe51 u[8], v[8], v3[8], w[8], pw[8];
    int bad[8], mask = 0;
    for (int i = 0; i < 8; i++) {
        bad[i] = ge51_decode_pre(&out[i], &u[i], &v[i], s[i], (int)((lenient >> i) & 1)) != 0;
        fe51_sqrt_ratio_pre(&w[i], &v3[i], &u[i], &v[i]);
    }
    fe25x4 W[2], PW[2];
    f25519_fe25x4_pack(&W[0], w);
    f25519_fe25x4_pack(&W[1], w + 4);
    f25519_fe25x4_pow22523_2(&PW[0], &PW[1], &W[0], &W[1]);
    f25519_fe25x4_unpack(pw, &PW[0]);
    f25519_fe25x4_unpack(pw + 4, &PW[1]);
    for (int i = 0; i < 8; i++) {
        if (!bad[i]) {
            fe51 x;
            int ok = fe51_sqrt_ratio_post(&x, &u[i], &v[i], &v3[i], &pw[i]);
            bad[i] = ge51_decode_post(&out[i], &x, ok, s[i], (int)((lenient >> i) & 1)) != 0;
        }
        mask |= bad[i] << i;
    }
    return mask;
}
