/*
 * SIGNATURE ED25519: one-shot EVP_DigestSign / EVP_DigestVerify (Ed25519
 * hashes the whole message itself, so there is no update/final).
 * Verification uses F25519_VERIFY_OPENSSL: the default provider's verdicts.
 * get_ctx_params gives the AlgorithmIdentifier (X.509 signing needs it).
 * The OpenSSL 3.2+ "instance"/"context-string" parameters select
 * Ed25519ctx/Ed25519ph (RFC 8032 5.1) as the default provider does there.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include "fast25519.h"
#include "prov.h"

/* DER of AlgorithmIdentifier { id-Ed25519 } (RFC 8410 3): SEQUENCE { OID 1.3.101.112 } */
static const uint8_t ed25519_algid[] = {0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70};

typedef struct {
    f25519_provctx *prov;
    f25519_key *key;
    int variant;             /* F25519_ED25519 / CTX / PH */
    uint8_t ctx[255];
    size_t ctx_len;
} sig_ctx;

static void *sig_newctx(void *provctx, const char *propq)
{
    sig_ctx *c = calloc(1, sizeof(*c));
    if (c != NULL) {
        c->prov = provctx;
        c->variant = F25519_ED25519;
    }
    return c;
}

static void sig_freectx(void *vctx)
{
    sig_ctx *c = vctx;
    if (c == NULL) return;
    f25519_key_free(c->key);
    free(c);
}

static void *sig_dupctx(void *vctx)
{
    sig_ctx *src = vctx, *c = malloc(sizeof(*c));
    if (c == NULL) return NULL;
    *c = *src;
    if (c->key) f25519_key_up_ref(c->key);
    return c;
}

static int sig_set_ctx_params(void *vctx, const OSSL_PARAM params[]);

static int sig_init(sig_ctx *c, const char *mdname, f25519_key *k, const OSSL_PARAM params[],
                    int need_priv)
{
    if (mdname != NULL && mdname[0] != '\0') {
        PROV_ERR(c->prov, F25519_R_DIGEST_NOT_ALLOWED, "digest '%s' given", mdname);
        return 0;
    }
    if (k == NULL) k = c->key; /* re-initialisation with the same key */
    if (k == NULL || k->type != F25519_KEY_ED25519 || (need_priv ? !k->has_priv : !k->has_pub)) {
        PROV_ERR(c->prov, need_priv ? F25519_R_NO_PRIVATE_KEY : F25519_R_NO_PUBLIC_KEY,
                 "Ed25519 %s key required", need_priv ? "private" : "public");
        return 0;
    }
    if (k != c->key) {
        f25519_key_up_ref(k);
        f25519_key_free(c->key);
        c->key = k;
    }
    c->variant = F25519_ED25519;
    c->ctx_len = 0;
    return sig_set_ctx_params(c, params);
}

static int sig_digest_sign_init(void *vctx, const char *mdname, void *key, const OSSL_PARAM params[])
{
    return sig_init(vctx, mdname, key, params, 1);
}

static int sig_digest_verify_init(void *vctx, const char *mdname, void *key,
                                  const OSSL_PARAM params[])
{
    return sig_init(vctx, mdname, key, params, 0);
}

static int sig_digest_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                           const unsigned char *tbs, size_t tbslen)
{
    sig_ctx *c = vctx;
    int rc;
    if (c->key == NULL || !c->key->has_priv) {
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
    if (c->variant == F25519_ED25519)
        rc = f25519_ed25519_sign(sig, tbs, tbslen, c->key->priv, c->key->pub);
    else
        rc = f25519_ed25519_sign_ex(sig, tbs, tbslen, c->key->priv, c->key->pub, c->variant,
                                    c->ctx, c->ctx_len);
    if (rc != F25519_OK) {
        PROV_ERR(c->prov, F25519_R_LIBRARY, "%s", f25519_strerror(rc));
        return 0;
    }
    *siglen = 64;
    f25519_op(c->prov, C_ED25519_SIGN);
    return 1;
}

static int sig_digest_verify(void *vctx, const unsigned char *sig, size_t siglen,
                             const unsigned char *tbs, size_t tbslen)
{
    sig_ctx *c = vctx;
    int rc;
    if (c->key == NULL || !c->key->has_pub) {
        PROV_ERR(c->prov, F25519_R_NO_PUBLIC_KEY, "Ed25519 public key required");
        return 0;
    }
    if (sig == NULL) return 0;
    if (c->variant == F25519_ED25519)
        rc = f25519_ed25519_verify(sig, siglen, tbs, tbslen, c->key->pub, 32,
                                   F25519_VERIFY_OPENSSL);
    else
        rc = f25519_ed25519_verify_ex(sig, siglen, tbs, tbslen, c->key->pub, 32,
                                      F25519_VERIFY_OPENSSL, c->variant, c->ctx, c->ctx_len);
    f25519_op(c->prov, C_ED25519_VERIFY);
    /* An invalid signature is a verdict, not an error: return 0 quietly. */
    return rc == F25519_OK;
}

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

/* OpenSSL 3.2+ names (not in 3.0's headers). */
#define PARAM_INSTANCE "instance"
#define PARAM_CONTEXT_STRING "context-string"

static int sig_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    sig_ctx *c = vctx;
    const OSSL_PARAM *p;
    if (params == NULL) return 1;
    if ((p = OSSL_PARAM_locate_const(params, PARAM_INSTANCE)) != NULL) {
        const char *s = NULL;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &s)) return 0;
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
        if (!OSSL_PARAM_get_octet_string(p, &buf, sizeof(c->ctx), &c->ctx_len)) return 0;
    }
    return 1;
}

static const OSSL_PARAM settable_ctx[] = {
    OSSL_PARAM_utf8_string(PARAM_INSTANCE, NULL, 0),
    OSSL_PARAM_octet_string(PARAM_CONTEXT_STRING, NULL, 0),
    OSSL_PARAM_END};
static const OSSL_PARAM *sig_settable_ctx_params(void *vctx, void *provctx) { return settable_ctx; }

#define FN(id, f) {id, (void (*)(void))(f)}
const OSSL_DISPATCH f25519_ed25519_signature_functions[] = {
    FN(OSSL_FUNC_SIGNATURE_NEWCTX, sig_newctx),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, sig_digest_sign_init),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_SIGN, sig_digest_sign),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, sig_digest_verify_init),
    FN(OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, sig_digest_verify),
    FN(OSSL_FUNC_SIGNATURE_FREECTX, sig_freectx),
    FN(OSSL_FUNC_SIGNATURE_DUPCTX, sig_dupctx),
    FN(OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, sig_get_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, sig_gettable_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, sig_set_ctx_params),
    FN(OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, sig_settable_ctx_params),
    {0, NULL}};
