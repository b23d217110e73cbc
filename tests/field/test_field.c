/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Unit test of src/field/fe51.c against OpenSSL BIGNUM arithmetic mod p. */
#include <openssl/bn.h>
#include "testutil.h"
#include "field/fe51.h"

static BIGNUM *P;
static BN_CTX *CTX;

/* Value of the limbs (unreduced) as a BIGNUM. */
static BIGNUM *fe_to_bn(const fe51 *f)
{
    BIGNUM *r = BN_new(), *t = BN_new();
    BN_zero(r);
    for (int i = 4; i >= 0; i--) {
        BN_lshift(r, r, 51);
        BN_set_word(t, f->v[i]);
        BN_add(r, r, t);
    }
    BN_free(t);
    return r;
}

static void bn_to_bytes32(uint8_t out[32], const BIGNUM *x)
{
    BN_bn2lebinpad(x, out, 32);
}

/* Element with limbs < 2^bits (bits <= 54), random. */
static void rnd_fe(fe51 *f, int bits)
{
    for (int i = 0; i < 5; i++) {
        uint64_t x = tu_rand64() >> (64 - bits);
        int mode = (int)(tu_rand64() % 8);
        if (mode == 0) x = ((uint64_t)1 << bits) - 1; /* extreme limbs */
        if (mode == 1) x = 0;
        f->v[i] = x;
    }
}

static int same_mod_p(const fe51 *h, const BIGNUM *want)
{
    BIGNUM *a = fe_to_bn(h), *b = BN_new();
    BN_nnmod(a, a, P, CTX);
    BN_nnmod(b, want, P, CTX);
    int r = BN_cmp(a, b) == 0;
    BN_free(a);
    BN_free(b);
    return r;
}

static int limbs_below(const fe51 *h, uint64_t bound)
{
    for (int i = 0; i < 5; i++)
        if (h->v[i] >= bound) return 0;
    return 1;
}

int main(void)
{
    tu_rng_init();
    CTX = BN_CTX_new();
    P = BN_new();
    BN_set_bit(P, 255);
    BN_sub_word(P, 19);
    const uint64_t RB = ((uint64_t)1 << 51) + ((uint64_t)1 << 13);

    for (int it = 0; it < 20000; it++) {
        fe51 f, g, h;
        int bits = 51 + (int)(tu_rand64() % 4); /* 51..54 */
        rnd_fe(&f, bits);
        rnd_fe(&g, bits);
        BIGNUM *F = fe_to_bn(&f), *G = fe_to_bn(&g), *W = BN_new();

        fe51_mul(&h, &f, &g);
        BN_mod_mul(W, F, G, P, CTX);
        CHECK(same_mod_p(&h, W) && limbs_below(&h, RB), "mul it=%d", it);

        fe51_sqr(&h, &f);
        BN_mod_sqr(W, F, P, CTX);
        CHECK(same_mod_p(&h, W) && limbs_below(&h, RB), "sqr it=%d", it);

        uint32_t c = (uint32_t)(tu_rand64() & 0xfffff);
        fe51_mul_small(&h, &f, c);
        BN_copy(W, F);
        BN_mul_word(W, c);
        CHECK(same_mod_p(&h, W) && limbs_below(&h, RB), "mul_small it=%d", it);

        fe51_carry(&h, &f);
        CHECK(same_mod_p(&h, F) && limbs_below(&h, RB), "carry it=%d", it);

        /* add/sub/neg on reduced inputs (the documented domain of sub) */
        fe51 fr, gr;
        fe51_carry(&fr, &f);
        fe51_carry(&gr, &g);
        fe51_add(&h, &fr, &gr);
        BN_mod_add(W, F, G, P, CTX);
        CHECK(same_mod_p(&h, W), "add it=%d", it);
        fe51_sub(&h, &fr, &gr);
        BN_mod_sub(W, F, G, P, CTX);
        CHECK(same_mod_p(&h, W) && limbs_below(&h, (uint64_t)1 << 53), "sub it=%d", it);
        fe51_neg(&h, &gr);
        BN_zero(W);
        BN_mod_sub(W, W, G, P, CTX);
        CHECK(same_mod_p(&h, W) && limbs_below(&h, RB), "neg it=%d", it);

        /* tobytes canonical */
        uint8_t s[32], w[32];
        fe51_tobytes(s, &f);
        BN_nnmod(W, F, P, CTX);
        bn_to_bytes32(w, W);
        CHECK(memcmp(s, w, 32) == 0, "tobytes it=%d", it);

        if (it % 10 == 0) {
            fe51_invert(&h, &f);
            BN_nnmod(W, F, P, CTX);
            if (BN_is_zero(W)) {
                CHECK(fe51_iszero(&h), "invert(0)");
            } else {
                BN_mod_inverse(W, W, P, CTX);
                CHECK(same_mod_p(&h, W), "invert it=%d", it);
            }
            /* pow22523 */
            BIGNUM *e = BN_new();
            BN_set_bit(e, 252);
            BN_sub_word(e, 3);
            fe51_pow22523(&h, &f);
            BN_mod_exp(W, F, e, P, CTX);
            CHECK(same_mod_p(&h, W), "pow22523 it=%d", it);
            BN_free(e);
            /* sqrt_ratio: either a root r with v r^2 = u, or u/v is a non-square */
            fe51 r;
            int ok = fe51_sqrt_ratio(&r, &f, &g);
            BIGNUM *R = fe_to_bn(&r), *L = BN_new(), *Q = BN_new();
            BN_mod_sqr(L, R, P, CTX);
            BN_mod_mul(L, L, G, P, CTX);
            BN_nnmod(Q, F, P, CTX);
            /* Legendre symbol of u*v */
            BIGNUM *uv = BN_new(), *e2 = BN_new();
            BN_mod_mul(uv, F, G, P, CTX);
            BN_rshift1(e2, P);
            BN_mod_exp(e2, uv, e2, P, CTX);
            int is_sq = BN_is_one(e2) || BN_is_zero(uv);
            if (BN_is_zero(G) || (BN_nnmod(W, G, P, CTX), BN_is_zero(W))) {
                /* v = 0: no claim */
            } else {
                CHECK(ok == is_sq, "sqrt_ratio verdict it=%d", it);
                if (ok) CHECK(BN_cmp(L, Q) == 0, "sqrt_ratio value it=%d", it);
            }
            BN_free(R); BN_free(L); BN_free(Q); BN_free(uv); BN_free(e2);
        }
        BN_free(F); BN_free(G); BN_free(W);
    }

    /* Every limb at the documented input maximum at once (random draws make
     * all five extreme together about once in 30k): mul/sqr 2^54 - 1,
     * mul_small c = 2^20 - 1, carry 2^64 - 2^13 - 1 (fe51.h: "any limbs" of
     * the carry means below 2^64 - 2^13: the carry into limb 1 must fit),
     * sub with f at 2^54 - 1 and the largest reduced g. */
    {
        const uint64_t M54 = ((uint64_t)1 << 54) - 1, RBm = RB - 1;
        const uint64_t CMAX = (uint64_t)0 - ((uint64_t)1 << 13) - 1;
        fe51 f = {{M54, M54, M54, M54, M54}}, g = {{RBm, RBm, RBm, RBm, RBm}}, h, c;
        BIGNUM *F = fe_to_bn(&f), *G = fe_to_bn(&g), *W = BN_new();
        fe51_mul(&h, &f, &f);
        BN_mod_mul(W, F, F, P, CTX);
        CHECK(same_mod_p(&h, W) && limbs_below(&h, RB), "mul at 2^54-1");
        fe51_sqr(&h, &f);
        CHECK(same_mod_p(&h, W) && limbs_below(&h, RB), "sqr at 2^54-1");
        fe51_mul(&h, &f, &g);
        BN_mod_mul(W, F, G, P, CTX);
        CHECK(same_mod_p(&h, W) && limbs_below(&h, RB), "mul 2^54-1 x reduced max");
        fe51_mul_small(&h, &f, (1u << 20) - 1);
        BN_copy(W, F);
        BN_mul_word(W, (1u << 20) - 1);
        CHECK(same_mod_p(&h, W) && limbs_below(&h, RB), "mul_small at maxima");
        fe51_sub(&h, &g, &g);
        BN_zero(W);
        CHECK(same_mod_p(&h, W), "sub reduced max - itself");
        fe51 z = {{0, 0, 0, 0, 0}};
        fe51_sub(&h, &z, &g);
        BN_sub(W, W, G);
        CHECK(same_mod_p(&h, W), "sub 0 - reduced max");
        for (int i = 0; i < 5; i++) c.v[i] = CMAX;
        BIGNUM *C = fe_to_bn(&c);
        fe51_carry(&h, &c);
        CHECK(same_mod_p(&h, C) && limbs_below(&h, RB), "carry at 2^64 - 2^13 - 1");
        BN_free(C); BN_free(F); BN_free(G); BN_free(W);
    }

    /* Encoding edge cases: values p-1, p, p+1, 2^255-1, bit 255 ignored. */
    {
        uint8_t s[32], o[32];
        for (int k = -1; k <= 18; k++) {
            /* s = p + k (as 255-bit), k in [-1, 18] */
            BIGNUM *x = BN_dup(P);
            if (k < 0) BN_sub_word(x, 1); else BN_add_word(x, (unsigned long)k);
            BN_bn2lebinpad(x, s, 32);
            fe51 f;
            fe51_frombytes(&f, s);
            fe51_tobytes(o, &f);
            BIGNUM *red = BN_new();
            BN_nnmod(red, x, P, CTX);
            uint8_t w[32];
            BN_bn2lebinpad(red, w, 32);
            CHECK(memcmp(o, w, 32) == 0, "edge tobytes k=%d", k);
            CHECK(fe51_is_canonical(s) == (k < 0), "is_canonical k=%d", k);
            s[31] |= 0x80; /* bit 255 ignored */
            fe51_frombytes(&f, s);
            fe51_tobytes(o, &f);
            CHECK(memcmp(o, w, 32) == 0, "bit255 ignored k=%d", k);
            CHECK(fe51_is_canonical(s) == (k < 0), "is_canonical bit255 k=%d", k);
            BN_free(x);
            BN_free(red);
        }
        memset(s, 0xff, 32);
        CHECK(fe51_is_canonical(s) == 0, "0xff..ff not canonical");
        memset(s, 0, 32);
        CHECK(fe51_is_canonical(s) == 1, "0 canonical");
    }

    /* constants */
    {
        fe51 t, one, m1;
        fe51_sqr(&t, &fe51_sqrtm1);
        fe51_1(&one);
        fe51_neg(&m1, &one);
        uint8_t a[32], b[32];
        fe51_tobytes(a, &t);
        fe51_tobytes(b, &m1);
        CHECK(memcmp(a, b, 32) == 0, "sqrtm1^2 = -1");
        fe51 d2;
        fe51_add(&d2, &fe51_d, &fe51_d);
        fe51_tobytes(a, &d2);
        fe51_tobytes(b, &fe51_d2);
        CHECK(memcmp(a, b, 32) == 0, "d2 = 2d");
        fe51 x;
        fe51_mul_small(&x, &fe51_d, 121666);
        fe51_mul_small(&t, &one, 121665);
        fe51_add(&x, &x, &t); /* d*121666 + 121665 = 0 */
        CHECK(fe51_iszero(&x), "d = -121665/121666");
    }

    /* cmov / cswap / iszero / isnegative */
    {
        fe51 f, g, f0, g0;
        rnd_fe(&f, 51);
        rnd_fe(&g, 51);
        f0 = f;
        g0 = g;
        fe51_cmov(&f, &g, 0);
        CHECK(memcmp(&f, &f0, sizeof f) == 0, "cmov 0");
        fe51_cmov(&f, &g, 1);
        CHECK(memcmp(&f, &g, sizeof f) == 0, "cmov 1");
        f = f0;
        fe51_cswap(&f, &g, 0);
        CHECK(!memcmp(&f, &f0, sizeof f) && !memcmp(&g, &g0, sizeof g), "cswap 0");
        fe51_cswap(&f, &g, 1);
        CHECK(!memcmp(&f, &g0, sizeof f) && !memcmp(&g, &f0, sizeof g), "cswap 1");
        fe51 z;
        fe51_0(&z);
        CHECK(fe51_iszero(&z), "iszero 0");
        /* p itself as limbs is zero */
        fe51 pz = {{0x7ffffffffffed, 0x7ffffffffffff, 0x7ffffffffffff, 0x7ffffffffffff,
                    0x7ffffffffffff}};
        CHECK(fe51_iszero(&pz), "iszero p");
        fe51 one;
        fe51_1(&one);
        CHECK(!fe51_iszero(&one) && fe51_isnegative(&one), "one");
        fe51 m1;
        fe51_neg(&m1, &one); /* p-1 is even */
        CHECK(!fe51_isnegative(&m1), "-1 nonneg");
        fe51 s;
        fe51_sqr_n(&s, &one, 7);
        CHECK(!memcmp(&s, &one, sizeof s) || !fe51_iszero(&s), "sqr_n");
    }

    BN_free(P);
    BN_CTX_free(CTX);
    return tu_finish("test_field");
}
