/*
 * Variable-time [a]A + [b]B for verification in radix 2^64 (x86-64 with
 * BMI2 + ADX): the w-NAF method of double_portable.c (w = 5 for A, w = 8
 * with the precomputed odd multiples of B) on mulx_ge64.h point arithmetic.
 */
#include "scalarmult/scalarmult_mulx.h"

#if F25519_HAVE_MULX
#include "point/ge64_mulx.h"
#include "scalarmult/scalarmult_portable.h" /* recoding, table lookup */
#include "scalarmult/base_table.h"

void f25519_double_scalarmult_mulx(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A51,
                                   const uint8_t b[32])
{
    int8_t na[257], nb[257];
    ge64_cached Ai[8]; /* A, 3A, ..., 15A */
    ge64_p1p1 t;
    ge64_p3 u, A, A2, r;
    ge64_p2 s;
    ge64_precomp q;
    fe64 d2;

    fe64_from_fe51(&d2, &fe51_d2);
    f25519_wnaf_vartime(na, a, 5);
    f25519_wnaf_vartime(nb, b, F25519_BASE_ODD_WIDTH);

    ge64_from51(&A, A51);
    ge64_p3_to_cached(&Ai[0], &A, &d2);
    s.X = A.X;
    s.Y = A.Y;
    s.Z = A.Z;
    ge64_p2_dbl(&t, &s);
    ge64_p1p1_to_p3(&A2, &t);
    for (int i = 1; i < 8; i++) {
        ge64_add_cached(&t, &A2, &Ai[i - 1]);
        ge64_p1p1_to_p3(&u, &t);
        ge64_p3_to_cached(&Ai[i], &u, &d2);
    }

    int i = 256;
    while (i >= 0 && na[i] == 0 && nb[i] == 0) i--;
    ge64_identity(&r);
    if (i < 0) {
        ge64_to51(out, &r);
        return;
    }
    s.X = r.X;
    s.Y = r.Y;
    s.Z = r.Z;
    for (; i >= 0; i--) {
        ge64_p2_dbl(&t, &s);
        if (na[i] > 0) {
            ge64_p1p1_to_p3(&u, &t);
            ge64_add_cached(&t, &u, &Ai[na[i] / 2]);
        } else if (na[i] < 0) {
            ge64_p1p1_to_p3(&u, &t);
            ge64_sub_cached(&t, &u, &Ai[(-na[i]) / 2]);
        }
        if (nb[i] > 0) {
            ge64_p1p1_to_p3(&u, &t);
            ge64_precomp_from51(&q, &f25519_base_odd[nb[i] / 2]);
            ge64_madd(&t, &u, &q);
        } else if (nb[i] < 0) {
            ge64_p1p1_to_p3(&u, &t);
            ge64_precomp_from51(&q, &f25519_base_odd[(-nb[i]) / 2]);
            ge64_msub(&t, &u, &q);
        }
        if (i > 0) ge64_p1p1_to_p2(&s, &t);
    }
    ge64_p1p1_to_p3(&r, &t);
    ge64_to51(out, &r);
}
#endif
