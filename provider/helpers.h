/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519 OpenSSL 3 provider: helpers every other provider file may use
 * (helpers.c). The bottom of the provider's layering: helpers.c calls no
 * other provider file.
 *   - errors: reason codes, their strings, PROV_ERR (raised through the core);
 *   - wiping secrets, a monotonic clock, the OS random source;
 *   - F25519_FN: the one cast for dispatch-table entries;
 *   - shared parameter tables.
 */
#ifndef F25519_PROV_HELPERS_H
#define F25519_PROV_HELPERS_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/core.h>
#include <openssl/crypto.h>
#include "provctx.h"
/* The library's OS random source, f25519_randombytes (F25519_OK or
 * F25519_ERR_RANDOM): the one getrandom loop of the project. This is the
 * provider's only include of a library-internal header. */
#include "common/random.h"

/* ---- errors (reason codes; strings in helpers.c) ---------------------- */
#define F25519_R_BAD_KEY          1 /* key missing, wrong length or wrong type */
#define F25519_R_NO_PRIVATE_KEY   2
#define F25519_R_NO_PUBLIC_KEY    3
#define F25519_R_ZERO_SHARED      4 /* X25519 all-zero shared secret */
#define F25519_R_BUFFER_TOO_SMALL 5
#define F25519_R_DIGEST_NOT_ALLOWED 6 /* Ed25519 takes no digest */
#define F25519_R_LIBRARY          7 /* fast25519 returned an error */
#define F25519_R_BAD_GROUP        8
#define F25519_R_KEY_MISMATCH     9 /* imported public key != public key of the private key */
#define F25519_R_RANDOM          10

/* The reason strings, for the provider's get_reason_strings. */
extern const OSSL_ITEM f25519_reason_strings[];

/* Raise an error through the core (no-op before the core gave its functions). */
void f25519_raise(f25519_provctx *prov, const char *file, int line, const char *func, int reason,
                  const char *fmt, ...);
#define PROV_ERR(prov, reason, ...) \
    f25519_raise((prov), __FILE__, __LINE__, __func__, (reason), __VA_ARGS__)

/* ---- secrets and time ------------------------------------------------ */
static inline void f25519_secure_wipe(void *p, size_t n) { OPENSSL_cleanse(p, n); }
uint64_t f25519_now_ns(void); /* CLOCK_MONOTONIC */

/* ---- dispatch tables --------------------------------------------------- */
/* One entry of an OSSL_DISPATCH table. Each function is declared with its
 * OSSL_FUNC_*_fn type in its file, so the compiler checks its prototype;
 * the table stores it as the generic function pointer OpenSSL expects. */
#define F25519_FN(id, fn) {(id), (void (*)(void))(fn)}

/* ---- parameters ------------------------------------------------------- */
extern const OSSL_PARAM f25519_no_params[]; /* an empty settable/gettable list */
#endif
