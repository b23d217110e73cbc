/*
 * The portable multi-scalar multiplication of batch verification (public
 * inputs only, variable time): out = sum_i [a_i] P_i + [b] B, Straus with
 * shared doublings: every P_i in width-5 NAF over its own table of odd
 * multiples (P, 3P, ..., 15P, cached form), B in width-8 NAF over
 * f25519_base_odd. One doubling per bit position for all points together.
 * The mulx backend uses it too (its entry ed25519_msm).
 */
#include <stdlib.h>
#include "scalarmult/scalarmult_portable.h"
#include "scalarmult/recode.h"
#include "scalarmult/base_table.h"

#define MSM_W 5

/* The same result one point at a time (when the tables cannot be allocated). */
static void msm_fallback(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                         const uint8_t b[32])
{
    static const uint8_t zero[32];
    ge51_p3 t;
    ge51_identity(&t);
    f25519_ge51_double_scalarmult_vartime(out, zero, &t, b);
    for (size_t i = 0; i < n; i++) {
        f25519_ge51_double_scalarmult_vartime(&t, a[i], &P[i], zero);
        ge51_add(out, out, &t);
    }
}

void f25519_ge51_msm_vartime(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                             const uint8_t b[32])
{
    ge51_cached (*tab)[8] = n ? malloc(n * sizeof *tab) : NULL;
    int16_t (*naf)[256] = n ? malloc(n * sizeof *naf) : NULL;
    int16_t nb[256];
    if (n && (!tab || !naf)) {
        free(tab);
        free(naf);
        msm_fallback(out, n, a, P, b);
        return;
    }
    int top = f25519_wnaf_vartime(nb, b, F25519_BASE_ODD_WIDTH);
    ge51_p1p1 t;
    ge51_p3 u, P2;
    ge51_p2 s;
    for (size_t i = 0; i < n; i++) {
        int ti = f25519_wnaf_vartime(naf[i], a[i], MSM_W);
        if (ti > top) top = ti;
        ge51_p3_to_cached(&tab[i][0], &P[i]);
        ge51_dbl(&P2, &P[i]);
        for (int j = 1; j < 8; j++) {
            ge51_add_cached(&t, &P2, &tab[i][j - 1]);
            ge51_p1p1_to_p3(&u, &t);
            ge51_p3_to_cached(&tab[i][j], &u);
        }
    }
    ge51_identity(out);
    for (int i = top - 1; i >= 0; i--) {
        ge51_p3_to_p2(&s, out);
        ge51_p2_dbl(&t, &s);
        ge51_p1p1_to_p3(out, &t);
        for (size_t j = 0; j < n; j++) {
            int d = naf[j][i];
            if (!d) continue;
            if (d > 0) ge51_add_cached(&t, out, &tab[j][d / 2]);
            else ge51_sub_cached(&t, out, &tab[j][(-d) / 2]);
            ge51_p1p1_to_p3(out, &t);
        }
        int d = nb[i];
        if (d > 0) ge51_madd(&t, out, &f25519_base_odd[d / 2]);
        else if (d < 0) ge51_msub(&t, out, &f25519_base_odd[(-d) / 2]);
        if (d) ge51_p1p1_to_p3(out, &t);
    }
    free(tab);
    free(naf);
}
