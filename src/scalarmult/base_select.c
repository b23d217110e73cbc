/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The constant-time lookup in the radix-2^51 fixed-base comb table
 * (f25519_base_comb, base_table.h), shared by the portable and mulx combs.
 */
#include "tables/base_table.h"
#include "field/fe51_inline.h"

static inline void precomp_cmov(ge51_precomp *t, const ge51_precomp *u, uint64_t b)
{
    fe51i_cmov(&t->yplusx, &u->yplusx, b);
    fe51i_cmov(&t->yminusx, &u->yminusx, b);
    fe51i_cmov(&t->xy2d, &u->xy2d, b);
}

/* All-ones if b == c (both < 2^31), else 0; branch-free. */
static inline uint64_t eq_mask(uint32_t b, uint32_t c)
{
    uint32_t x = b ^ c;
    return (uint64_t)0 - (uint64_t)((x - 1) >> 31);
}

#if defined(__x86_64__)
#include <emmintrin.h> /* SSE2: part of the x86-64 baseline */
#endif

/* t = digit * 256^pos B for digit in [-8, 8]: every entry of the row is read
 * and AND-ed with an equality mask, the results OR-ed (at most one mask is
 * set; none gives 0, patched to the identity (1, 1, 0)); then a masked
 * negation. The 15 words of an entry are handled as one flat array. */
void f25519_base_select(ge51_precomp *t, int pos, int8_t digit)
{
    uint32_t neg = (uint32_t)((uint8_t)digit >> 7); /* 1 if digit < 0 */
    int32_t m = -(int32_t)neg;
    uint32_t babs = (uint32_t)(((int32_t)digit ^ m) - m); /* |digit| */
    const uint64_t *row = (const uint64_t *)f25519_base_comb[pos];
    uint64_t *out = (uint64_t *)t;
#if defined(__x86_64__)
    __m128i acc[7];
    uint64_t last = 0;
    for (int w = 0; w < 7; w++) acc[w] = _mm_setzero_si128();
    for (uint32_t j = 0; j < 8; j++) {
        uint64_t mj = eq_mask(babs, j + 1);
        __m128i mv = _mm_set1_epi64x((long long)mj);
        const uint64_t *e = row + 15 * j;
        for (int w = 0; w < 7; w++)
            acc[w] = _mm_or_si128(acc[w], _mm_and_si128(mv, _mm_loadu_si128((const __m128i *)(e + 2 * w))));
        last |= e[14] & mj;
    }
    for (int w = 0; w < 7; w++) _mm_storeu_si128((__m128i *)(out + 2 * w), acc[w]);
    out[14] = last;
#else
    for (int w = 0; w < 15; w++) out[w] = 0;
    for (uint32_t j = 0; j < 8; j++) {
        uint64_t mj = eq_mask(babs, j + 1);
        const uint64_t *e = row + 15 * j;
        for (int w = 0; w < 15; w++) out[w] |= e[w] & mj;
    }
#endif
    uint64_t zero = eq_mask(babs, 0) & 1; /* identity: y+x = y-x = 1 */
    out[0] |= zero;
    out[5] |= zero;
    /* negation: swap y+x / y-x, negate 2dxy, all under the mask of neg */
    ge51_precomp minus;
    minus.yplusx = t->yminusx;
    minus.yminusx = t->yplusx;
    fe51_neg(&minus.xy2d, &t->xy2d);
    precomp_cmov(t, &minus, neg);
}
