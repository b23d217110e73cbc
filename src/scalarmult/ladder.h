/*
 * Template: the X25519 Montgomery ladder (RFC 7748 5), written once for the
 * radix-2^51 (ladder_portable.c) and radix-2^64 (ladder_mulx.c) fields.
 * x-only projective, constant time in k: one conditional swap per bit,
 * folded into the operand selection (mask, no branch), straight-line step
 * with a24' = 121666: z2 = E (BB + 121666 E) (= E (AA + 121665 E)).
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
    FE x1, x2, z2, x3, z3, a, b, c, d, aa, bb, e, da, cb, t, p, q, r, s;
    uint64_t swap = 0;
    FE_FROM_U(&x1, u);
    FE_ONE(&x2);
    FE_ZERO(&z2);
    x3 = x1;
    FE_ONE(&z3);
    for (int pos = 254; pos >= 0; pos--) {
        uint64_t bit = (uint64_t)(k[pos >> 3] >> (pos & 7)) & 1;
        swap ^= bit;
        {
            /* the conditional swap folded into the operand selection: the
             * swapped x2, z2, x3, z3 are only read by these add/subs */
            uint64_t m = (uint64_t)0 - swap;
            for (int i = 0; i < FE_LIMBS; i++) {
                uint64_t dx = m & (FE_W(x2)[i] ^ FE_W(x3)[i]), dz = m & (FE_W(z2)[i] ^ FE_W(z3)[i]);
                FE_W(p)[i] = FE_W(x2)[i] ^ dx;
                FE_W(r)[i] = FE_W(x3)[i] ^ dx;
                FE_W(q)[i] = FE_W(z2)[i] ^ dz;
                FE_W(s)[i] = FE_W(z3)[i] ^ dz;
            }
            FE_ADDSUB(&c, &d, &r, &s);   /* C = x3 + z3, D = x3 - z3 */
            FE_ADDSUB(&a, &b, &p, &q);   /* A = x2 + z2, B = x2 - z2 */
        }
        swap = bit;
        FE_MUL(&da, &d, &a);
        FE_MUL(&cb, &c, &b);
        FE_SQR(&aa, &a);
        FE_SQR(&bb, &b);
        FE_ADDSUB(&x3, &z3, &da, &cb);
        FE_SUB(&e, &aa, &bb);            /* E = AA - BB */
        FE_SQR(&z3, &z3);
        FE_MUL_A24_ADD(&t, &e, &bb);     /* BB + 121666 E */
        FE_SQR(&x3, &x3);                /* x3 = (DA + CB)^2 */
        FE_MUL(&z3, &z3, &x1);           /* z3 = x1 (DA - CB)^2 */
        FE_MUL(&z2, &e, &t);             /* z2 = E (BB + 121666 E) */
        FE_MUL(&x2, &aa, &bb);           /* x2 = AA BB */
    }
    FE_CSWAP(&x2, &x3, swap);
    FE_CSWAP(&z2, &z3, swap);
    FE_INVERT(&z2, &z2);
    FE_MUL(&x2, &x2, &z2);
    FE_TOBYTES(out, &x2);
    f25519_wipe(&x2, sizeof x2);
    f25519_wipe(&z2, sizeof z2);
    f25519_wipe(&x3, sizeof x3);
    f25519_wipe(&z3, sizeof z3);
    f25519_wipe(&a, sizeof a);
    f25519_wipe(&b, sizeof b);
    f25519_wipe(&c, sizeof c);
    f25519_wipe(&d, sizeof d);
    f25519_wipe(&aa, sizeof aa);
    f25519_wipe(&bb, sizeof bb);
    f25519_wipe(&e, sizeof e);
    f25519_wipe(&da, sizeof da);
    f25519_wipe(&cb, sizeof cb);
    f25519_wipe(&t, sizeof t);
    f25519_wipe(&p, sizeof p);
    f25519_wipe(&q, sizeof q);
    f25519_wipe(&r, sizeof r);
    f25519_wipe(&s, sizeof s);
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
