/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Shared pieces of the fuzz harnesses (tests/fuzz): each harness is one
 * LLVMFuzzerTestOneInput, a differential against an independent
 * implementation (OpenSSL, libsodium) or against fast25519's own single calls.
 * It runs in two ways:
 *   - as a libFuzzer target (scripts/fuzz.sh: clang -fsanitize=fuzzer,address,undefined);
 *   - linked with replay_main.c, over the regression inputs (regress/<harness>/) and the
 *     seeds made from the external vectors (make_seeds.py): the CTest fuzz_replay_<harness>,
 *     in every build (Release, ASan+UBSan) without libFuzzer.
 * A mismatch prints what differs (backend, the inputs in hex) and abort()s: libFuzzer keeps the
 * input as a crash artifact, the replay exits non-zero.
 * Every harness runs each input under every backend this host and build can run (the loop over
 * fz_backends with f25519_select_backend); the emulated twin of a harness (<harness>_emu, linked to
 * the test-only fast25519_emu) adds the "-emu" backends.
 */
#ifndef F25519_FUZZ_COMMON_H
#define F25519_FUZZ_COMMON_H
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fast25519.h"
#include "backends.h" /* the registry: F25519_BACKEND_NAMES */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* The registry's backends (missing ones are skipped: the loop asks f25519_backend_available), so a
 * backend added later is fuzzed without a change here; portable first, the cross-backend
 * reference. The emulated twin runs portable and the emulated backends only: the native binary
 * covers the others. */
#if F25519_EMU
static const char *const fz_all_backends[] = {"portable", F25519_EMU_BACKEND_NAMES NULL};
#else
static const char *const fz_all_backends[] = {"portable", F25519_BACKEND_NAMES NULL};
#endif
static const char *fz_backends[sizeof fz_all_backends / sizeof fz_all_backends[0]];
static int fz_nbackends;
/* F25519_FUZZ_SELFTEST=1: the harness corrupts one fast25519 result before comparing, so the
 * replay must report a mismatch (CTest fuzz_selfcheck_<harness>: the comparison is live). */
static int fz_selftest;

/* Fills fz_backends with the backends available here and prints them once. */
static inline void fz_init_backends(const char *harness)
{
    if (fz_nbackends) return;
    const char *st = getenv("F25519_FUZZ_SELFTEST");
    fz_selftest = st && strcmp(st, "1") == 0;
    for (int i = 0; fz_all_backends[i]; i++) {
        if (i > 0 && strcmp(fz_all_backends[i], "portable") == 0) continue; /* listed first */
        if (f25519_backend_available(fz_all_backends[i])) fz_backends[fz_nbackends++] = fz_all_backends[i];
    }
    fprintf(stderr, "%s: backends", harness);
    for (int i = 0; i < fz_nbackends; i++) fprintf(stderr, " %s", fz_backends[i]);
    fprintf(stderr, "\n");
    if (fz_nbackends == 0) {
        fprintf(stderr, "%s: no backend available\n", harness);
        abort();
    }
}

static inline void fz_select(int i)
{
    if (f25519_select_backend(fz_backends[i]) != F25519_OK) {
        fprintf(stderr, "fuzz: f25519_select_backend(%s) failed\n", fz_backends[i]);
        abort();
    }
}

static inline void fz_hex(const char *label, const uint8_t *p, size_t n)
{
    fprintf(stderr, "  %s (%zu bytes): ", label, n);
    for (size_t i = 0; i < n; i++) fprintf(stderr, "%02x", p[i]);
    fprintf(stderr, "\n");
}

/* A mismatch: message, then the caller's hex dumps, then fz_abort(). */
#define FZ_FAIL(...) (fprintf(stderr, "FUZZ MISMATCH: " __VA_ARGS__), fprintf(stderr, "\n"))
static inline void fz_abort(void)
{
    fflush(stderr);
    abort();
}

/* Reads an input: take n bytes (zero-filled past the end). */
typedef struct {
    const uint8_t *p;
    size_t n;
} fz_in;
static inline void fz_take(fz_in *in, uint8_t *out, size_t n)
{
    size_t k = in->n < n ? in->n : n;
    if (k) memcpy(out, in->p, k);
    memset(out + k, 0, n - k);
    in->p += k;
    in->n -= k;
}
static inline uint8_t fz_byte(fz_in *in)
{
    uint8_t b;
    fz_take(in, &b, 1);
    return b;
}
#endif
