/* Shared helpers for the IFMA lane-by-lane tests: PRNG, skip logic, checks. */
#ifndef F25519_IFMA_TEST_UTIL_H
#define F25519_IFMA_TEST_UTIL_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fast25519.h"
#include "testutil.h"

static uint64_t t_rng_state = 0x9e3779b97f4a7c15ULL;
static inline uint64_t t_rand64(void)
{
    /* splitmix64: deterministic, seedable from env F25519_TEST_SEED */
    uint64_t z = (t_rng_state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static inline void t_randbytes(uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)t_rand64();
}
static inline void t_seed(void)
{
    const char *s = getenv("F25519_TEST_SEED");
    if (s) t_rng_state = strtoull(s, NULL, 0);
}
/* The IFMA routines must be runnable here: natively (exit 77 with a visible
 * SKIP line on a CPU without AVX-512F/VL/IFMA) or in the emulated twin. API
 * tests also need the backend itself, under its name in this build. */
static inline void t_require_ifma(const char *prog) { tu_require_ifma_code(prog); }
static inline void t_require_ifma_backend(const char *prog)
{
    tu_require_ifma_code(prog);
    if (!f25519_impl_available(TU_IFMA_NAME)) {
        printf("FAIL: %s: the %s backend is not in this build\n", prog, TU_IFMA_NAME);
        exit(1);
    }
}
static int t_failures;
#define T_CHECK(cond, ...)                                                     \
    do {                                                                       \
        if (!(cond)) {                                                         \
            if (t_failures++ < 20) {                                           \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);                    \
                printf(__VA_ARGS__);                                           \
                printf("\n");                                                  \
            }                                                                  \
        }                                                                      \
    } while (0)
#endif
