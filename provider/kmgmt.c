/*
 * KEYMGMT for X25519 (1.3.101.110) and ED25519 (1.3.101.112).
 *
 * Keys are raw 32-byte strings: the public u (X25519) or encoded point
 * (Ed25519), and the private scalar bytes (X25519, clamped when used) or
 * the seed (Ed25519). PEM/DER are handled by the default provider's
 * encoders/decoders through import/export, so both must be complete.
 *
 * libssl 3.0 needs, besides keygen: a "parameter generation" (selection
 * without KEYPAIR) that returns an empty key, later filled with the peer's
 * key share by set_params(ENCODED_PUBLIC_KEY).
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include "fast25519.h"
#include "prov.h"

#define X25519_BITS 253
#define ED25519_BITS 256
#define SECURITY_BITS 128

f25519_key *f25519_key_new(f25519_provctx *prov, int type)
{
    f25519_key *k = calloc(1, sizeof(*k));
    if (k == NULL) return NULL;
    atomic_init(&k->refs, 1);
    k->type = type;
    k->prov = prov;
    return k;
}

int f25519_key_up_ref(f25519_key *k)
{
    atomic_fetch_add(&k->refs, 1);
    return 1;
}

void f25519_key_free(f25519_key *k)
{
    if (k == NULL) return;
    if (atomic_fetch_sub(&k->refs, 1) != 1) return;
    f25519_secure_wipe(k, sizeof(*k));
    free(k);
}

/* Public key of a private key, per type. */
static int derive_public(f25519_key *k)
{
    int rc = k->type == F25519_KEY_X25519 ? f25519_x25519_public(k->pub, k->priv)
                                           : f25519_ed25519_public(k->pub, k->priv);
    if (rc != F25519_OK) {
        PROV_ERR(k->prov, F25519_R_LIBRARY, "%s", f25519_strerror(rc));
        return 0;
    }
    k->has_pub = 1;
    return 1;
}

static void *x25519_new(void *provctx) { return f25519_key_new(provctx, F25519_KEY_X25519); }
static void *ed25519_new(void *provctx) { return f25519_key_new(provctx, F25519_KEY_ED25519); }
static void key_free(void *kd) { f25519_key_free(kd); }

static int key_has(const void *kd, int selection)
{
    const f25519_key *k = kd;
    int ok = 1;
    if (k == NULL) return 0;
    /* No domain parameters exist, so asking for them always succeeds. */
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) ok = ok && k->has_pub;
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) ok = ok && k->has_priv;
    return ok;
}

static int key_match(const void *kd1, const void *kd2, int selection)
{
    const f25519_key *a = kd1, *b = kd2;
    if (a == NULL || b == NULL || a->type != b->type) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && a->has_pub && b->has_pub)
        return CRYPTO_memcmp(a->pub, b->pub, 32) == 0;
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && a->has_priv && b->has_priv)
        return CRYPTO_memcmp(a->priv, b->priv, 32) == 0;
    return 0;
}

/* dup with a selection (provider-keymgmt(7)): the key pair parts selected.
 * A private key always brings its public key: it is a function of the
 * private key, and signing with a missing public key would be wrong. */
static void *key_dup(const void *kd, int selection)
{
    const f25519_key *src = kd;
    if (src == NULL) return NULL;
    f25519_key *k = f25519_key_new(src->prov, src->type);
    if (k == NULL) return NULL;
    if ((selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && src->has_pub) {
        memcpy(k->pub, src->pub, 32);
        k->has_pub = 1;
    }
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && src->has_priv) {
        memcpy(k->priv, src->priv, 32);
        memcpy(k->pub, src->pub, 32);
        k->has_priv = k->has_pub = 1;
    }
    return k;
}

/* Read a 32-byte octet string parameter. 1 = read, 0 = absent, -1 = bad. */
static int get_key32(const OSSL_PARAM params[], const char *name, uint8_t out[32])
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, name);
    size_t len = 0;
    void *buf = out;
    if (p == NULL) return 0;
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != 32) return -1;
    if (!OSSL_PARAM_get_octet_string(p, &buf, 32, &len) || len != 32) return -1;
    return 1;
}

/* import per provider-keymgmt(7), as OpenSSL's own X25519/Ed25519 import:
 * with any key-pair bit selected, a PUB_KEY present is imported; PRIV_KEY is
 * read only when the PRIVATE_KEY bit is selected. (OpenSSL 3.5's hybrid
 * X25519MLKEM768 imports the peer's X25519 share as PUB_KEY with selection
 * DOMAIN_PARAMETERS | PRIVATE_KEY.) A private key given with a public key
 * must match it; the public key is always recomputed from the private key. */
static int key_import(void *kd, int selection, const OSSL_PARAM params[])
{
    f25519_key *k = kd;
    uint8_t pub[32];
    int rp = 0, rs = 0;
    if (k == NULL) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1; /* parameters only: none exist */
    rp = get_key32(params, OSSL_PKEY_PARAM_PUB_KEY, pub);
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY)
        rs = get_key32(params, OSSL_PKEY_PARAM_PRIV_KEY, k->priv);
    if (rp < 0 || rs < 0 || (rp == 0 && rs == 0)) {
        f25519_secure_wipe(k->priv, 32);
        PROV_ERR(k->prov, F25519_R_BAD_KEY, "expected a 32-byte %s",
                 rp < 0 ? "public key" : rs < 0 ? "private key" : "key");
        return 0;
    }
    if (rs > 0) {
        /* The public key is always recomputed from the private key: an
         * Ed25519 signature made with a foreign public key leaks the seed. */
        k->has_priv = 1;
        if (!derive_public(k)) goto bad;
        if (rp > 0 && CRYPTO_memcmp(pub, k->pub, 32) != 0) {
            PROV_ERR(k->prov, F25519_R_KEY_MISMATCH, "imported public key does not match");
            goto bad;
        }
    } else {
        f25519_secure_wipe(k->priv, 32);
        k->has_priv = 0;
        memcpy(k->pub, pub, 32);
        k->has_pub = 1;
    }
    return 1;
bad:
    f25519_secure_wipe(k->priv, 32);
    k->has_priv = k->has_pub = 0;
    return 0;
}

/* export: with any key-pair bit, the public key; the private key only when
 * PRIVATE_KEY is selected (as OpenSSL's own export, so an importer given
 * PRIVATE_KEY alone still gets the public key to check against). */
static int key_export(void *kd, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    f25519_key *k = kd;
    OSSL_PARAM params[3];
    int n = 0, ret;
    uint8_t priv[32];
    if (k == NULL || cb == NULL) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1; /* no domain parameters */
    if (k->has_pub)
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, k->pub, 32);
    if ((selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && k->has_priv) {
        memcpy(priv, k->priv, 32);
        params[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, priv, 32);
    }
    if (n == 0) {
        PROV_ERR(k->prov, F25519_R_BAD_KEY, "no key material to export");
        return 0;
    }
    params[n] = OSSL_PARAM_construct_end();
    ret = cb(params, cbarg);
    f25519_secure_wipe(priv, sizeof(priv));
    return ret;
}

static const OSSL_PARAM key_types[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM *key_imexport_types(int selection)
{
    return (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) ? key_types : NULL;
}

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

static const OSSL_PARAM x25519_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM ed25519_gettable[] = {
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
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
    f25519_secure_wipe(k->priv, 32);
    k->has_priv = 0;
    memcpy(k->pub, pub, 32);
    k->has_pub = 1;
    return 1;
}

static const OSSL_PARAM key_settable[] = {
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0), OSSL_PARAM_END};
static const OSSL_PARAM no_params[] = {OSSL_PARAM_END};
static const OSSL_PARAM *x25519_settable_params(void *provctx) { return key_settable; }
static const OSSL_PARAM *ed25519_settable_params(void *provctx) { return no_params; }

static int key_validate(const void *kd, int selection, int checktype)
{
    const f25519_key *k = kd;
    f25519_key tmp;
    int ok = 1;
    if (k == NULL) return 0;
    if ((selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == 0) return 1;
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) ok = ok && k->has_pub;
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) ok = ok && k->has_priv;
    if (ok && (selection & OSSL_KEYMGMT_SELECT_KEYPAIR) == OSSL_KEYMGMT_SELECT_KEYPAIR) {
        memcpy(&tmp, k, sizeof(tmp)); /* pairwise: the public key of the private one */
        ok = derive_public(&tmp) && CRYPTO_memcmp(tmp.pub, k->pub, 32) == 0;
        f25519_secure_wipe(&tmp, sizeof(tmp));
    }
    return ok;
}

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
        rc = f25519_pool_take(&g->prov->pool, k->priv, k->pub);
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

#define FN(id, f) {id, (void (*)(void))(f)}
#define COMMON_KEYMGMT                                                       \
    FN(OSSL_FUNC_KEYMGMT_FREE, key_free),                                    \
    FN(OSSL_FUNC_KEYMGMT_HAS, key_has),                                      \
    FN(OSSL_FUNC_KEYMGMT_MATCH, key_match),                                  \
    FN(OSSL_FUNC_KEYMGMT_DUP, key_dup),                                      \
    FN(OSSL_FUNC_KEYMGMT_VALIDATE, key_validate),                            \
    FN(OSSL_FUNC_KEYMGMT_IMPORT, key_import),                                \
    FN(OSSL_FUNC_KEYMGMT_IMPORT_TYPES, key_imexport_types),                  \
    FN(OSSL_FUNC_KEYMGMT_EXPORT, key_export),                                \
    FN(OSSL_FUNC_KEYMGMT_EXPORT_TYPES, key_imexport_types),                  \
    FN(OSSL_FUNC_KEYMGMT_GET_PARAMS, key_get_params),                        \
    FN(OSSL_FUNC_KEYMGMT_SET_PARAMS, key_set_params),                        \
    FN(OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, gen_set_params),                    \
    FN(OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, gen_settable_params),          \
    FN(OSSL_FUNC_KEYMGMT_GEN_SET_TEMPLATE, gen_set_template),                \
    FN(OSSL_FUNC_KEYMGMT_GEN, gen),                                          \
    FN(OSSL_FUNC_KEYMGMT_GEN_CLEANUP, gen_cleanup)

const OSSL_DISPATCH f25519_x25519_keymgmt_functions[] = {
    FN(OSSL_FUNC_KEYMGMT_NEW, x25519_new),
    FN(OSSL_FUNC_KEYMGMT_GEN_INIT, x25519_gen_init),
    FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, x25519_gettable_params),
    FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, x25519_settable_params),
    FN(OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, x25519_query_name),
    COMMON_KEYMGMT,
    {0, NULL}};

const OSSL_DISPATCH f25519_ed25519_keymgmt_functions[] = {
    FN(OSSL_FUNC_KEYMGMT_NEW, ed25519_new),
    FN(OSSL_FUNC_KEYMGMT_GEN_INIT, ed25519_gen_init),
    FN(OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, ed25519_gettable_params),
    FN(OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, ed25519_settable_params),
    FN(OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, ed25519_query_name),
    COMMON_KEYMGMT,
    {0, NULL}};
