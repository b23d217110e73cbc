/* Digits and window width of the Pippenger multi-scalar multiplications
 * (msm_digits.h). */
#include <string.h>
#include "scalarmult/msm_digits.h"

int f25519_msm_bits(const uint8_t a[32])
{
    /* the top non-zero 64-bit word: the width estimate scans every scalar
     * of a call on the caller's thread (serially, with a team); byte by
     * byte it took 19-20 ticks per scalar, by words 9-10 (f25519_msm_width
     * on batch verification's 2048 scalars at n = 1024: 56-59k ticks
     * against 18-21k; Intel Xeon family 6 model 207, pinned, 2026-11-27) */
    uint64_t w[4];
    memcpy(w, a, 32); /* little endian, as f25519_msm_digits */
    for (int i = 3; i >= 0; i--)
        if (w[i]) return 64 * i + 64 - __builtin_clzll(w[i]);
    return 0;
}

/* Estimated work for width c: every group of eight windows adds each point
 * whose last window is in or above it, and sums 2^(c-1) buckets in each
 * lane with two additions. */
static uint64_t cost(const uint64_t hist[254], int c, unsigned madd, unsigned sum, int *nw_out)
{
    int nw = 0;
    uint64_t steps = 0;
    for (int b = 1; b < 254; b++) {
        if (!hist[b]) continue;
        int w = (b + c - 1) / c;
        if (w > nw) nw = w;
        steps += hist[b] * (uint64_t)((w + 7) / 8);
    }
    uint64_t groups = (uint64_t)(nw + 7) / 8;
    *nw_out = nw;
    return madd * steps + sum * groups * ((uint64_t)1 << c);
}

int f25519_msm_width(size_t n, const uint8_t (*a)[32], unsigned madd, unsigned sum, int *nw)
{
    uint64_t hist[254] = {0};
    for (size_t i = 0; i < n; i++) hist[f25519_msm_bits(a[i])]++;
    int best = 4, bnw = 0;
    uint64_t bc = UINT64_MAX;
    for (int c = 4; c <= 10; c++) {
        int w;
        uint64_t e = cost(hist, c, madd, sum, &w);
        if (e < bc) { bc = e; best = c; bnw = w; }
    }
    *nw = bnw;
    return best;
}

void f25519_msm_digits(int16_t *d, int nwp, const uint8_t a[32], int c)
{
    const int half = 1 << (c - 1), nwi = (f25519_msm_bits(a) + c - 1) / c;
    const uint64_t mask = ((uint64_t)1 << c) - 1;
    uint8_t ab[40] = {0}; /* a, zero-padded for the 8-byte reads */
    memcpy(ab, a, 32);
    int carry = 0, w = 0;
    for (; w < nwi && w < nwp; w++) {
        int bit = c * w;
        uint64_t win;
        memcpy(&win, ab + (bit >> 3), 8); /* little endian */
        int v = (int)((win >> (bit & 7)) & mask) + carry;
        carry = 0;
        if (w + 1 < nwi && v >= half) { v -= 1 << c; carry = 1; }
        d[w] = (int16_t)v;
    }
    for (; w < nwp; w++) d[w] = 0;
}
