/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The mulx backend's X25519 Montgomery ladder: the ladder of ladder.h on
 * the radix-2^64 field (backend/mulx/fe64_mulx.h). Constant time in k.
 */
#include "backend/mulx/scalarmult_mulx.h"

#if F25519_HAVE_MULX
#include "backend/mulx/fe64_mulx.h"

/* gcc would vectorize the cswaps with 16-byte accesses to values just
 * written by 8-byte stores (failed store forwarding): keep them scalar. */
#if defined(__GNUC__) && !defined(__clang__)
#define NO_VECTORIZE __attribute__((optimize("no-tree-vectorize")))
#else
#define NO_VECTORIZE
#endif

/* u as 4 little-endian words, bit 255 cleared (u >= p is fine: partial) */
static inline void fe64_from_u(fe64 *x, const uint8_t u[32])
{
    for (int i = 0; i < 4; i++) {
        uint64_t v = 0;
        for (int j = 7; j >= 0; j--) v = (v << 8) | u[8 * i + j];
        x->w[i] = v;
    }
    x->w[3] &= 0x7fffffffffffffffull;
}

/* The products and squares of a step are not interleaved in pairs (two
 * products' rows or columns alternating in one asm block): the step (970
 * instructions, 160 MULX) is bound by throughput, not by latency, so
 * interleaving has nothing to fill and measured a few percent slower; the
 * select stays masks, not CMOV. */
#define LADDER_FN f25519_x25519_ladder_mulx
#define LADDER_ATTR NO_VECTORIZE
#define FE fe64
#define FE_LIMBS 4
#define FE_W(x) (x).w
#define FE_FROM_U fe64_from_u
#define FE_ONE(x) (*(x) = (fe64){{1, 0, 0, 0}})
#define FE_ZERO(x) (*(x) = (fe64){{0, 0, 0, 0}})
/* The one-fold add/subs: every operand of FE_ADDSUB and FE_SUB in ladder.h
 * is an output of fe64_mul or fe64_sqr (word 3 <= 2^63, proved: F64 in
 * field/bounds.toml), a masked select of two such outputs, or an initial
 * value (1, 0, x1 < 2^255); the proofs of fe64_addsub_r and fe64_sub_r
 * assume exactly that bound. */
#define FE_ADDSUB fe64_addsub_r
#define FE_SUB fe64_sub_r
#define FE_MUL fe64_mul
#define FE_SQR fe64_sqr
#define FE_MUL_A24_ADD fe64_mul121666_add
#define FE_CSWAP fe64_cswap
#define FE_INVERT fe64_invert_safegcd
#define FE_TOBYTES fe64_tobytes
#include "scalarmult/ladder.h"
#endif /* F25519_HAVE_MULX */
