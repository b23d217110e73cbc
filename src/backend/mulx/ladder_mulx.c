/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The mulx backend's X25519 Montgomery ladders (constant time in k):
 * f25519_x25519_ladder_mulx, the steps of bits 253..3 in one assembly loop
 * (ladder_asm_mulx.c) around the first step and the last three (plain
 * doublings: a clamped scalar's bits 2..0 are 0) in C; and
 * f25519_x25519_ladder_mulx_c, the ladder of ladder.h on the radix-2^64 field
 * (backend/mulx/fe64_mulx.h), its reference in the tests and benchmarks.
 */
#include "backend/mulx/scalarmult_mulx.h"

#if F25519_HAVE_MULX
#include "backend/mulx/fe64_mulx.h"

/* gcc would vectorize the cswaps with 16-byte accesses to values just
 * written by 8-byte stores (failed store forwarding): keep them scalar. */
#if defined(__GNUC__) && !defined(__clang__)
#define NO_VECTORIZE __attribute__((optimize("no-tree-vectorize")))
#else
#define NO_VECTORIZE
#endif

/* u as 4 little-endian words, bit 255 cleared (u >= p is fine: partial) */
static inline void fe64_from_u(fe64 *x, const uint8_t u[32])
{
    for (int i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (int j = 7; j >= 0; j--) v = (v << 8) | u[8 * i + j];
        x->w[i] = v;
    }
    x->w[3] &= 0x7fffffffffffffffull;
}

/* The products and squares of a step are not interleaved in pairs (two
 * products' rows or columns alternating in one asm block): the step (970
 * instructions, 160 MULX) is bound by throughput, not by latency, so
 * interleaving has nothing to fill and measured a few percent slower; the
 * select stays masks, not CMOV. */
#define LADDER_FN f25519_x25519_ladder_mulx_c
#define LADDER_ATTR NO_VECTORIZE
#define FE fe64
#define FE_LIMBS 4
#define FE_W(x) (x).w
#define FE_FROM_U fe64_from_u
#define FE_ONE(x) (*(x) = (fe64){{1, 0, 0, 0}})
#define FE_ZERO(x) (*(x) = (fe64){{0, 0, 0, 0}})
/* The one-fold add/subs: every operand of FE_ADDSUB and FE_SUB in ladder.h
 * is an output of fe64_mul or fe64_sqr (word 3 <= 2^63, proved: F64 in
 * field/bounds.toml), a masked select of two such outputs, or an initial
 * value (1, 0, x1 < 2^255); the proofs of fe64_addsub_r and fe64_sub_r
 * assume exactly that bound. */
#define FE_ADDSUB fe64_addsub_r
#define FE_SUB fe64_sub_r
#define FE_MUL fe64_mul
#define FE_SQR fe64_sqr
#define FE_MUL_A24_ADD fe64_mul121666_add
#define FE_CSWAP fe64_cswap
#define FE_INVERT fe64_invert_safegcd
#define FE_TOBYTES fe64_tobytes
#include "scalarmult/ladder.h"

#if defined(__ELF__)
/* ladder_asm_mulx.c: st = x1, xn, zn, xm, zm (4 words each), the slots after
 * the step of bit 254; runs the steps of bits 253..3 of the clamped k. */
void f25519_x25519_ladder_asm(fe64 st[5], const uint8_t k[32]);

/* (x, z) = 2 (x, z): the ladder's doubling (inputs with word 3 <= 2^63) */
static inline void fe64_ladder_double(fe64 *x, fe64 *z)
{
    fe64 s, d, aa, bb, e, t;
    fe64_addsub_r(&s, &d, x, z);
    fe64_sqr(&aa, &s);
    fe64_sqr(&bb, &d);
    fe64_sub_r(&e, &aa, &bb);
    fe64_mul121666_add(&t, &e, &bb);
    fe64_mul(x, &aa, &bb);
    fe64_mul(z, &e, &t);
    f25519_wipe(&s, sizeof s);
    f25519_wipe(&d, sizeof d);
    f25519_wipe(&aa, sizeof aa);
    f25519_wipe(&bb, sizeof bb);
    f25519_wipe(&e, sizeof e);
    f25519_wipe(&t, sizeof t);
}

void f25519_x25519_ladder_mulx(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    /* The clamped k's bit 254 is 1: its step leaves slot n = 2 P and slot
     * m = P (prev = 1); the assembly runs bits 253..3; RFC 7748's swap by
     * bit 3 brings [k >> 3] P to slot n, and three doublings make [k] P. */
    fe64 v[5], x, z;
    fe64_from_u(&v[0], u);
    v[1] = v[0];
    v[2] = (fe64){{1, 0, 0, 0}};
    fe64_ladder_double(&v[1], &v[2]);
    v[3] = v[0];
    v[4] = (fe64){{1, 0, 0, 0}};
    f25519_x25519_ladder_asm(v, k);
    fe64_cswap(&v[1], &v[3], (uint64_t)(k[0] >> 3) & 1);
    fe64_cswap(&v[2], &v[4], (uint64_t)(k[0] >> 3) & 1);
    x = v[1];
    z = v[2];
    for (int i = 0; i < 3; i++) fe64_ladder_double(&x, &z);
    fe64_invert_safegcd(&z, &z);
    fe64_mul(&x, &x, &z);
    fe64_tobytes(out, &x);
    f25519_wipe(v, sizeof v);
    f25519_wipe(&x, sizeof x);
    f25519_wipe(&z, sizeof z);
}
#else
void f25519_x25519_ladder_mulx(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    f25519_x25519_ladder_mulx_c(out, k, u);
}
#endif
#endif /* F25519_HAVE_MULX */
