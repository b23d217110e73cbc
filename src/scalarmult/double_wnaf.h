/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Template: the variable-time double-scalar multiplication [a]A + [b]B of
 * verification (public inputs only), written once for the radix-2^51
 * (double_portable.c) and radix-2^64 (double_mulx.c) points. Both scalars
 * in width-w NAF (recode.h): w = 5 for A (odd multiples A..15A computed per
 * call, cached form), w = 8 for B (odd multiples B..127B, f25519_base_odd,
 * affine). One doubling per position, an addition per non-zero digit.
 *
 * The includer defines DS_FN and the DS_* bindings (wnaf_bind_portable.h,
 * wnaf_bind_mulx.h), then includes this file (which #undefs them,
 * wnaf_unbind.h):
 *   DS_FN          name of the static function made:
 *                  void DS_FN(DS_P3 *r, const uint8_t a[32], const DS_P3 *A, const uint8_t b[32])
 *   DS_P3, DS_P2, DS_P1P1, DS_CACHED, DS_PRECOMP   the point types
 *   DS_SETUP       declarations/statements run first (e.g. a constant in the field)
 *   DS_IDENTITY(h), DS_P3_TO_P2(r, p), DS_P3_TO_CACHED(r, p), DS_P2_DBL(r, p),
 *   DS_P1P1_TO_P3(r, p), DS_P1P1_TO_P2(r, p), DS_ADD_CACHED(r, p, q),
 *   DS_SUB_CACHED(r, p, q), DS_MADD(r, p, q), DS_MSUB(r, p, q)
 *   DS_ODD(q, i)   a const DS_PRECOMP * to (2i + 1) B (q: a DS_PRECOMP scratch)
 */
#include "scalarmult/recode.h"
#include "tables/base_table.h"

static void DS_FN(DS_P3 *r, const uint8_t a[32], const DS_P3 *A, const uint8_t b[32])
{
    int16_t na[256], nb[256];
    DS_CACHED Ai[8]; /* A, 3A, ..., 15A */
    DS_P1P1 t;
    DS_P3 u, A2;
    DS_P2 s;
    DS_PRECOMP q;
    DS_SETUP

    int ta = f25519_wnaf_vartime(na, a, 5), tb = f25519_wnaf_vartime(nb, b, F25519_BASE_ODD_WIDTH);

    DS_P3_TO_CACHED(&Ai[0], A);
    DS_P3_TO_P2(&s, A);
    DS_P2_DBL(&t, &s);
    DS_P1P1_TO_P3(&A2, &t);
    for (int i = 1; i < 8; i++) {
        DS_ADD_CACHED(&t, &A2, &Ai[i - 1]);
        DS_P1P1_TO_P3(&u, &t);
        DS_P3_TO_CACHED(&Ai[i], &u);
    }

    int i = (ta > tb ? ta : tb) - 1; /* the highest non-zero digit */
    DS_IDENTITY(r);
    if (i < 0) return; /* a = b = 0 */
    DS_P3_TO_P2(&s, r);
    for (; i >= 0; i--) {
        DS_P2_DBL(&t, &s);
        if (na[i] > 0) {
            DS_P1P1_TO_P3(&u, &t);
            DS_ADD_CACHED(&t, &u, &Ai[na[i] / 2]);
        } else if (na[i] < 0) {
            DS_P1P1_TO_P3(&u, &t);
            DS_SUB_CACHED(&t, &u, &Ai[(-na[i]) / 2]);
        }
        if (nb[i] > 0) {
            DS_P1P1_TO_P3(&u, &t);
            DS_MADD(&t, &u, DS_ODD(&q, nb[i] / 2));
        } else if (nb[i] < 0) {
            DS_P1P1_TO_P3(&u, &t);
            DS_MSUB(&t, &u, DS_ODD(&q, (-nb[i]) / 2));
        }
        if (i > 0) DS_P1P1_TO_P2(&s, &t);
    }
    DS_P1P1_TO_P3(r, &t); /* t: the last loop result, r needs T too */
}

#undef DS_FN
#include "scalarmult/wnaf_unbind.h"
