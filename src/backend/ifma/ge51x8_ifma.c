/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Out-of-line 8x1-way point operations, constants and lane packing. */
#include "backend/ifma/ge51x8_ifma.h"

/* 1/d mod p, canonical limbs */
const fe51 f25519_ifma_dinv = { { 0x0f276cdc9f843ULL, 0x3084f2a85c4bcULL, 0x6e73d982d775aULL,
                                  0x721958b108a66ULL, 0x40907ed214d5cULL } };

F25519_IFMA_TARGET void ge8_pack(ge8_p3 *h, const ge51_p3 p[8])
{
    fe51 t[8];
    for (int i = 0; i < 8; i++) t[i] = p[i].X;
    fe8_pack(&h->X, t);
    for (int i = 0; i < 8; i++) t[i] = p[i].Y;
    fe8_pack(&h->Y, t);
    for (int i = 0; i < 8; i++) t[i] = p[i].Z;
    fe8_pack(&h->Z, t);
    for (int i = 0; i < 8; i++) t[i] = p[i].T;
    fe8_pack(&h->T, t);
}
F25519_IFMA_TARGET void ge8_unpack(ge51_p3 p[8], const ge8_p3 *h)
{
    fe51 t[8];
    fe8_unpack(t, &h->X);
    for (int i = 0; i < 8; i++) p[i].X = t[i];
    fe8_unpack(t, &h->Y);
    for (int i = 0; i < 8; i++) p[i].Y = t[i];
    fe8_unpack(t, &h->Z);
    for (int i = 0; i < 8; i++) p[i].Z = t[i];
    fe8_unpack(t, &h->T);
    for (int i = 0; i < 8; i++) p[i].T = t[i];
}
F25519_IFMA_TARGET void ge8_add_f(ge8_p3 *r, const ge8_p3 *p, const ge8_p3 *q)
{
    ge8_cached c;
    ge8_to_cached(&c, q);
    ge8_add(r, p, &c);
}
F25519_IFMA_TARGET void ge8_dbl_f(ge8_p3 *r, const ge8_p3 *p) { ge8_dbl(r, p); }
F25519_IFMA_TARGET void ge8_madd_f(ge8_p3 *r, const ge8_p3 *p, const ge8_precomp *q) { ge8_madd(r, p, q); }
