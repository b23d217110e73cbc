/*
 * Point decoding (RFC 8032 5.1.3) over fe51, shared by the portable and
 * mulx backends (the ifma backend decodes two points at once:
 * point/ge51_decode_ifma.c). The square root's exponentiation is the
 * caller's field chain; the accept/reject rules are here only.
 */
#include "point/ge51.h"
#include "field/fe51_inline.h"

int ge51_frombytes_vartime_with(ge51_p3 *h, const uint8_t s[32], int allow_noncanonical,
                                fe51_pow_fn pow22523)
{
    fe51 u, v, one, yy;
    int sign = s[31] >> 7;
    if (!allow_noncanonical && !fe51_is_canonical(s)) return -1;
    fe51_frombytes(&h->Y, s);
    fe51_1(&one);
    fe51i_sqr(&yy, &h->Y);
    fe51i_sub(&u, &yy, &one);               /* u = y^2 - 1 */
    fe51i_carry(&u, &u);
    fe51i_mul(&v, &yy, &fe51_d);
    fe51i_add(&v, &v, &one);                /* v = d y^2 + 1 (never 0: d non-square) */
    if (!fe51_sqrt_ratio_with(&h->X, &u, &v, pow22523)) return -1;
    int x_is_zero = fe51_iszero(&h->X);
    if (x_is_zero && sign && !allow_noncanonical) return -1;
    if (fe51_isnegative(&h->X) != sign) fe51_neg(&h->X, &h->X);
    fe51_carry(&h->X, &h->X);
    fe51_1(&h->Z);
    fe51i_mul(&h->T, &h->X, &h->Y);
    return 0;
}

int ge51_frombytes_vartime(ge51_p3 *h, const uint8_t s[32], int allow_noncanonical)
{
    return ge51_frombytes_vartime_with(h, s, allow_noncanonical, fe51_pow22523);
}
