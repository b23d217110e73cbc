/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fast25519 info: CPU features seen by the dispatcher, the backend in use, the backends available. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "fast25519.h"
#include "common/backend_env.h"
#include "backends.h" /* the registry: F25519_BACKEND_NAMES */

int cmd_info(int argc, char **argv)
{
    if (argc != 0) return cli_usage_error("info takes no arguments");
    static const struct {
        uint32_t bit;
        const char *name;
    } feats[] = {
        {F25519_CPU_BMI2, "bmi2"},         {F25519_CPU_ADX, "adx"},
        {F25519_CPU_AVX2, "avx2"},         {F25519_CPU_AVX512F, "avx512f"},
        {F25519_CPU_AVX512VL, "avx512vl"}, {F25519_CPU_AVX512IFMA, "avx512ifma"},
    };
    static const char *const backends[] = {F25519_BACKEND_NAMES}; /* dispatch order */
#if F25519_EMU /* bin/fast25519-emu, the test-only build on the emulated library */
    static const char *const emulated[] = {F25519_EMU_BACKEND_NAMES};
#endif
    uint32_t f = f25519_cpu_features();
    const char *var;
    const char *env = f25519_backend_env(&var);

    printf("version: %s\n", f25519_version());
    printf("cpu features:");
    int any = 0;
    for (size_t i = 0; i < sizeof feats / sizeof feats[0]; i++) {
        if (f & feats[i].bit) {
            printf(" %s", feats[i].name);
            any = 1;
        }
    }
    printf("%s\n", any ? "" : " (none of bmi2 adx avx2 avx512f avx512vl avx512ifma)");
    printf("backend: %s", f25519_backend());
    if (env && *env) printf(" (%s=%s)", var, env);
    else printf(" (auto, from CPUID)");
    printf("\nbackends:");
    for (size_t i = sizeof backends / sizeof backends[0]; i-- > 0;) /* slowest first */
        printf(" %s=%s", backends[i], f25519_backend_available(backends[i]) ? "available" : "unavailable");
#if F25519_EMU
    for (size_t i = 0; i < sizeof emulated / sizeof emulated[0]; i++)
        printf(" %s=%s", emulated[i], f25519_backend_available(emulated[i]) ? "available" : "unavailable");
#endif
    printf("\n");
    fflush(stdout);
    return cli_backend_ready(); /* forced missing backend: message on stderr, exit 2 */
}
