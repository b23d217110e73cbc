/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The provider's key decoding: arbitrary DER or PEM through OSSL_DECODER in two library
 * contexts, one with only the default provider, one with the default provider and ours
 * (build/lib/fast25519.so) preferred (propq "?provider=fast25519", as the README configures
 * it). We have no decoders: the default provider's decoders parse and (OpenSSL 3 keeps a
 * decoded key with the decoder's provider) our keymgmt receives the key by export/import
 * (provider/keys.c) when an operation of ours uses it, or when it is imported explicitly.
 * Checks:
 *   the same accept/reject;
 *   an accepted X25519/ED25519 key: the same type, the same raw public key and the same raw
 *   private key (or none in both); imported into fast25519 explicitly (EVP_PKEY_todata +
 *   EVP_PKEY_fromdata with provider=fast25519): accepted, held by fast25519, the same raw keys;
 *   it works the same in the three forms (default provider; decoded key used by our operations,
 *   which must run in fast25519; the imported key): X25519 derive against a fixed key (as the
 *   private or the peer side), Ed25519 signature of a fixed message (private keys) or the
 *   verdict on a fixed signature;
 *   other key types (decoded by the default provider in both): the same type and the same
 *   SubjectPublicKeyInfo DER.
 * Input: byte f (f & 1: "PEM", else "DER"), then the data.
 */
#include <openssl/core_names.h>
#include <openssl/decoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/x509.h>
#include <strings.h>
#include "fuzz_common.h"

#ifndef F25519_PROVIDER_MODULE
#error "F25519_PROVIDER_MODULE (path of build/lib/fast25519.so) must be defined"
#endif
#define PROPQ "?provider=fast25519"

static OSSL_LIB_CTX *lib_def, *lib_fast;
static long n_inputs, n_accepted, n_ours;

static void summary(void)
{
    fprintf(stderr, "fuzz_provider_decode: %ld inputs, %ld keys accepted by both, %ld X25519/ED25519 keys compared\n",
            n_inputs, n_accepted, n_ours);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fz_init_backends("fuzz_provider_decode");
    lib_def = OSSL_LIB_CTX_new();
    lib_fast = OSSL_LIB_CTX_new();
    /* loaded by its name from the module's directory, as openssl.cnf names it "fast25519" */
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", F25519_PROVIDER_MODULE);
    char *slash = strrchr(dir, '/');
    if (slash) *slash = 0;
    if (!lib_def || !lib_fast || !OSSL_PROVIDER_load(lib_def, "default") ||
        !OSSL_PROVIDER_load(lib_fast, "default") || !OSSL_PROVIDER_set_default_search_path(lib_fast, dir) ||
        !OSSL_PROVIDER_load(lib_fast, "fast25519")) {
        fprintf(stderr, "fuzz_provider_decode: cannot load the providers (%s)\n", F25519_PROVIDER_MODULE);
        ERR_print_errors_fp(stderr);
        abort();
    }
    fprintf(stderr, "fuzz_provider_decode: default provider vs %s preferred\n", F25519_PROVIDER_MODULE);
    atexit(summary);
    return 0;
}

static EVP_PKEY *decode(OSSL_LIB_CTX *lib, const char *propq, const char *type, const uint8_t *d,
                        size_t n)
{
    EVP_PKEY *pk = NULL;
    OSSL_DECODER_CTX *dc = OSSL_DECODER_CTX_new_for_pkey(&pk, type, NULL, NULL, 0, lib, propq);
    if (!dc) {
        fprintf(stderr, "fuzz_provider_decode: OSSL_DECODER_CTX_new_for_pkey failed\n");
        abort();
    }
    const unsigned char *p = d;
    size_t len = n;
    if (!OSSL_DECODER_from_data(dc, &p, &len)) {
        EVP_PKEY_free(pk);
        pk = NULL;
    }
    OSSL_DECODER_CTX_free(dc);
    ERR_clear_error();
    return pk;
}

/* raw key of the given kind into out (32 bytes); 1 if present */
static int raw(EVP_PKEY *k, int priv, uint8_t out[64], size_t *len)
{
    *len = 64;
    int ok = priv ? EVP_PKEY_get_raw_private_key(k, out, len) : EVP_PKEY_get_raw_public_key(k, out, len);
    ERR_clear_error();
    return ok == 1;
}

static const uint8_t FIXED_X_PRIV[32] = {0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1,
                                         0x72, 0x51, 0xb2, 0x66, 0x45, 0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0,
                                         0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a};
static const uint8_t FIXED_X_PUB[32] = {9};
static const uint8_t MSG[] = "fast25519 provider_decode";

/* What the key does, as bytes (out) and a length; -1 when the operation fails. */
static long use_key(OSSL_LIB_CTX *lib, const char *propq, EVP_PKEY *k, int x25519, int has_priv,
                    uint8_t out[64], const char **prov)
{
    long res = -1;
    *prov = NULL;
    if (x25519) {
        EVP_PKEY *other = has_priv ? EVP_PKEY_new_raw_public_key_ex(lib, "X25519", propq, FIXED_X_PUB, 32)
                                   : EVP_PKEY_new_raw_private_key_ex(lib, "X25519", propq, FIXED_X_PRIV, 32);
        EVP_PKEY *me = has_priv ? k : other, *peer = has_priv ? other : k;
        EVP_PKEY_CTX *c = other ? EVP_PKEY_CTX_new_from_pkey(lib, me, propq) : NULL;
        size_t len = 64;
        if (c && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer_ex(c, peer, 0) == 1 &&
            EVP_PKEY_derive(c, out, &len) == 1)
            res = (long)len;
        if (c) *prov = OSSL_PROVIDER_get0_name(EVP_PKEY_CTX_get0_provider(c));
        EVP_PKEY_CTX_free(c);
        EVP_PKEY_free(other);
    } else {
        EVP_MD_CTX *c = EVP_MD_CTX_new();
        if (has_priv) {
            size_t len = 64;
            if (c && EVP_DigestSignInit_ex(c, NULL, NULL, lib, propq, k, NULL) == 1 &&
                EVP_DigestSign(c, out, &len, MSG, sizeof MSG) == 1)
                res = (long)len;
            if (c && EVP_MD_CTX_get_pkey_ctx(c))
                *prov = OSSL_PROVIDER_get0_name(EVP_PKEY_CTX_get0_provider(EVP_MD_CTX_get_pkey_ctx(c)));
        } else {
            /* a fixed signature (R = B, S = 1 is valid for no key here, so the verdict is "no"
             * unless the key is special); both contexts must agree */
            static const uint8_t sig[64] = {0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                            0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                            0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
                                            0x66, 0x66, 1};
            if (c && EVP_DigestVerifyInit_ex(c, NULL, NULL, lib, propq, k, NULL) == 1) {
                out[0] = (uint8_t)EVP_DigestVerify(c, sig, 64, MSG, sizeof MSG);
                res = 1;
                *prov = OSSL_PROVIDER_get0_name(EVP_PKEY_CTX_get0_provider(EVP_MD_CTX_get_pkey_ctx(c)));
            }
        }
        EVP_MD_CTX_free(c);
    }
    ERR_clear_error();
    return res;
}

/* k (any provider) imported into fast25519's keymgmt; NULL if refused */
static EVP_PKEY *import_into_ours(EVP_PKEY *k, const char *type, int has_priv)
{
    OSSL_PARAM *params = NULL;
    EVP_PKEY *out = NULL;
    int sel = has_priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lib_fast, type, "provider=fast25519");
    if (!c || EVP_PKEY_todata(k, sel, &params) != 1 || EVP_PKEY_fromdata_init(c) != 1 ||
        EVP_PKEY_fromdata(c, &out, sel, params) != 1) {
        EVP_PKEY_free(out);
        out = NULL;
    }
    OSSL_PARAM_free(params);
    EVP_PKEY_CTX_free(c);
    ERR_clear_error();
    return out;
}

static int is_ours(const char *prov) { return prov && strcmp(prov, "fast25519") == 0; }

static long spki(EVP_PKEY *k, uint8_t **der)
{
    *der = NULL;
    int n = i2d_PUBKEY(k, der);
    ERR_clear_error();
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1) return 0;
    const char *type = (data[0] & 1) ? "PEM" : "DER";
    EVP_PKEY *a = decode(lib_def, NULL, type, data + 1, size - 1);
    EVP_PKEY *b = decode(lib_fast, PROPQ, type, data + 1, size - 1);
    const char *why = NULL;
    char detail[200] = "";
    n_inputs++;
    n_accepted += a && b;
    if (!a != !b) {
        why = "accept/reject differs";
        snprintf(detail, sizeof detail, "default provider %s, with fast25519 %s", a ? "accepts" : "rejects",
                 b ? "accepts" : "rejects");
    } else if (a) {
        const char *ta = EVP_PKEY_get0_type_name(a), *tb = EVP_PKEY_get0_type_name(b);
        int ours = ta && (strcasecmp(ta, "X25519") == 0 || strcasecmp(ta, "ED25519") == 0);
        if (!ta || !tb || strcasecmp(ta, tb) != 0) {
            why = "key type differs";
            snprintf(detail, sizeof detail, "%s vs %s", ta ? ta : "(null)", tb ? tb : "(null)");
        } else if (ours) {
            n_ours++;
            uint8_t ra[64], rb[64], rc[64];
            size_t la, lb;
            for (int priv = 0; priv < 2 && !why; priv++) {
                int ha = raw(a, priv, ra, &la), hb = raw(b, priv, rb, &lb);
                if (ha != hb || (ha && (la != lb || memcmp(ra, rb, la) != 0))) {
                    why = priv ? "private key differs" : "public key differs";
                    snprintf(detail, sizeof detail, "present %d/%d, lengths %zu/%zu", ha, hb, la, lb);
                }
            }
            int has_priv = raw(a, 1, ra, &la);
            EVP_PKEY *c = why ? NULL : import_into_ours(b, ta, has_priv);
            if (!why && !c) {
                why = "fast25519 refuses the key (EVP_PKEY_fromdata)";
                snprintf(detail, sizeof detail, "%s, private key %d", ta, has_priv);
            }
            if (!why && !is_ours(OSSL_PROVIDER_get0_name(EVP_PKEY_get0_provider(c)))) {
                why = "imported key not held by fast25519";
            }
            for (int priv = 0; priv < 2 && !why; priv++) {
                int ha = raw(a, priv, ra, &la), hc = raw(c, priv, rc, &lb);
                if (ha != hc || (ha && (la != lb || memcmp(ra, rc, la) != 0))) {
                    why = priv ? "private key differs after import into fast25519"
                               : "public key differs after import into fast25519";
                    snprintf(detail, sizeof detail, "present %d/%d, lengths %zu/%zu", ha, hc, la, lb);
                }
            }
            if (!why) {
                int x = strcasecmp(ta, "X25519") == 0;
                const char *pa, *pb, *pc;
                long ua = use_key(lib_def, NULL, a, x, has_priv, ra, &pa);
                long ub = use_key(lib_fast, PROPQ, b, x, has_priv, rb, &pb);
                long uc = use_key(lib_fast, PROPQ, c, x, has_priv, rc, &pc);
                if (fz_selftest && uc > 0) rc[0] ^= 1;
                if (ua != ub || ua != uc || (ua > 0 && (memcmp(ra, rb, (size_t)ua) != 0 ||
                                                        memcmp(ra, rc, (size_t)ua) != 0))) {
                    why = x ? "X25519 derive differs" : "Ed25519 sign/verify differs";
                    snprintf(detail, sizeof detail,
                             "results %ld (default) / %ld (decoded, via %s) / %ld (imported, via %s), "
                             "private key %d", ua, ub, pb ? pb : "-", uc, pc ? pc : "-", has_priv);
                } else if ((pb && !is_ours(pb)) || (pc && !is_ours(pc))) {
                    why = "operation not run by fast25519";
                    snprintf(detail, sizeof detail, "%s / %s", pb, pc);
                }
            }
            EVP_PKEY_free(c);
        } else {
            uint8_t *da, *db;
            long na = spki(a, &da), nb = spki(b, &db);
            if (na != nb || (na > 0 && memcmp(da, db, (size_t)na) != 0)) {
                why = "SubjectPublicKeyInfo differs";
                snprintf(detail, sizeof detail, "%s: %ld vs %ld bytes", ta, na, nb);
            }
            OPENSSL_free(da);
            OPENSSL_free(db);
        }
    }
    EVP_PKEY_free(a);
    EVP_PKEY_free(b);
    if (why) {
        FZ_FAIL("provider decode (%s): %s: %s", type, why, detail);
        fz_hex("input", data + 1, size - 1);
        fz_abort();
    }
    return 0;
}
