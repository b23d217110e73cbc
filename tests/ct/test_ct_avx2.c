/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time check of the avx2 backend under valgrind memcheck: the
 * secret scalars are marked undefined, so any branch or memory index that
 * depends on them is reported (the test runs with --error-exitcode).
 * Valgrind executes AVX2 (not AVX-512) but hides ADX from CPUID, so the
 * public API cannot select avx2 under it (avx2 needs BMI2 + ADX for its
 * mulx entries): this test calls every secret-taking entry of the avx2 ops
 * table directly: the vector x8 ladder (f25519_ladder_avx2_x8 and
 * ops.x25519_x8) and the entries borrowed from mulx. Each output must carry
 * the secret mark (else the check would be vacuous).
 * Without valgrind it just runs them (and checks lane 3 against mulx). */
#include "testutil.h"
#include "fast25519.h"
#include "backend/avx2/ladder_avx2.h"
#include "ops.h"
#if defined(F25519_HAVE_MEMCHECK_H)
#include <valgrind/memcheck.h>
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED(p, n)
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED(p, n)
static int tainted(const uint8_t *p, size_t n)
{
    unsigned char vb[256];
    if (!RUNNING_ON_VALGRIND) return 1;
    if (n > sizeof vb || VALGRIND_GET_VBITS(p, vb, n) != 1) return 0;
    unsigned acc = 0;
    for (size_t i = 0; i < n; i++) acc |= vb[i];
    return acc != 0;
}
#define CHECK_TAINTED(p, n, what) CHECK(tainted((const uint8_t *)(p), n), "%s: output not derived from the secret", what)
#define ON_VALGRIND (RUNNING_ON_VALGRIND ? 1 : 0)
#else
#define SECRET(p, n) ((void)(p), (void)(n))
#define PUBLIC(p, n) ((void)(p), (void)(n))
#define CHECK_TAINTED(p, n, what) ((void)0)
#define ON_VALGRIND 0
#endif

int main(void)
{
    tu_rng_init();
#if !F25519_HAVE_AVX2
    printf("SKIP: test_ct_avx2: avx2 backend not built\n");
    return 77;
#else
    /* Called directly: check the CPU here (valgrind hides ADX but executes it). */
    uint32_t need = F25519_CPU_AVX2 | (F25519_HAVE_MULX ? F25519_CPU_BMI2 | F25519_CPU_ADX : 0);
    uint32_t feat = f25519_cpu_features();
    if (ON_VALGRIND) need = F25519_CPU_AVX2;
    if ((feat & need) != need) {
        printf("SKIP: test_ct_avx2: CPU lacks AVX2%s\n", F25519_HAVE_MULX ? "/BMI2/ADX" : "");
        return 77;
    }
    printf("test_ct_avx2: %s\n", ON_VALGRIND ? "under valgrind (secrets undefined)" : "native run (no valgrind)");
    const f25519_ops *v = &f25519_ops_avx2;
    for (int it = 0; it < 3; it++) {
        uint8_t k[32], u[32], o[32];
        uint8_t k8[8][32], u8[8][32], o8[8][32];
        tu_rand_bytes(k8, sizeof k8);
        tu_rand_bytes(u8, sizeof u8);
        if (it == 1) memset(k8, 0, sizeof k8); /* sparse */
        if (it == 2) memset(k8, 0xff, sizeof k8);
        for (int l = 0; l < 8; l++) {
            k8[l][0] &= 248;
            k8[l][31] &= 127;
            k8[l][31] |= 64;
        }
        memcpy(k, k8[3], 32);
        memcpy(u, u8[3], 32);
        SECRET(k8, sizeof k8);
        SECRET(k, sizeof k);
        f25519_ladder_avx2_x8(o8, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])u8);
        CHECK_TAINTED(o8, sizeof o8, "f25519_ladder_avx2_x8");
        PUBLIC(o8, sizeof o8);
        f25519_ops_x25519_x8(v, o8, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])u8);
        CHECK_TAINTED(o8[7], 32, "avx2 ops x25519_x8");
        PUBLIC(o8, sizeof o8);
        v->x25519(o, k, u);
        CHECK_TAINTED(o, 32, "avx2 ops x25519");
        PUBLIC(o, 32);
        CHECK(memcmp(o, o8[3], 32) == 0, "x25519_x8 lane 3 != x25519");
        v->x25519_base(o, k);
        CHECK_TAINTED(o, 32, "avx2 ops x25519_base");
        PUBLIC(o, 32);
        v->ed25519_base(o, k);
        CHECK_TAINTED(o, 32, "avx2 ops ed25519_base");
        PUBLIC(o, 32);
        f25519_ops_x25519_base_x8(v, o8, (const uint8_t(*)[32])k8);
        CHECK_TAINTED(o8[7], 32, "avx2 ops x25519_base_x8");
        PUBLIC(o8, sizeof o8);
        f25519_ops_ed25519_base_x8(v, o8, (const uint8_t(*)[32])k8);
        CHECK_TAINTED(o8[7], 32, "avx2 ops ed25519_base_x8");
        PUBLIC(o8, sizeof o8);
        PUBLIC(k8, sizeof k8);
        PUBLIC(k, sizeof k);
    }
    return tu_finish("test_ct_avx2");
#endif
}
