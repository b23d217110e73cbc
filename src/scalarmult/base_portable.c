/*
 * Fixed-base [a]B, constant time (paper Sec. 3.4, eq. 7 with omega = 4):
 * a = sum e_i 16^i with signed digits e_i in [-8, 8); the odd digits are
 * accumulated first from the 32 even-indexed tables (256^j B multiples),
 * multiplied by 16 with four doublings, then the even digits are added.
 * Each lookup scans all 8 entries with masks and negates with a mask.
 */
#include "scalarmult/scalarmult_portable.h"
#include "scalarmult/base_table.h"
#include "field/fe51_inline.h"
#include "common/wipe.h"

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

/* Signed radix-16 recoding, branch-free: e[i] in [-8, 8), e[63] in [0, 8]. */
void f25519_base_recode16(int8_t e[64], const uint8_t a[32])
{
    for (int i = 0; i < 32; i++) {
        e[2 * i] = (int8_t)(a[i] & 15);
        e[2 * i + 1] = (int8_t)((a[i] >> 4) & 15);
    }
    int8_t carry = 0;
    for (int i = 0; i < 63; i++) {
        e[i] = (int8_t)(e[i] + carry);
        carry = (int8_t)((e[i] + 8) >> 4);
        e[i] = (int8_t)(e[i] - carry * 16);
    }
    e[63] = (int8_t)(e[63] + carry);
}

void f25519_ge51_scalarmult_base(ge51_p3 *h, const uint8_t a[32])
{
    int8_t e[64];
    ge51_precomp t;
    ge51_p1p1 r;
    ge51_p2 s;
    f25519_base_recode16(e, a);
    ge51_identity(h);
    for (int i = 1; i < 64; i += 2) {
        f25519_base_select(&t, i / 2, e[i]);
        ge51_madd(&r, h, &t);
        ge51_p1p1_to_p3(h, &r);
    }
    ge51_p3_to_p2(&s, h);
    ge51_p2_dbl(&r, &s);
    ge51_p1p1_to_p2(&s, &r);
    ge51_p2_dbl(&r, &s);
    ge51_p1p1_to_p2(&s, &r);
    ge51_p2_dbl(&r, &s);
    ge51_p1p1_to_p2(&s, &r);
    ge51_p2_dbl(&r, &s);
    ge51_p1p1_to_p3(h, &r);
    for (int i = 0; i < 64; i += 2) {
        f25519_base_select(&t, i / 2, e[i]);
        ge51_madd(&r, h, &t);
        ge51_p1p1_to_p3(h, &r);
    }
    f25519_wipe(e, sizeof e);
    f25519_wipe(&t, sizeof t);
    f25519_wipe(&r, sizeof r);
    f25519_wipe(&s, sizeof s);
}
