/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The one width-w NAF of the library (recode.h): public scalars of the
 * double-scalar multiplications of every backend. */
#include <string.h>
#include "scalarmult/recode.h"

/* bits [pos, pos + n) of the 256-bit x (n <= 32), zero beyond bit 255 */
static inline uint32_t get_bits(const uint64_t x[4], int pos, int n)
{
    int w = pos >> 6, sh = pos & 63;
    uint64_t v = x[w] >> sh;
    if (sh && w < 3) v |= x[w + 1] << (64 - sh);
    return (uint32_t)(v & ((1u << n) - 1));
}

/* width-w NAF of k < 2^253: k = sum r[i] 2^i, r[i] odd in (-2^(w-1), 2^(w-1))
 * or 0, at most one nonzero in any w consecutive positions. Returns the
 * number of positions used (<= 254). Variable time (public scalar): runs of
 * zero bits are skipped with a count-trailing-zeros. */
int f25519_wnaf_vartime(int16_t r[256], const uint8_t k[32], int w)
{
    uint64_t x[4] = { 0 };
    for (int i = 0; i < 32; i++) x[i / 8] |= (uint64_t)k[i] << (8 * (i % 8));
    memset(r, 0, 256 * sizeof r[0]);
    int top = 0, bit = 0;
    uint32_t carry = 0;
    while (bit < 256) {
        if (get_bits(x, bit, 1) == carry) { /* effective bit 0: skip the run */
            uint64_t v = (x[bit >> 6] >> (bit & 63)) ^ (carry ? ~0ULL : 0);
            v &= ~0ULL >> (bit & 63);   /* only bits of this word */
            int run = v ? __builtin_ctzll(v) : 64 - (bit & 63);
            bit += run > 0 ? run : 1;
            continue;
        }
        int now = w < 256 - bit ? w : 256 - bit;
        int word = (int)get_bits(x, bit, now) + (int)carry;
        carry = (uint32_t)(word >> (w - 1)) & 1;
        word -= (int)(carry << w);
        r[bit] = (int16_t)word;
        top = bit + 1;
        bit += now;
    }
    return top;
}
