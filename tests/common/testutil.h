/*
 * Shared helpers of the fast25519 test programs: hex, backend selection
 * (FAST25519_IMPL, exit 77 = CTest skip), the test-vector directory
 * ($F25519_VECTORS), failure counting and a seeded PRNG for reproducible
 * random cases (seed printed; F25519_TEST_SEED overrides it).
 */
#ifndef F25519_TESTS_TESTUTIL_H
#define F25519_TESTS_TESTUTIL_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include "fast25519.h"
#include "json.h"

#define TU_SKIP 77

/* ---- hex ---- */
/* Decode hex (even length, [0-9a-fA-F]). Returns the byte count or -1. */
long tu_hex_decode(uint8_t *out, size_t cap, const char *hex);
/* Decode into a malloc'd buffer (at least 1 byte allocated). Exits on bad hex. */
uint8_t *tu_hex_alloc(const char *hex, size_t *len);
/* Decode exactly n bytes; exits with a message if the length differs. */
void tu_hex_exact(uint8_t *out, size_t n, const char *hex, const char *what);
/* Lowercase hex of in[0..n) into out (2n+1 bytes). */
void tu_hex_encode(char *out, const uint8_t *in, size_t n);
/* Print "label: hex" to stdout. */
void tu_hex_print(const char *label, const uint8_t *in, size_t n);

/* ---- backend ---- */
/* Reads FAST25519_IMPL. If it names a backend this CPU/build lacks, prints
 * "SKIP: backend X not available on this CPU/build" and exits 77. Checks that
 * f25519_impl() reports the requested backend. Returns the name in use. */
const char *tu_backend_setup(const char *test_name);

/* ---- test vectors ---- */
/* The vector directory: $F25519_VECTORS, else the CMake default. Exits 1
 * (never skips) with a loud message if it does not exist. */
const char *tu_vectors_dir(void);
/* Full path of a file under the vector dir (static buffer); exits 1 if missing. */
const char *tu_vector_path(const char *rel);
/* Parse a vector JSON file; exits 1 on any error. Caller json_free()s. */
json_value *tu_load_json(const char *rel);
/* String field that must exist (exits 1 otherwise). */
const char *tu_str(const json_value *obj, const char *key);

/* ---- results ---- */
extern long tu_failures, tu_checks;
/* Record a failure (printf-style message, printed with a FAIL: prefix). */
void tu_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print the summary line and return the process exit code (0 or 1). */
int tu_finish(const char *test_name);
#define TU_CHECK(cond, ...) do { tu_checks++; if (!(cond)) tu_fail(__VA_ARGS__); } while (0)

/* ---- random ---- */
void tu_rng_init(void);          /* seeds from F25519_TEST_SEED or the OS; prints the seed */
uint64_t tu_rand64(void);
uint32_t tu_rand_below(uint32_t n);  /* uniform-ish in [0, n) */
void tu_rand_bytes(void *buf, size_t n);

/* Backend names this build knows (portable, the native vector backends and,
 * in an emulated twin, the "-emu" ones), NULL-terminated. */
extern const char *const tu_backends[];

/* ---- vector backends: native or emulated ---- */
/* The IFMA backend's name in this program: "ifma", or "ifma-emu" in an
 * emulated twin (compiled with F25519_EMU=1 and linked to the test-only
 * emulated library: the same vector sources built against SIMDe). */
#if F25519_EMU
#define TU_IFMA_NAME "ifma-emu"
#else
#define TU_IFMA_NAME "ifma"
#endif
/* For tests that call the IFMA routines directly: in a native program, exits
 * 77 with a visible SKIP line on a CPU without AVX-512F/VL/IFMA; in an
 * emulated twin, runs anywhere. Prints which of the two runs. */
static inline void tu_require_ifma_code(const char *test_name)
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
#endif
