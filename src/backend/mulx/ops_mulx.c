/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The mulx backend's ops table: radix 2^64 with MULX/ADCX/ADOX inline
 * assembly (x86-64 with BMI2 + ADX; the dispatcher checks CPUID). Field:
 * backend/mulx/fe64_mulx.*, points: backend/mulx/ge64_mulx.h, scalar multiplications:
 * scalarmult/{ladder,base,double}_mulx.c; the fixed-base table lookup, the recodings and the
 * point decoding (with this field's square-root chain) are shared with the
 * portable backend. Empty when F25519_HAVE_MULX is 0 (arch/mulx_asm.h).
 */
#include "ops.h"
#include "backend/mulx/fe64_mulx.h"
#include "backend/mulx/scalarmult_mulx.h"

#if F25519_HAVE_MULX
/* Two decodes around one interleaved pair of radix-2^64 chains. */
static int m_frombytes2(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32], int lenient0,
                        int lenient1)
{
    return ge51_frombytes2_vartime_with(out, s0, s1, lenient0, lenient1, f25519_fe51_pow22523_x2_mulx);
}

/* one thread: the team is for backends that split the work */
static void m_msm(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32],
                  f25519_team *team)
{
    (void)team;
    f25519_msm_mulx(out, n, a, P, b);
}

const f25519_ops f25519_ops_mulx = {
    .name = "mulx",
    .x25519 = f25519_x25519_ladder_mulx,
    .x25519_base = f25519_x25519_base_mulx,
    .ed25519_base = f25519_ed25519_base_mulx,
    .ed25519_double_scalar = f25519_double_scalarmult_mulx,
    .ed25519_quad_scalar = f25519_quad_scalarmult_mulx,
    .ed25519_frombytes2 = m_frombytes2,
    .ed25519_msm = m_msm,
};
#endif
