/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The portable backend's variable-time [a]A + [b]B for verification (public
 * inputs only): the w-NAF method of double_wnaf.h on the radix-2^51 points
 * (bindings: wnaf_bind_portable.h, shared with msm_portable.c); and
 * [a]A + [c]C + [b]B with half-size a, c (quad_wnaf.h).
 */
#include "backend/portable/scalarmult_portable.h"

#define DS_FN double51
#include "backend/portable/wnaf_bind_portable.h"
#include "scalarmult/double_wnaf.h"

void f25519_double_scalarmult_portable(ge51_p3 *r, const uint8_t a[32], const ge51_p3 *A,
                                       const uint8_t b[32])
{
    double51(r, a, A, b);
}

#define QS_FN quad51
#include "backend/portable/wnaf_bind_portable.h"
#include "scalarmult/quad_wnaf.h"

void f25519_quad_scalarmult_portable(ge51_p3 *r, const uint8_t a[32], const ge51_p3 *A,
                                     const uint8_t c[32], const ge51_p3 *C, const uint8_t b[32])
{
    quad51(r, a, A, c, C, b);
}
