/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519 OpenSSL 3 provider: the key object shared by KEYMGMT, KEYEXCH
 * and SIGNATURE (keys.c). Keys are raw 32-byte strings: the public u
 * (X25519) or encoded point (Ed25519), and the private scalar bytes (X25519,
 * clamped when used) or the seed (Ed25519). Selections are OpenSSL's
 * OSSL_KEYMGMT_SELECT_* bits.
 */
#ifndef F25519_PROV_KEYS_H
#define F25519_PROV_KEYS_H

#include <stdatomic.h>
#include <stdint.h>
#include <openssl/core.h>
#include "provctx.h"

enum { F25519_KEY_X25519 = 1, F25519_KEY_ED25519 = 2 };

typedef struct f25519_key {
    _Atomic int refs;
    int type;
    int has_pub, has_priv;
    uint8_t pub[32];
    uint8_t priv[32];            /* X25519 private scalar or Ed25519 seed */
    f25519_provctx *prov;
} f25519_key;

/* Reference counted: new = 1 reference; free drops one, wipes at the last. */
f25519_key *f25519_key_new(f25519_provctx *prov, int type);
int f25519_key_up_ref(f25519_key *k);
void f25519_key_free(f25519_key *k);

/* A new key with the selected key-pair parts of src (a private key always
 * brings its public key). NULL on error. */
f25519_key *f25519_key_dup(const f25519_key *src, int selection);
/* 1 if the key holds every selected part (no domain parameters exist). */
int f25519_key_has(const f25519_key *k, int selection);
/* 1 if a and b are of one type and their selected parts are equal. */
int f25519_key_match(const f25519_key *a, const f25519_key *b, int selection);
/* 1 if the selected parts are present and, for a key pair, the public key
 * is the one of the private key. */
int f25519_key_validate(const f25519_key *k, int selection);

/* Key from OSSL_PARAMs (PUB_KEY, PRIV_KEY): OpenSSL's import rules,
 * keys.c explains them. 1 = imported, 0 = error raised, key emptied. */
int f25519_key_import(f25519_key *k, int selection, const OSSL_PARAM params[]);
/* Key to OSSL_PARAMs passed to cb (export rules in keys.c). */
int f25519_key_export(f25519_key *k, int selection, OSSL_CALLBACK *cb, void *cbarg);
/* Replace the key by a public key only (libssl's peer key share). */
void f25519_key_set_public(f25519_key *k, const uint8_t pub[32]);
#endif
