/*
 * Ed25519 verification through the provider gives exactly the default
 * provider's verdicts (the library's F25519_VERIFY_OPENSSL mode), checked
 * through EVP on the edge-case sets read at test time from $F25519_VECTORS:
 * Wycheproof v1 ed25519_test.json (also against its expected results),
 * speccheck cases.json and ZIP-215 zip215_small_order.json (small-order and
 * non-canonical A and R).
 */
#include "json.h"
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
    unsigned char *pk = unhex(pk_hex, &pl), *msg = unhex(msg_hex, &ml), *sig = unhex(sig_hex, &sl);
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

static json_value *load(const char *dir, const char *rel)
{
    char path[4096], err[256];
    snprintf(path, sizeof(path), "%s/%s", dir, rel);
    json_value *v = json_parse_file(path, err, sizeof(err));
    if (v == NULL) {
        fprintf(stderr, "%s: %s (set F25519_VECTORS)\n", path, err);
        exit(1);
    }
    return v;
}

int main(void)
{
    OSSL_PROVIDER *prov;
    const char *dir = getenv("F25519_VECTORS");
    if (dir == NULL || *dir == '\0') dir = F25519_DEFAULT_VECTORS;
    g_ctx = provtest_ctx(NULL, &prov);
    g_def = OSSL_LIB_CTX_new();
    uint64_t v0 = counter(prov, "ed25519_verify");
    char id[32];

    json_value *w = load(dir, "wycheproof/v1/ed25519_test.json");
    const json_value *groups = json_get(w, "testGroups");
    unsigned long wc = 0, wa = 0;
    for (size_t g = 0; g < json_len(groups); g++) {
        const char *pk = json_get_str(json_get(json_at(groups, g), "publicKey"), "pk");
        const json_value *tests = json_get(json_at(groups, g), "tests");
        CHECK(pk != NULL, "wycheproof group %zu: no publicKey.pk", g);
        for (size_t t = 0; pk && t < json_len(tests); t++) {
            const json_value *tc = json_at(tests, t);
            const json_value *tcid = json_get(tc, "tcId");
            const char *result = json_get_str(tc, "result");
            snprintf(id, sizeof(id), "tc %d", tcid && tcid->type == JSON_NUMBER ? (int)tcid->number : -1);
            int v = compare("wycheproof", id, pk, json_get_str(tc, "msg"), json_get_str(tc, "sig"));
            int want = result != NULL && strcmp(result, "valid") == 0;
            CHECK(result != NULL, "wycheproof %s: no result field", id);
            CHECK(v == want, "wycheproof %s: expected %s", id, want ? "valid" : "invalid");
            wc++;
            wa += v == 1;
        }
    }
    CHECK(wc > 0, "wycheproof ed25519: no test cases");
    printf("wycheproof ed25519: %lu cases, %lu valid, verdicts equal to the default provider\n", wc, wa);

    json_value *s = load(dir, "speccheck/cases.json");
    unsigned long sa = 0;
    for (size_t i = 0; i < json_len(s); i++) {
        const json_value *c = json_at(s, i);
        snprintf(id, sizeof(id), "case %zu", i);
        sa += compare("speccheck", id, json_get_str(c, "pub_key"), json_get_str(c, "message"),
                      json_get_str(c, "signature")) == 1;
    }
    CHECK(json_len(s) > 0, "speccheck: no test cases");
    printf("speccheck: %zu cases, %lu accepted by both providers\n", json_len(s), sa);

    json_value *z = load(dir, "zip215/zip215_small_order.json");
    const json_value *cases = json_get(z, "cases");
    unsigned long za = 0;
    for (size_t i = 0; i < json_len(cases); i++) {
        const json_value *c = json_at(cases, i);
        snprintf(id, sizeof(id), "case %zu", i);
        za += compare("zip215", id, json_get_str(c, "public_key"), json_get_str(z, "message"),
                      json_get_str(c, "signature")) == 1;
    }
    CHECK(json_len(cases) > 0, "zip215: no test cases");
    printf("zip215 small order: %zu cases, %lu accepted by both providers\n", json_len(cases), za);

    CHECK(counter(prov, "ed25519_verify") - v0 == g_ours_verifies, "provider verify counter");
    printf("%lu cases, %d mismatches or failures [%s]\n", g_cases, g_failures, prov_impl(prov));
    json_free(w);
    json_free(s);
    json_free(z);
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(g_ctx);
    OSSL_LIB_CTX_free(g_def);
    return g_failures ? 1 : 0;
}
