/*
 * Template: the variable-time multi-scalar multiplication of batch
 * verification (public inputs only), out = sum_i [a_i] P_i + [b] B, written
 * once for the radix-2^51 (msm_portable.c) and radix-2^64 (msm_mulx.c)
 * points. Straus with shared doublings: each P_i in width-5 NAF (recode.h)
 * over its own odd multiples P, 3P, ..., 15P (cached form), B in width-8 NAF
 * over f25519_base_odd (affine). One doubling per bit position for all
 * points together, an addition per non-zero digit. Tables on the heap; when
 * malloc fails, the points are taken one at a time (same result).
 *
 * The includer defines the DS_* names of double_wnaf.h (DS_P3, DS_P2,
 * DS_P1P1, DS_CACHED, DS_PRECOMP, DS_SETUP, DS_IDENTITY, DS_P3_TO_P2,
 * DS_P3_TO_CACHED, DS_P2_DBL, DS_P1P1_TO_P3, DS_P1P1_TO_P2, DS_ADD_CACHED,
 * DS_SUB_CACHED, DS_MADD, DS_MSUB, DS_ODD) and
 *   MS_FN             the function made: void MS_FN(ge51_p3 *out, size_t n,
 *                     const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32])
 *   MS_FROM51(r, p)   DS_P3 from a ge51_p3;  MS_TO51(r, p) ge51_p3 from a DS_P3
 * then includes this file (which #undefs them all).
 */
#include <stdlib.h>
#include "scalarmult/recode.h"
#include "scalarmult/base_table.h"

#define MS_W 5
#define MS_CAT2(a, b) a##b
#define MS_CAT(a, b) MS_CAT2(a, b)
#define MS_CORE MS_CAT(MS_FN, _core)

/* r = sum_{i < n} [a_i] P_i (+ [b] B when b is not NULL). */
static void MS_CORE(DS_P3 *r, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t *b,
                    DS_CACHED (*tab)[8], int16_t (*naf)[256])
{
    int16_t nb[256];
    DS_P1P1 t;
    DS_P3 u, P1, P2;
    DS_P2 s;
    DS_PRECOMP q;
    DS_SETUP
    int top = b ? f25519_wnaf_vartime(nb, b, F25519_BASE_ODD_WIDTH) : 0;
    for (size_t i = 0; i < n; i++) {
        int ti = f25519_wnaf_vartime(naf[i], a[i], MS_W);
        if (ti > top) top = ti;
        MS_FROM51(&P1, &P[i]);
        DS_P3_TO_CACHED(&tab[i][0], &P1);
        DS_P3_TO_P2(&s, &P1);
        DS_P2_DBL(&t, &s);
        DS_P1P1_TO_P3(&P2, &t);
        for (int j = 1; j < 8; j++) {
            DS_ADD_CACHED(&t, &P2, &tab[i][j - 1]);
            DS_P1P1_TO_P3(&u, &t);
            DS_P3_TO_CACHED(&tab[i][j], &u);
        }
    }
    DS_IDENTITY(r);
    if (top == 0) return;
    DS_P3_TO_P2(&s, r);
    for (int i = top - 1; i >= 0; i--) {
        DS_P2_DBL(&t, &s);
        for (size_t j = 0; j < n; j++) {
            int d = naf[j][i];
            if (!d) continue;
            DS_P1P1_TO_P3(&u, &t);
            if (d > 0) DS_ADD_CACHED(&t, &u, &tab[j][d / 2]);
            else DS_SUB_CACHED(&t, &u, &tab[j][(-d) / 2]);
        }
        int d = b ? nb[i] : 0;
        if (d > 0) {
            DS_P1P1_TO_P3(&u, &t);
            DS_MADD(&t, &u, DS_ODD(&q, d / 2));
        } else if (d < 0) {
            DS_P1P1_TO_P3(&u, &t);
            DS_MSUB(&t, &u, DS_ODD(&q, (-d) / 2));
        }
        if (i > 0) DS_P1P1_TO_P2(&s, &t);
    }
    DS_P1P1_TO_P3(r, &t);
}

void MS_FN(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32])
{
    DS_CACHED (*tab)[8] = malloc((n ? n : 1) * sizeof *tab);
    int16_t (*naf)[256] = malloc((n ? n : 1) * sizeof *naf);
    DS_P3 r;
    if (tab && naf) {
        MS_CORE(&r, n, a, P, b, tab, naf);
    } else { /* one point at a time, stack tables */
        DS_CACHED tab1[1][8], c;
        int16_t naf1[1][256];
        DS_P1P1 t;
        DS_SETUP
        MS_CORE(&r, 0, a, P, b, tab1, naf1);
        for (size_t i = 0; i < n; i++) {
            DS_P3 x;
            MS_CORE(&x, 1, a + i, P + i, NULL, tab1, naf1);
            DS_P3_TO_CACHED(&c, &x);
            DS_ADD_CACHED(&t, &r, &c);
            DS_P1P1_TO_P3(&r, &t);
        }
    }
    free(tab);
    free(naf);
    MS_TO51(out, &r);
}

#undef MS_W
#undef MS_CAT2
#undef MS_CAT
#undef MS_CORE
#undef MS_FN
#undef MS_FROM51
#undef MS_TO51
#include "scalarmult/wnaf_unbind.h"
