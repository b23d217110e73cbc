/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ed25519_frombytes2 (two point decodings sharing one exponentiation) of the
 * ifma backend vs the portable decoder ge51_frombytes_vartime, lane by lane:
 * same accept/reject decision and the same point (compared canonically) for
 * every combination of strict/lenient per lane, on valid points, random
 * bytes, non-canonical y (y >= p), x = 0 with and without the sign bit, the
 * small-order encodings and every encoding swapped between the two lanes.
 * The portable ops entry is checked the same way.
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

static long n_cases, n_accept;

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
            }
            if (!r1) CHECK(same_point(&got[1], &ref[1]), "%s: lane 1 point differs", ops->name);
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
    return tu_finish("test_ifma_decode");
}
