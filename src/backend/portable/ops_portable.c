/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The portable backend's ops table: pure C, radix 2^51, runs on any 64-bit
 * target (the radix-2^64 MULX code is the separate mulx backend). */
#include "ops.h"
#include "common/wipe.h"
#include "backend/portable/scalarmult_portable.h"

/* u([k]B) via the Edwards fixed base and u = (Z + Y) / (Z - Y). */
static void p_x25519_base(uint8_t out[32], const uint8_t k[32])
{
    ge51_p3 h;
    f25519_scalarmult_base_portable(&h, k);
    ge51_to_montgomery_u(out, &h);
    f25519_wipe(&h, sizeof h);
}

static void p_ed25519_base(uint8_t out[32], const uint8_t a[32])
{
    ge51_p3 h;
    f25519_scalarmult_base_portable(&h, a);
    ge51_tobytes(out, &h);
    f25519_wipe(&h, sizeof h);
}

/* Two independent decodes (the IFMA backend shares one exponentiation). */
static int p_frombytes2(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32], int lenient0,
                        int lenient1)
{
    int bad0 = ge51_frombytes_vartime(&out[0], s0, lenient0) != 0;
    int bad1 = ge51_frombytes_vartime(&out[1], s1, lenient1) != 0;
    return bad0 | (bad1 << 1);
}

/* one thread: the team is for backends that split the work */
static void p_msm(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32],
                  f25519_team *team)
{
    (void)team;
    f25519_msm_portable(out, n, a, P, b);
}

const f25519_ops f25519_ops_portable = {
    .name = "portable",
    .x25519 = f25519_x25519_ladder_portable,
    .x25519_base = p_x25519_base,
    .ed25519_base = p_ed25519_base,
    .ed25519_double_scalar = f25519_double_scalarmult_portable,
    .ed25519_quad_scalar = f25519_quad_scalarmult_portable,
    .ed25519_frombytes2 = p_frombytes2,
    .ed25519_msm = p_msm,
};
