/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519 OpenSSL 3 provider: entry point (init, teardown), algorithm
 * query, provider parameters, configuration from the openssl.cnf section.
 * The top of the provider: it lists the operation files' dispatch tables;
 * they never call back into it (layers: provider/CMakeLists.txt).
 *
 * Loaded by configuration alone (docs/provider.md):
 *   [fast25519_sect] module = .../fast25519.so, activate = 1, pool_size = 128 ...
 *   [algorithm_sect] default_properties = ?provider=fast25519
 * The "?" makes the preference optional: without this module every fetch
 * falls back to the default provider.
 *
 * The provider never fetches algorithms itself (all crypto is the
 * fast25519 library), so it cannot recurse into itself. When the library
 * cannot run on this CPU (FAST25519_BACKEND forced a missing path), the query
 * offers no algorithms and libcrypto uses the default provider instead.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>
#include "fast25519.h"
#include "helpers.h"
#include "lifecycle.h"
#include "prov.h"
#include "stats.h"

static OSSL_FUNC_provider_teardown_fn prov_teardown;
static OSSL_FUNC_provider_query_operation_fn prov_query;
static OSSL_FUNC_provider_gettable_params_fn prov_gettable_params;
static OSSL_FUNC_provider_get_params_fn prov_get_params;
static OSSL_FUNC_provider_get_reason_strings_fn prov_get_reason_strings;

/* ---- algorithms ------------------------------------------------------ */
static const OSSL_ALGORITHM keymgmt_algs[] = {
    {"X25519:1.3.101.110", F25519_PROV_PROPS, f25519_x25519_keymgmt_functions,
     "fast25519 X25519"},
    {"ED25519:1.3.101.112", F25519_PROV_PROPS, f25519_ed25519_keymgmt_functions,
     "fast25519 Ed25519"},
    {NULL, NULL, NULL, NULL}};
static const OSSL_ALGORITHM keyexch_algs[] = {
    {"X25519:1.3.101.110", F25519_PROV_PROPS, f25519_x25519_keyexch_functions,
     "fast25519 X25519"},
    {NULL, NULL, NULL, NULL}};
/* OpenSSL 3.0-3.3: ED25519 with the digest sign/verify entries those versions use. */
static const OSSL_ALGORITHM signature_algs[] = {
    {"ED25519:1.3.101.112", F25519_PROV_PROPS, f25519_ed25519_signature_functions,
     "fast25519 Ed25519"},
    {NULL, NULL, NULL, NULL}};
/* OpenSSL 3.4+: one-shot and message signature API, ED25519ph and ED25519ctx. */
static const OSSL_ALGORITHM signature34_algs[] = {
    {"ED25519:1.3.101.112", F25519_PROV_PROPS, f25519_ed25519_signature34_functions,
     "fast25519 Ed25519"},
    {"ED25519ph", F25519_PROV_PROPS, f25519_ed25519ph_signature_functions, "fast25519 Ed25519ph"},
    {"ED25519ctx", F25519_PROV_PROPS, f25519_ed25519ctx_signature_functions, "fast25519 Ed25519ctx"},
    {NULL, NULL, NULL, NULL}};

static const OSSL_ALGORITHM *prov_query(void *provctx, int operation_id, int *no_cache)
{
    *no_cache = 0;
    if (strcmp(f25519_backend(), "unsupported") == 0) return NULL; /* fail over to default */
    switch (operation_id) {
    case OSSL_OP_KEYMGMT: return keymgmt_algs;
    case OSSL_OP_KEYEXCH: return keyexch_algs;
    case OSSL_OP_SIGNATURE: {
        const f25519_provctx *prov = provctx;
        int v34 = prov->core_major > 3 || (prov->core_major == 3 && prov->core_minor >= 4);
        return v34 ? signature34_algs : signature_algs;
    }
    }
    return NULL;
}

/* ---- provider parameters -------------------------------------------- */
static const OSSL_PARAM *prov_gettable_params(void *provctx)
{
    return f25519_stats_gettable;
}

static int prov_get_params(void *provctx, OSSL_PARAM params[])
{
    OSSL_PARAM *p;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, "fast25519 X25519/Ed25519 provider"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, F25519_PROV_VERSION))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, "fast25519 " F25519_PROV_VERSION))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) != NULL
        && !OSSL_PARAM_set_int(p, 1))
        return 0;
    return f25519_stats_get_params(provctx, params);
}

static const OSSL_ITEM *prov_get_reason_strings(void *provctx)
{
    return f25519_reason_strings;
}

static void prov_teardown(void *vctx)
{
    f25519_provctx *prov = vctx;
    if (prov == NULL) return;
    f25519_lifecycle_teardown(prov); /* threads stopped, pool wiped */
    f25519_stats_write(prov);
    f25519_secure_wipe(prov, sizeof(*prov));
    free(prov);
}

static const OSSL_DISPATCH prov_dispatch[] = {
    F25519_FN(OSSL_FUNC_PROVIDER_TEARDOWN, prov_teardown),
    F25519_FN(OSSL_FUNC_PROVIDER_QUERY_OPERATION, prov_query),
    F25519_FN(OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, prov_gettable_params),
    F25519_FN(OSSL_FUNC_PROVIDER_GET_PARAMS, prov_get_params),
    F25519_FN(OSSL_FUNC_PROVIDER_GET_REASON_STRINGS, prov_get_reason_strings),
    F25519_FN(OSSL_FUNC_PROVIDER_GET_CAPABILITIES, f25519_get_capabilities),
    {0, NULL}};

/* ---- configuration --------------------------------------------------- */
/* Parse a decimal in [lo, hi]; keep *out on error (a bad value is ignored
 * with the default kept, as OpenSSL does for unknown config values). */
static void parse_uint(const char *s, unsigned lo, unsigned hi, unsigned *out)
{
    if (s == NULL || *s == '\0') return;
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    while (*end == ' ' || *end == '\t') end++;
    if (*end != '\0' || v < lo || v > hi) {
        fprintf(stderr, "fast25519: ignoring bad config value '%s' (range %u..%u)\n", s, lo, hi);
        return;
    }
    *out = (unsigned)v;
}

/* The version of the libcrypto that loads us ("3.5.7"): picks the signature
 * table (prov_query). Unknown = 3.0, the oldest API the provider serves. */
static void read_core_version(f25519_provctx *prov, OSSL_FUNC_core_get_params_fn *c_get_params)
{
    char *v = NULL;
    OSSL_PARAM params[] = {OSSL_PARAM_utf8_ptr(OSSL_PROV_PARAM_CORE_VERSION, &v, 0), OSSL_PARAM_END};
    prov->core_major = 3;
    prov->core_minor = 0;
    if (c_get_params == NULL || !c_get_params(prov->handle, params) || v == NULL) return;
    int major = 0, minor = 0;
    if (sscanf(v, "%d.%d", &major, &minor) == 2 && major >= 3) {
        prov->core_major = major;
        prov->core_minor = minor;
    }
}

static void read_config(f25519_provctx *prov, OSSL_FUNC_core_get_params_fn *c_get_params)
{
    f25519_config *c = &prov->cfg;
    /* Defaults (docs/provider.md). Rates are provider operations per second;
     * ENG25519 eq. 9's 60,000 and 120,000 DoT queries per minute are 1,000
     * and 2,000 handshakes/s, and a server handshake is 3 operations (X25519 keygen,
     * derive, Ed25519 sign). */
    c->pool_size = 128;
    c->pool_low_water = 0; /* 0 = pool_size / 4 */
    c->warmup = WARMUP_OFF;
    c->warmup_interval_us = 500;
    c->warmup_window_ms = 1000;
    c->warmup_low_rate = 3000;
    c->warmup_high_rate = 6000;
    c->tls_min_version = TLS1_VERSION; /* as OpenSSL's own x25519 group entry */
    if (c_get_params == NULL) goto derive;

    char *pool_size = NULL, *low = NULL, *warm = NULL, *interval = NULL, *window = NULL;
    char *lrate = NULL, *hrate = NULL, *tlsmin = NULL;
    OSSL_PARAM params[] = {
        OSSL_PARAM_utf8_ptr("pool_size", &pool_size, 0),
        OSSL_PARAM_utf8_ptr("pool_low_water", &low, 0),
        OSSL_PARAM_utf8_ptr("warmup", &warm, 0),
        OSSL_PARAM_utf8_ptr("warmup_interval_us", &interval, 0),
        OSSL_PARAM_utf8_ptr("warmup_window_ms", &window, 0),
        OSSL_PARAM_utf8_ptr("warmup_low_rate", &lrate, 0),
        OSSL_PARAM_utf8_ptr("warmup_high_rate", &hrate, 0),
        OSSL_PARAM_utf8_ptr("tls_min_version", &tlsmin, 0),
        OSSL_PARAM_END};
    if (!c_get_params(prov->handle, params)) goto derive;
    parse_uint(pool_size, 0, 1u << 20, &c->pool_size);
    parse_uint(low, 0, 1u << 20, &c->pool_low_water);
    parse_uint(interval, 10, 10000000, &c->warmup_interval_us);
    parse_uint(window, 10, 600000, &c->warmup_window_ms);
    parse_uint(lrate, 0, 100000000, &c->warmup_low_rate);
    parse_uint(hrate, 0, 100000000, &c->warmup_high_rate);
    if (warm != NULL) {
        if (strcasecmp(warm, "off") == 0 || strcmp(warm, "0") == 0 || strcasecmp(warm, "no") == 0)
            c->warmup = WARMUP_OFF;
        else if (strcasecmp(warm, "on") == 0 || strcmp(warm, "1") == 0 || strcasecmp(warm, "yes") == 0)
            c->warmup = WARMUP_ON;
        else if (strcasecmp(warm, "auto") == 0)
            c->warmup = WARMUP_AUTO;
        else
            fprintf(stderr, "fast25519: ignoring bad warmup value '%s' (off|on|auto)\n", warm);
    }
    if (tlsmin != NULL) {
        if (strcasecmp(tlsmin, "TLSv1") == 0 || strcasecmp(tlsmin, "TLSv1.0") == 0
            || strcmp(tlsmin, "1.0") == 0)
            c->tls_min_version = TLS1_VERSION;
        else if (strcasecmp(tlsmin, "TLSv1.1") == 0 || strcmp(tlsmin, "1.1") == 0)
            c->tls_min_version = TLS1_1_VERSION;
        else if (strcasecmp(tlsmin, "TLSv1.2") == 0 || strcmp(tlsmin, "1.2") == 0)
            c->tls_min_version = TLS1_2_VERSION;
        else if (strcasecmp(tlsmin, "TLSv1.3") == 0 || strcmp(tlsmin, "1.3") == 0)
            c->tls_min_version = TLS1_3_VERSION;
        else
            fprintf(stderr, "fast25519: ignoring bad tls_min_version '%s' (TLSv1|TLSv1.1|TLSv1.2|TLSv1.3)\n",
                    tlsmin);
    }
derive:
    c->pool_size = (c->pool_size + 7) / 8 * 8; /* the batch keygen makes 8 at a time */
    if (c->pool_low_water == 0 || c->pool_low_water >= c->pool_size)
        c->pool_low_water = c->pool_size / 4;
    if (c->warmup_high_rate < c->warmup_low_rate) c->warmup_high_rate = c->warmup_low_rate;
}

/* ---- entry point ------------------------------------------------------ */
__attribute__((visibility("default")))
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    OSSL_FUNC_core_get_params_fn *c_get_params = NULL;
    f25519_provctx *prov = calloc(1, sizeof(*prov));
    if (prov == NULL) return 0;
    prov->handle = handle;
    for (; in != NULL && in->function_id != 0; in++) {
        switch (in->function_id) {
        case OSSL_FUNC_CORE_GET_PARAMS: c_get_params = OSSL_FUNC_core_get_params(in); break;
        case OSSL_FUNC_CORE_NEW_ERROR: prov->c_new_error = OSSL_FUNC_core_new_error(in); break;
        case OSSL_FUNC_CORE_SET_ERROR_DEBUG:
            prov->c_set_error_debug = OSSL_FUNC_core_set_error_debug(in);
            break;
        case OSSL_FUNC_CORE_VSET_ERROR: prov->c_vset_error = OSSL_FUNC_core_vset_error(in); break;
        default: break;
        }
    }
    read_core_version(prov, c_get_params);
    read_config(prov, c_get_params);
    if (!f25519_lifecycle_init(prov)) {
        free(prov);
        return 0;
    }
    *out = prov_dispatch;
    *provctx = prov;
    return 1;
}
