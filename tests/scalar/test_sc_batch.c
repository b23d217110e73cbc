/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* zip215 batch verification's scalar products (src/scalar/sc_batch.c)
 * checked exactly with OpenSSL BIGNUM: f25519_sc_mul128_lt253's output is
 * below 2^253 and congruent to z k (mod L), for random z, k < L and the
 * edges (z = 0, 1, 2^128 - 1; k = 0, 1, L - 1, 2^253 - 1, values whose
 * folds hit the limits); the accumulator's sum z_i s_i mod L for random
 * and all-ones terms (s up to 2^256 - 1), and its negation mod L (with 0,
 * 1, L - 1). */
#include <openssl/bn.h>
#include "testutil.h"
#include "scalar/sc_batch.h"

static BIGNUM *L;
static BN_CTX *CTX;

static void check_mul(const uint8_t z[16], const uint8_t k[32], const char *what)
{
    uint8_t out[32];
    f25519_sc_mul128_lt253(out, z, k);
    BIGNUM *Z = BN_lebin2bn(z, 16, NULL), *K = BN_lebin2bn(k, 32, NULL), *O = BN_lebin2bn(out, 32, NULL);
    BIGNUM *T = BN_new();
    CHECK(BN_num_bits(O) <= 253, "%s: out < 2^253 (%d bits)", what, BN_num_bits(O));
    BN_mul(T, Z, K, CTX);
    BN_sub(T, T, O);
    BN_nnmod(T, T, L, CTX);
    CHECK(BN_is_zero(T), "%s: out = z k (mod L)", what);
    BN_free(Z), BN_free(K), BN_free(O), BN_free(T);
}

static void bn_le32(uint8_t out[32], const BIGNUM *x)
{
    BN_bn2lebinpad(x, out, 32);
}

int main(void)
{
    tu_rng_init();
    CTX = BN_CTX_new();
    L = NULL;
    BN_hex2bn(&L, "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed");
    BIGNUM *K = BN_new(), *X = BN_new();
    uint8_t z[16], k[32];
    const int NR = 200000;
    for (int it = 0; it < NR; it++) {
        tu_rand_bytes(z, 16);
        BN_rand_range(K, L);
        bn_le32(k, K);
        check_mul(z, k, "random");
    }
    /* edges: z in {0, 1, 2^128 - 1, random}, k in {0, 1, L - 1, 2^253 - 1, 2^252 + small, top-heavy random} */
    uint8_t zs[4][16] = {{0}, {1}, {0}, {0}};
    memset(zs[2], 0xff, 16);
    tu_rand_bytes(zs[3], 16);
    for (int a = 0; a < 4; a++) {
        memset(k, 0, 32);
        check_mul(zs[a], k, "k = 0");
        k[0] = 1;
        check_mul(zs[a], k, "k = 1");
        BN_sub(X, L, BN_value_one());
        bn_le32(k, X);
        check_mul(zs[a], k, "k = L - 1");
        memset(k, 0xff, 32);
        k[31] = 0x1f;
        check_mul(zs[a], k, "k = 2^253 - 1");
        for (int t = 0; t < 2000; t++) {
            tu_rand_bytes(k, 32);
            k[31] = (uint8_t)(0x10 | (k[31] & 0x0f)); /* 2^252 <= k < 2^253 */
            if (t & 1) memset(k + 16, t & 2 ? 0xff : 0, 15);
            check_mul(zs[a], k, "k in [2^252, 2^253)");
            uint8_t zr[16];
            tu_rand_bytes(zr, 16);
            zr[15] |= 0x80;
            check_mul(zr, k, "large z, k");
        }
    }
    /* the accumulator */
    for (int it = 0; it < 200; it++) {
        int n = 1 + (int)tu_rand_below(it < 100 ? 64 : 3000);
        f25519_sc_acc acc, part; /* every third term into a partial sum, added at the end */
        f25519_sc_acc_init(&acc);
        f25519_sc_acc_init(&part);
        BIGNUM *S = BN_new(), *Zb, *Sb;
        BN_zero(S);
        for (int i = 0; i < n; i++) {
            uint8_t s[32];
            tu_rand_bytes(z, 16);
            tu_rand_bytes(s, 32);
            if (it % 4 == 3) { memset(z, 0xff, 16); memset(s, 0xff, 32); }
            f25519_sc_acc_muladd128(i % 3 == 2 ? &part : &acc, z, s);
            Zb = BN_lebin2bn(z, 16, NULL);
            Sb = BN_lebin2bn(s, 32, NULL);
            BN_mul(Zb, Zb, Sb, CTX);
            BN_add(S, S, Zb);
            BN_free(Zb), BN_free(Sb);
        }
        uint8_t out[32], want[32];
        f25519_sc_acc_add(&acc, &part);
        f25519_sc_acc_reduce(out, &acc);
        BN_nnmod(S, S, L, CTX);
        bn_le32(want, S);
        CHECK(memcmp(out, want, 32) == 0, "acc n = %d: sum mod L", n);
        f25519_sc_neg(out, want);
        BN_sub(S, L, S);
        BN_nnmod(S, S, L, CTX);
        bn_le32(want, S);
        CHECK(memcmp(out, want, 32) == 0, "acc n = %d: -sum mod L", n);
        BN_free(S);
    }
    /* negation at the edges: 0, 1, L - 1 */
    for (int e = 0; e < 3; e++) {
        uint8_t a[32] = {0}, out[32], want[32] = {0};
        if (e == 1) a[0] = 1;
        if (e == 2) { BN_sub(X, L, BN_value_one()); bn_le32(a, X); }
        if (e == 1) { BN_sub(X, L, BN_value_one()); bn_le32(want, X); }
        if (e == 2) want[0] = 1;
        f25519_sc_neg(out, a);
        CHECK(memcmp(out, want, 32) == 0, "neg edge %d", e);
    }
    printf("  sc_batch: %d random + edge products < 2^253 and = z k mod L; 200 sums mod L (with partial sums added)\n", NR);
    BN_free(K), BN_free(X);
    BN_free(L);
    BN_CTX_free(CTX);
    return tu_finish("test_sc_batch");
}
