/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * KEYMGMT for X25519 (1.3.101.110) and ED25519 (1.3.101.112): the OpenSSL
 * keymgmt entries. The key object itself (dup, match, import/export ...)
 * is keys.c; this file maps the entries onto it and does key generation.
 *
 * libssl 3.0 needs, besides keygen: a "parameter generation" (selection
 * without KEYPAIR) that returns an empty key, later filled with the peer's
 * key share by set_params(ENCODED_PUBLIC_KEY).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include "fast25519.h"
#include "helpers.h"
#include "keys.h"
#include "lifecycle.h"
#include "prov.h"

#define X25519_BITS 253
#define ED25519_BITS 256
#define SECURITY_BITS 128

static OSSL_FUNC_keymgmt_new_fn x25519_new, ed25519_new;
static OSSL_FUNC_keymgmt_free_fn key_free;
static OSSL_FUNC_keymgmt_has_fn key_has;
static OSSL_FUNC_keymgmt_match_fn key_match;
static OSSL_FUNC_keymgmt_dup_fn key_dup;
static OSSL_FUNC_keymgmt_validate_fn key_validate;
static OSSL_FUNC_keymgmt_import_fn key_import;
static OSSL_FUNC_keymgmt_import_types_fn key_import_types;
static OSSL_FUNC_keymgmt_export_fn key_export;
static OSSL_FUNC_keymgmt_export_types_fn key_export_types;
static OSSL_FUNC_keymgmt_get_params_fn key_get_params;
static OSSL_FUNC_keymgmt_gettable_params_fn x25519_gettable_params, ed25519_gettable_params;
static OSSL_FUNC_keymgmt_set_params_fn key_set_params;
static OSSL_FUNC_keymgmt_settable_params_fn x25519_settable_params, ed25519_settable_params;
static OSSL_FUNC_keymgmt_query_operation_name_fn x25519_query_name, ed25519_query_name;
static OSSL_FUNC_keymgmt_gen_init_fn x25519_gen_init, ed25519_gen_init;
static OSSL_FUNC_keymgmt_gen_set_params_fn gen_set_params;
static OSSL_FUNC_keymgmt_gen_settable_params_fn gen_settable_params;
static OSSL_FUNC_keymgmt_gen_set_template_fn gen_set_template;
static OSSL_FUNC_keymgmt_gen_fn gen;
static OSSL_FUNC_keymgmt_gen_cleanup_fn gen_cleanup;

static void *x25519_new(void *provctx) { return f25519_key_new(provctx, F25519_KEY_X25519); }
static void *ed25519_new(void *provctx) { return f25519_key_new(provctx, F25519_KEY_ED25519); }
static void key_free(void *kd) { f25519_key_free(kd); }
static int key_has(const void *kd, int selection) { return f25519_key_has(kd, selection); }
static int key_match(const void *kd1, const void *kd2, int selection)
{
    return f25519_key_match(kd1, kd2, selection);
}
static void *key_dup(const void *kd, int selection) { return f25519_key_dup(kd, selection); }
static int key_validate(const void *kd, int selection, int checktype)
{
    return f25519_key_validate(kd, selection);
}
static int key_import(void *kd, int selection, const OSSL_PARAM params[])
{
    return f25519_key_import(kd, selection, params);
}
static int key_export(void *kd, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    return f25519_key_export(kd, selection, cb, cbarg);
}

static const OSSL_PARAM key_types[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM *key_import_types(int selection)
{
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) ? key_types : NULL;
}
static const OSSL_PARAM *key_export_types(int selection) { return key_import_types(selection); }

static int set_octets(OSSL_PARAM *p, const uint8_t *b, size_t n)
{
    return OSSL_PARAM_set_octet_string(p, b, n);
}

static int key_get_params(void *kd, OSSL_PARAM params[])
{
    f25519_key *k = kd;
    OSSL_PARAM *p;
    int ed = k->type == F25519_KEY_ED25519;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL
        && !OSSL_PARAM_set_int(p, ed ? ED25519_BITS : X25519_BITS))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != NULL
        && !OSSL_PARAM_set_int(p, SECURITY_BITS))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL
        && !OSSL_PARAM_set_int(p, ed ? 64 : 32))
        return 0;
    if (k->has_pub) {
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) != NULL
            && !set_octets(p, k->pub, 32))
            return 0;
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL
            && !set_octets(p, k->pub, 32))
            return 0;
    }
    if (k->has_priv && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL
        && !set_octets(p, k->priv, 32))
        return 0;
    /* Ed25519 hashes internally: like the default provider, report an empty
     * mandatory digest so callers pass no digest name. */
    if (ed && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MANDATORY_DIGEST)) != NULL
        && !OSSL_PARAM_set_utf8_string(p, ""))
        return 0;
    return 1;
}

/* What both key types report (get_params above); Ed25519 adds its digest. */
#define KEY_GETTABLE_COMMON                                                   \
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),                               \
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),                      \
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),                           \
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),     \
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),                \
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0)
static const OSSL_PARAM x25519_gettable[] = {KEY_GETTABLE_COMMON, OSSL_PARAM_END};
static const OSSL_PARAM ed25519_gettable[] = {
    KEY_GETTABLE_COMMON,
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM *x25519_gettable_params(void *provctx) { return x25519_gettable; }
static const OSSL_PARAM *ed25519_gettable_params(void *provctx) { return ed25519_gettable; }

/* set_params(ENCODED_PUBLIC_KEY): libssl fills the peer's key share into
 * the empty key from a parameter generation. The key becomes public-only. */
static int key_set_params(void *kd, const OSSL_PARAM params[])
{
    f25519_key *k = kd;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
    uint8_t pub[32];
    void *buf = pub;
    size_t len = 0;
    if (k == NULL) return 0;
    /* Ed25519 keys take no encoded public key (OpenSSL ignores it there too). */
    if (p == NULL || k->type != F25519_KEY_X25519) return 1;
    if (!OSSL_PARAM_get_octet_string(p, &buf, sizeof(pub), &len) || len != 32) {
        PROV_ERR(k->prov, F25519_R_BAD_KEY, "encoded public key must be 32 bytes");
        return 0;
    }
    f25519_key_set_public(k, pub);
    return 1;
}

static const OSSL_PARAM key_settable[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0), OSSL_PARAM_END};
static const OSSL_PARAM *x25519_settable_params(void *provctx) { return key_settable; }
static const OSSL_PARAM *ed25519_settable_params(void *provctx) { return f25519_no_params; }

static const char *x25519_query_name(int op) { return "X25519"; }
static const char *ed25519_query_name(int op) { return "ED25519"; }

/* ---- generation ------------------------------------------------------- */
typedef struct {
    f25519_provctx *prov;
    int type, selection;
} gen_ctx;

static void *gen_init(void *provctx, int type, int selection, const OSSL_PARAM params[]);
static void *x25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    return gen_init(provctx, F25519_KEY_X25519, selection, params);
}
static void *ed25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    return gen_init(provctx, F25519_KEY_ED25519, selection, params);
}

static int gen_set_params(void *genctx, const OSSL_PARAM params[])
{
    gen_ctx *g = genctx;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
    if (p != NULL) {
        const char *name = g->type == F25519_KEY_X25519 ? "x25519" : "ed25519";
        if (p->data_type != OSSL_PARAM_UTF8_STRING || p->data == NULL
            || strcasecmp(p->data, name) != 0) {
            PROV_ERR(g->prov, F25519_R_BAD_GROUP, "group must be %s", name);
            return 0;
        }
    }
    return 1;
}

static void *gen_init(void *provctx, int type, int selection, const OSSL_PARAM params[])
{
    gen_ctx *g = calloc(1, sizeof(*g));
    if (g == NULL) return NULL;
    g->prov = provctx;
    g->type = type;
    g->selection = selection;
    if (params != NULL && !gen_set_params(g, params)) {
        free(g);
        return NULL;
    }
    return g;
}

static const OSSL_PARAM gen_settable[] = {
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
    OSSL_PARAM_utf8_string(OSSL_KDF_PARAM_PROPERTIES, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM *gen_settable_params(void *genctx, void *provctx) { return gen_settable; }

static void *gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg)
{
    gen_ctx *g = genctx;
    f25519_key *k = f25519_key_new(g->prov, g->type);
    int rc;
    if (k == NULL) return NULL;
    /* Only domain parameters asked for: an empty key (libssl's peer share). */
    if ((g->selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return k;
    if (g->type == F25519_KEY_X25519) {
        rc = f25519_x25519_keypair(g->prov, k->priv, k->pub);
        if (rc == F25519_OK) f25519_op(g->prov, C_X25519_KEYGEN);
    } else {
        rc = f25519_ed25519_keygen(k->priv, k->pub);
        if (rc == F25519_OK) f25519_op(g->prov, C_ED25519_KEYGEN);
    }
    if (rc != F25519_OK) {
        PROV_ERR(g->prov, rc == F25519_ERR_RANDOM ? F25519_R_RANDOM : F25519_R_LIBRARY, "%s",
                 f25519_strerror(rc));
        f25519_key_free(k);
        return NULL;
    }
    k->has_priv = k->has_pub = 1;
    return k;
}

/* A template key (EVP_PKEY_keygen on a context made from a key, as 3.5's
 * hybrid KEM does with the peer's X25519 key): X25519/Ed25519 have no domain
 * parameters, so only its type is checked. */
static int gen_set_template(void *genctx, void *templ)
{
    gen_ctx *g = genctx;
    const f25519_key *t = templ;
    if (g == NULL) return 0;
    if (t != NULL && t->type != g->type) {
        PROV_ERR(g->prov, F25519_R_BAD_KEY, "template key of another type");
        return 0;
    }
    return 1;
}

static void gen_cleanup(void *genctx) { free(genctx); }

#define COMMON_KEYMGMT                                                          \
    F25519_FN(OSSL_FUNC_KEYMGMT_FREE, key_free),                                \
    F25519_FN(OSSL_FUNC_KEYMGMT_HAS, key_has),                                  \
    F25519_FN(OSSL_FUNC_KEYMGMT_MATCH, key_match),                              \
    F25519_FN(OSSL_FUNC_KEYMGMT_DUP, key_dup),                                  \
    F25519_FN(OSSL_FUNC_KEYMGMT_VALIDATE, key_validate),                        \
    F25519_FN(OSSL_FUNC_KEYMGMT_IMPORT, key_import),                            \
    F25519_FN(OSSL_FUNC_KEYMGMT_IMPORT_TYPES, key_import_types),                \
    F25519_FN(OSSL_FUNC_KEYMGMT_EXPORT, key_export),                            \
    F25519_FN(OSSL_FUNC_KEYMGMT_EXPORT_TYPES, key_export_types),                \
    F25519_FN(OSSL_FUNC_KEYMGMT_GET_PARAMS, key_get_params),                    \
    F25519_FN(OSSL_FUNC_KEYMGMT_SET_PARAMS, key_set_params),                    \
    F25519_FN(OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, gen_set_params),                \
    F25519_FN(OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, gen_settable_params),      \
    F25519_FN(OSSL_FUNC_KEYMGMT_GEN_SET_TEMPLATE, gen_set_template),            \
    F25519_FN(OSSL_FUNC_KEYMGMT_GEN, gen),                                      \
    F25519_FN(OSSL_FUNC_KEYMGMT_GEN_CLEANUP, gen_cleanup)

const OSSL_DISPATCH f25519_x25519_keymgmt_functions[] = {
    F25519_FN(OSSL_FUNC_KEYMGMT_NEW, x25519_new),
    F25519_FN(OSSL_FUNC_KEYMGMT_GEN_INIT, x25519_gen_init),
    F25519_FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, x25519_gettable_params),
    F25519_FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, x25519_settable_params),
    F25519_FN(OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, x25519_query_name),
    COMMON_KEYMGMT,
    {0, NULL}};

const OSSL_DISPATCH f25519_ed25519_keymgmt_functions[] = {
    F25519_FN(OSSL_FUNC_KEYMGMT_NEW, ed25519_new),
    F25519_FN(OSSL_FUNC_KEYMGMT_GEN_INIT, ed25519_gen_init),
    F25519_FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, ed25519_gettable_params),
    F25519_FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, ed25519_settable_params),
    F25519_FN(OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, ed25519_query_name),
    COMMON_KEYMGMT,
    {0, NULL}};
