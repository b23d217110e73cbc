/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The test harness of fast25519 (tests/common), used by every test program:
 *   checks     CHECK(cond, fmt, ...), failure counting, the summary line
 *   random     one seeded PRNG for reproducible random cases (seed printed;
 *              F25519_TEST_SEED overrides it)
 *   hex        decoding and printing
 *   vectors    the test-vector directory ($F25519_VECTORS, else the CMake
 *              default) and its JSON files (libjansson)
 *   points     the low-order point lists (X25519 u, Ed25519 encodings)
 *   backend    FAST25519_BACKEND selection (exit 77 = CTest skip), ifma code checks
 *   timer      the serialised tick read shared with `fast25519 bench`
 * Only backend.c calls the library, so programs that do not link it (the
 * provider's tests) can use the rest.
 */
#ifndef F25519_TESTS_TESTUTIL_H
#define F25519_TESTS_TESTUTIL_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "bench_ticks.h" /* bench/fast25519 */
#include "fast25519.h"

#define TU_SKIP 77
#define TU_NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* ---- checks (check.c) ---- */
extern long tu_failures, tu_checks;
/* Called after a failure is recorded (e.g. the provider tests print OpenSSL's error queue). */
extern void (*tu_fail_hook)(void);
/* Record a failure: "FAIL: [file:line: ]message" on stdout (the first 200 are printed). */
void tu_fail_at(const char *file, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
#define tu_fail(...) tu_fail_at(NULL, 0, __VA_ARGS__)
/* Count a check; record a failure "FAIL: file:line: message" when cond is false. */
#define CHECK(cond, ...) \
    do { tu_checks++; if (!(cond)) tu_fail_at(__FILE__, __LINE__, __VA_ARGS__); } while (0)
/* Print "name: N checks, M failures -> passed|FAILED" and return the exit code (0 or 1). */
int tu_finish(const char *test_name);

/* ---- random (rng.c): xoshiro256**, reproducible test inputs, never for secrets ---- */
void tu_rng_init(void);          /* seeds from F25519_TEST_SEED or the OS; prints the seed */
uint64_t tu_rand64(void);
uint32_t tu_rand_below(uint32_t n);  /* uniform-ish in [0, n) */
void tu_rand_bytes(void *buf, size_t n);

/* ---- hex (hex.c) ---- */
/* Decode hex[0..hexlen) (even length, [0-9a-fA-F]) into out. Returns the byte count or -1. */
long tu_hex_decode_n(uint8_t *out, size_t cap, const char *hex, size_t hexlen);
long tu_hex_decode(uint8_t *out, size_t cap, const char *hex); /* NUL-terminated hex */
/* Decode into a malloc'd buffer (at least 1 byte); NULL for NULL or bad hex. */
uint8_t *tu_hex_dup(const char *hex, size_t *len);
/* As tu_hex_dup, but exits on bad hex. */
uint8_t *tu_hex_alloc(const char *hex, size_t *len);
/* Decode exactly n bytes; exits with a message if the length differs. */
void tu_hex_exact(uint8_t *out, size_t n, const char *hex, const char *what);
/* Lowercase hex of in[0..n) into out (2n+1 bytes). */
void tu_hex_encode(char *out, const uint8_t *in, size_t n);
/* Print "  label: hex" to stdout. */
void tu_hex_print(const char *label, const uint8_t *in, size_t n);

/* ---- test vectors (vectors.c) ---- */
/* The vector directory: $F25519_VECTORS, else the CMake default. Exits 1
 * (never skips) with a loud message if it does not exist. */
const char *tu_vectors_dir(void);
/* Full path of a file under the vector dir (static buffer); exits 1 if missing. */
const char *tu_vector_path(const char *rel);
/* The jansson decoding flags of the vector files: duplicate keys rejected, \u0000 allowed
 * in strings (json_string_length() then tells the length). */
#define TU_JSON_FLAGS (JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL)
/* Parse a vector JSON file with jansson (TU_JSON_FLAGS); exits 1 on any error.
 * Caller json_decref()s. */
json_t *tu_load_json(const char *rel);
json_t *tu_load_json_file(const char *path); /* the same for a path outside the vector dir */
/* String member of an object; NULL when missing or not a string. */
const char *tu_json_str(const json_t *obj, const char *key);
/* String member that must exist (exits 1 otherwise). */
const char *tu_str(const json_t *obj, const char *key);
/* Integer member (e.g. tcId); -1 when missing or not an integer. */
int tu_json_int(const json_t *obj, const char *key);

/* ---- low-order points (low_order.c) ---- */
/* X25519 u-coordinates of the points of order 1, 2, 4, 8 and their +p encodings:
 * 0, 1, the two order-8 u, p - 1, p (= 0), p + 1 (= 1); bit 255 clear (X25519
 * ignores it: tests also try each with it set). X25519 of any of them is 0. */
#define TU_X25519_LOW_ORDER_N 7
extern const char *const tu_x25519_low_order[TU_X25519_LOW_ORDER_N];
/* Ed25519 encodings of low-order points: [0, 8) the 8 canonical torsion points
 * (y = 1; y = -1; y = 0 with both x signs; the order-8 points with both signs),
 * [8, 10) x = 0 with the sign bit set (y = 1, y = -1: non-canonical),
 * [10, 14) y >= p (y = p + 1, p; with and without the sign bit: non-canonical). */
#define TU_ED25519_LOW_ORDER_N 14
#define TU_ED25519_TORSION_N 8
extern const char *const tu_ed25519_low_order[TU_ED25519_LOW_ORDER_N];

/* ---- backend (backend.c) ---- */
/* Reads FAST25519_BACKEND. If it names a backend this CPU/build lacks, prints
 * "SKIP: backend X not available on this CPU/build" and exits 77. Checks that
 * f25519_backend() reports the requested backend. Returns the name in use. */
const char *tu_backend_setup(const char *test_name);
/* Backend names this build knows (portable, the native vector backends and,
 * in an emulated twin, the "-emu" ones), NULL-terminated. */
extern const char *const tu_backends[];
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
void tu_require_ifma_code(const char *test_name);
/* The same, and the ifma backend must be in this build (API tests). */
void tu_require_ifma_backend(const char *test_name);
/* The same for the avx2 backend's vector code (AVX2; "avx2-emu" in a twin). */
#if F25519_EMU
#define TU_AVX2_NAME "avx2-emu"
#else
#define TU_AVX2_NAME "avx2"
#endif
void tu_require_avx2_code(const char *test_name);

/* ---- timer: the serialised tick read of `fast25519 bench` (bench/fast25519/bench_ticks.h) ---- */
static inline uint64_t tu_ticks(void) { return f25519_bench_ticks(); }
#endif
