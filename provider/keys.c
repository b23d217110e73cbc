/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The provider's key object (keys.h): allocation and reference counting,
 * dup/has/match/validate by selection, and its encoding as OSSL_PARAMs
 * (import/export). PEM/DER are handled by the default provider's
 * encoders/decoders through import/export, so both must be complete.
 */
#include <stdlib.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include "fast25519.h"
#include "helpers.h"
#include "keys.h"

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

int f25519_key_has(const f25519_key *k, int selection)
{
    int ok = 1;
    if (k == NULL) return 0;
    /* No domain parameters exist, so asking for them always succeeds. */
    if (selection & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) ok = ok && k->has_pub;
    if (selection & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) ok = ok && k->has_priv;
    return ok;
}

int f25519_key_match(const f25519_key *a, const f25519_key *b, int selection)
{
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
f25519_key *f25519_key_dup(const f25519_key *src, int selection)
{
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

int f25519_key_validate(const f25519_key *k, int selection)
{
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
int f25519_key_import(f25519_key *k, int selection, const OSSL_PARAM params[])
{
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
        f25519_key_set_public(k, pub);
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
int f25519_key_export(f25519_key *k, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
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

void f25519_key_set_public(f25519_key *k, const uint8_t pub[32])
{
    f25519_secure_wipe(k->priv, 32);
    k->has_priv = 0;
    memcpy(k->pub, pub, 32);
    k->has_pub = 1;
}
