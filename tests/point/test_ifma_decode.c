/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ed25519_frombytes2 (two point decodings sharing one exponentiation) of the
 * ifma backend vs the portable decoder ge51_frombytes_vartime, lane by lane:
 * same accept/reject decision and the same point (compared canonically) for
 * every combination of strict/lenient per lane, on valid points, random
 * bytes, non-canonical y (y >= p), x = 0 with and without the sign bit, the
 * small-order encodings and every encoding swapped between the two lanes.
 * The portable ops entry is checked the same way.
 * ed25519_frombytes_x16 (sixteen decodings, two 8-lane chains interleaved)
 * the same way lane by lane (verdict bit, point, T = X Y / Z, and each of X, Y,
 * Z, T equal mod p with limbs < 2^51 + 2^13): every edge
 * encoding above, the low-order list and the A and R encodings of the
 * speccheck and ZIP-215 vectors in every lane, random valid points (and
 * their x-negations), random bytes, y = p + k, under random 16-bit lenient
 * masks and all-strict / all-lenient / alternating ones; x8 on each half
 * the same; the dispatcher's
 * fallback (two x8 calls) on the portable table the same way.
 */
#include "testutil.h"
#include "ops.h"
#include "point/ge51.h"

static int same_fe(const fe51 *a, const fe51 *b)
{
    uint8_t x[32], y[32];
    fe51_tobytes(x, a);
    fe51_tobytes(y, b);
    return memcmp(x, y, 32) == 0;
}

/* same point: X/Z, Y/Z and T/Z equal mod p (cross-multiplied) */
static int same_point(const ge51_p3 *p, const ge51_p3 *q)
{
    fe51 a, b;
    fe51_mul(&a, &p->X, &q->Z);
    fe51_mul(&b, &q->X, &p->Z);
    if (!same_fe(&a, &b)) return 0;
    fe51_mul(&a, &p->Y, &q->Z);
    fe51_mul(&b, &q->Y, &p->Z);
    if (!same_fe(&a, &b)) return 0;
    fe51_mul(&a, &p->T, &q->Z);
    fe51_mul(&b, &q->T, &p->Z);
    return same_fe(&a, &b);
}

/* the portable decoder's point exactly: X, Y, Z and T each equal mod p (Z = 1
 * in both), every limb within fe51's reduced bound (< 2^51 + 2^13, below the
 * 2^52 of the vector kernels' multiplication operands) */
static int same_coords(const ge51_p3 *p, const ge51_p3 *q)
{
    const fe51 *a[4] = { &p->X, &p->Y, &p->Z, &p->T }, *b[4] = { &q->X, &q->Y, &q->Z, &q->T };
    for (int c = 0; c < 4; c++) {
        if (!same_fe(a[c], b[c])) return 0;
        for (int i = 0; i < 5; i++)
            if (a[c]->v[i] >= ((uint64_t)1 << 51) + ((uint64_t)1 << 13)) return 0;
    }
    return 1;
}

static long n_cases, n_accept, n16, n16_accept;

static int t_consistent(const ge51_p3 *p)
{
    fe51 a, b;
    fe51_mul(&a, &p->X, &p->Y);
    fe51_mul(&b, &p->Z, &p->T);
    return same_fe(&a, &b);
}

/* one x16 call (ops' own entry, or the dispatcher's two-x8 fallback) vs portable per lane */
static void check_x16(const f25519_ops *ops, const uint8_t *const s[16], unsigned lenient)
{
    ge51_p3 got[16];
    int bad = f25519_ops_ed25519_frombytes_x16(ops, got, s, lenient);
    CHECK((bad & ~0xffff) == 0, "%s x16: verdict bits %#x beyond lane 15", ops->name, (unsigned)bad);
    for (int l = 0; l < 16; l++) {
        ge51_p3 ref;
        int rb = ge51_frombytes_vartime(&ref, s[l], (int)((lenient >> l) & 1)) != 0;
        n16++;
        CHECK(((bad >> l) & 1) == rb, "%s x16 lane %d: verdict %d, portable %d (lenient %#x)", ops->name, l,
              (bad >> l) & 1, rb, lenient);
        if (rb) continue;
        n16_accept++;
        CHECK(same_point(&got[l], &ref), "%s x16 lane %d: point differs", ops->name, l);
        CHECK(same_coords(&got[l], &ref), "%s x16 lane %d: coordinates differ", ops->name, l);
        CHECK(t_consistent(&got[l]), "%s x16 lane %d: T != X Y / Z", ops->name, l);
    }
    for (int h = 0; h < 2; h++) { /* the same lanes as two x8 calls */
        ge51_p3 got8[8];
        int bad8 = f25519_ops_ed25519_frombytes_x8(ops, got8, s + 8 * h, (lenient >> (8 * h)) & 0xff);
        CHECK(bad8 == ((bad >> (8 * h)) & 0xff), "%s x8: verdicts %#x, x16 %#x", ops->name, (unsigned)bad8,
              (unsigned)bad);
        for (int l = 0; l < 8; l++)
            if (!((bad8 >> l) & 1))
                CHECK(same_coords(&got8[l], &got[8 * h + l]), "%s x8 lane %d: coordinates differ", ops->name, l);
    }
}

/* the A and R encodings of a vector file's cases (keys: public key, signature) */
static int load_ar(uint8_t (*out)[32], int cap, const char *rel, const char *kA, const char *kS)
{
    json_t *j = tu_load_json(rel);
    const json_t *cases = json_is_array(j) ? j : json_object_get(j, "cases");
    int n = 0;
    for (size_t i = 0; i < json_array_size(cases) && n + 2 <= cap; i++) {
        const json_t *o = json_array_get(cases, i);
        uint8_t sig[64];
        tu_hex_exact(out[n++], 32, tu_str(o, kA), "A");
        tu_hex_exact(sig, 64, tu_str(o, kS), "signature");
        memcpy(out[n++], sig, 32);
    }
    json_decref(j);
    return n;
}

static void test_x16(const f25519_ops *ops, uint8_t (*e)[32], int ne)
{
    const unsigned masks[4] = { 0, 0xffff, 0x5555, 0x00ff };
    const uint8_t *s[16];
    for (int r = 0; r < ne; r++)   /* every encoding in every lane */
        for (int m = 0; m < 5; m++) {
            for (int l = 0; l < 16; l++) s[l] = e[(r + l * 7) % ne];
            check_x16(ops, s, m < 4 ? masks[m] : tu_rand_below(65536));
        }
    for (int it = 0; it < 400; it++) { /* fresh points and bytes among the edge encodings */
        uint8_t f[16][32], seed[32];
        for (int l = 0; l < 16; l++) {
            switch (tu_rand_below(5)) {
            case 0: tu_rand_bytes(f[l], 32); break;
            case 1: memcpy(f[l], e[tu_rand_below((uint32_t)ne)], 32); break;
            case 2: /* y = p + k (k < 19), either sign */
                memset(f[l], 0xff, 32);
                f[l][0] = (uint8_t)(0xed + tu_rand_below(19));
                f[l][31] = tu_rand_below(2) ? 0xff : 0x7f;
                break;
            default:
                tu_rand_bytes(seed, 32);
                f25519_ed25519_public(f[l], seed);
                if (tu_rand_below(4) == 0) f[l][31] ^= 0x80;
                break;
            }
            s[l] = f[l];
        }
        check_x16(ops, s, tu_rand_below(65536));
    }
}

static void check_pair(const f25519_ops *ops, const uint8_t s0[32], const uint8_t s1[32])
{
    for (int l0 = 0; l0 < 2; l0++)
        for (int l1 = 0; l1 < 2; l1++) {
            ge51_p3 ref[2], got[2];
            int r0 = ge51_frombytes_vartime(&ref[0], s0, l0) != 0;
            int r1 = ge51_frombytes_vartime(&ref[1], s1, l1) != 0;
            int bad = ops->ed25519_frombytes2(got, s0, s1, l0, l1);
            n_cases++;
            CHECK(bad == (r0 | (r1 << 1)), "%s: verdict %d, want %d (lenient %d %d)", ops->name, bad,
                    r0 | (r1 << 1), l0, l1);
            if (!r0) {
                n_accept++;
                CHECK(same_point(&got[0], &ref[0]), "%s: lane 0 point differs", ops->name);
                CHECK(same_coords(&got[0], &ref[0]), "%s: lane 0 coordinates differ", ops->name);
            }
            if (!r1) {
                CHECK(same_point(&got[1], &ref[1]), "%s: lane 1 point differs", ops->name);
                CHECK(same_coords(&got[1], &ref[1]), "%s: lane 1 coordinates differ", ops->name);
            }
        }
}

/* y = v (little-endian small value, possibly >= p after adding p) with sign bit */
static void enc_small(uint8_t s[32], uint32_t v, int add_p, int sign)
{
    static const uint8_t p[32] = { 0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                   0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f };
    memset(s, 0, 32);
    unsigned c = 0;
    for (int i = 0; i < 32; i++) {
        unsigned t = (add_p ? p[i] : 0) + ((i < 4) ? (v >> (8 * i)) & 255 : 0) + c;
        s[i] = (uint8_t)t;
        c = t >> 8;
    }
    s[31] = (uint8_t)((s[31] & 0x7f) | (sign << 7));
}

int main(void)
{
    tu_rng_init();
    tu_require_ifma_backend("test_ifma_decode");
    const f25519_ops *ops[2] = { &f25519_ops_ifma, &f25519_ops_portable };

    /* the edge encodings */
    enum { NE = 64 };
    uint8_t e[NE][32];
    int ne = 0;
    for (uint32_t v = 0; v < 10; v++)          /* y = 0..9 and p + 0..9 (non-canonical when < 2^255) */
        for (int add_p = 0; add_p < 2; add_p++) enc_small(e[ne++], v, add_p, (int)(v & 1));
    enc_small(e[ne++], 1, 0, 1);               /* y = 1, x = 0, sign set */
    enc_small(e[ne++], 1, 1, 1);               /* y = p + 1, sign set */
    enc_small(e[ne++], 0, 1, 1);               /* y = p */
    memset(e[ne], 0xff, 32); ne++;             /* y = 2^255 - 1 (= 18 mod p), sign set */
    memset(e[ne], 0xff, 32); e[ne][31] = 0x7f; ne++;
    memset(e[ne], 0xff, 32); e[ne][0] = 0xec; e[ne][31] = 0x7f; ne++; /* y = -1: x = 0 */
    memset(e[ne], 0xff, 32); e[ne][0] = 0xec; ne++;                    /* y = -1, sign set */
    {   /* the order-8 y values (libsodium's blocklist), both signs */
        static const uint8_t y8[2][32] = {
            {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98, 0xf0,
             0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53, 0xfc, 0x05},
            {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67, 0x0f,
             0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac, 0x03, 0x7a}};
        for (int i = 0; i < 2; i++)
            for (int sg = 0; sg < 2; sg++) {
                memcpy(e[ne], y8[i], 32);
                e[ne][31] |= (uint8_t)(sg << 7);
                ne++;
            }
    }
    for (int i = 0; i < 8; i++) {              /* valid public keys and their x-negated encodings */
        uint8_t seed[32];
        tu_rand_bytes(seed, 32);
        f25519_select_backend("portable");
        f25519_ed25519_public(e[ne], seed);
        memcpy(e[ne + 1], e[ne], 32);
        e[ne + 1][31] ^= 0x80;
        ne += 2;
    }
    for (int o = 0; o < 2; o++)
        for (int i = 0; i < ne; i++)
            for (int j = 0; j < ne; j++) check_pair(ops[o], e[i], e[j]);

    /* x16: the edge encodings, the low-order list and the external vectors' A and R */
    enum { NX = NE + TU_ED25519_LOW_ORDER_N + 24 + 2 * 196 };
    static uint8_t x[NX][32];
    int nx = ne;
    memcpy(x, e, (size_t)ne * 32);
    for (int i = 0; i < TU_ED25519_LOW_ORDER_N; i++) tu_hex_exact(x[nx++], 32, tu_ed25519_low_order[i], "low order");
    nx += load_ar(x + nx, NX - nx, "speccheck/cases.json", "pub_key", "signature");
    nx += load_ar(x + nx, NX - nx, "zip215/zip215_small_order.json", "public_key", "signature");
    for (int o = 0; o < 2; o++) test_x16(ops[o], x, nx);
    CHECK(f25519_ops_ifma.ed25519_frombytes_x16 != NULL, "ifma: no ed25519_frombytes_x16 entry");

    /* random bytes (about half are on the curve) and random valid points */
    for (int it = 0; it < 2000; it++) {
        uint8_t a[32], b[32], seed[32];
        tu_rand_bytes(a, 32);
        if (it & 1) {
            tu_rand_bytes(seed, 32);
            f25519_ed25519_public(b, seed);
        } else {
            tu_rand_bytes(b, 32);
        }
        for (int o = 0; o < 2; o++) {
            check_pair(ops[o], a, b);
            check_pair(ops[o], b, a);
        }
    }
    printf("test_ifma_decode: %ld decodings compared (%ld lane-0 accepts), %d edge encodings\n", n_cases,
           n_accept, ne);
    printf("test_ifma_decode: x16 %ld decodings compared (%ld accepted), %d fixed encodings\n", n16, n16_accept,
           nx);
    return tu_finish("test_ifma_decode");
}
