/*
 * Fixed-base [a]B in radix 2^64 (x86-64 with BMI2 + ADX): the comb of
 * base_portable.c (same recoding, same constant-time full-row lookup, whose
 * fe51 result is repacked into 4 words), with the point arithmetic of
 * mulx_ge64.h. Outputs the Ed25519 encoding or the X25519 u-coordinate.
 */
#include "scalarmult/scalarmult_mulx.h"

#if F25519_HAVE_MULX
#include "point/ge64_mulx.h"
#include "scalarmult/scalarmult_portable.h" /* recoding, table lookup */
#include "common/wipe.h"

static void base_mulx(ge64_p3 *h, const uint8_t a[32])
{
    int8_t e[64];
    ge51_precomp t51;
    ge64_precomp t;
    ge64_p1p1 r;
    ge64_p2 s;
    f25519_base_recode16(e, a);
    ge64_identity(h);
    for (int i = 1; i < 64; i += 2) {
        f25519_base_select(&t51, i / 2, e[i]);
        ge64_precomp_from51(&t, &t51);
        ge64_madd(&r, h, &t);
        ge64_p1p1_to_p3(h, &r);
    }
    s.X = h->X;
    s.Y = h->Y;
    s.Z = h->Z;
    for (int k = 0; k < 3; k++) {
        ge64_p2_dbl(&r, &s);
        ge64_p1p1_to_p2(&s, &r);
    }
    ge64_p2_dbl(&r, &s);
    ge64_p1p1_to_p3(h, &r);
    for (int i = 0; i < 64; i += 2) {
        f25519_base_select(&t51, i / 2, e[i]);
        ge64_precomp_from51(&t, &t51);
        ge64_madd(&r, h, &t);
        ge64_p1p1_to_p3(h, &r);
    }
    f25519_wipe(e, sizeof e);
    f25519_wipe(&t51, sizeof t51);
    f25519_wipe(&t, sizeof t);
    f25519_wipe(&r, sizeof r);
    f25519_wipe(&s, sizeof s);
}

void f25519_ed25519_base_mulx(uint8_t out[32], const uint8_t a[32])
{
    ge64_p3 h;
    fe64 zi, x, y;
    uint8_t xb[32];
    base_mulx(&h, a);
    fe64_invert(&zi, &h.Z);
    fe64_mul(&x, &h.X, &zi);
    fe64_mul(&y, &h.Y, &zi);
    fe64_tobytes(out, &y);
    fe64_tobytes(xb, &x);
    out[31] ^= (uint8_t)((xb[0] & 1) << 7);
    f25519_wipe(&h, sizeof h);
    f25519_wipe(&zi, sizeof zi);
    f25519_wipe(&x, sizeof x);
    f25519_wipe(&y, sizeof y);
    f25519_wipe(xb, sizeof xb);
}

/* u = (Z + Y) / (Z - Y) */
void f25519_x25519_base_mulx(uint8_t out[32], const uint8_t k[32])
{
    ge64_p3 h;
    fe64 n, d;
    base_mulx(&h, k);
    fe64_addsub(&n, &d, &h.Z, &h.Y);
    fe64_invert(&d, &d);
    fe64_mul(&n, &n, &d);
    fe64_tobytes(out, &n);
    f25519_wipe(&h, sizeof h);
    f25519_wipe(&n, sizeof n);
    f25519_wipe(&d, sizeof d);
}
#endif
