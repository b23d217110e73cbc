/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The batch-verification entries of the selected backend's ops table vs the
 * portable code, lane by lane (run per backend: lanes_verify_batch_<b>):
 *   ed25519_frombytes_x8     vs ge51_frombytes_vartime per lane (verdict and
 *                            point) on valid points, torsion points, random
 *                            bytes, y >= p, x = 0 with the sign bit, every
 *                            lenient mask bit pattern drawn at random;
 *                            ed25519_frombytes_x16 (or its two-x8 fallback)
 *                            the same, the eight also reversed in 8..15;
 *   ed25519_double_scalar_x8 vs f25519_double_scalarmult_portable per lane
 *                            (random, zero, maximal (2^253 - 1, L - 1), 2^252
 *                            and short scalars; random, mixed-order, torsion
 *                            and identity points);
 *   ed25519_quad_scalar_x8   (where the backend has one: avx2, ifma) vs
 *                            f25519_quad_scalarmult_portable per lane
 *                            (a, c: the half-size pairs of random and edge
 *                            challenges, zero, 1, 2^160 - 1, 2^128 +- 1,
 *                            random up to 160 bits; b: the scalars above;
 *                            random, mixed-order, torsion, identity points);
 *   ed25519_msm              vs the sum of per-point double-scalar products
 *                            (n = 0 .. 130, 128-bit and 253-bit scalars);
 *   sha512_x8                (where the backend has one: ifma, avx2) vs
 *                            f25519_sha512 of each lane's concatenation:
 *                            three parts of 0 .. 300 bytes (every lane its
 *                            own lengths: 1 to 6 blocks, the padding at every
 *                            offset around the block and length boundaries),
 *                            the challenges' shape (32 + 32 + message) and
 *                            NULL empty parts;
 *   sc_reduce64_x8           (where the backend has one: ifma) vs
 *                            sc25519_reduce64 per lane: random 64-byte
 *                            values, m L + r for random m < 2^256 and r in
 *                            {0, 1, L - 1, random}, 0, L - 1, L, 2^512 - 1,
 *                            values with only high words set;
 *   ge51_decode_lane_post    (the per-lane decisions both vector decoders
 *                            share) on hand-made lane results: the zero
 *                            tests of v x^2 -+ u given as all-zero limbs and
 *                            as p's limbs (the two forms after the carry;
 *                            the lanes' own results reach only the second),
 *                            the x sqrt(-1) branch, and no root.
 */
#include "hash/sha512.h"
#include "testutil.h"
#include "ops.h"
#include "point/ge51.h"
#include "scalar/sc25519.h"
#include "backend/portable/scalarmult_portable.h"
#include "scalar/sc_halfsize.h"
#include "scalar/sc_words.h"

static int same_point(const ge51_p3 *p, const ge51_p3 *q)
{
    uint8_t a[32], b[32];
    ge51_tobytes(a, p);
    ge51_tobytes(b, q);
    return memcmp(a, b, 32) == 0;
}

/* The extended coordinates' invariant X Y = Z T (ge51_tobytes reads X, Y
 * and Z only: a wrong T shows only in later additions). */
static int t_consistent(const ge51_p3 *p)
{
    fe51 a, b;
    uint8_t ea[32], eb[32];
    fe51_mul(&a, &p->X, &p->Y);
    fe51_mul(&b, &p->Z, &p->T);
    fe51_tobytes(ea, &a);
    fe51_tobytes(eb, &b);
    return memcmp(ea, eb, 32) == 0;
}

static void random_point(ge51_p3 *P, int kind)
{
    uint8_t s[32], wide[64], enc[32];
    tu_rand_bytes(wide, 64);
    sc25519_reduce64(s, wide);
    f25519_scalarmult_base_portable(P, s);
    if (kind % 4 == 1) { /* plus torsion */
        ge51_p3 T;
        tu_hex_exact(enc, 32, tu_ed25519_low_order[tu_rand_below(TU_ED25519_TORSION_N)], "T");
        ge51_frombytes_vartime(&T, enc, 1);
        ge51_add(P, P, &T);
    } else if (kind % 4 == 2) { /* torsion only or identity */
        tu_hex_exact(enc, 32, tu_ed25519_low_order[tu_rand_below(TU_ED25519_TORSION_N)], "T");
        ge51_frombytes_vartime(P, enc, 1);
    }
}

#define SCALAR_KINDS 8
static void random_scalar(uint8_t s[32], int kind)
{
    uint8_t wide[64];
    memset(s, 0, 32);
    static const uint8_t Lm1[32] = {0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                    0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                    0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};
    switch (kind % SCALAR_KINDS) {
    case 0: break;                                        /* zero */
    case 6: memcpy(s, Lm1, 32); break;                    /* L - 1 (even) */
    case 7: s[31] = 0x10; break;                          /* 2^252 (even) */
    case 1: memset(s, 0xff, 31); s[31] = 0x1f; break;     /* 2^253 - 1 */
    case 2: tu_rand_bytes(s, 16); break;                  /* 128 bits */
    case 3: s[0] = (uint8_t)tu_rand_below(256); break;    /* tiny */
    default: tu_rand_bytes(wide, 64); sc25519_reduce64(s, wide); break;
    }
}

static void test_decode(const f25519_ops *ops, int rounds)
{
    long n = 0, acc = 0;
    for (int r = 0; r < rounds; r++) {
        uint8_t enc[8][32];
        const uint8_t *ps[8];
        unsigned lenient = tu_rand_below(256);
        for (int l = 0; l < 8; l++) {
            ge51_p3 P;
            switch (tu_rand_below(6)) {
            case 0: tu_rand_bytes(enc[l], 32); break;
            case 5: /* non-canonical y = p + k (k < 19: y mod p = k), either sign */
                memset(enc[l], 0xff, 32);
                enc[l][0] = (uint8_t)(0xed + tu_rand_below(19));
                enc[l][31] = tu_rand_below(2) ? 0xff : 0x7f;
                break;
            case 1: tu_hex_exact(enc[l], 32, tu_ed25519_low_order[tu_rand_below(TU_ED25519_LOW_ORDER_N)], "lo"); break;
            default: random_point(&P, (int)tu_rand_below(4)); ge51_tobytes(enc[l], &P);
                if (tu_rand_below(4) == 0) enc[l][31] ^= 0x80;
                break;
            }
            ps[l] = enc[l];
        }
        ge51_p3 got[8];
        int bad = f25519_ops_ed25519_frombytes_x8(ops, got, ps, lenient);
        for (int l = 0; l < 8; l++) {
            ge51_p3 ref;
            int rb = ge51_frombytes_vartime(&ref, enc[l], (int)((lenient >> l) & 1)) != 0;
            n++;
            acc += !rb;
            CHECK(((bad >> l) & 1) == rb, "%s frombytes_x8 round %d lane %d: verdict %d, portable %d", ops->name, r,
                  l, (bad >> l) & 1, rb);
            if (!rb) CHECK(same_point(&got[l], &ref), "%s frombytes_x8 round %d lane %d: point differs", ops->name, r, l);
            if (!rb) CHECK(t_consistent(&got[l]), "%s frombytes_x8 round %d lane %d: T != X Y / Z", ops->name, r, l);
        }
        /* x16 (or its two-x8 fallback): these eight in lanes 0..7, reversed in 8..15, other lenient bits */
        const uint8_t *p16[16];
        const unsigned len16 = lenient | (tu_rand_below(256) << 8);
        ge51_p3 got16[16];
        for (int l = 0; l < 8; l++) p16[l] = p16[15 - l] = enc[l];
        int bad16 = f25519_ops_ed25519_frombytes_x16(ops, got16, p16, len16);
        for (int l = 0; l < 16; l++) {
            ge51_p3 ref;
            int rb = ge51_frombytes_vartime(&ref, p16[l], (int)((len16 >> l) & 1)) != 0;
            CHECK(((bad16 >> l) & 1) == rb, "%s frombytes_x16 round %d lane %d: verdict %d, portable %d", ops->name,
                  r, l, (bad16 >> l) & 1, rb);
            if (!rb) CHECK(same_point(&got16[l], &ref) && t_consistent(&got16[l]),
                           "%s frombytes_x16 round %d lane %d: point differs", ops->name, r, l);
        }
    }
    printf("  frombytes_x8: %ld decodings (%ld accepted) equal portable\n", n, acc);
}

static void test_double(const f25519_ops *ops, int rounds)
{
    for (int r = 0; r < rounds; r++) {
        uint8_t a[8][32], b[8][32];
        ge51_p3 A[8], got[8];
        for (int l = 0; l < 8; l++) {
            random_scalar(a[l], r < SCALAR_KINDS ? r : (int)tu_rand_below(SCALAR_KINDS));
            random_scalar(b[l], r < SCALAR_KINDS ? (r + l) : (int)tu_rand_below(SCALAR_KINDS));
            random_point(&A[l], (int)tu_rand_below(4));
            if (tu_rand_below(8) == 0) ge51_identity(&A[l]);
        }
        f25519_ops_ed25519_double_scalar_x8(ops, got, (const uint8_t(*)[32])a, A, (const uint8_t(*)[32])b);
        for (int l = 0; l < 8; l++) {
            ge51_p3 ref;
            f25519_double_scalarmult_portable(&ref, a[l], &A[l], b[l]);
            CHECK(same_point(&got[l], &ref), "%s double_scalar_x8 round %d lane %d differs", ops->name, r, l);
        }
    }
    printf("  double_scalar_x8: %d calls of 8 lanes equal portable\n", rounds);
}

/* a scalar < 2^160 for the quad entry */
#define HALF_KINDS 9
static void half_scalar(uint8_t s[32], int kind)
{
    memset(s, 0, 32);
    switch (kind % HALF_KINDS) {
    case 0: break;                                        /* zero */
    case 1: s[0] = 1; break;                              /* 1 */
    case 2: memset(s, 0xff, 20); break;                   /* 2^160 - 1 */
    case 3: s[16] = 1; s[0] = 1; break;                   /* 2^128 + 1 */
    case 4: memset(s, 0xff, 16); break;                   /* 2^128 - 1 */
    case 5: tu_rand_bytes(s, 20); break;                  /* up to 160 bits */
    case 6: s[0] = (uint8_t)tu_rand_below(256); break;    /* tiny */
    default: tu_rand_bytes(s, 16); s[16] = (uint8_t)tu_rand_below(2); break; /* ~128 bits */
    }
}

static void test_quad(const f25519_ops *ops, int rounds)
{
    if (!ops->ed25519_quad_scalar_x8) {
        printf("  quad_scalar_x8: none (%s)\n", ops->name);
        return;
    }
    long halves = 0;
    for (int r = 0; r < rounds; r++) {
        uint8_t a[8][32], c[8][32], b[8][32];
        ge51_p3 A[8], C[8], got[8];
        for (int l = 0; l < 8; l++) {
            int kind = r < HALF_KINDS ? r : (int)tu_rand_below(HALF_KINDS + 3);
            if (kind >= HALF_KINDS) { /* the pair single verification would use */
                uint8_t k[32];
                f25519_halfsize h;
                random_scalar(k, 4 + (int)tu_rand_below(2)); /* random k < L */
                if (tu_rand_below(8) == 0) random_scalar(k, 6); /* L - 1: no short pair */
                if (f25519_sc_halfsize_vartime(&h, k)) {
                    memcpy(a[l], h.d, 32);
                    memcpy(c[l], h.c, 32);
                    halves++;
                } else {
                    half_scalar(a[l], 2);
                    half_scalar(c[l], 5);
                }
            } else {
                half_scalar(a[l], kind);
                half_scalar(c[l], r < HALF_KINDS ? r + l : (int)tu_rand_below(HALF_KINDS));
            }
            random_scalar(b[l], r < SCALAR_KINDS ? (r + l) : (int)tu_rand_below(SCALAR_KINDS));
            random_point(&A[l], (int)tu_rand_below(4));
            random_point(&C[l], (int)tu_rand_below(4));
            if (tu_rand_below(8) == 0) ge51_identity(&A[l]);
            if (tu_rand_below(8) == 0) ge51_identity(&C[l]);
        }
        ops->ed25519_quad_scalar_x8(got, (const uint8_t(*)[32])a, A, (const uint8_t(*)[32])c, C,
                                    (const uint8_t(*)[32])b);
        for (int l = 0; l < 8; l++) {
            ge51_p3 ref;
            f25519_quad_scalarmult_portable(&ref, a[l], &A[l], c[l], &C[l], b[l]);
            CHECK(same_point(&got[l], &ref), "%s quad_scalar_x8 round %d lane %d differs", ops->name, r, l);
        }
    }
    printf("  quad_scalar_x8: %d calls of 8 lanes (%ld half-size pairs) equal portable\n", rounds, halves);
}

static void test_msm(const f25519_ops *ops, int max_n)
{
    static const int sizes[] = {0, 1, 2, 7, 8, 9, 15, 16, 17, 33, 64, 130, 256, 257, 520}; /* 130 and up: ifma's buckets (from 96 points) */
    for (size_t si = 0; si < TU_NELEM(sizes) && sizes[si] <= max_n; si++) {
        int n = sizes[si];
        uint8_t (*a)[32] = malloc((size_t)(n + 1) * 32), b[32];
        ge51_p3 *P = malloc((size_t)(n + 1) * sizeof *P), got, ref, t;
        static const uint8_t zero[32];
        for (int i = 0; i < n; i++) {
            random_scalar(a[i], (int)tu_rand_below(6));
            random_point(&P[i], (int)tu_rand_below(4));
        }
        random_scalar(b, (int)si);
        f25519_team *team = f25519_team_new(1 + (unsigned)(n & 1)); /* odd n: two threads (NULL: one) */
        ops->ed25519_msm(&got, (size_t)n, (const uint8_t(*)[32])a, P, b, team);
        f25519_team_free(team);
        ge51_identity(&t);
        f25519_double_scalarmult_portable(&ref, zero, &t, b);
        for (int i = 0; i < n; i++) {
            f25519_double_scalarmult_portable(&t, a[i], &P[i], zero);
            ge51_add(&ref, &ref, &t);
        }
        CHECK(same_point(&got, &ref), "%s msm n = %d differs from the sum of products", ops->name, n);
        free(a);
        free(P);
    }
    printf("  msm: n = 0 .. %d equal the portable sum of products\n", max_n);
}

static void test_sha512_x8(const f25519_ops *ops, int rounds)
{
    if (!ops->sha512_x8) {
        printf("  sha512_x8: none in %s (one f25519_sha512 per message)\n", ops->name);
        return;
    }
    static uint8_t buf[8][3][300];
    long n = 0;
    for (int r = 0; r < rounds; r++) {
        f25519_sha512_msg m[8];
        for (int l = 0; l < 8; l++) {
            for (int k = 0; k < 3; k++) {
                size_t len;
                switch (r % 4) {
                case 0: len = tu_rand_below(301); break;                        /* anything */
                case 1: len = k < 2 ? 32 : tu_rand_below(301); break;          /* R || A || M */
                case 2: len = k < 2 ? 32 : 48 + tu_rand_below(32); break;     /* the 1-2 block edge (111/112) */
                default: len = tu_rand_below(4) == 0 ? 0 : tu_rand_below(140); break;
                }
                tu_rand_bytes(buf[l][k], len);
                m[l].p[k] = len == 0 && tu_rand_below(2) ? NULL : buf[l][k];
                m[l].n[k] = len;
            }
        }
        uint8_t got[8][64];
        ops->sha512_x8(got, m);
        for (int l = 0; l < 8; l++) {
            uint8_t cat[900], want[64];
            size_t t = 0;
            for (int k = 0; k < 3; k++) {
                if (m[l].n[k]) memcpy(cat + t, m[l].p[k], m[l].n[k]);
                t += m[l].n[k];
            }
            f25519_sha512(want, cat, t);
            n++;
            CHECK(memcmp(got[l], want, 64) == 0, "%s sha512_x8 round %d lane %d (%zu bytes) differs", ops->name, r, l,
                  t);
        }
    }
    printf("  sha512_x8: %ld digests equal f25519_sha512\n", n);
}

/* L and L - 1 as 64-bit words */
static const uint64_t sc_l[4] = {0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0, 0x1000000000000000ULL};
static const uint64_t sc_lm1[4] = {0x5812631a5cf5d3ecULL, 0x14def9dea2f79cd6ULL, 0, 0x1000000000000000ULL};

/* x[0..8) = m L + r (m < 2^256, r < 2^253: below 2^512) */
static void m_l_plus_r(uint64_t x[8], const uint64_t m[4], const uint64_t r[4])
{
    f25519_sc_mul_words(x, m, 4, sc_l, 4);
    unsigned __int128 c = 0;
    for (int i = 0; i < 8; i++) {
        c += (unsigned __int128)x[i] + (i < 4 ? r[i] : 0);
        x[i] = (uint64_t)c;
        c >>= 64;
    }
}

static void test_sc_reduce64_x8(const f25519_ops *ops, int rounds)
{
    if (!ops->sc_reduce64_x8) {
        printf("  sc_reduce64_x8: none in %s (sc25519_reduce64_public per item)\n", ops->name);
        return;
    }
    long n = 0;
    for (int r = 0; r < rounds; r++) {
        uint8_t in[8][64], got[8][32];
        for (int l = 0; l < 8; l++) {
            uint64_t x[8], m[4], rr[4] = {0};
            tu_rand_bytes(x, sizeof x);
            const int kind = (int)tu_rand_below(8);
            if (kind >= 1 && kind <= 4) { /* m L + r */
                tu_rand_bytes(m, sizeof m);
                if (tu_rand_below(2)) m[tu_rand_below(4)] = 0;
                if (kind == 2) rr[0] = 1;
                if (kind == 3) memcpy(rr, sc_lm1, sizeof rr);
                if (kind == 4) {
                    tu_rand_bytes(rr, sizeof rr);
                    rr[3] &= 0x0fffffffffffffffULL;
                }
                m_l_plus_r(x, m, rr);
            } else if (kind == 5) { /* fixed edges: 0, L - 1, L, 2^512 - 1 */
                const int e = (int)tu_rand_below(4);
                memset(x, e == 3 ? 0xff : 0, sizeof x);
                if (e == 1) memcpy(x, sc_lm1, 32);
                if (e == 2) memcpy(x, sc_l, 32);
            } else if (kind == 6) { /* only high words */
                const int lo = (int)tu_rand_below(8);
                for (int i = 0; i < lo; i++) x[i] = 0;
            }
            memcpy(in[l], x, 64); /* little-endian host */
        }
        ops->sc_reduce64_x8(got, (const uint8_t(*)[64])in);
        for (int l = 0; l < 8; l++) {
            uint8_t want[32];
            sc25519_reduce64(want, in[l]);
            n++;
            CHECK(memcmp(got[l], want, 32) == 0, "%s sc_reduce64_x8 round %d lane %d differs", ops->name, r, l);
        }
    }
    printf("  sc_reduce64_x8: %ld values equal sc25519_reduce64\n", n);
}

/* ge51_decode_lane_post with the lane results given directly: r = (x0,
 * dp, dm) where the decoder would have x0 = u v^3 (u v^7)^((p-5)/8), dp = v
 * x0^2 - u, dm = v x0^2 + u. For a valid encoding s with root x (the
 * portable decoding's X), each "zero" form of dp (x0 = +-x) or of dm (x0 =
 * -+x sqrt(-1), so that x0 sqrt(-1) = +-x) must give the portable point;
 * dp and dm both non-zero must give -1. */
static void test_lane_post(int rounds)
{
    const uint64_t m = ((uint64_t)1 << 51) - 1;
    const fe51 zero_limbs = {{0, 0, 0, 0, 0}}, p_limbs = {{m - 18, m, m, m, m}}, one = {{1, 0, 0, 0, 0}};
    const fe51 *zeros[2] = {&zero_limbs, &p_limbs};
    long n = 0;
    for (int r = 0; r < rounds; r++) {
        uint8_t s[32];
        ge51_p3 ref, got;
        random_point(&ref, r % 3 == 0 ? 2 : 0);
        ge51_tobytes(s, &ref);
        CHECK(ge51_frombytes_vartime(&ref, s, 0) == 0, "lane_post round %d: the test point does not decode", r);
        fe51 y, xn, xi, xin;
        CHECK(ge51_decode_lane_pre(&y, s, 0) == 0, "lane_post round %d: lane_pre rejects", r);
        fe51_neg(&xn, &ref.X);
        fe51_mul(&xi, &ref.X, &fe51_sqrtm1); /* x sqrt(-1) sqrt(-1) = -x */
        fe51_neg(&xin, &xi);
        for (int z = 0; z < 2; z++)
            for (int sg = 0; sg < 2; sg++) {
                ge51_roots rt;
                rt.v[GE51_ROOT_X] = sg ? xn : ref.X; /* v x^2 = u */
                rt.v[GE51_ROOT_DP] = *zeros[z];
                rt.v[GE51_ROOT_DM] = one;
                CHECK(ge51_decode_lane_post(&got, &y, &rt, s, 0) == 0 && same_point(&got, &ref) &&
                          t_consistent(&got),
                      "lane_post round %d: dp = %s, x sign %d: not the portable point", r, z ? "p" : "0", sg);
                rt.v[GE51_ROOT_X] = sg ? xi : xin; /* v x^2 = -u: times sqrt(-1) gives +-x */
                rt.v[GE51_ROOT_DP] = one;
                rt.v[GE51_ROOT_DM] = *zeros[z];
                CHECK(ge51_decode_lane_post(&got, &y, &rt, s, 0) == 0 && same_point(&got, &ref) &&
                          t_consistent(&got),
                      "lane_post round %d: dm = %s, x sign %d: not the portable point", r, z ? "p" : "0", sg);
                rt.v[GE51_ROOT_DM] = one;
                CHECK(ge51_decode_lane_post(&got, &y, &rt, s, 0) != 0, "lane_post round %d: accepted without a root",
                      r);
                n += 3;
            }
    }
    printf("  decode_lane_post: %ld hand-made lane results\n", n);
}

int main(int argc, char **argv)
{
    const char *name = "lanes_verify_batch";
    tu_backend_setup(name);
    tu_rng_init();
    int rounds = argc > 1 ? atoi(argv[1]) : 300;
    int max_n = argc > 2 ? atoi(argv[2]) : 520;
    const f25519_ops *ops = f25519_ops_get();
    test_decode(ops, rounds);
    test_double(ops, rounds);
    test_quad(ops, rounds);
    test_msm(ops, max_n);
    test_sha512_x8(ops, rounds);
    test_sc_reduce64_x8(ops, 20 * rounds);
    test_lane_post(rounds / 10 + 1);
    return tu_finish(name);
}
