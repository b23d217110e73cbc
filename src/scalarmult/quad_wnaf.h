/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Template: the variable-time [a]A + [c]C + [b]B of single verification with
 * half-size scalars (public inputs only; ed25519_verify.h steps 6-7),
 * written once for the radix-2^51 (double_portable.c) and radix-2^64
 * (double_mulx.c) points. B's scalar is split as b = b0 + 2^128 b1 over
 * f25519_base_odd and f25519_base128_odd (both width-8 NAF, affine), A and C
 * in width-5 NAF over odd multiples built per call (cached form), so one
 * chain of max(len(a), len(c), 129) doublings serves four scalars: with
 * a, c ~ 2^128 (sc_halfsize.h) about half the doublings of double_wnaf.h.
 * Any a, c < 2^253 and b < 2^253 give the right result (longer a or c only
 * cost doublings).
 *
 * The includer defines QS_FN and the DS_* bindings (wnaf_bind_portable.h,
 * wnaf_bind_mulx.h, as for double_wnaf.h; DS_PRE(q, p) turns a
 * const ge51_precomp * into a const DS_PRECOMP *), then includes this file
 * (which #undefs them, wnaf_unbind.h):
 *   void QS_FN(DS_P3 *r, const uint8_t a[32], const DS_P3 *A,
 *              const uint8_t c[32], const DS_P3 *C, const uint8_t b[32])
 */
#include <string.h>
#include "scalarmult/recode.h"
#include "tables/base_table.h"
#include "tables/base_table128.h"

static void QS_FN(DS_P3 *r, const uint8_t a[32], const DS_P3 *A, const uint8_t c[32], const DS_P3 *C,
                  const uint8_t b[32])
{
    int16_t na[256], nc[256], nb0[256], nb1[256];
    DS_CACHED T[2][8]; /* P, 3P, ..., 15P for P = A, C */
    DS_P1P1 t;
    DS_P3 u, P2;
    DS_P2 s;
    DS_PRECOMP q;
    uint8_t b0[32], b1[32];
    DS_SETUP

    memset(b0, 0, sizeof b0);
    memset(b1, 0, sizeof b1);
    memcpy(b0, b, 16);
    memcpy(b1, b + 16, 16);
    int top = f25519_wnaf_vartime(na, a, 5);
    int tc = f25519_wnaf_vartime(nc, c, 5);
    int t0 = f25519_wnaf_vartime(nb0, b0, F25519_BASE_ODD_WIDTH);
    int t1 = f25519_wnaf_vartime(nb1, b1, F25519_BASE_ODD_WIDTH);
    if (tc > top) top = tc;
    if (t0 > top) top = t0;
    if (t1 > top) top = t1;

    const DS_P3 *pts[2] = { A, C };
    for (int k = 0; k < 2; k++) {
        DS_P3_TO_CACHED(&T[k][0], pts[k]);
        DS_P3_TO_P2(&s, pts[k]);
        DS_P2_DBL(&t, &s);
        DS_P1P1_TO_P3(&P2, &t);
        for (int i = 1; i < 8; i++) {
            DS_ADD_CACHED(&t, &P2, &T[k][i - 1]);
            DS_P1P1_TO_P3(&u, &t);
            DS_P3_TO_CACHED(&T[k][i], &u);
        }
    }

    int i = top - 1; /* the highest non-zero digit */
    DS_IDENTITY(r);
    if (i < 0) return; /* a = c = b = 0 */
    DS_P3_TO_P2(&s, r);
/* t += digit n[i] times the point of the cached table Tk / the affine table tab */
#define QS_CACHED(n, Tk)                                    \
    if (n[i] > 0) {                                         \
        DS_P1P1_TO_P3(&u, &t);                              \
        DS_ADD_CACHED(&t, &u, &(Tk)[n[i] / 2]);             \
    } else if (n[i] < 0) {                                  \
        DS_P1P1_TO_P3(&u, &t);                              \
        DS_SUB_CACHED(&t, &u, &(Tk)[(-n[i]) / 2]);          \
    }
#define QS_AFFINE(n, tab)                                   \
    if (n[i] > 0) {                                         \
        DS_P1P1_TO_P3(&u, &t);                              \
        DS_MADD(&t, &u, DS_PRE(&q, &(tab)[n[i] / 2]));      \
    } else if (n[i] < 0) {                                  \
        DS_P1P1_TO_P3(&u, &t);                              \
        DS_MSUB(&t, &u, DS_PRE(&q, &(tab)[(-n[i]) / 2]));   \
    }
    for (; i >= 0; i--) {
        DS_P2_DBL(&t, &s);
        QS_CACHED(na, T[0])
        QS_CACHED(nc, T[1])
        QS_AFFINE(nb0, f25519_base_odd)
        QS_AFFINE(nb1, f25519_base128_odd)
        if (i > 0) DS_P1P1_TO_P2(&s, &t);
    }
#undef QS_CACHED
#undef QS_AFFINE
    DS_P1P1_TO_P3(r, &t); /* t: the last loop result, r needs T too */
}

#undef QS_FN
#include "scalarmult/wnaf_unbind.h"
