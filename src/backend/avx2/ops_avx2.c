/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The avx2 backend's ops table (selected by dispatch.c when CPUID reports
 * AVX2 + BMI2 + ADX and no AVX-512IFMA; FAST25519_BACKEND=avx2 forces it, also
 * on IFMA hosts). Vector code: x25519_x8, two 4-lane Montgomery ladders on
 * the radix-2^25.5 AVX2 field (backend/avx2/ladder_avx2.c, backend/avx2/fe25x4_avx2.*);
 * x25519_base_x8 / ed25519_base_x8, two 4-lane fixed-base combs
 * (backend/avx2/base_avx2.c, table avx2_base.c); batch verification's
 * ed25519_double_scalar_x8, two lock-step 4-lane Straus sets with per-lane tables
 * (backend/avx2/double_avx2.c, points backend/avx2/ge25x4_avx2.h), and
 * ed25519_frombytes_x8, eight decodings on two interleaved 4-lane
 * square-root chains (backend/avx2/ge25x4_decode_avx2.c, backend/avx2/fe25x4_pow_avx2.c).
 *
 * Every other entry is the mulx backend's own function (radix 2^64,
 * MULX/ADCX/ADOX), called through its table: a single X25519 or fixed-base
 * multiplication is one latency-bound chain, and the 4-lane radix-2^25.5
 * field gives one chain a quarter of a vector (one instance per 64-bit lane),
 * so mulx is faster there: one 4-lane ladder is half of an x8 call's work,
 * more than twice a mulx derive. Spreading ONE key over the 8 lanes of the
 * fixed-base comb only ties with mulx (the 4-lane product is bound by the
 * vector units' total op count), and a single ladder laid out as in Sandy2x
 * (Chou; docs/references.md: x2, z2, x3, z3 in the lanes, three dependent
 * 4-lane products per step) is slower than mulx's step: a chain of dependent 4-lane products pays
 * their latency. Scalar
 * products placed between the vector products do not overlap them either.
 * Where mulx is not built
 * (F25519_HAVE_MULX = 0: unoptimized or MSan builds, F25519_NO_ASM) those
 * entries are the portable backend's, and the dispatcher then needs only
 * AVX2 (dispatch.c).
 * The emulated test build (F25519_EMU=1) compiles this same table as
 * backend "avx2-emu": the vector code on SIMDe, the borrowed entries native.
 */
#include "ops.h"
#include "backend/avx2/ladder_avx2.h"
#include "backend/avx2/base_avx2.h"
#include "backend/avx2/double_avx2.h"
#include "backend/avx2/ge25x4_decode_avx2.h"
#include "backend/avx2/msm_avx2.h"
#include "backend/avx2/sha512_x8_avx2.h"
#include "backend/mulx/scalarmult_mulx.h"
#include "backend/portable/scalarmult_portable.h"

#if F25519_HAVE_MULX
#define SCALAR_OPS (&f25519_ops_mulx)
#else
#define SCALAR_OPS (&f25519_ops_portable)
#endif

static void v_x25519(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    SCALAR_OPS->x25519(out, k, u);
}
static void v_x25519_base(uint8_t out[32], const uint8_t k[32])
{
    SCALAR_OPS->x25519_base(out, k);
}
static void v_ed25519_base(uint8_t out[32], const uint8_t a[32])
{
    SCALAR_OPS->ed25519_base(out, a);
}
static void v_double_scalar(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A, const uint8_t b[32])
{
    SCALAR_OPS->ed25519_double_scalar(out, a, A, b);
}
static void v_quad_scalar(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A, const uint8_t c[32],
                          const ge51_p3 *C, const uint8_t b[32])
{
    SCALAR_OPS->ed25519_quad_scalar(out, a, A, c, C, b);
}
static int v_frombytes2(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32], int lenient0, int lenient1)
{
    return SCALAR_OPS->ed25519_frombytes2(out, s0, s1, lenient0, lenient1);
}
/* The multi-scalar multiplication: from V_MSM_MIN points, the window sums of
 * msm_avx2.c (one window per 64-bit lane) combined with [b]B on one chain of
 * doublings (msm_wnaf.h's _horner of the scalar backend); below, or when
 * malloc fails, the scalar backend's Straus / Pippenger. */
#ifndef V_MSM_MIN
#define V_MSM_MIN 64
#endif
static void v_msm(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32],
                  f25519_team *team)
{
    if (n >= V_MSM_MIN) {
        ge51_p3 T[64];
        int nw, c = f25519_msm_avx2_width(n, a, &nw);
        if (f25519_msm_avx2_windows(T, n, a, P, c, nw, team)) {
#if F25519_HAVE_MULX
            f25519_msm_mulx_horner(out, nw, c, T, b);
#else
            f25519_msm_portable_horner(out, nw, c, T, b);
#endif
            return;
        }
    }
    SCALAR_OPS->ed25519_msm(out, n, a, P, b, team);
}

const f25519_ops f25519_ops_avx2 = {
    .name = F25519_EMU ? "avx2-emu" : "avx2",
    .x25519 = v_x25519,
    .x25519_x8 = f25519_ladder_avx2_x8,
    .x25519_base = v_x25519_base,
    .x25519_base_x8 = f25519_x25519_base_avx2_x8,
    .ed25519_base = v_ed25519_base,
    .ed25519_base_x8 = f25519_ed25519_base_avx2_x8,
    .ed25519_double_scalar = v_double_scalar,
    .ed25519_quad_scalar = v_quad_scalar,
    .ed25519_frombytes2 = v_frombytes2,
    .ed25519_frombytes_x8 = f25519_frombytes_avx2_x8,
    .ed25519_double_scalar_x8 = f25519_double_scalar_avx2_x8,
    .ed25519_quad_scalar_x8 = f25519_quad_scalar_avx2_x8,
    .ed25519_msm = v_msm,
    .ed25519_msm_threaded = 1,
    .sha512_x8 = f25519_sha512_x8_avx2,
};
