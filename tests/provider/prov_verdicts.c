/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Ed25519 verification through the provider gives exactly the default
 * provider's verdicts (the library's F25519_VERIFY_OPENSSL mode), checked
 * through EVP on the edge-case sets read at test time from $F25519_VECTORS:
 * Wycheproof v1 ed25519_test.json (also against its expected results),
 * speccheck cases.json and ZIP-215 zip215_small_order.json (small-order and
 * non-canonical A and R).
 */
#include "provtest.h"

static OSSL_LIB_CTX *g_ctx, *g_def;
static unsigned long g_cases, g_accepted, g_ours_verifies;

/* 1 = valid, 0 = invalid (any failure is a rejection) */
static int verdict(OSSL_LIB_CTX *ctx, const unsigned char *pk, size_t pklen, const unsigned char *msg,
                   size_t msglen, const unsigned char *sig, size_t siglen, int *ran_ours)
{
    EVP_PKEY *k = EVP_PKEY_new_raw_public_key_ex(ctx, "ED25519", NULL, pk, pklen);
    EVP_MD_CTX *mc = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pc = NULL;
    int ok = k != NULL && EVP_DigestVerifyInit_ex(mc, &pc, NULL, ctx, NULL, k, NULL) > 0;
    if (ok && ran_ours)
        *ran_ours = strcmp(OSSL_PROVIDER_get0_name(EVP_PKEY_CTX_get0_provider(pc)), "fast25519") == 0;
    ok = ok && EVP_DigestVerify(mc, sig, siglen, msg, msglen) == 1;
    EVP_MD_CTX_free(mc);
    EVP_PKEY_free(k);
    ERR_clear_error();
    return ok;
}

/* Compare both providers on one case; returns our verdict. */
static int compare(const char *set, const char *id, const char *pk_hex, const char *msg_hex,
                   const char *sig_hex)
{
    size_t pl = 0, ml = 0, sl = 0;
    unsigned char *pk = tu_hex_dup(pk_hex, &pl), *msg = tu_hex_dup(msg_hex, &ml), *sig = tu_hex_dup(sig_hex, &sl);
    int ours_ran = 0;
    if (pk == NULL || msg == NULL || sig == NULL) {
        CHECK(0, "%s %s: bad hex in the vector file", set, id);
        return -1;
    }
    int v_def = verdict(g_def, pk, pl, msg, ml, sig, sl, NULL);
    int v_ours = verdict(g_ctx, pk, pl, msg, ml, sig, sl, &ours_ran);
    if (pl == 32) {
        CHECK(ours_ran, "%s %s: verify did not run in fast25519", set, id);
        if (ours_ran) g_ours_verifies++;
    }
    CHECK(v_ours == v_def, "%s %s: fast25519 says %s, default provider says %s", set, id,
          v_ours ? "valid" : "invalid", v_def ? "valid" : "invalid");
    g_cases++;
    g_accepted += v_ours;
    free(pk);
    free(msg);
    free(sig);
    return v_ours;
}

int main(void)
{
    OSSL_PROVIDER *prov;
    g_ctx = provtest_ctx(NULL, &prov);
    g_def = OSSL_LIB_CTX_new();
    uint64_t v0 = counter(prov, "ed25519_verify");
    char id[32];

    json_t *w = tu_load_json("wycheproof/v1/ed25519_test.json");
    const json_t *groups = json_object_get(w, "testGroups");
    unsigned long wc = 0, wa = 0;
    for (size_t g = 0; g < json_array_size(groups); g++) {
        const char *pk = tu_json_str(json_object_get(json_array_get(groups, g), "publicKey"), "pk");
        const json_t *tests = json_object_get(json_array_get(groups, g), "tests");
        CHECK(pk != NULL, "wycheproof group %zu: no publicKey.pk", g);
        for (size_t t = 0; pk && t < json_array_size(tests); t++) {
            const json_t *tc = json_array_get(tests, t);
            const char *result = tu_json_str(tc, "result");
            snprintf(id, sizeof(id), "tc %d", tu_json_int(tc, "tcId"));
            int v = compare("wycheproof", id, pk, tu_json_str(tc, "msg"), tu_json_str(tc, "sig"));
            int want = result != NULL && strcmp(result, "valid") == 0;
            CHECK(result != NULL, "wycheproof %s: no result field", id);
            CHECK(v == want, "wycheproof %s: expected %s", id, want ? "valid" : "invalid");
            wc++;
            wa += v == 1;
        }
    }
    CHECK(wc > 0, "wycheproof ed25519: no test cases");
    printf("wycheproof ed25519: %lu cases, %lu valid, verdicts equal to the default provider\n", wc, wa);

    json_t *s = tu_load_json("speccheck/cases.json");
    unsigned long sa = 0;
    for (size_t i = 0; i < json_array_size(s); i++) {
        const json_t *c = json_array_get(s, i);
        snprintf(id, sizeof(id), "case %zu", i);
        sa += compare("speccheck", id, tu_json_str(c, "pub_key"), tu_json_str(c, "message"),
                      tu_json_str(c, "signature")) == 1;
    }
    CHECK(json_array_size(s) > 0, "speccheck: no test cases");
    printf("speccheck: %zu cases, %lu accepted by both providers\n", json_array_size(s), sa);

    json_t *z = tu_load_json("zip215/zip215_small_order.json");
    const json_t *cases = json_object_get(z, "cases");
    unsigned long za = 0;
    for (size_t i = 0; i < json_array_size(cases); i++) {
        const json_t *c = json_array_get(cases, i);
        snprintf(id, sizeof(id), "case %zu", i);
        za += compare("zip215", id, tu_json_str(c, "public_key"), tu_json_str(z, "message"),
                      tu_json_str(c, "signature")) == 1;
    }
    CHECK(json_array_size(cases) > 0, "zip215: no test cases");
    printf("zip215 small order: %zu cases, %lu accepted by both providers\n", json_array_size(cases), za);

    CHECK(counter(prov, "ed25519_verify") - v0 == g_ours_verifies, "provider verify counter");
    printf("%lu cases, %ld mismatches or failures [%s]\n", g_cases, tu_failures, prov_backend(prov));
    json_decref(w);
    json_decref(s);
    json_decref(z);
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(g_ctx);
    OSSL_LIB_CTX_free(g_def);
    return tu_failures ? 1 : 0;
}
