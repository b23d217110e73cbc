/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The portable backend's X25519 Montgomery ladder: the ladder of ladder.h on
 * the radix-2^51 field (field/fe51_inline.h). Constant time in k.
 */
#include "backend/portable/scalarmult_portable.h"
#include "field/fe51_inline.h"

static inline void fe51i_addsub(fe51 *s, fe51 *d, const fe51 *f, const fe51 *g)
{
    fe51i_add(s, f, g);
    fe51i_sub(d, f, g);
}

/* h = 121666 e + bb */
static inline void fe51_mul121666_add(fe51 *h, const fe51 *e, const fe51 *bb)
{
    fe51_mul_small(h, e, 121666);
    fe51i_add(h, h, bb);
}

#define LADDER_FN f25519_x25519_ladder_portable
#define LADDER_ATTR
#define FE fe51
#define FE_LIMBS 5
#define FE_W(x) (x).v
#define FE_FROM_U fe51_frombytes
#define FE_ONE fe51_1
#define FE_ZERO fe51_0
#define FE_ADDSUB fe51i_addsub
#define FE_SUB fe51i_sub
#define FE_MUL fe51i_mul
#define FE_SQR fe51i_sqr
#define FE_MUL_A24_ADD fe51_mul121666_add
#define FE_CSWAP fe51i_cswap
#define FE_INVERT fe51_invert
#define FE_TOBYTES fe51_tobytes
#include "scalarmult/ladder.h"
