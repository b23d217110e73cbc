/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Scalars mod L (src/scalar/sc25519.c) against OpenSSL BIGNUM. */
#include <openssl/bn.h>
#include "testutil.h"
#include "scalar/sc25519.h"

static BIGNUM *L;
static BN_CTX *CTX;

static BIGNUM *le2bn(const uint8_t *b, int n) { return BN_lebin2bn(b, n, NULL); }

static void rnd_scalar_bytes(uint8_t *b, int n)
{
    tu_rand_bytes(b, (size_t)n);
    int mode = (int)(tu_rand64() % 6);
    if (mode == 0) memset(b, 0xff, (size_t)n);
    if (mode == 1) memset(b, 0, (size_t)n);
}

int main(void)
{
    tu_rng_init();
    CTX = BN_CTX_new();
    L = NULL;
    BN_hex2bn(&L, "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed");
    for (int it = 0; it < 20000; it++) {
        uint8_t in64[64], a[32], b[32], c[32], out[32], want[32];
        rnd_scalar_bytes(in64, 64);
        BIGNUM *X = le2bn(in64, 64), *W = BN_new();
        sc25519_reduce64(out, in64);
        BN_nnmod(W, X, L, CTX);
        BN_bn2lebinpad(W, want, 32);
        CHECK(memcmp(out, want, 32) == 0, "reduce64 it=%d", it);
        sc25519_reduce64_public(out, in64);
        CHECK(memcmp(out, want, 32) == 0, "reduce64_public it=%d", it);

        rnd_scalar_bytes(a, 32);
        rnd_scalar_bytes(b, 32);
        rnd_scalar_bytes(c, 32);
        BIGNUM *A = le2bn(a, 32), *B = le2bn(b, 32), *C = le2bn(c, 32);
        sc25519_reduce32(out, a);
        BN_nnmod(W, A, L, CTX);
        BN_bn2lebinpad(W, want, 32);
        CHECK(memcmp(out, want, 32) == 0, "reduce32 it=%d", it);

        sc25519_muladd(out, a, b, c);
        BN_mul(W, A, B, CTX);
        BN_add(W, W, C);
        BN_nnmod(W, W, L, CTX);
        BN_bn2lebinpad(W, want, 32);
        CHECK(memcmp(out, want, 32) == 0, "muladd it=%d", it);

        sc25519_mul_public(out, a, b);
        BN_mul(W, A, B, CTX);
        BN_nnmod(W, W, L, CTX);
        BN_bn2lebinpad(W, want, 32);
        CHECK(memcmp(out, want, 32) == 0, "mul_public it=%d", it);

        CHECK(sc25519_is_canonical(a) == (BN_cmp(A, L) < 0), "is_canonical it=%d", it);
        BN_free(X); BN_free(W); BN_free(A); BN_free(B); BN_free(C);
    }
    /* boundaries around L */
    for (int k = -3; k <= 3; k++) {
        BIGNUM *x = BN_dup(L);
        if (k < 0) BN_sub_word(x, (unsigned long)-k); else BN_add_word(x, (unsigned long)k);
        uint8_t s[32];
        BN_bn2lebinpad(x, s, 32);
        CHECK(sc25519_is_canonical(s) == (k < 0), "is_canonical L%+d", k);
        uint8_t out[32], want[32];
        sc25519_reduce32(out, s);
        BN_nnmod(x, x, L, CTX);
        BN_bn2lebinpad(x, want, 32);
        CHECK(memcmp(out, want, 32) == 0, "reduce32 L%+d", k);
        BN_free(x);
    }
    /* x = m L + r with r in {0, 1, L-2, L-1} and m up to floor((2^512-1)/L):
     * the Barrett estimate is often one short here, so the remainder before
     * the masked subtractions is exactly L (must subtract: the equality case)
     * or 2L - 1 (must subtract once, not twice). Random inputs never land on
     * these. Also through muladd (a b + c with c = r, a b = m L). */
    {
        BIGNUM *mmax = BN_new(), *two512 = BN_new(), *m = BN_new(), *x = BN_new(), *r = BN_new();
        BN_one(two512);
        BN_lshift(two512, two512, 512);
        BN_sub_word(two512, 1);
        BN_div(mmax, NULL, two512, L, CTX);
        for (int it = 0; it < 4000; it++) {
            if (it < 4) {
                BN_copy(m, mmax);
                BN_sub_word(m, (unsigned long)it);
            } else {
                BN_rand_range(m, mmax);
                if (it % 3 == 0) BN_rshift(m, m, (int)(tu_rand64() % 260));
            }
            for (int k = 0; k < 4; k++) {
                BN_zero(r);
                if (k == 1) BN_one(r);
                if (k >= 2) { BN_copy(r, L); BN_sub_word(r, (unsigned long)(4 - k)); } /* L-2, L-1 */
                BN_mul(x, m, L, CTX);
                BN_add(x, x, r);
                if (BN_num_bits(x) > 512) continue;
                uint8_t in64[64], out[32], want[32];
                BN_bn2lebinpad(x, in64, 64);
                BN_bn2lebinpad(r, want, 32);
                sc25519_reduce64(out, in64);
                CHECK(memcmp(out, want, 32) == 0, "reduce64 m L + r, it=%d k=%d", it, k);
                sc25519_reduce64_public(out, in64);
                CHECK(memcmp(out, want, 32) == 0, "reduce64_public m L + r, it=%d k=%d", it, k);
                if (BN_num_bits(m) <= 4) { /* m L < 2^256: muladd(1, m L, r) */
                    uint8_t one[32] = {1}, ml[32];
                    BN_mul(x, m, L, CTX);
                    BN_bn2lebinpad(x, ml, 32);
                    sc25519_muladd(out, one, ml, want);
                    CHECK(memcmp(out, want, 32) == 0, "muladd(1, m L, r) it=%d k=%d", it, k);
                }
            }
        }
        /* maxima: 2^512 - 1 and the largest muladd value (2^256-1)^2 + 2^256-1 */
        uint8_t ff[64], out[32], want[32];
        memset(ff, 0xff, 64);
        sc25519_reduce64(out, ff);
        BN_nnmod(x, two512, L, CTX);
        BN_bn2lebinpad(x, want, 32);
        CHECK(memcmp(out, want, 32) == 0, "reduce64 2^512-1");
        sc25519_reduce64_public(out, ff);
        CHECK(memcmp(out, want, 32) == 0, "reduce64_public 2^512-1");
        sc25519_muladd(out, ff, ff, ff);
        BIGNUM *f256 = BN_new();
        BN_lebin2bn(ff, 32, f256);
        BN_mul(x, f256, f256, CTX);
        BN_add(x, x, f256);
        BN_nnmod(x, x, L, CTX);
        BN_bn2lebinpad(x, want, 32);
        CHECK(memcmp(out, want, 32) == 0, "muladd max");
        BN_free(f256); BN_free(mmax); BN_free(two512); BN_free(m); BN_free(x); BN_free(r);
    }
    /* aliasing */
    {
        uint8_t a[32], b[32], c[32], ref[32];
        tu_rand_bytes(a, 32); tu_rand_bytes(b, 32); tu_rand_bytes(c, 32);
        sc25519_muladd(ref, a, b, c);
        sc25519_muladd(a, a, b, c);
        CHECK(memcmp(a, ref, 32) == 0, "muladd alias");
    }
    BN_free(L);
    BN_CTX_free(CTX);
    return tu_finish("test_scalar");
}
