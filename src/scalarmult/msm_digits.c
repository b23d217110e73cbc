/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Digits and window width of the Pippenger multi-scalar multiplications
 * (msm_digits.h). */
#include <string.h>
#include "scalarmult/msm_digits.h"

int f25519_msm_bits(const uint8_t a[32])
{
    /* the top non-zero 64-bit word (word by word: half the time of byte by
     * byte) */
    uint64_t w[4];
    memcpy(w, a, 32); /* little endian, as f25519_msm_digits */
    for (int i = 3; i >= 0; i--)
        if (w[i]) return 64 * i + 64 - __builtin_clzll(w[i]);
    return 0;
}

/* Estimated work for width c (maxbits: the longest scalar's bits): every
 * group of eight windows adds each point whose last window is in or above
 * it, and sums 2^(c-1) buckets in each lane with two additions. */
static uint64_t cost(const uint64_t (*hist)[2], int nh, int maxbits, int c, unsigned madd, unsigned sum,
                     int *nw_out)
{
    const int nw = (maxbits + c - 1) / c;
    uint64_t steps = 0;
    for (int k = 0; k < nh; k++) steps += hist[k][1] * (uint64_t)(((int)hist[k][0] + c - 1) / c + 7) / 8;
    uint64_t groups = (uint64_t)(nw + 7) / 8;
    *nw_out = nw;
    return madd * steps + sum * groups * ((uint64_t)1 << c);
}

/* The histogram of bit lengths from every s-th scalar (weight s) when n is
 * large: the estimate runs serially on the caller's thread between a team's
 * phases (ed25519_batch.c), and a sample of 256-511 scalars chooses the
 * same width; the number of windows comes from ALL the scalars (their OR,
 * whose bit length is the longest one's), so every digit is covered.
 * At n = 1024 the sample takes about a quarter of the time of every
 * scalar's length. */
#define WIDTH_SAMPLE 256

int f25519_msm_width(size_t n, const uint8_t (*a)[32], unsigned madd, unsigned sum, int *nw)
{
    uint64_t hist[257] = {0}, any[4], o0 = 0, o1 = 0, o2 = 0, o3 = 0;
    for (size_t i = 0; i < n; i++) { /* the OR of the scalars by words (in registers) */
        uint64_t w[4];
        memcpy(w, a[i], 32);
        o0 |= w[0];
        o1 |= w[1];
        o2 |= w[2];
        o3 |= w[3];
    }
    any[0] = o0;
    any[1] = o1;
    any[2] = o2;
    any[3] = o3;
    const int maxbits = f25519_msm_bits((const uint8_t *)any);
    const size_t s = n >= 2 * WIDTH_SAMPLE ? n / WIDTH_SAMPLE : 1;
    for (size_t i = 0; i < n; i += s) hist[f25519_msm_bits(a[i])] += s;
    uint64_t used[257][2]; /* the lengths that occur: (bits, count) */
    int nh = 0;
    for (int b = 1; b <= maxbits; b++)
        if (hist[b]) {
            used[nh][0] = (uint64_t)b;
            used[nh++][1] = hist[b];
        }
    int best = 4, bnw = 0;
    uint64_t bc = UINT64_MAX;
    for (int c = 4; c <= 10; c++) {
        int w;
        uint64_t e = cost((const uint64_t(*)[2])used, nh, maxbits, c, madd, sum, &w);
        if (e < bc) { bc = e; best = c; bnw = w; }
    }
    *nw = bnw;
    return best;
}

typedef uint8_t f25519_u8x16 __attribute__((vector_size(16)));
typedef int8_t f25519_i8x16 __attribute__((vector_size(16)));
typedef int16_t f25519_i16x16 __attribute__((vector_size(32)));

void f25519_msm_digits(int16_t *d, int nwp, int nwc, const uint8_t a[32], int c)
{
    const int half = 1 << (c - 1), nwa = (f25519_msm_bits(a) + c - 1) / c, nwi = nwc > nwa ? nwc : nwa;
    const uint64_t mask = ((uint64_t)1 << c) - 1;
    int w = 0;
    if (c == 8 && nwi >= 1 && nwi <= 32) {
        /* bytes: the carries of all windows at once, as those of an addition
         * of bit masks (g: b_w >= 128 makes a carry; p: b_w = 127 passes one
         * on; only below the last window), eight bytes per word */
        const uint64_t H = 0x8080808080808080ULL, S = 0x7f7f7f7f7f7f7f7fULL, B = 0x0002040810204081ULL;
        uint64_t g = 0, p = 0;
        for (int k = 0; k < 4; k++) {
            uint64_t u, t;
            memcpy(&u, a + 8 * k, 8); /* little endian */
            t = u ^ S;
            g |= ((u & H) * B >> 56) << 8 * k;                       /* bit i: byte i >= 128 */
            p |= ((~(((t & S) + S) | t) & H) * B >> 56) << 8 * k; /* bit i: byte i == 127 */
        }
        const uint64_t lim = ((uint64_t)1 << (nwi - 1)) - 1;
        g &= lim;
        p &= lim;
        const uint64_t x = g | p, cin = (x + g) ^ x ^ g; /* cin: bit w = carry into w */
        uint8_t ci[32]; /* the bits as bytes 0 / 1 */
        for (int k = 0; k < 4; k++) {
            const uint64_t y = ((cin >> 8 * k & 0xff) * 0x0101010101010101ULL) & 0x8040201008040201ULL,
                           b = ((y + S) & H) >> 7;
            memcpy(ci + 8 * k, &b, 8);
        }
        /* v = b_w + carry in <= 256 gives the digit v - 256 [v >= 128]: the
         * byte v mod 256 read as signed (v = 256 -> 0, with its carry out);
         * the last window keeps v. Windows nwi and up come out 0: their bytes
         * and carries are 0. */
        const int m = nwp < 32 ? nwp : 32; /* a multiple of 8 */
        for (; w < m; w += 16) {           /* 16 bytes at a time (generic vectors: SSE2 on x86-64) */
            f25519_u8x16 av, cv;
            memcpy(&av, a + w, 16);
            memcpy(&cv, ci + w, 16);
            const f25519_i16x16 dv = __builtin_convertvector((f25519_i8x16)(av + cv), f25519_i16x16);
            memcpy(d + w, &dv, (size_t)(m - w < 16 ? m - w : 16) * sizeof *d);
        }
        w = m;
        if (nwi <= m) d[nwi - 1] = (int16_t)(a[nwi - 1] + ci[nwi - 1]);
    } else {
        uint8_t ab[40] = {0}; /* a, zero-padded for the 8-byte reads */
        memcpy(ab, a, 32);
        int carry = 0;
        for (; w < nwi && w < nwp; w++) { /* branch-free: the carries are random */
            int bit = c * w;
            uint64_t win;
            memcpy(&win, ab + (bit >> 3), 8); /* little endian */
            int v = (int)((win >> (bit & 7)) & mask) + carry;
            carry = (v >= half) & (w + 1 < nwi); /* below the last window */
            d[w] = (int16_t)(v - (carry << c));
        }
    }
    for (; w < nwp; w++) d[w] = 0;
}
