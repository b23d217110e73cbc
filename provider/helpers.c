/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Provider helpers shared by every provider file: error raising and its
 * reason strings, the monotonic clock, shared parameter tables.
 * Calls no other provider file (the bottom layer, see helpers.h).
 */
#include <stdarg.h>
#include <time.h>
#include <openssl/params.h>
#include "helpers.h"

const OSSL_ITEM f25519_reason_strings[] = {
    {F25519_R_BAD_KEY, "invalid key (missing, wrong length or wrong type)"},
    {F25519_R_NO_PRIVATE_KEY, "private key required"},
    {F25519_R_NO_PUBLIC_KEY, "public key required"},
    {F25519_R_ZERO_SHARED, "X25519 shared secret is all zero (low-order peer key)"},
    {F25519_R_BUFFER_TOO_SMALL, "output buffer too small"},
    {F25519_R_DIGEST_NOT_ALLOWED, "Ed25519 does not take a digest"},
    {F25519_R_LIBRARY, "fast25519 library error"},
    {F25519_R_BAD_GROUP, "unsupported group name"},
    {F25519_R_KEY_MISMATCH, "public key does not match the private key"},
    {F25519_R_RANDOM, "OS random source failed"},
    {0, NULL}};

void f25519_raise(f25519_provctx *prov, const char *file, int line, const char *func, int reason,
                  const char *fmt, ...)
{
    if (prov == NULL || prov->c_new_error == NULL) return;
    va_list ap;
    va_start(ap, fmt);
    prov->c_new_error(prov->handle);
    if (prov->c_set_error_debug) prov->c_set_error_debug(prov->handle, file, line, func);
    if (prov->c_vset_error) prov->c_vset_error(prov->handle, (uint32_t)reason, fmt, ap);
    va_end(ap);
}

uint64_t f25519_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

const OSSL_PARAM f25519_no_params[] = {OSSL_PARAM_END};
