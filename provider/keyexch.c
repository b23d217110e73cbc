/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * KEYEXCH X25519: derive = X25519(our private key, peer public key).
 * An all-zero result (low-order peer key) fails, as RFC 7748 6.1 allows
 * and RFC 8446 7.4.2 requires for TLS.
 */
#include <stdlib.h>
#include <string.h>
#include <openssl/params.h>
#include "fast25519.h"
#include "helpers.h"
#include "keys.h"
#include "lifecycle.h"
#include "prov.h"

typedef struct {
    f25519_provctx *prov;
    f25519_key *key, *peer;
} exch_ctx;

static OSSL_FUNC_keyexch_newctx_fn exch_newctx;
static OSSL_FUNC_keyexch_init_fn exch_init;
static OSSL_FUNC_keyexch_set_peer_fn exch_set_peer;
static OSSL_FUNC_keyexch_derive_fn exch_derive;
static OSSL_FUNC_keyexch_freectx_fn exch_freectx;
static OSSL_FUNC_keyexch_dupctx_fn exch_dupctx;
static OSSL_FUNC_keyexch_set_ctx_params_fn exch_set_ctx_params;
static OSSL_FUNC_keyexch_settable_ctx_params_fn exch_settable_ctx_params;
static OSSL_FUNC_keyexch_get_ctx_params_fn exch_get_ctx_params;
static OSSL_FUNC_keyexch_gettable_ctx_params_fn exch_gettable_ctx_params;

static void *exch_newctx(void *provctx)
{
    exch_ctx *c = calloc(1, sizeof(*c));
    if (c != NULL) c->prov = provctx;
    return c;
}

static void exch_freectx(void *vctx)
{
    exch_ctx *c = vctx;
    if (c == NULL) return;
    f25519_key_free(c->key);
    f25519_key_free(c->peer);
    free(c);
}

static void *exch_dupctx(void *vctx)
{
    exch_ctx *src = vctx, *c = malloc(sizeof(*c));
    if (c == NULL) return NULL;
    *c = *src;
    if (c->key) f25519_key_up_ref(c->key);
    if (c->peer) f25519_key_up_ref(c->peer);
    return c;
}

static int exch_init(void *vctx, void *vkey, const OSSL_PARAM params[])
{
    exch_ctx *c = vctx;
    f25519_key *k = vkey;
    if (c == NULL || k == NULL || k->type != F25519_KEY_X25519 || !k->has_priv) {
        PROV_ERR(c ? c->prov : NULL, F25519_R_NO_PRIVATE_KEY, "X25519 private key required");
        return 0;
    }
    f25519_key_up_ref(k);
    f25519_key_free(c->key);
    c->key = k;
    return 1;
}

static int exch_set_peer(void *vctx, void *vpeer)
{
    exch_ctx *c = vctx;
    f25519_key *p = vpeer;
    if (c == NULL || p == NULL || p->type != F25519_KEY_X25519 || !p->has_pub) {
        PROV_ERR(c ? c->prov : NULL, F25519_R_NO_PUBLIC_KEY, "X25519 peer public key required");
        return 0;
    }
    f25519_key_up_ref(p);
    f25519_key_free(c->peer);
    c->peer = p;
    return 1;
}

static int exch_derive(void *vctx, unsigned char *secret, size_t *secretlen, size_t outlen)
{
    exch_ctx *c = vctx;
    int rc;
    if (c->key == NULL || c->peer == NULL) {
        PROV_ERR(c->prov, F25519_R_BAD_KEY, "key and peer key must be set");
        return 0;
    }
    if (secret == NULL) {
        *secretlen = 32;
        return 1;
    }
    if (outlen < 32) {
        PROV_ERR(c->prov, F25519_R_BUFFER_TOO_SMALL, "need 32 bytes");
        return 0;
    }
    rc = f25519_x25519_derive(secret, c->key->priv, c->peer->pub, 32);
    if (rc != F25519_OK) {
        if (rc == F25519_ERR_ZERO_SHARED)
            PROV_ERR(c->prov, F25519_R_ZERO_SHARED, "peer public key rejected");
        else
            PROV_ERR(c->prov, F25519_R_LIBRARY, "%s", f25519_strerror(rc));
        return 0;
    }
    *secretlen = 32;
    f25519_op(c->prov, C_X25519_DERIVE);
    return 1;
}

static int exch_set_ctx_params(void *vctx, const OSSL_PARAM params[]) { return 1; }
static const OSSL_PARAM *exch_settable_ctx_params(void *vctx, void *provctx) { return f25519_no_params; }
static int exch_get_ctx_params(void *vctx, OSSL_PARAM params[]) { return 1; }
static const OSSL_PARAM *exch_gettable_ctx_params(void *vctx, void *provctx) { return f25519_no_params; }


const OSSL_DISPATCH f25519_x25519_keyexch_functions[] = {
    F25519_FN(OSSL_FUNC_KEYEXCH_NEWCTX, exch_newctx),
    F25519_FN(OSSL_FUNC_KEYEXCH_INIT, exch_init),
    F25519_FN(OSSL_FUNC_KEYEXCH_SET_PEER, exch_set_peer),
    F25519_FN(OSSL_FUNC_KEYEXCH_DERIVE, exch_derive),
    F25519_FN(OSSL_FUNC_KEYEXCH_FREECTX, exch_freectx),
    F25519_FN(OSSL_FUNC_KEYEXCH_DUPCTX, exch_dupctx),
    F25519_FN(OSSL_FUNC_KEYEXCH_SET_CTX_PARAMS, exch_set_ctx_params),
    F25519_FN(OSSL_FUNC_KEYEXCH_SETTABLE_CTX_PARAMS, exch_settable_ctx_params),
    F25519_FN(OSSL_FUNC_KEYEXCH_GET_CTX_PARAMS, exch_get_ctx_params),
    F25519_FN(OSSL_FUNC_KEYEXCH_GETTABLE_CTX_PARAMS, exch_gettable_ctx_params),
    {0, NULL}};
