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

/* Backend names every backend-dependent test runs under. */
extern const char *const tu_backends[3];
#endif
