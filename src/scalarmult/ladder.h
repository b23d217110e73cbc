/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Template: the X25519 Montgomery ladder (RFC 7748 5), written once for the
 * radix-2^51 (ladder_portable.c) and radix-2^64 (ladder_mulx.c) fields.
 * x-only projective, constant time in k: no swap of the points; the sums
 * and differences of both are formed, and only the doubling's two inputs
 * are selected by the bit XOR the last (mask, no branch; the differential
 * addition is symmetric in its two points), straight-line step with
 * a24' = 121666: z2 = E (BB + 121666 E) (= E (AA + 121665 E)). Selecting
 * only the doubling's inputs, after the add/subs, is 2-3% faster than
 * selecting x2, z2, x3, z3 first (the add/subs no longer wait for the
 * selection); a CMOV select gains nothing over the masks.
 * Operation order matters on an out-of-order core with a limited window:
 * the long DA/CB -> sqr -> x1 chain is issued first and independent work
 * (AA, BB, E, AA*BB) fills the gaps (measured ~17% faster than RFC order
 * on the radix-2^64 field).
 *
 * The includer defines, then includes this file (which #undefs them):
 *   LADDER_FN      name of the function made (external linkage):
 *                  void LADDER_FN(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
 *   LADDER_ATTR    its attributes (may be empty)
 *   FE, FE_LIMBS, FE_W(x)   element type, limb count, the limb array of x
 *   FE_FROM_U(x, u)  x = u (bit 255 ignored, u >= p accepted)
 *   FE_ONE(x), FE_ZERO(x), FE_ADDSUB(s, d, f, g) (s = f + g, d = f - g),
 *   FE_SUB, FE_MUL, FE_SQR, FE_MUL_A24_ADD(h, e, bb) (h = 121666 e + bb),
 *   FE_CSWAP(f, g, bit), FE_INVERT(h, f), FE_TOBYTES(s, f) (canonical)
 */
#include "common/wipe.h"

LADDER_ATTR void LADDER_FN(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    /* Two slots, n (the point doubled by the last step) and m (the sum);
     * the ladder's (x2, z2) is slot n and (x3, z3) slot m when swap = 0,
     * the other way round when swap = 1 (swap = this bit XOR the last). */
    FE x1, xn, zn, xm, zm, sn, dn, sm, dm, s, d, aa, bb, e, da, cb, t;
    uint64_t swap = 0, prev = 0;
    FE_FROM_U(&x1, u);
    FE_ONE(&xn);
    FE_ZERO(&zn);
    xm = x1;
    FE_ONE(&zm);
    for (int pos = 254; pos >= 0; pos--) {
        uint64_t bit = (uint64_t)(k[pos >> 3] >> (pos & 7)) & 1;
        swap = bit ^ prev;
        prev = bit;
        FE_ADDSUB(&sn, &dn, &xn, &zn);
        FE_ADDSUB(&sm, &dm, &xm, &zm);
        /* The differential addition needs no swap: with the slots swapped
         * DA and CB trade places, (DA + CB)^2 and (DA - CB)^2 stay. Only the
         * doubling's inputs are selected (mask, no branch): slot n's when
         * swap = 0, slot m's when swap = 1 (s2n-bignum's curve25519_x25519
         * selects the same way). */
        uint64_t msk = (uint64_t)0 - swap;
        for (int i = 0; i < FE_LIMBS; i++) {
            FE_W(s)[i] = FE_W(sn)[i] ^ (msk & (FE_W(sn)[i] ^ FE_W(sm)[i]));
            FE_W(d)[i] = FE_W(dn)[i] ^ (msk & (FE_W(dn)[i] ^ FE_W(dm)[i]));
        }
        FE_MUL(&da, &dm, &sn);
        FE_MUL(&cb, &sm, &dn);
        FE_SQR(&aa, &s);
        FE_SQR(&bb, &d);
        FE_ADDSUB(&xm, &zm, &da, &cb);
        FE_SUB(&e, &aa, &bb);            /* E = AA - BB */
        FE_SQR(&zm, &zm);
        FE_MUL_A24_ADD(&t, &e, &bb);     /* BB + 121666 E */
        FE_SQR(&xm, &xm);                /* xm = (DA + CB)^2 */
        FE_MUL(&zm, &zm, &x1);           /* zm = x1 (DA - CB)^2 */
        FE_MUL(&zn, &e, &t);             /* zn = E (BB + 121666 E) */
        FE_MUL(&xn, &aa, &bb);           /* xn = AA BB */
    }
    /* RFC 7748's final swap: the result is slot m when the last bit is 1 */
    FE_CSWAP(&xn, &xm, prev);
    FE_CSWAP(&zn, &zm, prev);
    FE_INVERT(&zn, &zn);
    FE_MUL(&xn, &xn, &zn);
    FE_TOBYTES(out, &xn);
    f25519_wipe(&xn, sizeof xn);
    f25519_wipe(&zn, sizeof zn);
    f25519_wipe(&xm, sizeof xm);
    f25519_wipe(&zm, sizeof zm);
    f25519_wipe(&sn, sizeof sn);
    f25519_wipe(&dn, sizeof dn);
    f25519_wipe(&sm, sizeof sm);
    f25519_wipe(&dm, sizeof dm);
    f25519_wipe(&s, sizeof s);
    f25519_wipe(&d, sizeof d);
    f25519_wipe(&aa, sizeof aa);
    f25519_wipe(&bb, sizeof bb);
    f25519_wipe(&e, sizeof e);
    f25519_wipe(&da, sizeof da);
    f25519_wipe(&cb, sizeof cb);
    f25519_wipe(&t, sizeof t);
}

#undef LADDER_FN
#undef LADDER_ATTR
#undef FE
#undef FE_LIMBS
#undef FE_W
#undef FE_FROM_U
#undef FE_ONE
#undef FE_ZERO
#undef FE_ADDSUB
#undef FE_SUB
#undef FE_MUL
#undef FE_SQR
#undef FE_MUL_A24_ADD
#undef FE_CSWAP
#undef FE_INVERT
#undef FE_TOBYTES
