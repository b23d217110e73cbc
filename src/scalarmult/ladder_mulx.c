/*
 * The mulx backend's X25519 Montgomery ladder in radix 2^64
 * (field/fe64_mulx.h); the step as in ladder_portable.c. Constant time in k.
 */
#include "scalarmult/scalarmult_mulx.h"

#if F25519_HAVE_MULX
#include "common/wipe.h"
#include "field/fe64_mulx.h"

/* gcc would vectorize the cswaps with 16-byte accesses to values just
 * written by 8-byte stores (failed store forwarding): keep them scalar. */
#if defined(__GNUC__) && !defined(__clang__)
#define NO_VECTORIZE __attribute__((optimize("no-tree-vectorize")))
#else
#define NO_VECTORIZE
#endif

/* Operation order matters on an out-of-order core with a limited window:
 * the long DA/CB -> sqr -> x1 chain is issued first and independent work
 * (AA, BB, E, AA*BB) fills the gaps; measured ~17% faster than RFC order. */
NO_VECTORIZE void f25519_x25519_ladder_mulx(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    fe64 x1, x2, z2, x3, z3, a, b, c, d, aa, bb, e, da, cb, t, p, q, r, s;
    uint64_t swap = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (int j = 7; j >= 0; j--) v = (v << 8) | u[8 * i + j];
        x1.w[i] = v;
    }
    x1.w[3] &= 0x7fffffffffffffffull; /* bit 255 ignored; u >= p is fine (partial) */
    x2 = (fe64){{1, 0, 0, 0}};
    z2 = (fe64){{0, 0, 0, 0}};
    x3 = x1;
    z3 = (fe64){{1, 0, 0, 0}};
    for (int pos = 254; pos >= 0; pos--) {
        uint64_t bit = (uint64_t)(k[pos >> 3] >> (pos & 7)) & 1;
        swap ^= bit;
        {
            /* the conditional swap folded into the operand selection: the
             * swapped x2, z2, x3, z3 are only read by these add/subs */
            uint64_t m = (uint64_t)0 - swap;
            for (int i = 0; i < 4; i++) {
                uint64_t dx = m & (x2.w[i] ^ x3.w[i]), dz = m & (z2.w[i] ^ z3.w[i]);
                p.w[i] = x2.w[i] ^ dx;
                r.w[i] = x3.w[i] ^ dx;
                q.w[i] = z2.w[i] ^ dz;
                s.w[i] = z3.w[i] ^ dz;
            }
            fe64_addsub(&c, &d, &r, &s);
            fe64_addsub(&a, &b, &p, &q);
        }
        swap = bit;
        fe64_mul(&da, &d, &a);
        fe64_mul(&cb, &c, &b);
        fe64_sqr(&aa, &a);
        fe64_sqr(&bb, &b);
        fe64_addsub(&x3, &z3, &da, &cb);
        fe64_sub(&e, &aa, &bb);
        fe64_sqr(&z3, &z3);
        fe64_mul121666_add(&t, &e, &bb); /* BB + 121666 E */
        fe64_sqr(&x3, &x3);
        fe64_mul(&z3, &z3, &x1);
        fe64_mul(&z2, &e, &t);
        fe64_mul(&x2, &aa, &bb);
    }
    fe64_cswap(&x2, &x3, swap);
    fe64_cswap(&z2, &z3, swap);
    fe64_invert(&z2, &z2);
    fe64_mul(&x2, &x2, &z2);
    fe64_tobytes(out, &x2);
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
#endif /* F25519_HAVE_MULX */
