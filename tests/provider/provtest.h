/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Helpers for the provider's C tests: a private OSSL_LIB_CTX configured by
 * an openssl.cnf written at test time (module path from the environment
 * variable F25519_PROVIDER_MODULE), exactly as applications load it, and
 * access to the provider's counters through OSSL_PROVIDER_get_params.
 */
#ifndef PROVTEST_H
#define PROVTEST_H
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include "testutil.h" /* tests/common: CHECK, hex, the vector directory */

/* After a failed CHECK: OpenSSL's error queue (why the provider said no). */
static inline void provtest_print_errors(void) { ERR_print_errors_fp(stdout); }

/* Load a libctx from a generated config; extra = more lines for the
 * fast25519 section (e.g. "pool_size = 64\n"). Exits 1 on failure. */
static inline OSSL_LIB_CTX *provtest_ctx(const char *extra, OSSL_PROVIDER **prov_out)
{
    tu_fail_hook = provtest_print_errors;
    const char *module = getenv("F25519_PROVIDER_MODULE");
    char path[] = "/tmp/f25519-provtest-XXXXXX";
    if (module == NULL) {
        fprintf(stderr, "F25519_PROVIDER_MODULE is not set\n");
        exit(1);
    }
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f == NULL) exit(1);
    fprintf(f,
            "openssl_conf = openssl_init\n[openssl_init]\nproviders = provider_sect\n"
            "alg_section = algorithm_sect\n[provider_sect]\ndefault = default_sect\n"
            "fast25519 = fast25519_sect\n[default_sect]\nactivate = 1\n"
            "[fast25519_sect]\nmodule = %s\nactivate = 1\n%s"
            "[algorithm_sect]\ndefault_properties = ?provider=fast25519\n",
            module, extra ? extra : "");
    fclose(f);
    OSSL_LIB_CTX *ctx = OSSL_LIB_CTX_new();
    int ok = ctx != NULL && OSSL_LIB_CTX_load_config(ctx, path);
    unlink(path);
    if (!ok) {
        fprintf(stderr, "cannot load the provider config\n");
        ERR_print_errors_fp(stderr);
        exit(1);
    }
    /* A second load of an active provider only takes a reference. */
    OSSL_PROVIDER *prov = OSSL_PROVIDER_load(ctx, "fast25519");
    if (prov == NULL || !OSSL_PROVIDER_available(ctx, "fast25519")) {
        fprintf(stderr, "fast25519 provider not available\n");
        ERR_print_errors_fp(stderr);
        exit(1);
    }
    *prov_out = prov;
    return ctx;
}

static inline uint64_t counter(OSSL_PROVIDER *prov, const char *name)
{
    uint64_t v = 0;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_uint64(name, &v), OSSL_PARAM_construct_end()};
    if (!OSSL_PROVIDER_get_params(prov, p) || !OSSL_PARAM_modified(p)) {
        fprintf(stderr, "cannot read provider parameter %s\n", name);
        exit(1);
    }
    return v;
}

/* A string parameter of the provider ("backend", or its former name "impl"); "?" when unreadable. */
static inline const char *prov_str(OSSL_PROVIDER *prov, const char *name)
{
    const char *s = NULL;
    OSSL_PARAM p[] = {OSSL_PARAM_construct_utf8_ptr(name, (char **)&s, 0),
                      OSSL_PARAM_construct_end()};
    if (!OSSL_PROVIDER_get_params(prov, p)) return "?";
    return s ? s : "?";
}

static inline const char *prov_backend(OSSL_PROVIDER *prov)
{
    return prov_str(prov, "backend");
}

/* One X25519 key through the given libctx; NULL on failure. */
static inline EVP_PKEY *x25519_keygen(OSSL_LIB_CTX *ctx)
{
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(ctx, "X25519", NULL);
    if (pc == NULL || EVP_PKEY_keygen_init(pc) <= 0 || EVP_PKEY_keygen(pc, &k) <= 0) k = NULL;
    EVP_PKEY_CTX_free(pc);
    return k;
}

#endif
