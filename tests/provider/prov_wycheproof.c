/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Wycheproof x25519_asn_test.json / x25519_pem_test.json through the
 * provider: keys are decoded with OSSL_DECODER (DER) or PEM_read_bio_*_ex
 * (PEM) in a libctx that loads fast25519 by configuration, so libcrypto
 * decodes with the default provider and imports into ours; the derive must
 * run in fast25519 (checked per case and by the provider's counter).
 *   valid      -> the expected shared secret
 *   acceptable -> the expected secret, or a clean error when it is all zero
 *   invalid    -> a clean error (decode or derive fails)
 * Usage: prov_wycheproof asn|pem [FILE]; without FILE the vectors are read
 * from $F25519_VECTORS/wycheproof/v1/x25519_{asn,pem}_test.json (default
 * <repo>/tests/vectors).
 */
#include <openssl/decoder.h>
#include <openssl/pem.h>
#include "provtest.h"

static EVP_PKEY *decode(OSSL_LIB_CTX *ctx, int pem, const char *text, int priv)
{
    EVP_PKEY *pkey = NULL;
    if (text == NULL) return NULL;
    if (pem) {
        BIO *b = BIO_new_mem_buf(text, -1);
        pkey = priv ? PEM_read_bio_PrivateKey_ex(b, NULL, NULL, NULL, ctx, NULL)
                    : PEM_read_bio_PUBKEY_ex(b, NULL, NULL, NULL, ctx, NULL);
        BIO_free(b);
        return pkey;
    }
    size_t len;
    unsigned char *der = tu_hex_dup(text, &len);
    if (der == NULL) return NULL;
    const unsigned char *p = der;
    OSSL_DECODER_CTX *dc = OSSL_DECODER_CTX_new_for_pkey(
        &pkey, "DER", priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo", "X25519",
        priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, ctx, NULL);
    if (dc == NULL || !OSSL_DECODER_from_data(dc, &p, &len)) pkey = NULL;
    OSSL_DECODER_CTX_free(dc);
    free(der);
    return pkey;
}

/* 1 = derived into out (32 bytes), 0 = clean failure; *ours = ran in fast25519 */
static int derive(OSSL_LIB_CTX *ctx, EVP_PKEY *priv, EVP_PKEY *pub, unsigned char out[32], int *ours)
{
    size_t len = 32;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_pkey(ctx, priv, NULL);
    int ok = pc != NULL && EVP_PKEY_derive_init(pc) > 0 && EVP_PKEY_derive_set_peer(pc, pub) > 0
             && EVP_PKEY_derive(pc, out, &len) > 0 && len == 32;
    const OSSL_PROVIDER *p = pc ? EVP_PKEY_CTX_get0_provider(pc) : NULL;
    *ours = p != NULL && strcmp(OSSL_PROVIDER_get0_name(p), "fast25519") == 0;
    EVP_PKEY_CTX_free(pc);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3 || (strcmp(argv[1], "asn") && strcmp(argv[1], "pem"))) {
        fprintf(stderr, "usage: %s asn|pem [FILE]\n", argv[0]);
        return 2;
    }
    int pem = strcmp(argv[1], "pem") == 0;
    char path[4096];
    if (argc == 3)
        snprintf(path, sizeof(path), "%s", argv[2]);
    else
        snprintf(path, sizeof(path), "%s", tu_vector_path(pem ? "wycheproof/v1/x25519_pem_test.json"
                                                              : "wycheproof/v1/x25519_asn_test.json"));
    json_t *doc = tu_load_json_file(path);
    OSSL_PROVIDER *prov;
    OSSL_LIB_CTX *ctx = provtest_ctx(NULL, &prov);
    uint64_t derives0 = counter(prov, "x25519_derive");
    unsigned long n = 0, nvalid = 0, nacc = 0, ninvalid = 0, nderived = 0;
    const json_t *groups = json_object_get(doc, "testGroups");
    for (size_t g = 0; g < json_array_size(groups); g++) {
        const json_t *tests = json_object_get(json_array_get(groups, g), "tests");
        for (size_t t = 0; t < json_array_size(tests); t++) {
            const json_t *tc = json_array_get(tests, t);
            int id = tu_json_int(tc, "tcId");
            const char *result = tu_json_str(tc, "result");
            if (result == NULL) {
                CHECK(0, "tc %d: no result field", id);
                continue;
            }
            size_t slen = 0;
            unsigned char *shared = tu_hex_dup(tu_json_str(tc, "shared"), &slen);
            int zero = 1;
            for (size_t i = 0; i < slen; i++) zero &= shared[i] == 0;
            EVP_PKEY *priv = decode(ctx, pem, tu_json_str(tc, "private"), 1);
            EVP_PKEY *pub = decode(ctx, pem, tu_json_str(tc, "public"), 0);
            unsigned char out[32];
            int ours = 0, ok = priv && pub && derive(ctx, priv, pub, out, &ours);
            ERR_clear_error();
            n++;
            if (ok) nderived++;
            if (priv && pub)
                CHECK(ours, "tc %d: derive did not run in fast25519", id);
            if (strcmp(result, "valid") == 0) {
                nvalid++;
                CHECK(ok && slen == 32 && memcmp(out, shared, 32) == 0, "tc %d (valid): %s", id,
                      ok ? "wrong shared secret" : "failed");
            } else if (strcmp(result, "acceptable") == 0) {
                nacc++;
                if (zero)
                    CHECK(!ok, "tc %d (acceptable, zero secret): derive must fail", id);
                else
                    CHECK(ok && memcmp(out, shared, 32) == 0, "tc %d (acceptable): %s", id,
                          ok ? "wrong shared secret" : "failed");
            } else {
                ninvalid++;
                CHECK(!ok, "tc %d (invalid): accepted", id);
            }
            EVP_PKEY_free(priv);
            EVP_PKEY_free(pub);
            free(shared);
        }
    }
    uint64_t derives = counter(prov, "x25519_derive") - derives0;
    CHECK(derives == nderived, "provider counted %llu derives, test made %lu",
          (unsigned long long)derives, nderived);
    CHECK(n > 0, "no test cases in %s", path);
    printf("%s: %lu cases (%lu valid, %lu acceptable, %lu invalid), %lu derived by fast25519 [%s], "
           "%ld failures\n",
           path, n, nvalid, nacc, ninvalid, nderived, prov_backend(prov), tu_failures);
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(ctx);
    json_decref(doc);
    return tu_failures ? 1 : 0;
}
