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
#include "impl.h"

/* 1 if b == c (both small non-negative), branch-free. */
static inline uint64_t eq_mask(uint32_t b, uint32_t c)
{
    uint32_t x = b ^ c;
    return (uint64_t)((x - 1) >> 31) & 1; /* x < 2^31 here */
}

static inline void precomp_cmov(ge51_precomp *t, const ge51_precomp *u, uint64_t b)
{
    fe51i_cmov(&t->yplusx, &u->yplusx, b);
    fe51i_cmov(&t->yminusx, &u->yminusx, b);
    fe51i_cmov(&t->xy2d, &u->xy2d, b);
}

/* t = digit * 256^pos B for digit in [-8, 8], scanning the whole row. */
static void select_entry(ge51_precomp *t, int pos, int8_t digit)
{
    uint32_t neg = (uint32_t)((uint8_t)digit >> 7); /* 1 if digit < 0 */
    int32_t m = -(int32_t)neg;
    uint32_t babs = (uint32_t)(((int32_t)digit ^ m) - m); /* |digit| */
    ge51_precomp minus;
    fe51_1(&t->yplusx);
    fe51_1(&t->yminusx);
    fe51_0(&t->xy2d);
    for (uint32_t j = 0; j < 8; j++) precomp_cmov(t, &f25519_base_comb[pos][j], eq_mask(babs, j + 1));
    /* negation: swap y+x / y-x, negate 2dxy */
    minus.yplusx = t->yminusx;
    minus.yminusx = t->yplusx;
    fe51_neg(&minus.xy2d, &t->xy2d);
    precomp_cmov(t, &minus, neg);
}

/* Signed radix-16 recoding, branch-free: e[i] in [-8, 8), e[63] in [0, 8]. */
static void recode16(int8_t e[64], const uint8_t a[32])
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
    recode16(e, a);
    ge51_identity(h);
    for (int i = 1; i < 64; i += 2) {
        select_entry(&t, i / 2, e[i]);
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
        select_entry(&t, i / 2, e[i]);
        ge51_madd(&r, h, &t);
        ge51_p1p1_to_p3(h, &r);
    }
    f25519_wipe(e, sizeof e);
    f25519_wipe(&t, sizeof t);
    f25519_wipe(&r, sizeof r);
    f25519_wipe(&s, sizeof s);
}
