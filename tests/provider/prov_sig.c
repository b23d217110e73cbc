/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Ed25519 signature entry points against the default provider, with the
 * RFC 8032 vectors (Ed25519, Ed25519ctx, Ed25519ph) read from
 * $F25519_VECTORS/rfc/rfc8032_ed25519.json:
 *  - every version: EVP_DigestSign/Verify with the "instance" and
 *    "context-string" parameters give the RFC signatures through fast25519
 *    (and through the default provider where it has them, 3.2+);
 *  - OpenSSL 3.4+ (compiled against 3.4+ headers): EVP_PKEY_sign_message_init
 *    with the ED25519 / ED25519ctx / ED25519ph algorithms + EVP_PKEY_sign/verify,
 *    update/final (fast25519 only: the default provider has no update/final
 *    for EdDSA), EVP_PKEY_sign_init (one-shot over a SHA-512 prehash, instance
 *    Ed25519ph) and the ED25519ph algorithm's sign_init; each result (success
 *    or failure, and the bytes) equals the default provider's, the work runs
 *    in fast25519 (provider of the context, counters).
 */
#include <openssl/core_names.h>
#include <openssl/opensslv.h>
#include "provtest.h"

static OSSL_LIB_CTX *g_ctx, *g_def;
static OSSL_PROVIDER *g_prov;

typedef struct {
    const char *set, *name;
    unsigned char *seed, *pub, *msg, *ctx, *sig;
    size_t msg_len, ctx_len;
} vec;

static const char *instance_of(const char *set)
{
    return strcmp(set, "ed25519ctx") == 0 ? "Ed25519ctx" : strcmp(set, "ed25519ph") == 0 ? "Ed25519ph" : "Ed25519";
}
static __attribute__((unused)) const char *alg_of(const char *set)
{
    return strcmp(set, "ed25519ctx") == 0 ? "ED25519ctx" : strcmp(set, "ed25519ph") == 0 ? "ED25519ph" : "ED25519";
}

static int ours(EVP_PKEY_CTX *pc)
{
    const OSSL_PROVIDER *p = pc ? EVP_PKEY_CTX_get0_provider(pc) : NULL;
    return p != NULL && strcmp(OSSL_PROVIDER_get0_name(p), "fast25519") == 0;
}

/* EVP_DigestSign with instance/context-string params; 1 = signature made. */
static int digest_sign(OSSL_LIB_CTX *lc, EVP_PKEY *k, const vec *v, unsigned char sig[64], int *in_ours)
{
    EVP_MD_CTX *mc = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pc = NULL;
    size_t len = 64;
    OSSL_PARAM p[3];
    int n = 0, ok;
    p[n++] = OSSL_PARAM_construct_utf8_string("instance", (char *)instance_of(v->set), 0);
    if (v->ctx_len) p[n++] = OSSL_PARAM_construct_octet_string("context-string", v->ctx, v->ctx_len);
    p[n] = OSSL_PARAM_construct_end();
    ok = EVP_DigestSignInit_ex(mc, &pc, NULL, lc, NULL, k, p) > 0
         && EVP_DigestSign(mc, sig, &len, v->msg, v->msg_len) > 0 && len == 64;
    if (in_ours) *in_ours = ours(pc);
    EVP_MD_CTX_free(mc);
    ERR_clear_error();
    return ok;
}

static void test_digest(const vec *v, EVP_PKEY *ko, EVP_PKEY *kd)
{
    unsigned char s1[64], s2[64];
    int in_ours = 0;
    CHECK(digest_sign(g_ctx, ko, v, s1, &in_ours) && in_ours && memcmp(s1, v->sig, 64) == 0,
          "%s %s: EVP_DigestSign through fast25519", v->set, v->name);
    /* The default provider knows "instance" from 3.2 on. */
    if (OpenSSL_version_num() >= 0x30200000L || strcmp(v->set, "ed25519") == 0)
        CHECK(digest_sign(g_def, kd, v, s2, NULL) && memcmp(s2, v->sig, 64) == 0,
              "%s %s: default provider's EVP_DigestSign", v->set, v->name);
}

#if OPENSSL_VERSION_NUMBER >= 0x30400000L
/* Message API one-shot: returns 1 = signed (sig filled), 0 = failed. */
static int msg_sign(OSSL_LIB_CTX *lc, EVP_PKEY *k, const vec *v, unsigned char sig[64], int chunks,
                    int *in_ours)
{
    EVP_SIGNATURE *alg = EVP_SIGNATURE_fetch(lc, alg_of(v->set), NULL);
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_pkey(lc, k, NULL);
    OSSL_PARAM p[2] = {OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
    size_t len = 64;
    int ok;
    if (v->ctx_len) p[0] = OSSL_PARAM_construct_octet_string("context-string", v->ctx, v->ctx_len);
    ok = alg && pc && EVP_PKEY_sign_message_init(pc, alg, p) > 0;
    if (ok && chunks == 0) {
        ok = EVP_PKEY_sign(pc, sig, &len, v->msg, v->msg_len) > 0 && len == 64;
    } else if (ok) {
        size_t half = v->msg_len / 2;
        ok = EVP_PKEY_sign_message_update(pc, v->msg, half) > 0
             && EVP_PKEY_sign_message_update(pc, v->msg + half, v->msg_len - half) > 0
             && EVP_PKEY_sign_message_final(pc, sig, &len) > 0 && len == 64;
    }
    if (in_ours) *in_ours = ours(pc);
    EVP_PKEY_CTX_free(pc);
    EVP_SIGNATURE_free(alg);
    ERR_clear_error();
    return ok;
}

static int msg_verify(OSSL_LIB_CTX *lc, EVP_PKEY *k, const vec *v, const unsigned char *sig, int chunks)
{
    EVP_SIGNATURE *alg = EVP_SIGNATURE_fetch(lc, alg_of(v->set), NULL);
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_pkey(lc, k, NULL);
    OSSL_PARAM p[2] = {OSSL_PARAM_construct_end(), OSSL_PARAM_construct_end()};
    int ok;
    if (v->ctx_len) p[0] = OSSL_PARAM_construct_octet_string("context-string", v->ctx, v->ctx_len);
    ok = alg && pc && EVP_PKEY_verify_message_init(pc, alg, p) > 0;
    if (ok && chunks == 0) {
        ok = EVP_PKEY_verify(pc, sig, 64, v->msg, v->msg_len) == 1;
    } else if (ok) {
        size_t half = v->msg_len / 2;
        ok = EVP_PKEY_CTX_set_signature(pc, sig, 64) > 0
             && EVP_PKEY_verify_message_update(pc, v->msg, half) > 0
             && EVP_PKEY_verify_message_update(pc, v->msg + half, v->msg_len - half) > 0
             && EVP_PKEY_verify_message_final(pc) == 1;
    }
    EVP_PKEY_CTX_free(pc);
    EVP_SIGNATURE_free(alg);
    ERR_clear_error();
    return ok;
}

/* EVP_PKEY_sign_init[_ex2] over SHA-512(msg): alg NULL = the key's ED25519
 * with instance Ed25519ph set, else the named algorithm. -1 = init failed. */
static int prehash_sign(OSSL_LIB_CTX *lc, EVP_PKEY *k, const vec *v, const char *alg_name,
                        const char *instance, unsigned char sig[64], int *in_ours)
{
    unsigned char ph[64];
    size_t phl = 0, len = 64;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_pkey(lc, k, NULL);
    EVP_SIGNATURE *alg = alg_name ? EVP_SIGNATURE_fetch(lc, alg_name, NULL) : NULL;
    OSSL_PARAM p[3];
    int n = 0, ok;
    if (instance) p[n++] = OSSL_PARAM_construct_utf8_string("instance", (char *)instance, 0);
    if (v->ctx_len) p[n++] = OSSL_PARAM_construct_octet_string("context-string", v->ctx, v->ctx_len);
    p[n] = OSSL_PARAM_construct_end();
    if (!EVP_Q_digest(NULL, "SHA512", NULL, v->msg, v->msg_len, ph, &phl) || phl != 64) return -1;
    int init = alg_name ? EVP_PKEY_sign_init_ex2(pc, alg, p) : EVP_PKEY_sign_init_ex(pc, p);
    if (init <= 0) {
        ok = -1;
    } else {
        ok = EVP_PKEY_sign(pc, sig, &len, ph, 64) > 0 && len == 64;
    }
    if (in_ours) *in_ours = ours(pc);
    EVP_PKEY_CTX_free(pc);
    EVP_SIGNATURE_free(alg);
    ERR_clear_error();
    return ok;
}

static void test_34(const vec *v, EVP_PKEY *ko, EVP_PKEY *kd)
{
    unsigned char s1[64], s2[64], bad[64];
    int in_ours = 0, a, b;
    uint64_t sign0 = counter(g_prov, "ed25519_sign"), ver0 = counter(g_prov, "ed25519_verify");

    a = msg_sign(g_ctx, ko, v, s1, 0, &in_ours);
    b = msg_sign(g_def, kd, v, s2, 0, NULL);
    CHECK(a && b && in_ours && memcmp(s1, v->sig, 64) == 0 && memcmp(s2, v->sig, 64) == 0,
          "%s %s: sign_message_init + EVP_PKEY_sign (ours %d in fast25519 %d, default %d)", v->set, v->name,
          a, in_ours, b);
    CHECK(msg_sign(g_ctx, ko, v, s1, 2, NULL) && memcmp(s1, v->sig, 64) == 0,
          "%s %s: sign_message_update/final", v->set, v->name);
    CHECK(msg_verify(g_ctx, ko, v, v->sig, 0) && msg_verify(g_def, kd, v, v->sig, 0),
          "%s %s: verify_message_init + EVP_PKEY_verify", v->set, v->name);
    CHECK(msg_verify(g_ctx, ko, v, v->sig, 2), "%s %s: verify_message_update/final", v->set, v->name);
    memcpy(bad, v->sig, 64);
    bad[10] ^= 0x40;
    CHECK(!msg_verify(g_ctx, ko, v, bad, 0) && !msg_verify(g_def, kd, v, bad, 0) && !msg_verify(g_ctx, ko, v, bad, 2),
          "%s %s: a corrupted signature verified", v->set, v->name);
    CHECK(counter(g_prov, "ed25519_sign") >= sign0 + 2 && counter(g_prov, "ed25519_verify") >= ver0 + 4,
          "%s %s: counters did not move", v->set, v->name);

    /* one-shot over a prehash: ED25519 with instance Ed25519ph, and the ED25519ph algorithm;
     * plain ED25519 (instance Ed25519) must fail in both providers */
    const char *insts[] = {"Ed25519ph", NULL, "Ed25519"};
    const char *algs[] = {NULL, "ED25519ph", NULL};
    for (int i = 0; i < 3; i++) {
        if (algs[i] && strcmp(v->set, "ed25519ctx") == 0) continue;
        a = prehash_sign(g_ctx, ko, v, algs[i], insts[i], s1, &in_ours);
        b = prehash_sign(g_def, kd, v, algs[i], insts[i], s2, NULL);
        CHECK(a == b, "%s %s: one-shot %s/%s: fast25519 %d, default %d", v->set, v->name,
              algs[i] ? algs[i] : "ED25519", insts[i] ? insts[i] : "-", a, b);
        if (a == 1 && b == 1)
            CHECK(memcmp(s1, s2, 64) == 0 && in_ours, "%s %s: one-shot signatures differ", v->set, v->name);
        if (a == 1 && strcmp(v->set, "ed25519ph") == 0)
            CHECK(memcmp(s1, v->sig, 64) == 0, "%s %s: one-shot Ed25519ph != RFC 8032", v->set, v->name);
    }
}
#endif

static unsigned char *hexfield(const json_t *o, const char *k, size_t *len)
{
    const char *h = tu_json_str(o, k);
    return tu_hex_dup(h ? h : "", len);
}

int main(void)
{
    json_t *doc = tu_load_json("rfc/rfc8032_ed25519.json");
    g_ctx = provtest_ctx(NULL, &g_prov);
    g_def = OSSL_LIB_CTX_new();
    int cases = 0;
    const char *sets[] = {"ed25519", "ed25519ctx", "ed25519ph"};
    for (int s = 0; s < 3; s++) {
        const json_t *arr = json_object_get(doc, sets[s]);
        for (size_t i = 0; i < json_array_size(arr); i++) {
            const json_t *t = json_array_get(arr, i);
            vec v = {.set = sets[s], .name = tu_json_str(t, "name")};
            size_t l1, l2, l3;
            v.seed = hexfield(t, "secret_key", &l1);
            v.pub = hexfield(t, "public_key", &l2);
            v.sig = hexfield(t, "signature", &l3);
            v.msg = hexfield(t, "message", &v.msg_len);
            v.ctx = hexfield(t, "context", &v.ctx_len);
            if (!v.seed || l1 != 32 || l3 != 64 || !v.msg) {
                fprintf(stderr, "FAIL: bad vector %s %s\n", v.set, v.name ? v.name : "?");
                tu_failures++;
            } else {
                EVP_PKEY *ko = EVP_PKEY_new_raw_private_key_ex(g_ctx, "ED25519", NULL, v.seed, 32);
                EVP_PKEY *kd = EVP_PKEY_new_raw_private_key_ex(g_def, "ED25519", NULL, v.seed, 32);
                CHECK(ko && kd, "keys");
                test_digest(&v, ko, kd);
#if OPENSSL_VERSION_NUMBER >= 0x30400000L
                test_34(&v, ko, kd);
#endif
                EVP_PKEY_free(ko);
                EVP_PKEY_free(kd);
                cases++;
            }
            free(v.seed); free(v.pub); free(v.sig); free(v.msg); free(v.ctx);
        }
    }
    json_decref(doc);
    OSSL_PROVIDER_unload(g_prov);
    OSSL_LIB_CTX_free(g_ctx);
    OSSL_LIB_CTX_free(g_def);
#if OPENSSL_VERSION_NUMBER >= 0x30400000L
    const char *api = "digest + 3.4 message/one-shot API";
#else
    const char *api = "digest API (built against < 3.4: no message/one-shot API)";
#endif
    printf("%d RFC 8032 vectors, %s: %s (%ld failures)\n", cases, api, tu_failures ? "FAILED" : "ok", tu_failures);
    return tu_failures || cases < 3 ? 1 : 0;
}
