/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Point decoding (RFC 8032 5.1.3) over fe51, written once for every backend:
 * portable and mulx call ge51_frombytes_vartime_with() with their field's
 * z^((p-5)/8) chain; verification's two decodings (A and R) run the two
 * halves around one call of a backend's two-chain exponentiation
 * (ge51_frombytes2_vartime_with: mulx's interleaved chains, ifma's two
 * lanes). Public inputs.
 */
#include "point/ge51.h"
#include "field/fe51_inline.h"

/* s mod 2^255 < p (fe51_is_canonical), first from the top byte: below
 * 0x7f there, the value is below 2^255 - 2^248 < p (all but 1 in 128 of
 * random encodings, which skip fe51_is_canonical). Public input. */
static int canonical_vartime(const uint8_t s[32])
{
    return (s[31] & 0x7f) != 0x7f || fe51_is_canonical(s);
}

int ge51_decode_pre(ge51_p3 *h, fe51 *u, fe51 *v, const uint8_t s[32], int allow_noncanonical)
{
    fe51 one, yy;
    int bad = !allow_noncanonical && !canonical_vartime(s);
    fe51_frombytes(&h->Y, s);
    fe51_1(&one);
    fe51i_sqr(&yy, &h->Y);
    fe51i_sub(u, &yy, &one);                /* u = y^2 - 1 */
    fe51i_carry(u, u);
    fe51i_mul(v, &yy, &fe51_d);
    fe51i_add(v, v, &one);                  /* v = d y^2 + 1 (never 0: d non-square) */
    return bad ? -1 : 0;
}

int ge51_decode_post(ge51_p3 *h, const fe51 *x, int root_found, const uint8_t s[32],
                     int allow_noncanonical)
{
    int sign = s[31] >> 7;
    if (!root_found) return -1;
    h->X = *x;
    if (fe51_iszero(&h->X) && sign && !allow_noncanonical) return -1;
    if (fe51_isnegative(&h->X) != sign) fe51_neg(&h->X, &h->X);
    fe51_carry(&h->X, &h->X);
    fe51_1(&h->Z);
    fe51i_mul(&h->T, &h->X, &h->Y);
    return 0;
}

/* f == 0 mod p (fe51_iszero) without the encoding: after fe51_carry (limb 0
 * < 2^51, the others < 2^51 + 2^13) the value is below 2^255 + 2^218 < 2p,
 * so it is 0 or p, and both have one representation in those limbs (all
 * zero; p's own limbs: limb 0 is p mod 2^51, then each limb is 2^51 - 1 mod
 * 2^51, and 2^52 - 1 exceeds the bound). Public input. A few percent of a
 * batch verification's time less than fe51_iszero. */
static int iszero_vartime(const fe51 *f)
{
    const uint64_t m = ((uint64_t)1 << 51) - 1;
    fe51 t;
    fe51_carry(&t, f);
    if (!(t.v[0] | t.v[1] | t.v[2] | t.v[3] | t.v[4])) return 1;
    return t.v[0] == m - 18 && t.v[1] == m && t.v[2] == m && t.v[3] == m && t.v[4] == m;
}

int ge51_decode_lane_pre(fe51 *y, const uint8_t s[32], int allow_noncanonical)
{
    fe51_frombytes(y, s);
    return !allow_noncanonical && !canonical_vartime(s) ? -1 : 0;
}

int ge51_decode_lane_post(ge51_p3 *h, const fe51 *y, const ge51_roots *r, const uint8_t s[32],
                          int allow_noncanonical)
{
    const int sign = s[31] >> 7;
    const fe51 *x = &r->v[GE51_ROOT_X];
    fe51 xi;
    if (iszero_vartime(&r->v[GE51_ROOT_DP])) { /* v x^2 = u: x (fe51_sqrt_ratio_post) */
    } else if (iszero_vartime(&r->v[GE51_ROOT_DM])) { /* v x^2 = -u: x sqrt(-1) */
        fe51_mul(&xi, x, &fe51_sqrtm1);
        x = &xi;
    } else {
        return -1; /* no root (when both hold, u = 0 and x = x sqrt(-1) = 0) */
    }
    uint8_t b[32], any = 0;
    fe51_tobytes(b, x); /* canonical: zero test and sign (ge51_decode_post) */
    for (int i = 0; i < 32; i++) any |= b[i];
    if (!any && sign && !allow_noncanonical) return -1;
    fe51_carry(&h->X, x);
    if ((b[0] & 1) != sign) fe51_neg(&h->X, &h->X);
    h->Y = *y;
    fe51_mul(&h->T, &h->X, &h->Y);
    fe51_1(&h->Z);
    return 0;
}

int ge51_frombytes_vartime_with(ge51_p3 *h, const uint8_t s[32], int allow_noncanonical,
                                fe51_pow_fn pow22523)
{
    fe51 u, v, x;
    if (ge51_decode_pre(h, &u, &v, s, allow_noncanonical) != 0) return -1;
    int ok = fe51_sqrt_ratio_with(&x, &u, &v, pow22523);
    return ge51_decode_post(h, &x, ok, s, allow_noncanonical);
}

int ge51_frombytes2_vartime_with(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32],
                                 int allow_noncanonical0, int allow_noncanonical1,
                                 fe51_pow2_fn pow22523_x2)
{
    const uint8_t *s[2] = { s0, s1 };
    const int lenient[2] = { allow_noncanonical0, allow_noncanonical1 };
    fe51 u[2], v[2], v3[2], w[2], pw[2];
    int bad[2];
    for (int i = 0; i < 2; i++) {
        bad[i] = ge51_decode_pre(&out[i], &u[i], &v[i], s[i], lenient[i]) != 0;
        fe51_sqrt_ratio_pre(&w[i], &v3[i], &u[i], &v[i]);
    }
    pow22523_x2(pw, w);
    for (int i = 0; i < 2; i++) {
        if (bad[i]) continue;
        fe51 x;
        int ok = fe51_sqrt_ratio_post(&x, &u[i], &v[i], &v3[i], &pw[i]);
        bad[i] = ge51_decode_post(&out[i], &x, ok, s[i], lenient[i]) != 0;
    }
    return bad[0] | (bad[1] << 1);
}

int ge51_frombytes_vartime(ge51_p3 *h, const uint8_t s[32], int allow_noncanonical)
{
    return ge51_frombytes_vartime_with(h, s, allow_noncanonical, fe51_pow22523);
}
