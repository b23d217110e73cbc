/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The portable backend's ops table: pure C, radix 2^51, runs on any 64-bit
 * target (the radix-2^64 MULX code is the separate mulx backend). */
#include "impl.h"
#include "common/wipe.h"
#include "backend/portable/scalarmult_portable.h"

static void p_x25519_x8(uint8_t out[8][32], const uint8_t k[8][32], const uint8_t u[8][32])
{
    for (int i = 0; i < 8; i++) f25519_x25519_ladder_portable(out[i], k[i], u[i]);
}

/* u([k]B) via the Edwards fixed base and u = (Z + Y) / (Z - Y). */
static void p_x25519_base(uint8_t out[32], const uint8_t k[32])
{
    ge51_p3 h;
    f25519_ge51_scalarmult_base(&h, k);
    ge51_to_montgomery_u(out, &h);
    f25519_wipe(&h, sizeof h);
}

static void p_x25519_base_x8(uint8_t out[8][32], const uint8_t k[8][32])
{
    for (int i = 0; i < 8; i++) p_x25519_base(out[i], k[i]);
}

static void p_ed25519_base(uint8_t out[32], const uint8_t a[32])
{
    ge51_p3 h;
    f25519_ge51_scalarmult_base(&h, a);
    ge51_tobytes(out, &h);
    f25519_wipe(&h, sizeof h);
}

static void p_ed25519_base_x8(uint8_t out[8][32], const uint8_t a[8][32])
{
    for (int i = 0; i < 8; i++) p_ed25519_base(out[i], a[i]);
}

/* Two independent decodes (the IFMA backend shares one exponentiation). */
static int p_frombytes2(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32], int lenient0,
                        int lenient1)
{
    int bad0 = ge51_frombytes_vartime(&out[0], s0, lenient0) != 0;
    int bad1 = ge51_frombytes_vartime(&out[1], s1, lenient1) != 0;
    return bad0 | (bad1 << 1);
}

/* Batch verification entries: one item at a time (the multi-scalar
 * multiplication is msm_portable.c's Straus / Pippenger). */
static int p_frombytes_x8(ge51_p3 out[8], const uint8_t *const s[8], unsigned lenient)
{
    int bad = 0;
    for (int i = 0; i < 8; i++)
        bad |= (ge51_frombytes_vartime(&out[i], s[i], (int)((lenient >> i) & 1)) != 0) << i;
    return bad;
}

static void p_double_scalar_x8(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                               const uint8_t b[8][32])
{
    for (int i = 0; i < 8; i++) f25519_ge51_double_scalarmult_vartime(&out[i], a[i], &A[i], b[i]);
}

/* one thread: the team is for backends that split the work */
static void p_msm(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32],
                  f25519_team *team)
{
    (void)team;
    f25519_ge51_msm_vartime(out, n, a, P, b);
}

const f25519_ops f25519_ops_portable = {
    .name = "portable",
    .x25519 = f25519_x25519_ladder_portable,
    .x25519_x8 = p_x25519_x8,
    .x25519_base = p_x25519_base,
    .x25519_base_x8 = p_x25519_base_x8,
    .ed25519_base = p_ed25519_base,
    .ed25519_base_x8 = p_ed25519_base_x8,
    .ed25519_double_scalar = f25519_ge51_double_scalarmult_vartime,
    .ed25519_quad_scalar = f25519_ge51_quad_scalarmult_vartime,
    .ed25519_frombytes2 = p_frombytes2,
    .ed25519_frombytes_x8 = p_frombytes_x8,
    .ed25519_double_scalar_x8 = p_double_scalar_x8,
    .ed25519_msm = p_msm,
};
