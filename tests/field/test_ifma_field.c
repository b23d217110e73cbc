/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * 8x1-way IFMA field vs the portable fe51, lane by lane, on random inputs
 * and on extreme-limb inputs (every limb at the documented maximum).
 */
#include "testutil.h"
#include "backend/ifma/fe51x8_ifma.h"
#include "field/invert_safegcd.h"

#define M51 ((1ULL << 51) - 1)
#define RBOUND ((1ULL << 51) + (1ULL << 14))

static void rand_fe(fe51 *f, uint64_t bound) /* limbs in [0, bound) */
{
    for (int i = 0; i < 5; i++) {
        uint64_t r = tu_rand64();
        switch (tu_rand64() % 4) {
        case 0: f->v[i] = bound - 1 - (r & 0xff); break; /* near the maximum */
        case 1: f->v[i] = r & 0xff; break;                /* near zero */
        default: f->v[i] = r % bound;
        }
    }
}
static void fill(fe51 f[8], uint64_t bound, int extreme)
{
    for (int l = 0; l < 8; l++) {
        if (extreme) for (int i = 0; i < 5; i++) f[l].v[i] = bound - 1;
        else rand_fe(&f[l], bound);
    }
}
static int same(const fe51 *a, const fe51 *b)
{
    uint8_t x[32], y[32];
    fe51_tobytes(x, a);
    fe51_tobytes(y, b);
    return memcmp(x, y, 32) == 0;
}
static int reduced(const fe51 *a)
{
    for (int i = 0; i < 5; i++) if (a->v[i] >= RBOUND) return 0;
    return 1;
}
/* the portable fe51 accepts limbs < 2^54: normalise bigger test inputs
 * (sub inputs up to 2^53) through its own add of zero = no-op, so direct */

enum { OP_MUL, OP_SQR, OP_ADD, OP_SUB, OP_NEG, OP_SMALL, OP_INV, OP_P22523, OP_CARRY, OP_WSUB, OP_WADD, NOPS };
static const char *names[] = { "mul", "sqr", "add", "sub", "neg", "mul_small", "invert", "pow22523", "carry", "mul_w+sub_w", "mul_w+add" };

F25519_IFMA_TARGET static void run(int op, fe51 out[8], const fe51 a[8], const fe51 b[8], uint32_t c)
{
    fe51x8 x, y, z;
    fe8_pack(&x, a);
    fe8_pack(&y, b);
    switch (op) {
    case OP_MUL: fe8_mul(&z, &x, &y); break;
    case OP_SQR: fe8_sqr(&z, &x); break;
    case OP_ADD: fe8_add(&z, &x, &y); break;
    case OP_SUB: fe8_sub(&z, &x, &y); break;
    case OP_NEG: fe8_neg(&z, &x); break;
    case OP_SMALL: fe8_mul_small(&z, &x, c); break;
    case OP_INV: fe8_invert(&z, &x); break;
    case OP_P22523: fe8_pow22523(&z, &x); break;
    case OP_WSUB: { fe51x8 u, v; fe8_mul_w(&u, &x, &y); fe8_mul_w(&v, &x, &x); fe8_sub_w(&z, &u, &v);
                    fe8_mul(&z, &z, &z); } break; /* the result is a multiplication operand */
    case OP_WADD: { fe51x8 u, v; fe8_mul_w(&u, &x, &y); fe8_mul_w(&v, &y, &y); fe8_add(&z, &u, &v);
                    fe8_mul(&z, &z, &z); } break;
    default: fe8_carry(&z, &x); break;
    }
    fe8_unpack(out, &z);
}
static void ref(int op, fe51 *o, const fe51 *a, const fe51 *b, uint32_t c)
{
    fe51 t;
    switch (op) {
    case OP_MUL: fe51_mul(o, a, b); break;
    case OP_SQR: fe51_sqr(o, a); break;
    case OP_ADD: fe51_add(o, a, b); break;
    case OP_SUB: fe51_0(&t); fe51_add(&t, &t, a); fe51_carry(&t, &t);
                 { fe51 u = *b; fe51_carry(&u, &u); fe51_sub(o, &t, &u); } break;
    case OP_NEG: { fe51 u = *a; fe51_carry(&u, &u); fe51_neg(o, &u); } break;
    case OP_SMALL: fe51_mul_small(o, a, c); break;
    case OP_INV: fe51_invert(o, a); break;
    case OP_P22523: fe51_pow22523(o, a); break;
    case OP_WSUB: { fe51 u, v; fe51_mul(&u, a, b); fe51_mul(&v, a, a); fe51_sub(o, &u, &v); fe51_carry(o, o);
                    fe51_mul(o, o, o); } break;
    case OP_WADD: { fe51 u, v; fe51_mul(&u, a, b); fe51_mul(&v, b, b); fe51_add(o, &u, &v); fe51_carry(o, o);
                    fe51_mul(o, o, o); } break;
    default: fe51_carry(o, a); break;
    }
}

int main(int argc, char **argv)
{
    tu_rng_init();
    tu_require_ifma_code(argv[0]);
    int iters = argc > 1 ? atoi(argv[1]) : 2000;
    /* input bounds per op: the documented maxima */
    const uint64_t bnd[NOPS] = {
        1ULL << 52, 1ULL << 52, 1ULL << 53, (1ULL << 53) - 75, (1ULL << 53) - 75,
        1ULL << 52, 1ULL << 52, 1ULL << 52, 1ULL << 54, 1ULL << 52, 1ULL << 52 };
    for (int op = 0; op < NOPS; op++) {
        int n = (op == OP_INV || op == OP_P22523) ? iters / 20 + 2 : iters;
        for (int it = 0; it < n; it++) {
            fe51 a[8], b[8], o[8], r;
            int extreme = it < 2;
            fill(a, bnd[op], extreme);
            fill(b, bnd[op], extreme && it == 0);
            if (op == OP_SUB && it == 1) for (int l = 0; l < 8; l++) fe51_0(&a[l]); /* 0 - max */
            uint32_t c = extreme ? (1u << 20) - 1 : (uint32_t)(tu_rand64() % (1u << 20));
            if (op == OP_SMALL && it == 2) c = 121666;
            run(op, o, a, b, c);
            for (int l = 0; l < 8; l++) {
                ref(op, &r, &a[l], &b[l], c);
                CHECK(same(&o[l], &r), "%s iter %d lane %d: value differs", names[op], it, l);
                CHECK(reduced(&o[l]), "%s iter %d lane %d: limb bound exceeded", names[op], it, l);
            }
        }
    }
    /* the 4-lane ymm field (fe4_*, used by the 1x4 verification and the single
     * ladder) is tested at its documented maxima in test_ifma_ladder_field.c */
    /* scalar safegcd inversion and the 8-element batch vs fe51_invert:
     * random, small, p - k, non-canonical (>= p) and extreme-limb inputs */
    for (int it = 0; it < iters * 5; it++) {
        uint8_t b[32];
        fe51 x, r1, r2;
        tu_rand_bytes(b, 32);
        if (it < 16) { memset(b, 0, 32); b[0] = (uint8_t)it; }              /* 0..15 */
        else if (it < 40) { memset(b, 0xff, 32); b[31] = 0x7f; b[0] = (uint8_t)(0xed - (it - 16)); } /* p+2 .. p-21 */
        else if (it < 44) { memset(b, 0xff, 32); }                          /* 2^256 - 1 */
        fe51_frombytes(&x, b);
        if (it == 44) for (int i = 0; i < 5; i++) x.v[i] = (1ULL << 54) - 1; /* documented input max */
        f25519_safegcd_invert(&r1, &x);
        fe51_invert(&r2, &x);
        CHECK(same(&r1, &r2), "fe_invert iter %d", it);
    }
    /* powers of two and their neighbours (long runs of even g: the packed
     * 15-step matrix entries reach +-2^15, the extremes of their fields):
     * 2^k, p - 2^k, 2^255 - 1 - 2^k (>= p for k < 4), 2^255 - 2^k */
    for (int k = 0; k < 255; k++) {
        for (int v = 0; v < 4; v++) {
            uint8_t b[32];
            fe51 x, r1, r2;
            memset(b, 0, 32);
            if (v == 0) b[k / 8] = (uint8_t)(1u << (k % 8));
            else {
                memset(b, 0xff, 32);
                b[31] = 0x7f;
                if (v == 1) b[0] = 0xec; /* p - 1; v == 3: 2^255 - 1 */
                if (v == 1 || v == 3) { /* minus 2^k, plus 1: p - 2^k, 2^255 - 2^k */
                    int borrow = 0;
                    for (int i = 0; i < 32; i++) {
                        int t = b[i] - (i == k / 8 ? (1 << (k % 8)) : 0) - borrow;
                        borrow = t < 0;
                        b[i] = (uint8_t)t;
                    }
                    for (int i = 0; i < 32 && (b[i] += 1) == 0; i++) {} /* + 1 */
                } else b[k / 8] ^= (uint8_t)(1u << (k % 8)); /* 2^255 - 1 - 2^k */
            }
            fe51_frombytes(&x, b);
            f25519_safegcd_invert(&r1, &x);
            fe51_invert(&r2, &x);
            CHECK(same(&r1, &r2), "fe_invert 2^k family k %d v %d", k, v);
        }
    }
    for (int it = 0; it < iters; it++) {
        fe51 z[8], o[8], r;
        fill(z, 1ULL << 52, it == 0);
        if (it % 7 == 1) fe51_0(&z[it % 8]); /* a zero lane gives 0 alone */
        f25519_safegcd_batch_invert(o, z, 8);
        for (int l = 0; l < 8; l++) {
            fe51_invert(&r, &z[l]);
            CHECK(same(&o[l], &r), "batch_invert iter %d lane %d", it, l);
        }
    }
    printf("test_ifma_field: %d iterations per op, 8 lanes\n", iters);
    return tu_finish("test_ifma_field");
}
