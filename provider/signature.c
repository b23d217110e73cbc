/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SIGNATURE ED25519 (and, on OpenSSL 3.4+, ED25519ph and ED25519ctx).
 *
 * Entry points, each with the default provider's semantics (OpenSSL 3.5):
 *  - EVP_DigestSign / EVP_DigestVerify (every version): one-shot over the
 *    message; the 3.2+ "instance" and "context-string" parameters select
 *    Ed25519ctx / Ed25519ph (RFC 8032 5.1). No digest name is accepted.
 *  - 3.4+ EVP_PKEY_sign_init / EVP_PKEY_verify_init (OSSL_FUNC_SIGNATURE_SIGN_INIT,
 *    SIGN, VERIFY_INIT, VERIFY): the input is a 64-byte SHA-512 prehash, so the
 *    instance must be Ed25519ph (preset by the ED25519ph algorithm, or set
 *    through "instance" for ED25519); otherwise sign/verify fails.
 *  - 3.4+ EVP_PKEY_sign_message_init / verify_message_init with the
 *    algorithms ED25519, ED25519ph, ED25519ctx (instance preset): EVP_PKEY_sign /
 *    EVP_PKEY_verify over the message, or update/final. Ed25519 hashes the
 *    message twice (nonce, then challenge), so update buffers the message and
 *    final signs or verifies it in one call. The signature for
 *    verify_message_final comes through the "signature" parameter
 *    (EVP_PKEY_CTX_set_signature).
 * Verification uses F25519_VERIFY_OPENSSL: the default provider's verdicts.
 * get_ctx_params gives the AlgorithmIdentifier (X.509 signing needs it).
 *
 * The 3.4+ function ids are fixed by the OpenSSL ABI; when compiled against
 * 3.0 headers they are defined here, so one module serves 3.0 and 3.5. Which
 * table is offered is decided at run time from the core's version (prov.c):
 * on 3.0-3.3 the ED25519 table has exactly the entries the default provider
 * of those versions has (digest sign/verify only).
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

/* OpenSSL 3.4+ signature function ids and types, as include/openssl/
 * core_dispatch.h of 3.4 has them, for builds against older headers. */
#ifndef OSSL_FUNC_SIGNATURE_QUERY_KEY_TYPES
#define OSSL_FUNC_SIGNATURE_QUERY_KEY_TYPES 26
OSSL_CORE_MAKE_FUNC(const char **, signature_query_key_types, (void))
#endif
#ifndef OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT
#define OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT 27
#define OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_UPDATE 28
#define OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_FINAL 29
#define OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_INIT 30
#define OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_UPDATE 31
#define OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_FINAL 32
OSSL_CORE_MAKE_FUNC(int, signature_sign_message_init,
                    (void *ctx, void *provkey, const OSSL_PARAM params[]))
OSSL_CORE_MAKE_FUNC(int, signature_sign_message_update,
                    (void *ctx, const unsigned char *in, size_t inlen))
OSSL_CORE_MAKE_FUNC(int, signature_sign_message_final,
                    (void *ctx, unsigned char *sig, size_t *siglen, size_t sigsize))
OSSL_CORE_MAKE_FUNC(int, signature_verify_message_init,
                    (void *ctx, void *provkey, const OSSL_PARAM params[]))
OSSL_CORE_MAKE_FUNC(int, signature_verify_message_update,
                    (void *ctx, const unsigned char *in, size_t inlen))
OSSL_CORE_MAKE_FUNC(int, signature_verify_message_final, (void *ctx))
#endif
/* Parameter names of 3.2+ / 3.4+ (not in 3.0's headers). */
#define PARAM_INSTANCE "instance"
#define PARAM_CONTEXT_STRING "context-string"
#define PARAM_SIGNATURE "signature"

/* DER of AlgorithmIdentifier { id-Ed25519 } (RFC 8410 3): SEQUENCE { OID 1.3.101.112 } */
static const uint8_t ed25519_algid[] = {0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70};

enum { MODE_DIGEST = 0, MODE_ONESHOT = 1, MODE_MESSAGE = 2 };

typedef struct {
    f25519_provctx *prov;
    f25519_key *key;
    int variant;             /* F25519_ED25519 / CTX / PH */
    int preset;              /* instance fixed by the algorithm (ED25519ph/ctx, message init) */
    int mode;                /* MODE_*: what the input of sign/verify is */
    uint8_t ctx[255];
    size_t ctx_len;
    uint8_t *msg;            /* message buffered by *_message_update */
    size_t msg_len, msg_cap;
    uint8_t sig[64];         /* from the "signature" parameter */
    size_t sig_len;
    int has_sig;
} sig_ctx;

static OSSL_FUNC_signature_newctx_fn sig_newctx;
static OSSL_FUNC_signature_freectx_fn sig_freectx;
static OSSL_FUNC_signature_dupctx_fn sig_dupctx;
static OSSL_FUNC_signature_digest_sign_init_fn sig_digest_sign_init;
static OSSL_FUNC_signature_digest_sign_fn sig_digest_sign;
static OSSL_FUNC_signature_digest_verify_init_fn sig_digest_verify_init;
static OSSL_FUNC_signature_digest_verify_fn sig_digest_verify;
static OSSL_FUNC_signature_sign_init_fn ed25519_sign_init, ed25519ph_sign_init;
static OSSL_FUNC_signature_verify_init_fn ed25519_verify_init, ed25519ph_verify_init;
static OSSL_FUNC_signature_sign_fn sig_sign;
static OSSL_FUNC_signature_verify_fn sig_verify;
static OSSL_FUNC_signature_get_ctx_params_fn sig_get_ctx_params;
static OSSL_FUNC_signature_gettable_ctx_params_fn sig_gettable_ctx_params;
static OSSL_FUNC_signature_set_ctx_params_fn sig_set_ctx_params;
static OSSL_FUNC_signature_settable_ctx_params_fn sig_settable_ctx_params, sig_settable_variant_params;
static OSSL_FUNC_signature_query_key_types_fn sig_query_key_types;
static OSSL_FUNC_signature_sign_message_init_fn ed25519_msg_sign_init, ed25519ph_msg_sign_init,
    ed25519ctx_msg_sign_init;
static OSSL_FUNC_signature_verify_message_init_fn ed25519_msg_verify_init, ed25519ph_msg_verify_init,
    ed25519ctx_msg_verify_init;
static OSSL_FUNC_signature_sign_message_update_fn sig_msg_update;
static OSSL_FUNC_signature_sign_message_final_fn sig_sign_msg_final;
static OSSL_FUNC_signature_verify_message_final_fn sig_verify_msg_final;

static void *sig_newctx(void *provctx, const char *propq)
{
    sig_ctx *c = calloc(1, sizeof(*c));
    if (c != NULL) {
        c->prov = provctx;
        c->variant = F25519_ED25519;
    }
    return c;
}

static void msg_reset(sig_ctx *c)
{
    free(c->msg);
    c->msg = NULL;
    c->msg_len = c->msg_cap = 0;
}

static void sig_freectx(void *vctx)
{
    sig_ctx *c = vctx;
    if (c == NULL) return;
    f25519_key_free(c->key);
    msg_reset(c);
    free(c);
}

static void *sig_dupctx(void *vctx)
{
    sig_ctx *src = vctx, *c = malloc(sizeof(*c));
    if (c == NULL) return NULL;
    *c = *src;
    c->msg = NULL;
    c->msg_cap = 0;
    if (src->msg_len > 0) {
        if ((c->msg = malloc(src->msg_len)) == NULL) {
            free(c);
            return NULL;
        }
        memcpy(c->msg, src->msg, src->msg_len);
        c->msg_cap = src->msg_len;
    }
    if (c->key) f25519_key_up_ref(c->key);
    return c;
}

/* Common init: key (NULL = keep the current one), instance, mode, params. */
static int sig_init(sig_ctx *c, f25519_key *k, int need_priv, int variant, int preset, int mode,
                    const OSSL_PARAM params[])
{
    if (c == NULL) return 0;
    if (k == NULL) k = c->key; /* re-initialisation with the same key */
    if (k == NULL || k->type != F25519_KEY_ED25519 || !k->has_pub || (need_priv && !k->has_priv)) {
        PROV_ERR(c->prov, need_priv ? F25519_R_NO_PRIVATE_KEY : F25519_R_NO_PUBLIC_KEY,
                 "Ed25519 %s key required", need_priv ? "private" : "public");
        return 0;
    }
    if (k != c->key) {
        f25519_key_up_ref(k);
        f25519_key_free(c->key);
        c->key = k;
    }
    c->variant = variant;
    c->preset = preset;
    c->mode = mode;
    c->ctx_len = 0;
    c->has_sig = 0;
    c->sig_len = 0;
    msg_reset(c);
    return sig_set_ctx_params(c, params);
}

static int digest_init(void *vctx, const char *mdname, void *key, const OSSL_PARAM params[],
                       int need_priv)
{
    sig_ctx *c = vctx;
    if (c == NULL) return 0;
    if (mdname != NULL && mdname[0] != '\0') {
        PROV_ERR(c->prov, F25519_R_DIGEST_NOT_ALLOWED, "digest '%s' given", mdname);
        return 0;
    }
    if (key == NULL && c->key != NULL && c->mode == MODE_DIGEST) /* re-init: keep the instance */
        return sig_set_ctx_params(c, params);
    return sig_init(c, key, need_priv, F25519_ED25519, 0, MODE_DIGEST, params);
}
static int sig_digest_sign_init(void *vctx, const char *mdname, void *key, const OSSL_PARAM params[])
{
    return digest_init(vctx, mdname, key, params, 1);
}
static int sig_digest_verify_init(void *vctx, const char *mdname, void *key, const OSSL_PARAM params[])
{
    return digest_init(vctx, mdname, key, params, 0);
}

/* EVP_PKEY_sign_init / verify_init: the input is a prehash. */
static int ed25519_sign_init(void *vctx, void *key, const OSSL_PARAM params[])
{
    return sig_init(vctx, key, 1, F25519_ED25519, 0, MODE_ONESHOT, params);
}
static int ed25519_verify_init(void *vctx, void *key, const OSSL_PARAM params[])
{
    return sig_init(vctx, key, 0, F25519_ED25519, 0, MODE_ONESHOT, params);
}
static int ed25519ph_sign_init(void *vctx, void *key, const OSSL_PARAM params[])
{
    return sig_init(vctx, key, 1, F25519_ED25519PH, 1, MODE_ONESHOT, params);
}
static int ed25519ph_verify_init(void *vctx, void *key, const OSSL_PARAM params[])
{
    return sig_init(vctx, key, 0, F25519_ED25519PH, 1, MODE_ONESHOT, params);
}

/* The library variant and message for the context's mode; 0 = refused. */
static int input_variant(sig_ctx *c, size_t tbslen, int *variant)
{
    if (c->mode != MODE_ONESHOT) {
        *variant = c->variant;
        return 1;
    }
    if (c->variant != F25519_ED25519PH) {
        PROV_ERR(c->prov, F25519_R_BAD_KEY,
                 "EVP_PKEY_sign/verify_init take a prehash: the instance must be Ed25519ph");
        return 0;
    }
    if (tbslen != 64) {
        PROV_ERR(c->prov, F25519_R_BAD_KEY, "Ed25519ph prehash must be 64 bytes, got %zu", tbslen);
        return 0;
    }
    *variant = F25519_ED25519PH_HASHED;
    return 1;
}

static int do_sign(sig_ctx *c, unsigned char *sig, size_t *siglen, size_t sigsize,
                   const unsigned char *tbs, size_t tbslen)
{
    int rc, variant;
    if (c == NULL || siglen == NULL) return 0;
    if (c->key == NULL || !c->key->has_priv || !c->key->has_pub) {
        PROV_ERR(c->prov, F25519_R_NO_PRIVATE_KEY, "Ed25519 private key required");
        return 0;
    }
    if (sig == NULL) {
        *siglen = 64;
        return 1;
    }
    if (sigsize < 64) {
        PROV_ERR(c->prov, F25519_R_BUFFER_TOO_SMALL, "need 64 bytes");
        return 0;
    }
    if (tbs == NULL && tbslen > 0) return 0;
    if (!input_variant(c, tbslen, &variant)) return 0;
    if (variant == F25519_ED25519)
        rc = f25519_ed25519_sign(sig, tbs, tbslen, c->key->priv, c->key->pub);
    else
        rc = f25519_ed25519_sign_ex(sig, tbs, tbslen, c->key->priv, c->key->pub, variant, c->ctx,
                                    c->ctx_len);
    if (rc != F25519_OK) {
        PROV_ERR(c->prov, F25519_R_LIBRARY, "%s", f25519_strerror(rc));
        return 0;
    }
    *siglen = 64;
    f25519_op(c->prov, C_ED25519_SIGN);
    return 1;
}

static int do_verify(sig_ctx *c, const unsigned char *sig, size_t siglen, const unsigned char *tbs,
                     size_t tbslen)
{
    int rc, variant;
    if (c == NULL) return 0;
    if (c->key == NULL || !c->key->has_pub) {
        PROV_ERR(c->prov, F25519_R_NO_PUBLIC_KEY, "Ed25519 public key required");
        return 0;
    }
    if (sig == NULL || (tbs == NULL && tbslen > 0)) return 0;
    if (!input_variant(c, tbslen, &variant)) return 0;
    if (variant == F25519_ED25519)
        rc = f25519_ed25519_verify(sig, siglen, tbs, tbslen, c->key->pub, 32, F25519_VERIFY_OPENSSL);
    else
        rc = f25519_ed25519_verify_ex(sig, siglen, tbs, tbslen, c->key->pub, 32,
                                      F25519_VERIFY_OPENSSL, variant, c->ctx, c->ctx_len);
    f25519_op(c->prov, C_ED25519_VERIFY);
    /* An invalid signature is a verdict, not an error: return 0 quietly. */
    return rc == F25519_OK;
}

static int sig_digest_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                           const unsigned char *tbs, size_t tbslen)
{
    return do_sign(vctx, sig, siglen, sigsize, tbs, tbslen);
}
static int sig_digest_verify(void *vctx, const unsigned char *sig, size_t siglen,
                             const unsigned char *tbs, size_t tbslen)
{
    return do_verify(vctx, sig, siglen, tbs, tbslen);
}
static int sig_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                    const unsigned char *tbs, size_t tbslen)
{
    return do_sign(vctx, sig, siglen, sigsize, tbs, tbslen);
}
static int sig_verify(void *vctx, const unsigned char *sig, size_t siglen, const unsigned char *tbs,
                      size_t tbslen)
{
    return do_verify(vctx, sig, siglen, tbs, tbslen);
}

/* ---- 3.4+ message API -------------------------------------------------- */
#define MSG_INIT(name, need_priv, variant)                                      \
    static int name(void *vctx, void *key, const OSSL_PARAM params[])               \
    {                                                                                \
        return sig_init(vctx, key, need_priv, variant, 1, MODE_MESSAGE, params);     \
    }
MSG_INIT(ed25519_msg_sign_init, 1, F25519_ED25519)
MSG_INIT(ed25519_msg_verify_init, 0, F25519_ED25519)
MSG_INIT(ed25519ph_msg_sign_init, 1, F25519_ED25519PH)
MSG_INIT(ed25519ph_msg_verify_init, 0, F25519_ED25519PH)
MSG_INIT(ed25519ctx_msg_sign_init, 1, F25519_ED25519CTX)
MSG_INIT(ed25519ctx_msg_verify_init, 0, F25519_ED25519CTX)

static int sig_msg_update(void *vctx, const unsigned char *in, size_t inlen)
{
    sig_ctx *c = vctx;
    if (c == NULL || c->mode != MODE_MESSAGE) return 0;
    if (inlen == 0) return 1;
    if (in == NULL) return 0;
    if (inlen > SIZE_MAX / 2 - c->msg_len) {
        PROV_ERR(c->prov, F25519_R_BUFFER_TOO_SMALL, "message too long");
        return 0;
    }
    if (c->msg_len + inlen > c->msg_cap) {
        size_t cap = c->msg_cap ? c->msg_cap : 256;
        while (cap < c->msg_len + inlen) cap *= 2;
        uint8_t *m = realloc(c->msg, cap);
        if (m == NULL) {
            PROV_ERR(c->prov, F25519_R_BUFFER_TOO_SMALL, "out of memory buffering the message");
            return 0;
        }
        c->msg = m;
        c->msg_cap = cap;
    }
    memcpy(c->msg + c->msg_len, in, inlen);
    c->msg_len += inlen;
    return 1;
}

static int sig_sign_msg_final(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize)
{
    sig_ctx *c = vctx;
    if (c == NULL || c->mode != MODE_MESSAGE) return 0;
    int ok = do_sign(c, sig, siglen, sigsize, c->msg, c->msg_len);
    if (ok && sig != NULL) msg_reset(c); /* a size query keeps the message */
    return ok;
}

static int sig_verify_msg_final(void *vctx)
{
    sig_ctx *c = vctx;
    if (c == NULL || c->mode != MODE_MESSAGE) return 0;
    if (!c->has_sig) {
        PROV_ERR(c->prov, F25519_R_BAD_KEY, "no signature set (EVP_PKEY_CTX_set_signature)");
        return 0;
    }
    int ok = do_verify(c, c->sig, c->sig_len, c->msg, c->msg_len);
    msg_reset(c);
    return ok;
}

static const char **sig_query_key_types(void)
{
    static const char *types[] = {"ED25519", NULL};
    return types;
}

/* ---- parameters ---------------------------------------------------------- */
static int sig_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID);
    if (p != NULL && !OSSL_PARAM_set_octet_string(p, ed25519_algid, sizeof(ed25519_algid)))
        return 0;
    return 1;
}

static const OSSL_PARAM gettable_ctx[] = {
    OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0), OSSL_PARAM_END};
static const OSSL_PARAM *sig_gettable_ctx_params(void *vctx, void *provctx) { return gettable_ctx; }

static int sig_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    sig_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (c == NULL) return 0;
    if (params == NULL) return 1;
    if ((p = OSSL_PARAM_locate_const(params, PARAM_INSTANCE)) != NULL) {
        const char *s = NULL;
        if (c->preset) {
            PROV_ERR(c->prov, F25519_R_BAD_KEY, "the Ed25519 instance is fixed by the algorithm");
            return 0;
        }
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &s) || s == NULL) return 0;
        if (strcasecmp(s, "Ed25519") == 0) c->variant = F25519_ED25519;
        else if (strcasecmp(s, "Ed25519ctx") == 0) c->variant = F25519_ED25519CTX;
        else if (strcasecmp(s, "Ed25519ph") == 0) c->variant = F25519_ED25519PH;
        else {
            PROV_ERR(c->prov, F25519_R_BAD_KEY, "unknown Ed25519 instance '%s'", s);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, PARAM_CONTEXT_STRING)) != NULL) {
        void *buf = c->ctx;
        if (!OSSL_PARAM_get_octet_string(p, &buf, sizeof(c->ctx), &c->ctx_len)) {
            c->ctx_len = 0;
            PROV_ERR(c->prov, F25519_R_BAD_KEY, "context string longer than 255 bytes");
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, PARAM_SIGNATURE)) != NULL) {
        void *buf = c->sig;
        size_t len = 0;
        /* A wrong length is a failed verification, not an error (as for EVP_PKEY_verify). */
        if (p->data_type != OSSL_PARAM_OCTET_STRING) return 0;
        if (p->data_size > sizeof(c->sig)) {
            c->sig_len = p->data_size;
            memset(c->sig, 0, sizeof(c->sig));
        } else {
            if (!OSSL_PARAM_get_octet_string(p, &buf, sizeof(c->sig), &len)) return 0;
            c->sig_len = len;
        }
        c->has_sig = 1;
    }
    return 1;
}

static const OSSL_PARAM settable_ctx[] = {
    OSSL_PARAM_utf8_string(PARAM_INSTANCE, NULL, 0),
    OSSL_PARAM_octet_string(PARAM_CONTEXT_STRING, NULL, 0),
    OSSL_PARAM_octet_string(PARAM_SIGNATURE, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM *sig_settable_ctx_params(void *vctx, void *provctx) { return settable_ctx; }
static const OSSL_PARAM settable_variant[] = {
    OSSL_PARAM_octet_string(PARAM_CONTEXT_STRING, NULL, 0),
    OSSL_PARAM_octet_string(PARAM_SIGNATURE, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM *sig_settable_variant_params(void *vctx, void *provctx)
{
    return settable_variant;
}

/* ---- dispatch tables ----------------------------------------------------- */

#define SIG_COMMON                                                              \
    F25519_FN(OSSL_FUNC_SIGNATURE_NEWCTX, sig_newctx),                          \
    F25519_FN(OSSL_FUNC_SIGNATURE_FREECTX, sig_freectx),                        \
    F25519_FN(OSSL_FUNC_SIGNATURE_DUPCTX, sig_dupctx),                          \
    F25519_FN(OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, sig_get_ctx_params),          \
    F25519_FN(OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, sig_gettable_ctx_params), \
    F25519_FN(OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, sig_set_ctx_params)
#define SIG_DIGEST                                                              \
    F25519_FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, sig_digest_sign_init),      \
    F25519_FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN, sig_digest_sign),                \
    F25519_FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, sig_digest_verify_init),  \
    F25519_FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, sig_digest_verify)
#define SIG_MESSAGE(v)                                                          \
    F25519_FN(OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_INIT, v##_msg_sign_init),        \
    F25519_FN(OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_UPDATE, sig_msg_update),         \
    F25519_FN(OSSL_FUNC_SIGNATURE_SIGN_MESSAGE_FINAL, sig_sign_msg_final),      \
    F25519_FN(OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_INIT, v##_msg_verify_init),    \
    F25519_FN(OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_UPDATE, sig_msg_update),       \
    F25519_FN(OSSL_FUNC_SIGNATURE_VERIFY_MESSAGE_FINAL, sig_verify_msg_final),  \
    F25519_FN(OSSL_FUNC_SIGNATURE_SIGN, sig_sign),                              \
    F25519_FN(OSSL_FUNC_SIGNATURE_VERIFY, sig_verify),                          \
    F25519_FN(OSSL_FUNC_SIGNATURE_QUERY_KEY_TYPES, sig_query_key_types)

/* OpenSSL 3.0-3.3: what their default provider offers for ED25519. */
const OSSL_DISPATCH f25519_ed25519_signature_functions[] = {
    SIG_COMMON,
    SIG_DIGEST,
    F25519_FN(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, sig_settable_ctx_params),
    {0, NULL}};

/* OpenSSL 3.4+: ED25519, ED25519ph, ED25519ctx as the 3.5 default provider has them. */
const OSSL_DISPATCH f25519_ed25519_signature34_functions[] = {
    SIG_COMMON,
    SIG_DIGEST,
    SIG_MESSAGE(ed25519),
    F25519_FN(OSSL_FUNC_SIGNATURE_SIGN_INIT, ed25519_sign_init),
    F25519_FN(OSSL_FUNC_SIGNATURE_VERIFY_INIT, ed25519_verify_init),
    F25519_FN(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, sig_settable_ctx_params),
    {0, NULL}};
const OSSL_DISPATCH f25519_ed25519ph_signature_functions[] = {
    SIG_COMMON,
    SIG_MESSAGE(ed25519ph),
    F25519_FN(OSSL_FUNC_SIGNATURE_SIGN_INIT, ed25519ph_sign_init),
    F25519_FN(OSSL_FUNC_SIGNATURE_VERIFY_INIT, ed25519ph_verify_init),
    F25519_FN(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, sig_settable_variant_params),
    {0, NULL}};
const OSSL_DISPATCH f25519_ed25519ctx_signature_functions[] = {
    SIG_COMMON,
    SIG_MESSAGE(ed25519ctx),
    F25519_FN(OSSL_FUNC_SIGNATURE_SIGN_INIT, ed25519ctx_msg_sign_init),
    F25519_FN(OSSL_FUNC_SIGNATURE_VERIFY_INIT, ed25519ctx_msg_verify_init),
    F25519_FN(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, sig_settable_variant_params),
    {0, NULL}};
