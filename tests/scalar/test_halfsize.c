/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Half-size scalars (src/scalar/sc_halfsize.c) checked exactly with OpenSSL
 * BIGNUM: c odd, d = c k (mod L), m = (c k - d) / L an exact multiple of 8
 * (c k - d divisible by 8L), |c|, |d| < 2^F25519_HALFSIZE_MAXBITS and the
 * reported bit length, negc = (-c) mod L, no negative zero. Random k from a
 * fixed-seed generator (all must succeed; the bit lengths must stay near
 * the lattice's sqrt(8L) ~ 2^127.5: at most 2% above 130 bits, none above
 * 140; an odd c forces a longer vector when the shortest one has c even,
 * so a few exceed 130 for any algorithm), a second batch from the test's
 * seed, the edges 0, 1, 2, L - 1, L - 2, small k (c = 1 is a short pair:
 * must succeed), k near L / 2, L / 3, 2 L / 3, 2^j and -2^j, x 2^j, and
 * fractions a / b mod L with small a, b (skewed lattices: the function may
 * decline, which is checked against the proof for k = L - 1). Prints the
 * bit-length histogram and the time per call (no speed assertion). */
#include <openssl/bn.h>
#include <time.h>
#include "testutil.h"
#include "scalar/sc_halfsize.h"

static BIGNUM *L, *L8;
static BN_CTX *CTX;
static int hist[F25519_HALFSIZE_MAXBITS + 1];
static int last_bits;

static int nhist(void)
{
    int n = 0;
    for (int b = 0; b <= F25519_HALFSIZE_MAXBITS; b++) n += hist[b];
    return n;
}

/* a fixed-seed generator (Steele, Lea, Flood: SplitMix64): reproducible k */
static uint64_t splitmix64(void)
{
    static uint64_t s = 0x2545f4914f6cdd1dull;
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static BIGNUM *signed_bn(const uint8_t mag[32], int neg)
{
    BIGNUM *x = BN_lebin2bn(mag, 32, NULL);
    BN_set_negative(x, neg);
    return x;
}

/* Returns 1 when the function succeeded (and all checks ran). */
static int check_k(const BIGNUM *K, const char *what)
{
    uint8_t k[32];
    BN_bn2lebinpad(K, k, 32);
    f25519_halfsize h;
    memset(&h, 0xa5, sizeof h);
    if (!f25519_sc_halfsize_vartime(&h, k)) return 0;
    BIGNUM *C = signed_bn(h.c, h.c_neg), *D = signed_bn(h.d, h.d_neg);
    BIGNUM *T = BN_new(), *Mq = BN_new(), *Rm = BN_new(), *NC = BN_new();
    CHECK(BN_is_odd(C), "%s: c odd", what);
    CHECK(BN_num_bits(C) <= F25519_HALFSIZE_MAXBITS && BN_num_bits(D) <= F25519_HALFSIZE_MAXBITS,
          "%s: |c|, |d| < 2^MAXBITS (%d, %d)", what, BN_num_bits(C), BN_num_bits(D));
    int bits = BN_num_bits(C) > BN_num_bits(D) ? BN_num_bits(C) : BN_num_bits(D);
    CHECK(bits == h.bits, "%s: bits %d vs %d", what, h.bits, bits);
    CHECK(!(BN_is_zero(C) && h.c_neg) && !(BN_is_zero(D) && h.d_neg), "%s: no negative zero", what);
    /* m = (c k - d) / L exactly, 8 | m */
    BN_mul(T, C, K, CTX);
    BN_sub(T, T, D);
    BN_div(Mq, Rm, T, L, CTX);
    CHECK(BN_is_zero(Rm), "%s: d = c k mod L", what);
    CHECK(BN_is_zero(Mq) || BN_mod_word(Mq, 8) == 0, "%s: 8 | m", what);
    BN_div(Mq, Rm, T, L8, CTX);
    CHECK(BN_is_zero(Rm), "%s: 8L | c k - d", what);
    /* negc = (-c) mod L */
    BN_nnmod(NC, C, L, CTX);
    BN_mod_sub(NC, L, NC, L, CTX);
    uint8_t want[32];
    BN_bn2lebinpad(NC, want, 32);
    CHECK(memcmp(want, h.negc, 32) == 0, "%s: negc", what);
    if (h.bits <= F25519_HALFSIZE_MAXBITS && h.bits >= 0) hist[h.bits]++;
    last_bits = h.bits;
    BN_free(C), BN_free(D), BN_free(T), BN_free(Mq), BN_free(Rm), BN_free(NC);
    return 1;
}

int main(void)
{
    tu_rng_init();
    CTX = BN_CTX_new();
    L = NULL;
    BN_hex2bn(&L, "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed");
    L8 = BN_dup(L);
    BN_lshift(L8, L8, 3);
    BIGNUM *K = BN_new(), *A = BN_new(), *B = BN_new();

    /* random k from a fixed seed: every one must succeed, bit lengths near 127.5 */
    const int NR = 100000;
    int over130 = 0, maxbits = 0;
    for (int it = 0; it < NR; it++) {
        uint8_t kb[32];
        for (int j = 0; j < 4; j++) {
            const uint64_t w = splitmix64();
            for (int b = 0; b < 8; b++) kb[8 * j + b] = (uint8_t)(w >> (8 * b));
        }
        BN_lebin2bn(kb, 32, K);
        BN_nnmod(K, K, L, CTX);
        const int before = nhist();
        CHECK(check_k(K, "random"), "random k declined (item %d)", it);
        if (nhist() > before) {
            over130 += last_bits > 130;
            if (last_bits > maxbits) maxbits = last_bits;
        }
    }
    printf("fixed-seed random k: %d of %d above 130 bits, largest %d\n", over130, NR, maxbits);
    CHECK(over130 <= NR / 50, "too many random k above 130 bits: %d of %d", over130, NR);
    CHECK(maxbits <= 140, "random k: %d bits", maxbits);
    /* and from the test's seed (or the OS) */
    for (int it = 0; it < 10000; it++) {
        BN_rand_range(K, L);
        CHECK(check_k(K, "random"), "random k declined");
    }
    /* edges */
    BN_zero(K);
    CHECK(check_k(K, "k=0"), "k = 0 declined");
    BN_one(K);
    CHECK(check_k(K, "k=1"), "k = 1 declined");
    BN_set_word(K, 2);
    check_k(K, "k=2");
    BN_sub(K, L, BN_value_one());
    CHECK(!check_k(K, "k=L-1"), "k = L - 1: no short pair exists (c odd forces 8 | c), yet accepted");
    BN_sub_word(K, 1);
    check_k(K, "k=L-2");
    BN_rshift1(K, L);
    check_k(K, "k=(L-1)/2");
    /* small k: (c, d) = (1, k) is a short pair, so each must succeed */
    for (unsigned long j = 0; j < 2000; j++) {
        BN_set_word(K, j * j * j + j);
        CHECK(check_k(K, "small k"), "small k = %lu declined", j * j * j + j);
    }
    /* near L - small, L / 2, L / 3, 2 L / 3 */
    BIGNUM *Q = BN_new();
    for (int part = 0; part < 4; part++) {
        if (part == 0) BN_copy(Q, L);
        if (part == 1) BN_rshift1(Q, L);
        if (part == 2) BN_div_word(BN_copy(Q, L), 3);
        if (part == 3) BN_div_word(BN_copy(Q, L), 3), BN_lshift1(Q, Q);
        for (int j = -300; j <= 300; j++) {
            BN_copy(K, Q);
            if (j < 0) BN_sub_word(K, (BN_ULONG)-j);
            else BN_add_word(K, (BN_ULONG)j);
            if (BN_is_negative(K) || BN_cmp(K, L) >= 0) continue;
            check_k(K, "near L/n");
        }
    }
    BN_free(Q);
    for (int j = 0; j < 253; j++) {
        BN_one(K);
        BN_lshift(K, K, j);
        BN_nnmod(K, K, L, CTX);
        check_k(K, "k=2^j");
        BN_sub(K, L, K);
        check_k(K, "k=-2^j");
        BN_sub_word(K, 1);
        check_k(K, "k=-2^j-1");
        BN_one(K);
        BN_lshift(K, K, j);
        BN_add_word(K, 1);
        BN_nnmod(K, K, L, CTX);
        check_k(K, "k=2^j+1");
        BN_set_word(K, (BN_ULONG)tu_rand64());
        BN_lshift(K, K, j);
        BN_nnmod(K, K, L, CTX);
        check_k(K, "k=x 2^j");
    }
    /* fractions a / b mod L, small a, b: skewed lattices */
    int declined = 0;
    for (int it = 0; it < 20000; it++) {
        BN_set_word(A, tu_rand64() >> (tu_rand64() % 64));
        BN_set_word(B, (tu_rand64() >> (tu_rand64() % 64)) | 1);
        if (tu_rand64() & 1) BN_lshift(A, A, (int)(tu_rand64() % 100));
        BN_mod_inverse(B, B, L, CTX);
        BN_mod_mul(K, A, B, L, CTX);
        if (tu_rand64() & 1) BN_sub(K, L, K), BN_nnmod(K, K, L, CTX);
        declined += !check_k(K, "fraction");
    }
    printf("fractions a/b mod L: %d of 20000 declined (fall back to full-size scalars)\n", declined);

    printf("bit length of max(|c|, |d|) over %d random k (and edges):", NR);
    for (int b = 0; b <= F25519_HALFSIZE_MAXBITS; b++)
        if (hist[b]) printf(" %d:%d", b, hist[b]);
    printf("\n");

    /* time per call (information only) */
    uint8_t ks[256][32];
    for (int i = 0; i < 256; i++) {
        BN_rand_range(K, L);
        BN_bn2lebinpad(K, ks[i], 32);
    }
    f25519_halfsize h;
    struct timespec t0, t1;
    unsigned sink = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int rep = 0; rep < 40; rep++)
        for (int i = 0; i < 256; i++) sink += (unsigned)f25519_sc_halfsize_vartime(&h, ks[i]) + h.d[0];
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ns = ((double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec)) / (40 * 256);
    printf("f25519_sc_halfsize_vartime: %.0f ns per call (information only; sink %u)\n", ns, sink & 1);

    BN_free(K), BN_free(A), BN_free(B), BN_free(L), BN_free(L8);
    BN_CTX_free(CTX);
    return tu_finish("test_halfsize");
}
