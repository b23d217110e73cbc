/*
 * Two point decodings sharing one exponentiation (verification decodes A
 * and R): the square root of RFC 8032 5.1.3 (x = u v^3 (u v^7)^((p-5)/8)) is
 * one latency-bound chain of 252 squarings; the two chains run in two lanes
 * of a ymm vector (fe4_pow22523_x2, field/fe51x4_ifma.c) for about the
 * price of one. The decoding itself is the shared one (point/ge51_decode.c,
 * field/fe51.c's sqrt halves): same accept/reject decision, same point.
 * Public inputs.
 */
#include "point/ge51_decode_ifma.h"
#include "field/fe51x4_ifma.h"
#include "field/fe51x8_ifma.h"

int f25519_ifma_frombytes2(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32], int lenient0,
                           int lenient1)
{
    return ge51_frombytes2_vartime_with(out, s0, s1, lenient0, lenient1, fe4_pow22523_x2);
}

/* Eight decodings with one 8-lane square-root chain (fe8_pow22523). */
F25519_IFMA_TARGET int f25519_ifma_frombytes_x8(ge51_p3 out[8], const uint8_t *const s[8], unsigned lenient)
{
    fe51 u[8], v[8], v3[8], w[8], pw[8];
    int bad[8], mask = 0;
    for (int i = 0; i < 8; i++) {
        bad[i] = ge51_decode_pre(&out[i], &u[i], &v[i], s[i], (int)((lenient >> i) & 1)) != 0;
        fe51_sqrt_ratio_pre(&w[i], &v3[i], &u[i], &v[i]);
    }
    fe51x8 W, PW;
    fe8_pack(&W, w);
    fe8_pow22523(&PW, &W);
    fe8_unpack(pw, &PW);
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
