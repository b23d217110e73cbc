/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The mulx backend's fixed base (backend/mulx/base_mulx.c, its radix-2^64
 * table mulx_base.c) at every table and every entry, both signs: the
 * scalars d 16^i (digit d at position i, 1 <= d <= 8) and 16^(i+1) - d 16^i
 * (digit -d at i), and the edge scalars 0, 1, L - 1, L, L + 1, 2^255 - 1,
 * 2^252, their clamped forms and the largest digits everywhere (0x88..88,
 * 0x77..77, 0xff..ff), against the portable code (ed25519 encoding and
 * X25519 u), with both table scans (SSE2, and AVX2 where present). Skipped (exit 77) where the MULX path is not built or the CPU
 * lacks it. */
#include "testutil.h"
#include "fast25519.h"
#include "ops.h"
#include "backend/portable/scalarmult_portable.h"
#include "backend/mulx/scalarmult_mulx.h"

#if F25519_HAVE_MULX
static int have_avx2;

static void check(const uint8_t a[32], const char *what, int i, int d)
{
    uint8_t r51[32], r64[32];
    ge51_p3 h;
    f25519_scalarmult_base_portable(&h, a);
    ge51_tobytes(r51, &h);
    uint8_t u51[32];
    ge51_to_montgomery_u(u51, &h);
    for (int scan = 0; scan <= have_avx2; scan++) { /* SSE2, then AVX2 where present */
        f25519_ed25519_base_mulx_scan(r64, a, scan);
        CHECK(memcmp(r51, r64, 32) == 0, "ed25519 base %s i=%d d=%d scan=%d", what, i, d, scan);
        f25519_x25519_base_mulx_scan(r64, a, scan);
        CHECK(memcmp(u51, r64, 32) == 0, "x25519 base %s i=%d d=%d scan=%d", what, i, d, scan);
    }
    f25519_ed25519_base_mulx(r64, a); /* the CPU's choice */
    CHECK(memcmp(r51, r64, 32) == 0, "ed25519 base %s i=%d d=%d", what, i, d);
    f25519_x25519_base_mulx(r64, a);
    CHECK(memcmp(u51, r64, 32) == 0, "x25519 base %s i=%d d=%d", what, i, d);
}

/* a = v * 16^i (v < 2^8), truncated to 255 bits */
static void set_digit(uint8_t a[32], int i, unsigned v)
{
    memset(a, 0, 32);
    unsigned sh = 4u * (unsigned)i;
    uint32_t x = v << (sh & 7);
    for (unsigned b = sh >> 3, k = 0; b < 32 && k < 3; b++, k++, x >>= 8) a[b] = (uint8_t)x;
    a[31] &= 0x7f;
}

/* a = a - b mod 2^256 (both 32 bytes) */
static void sub32(uint8_t a[32], const uint8_t b[32])
{
    int c = 0;
    for (int i = 0; i < 32; i++) {
        int t = a[i] - b[i] - c;
        a[i] = (uint8_t)t;
        c = t < 0;
    }
}
#endif

int main(void)
{
    tu_rng_init();
#if !F25519_HAVE_MULX
    printf("SKIP: test_mulx_base: MULX path not built\n");
    return 77;
#else
    uint32_t need = F25519_CPU_BMI2 | F25519_CPU_ADX;
    if ((f25519_cpu_features() & need) != need) {
        printf("SKIP: test_mulx_base: CPU lacks BMI2/ADX\n");
        return 77;
    }
    have_avx2 = (f25519_cpu_features() & F25519_CPU_AVX2) != 0;
    printf("table scans tested: SSE2%s\n", have_avx2 ? ", AVX2" : " (no AVX2 on this CPU)");
    uint8_t a[32], b[32];
    for (int i = 0; i < 64; i++)
        for (int d = 1; d <= 8; d++) {
            set_digit(a, i, (unsigned)d); /* digit +d at i (d = 8: -8 at i, +1 at i + 1) */
            check(a, "+d", i, d);
            if (i < 63) {
                set_digit(a, i + 1, 1); /* 16^(i+1) - d 16^i: digit -d at i, +1 at i + 1 */
                set_digit(b, i, (unsigned)d);
                sub32(a, b);
                check(a, "-d", i, d);
            }
        }
    static const char *edges[] = {
        "0000000000000000000000000000000000000000000000000000000000000000",
        "0100000000000000000000000000000000000000000000000000000000000000",
        "ecd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010", /* L - 1 */
        "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010", /* L */
        "eed3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010", /* L + 1 */
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* 2^255 - 1 */
        "f8ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* clamped */
        "0000000000000000000000000000000000000000000000000000000000000040", /* clamped 0 */
        "e8d3f55c1a631258d69cf7a2def9de1400000000000000000000000000000050", /* clamped L - 1 + 2^254 */
        "0000000000000000000000000000000000000000000000000000000000000010", /* 2^252 */
        "8888888888888888888888888888888888888888888888888888888888888808",
        "7777777777777777777777777777777777777777777777777777777777777777",
        "8888888888888888888888888888888888888888888888888888888888888878",
    };
    for (size_t e = 0; e < sizeof edges / sizeof edges[0]; e++) {
        tu_hex_decode_n(a, 32, edges[e], 64);
        check(a, "edge", (int)e, 0);
    }
    for (int it = 0; it < 500; it++) {
        tu_rand_bytes(a, 32);
        a[31] &= 0x7f;
        if (it & 1) { a[0] &= 248; a[31] |= 64; }
        check(a, "random", it, 0);
    }
    return tu_finish("test_mulx_base");
#endif
}
