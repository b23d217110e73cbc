/*
 * The AVX-512IFMA backend's ops table (selected by dispatch.c when CPUID
 * reports AVX512F + VL + IFMA). Fixed-base: 8x1-way tables (paper eq. 7) for
 * the x8 entries, 1x8-way (eq. 8) for single keygen/sign; double-scalar:
 * src/scalarmult/double_ifma.c; the X25519 ladders come from the ladder
 * files when built (F25519_HAVE_IFMA_LADDER), else from the portable table.
 */
#include "impl.h"
#include "scalarmult/base_ifma.h"
#include "scalarmult/double_ifma.h"
#include "scalarmult/inv_ifma.h"
#if F25519_HAVE_IFMA_LADDER
#include "scalarmult/ladder_ifma.h"
#endif

#if F25519_HAVE_IFMA_LADDER
#define IFMA_X25519 f25519_ladder_ifma
#if F25519_HAVE_IFMA_LADDER_X8
#define IFMA_X25519_X8 f25519_ladder_ifma_x8
#else
static void ifma_x25519_x8(uint8_t out[8][32], const uint8_t k[8][32], const uint8_t u[8][32])
{
    for (int i = 0; i < 8; i++) f25519_ladder_ifma(out[i], k[i], u[i]);
}
#define IFMA_X25519_X8 ifma_x25519_x8
#endif
#else
static void ifma_x25519(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    f25519_ops_portable.x25519(out, k, u);
}
static void ifma_x25519_x8(uint8_t out[8][32], const uint8_t k[8][32], const uint8_t u[8][32])
{
    f25519_ops_portable.x25519_x8(out, k, u);
}
#define IFMA_X25519 ifma_x25519
#define IFMA_X25519_X8 ifma_x25519_x8
#endif

const f25519_ops f25519_ops_ifma = {
    .name = "ifma",
    .x25519 = IFMA_X25519,
    .x25519_x8 = IFMA_X25519_X8,
    .x25519_base = f25519_ifma_x25519_base,
    .x25519_base_x8 = f25519_ifma_x25519_base_x8,
    .ed25519_base = f25519_ifma_ed25519_base,
    .ed25519_base_x8 = f25519_ifma_ed25519_base_x8,
    .ed25519_double_scalar = f25519_ifma_double_scalar,
    .ed25519_frombytes2 = f25519_ifma_frombytes2,
};
