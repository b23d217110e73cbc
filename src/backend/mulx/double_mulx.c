/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The mulx backend's variable-time [a]A + [b]B for verification: the w-NAF
 * method of double_wnaf.h on the radix-2^64 points of backend/mulx/ge64_mulx.h
 * (bindings: wnaf_bind_mulx.h, shared with msm_mulx.c); and [a]A + [c]C +
 * [b]B with half-size a, c (quad_wnaf.h).
 */
#include "backend/mulx/scalarmult_mulx.h"

#if F25519_HAVE_MULX
#define DS_FN double64
#include "backend/mulx/wnaf_bind_mulx.h"
#include "scalarmult/double_wnaf.h"

void f25519_double_scalarmult_mulx(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A51,
                                   const uint8_t b[32])
{
    ge64_p3 A, r;
    ge64_from51(&A, A51);
    double64(&r, a, &A, b);
    ge64_to51(out, &r);
}

#define QS_FN quad64
#include "backend/mulx/wnaf_bind_mulx.h"
#include "scalarmult/quad_wnaf.h"

void f25519_quad_scalarmult_mulx(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A51,
                                 const uint8_t c[32], const ge51_p3 *C51, const uint8_t b[32])
{
    ge64_p3 A, C, r;
    ge64_from51(&A, A51);
    ge64_from51(&C, C51);
    quad64(&r, a, &A, c, &C, b);
    ge64_to51(out, &r);
}
#endif
