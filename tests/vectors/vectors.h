/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The external-vector suites of the test_vectors program (one per file). */
#ifndef F25519_TESTS_VECTORS_H
#define F25519_TESTS_VECTORS_H
#include <stdint.h>
#include "fast25519.h"
#include "testutil.h"

void suite_rfc7748(long max_iterations);   /* 1000, or 1000000 for the slow run */
void suite_rfc8032(void);
void suite_wycheproof_x25519(void);
void suite_wycheproof_ed25519(void);
void suite_speccheck(void);
void suite_zip215(void);
void suite_supercop(void);
void suite_batch(void);
void suite_verify_batch(long supercop_max); /* batch verification vs single, every Ed25519 file */                    /* x8 APIs lane by lane vs single calls */

/* Verdict helpers shared by the suites. */
const char *mode_name(int mode);
int is_zero(const uint8_t *b, size_t n);
#endif
