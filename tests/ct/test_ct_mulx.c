/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Constant-time check of the mulx backend under valgrind memcheck: the
 * secret scalars are marked undefined, so any branch or memory index that
 * depends on them is reported (the test is run with --error-exitcode).
 * Valgrind hides ADX from CPUID, so the public API cannot select mulx there
 * (tests/ct/ct_valgrind.c covers portable); this test calls every secret-taking
 * entry of the mulx ops table directly (valgrind executes MULX/ADCX/ADOX).
 * Without valgrind it just runs them. */
#include "testutil.h"
#include "fast25519.h"
#include "backend/portable/scalarmult_portable.h"
#include "backend/mulx/scalarmult_mulx.h"
#include "ops.h"
#if F25519_HAVE_MULX && defined(F25519_HAVE_MEMCHECK_H)
#include <valgrind/memcheck.h>
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED(p, n)
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED(p, n)
/* Under valgrind, the output must carry the secret mark (else nothing secret
 * reached the code under test and the check would be vacuous). */
static int tainted(const uint8_t *p, size_t n)
{
    unsigned char vb[32];
    if (!RUNNING_ON_VALGRIND) return 1;
    if (n > sizeof vb || VALGRIND_GET_VBITS(p, vb, n) != 1) return 0;
    unsigned acc = 0;
    for (size_t i = 0; i < n; i++) acc |= vb[i];
    return acc != 0;
}
#define CHECK_TAINTED(p, n, what) CHECK(tainted(p, n), "%s: output not derived from the secret", what)
#else
#define SECRET(p, n) ((void)(p), (void)(n))
#define PUBLIC(p, n) ((void)(p), (void)(n))
#define CHECK_TAINTED(p, n, what) ((void)0)
#endif

int main(void)
{
    tu_rng_init();
#if !F25519_HAVE_MULX
    printf("SKIP: test_ct_mulx: MULX path not built\n");
    return 77;
#else
    /* The functions are called directly, so check the CPU here (natively;
     * valgrind hides ADX from CPUID but executes MULX/ADCX/ADOX). */
    uint32_t need = F25519_CPU_BMI2 | F25519_CPU_ADX;
    int on_valgrind = 0;
#if defined(F25519_HAVE_MEMCHECK_H)
    on_valgrind = RUNNING_ON_VALGRIND ? 1 : 0;
#endif
    if (!on_valgrind && (f25519_cpu_features() & need) != need) {
        printf("SKIP: test_ct_mulx: CPU lacks BMI2/ADX\n");
        return 77;
    }
    for (int it = 0; it < 4; it++) {
        uint8_t k[32], u[32], o[32], a[32];
        tu_rand_bytes(k, 32);
        tu_rand_bytes(u, 32);
        k[0] &= 248;
        k[31] &= 127;
        k[31] |= 64;
        memcpy(a, k, 32);
        a[31] &= 15; /* < L */
        SECRET(k, 32);
        SECRET(a, 32);
        f25519_x25519_ladder_mulx(o, k, u);
        CHECK_TAINTED(o, 32, "f25519_x25519_ladder_mulx");
        PUBLIC(o, 32);
        f25519_x25519_ladder_mulx_c(o, k, u); /* the C ladder the assembly loop replaces */
        CHECK_TAINTED(o, 32, "f25519_x25519_ladder_mulx_c");
        PUBLIC(o, 32);
        f25519_ed25519_base_mulx(o, a);
        CHECK_TAINTED(o, 32, "f25519_ed25519_base_mulx");
        PUBLIC(o, 32);
        f25519_x25519_base_mulx(o, a);
        CHECK_TAINTED(o, 32, "f25519_x25519_base_mulx");
        PUBLIC(o, 32);
        /* the fixed base's SSE2 table scan (the functions above take AVX2 where present) */
        f25519_ed25519_base_mulx_scan(o, a, 0);
        CHECK_TAINTED(o, 32, "f25519_ed25519_base_mulx_scan sse2");
        PUBLIC(o, 32);
        f25519_x25519_base_mulx_scan(o, k, 0);
        CHECK_TAINTED(o, 32, "f25519_x25519_base_mulx_scan sse2");
        PUBLIC(o, 32);
        /* the ops table as the dispatcher hands it out, batch entries too */
        const f25519_ops *m = &f25519_ops_mulx;
        uint8_t k8[8][32], u8[8][32], o8[8][32];
        for (int l = 0; l < 8; l++) {
            memcpy(k8[l], k, 32);
            k8[l][0] ^= (uint8_t)(8 * l); /* stays clamped */
            memcpy(u8[l], u, 32);
            u8[l][1] ^= (uint8_t)l;
        }
        SECRET(k8, sizeof k8);
        m->x25519(o, k, u);
        CHECK_TAINTED(o, 32, "mulx ops x25519");
        PUBLIC(o, 32);
        m->x25519_base(o, k);
        CHECK_TAINTED(o, 32, "mulx ops x25519_base");
        PUBLIC(o, 32);
        m->ed25519_base(o, k);
        CHECK_TAINTED(o, 32, "mulx ops ed25519_base");
        PUBLIC(o, 32);
        f25519_ops_x25519_x8(m, o8, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])u8);
        CHECK_TAINTED(o8[7], 32, "mulx ops x25519_x8");
        PUBLIC(o8, sizeof o8);
        f25519_ops_x25519_base_x8(m, o8, (const uint8_t(*)[32])k8);
        CHECK_TAINTED(o8[7], 32, "mulx ops x25519_base_x8");
        PUBLIC(o8, sizeof o8);
        f25519_ops_ed25519_base_x8(m, o8, (const uint8_t(*)[32])k8);
        CHECK_TAINTED(o8[7], 32, "mulx ops ed25519_base_x8");
        PUBLIC(o8, sizeof o8);
    }
    return tu_finish("test_ct_mulx");
#endif
}
