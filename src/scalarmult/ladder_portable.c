/*
 * X25519 Montgomery ladder (RFC 7748 5), x-only projective, constant time:
 * one conditional swap (mask, no branch) per bit, straight-line step.
 * Step with a24' = 121666: z2 = E (BB + 121666 E) (= E (AA + 121665 E)).
 */
#include "scalarmult/scalarmult_portable.h"
#include "field/fe51_inline.h"
#include "common/wipe.h"

void f25519_x25519_ladder_portable(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    fe51 x1, x2, z2, x3, z3, a, b, c, d, aa, bb, e, da, cb, t, p, q, r, s;
    uint64_t swap = 0;
    fe51_frombytes(&x1, u);
    fe51_1(&x2);
    fe51_0(&z2);
    x3 = x1;
    fe51_1(&z3);
    for (int pos = 254; pos >= 0; pos--) {
        uint64_t bit = (uint64_t)(k[pos >> 3] >> (pos & 7)) & 1;
        swap ^= bit;
        {
            /* the conditional swap folded into the operand selection: the
             * swapped x2, z2, x3, z3 are only read by these add/subs */
            uint64_t m = (uint64_t)0 - swap;
            for (int i = 0; i < 5; i++) {
                uint64_t dx = m & (x2.v[i] ^ x3.v[i]), dz = m & (z2.v[i] ^ z3.v[i]);
                p.v[i] = x2.v[i] ^ dx;
                r.v[i] = x3.v[i] ^ dx;
                q.v[i] = z2.v[i] ^ dz;
                s.v[i] = z3.v[i] ^ dz;
            }
        }
        swap = bit;

        /* issue order as in ladder_mulx.c: the DA/CB chain first */
        fe51i_add(&c, &r, &s);        /* C  = x3 + z3 */
        fe51i_sub(&d, &r, &s);        /* D  = x3 - z3 */
        fe51i_add(&a, &p, &q);        /* A  = x2 + z2 */
        fe51i_sub(&b, &p, &q);        /* B  = x2 - z2 */
        fe51i_mul(&da, &d, &a);       /* DA */
        fe51i_mul(&cb, &c, &b);       /* CB */
        fe51i_sqr(&aa, &a);           /* AA */
        fe51i_sqr(&bb, &b);           /* BB */
        fe51i_add(&x3, &da, &cb);
        fe51i_sub(&z3, &da, &cb);
        fe51i_sub(&e, &aa, &bb);      /* E = AA - BB */
        fe51i_sqr(&z3, &z3);
        fe51_mul_small(&t, &e, 121666);
        fe51i_sqr(&x3, &x3);          /* x3 = (DA + CB)^2 */
        fe51i_add(&t, &t, &bb);
        fe51i_mul(&z3, &z3, &x1);     /* z3 = x1 (DA - CB)^2 */
        fe51i_mul(&z2, &e, &t);       /* z2 = E (BB + 121666 E) */
        fe51i_mul(&x2, &aa, &bb);     /* x2 = AA BB */
    }
    fe51i_cswap(&x2, &x3, swap);
    fe51i_cswap(&z2, &z3, swap);
    fe51_invert(&z2, &z2);
    fe51i_mul(&x2, &x2, &z2);
    fe51_tobytes(out, &x2);
    f25519_wipe(&x2, sizeof x2);
    f25519_wipe(&z2, sizeof z2);
    f25519_wipe(&x3, sizeof x3);
    f25519_wipe(&z3, sizeof z3);
    f25519_wipe(&a, sizeof a);
    f25519_wipe(&b, sizeof b);
    f25519_wipe(&aa, sizeof aa);
    f25519_wipe(&bb, sizeof bb);
    f25519_wipe(&e, sizeof e);
    f25519_wipe(&t, sizeof t);
    f25519_wipe(&da, sizeof da);
    f25519_wipe(&cb, sizeof cb);
    f25519_wipe(&c, sizeof c);
    f25519_wipe(&d, sizeof d);
    f25519_wipe(&p, sizeof p);
    f25519_wipe(&q, sizeof q);
    f25519_wipe(&r, sizeof r);
    f25519_wipe(&s, sizeof s);
}
