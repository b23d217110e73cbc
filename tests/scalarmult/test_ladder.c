/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* X25519 ladders: the C radix-2^51 ladder and (on x86-64 with BMI2+ADX) the
 * MULX ladder agree with each other and with OpenSSL on random and edge u;
 * fixed-base X25519 (Edwards path) agrees with the ladder on u = 9. */
#include <openssl/evp.h>
#include "testutil.h"
#include "tu_x25519.h"
#include "fast25519.h"
#include "ops.h"
#include "backend/portable/scalarmult_portable.h"
#include "backend/mulx/scalarmult_mulx.h"

int main(void)
{
    tu_rng_init();
    if (f25519_select_backend("portable") != 0) return 1; /* this suite tests the portable core */
    int have_mulx = 0;
#if F25519_HAVE_MULX
    uint32_t need = F25519_CPU_BMI2 | F25519_CPU_ADX;
    have_mulx = (f25519_cpu_features() & need) == need;
#endif
    printf("mulx ladder %s\n", have_mulx ? "tested" : "not available (skipped)");
    for (int it = 0; it < 3000; it++) {
        uint8_t k[32], u[32], a[32], o[32];
#if F25519_HAVE_MULX
        uint8_t b[32];
#endif
        tu_rand_bytes(k, 32);
        tu_rand_bytes(u, 32);
        int mode = it % 8;
        if (mode == 1) { memset(u, 0xff, 32); u[0] = (uint8_t)(0xed + (tu_rand64() % 19)); } /* u >= p */
        if (mode == 2) memset(u, 0, 32);
        if (mode == 3) { memset(u, 0, 32); u[0] = 1; }
        if (mode == 4) { memset(u, 0xff, 32); }
        tu_clamp(k);
        f25519_x25519_ladder_portable(a, k, u);
#if F25519_HAVE_MULX
        if (have_mulx) {
            f25519_x25519_ladder_mulx(b, k, u);
            CHECK(memcmp(a, b, 32) == 0, "mulx vs C it=%d", it);
            f25519_x25519_ladder_mulx_c(b, k, u);
            CHECK(memcmp(a, b, 32) == 0, "mulx (C ladder.h) vs C it=%d", it);
        }
#endif
        if (it % 3 == 0) {
            int ok = tu_ossl_x25519(o, k, u);
            /* OpenSSL fails the derive on an all-zero result */
            uint8_t z[32] = {0};
            if (ok) CHECK(memcmp(a, o, 32) == 0, "C ladder vs OpenSSL it=%d", it);
            else CHECK(memcmp(a, z, 32) == 0, "OpenSSL refused a non-zero result it=%d", it);
        }
        /* fixed base: u([k]B) via Edwards equals the ladder on u = 9 */
        if (it % 5 == 0) {
            uint8_t nine[32] = {9}, pub[32];
            f25519_x25519_ladder_portable(a, k, nine);
            CHECK(f25519_x25519_public(pub, k) == 0 && memcmp(pub, a, 32) == 0, "base it=%d", it);
        }
    }
    return tu_finish("test_ladder");
}
