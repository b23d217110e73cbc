/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The fixed-base ops entries take clamped scalars unreduced (k < 2^255, not
 * only k < L; x25519.c and ed25519.c no longer reduce mod L): for random
 * and edge clamped keys, x25519_base(k) of every path (portable C comb,
 * MULX comb when the CPU has it, ifma 1x8, ifma 8x1 lanes) must equal the
 * RFC 7748 ladder X25519(k, 9), and ed25519_base(a) must equal
 * ed25519_base(a mod L) on both backends (single and x8).
 */
#include "testutil.h"
#include "tu_x25519.h"
#include "ops.h"
#include "scalar/sc25519.h"
#include "backend/portable/scalarmult_portable.h"
#include "backend/mulx/scalarmult_mulx.h"

int main(void)
{
    tu_rng_init();
    tu_require_ifma_backend("test_base_clamped");
    const f25519_ops *ifma = &f25519_ops_ifma, *port = &f25519_ops_portable;
    static const uint8_t nine[32] = { 9 };
    enum { N = 400 };
    int n = 0;
    for (int it = 0; it < N; it += 8) {
        uint8_t k[8][32], red[8][32], ref[8][32], o1[32], o8[8][32], p8[8][32];
        for (int l = 0; l < 8; l++) {
            tu_rand_bytes(k[l], 32);
            if (it == 0 && l < 4) memset(k[l], l < 2 ? 0 : 0xff, 32); /* 2^254, 2^255 - 8 */
            if (it == 0 && (l & 1)) k[l][0] ^= 0xf8;                 /* 2^254 + 248, ... */
            tu_clamp(k[l]);
            sc25519_reduce32(red[l], k[l]);
            f25519_x25519_ladder_portable(ref[l], k[l], nine);
        }
        /* X25519 fixed base, every path, vs the ladder */
        f25519_ops_x25519_base_x8(ifma, o8, (const uint8_t(*)[32])k);
        f25519_ops_x25519_base_x8(port, p8, (const uint8_t(*)[32])k);
        for (int l = 0; l < 8; l++, n++) {
            ge51_p3 h;
            uint8_t c[32];
            f25519_scalarmult_base_portable(&h, k[l]);
            ge51_to_montgomery_u(c, &h);
            CHECK(!memcmp(c, ref[l], 32), "portable C comb, iter %d lane %d", it, l);
#if F25519_HAVE_MULX
            if (f25519_backend_available("mulx")) {
                f25519_x25519_base_mulx(c, k[l]);
                CHECK(!memcmp(c, ref[l], 32), "MULX comb, iter %d lane %d", it, l);
            }
#endif
            ifma->x25519_base(o1, k[l]);
            CHECK(!memcmp(o1, ref[l], 32), "ifma x25519_base, iter %d lane %d", it, l);
            CHECK(!memcmp(o8[l], ref[l], 32), "ifma x25519_base_x8, iter %d lane %d", it, l);
            CHECK(!memcmp(p8[l], ref[l], 32), "portable x25519_base_x8, iter %d lane %d", it, l);
        }
        /* Ed25519 fixed base: unreduced == reduced */
        f25519_ops_ed25519_base_x8(ifma, o8, (const uint8_t(*)[32])k);
        f25519_ops_ed25519_base_x8(port, p8, (const uint8_t(*)[32])k);
        for (int l = 0; l < 8; l++) {
            uint8_t e_ref[32];
            port->ed25519_base(e_ref, red[l]);
            port->ed25519_base(o1, k[l]);
            CHECK(!memcmp(o1, e_ref, 32), "portable ed25519_base, iter %d lane %d", it, l);
            ifma->ed25519_base(o1, k[l]);
            CHECK(!memcmp(o1, e_ref, 32), "ifma ed25519_base, iter %d lane %d", it, l);
            CHECK(!memcmp(o8[l], e_ref, 32), "ifma ed25519_base_x8, iter %d lane %d", it, l);
            CHECK(!memcmp(p8[l], e_ref, 32), "portable ed25519_base_x8, iter %d lane %d", it, l);
        }
    }
    printf("test_base_clamped: %d clamped keys, all paths%s\n", n,
#if F25519_HAVE_MULX
           f25519_backend_available("mulx") ? " (MULX included)" : " (no MULX on this CPU)"
#else
           " (MULX not built)"
#endif
    );
    return tu_finish("test_base_clamped");
}
