/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Field layers of the IFMA ladders at their documented limb bounds:
 * fe51x4_ifma.h (the one 4-lane ymm field: single ladder, 1x4 verification
 * points of ge51_1x4_ifma.h, square roots of backend/ifma/ge51_decode_ifma.c) and
 * fe51x8_ladder_ifma.h (x8 ladder, zmm). IFMA silently drops bits above 52, so every operation is run with
 * random limbs and with limbs at (bound - 1), lane by lane, and checked two
 * ways: the value mod p against OpenSSL BIGNUM arithmetic, and the output
 * limbs against the bound the header promises.
 * Exits 77 with "SKIP:" when the CPU lacks AVX-512F/VL/IFMA.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/bn.h>
#include "fast25519.h"
#include "testutil.h"
#include "backend/ifma/fe51x4_ifma.h"
#include "backend/ifma/fe51x8_ladder_ifma.h"


static BIGNUM *P;
static BN_CTX *CTX;

/* sum_i limb_i 2^(51 i) mod p */
static BIGNUM *bn_of(const uint64_t l[5])
{
    BIGNUM *r = BN_new(), *t = BN_new();
    BN_zero(r);
    for (int i = 4; i >= 0; i--) {
        BN_lshift(r, r, 51);
        BN_set_word(t, l[i]);
        BN_add(r, r, t);
    }
    BN_nnmod(r, r, P, CTX);
    BN_free(t);
    return r;
}

typedef struct { uint64_t b[5]; } bound; /* exclusive limb bounds */

static const bound B52 = { { 1ULL << 52, 1ULL << 52, 1ULL << 52, 1ULL << 52, 1ULL << 52 } };
static const bound R4 = { { (1ULL << 51) + (1ULL << 14), (1ULL << 51) + (1ULL << 14), (1ULL << 51) + (1ULL << 14),
                            (1ULL << 51) + (1ULL << 14), (1ULL << 51) + (1ULL << 14) } };
static const bound W61 = { { 1ULL << 61, 1ULL << 61, 1ULL << 61, 1ULL << 61, 1ULL << 61 } };
static const bound W603 = { { 300ULL << 52, 300ULL << 52, 300ULL << 52, 300ULL << 52, 300ULL << 52 } }; /* 20 * 15 * 2^52 */
static const bound S = { { (1ULL << 51) + (1ULL << 18), 1ULL << 51, 1ULL << 51, 1ULL << 51, 1ULL << 51 } };
static const bound A16 = { { (1ULL << 51) + (1ULL << 16), (1ULL << 51) + (1ULL << 16), (1ULL << 51) + (1ULL << 16),
                             (1ULL << 51) + (1ULL << 16), (1ULL << 51) + (1ULL << 16) } };
static const bound A152 = { { (1ULL << 51) + 152, (1ULL << 51) + 152, (1ULL << 51) + 152, (1ULL << 51) + 152,
                              (1ULL << 51) + 152 } };
static const bound B54 = { { 1ULL << 54, 1ULL << 54, 1ULL << 54, 1ULL << 54, 1ULL << 54 } };
/* fe4_msub subtrahend maxima: k (2^51 - 19) inclusive, for k = 4 and 8 */
static const bound K4 = { { 4 * 0x7ffffffffffedULL + 1, 4 * 0x7ffffffffffedULL + 1, 4 * 0x7ffffffffffedULL + 1,
                            4 * 0x7ffffffffffedULL + 1, 4 * 0x7ffffffffffedULL + 1 } };
static const bound K8 = { { 8 * 0x7ffffffffffedULL + 1, 8 * 0x7ffffffffffedULL + 1, 8 * 0x7ffffffffffedULL + 1,
                            8 * 0x7ffffffffffedULL + 1, 8 * 0x7ffffffffffedULL + 1 } };
static const bound B64 = { { ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL } }; /* max 2^64 - 2 */
/* fe4_carry of any input: limbs < 2^51 + 2^13, limb 0 < 2^51 + 19 * 2^13 */
static const bound C64 = { { (1ULL << 51) + 19 * (1ULL << 13), (1ULL << 51) + (1ULL << 13), (1ULL << 51) + (1ULL << 13),
                             (1ULL << 51) + (1ULL << 13), (1ULL << 51) + (1ULL << 13) } };
static const bound B62 = { { 1ULL << 62, 1ULL << 62, 1ULL << 62, 1ULL << 62, 1ULL << 62 } };

/* Limbs for case c of input bound b: c = 0 all at b - 1, c = 1 alternate
 * max/0, c = 2 max/small, else uniform random below b. */
static void gen(uint64_t l[5], const bound *b, int c)
{
    for (int i = 0; i < 5; i++) {
        uint64_t m = b->b[i] - 1;
        if (c == 0) l[i] = m;
        else if (c == 1) l[i] = (i & 1) ? 0 : m;
        else if (c == 2) l[i] = (i & 1) ? m : tu_rand64() % 1024;
        else l[i] = tu_rand64() % b->b[i];
    }
}

static int within(const uint64_t l[5], const bound *b)
{
    for (int i = 0; i < 5; i++)
        if (l[i] >= b->b[i]) return 0;
    return 1;
}

enum { OP_MUL, OP_SQR, OP_ADD, OP_SUB, OP_MULADD, OP_CARRY };

/* expected = op(f, g) mod p (a for muladd: a + c f) */
static void check(const char *name, int op, const uint64_t f[5], const uint64_t g[5], const uint64_t h[5],
                  const bound *outb, uint32_t c)
{
    BIGNUM *bf = bn_of(f), *bg = g ? bn_of(g) : NULL, *bh = bn_of(h), *e = BN_new(), *t = BN_new();
    switch (op) {
    case OP_MUL: BN_mod_mul(e, bf, bg, P, CTX); break;
    case OP_SQR: BN_mod_sqr(e, bf, P, CTX); break;
    case OP_ADD: BN_mod_add(e, bf, bg, P, CTX); break;
    case OP_SUB: BN_mod_sub(e, bf, bg, P, CTX); break;
    case OP_MULADD: /* h = g + c f (g is the addend) */
        BN_set_word(t, c);
        BN_mod_mul(e, bf, t, P, CTX);
        BN_mod_add(e, e, bg, P, CTX);
        break;
    default: BN_copy(e, bf); break;
    }
    tu_checks++;
    if (BN_cmp(e, bh) != 0) tu_fail("%s: wrong value mod p", name);
    tu_checks++;
    if (!within(h, outb))
        tu_fail("%s: output limbs above the documented bound (%llx %llx %llx %llx %llx)", name,
                (unsigned long long)h[0], (unsigned long long)h[1], (unsigned long long)h[2],
                (unsigned long long)h[3], (unsigned long long)h[4]);
    BN_free(bf); BN_free(bg); BN_free(bh); BN_free(e); BN_free(t);
}

/* ---- fe51x4 ---- */
F25519_IFMA_TARGET static void put4(fe51x4 *v, uint64_t in[4][5])
{
    for (int i = 0; i < 5; i++)
        v->v[i] = _mm256_setr_epi64x((long long)in[0][i], (long long)in[1][i], (long long)in[2][i], (long long)in[3][i]);
}
F25519_IFMA_TARGET static void get4(uint64_t out[4][5], const fe51x4 *v)
{
    uint64_t t[4];
    for (int i = 0; i < 5; i++) {
        _mm256_storeu_si256((__m256i *)t, v->v[i]);
        for (int j = 0; j < 4; j++) out[j][i] = t[j];
    }
}

F25519_IFMA_TARGET static void test_fe4(int rounds)
{
    uint64_t f[4][5], g[4][5], h[4][5];
    fe51x4 F, G, H;
    for (int r = 0; r < rounds; r++) {
        int c = r < 3 ? r : 3;
        /* mul, mul_w, sqr: operands < 2^52 */
        for (int j = 0; j < 4; j++) { gen(f[j], &B52, (c + j) % 4); gen(g[j], &B52, (c + 2 * j) % 4); }
        put4(&F, f); put4(&G, g);
        fe4_mul(&H, &F, &G); get4(h, &H);
        for (int j = 0; j < 4; j++) check("fe4_mul", OP_MUL, f[j], g[j], h[j], &R4, 0);
        fe4_mul_w(&H, &F, &G); get4(h, &H);
        for (int j = 0; j < 4; j++) check("fe4_mul_w", OP_MUL, f[j], g[j], h[j], &W603, 0);
        fe4_sqr(&H, &F); get4(h, &H);
        for (int j = 0; j < 4; j++) check("fe4_sqr", OP_SQR, f[j], NULL, h[j], &R4, 0);
        /* addsub (R4 inputs), lanes 0,2 add, 1,3 sub */
        for (int j = 0; j < 4; j++) { gen(f[j], &R4, (c + j) % 4); gen(g[j], &R4, (c + 3 * j) % 4); }
        put4(&F, f); put4(&G, g);
        fe4_addsub(&H, &F, &G, 0xA); get4(h, &H);
        for (int j = 0; j < 4; j++) check(j & 1 ? "fe4_addsub (sub)" : "fe4_addsub (add)", j & 1 ? OP_SUB : OP_ADD, f[j], g[j], h[j], &A152, 0);
        /* addsub_w (inputs < 2^61) */
        for (int j = 0; j < 4; j++) { gen(f[j], &W61, (c + j) % 4); gen(g[j], &W61, (c + 3 * j) % 4); }
        put4(&F, f); put4(&G, g);
        fe4_addsub_w(&H, &F, &G, 0x5); get4(h, &H);
        for (int j = 0; j < 4; j++) check(j & 1 ? "fe4_addsub_w (add)" : "fe4_addsub_w (sub)", j & 1 ? OP_ADD : OP_SUB, f[j], g[j], h[j], &A16, 0);
        /* carry of the multiplication's folded columns (< 20 * 15 * 2^52) */
        for (int j = 0; j < 4; j++) gen(f[j], &W603, (c + j) % 4);
        put4(&F, f);
        fe4_carry(&H, &F); get4(h, &H);
        for (int j = 0; j < 4; j++) check("fe4_carry", OP_CARRY, f[j], NULL, h[j], &R4, 0);
        /* carry of any 64-bit limbs */
        for (int j = 0; j < 4; j++) gen(f[j], &B64, (c + j) % 4);
        put4(&F, f);
        fe4_carry(&H, &F); get4(h, &H);
        for (int j = 0; j < 4; j++) check("fe4_carry (64-bit limbs)", OP_CARRY, f[j], NULL, h[j], &C64, 0);
        /* masked add/sub with the 4p and 8p offsets of the 1x4 point formulas:
         * minuend < 2^54, subtrahend at its maximum k (2^51 - 19); lanes 0, 2
         * subtract, 1, 3 add; then one carry round -> R4 */
        for (int kk = 4; kk <= 8; kk *= 2) {
            for (int j = 0; j < 4; j++) { gen(f[j], &B54, (c + j) % 4); gen(g[j], kk == 4 ? &K4 : &K8, (c + 3 * j) % 4); }
            put4(&F, f); put4(&G, g);
            fe51x4 T;
            fe4_madd(&T, &F, 0xA, &F, &G);
            fe4_msub(&T, &T, 0x5, &F, &G, (uint64_t)kk);
            fe4_carry(&H, &T); get4(h, &H);
            for (int j = 0; j < 4; j++)
                check(j & 1 ? "fe4_madd" : (kk == 4 ? "fe4_msub 4p" : "fe4_msub 8p"), j & 1 ? OP_ADD : OP_SUB,
                      f[j], g[j], h[j], &R4, 0);
        }
    }
    /* inversion: z * z^-1 = 1 (R4 input, also 0 -> 0) */
    for (int r = 0; r < 4; r++) {
        for (int j = 0; j < 4; j++) gen(f[j], &R4, r == 0 ? 0 : 3);
        if (r == 1) memset(f[2], 0, sizeof f[2]);
        put4(&F, f);
        fe4_invert(&G, &F);
        fe4_mul(&H, &G, &F);
        get4(h, &H);
        for (int j = 0; j < 4; j++) {
            BIGNUM *bz = bn_of(f[j]), *bh = bn_of(h[j]);
            tu_checks++;
            if (BN_is_zero(bz) ? !BN_is_zero(bh) : !BN_is_one(bh)) tu_fail("fe4_invert: z * z^-1 != 1");
            BN_free(bz); BN_free(bh);
        }
    }
}

/* ---- fe51x8 ladder operations ---- */
F25519_IFMA_TARGET static void put8(fe51x8 *v, uint64_t in[8][5])
{
    uint64_t t[8];
    for (int i = 0; i < 5; i++) {
        for (int j = 0; j < 8; j++) t[j] = in[j][i];
        v->v[i] = _mm512_loadu_si512((const void *)t);
    }
}
F25519_IFMA_TARGET static void get8(uint64_t out[8][5], const fe51x8 *v)
{
    uint64_t t[8];
    for (int i = 0; i < 5; i++) {
        _mm512_storeu_si512((void *)t, v->v[i]);
        for (int j = 0; j < 8; j++) out[j][i] = t[j];
    }
}

F25519_IFMA_TARGET static void test_lx8(int rounds)
{
    uint64_t f[8][5], g[8][5], h[8][5];
    fe51x8 F, G, H;
    for (int r = 0; r < rounds; r++) {
        int c = r < 3 ? r : 3;
        for (int j = 0; j < 8; j++) { gen(f[j], &B52, (c + j) % 4); gen(g[j], &B52, (c + 2 * j) % 4); }
        put8(&F, f); put8(&G, g);
        lx8_mul_w(&H, &F, &G); get8(h, &H);
        for (int j = 0; j < 8; j++) check("lx8_mul_w", OP_MUL, f[j], g[j], h[j], &W61, 0);
        lx8_mul(&H, &F, &G); get8(h, &H);
        for (int j = 0; j < 8; j++) check("lx8_mul", OP_MUL, f[j], g[j], h[j], &S, 0);
        lx8_muladd_small(&H, &G, &F, 121665); get8(h, &H);
        for (int j = 0; j < 8; j++) check("lx8_muladd_small", OP_MULADD, f[j], g[j], h[j], &S, 121665);
        /* squaring needs S */
        for (int j = 0; j < 8; j++) gen(f[j], &S, (c + j) % 4);
        put8(&F, f);
        lx8_sqr_w(&H, &F); get8(h, &H);
        for (int j = 0; j < 8; j++) check("lx8_sqr_w", OP_SQR, f[j], NULL, h[j], &W61, 0);
        lx8_sqr(&H, &F); get8(h, &H);
        for (int j = 0; j < 8; j++) check("lx8_sqr", OP_SQR, f[j], NULL, h[j], &S, 0);
        /* add/sub accept W-sized limbs (< 2^62) */
        for (int j = 0; j < 8; j++) { gen(f[j], &B62, (c + j) % 4); gen(g[j], &B62, (c + 3 * j) % 4); }
        put8(&F, f); put8(&G, g);
        lx8_add(&H, &F, &G); get8(h, &H);
        for (int j = 0; j < 8; j++) check("lx8_add", OP_ADD, f[j], g[j], h[j], &S, 0);
        lx8_sub(&H, &F, &G); get8(h, &H);
        for (int j = 0; j < 8; j++) check("lx8_sub", OP_SUB, f[j], g[j], h[j], &S, 0);
    }
}

int main(void)
{
    const char *name = "ladder_ifma_field";
    tu_require_ifma_code(name);
    tu_rng_init();
    CTX = BN_CTX_new();
    P = BN_new();
    BN_set_bit(P, 255);
    BIGNUM *n19 = BN_new();
    BN_set_word(n19, 19);
    BN_sub(P, P, n19);
    BN_free(n19);
    test_fe4(400);
    test_lx8(200);
    BN_free(P);
    BN_CTX_free(CTX);
    return tu_finish(name);
}
