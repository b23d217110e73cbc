/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Backend selection for the test programs (see testutil.h): the only harness file that
 * calls the library. */
#include <string.h>
#include "fast25519.h"
#include "backends.h" /* the registry */
#include "common/backend_env.h"
#include "testutil.h"

const char *const tu_backends[] = {F25519_BACKEND_NAMES
#if F25519_EMU
                                   F25519_EMU_BACKEND_NAMES
#endif
                                   NULL};

const char *tu_backend_setup(const char *test_name)
{
    const char *var;
    const char *want = f25519_backend_env(&var);
    if (want && *want && strcmp(want, "auto") != 0) {
        if (!f25519_backend_available(want)) {
            printf("SKIP: backend %s not available on this CPU/build (%s)\n", want, test_name);
            fflush(stdout);
            exit(TU_SKIP);
        }
        if (strcmp(f25519_backend(), want) != 0) {
            printf("FAIL: %s=%s but f25519_backend() reports %s\n", var, want, f25519_backend());
            exit(1);
        }
    }
    printf("%s: backend %s\n", test_name, f25519_backend());
    return f25519_backend();
}

void tu_require_ifma_code(const char *test_name)
{
    const uint32_t need = F25519_CPU_AVX512F | F25519_CPU_AVX512VL | F25519_CPU_AVX512IFMA;
#if F25519_EMU
    (void)need;
    printf("%s: ifma code EMULATED (SIMDe + src/arch/emu_shim.h)\n", test_name);
#else
    if ((f25519_cpu_features() & need) != need) {
        printf("SKIP: %s: this CPU lacks AVX-512F/VL/IFMA (the ifma-emu variant of this test runs "
               "the same code emulated)\n", test_name);
        fflush(stdout);
        exit(TU_SKIP);
    }
    printf("%s: ifma code NATIVE\n", test_name);
#endif
    fflush(stdout);
}

void tu_require_ifma_backend(const char *test_name)
{
    tu_require_ifma_code(test_name);
    if (!f25519_backend_available(TU_IFMA_NAME)) {
        printf("FAIL: %s: the %s backend is not in this build\n", test_name, TU_IFMA_NAME);
        exit(1);
    }
}

void tu_require_avx2_code(const char *test_name)
{
#if F25519_EMU
    printf("%s: avx2 code EMULATED (SIMDe)\n", test_name);
#else
    if (!(f25519_cpu_features() & F25519_CPU_AVX2)) {
        printf("SKIP: %s: this CPU lacks AVX2 (the avx2-emu variant of this test runs "
               "the same code emulated)\n", test_name);
        fflush(stdout);
        exit(TU_SKIP);
    }
    printf("%s: avx2 code NATIVE\n", test_name);
#endif
    fflush(stdout);
}
