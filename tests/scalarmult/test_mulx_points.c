/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The radix-2^64 MULX fixed-base and double-scalar code (x86-64, BMI2+ADX)
 * gives exactly the results of the portable fe51 code. Skipped (exit 77,
 * CTest SKIP, with a "SKIP:" line) where the MULX path is not built or the
 * CPU lacks BMI2/ADX. */
#include "testutil.h"
#include "fast25519.h"
#include "ops.h"
#include "scalar/sc25519.h"
#include "backend/portable/scalarmult_portable.h"
#include "backend/mulx/scalarmult_mulx.h"

int main(void)
{
    tu_rng_init();
#if !F25519_HAVE_MULX
    printf("SKIP: test_mulx_points: MULX path not built\n");
    return 77;
#else
    uint32_t need = F25519_CPU_BMI2 | F25519_CPU_ADX;
    if ((f25519_cpu_features() & need) != need) {
        printf("SKIP: test_mulx_points: CPU lacks BMI2/ADX\n");
        return 77;
    }
    static const char *tors[3] = {
        "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
        "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
        "0000000000000000000000000000000000000000000000000000000000000080"};
    for (int it = 0; it < 2000; it++) {
        uint8_t a[32], b[32], r64[32], r51[32], e64[32], e51[32];
        tu_rand_bytes(a, 32);
        if (it == 0) memset(a, 0, 32);
        if (it == 1) { memset(a, 0, 32); a[0] = 1; }
        sc25519_reduce32(a, a);
        ge51_p3 h, A, o51, o64;
        f25519_scalarmult_base_portable(&h, a);
        ge51_tobytes(r51, &h);
        f25519_ed25519_base_mulx(r64, a);
        CHECK(memcmp(r51, r64, 32) == 0, "ed25519 base it=%d", it);
        ge51_to_montgomery_u(r51, &h);
        f25519_x25519_base_mulx(r64, a);
        CHECK(memcmp(r51, r64, 32) == 0, "x25519 base it=%d", it);

        /* double scalar with A = [c]B (+ torsion sometimes), random a, b < 2^253 */
        uint8_t c[32];
        tu_rand_bytes(c, 32);
        sc25519_reduce32(c, c);
        f25519_scalarmult_base_portable(&A, c);
        if (it % 4 == 1) {
            ge51_p3 T;
            uint8_t tb[32];
            tu_hex_decode_n(tb, 32, tors[it % 3], 64);
            ge51_frombytes_vartime(&T, tb, 1);
            ge51_add(&A, &A, &T);
        }
        if (it % 7 == 3) ge51_neg(&A, &A);
        tu_rand_bytes(b, 32);
        tu_rand_bytes(a, 32);
        a[31] &= 0x1f;
        b[31] &= 0x1f;
        if (it == 2) memset(a, 0, 32);
        if (it == 3) memset(b, 0, 32);
        if (it == 4) { memset(a, 0, 32); memset(b, 0, 32); }
        f25519_double_scalarmult_portable(&o51, a, &A, b);
        f25519_double_scalarmult_mulx(&o64, a, &A, b);
        ge51_tobytes(e51, &o51);
        ge51_tobytes(e64, &o64);
        CHECK(memcmp(e51, e64, 32) == 0, "double scalar it=%d", it);
        /* the output is a valid extended point: (o64 + o64) encodes like 2*o51 */
        ge51_p3 d1, d2;
        ge51_add(&d1, &o64, &o64);
        ge51_dbl(&d2, &o51);
        ge51_tobytes(e51, &d2);
        ge51_tobytes(e64, &d1);
        CHECK(memcmp(e51, e64, 32) == 0, "double scalar T coordinate it=%d", it);
    }
    return tu_finish("test_mulx_points");
#endif
}
