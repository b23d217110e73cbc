/*
 * The AVX-512IFMA backend's ops table (selected by dispatch.c when CPUID
 * reports AVX512F + VL + IFMA). Fixed-base: 8x1-way tables (paper eq. 7) for
 * the x8 entries, 1x8-way (eq. 8) for single keygen/sign; double-scalar:
 * src/scalarmult/double_ifma.c; X25519: the 4-lane single ladder and the
 * 8-lane batch ladder (src/scalarmult/ladder_ifma*.c).
 * The emulated test build (F25519_EMU=1) compiles this same table as
 * backend "ifma-emu" (see src/arch/simd_x86.h).
 */
#include "impl.h"
#include "scalarmult/base_ifma.h"
#include "scalarmult/double_ifma.h"
#include "point/ge51_decode_ifma.h"
#include "scalarmult/ladder_ifma.h"
#include "scalarmult/scalarmult_portable.h"

/* Batch verification: eight items through the single entries (4-lane double
 * scalar, 2-lane decoding); the multi-scalar multiplication is the portable
 * Straus (scalarmult/msm_portable.c). */
static int i_frombytes_x8(ge51_p3 out[8], const uint8_t *const s[8], unsigned lenient)
{
    int bad = 0;
    for (int i = 0; i < 8; i += 2)
        bad |= f25519_ifma_frombytes2(&out[i], s[i], s[i + 1], (int)((lenient >> i) & 1),
                                      (int)((lenient >> (i + 1)) & 1)) << i;
    return bad;
}

static void i_double_scalar_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                               const uint8_t b[8][32])
{
    for (int i = 0; i < 8; i++) f25519_ifma_double_scalar(&out[i], a[i], &A[i], b[i]);
}

const f25519_ops f25519_ops_ifma = {
    .name = F25519_EMU ? "ifma-emu" : "ifma",
    .x25519 = f25519_ladder_ifma,
    .x25519_x8 = f25519_ladder_ifma_x8,
    .x25519_base = f25519_ifma_x25519_base,
    .x25519_base_x8 = f25519_ifma_x25519_base_x8,
    .ed25519_base = f25519_ifma_ed25519_base,
    .ed25519_base_x8 = f25519_ifma_ed25519_base_x8,
    .ed25519_double_scalar = f25519_ifma_double_scalar,
    .ed25519_frombytes2 = f25519_ifma_frombytes2,
    .ed25519_frombytes_x8 = i_frombytes_x8,
    .ed25519_double_scalar_x8 = i_double_scalar_x8,
    .ed25519_msm = f25519_ge51_msm_vartime,
};
