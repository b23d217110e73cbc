/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The avx2 backend's 4-lane radix-2^25.5 field (src/backend/avx2/fe25x4_avx2.*)
 * vs the portable fe51, lane by lane: every function on inputs with every
 * limb at its documented maximum (bounds R, M, A2 of fe25x4_avx2.h, 2^63 - 1
 * for the carry), near zero, 2^k families (the Karatsuba products) and random; outputs compared by value and
 * checked against their documented bound (R; fe25x4_mul121666_add_m's own,
 * within M).
 */
#include "testutil.h"
#include "backend/avx2/fe25x4_avx2.h"

#define W(i) ((i) & 1 ? (1ULL << 25) : (1ULL << 26))
#define BR(i) (W(i) + (1ULL << 17))            /* R: limb i < BR(i) */
#define BM(i) (3 * W(i) + (1ULL << 18))        /* M: limb i < BM(i) */
#define BA2(i) (2 * W(i) + (1ULL << 18))      /* A2 (fe25x4_mul_k operand g): limb i < BA2(i) */
#define B63(i) (1ULL << 63)                    /* carry input */

typedef struct { uint64_t l[4][10]; } lanes; /* lane, limb */

enum { K_R, K_M, K_63, K_ZERO, K_A2 };
static uint64_t bound(int kind, int i)
{
    return kind == K_R ? BR(i) : kind == K_M ? BM(i) : kind == K_63 ? B63(i) : kind == K_A2 ? BA2(i) : 1;
}
static void gen(lanes *x, int kind, int extreme)
{
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < 10; i++) {
            uint64_t b = bound(kind, i), r = tu_rand64();
            if (extreme) { x->l[l][i] = b - 1; continue; }
            switch (tu_rand64() % 4) {
            case 0: x->l[l][i] = b - 1 - (r & 0xff) % b; break;
            case 1: x->l[l][i] = (r & 0xff) % b; break;
            default: x->l[l][i] = r % b;
            }
        }
}
/* lane l's value as a reduced fe51 (exact, any limbs < 2^64) */
static void to_fe51(fe51 *o, const lanes *x, int l)
{
    unsigned __int128 acc[6] = {0};
    for (int i = 0; i < 10; i++) {
        int pos = (51 * i + 1) / 2; /* ceil(25.5 i) */
        acc[pos / 51] += (unsigned __int128)x->l[l][i] << (pos % 51);
    }
    for (int round = 0; round < 3; round++) {
        for (int j = 0; j < 5; j++) {
            acc[j + 1] += acc[j] >> 51;
            acc[j] &= (1ULL << 51) - 1;
        }
        acc[0] += acc[5] * 19;
        acc[5] = 0;
    }
    for (int j = 0; j < 5; j++) o->v[j] = (uint64_t)acc[j];
}
F25519_AVX2_TARGET static void load(fe25x4 *h, const lanes *x)
{
    for (int i = 0; i < 10; i++)
        h->v[i] = _mm256_setr_epi64x((long long)x->l[0][i], (long long)x->l[1][i], (long long)x->l[2][i],
                                     (long long)x->l[3][i]);
}
F25519_AVX2_TARGET static void store(lanes *x, const fe25x4 *h)
{
    uint64_t t[4] __attribute__((aligned(32)));
    for (int i = 0; i < 10; i++) {
        _mm256_store_si256((__m256i *)t, h->v[i]);
        for (int l = 0; l < 4; l++) x->l[l][i] = t[l];
    }
}
static int same(const fe51 *a, const fe51 *b)
{
    uint8_t x[32], y[32];
    fe51_tobytes(x, a);
    fe51_tobytes(y, b);
    return memcmp(x, y, 32) == 0;
}
static int in_r(const lanes *x, int l)
{
    for (int i = 0; i < 10; i++) if (x->l[l][i] >= BR(i)) return 0;
    return 1;
}

/* fe25x4_mul121666_add_m's output bound (bounds.toml): W_0 + 2^23, W_i + 2^19 (within M) */
static int in_a24m(const lanes *x, int l)
{
    for (int i = 0; i < 10; i++) if (x->l[l][i] >= W(i) + (i ? 1ULL << 19 : 1ULL << 23) || x->l[l][i] >= BM(i)) return 0;
    return 1;
}

enum { OP_MUL, OP_SQR, OP_ADD, OP_SUB, OP_SUB4P, OP_CARRY, OP_SMALL, OP_A24, OP_CSWAP, OP_CMOV, OP_INV,
       OP_INV2, OP_PACK, OP_SQRP, OP_A24M, OP_MULK, OP_MULKQ, NOPS };
static const char *names[] = {"mul", "sqr", "add", "sub", "sub4p", "carry", "mul_small", "mul121666_add",
                              "cswap", "cmov", "invert", "invert2", "pack/unpack",
                              "sqr_pair", "mul121666_add_m", "mul_k", "mul_kq"};
/* input kinds (a, b) and whether the output must be R */
static const int ka[NOPS] = {K_M, K_M, K_R, K_R, K_R, K_63, K_M, K_M, K_63, K_63, K_M, K_M, K_R, K_M, K_M,
                             K_M, K_M};
static const int kb[NOPS] = {K_M, K_M, K_R, K_R, K_M, K_M, K_M, K_R, K_63, K_63, K_M, K_M, K_R, K_M, K_R,
                             K_A2, K_A2};
static const int out_r[NOPS] = {1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 1, 0, 1, 1};

F25519_AVX2_TARGET static void run(int op, lanes *o, lanes *o2, const lanes *x, const lanes *y, uint32_t c,
                                   const uint64_t mask[4])
{
    fe25x4 a, b, h, h2;
    load(&a, x);
    load(&b, y);
    __m256i m = _mm256_setr_epi64x((long long)mask[0], (long long)mask[1], (long long)mask[2], (long long)mask[3]);
    h2 = b;
    switch (op) {
    case OP_MUL: fe25x4_mul(&h, &a, &b); break;
    case OP_SQR: fe25x4_sqr(&h, &a); break;
    case OP_ADD: fe25x4_add(&h, &a, &b); break;
    case OP_SUB: fe25x4_sub(&h, &a, &b); break;
    case OP_SUB4P: fe25x4_sub4p(&h, &a, &b); break;
    case OP_CARRY: fe25x4_carry(&h, &a); break;
    case OP_SMALL: fe25x4_mul_small(&h, &a, c); break;
    case OP_A24: fe25x4_mul121666_add(&h, &a, &b); break;
    case OP_CSWAP: h = a; fe25x4_cswap(&h, &h2, m); break;
    case OP_CMOV: h = a; fe25x4_cmov(&h, &b, m); break;
    case OP_INV: f25519_fe25x4_invert(&h, &a); break;
    case OP_INV2: f25519_fe25x4_invert2(&h, &h2, &a, &b); break;
    case OP_SQRP: f25519_fe25x4_sqr_pair(&h, &a); break;
    case OP_A24M: fe25x4_mul121666_add_m(&h, &a, &b); break;
    case OP_MULK: f25519_fe25x4_mul_k(&h, &a, &b); break;
    case OP_MULKQ: { fe25x4_kop q; fe25x4_kprep(&q, &b); f25519_fe25x4_mul_kq(&h, &a, &b, &q); } break;
    default: { fe51 t[4]; f25519_fe25x4_unpack(t, &a); f25519_fe25x4_pack(&h, t); } break;
    }
    store(o, &h);
    store(o2, &h2);
}

int main(int argc, char **argv)
{
    tu_rng_init();
    tu_require_avx2_code(argv[0]);
    int iters = argc > 1 ? atoi(argv[1]) : 2000;
    for (int op = 0; op < NOPS; op++) {
        int n = (op == OP_INV || op == OP_INV2) ? iters / 20 + 3 : iters;
        for (int it = 0; it < n; it++) {
            lanes x, y, o, o2;
            int extreme = it < 2;
            gen(&x, ka[op], extreme);
            gen(&y, kb[op], extreme && it == 0);
            if ((op == OP_SUB || op == OP_SUB4P) && it == 1) memset(&x, 0, sizeof x); /* 0 - max */
            if ((op == OP_INV || op == OP_INV2) && it == 2) memset(x.l[1], 0, sizeof x.l[1]); /* 0 -> 0 */
            if ((op == OP_MULK || op == OP_MULKQ) && it >= 2 && it < 2 + 2 * 29) {
                /* 2^k families: every limb 2^k (lanes 0, 1) or 2^k - 1 (lanes 2, 3), capped at the
                 * maximum; the other operand at its maxima (even it) or the same family (odd it) */
                int k = (it - 2) / 2;
                for (int l = 0; l < 4; l++)
                    for (int i = 0; i < 10; i++) {
                        uint64_t v = (1ULL << k) - (l >= 2), bx = bound(ka[op], i), by = bound(kb[op], i);
                        x.l[l][i] = v < bx ? v : bx - 1;
                        y.l[l][i] = it & 1 ? (v < by ? v : by - 1) : by - 1;
                        if (l & 1) { uint64_t t = x.l[l][i] < by ? x.l[l][i] : by - 1; x.l[l][i] = y.l[l][i] < bx ? y.l[l][i] : bx - 1; y.l[l][i] = t; }
                    }
            }
            uint32_t c = extreme ? 0xffffffffu : (uint32_t)tu_rand64();
            uint64_t mask[4];
            for (int l = 0; l < 4; l++) mask[l] = (tu_rand64() & 1) ? ~0ULL : 0;
            run(op, &o, &o2, &x, &y, c, mask);
            for (int l = 0; l < 4; l++) {
                fe51 a, b, r, got, t;
                to_fe51(&a, &x, l);
                to_fe51(&b, &y, l);
                to_fe51(&got, &o, l);
                switch (op) {
                case OP_MUL: case OP_MULK: case OP_MULKQ: fe51_mul(&r, &a, &b); break;
                case OP_SQR: case OP_SQRP: fe51_sqr(&r, &a); break;
                case OP_ADD: fe51_add(&r, &a, &b); break;
                case OP_SUB: case OP_SUB4P: fe51_sub(&r, &a, &b); break;
                case OP_SMALL: fe51_mul_small(&t, &a, c >> 12); fe51_mul_small(&t, &t, 1u << 12);
                               fe51_mul_small(&r, &a, c & 0xfff); fe51_add(&r, &r, &t); break;
                case OP_A24: case OP_A24M: fe51_mul_small(&r, &a, 121666); fe51_add(&r, &r, &b); break;
                case OP_CSWAP: case OP_CMOV: r = mask[l] ? b : a; break;
                case OP_INV: case OP_INV2: fe51_invert(&r, &a); break;
                default: r = a; break; /* carry, pack/unpack: same value */
                }
                fe51_carry(&r, &r);
                CHECK(same(&got, &r), "%s iter %d lane %d: value differs", names[op], it, l);
                if (out_r[op]) CHECK(in_r(&o, l), "%s iter %d lane %d: output not R", names[op], it, l);
                if (op == OP_A24M) CHECK(in_a24m(&o, l), "%s iter %d lane %d: output beyond its bound", names[op], it, l);
                if (op == OP_CSWAP) {
                    fe51 g2, r2 = mask[l] ? a : b;
                    to_fe51(&g2, &o2, l);
                    CHECK(same(&g2, &r2), "cswap iter %d lane %d: second value differs", it, l);
                }
                if (op == OP_INV2) {
                    fe51 g2, r2;
                    to_fe51(&g2, &o2, l);
                    fe51_invert(&r2, &b);
                    CHECK(same(&g2, &r2), "invert2 iter %d lane %d: second value differs", it, l);
                    CHECK(in_r(&o2, l), "invert2 iter %d lane %d: second output not R", it, l);
                }
            }
        }
    }
    /* bytes: random, small, p - k .. p + k (non-canonical), 2^255 - 1 and bit 255 set */
    for (int it = 0; it < iters; it++) {
        uint8_t s[4][32], o[4][32], e[32];
        for (int l = 0; l < 4; l++) {
            tu_rand_bytes(s[l], 32);
            int v = (it * 4 + l) % 64;
            if (it < 16 && v < 16) { memset(s[l], 0, 32); s[l][0] = (uint8_t)v; }
            else if (it < 16 && v < 40) { memset(s[l], 0xff, 32); s[l][31] = 0x7f; s[l][0] = (uint8_t)(0xed - (v - 16)); }
            else if (it < 16) memset(s[l], 0xff, 32);
        }
        fe25x4 h;
        f25519_fe25x4_frombytes(&h, (const uint8_t(*)[32])s);
        lanes x;
        store(&x, &h);
        f25519_fe25x4_tobytes(o, &h);
        for (int l = 0; l < 4; l++) {
            fe51 t;
            fe51_frombytes(&t, s[l]);
            fe51_tobytes(e, &t);
            CHECK(memcmp(o[l], e, 32) == 0, "frombytes/tobytes iter %d lane %d", it, l);
            CHECK(in_r(&x, l), "frombytes iter %d lane %d: not R", it, l);
        }
    }
    /* tobytes at the R maxima (and of carry-input limbs: it carries first) */
    for (int it = 0; it < iters; it++) {
        lanes x;
        gen(&x, it & 1 ? K_63 : K_R, it < 4);
        fe25x4 h;
        uint8_t o[4][32], e[32];
        load(&h, &x);
        f25519_fe25x4_tobytes(o, &h);
        for (int l = 0; l < 4; l++) {
            fe51 t;
            to_fe51(&t, &x, l);
            fe51_tobytes(e, &t);
            CHECK(memcmp(o[l], e, 32) == 0, "tobytes iter %d lane %d", it, l);
        }
    }
    printf("test_avx2_field: %d iterations per op, 4 lanes\n", iters);
    return tu_finish("test_avx2_field");
}
