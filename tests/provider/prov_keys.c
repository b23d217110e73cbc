/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The provider entry points libssl and libcrypto rely on, one by one,
 * through EVP in a libctx configured with fast25519 (and cross-checked with
 * the default provider in its own libctx):
 *  - KEYMGMT: libssl's peer-key path (paramgen with the group name -> empty
 *    key -> EVP_PKEY_set1_encoded_public_key), encoded public key, BITS /
 *    SECURITY_BITS / MAX_SIZE / mandatory digest, dup, match (EVP_PKEY_eq
 *    across providers), check / public_check / pairwise, import of raw keys,
 *    rejection of a private key with a foreign public key, wrong lengths;
 *  - KEYEXCH: derive with a duplicated context, size query, short buffer;
 *  - the X25519 calls of OpenSSL 3.5's hybrid group (import of PUB_KEY with
 *    selection DOMAIN_PARAMETERS|PRIVATE_KEY, keygen with a template key,
 *    copy_parameters + encoded public key, derive), export/import selections;
 *  - SIGNATURE: ALGORITHM_ID bytes, a digest name is refused, the context
 *    duplicates (EVP_MD_CTX_copy_ex), RFC 8032 test 1 signature.
 */
#include <openssl/core_names.h>
#include "provtest.h"

static OSSL_LIB_CTX *g_ctx, *g_def;

static int from_ours(EVP_PKEY *k)
{
    const OSSL_PROVIDER *p = EVP_PKEY_get0_provider(k);
    return p != NULL && strcmp(OSSL_PROVIDER_get0_name(p), "fast25519") == 0;
}

static EVP_PKEY *gen(OSSL_LIB_CTX *ctx, const char *alg)
{
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(ctx, alg, NULL);
    if (pc == NULL || EVP_PKEY_keygen_init(pc) <= 0 || EVP_PKEY_keygen(pc, &k) <= 0) k = NULL;
    EVP_PKEY_CTX_free(pc);
    return k;
}

static int get_int(EVP_PKEY *k, const char *name)
{
    int v = -1;
    return EVP_PKEY_get_int_param(k, name, &v) ? v : -1;
}

static void test_keymgmt(void)
{
    /* libssl's peer key: paramgen (domain parameters only) gives an empty key */
    EVP_PKEY *peer = NULL;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(g_ctx, "X25519", NULL);
    CHECK(pc && EVP_PKEY_paramgen_init(pc) > 0 && EVP_PKEY_CTX_set_group_name(pc, "X25519") > 0
              && EVP_PKEY_paramgen(pc, &peer) > 0 && peer != NULL,
          "paramgen of an empty X25519 key");
    EVP_PKEY_CTX_free(pc);
    pc = EVP_PKEY_CTX_new_from_name(g_ctx, "X25519", NULL);
    CHECK(pc && EVP_PKEY_keygen_init(pc) > 0 && EVP_PKEY_CTX_set_group_name(pc, "P-256") <= 0,
          "a foreign group name must be refused");
    EVP_PKEY_CTX_free(pc);
    ERR_clear_error();
    CHECK(peer && from_ours(peer), "empty key not from fast25519");
    unsigned char *enc = NULL;
    CHECK(peer && EVP_PKEY_get1_encoded_public_key(peer, &enc) == 0, "empty key has a public key");
    OPENSSL_free(enc);
    ERR_clear_error();

    EVP_PKEY *a = gen(g_ctx, "X25519"), *b = gen(g_def, "X25519");
    CHECK(a && from_ours(a) && b && !from_ours(b), "keygen providers");
    size_t n = EVP_PKEY_get1_encoded_public_key(b, &enc);
    CHECK(n == 32 && EVP_PKEY_set1_encoded_public_key(peer, enc, n) > 0, "set encoded public key");
    unsigned char *enc2 = NULL;
    CHECK(EVP_PKEY_get1_encoded_public_key(peer, &enc2) == 32 && memcmp(enc, enc2, 32) == 0,
          "encoded public key round trip");
    CHECK(EVP_PKEY_eq(peer, b) == 1, "EVP_PKEY_eq across providers");
    CHECK(EVP_PKEY_eq(a, b) == 0, "different keys compare equal");
    unsigned char bad[31] = {0};
    CHECK(EVP_PKEY_set1_encoded_public_key(peer, bad, sizeof(bad)) <= 0, "31-byte public key accepted");
    ERR_clear_error();
    OPENSSL_free(enc);
    OPENSSL_free(enc2);

    CHECK(get_int(a, OSSL_PKEY_PARAM_BITS) == 253 && get_int(a, OSSL_PKEY_PARAM_SECURITY_BITS) == 128
              && get_int(a, OSSL_PKEY_PARAM_MAX_SIZE) == 32,
          "X25519 bits/security bits/max size");
    CHECK(EVP_PKEY_get_bits(a) == 253 && EVP_PKEY_get_security_bits(a) == 128 && EVP_PKEY_get_size(a) == 32,
          "EVP_PKEY_get_bits/security_bits/size");

    /* derive with a duplicated context; size query; short buffer */
    unsigned char s1[32], s2[32], small[16];
    size_t l1 = 0, l2 = 32, ls = sizeof(small);
    pc = EVP_PKEY_CTX_new_from_pkey(g_ctx, a, NULL);
    CHECK(pc && EVP_PKEY_derive_init(pc) > 0 && EVP_PKEY_derive_set_peer(pc, peer) > 0, "derive init");
    CHECK(EVP_PKEY_derive(pc, NULL, &l1) > 0 && l1 == 32, "derive size query");
    CHECK(EVP_PKEY_derive(pc, small, &ls) <= 0, "derive into a 16-byte buffer succeeded");
    ERR_clear_error();
    EVP_PKEY_CTX *dup = EVP_PKEY_CTX_dup(pc);
    l1 = 32;
    CHECK(dup && EVP_PKEY_derive(dup, s1, &l1) > 0, "derive with a duplicated context");
    CHECK(EVP_PKEY_CTX_get0_provider(pc) != NULL
              && strcmp(OSSL_PROVIDER_get0_name(EVP_PKEY_CTX_get0_provider(pc)), "fast25519") == 0,
          "derive not in fast25519");
    EVP_PKEY_CTX_free(dup);
    EVP_PKEY_CTX_free(pc);
    pc = EVP_PKEY_CTX_new_from_pkey(g_def, b, NULL); /* the other side, default provider */
    CHECK(pc && EVP_PKEY_derive_init(pc) > 0 && EVP_PKEY_derive_set_peer(pc, a) > 0
              && EVP_PKEY_derive(pc, s2, &l2) > 0 && memcmp(s1, s2, 32) == 0,
          "shared secrets differ between providers");
    EVP_PKEY_CTX_free(pc);

    /* dup, checks */
    EVP_PKEY *ad = EVP_PKEY_dup(a);
    CHECK(ad && EVP_PKEY_eq(ad, a) == 1, "EVP_PKEY_dup");
    pc = EVP_PKEY_CTX_new_from_pkey(g_ctx, a, NULL);
    CHECK(pc && EVP_PKEY_check(pc) > 0 && EVP_PKEY_public_check(pc) > 0 && EVP_PKEY_pairwise_check(pc) > 0,
          "key checks");
    EVP_PKEY_CTX_free(pc);
    EVP_PKEY_free(ad);

    /* import: private key alone (public recomputed); private + foreign public refused */
    unsigned char priv[32], pub[32], otherpub[32];
    size_t lp = 32, lq = 32, lo = 32;
    CHECK(EVP_PKEY_get_raw_private_key(a, priv, &lp) && EVP_PKEY_get_raw_public_key(a, pub, &lq)
              && EVP_PKEY_get_raw_public_key(b, otherpub, &lo),
          "raw keys");
    EVP_PKEY *ra = EVP_PKEY_new_raw_private_key_ex(g_ctx, "X25519", NULL, priv, 32);
    unsigned char rpub[32];
    size_t lr = 32;
    CHECK(ra && from_ours(ra) && EVP_PKEY_get_raw_public_key(ra, rpub, &lr) && memcmp(rpub, pub, 32) == 0,
          "import of a raw private key");
    EVP_PKEY_free(ra);
    EVP_PKEY *mix = NULL;
    OSSL_PARAM mp[] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, priv, 32),
                       OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, otherpub, 32),
                       OSSL_PARAM_construct_end()};
    pc = EVP_PKEY_CTX_new_from_name(g_ctx, "X25519", NULL);
    CHECK(pc && EVP_PKEY_fromdata_init(pc) > 0 && EVP_PKEY_fromdata(pc, &mix, EVP_PKEY_KEYPAIR, mp) <= 0,
          "a private key with a foreign public key was imported");
    EVP_PKEY_CTX_free(pc);
    EVP_PKEY_free(mix);
    ERR_clear_error();
    CHECK(EVP_PKEY_new_raw_public_key_ex(g_ctx, "X25519", NULL, pub, 31) == NULL, "31-byte raw key");
    ERR_clear_error();
    OPENSSL_cleanse(priv, sizeof(priv));

    EVP_PKEY_free(a);
    EVP_PKEY_free(b);
    EVP_PKEY_free(peer);
}

/* The calls OpenSSL 3.5's hybrid X25519MLKEM768 makes on the X25519 half
 * (mlx_kmgmt.c / mlx_kem.c), and the selection rules of provider-keymgmt(7). */
static void test_hybrid_callers(OSSL_PROVIDER *prov)
{
    EVP_PKEY *srv = gen(g_def, "X25519"), *cli = gen(g_ctx, "X25519");
    unsigned char pub[32], spub[32], priv[32];
    size_t n = 32, m = 32;
    CHECK(srv && cli && from_ours(cli) && EVP_PKEY_get_raw_public_key(srv, spub, &n)
              && EVP_PKEY_get_raw_public_key(cli, pub, &m),
          "keys");

    /* load_slot: the peer's public key imported with DOMAIN_PARAMETERS | PRIVATE_KEY */
    EVP_PKEY *peer = NULL;
    OSSL_PARAM pp[] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pub, 32),
                       OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)"X25519", 0),
                       OSSL_PARAM_construct_end()};
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(g_ctx, "X25519", NULL);
    CHECK(pc && EVP_PKEY_fromdata_init(pc) > 0
              && EVP_PKEY_fromdata(pc, &peer, OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS
                                                  | OSSL_KEYMGMT_SELECT_PRIVATE_KEY, pp) > 0,
          "PUB_KEY with selection DOMAIN_PARAMETERS|PRIVATE_KEY not imported");
    EVP_PKEY_CTX_free(pc);
    CHECK(peer && from_ours(peer) && EVP_PKEY_eq(peer, cli) == 1, "imported public key differs");
    /* PUB_KEY alone with selection PUBLIC_KEY and KEYPAIR too */
    int sels[] = {OSSL_KEYMGMT_SELECT_PUBLIC_KEY, OSSL_KEYMGMT_SELECT_KEYPAIR, OSSL_KEYMGMT_SELECT_ALL};
    for (size_t i = 0; i < sizeof(sels) / sizeof(sels[0]); i++) {
        EVP_PKEY *t = NULL;
        pc = EVP_PKEY_CTX_new_from_name(g_ctx, "X25519", NULL);
        CHECK(pc && EVP_PKEY_fromdata_init(pc) > 0 && EVP_PKEY_fromdata(pc, &t, sels[i], pp) > 0
                  && EVP_PKEY_eq(t, cli) == 1,
              "PUB_KEY import with selection %d", sels[i]);
        EVP_PKEY_CTX_free(pc);
        EVP_PKEY_free(t);
    }
    /* a private key is ignored without the PRIVATE_KEY bit */
    size_t pl = 32;
    CHECK(EVP_PKEY_get_raw_private_key(cli, priv, &pl), "raw private key");
    OSSL_PARAM pv[] = {OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, priv, 32),
                       OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, pub, 32),
                       OSSL_PARAM_construct_end()};
    EVP_PKEY *pubonly = NULL;
    pc = EVP_PKEY_CTX_new_from_name(g_ctx, "X25519", NULL);
    CHECK(pc && EVP_PKEY_fromdata_init(pc) > 0
              && EVP_PKEY_fromdata(pc, &pubonly, EVP_PKEY_PUBLIC_KEY, pv) > 0,
          "public-key import of a full key pair");
    EVP_PKEY_CTX_free(pc);
    pl = 32;
    CHECK(pubonly && EVP_PKEY_get_raw_private_key(pubonly, priv, &pl) == 0, "private key imported without its bit");
    ERR_clear_error();
    EVP_PKEY_free(pubonly);

    /* export: PRIVATE_KEY alone still carries PUB_KEY (as OpenSSL's own export) */
    OSSL_PARAM *out = NULL;
    CHECK(EVP_PKEY_todata(cli, EVP_PKEY_PRIVATE_KEY, &out) > 0
              && OSSL_PARAM_locate(out, OSSL_PKEY_PARAM_PUB_KEY) != NULL
              && OSSL_PARAM_locate(out, OSSL_PKEY_PARAM_PRIV_KEY) != NULL,
          "export with PRIVATE_KEY");
    for (OSSL_PARAM *q = out; q != NULL && q->key != NULL; q++)
        if (strcmp(q->key, OSSL_PKEY_PARAM_PRIV_KEY) == 0) OPENSSL_cleanse(q->data, q->data_size);
    OSSL_PARAM_free(out);
    out = NULL;
    CHECK(EVP_PKEY_todata(cli, EVP_PKEY_PUBLIC_KEY, &out) > 0
              && OSSL_PARAM_locate(out, OSSL_PKEY_PARAM_PUB_KEY) != NULL
              && OSSL_PARAM_locate(out, OSSL_PKEY_PARAM_PRIV_KEY) == NULL,
          "export with PUBLIC_KEY leaks the private key or lacks the public key");
    OSSL_PARAM_free(out);

    /* encapsulate: keygen with the peer key as template, encoded public key, derive */
    uint64_t kg0 = counter(prov, "x25519_keygen"), dv0 = counter(prov, "x25519_derive");
    EVP_PKEY *eph = NULL;
    pc = EVP_PKEY_CTX_new_from_pkey(g_ctx, peer, NULL);
    CHECK(pc && EVP_PKEY_keygen_init(pc) > 0 && EVP_PKEY_keygen(pc, &eph) > 0 && from_ours(eph),
          "keygen with a template key");
    EVP_PKEY_CTX_free(pc);
    unsigned char enc[32], s1[32], s2[32];
    size_t el = 0, l1 = 32, l2 = 32;
    CHECK(eph && EVP_PKEY_get_octet_string_param(eph, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, enc, 32, &el)
              && el == 32,
          "ENCODED_PUBLIC_KEY");
    pc = EVP_PKEY_CTX_new_from_pkey(g_ctx, eph, NULL);
    CHECK(pc && EVP_PKEY_derive_init(pc) > 0 && EVP_PKEY_derive_set_peer(pc, peer) > 0
              && EVP_PKEY_derive(pc, s1, &l1) > 0,
          "encapsulation-side derive");
    EVP_PKEY_CTX_free(pc);
    CHECK(counter(prov, "x25519_keygen") == kg0 + 1 && counter(prov, "x25519_derive") == dv0 + 1,
          "counters did not move");

    /* decapsulate: copy_parameters into an empty key (dup with parameters
     * only), set the encoded public key, derive with our private key */
    EVP_PKEY *ct = EVP_PKEY_new();
    CHECK(ct && EVP_PKEY_copy_parameters(ct, cli) > 0 && from_ours(ct)
              && EVP_PKEY_set1_encoded_public_key(ct, enc, 32) > 0,
          "copy_parameters + set1_encoded_public_key");
    pc = EVP_PKEY_CTX_new_from_pkey(g_ctx, cli, NULL);
    CHECK(pc && EVP_PKEY_derive_init(pc) > 0 && EVP_PKEY_derive_set_peer(pc, ct) > 0
              && EVP_PKEY_derive(pc, s2, &l2) > 0 && memcmp(s1, s2, 32) == 0,
          "decapsulation-side secret differs");
    EVP_PKEY_CTX_free(pc);
    EVP_PKEY_free(ct);

    /* dup: private selection brings the public key; public selection no private key */
    EVP_PKEY *d = EVP_PKEY_dup(cli);
    CHECK(d && EVP_PKEY_eq(d, cli) == 1 && from_ours(d), "EVP_PKEY_dup");
    EVP_PKEY_free(d);
    /* Ed25519 ignores an encoded public key (as the default provider) */
    EVP_PKEY *ek = gen(g_ctx, "ED25519");
    unsigned char epub[32], epub2[32];
    size_t e1 = 32, e2 = 32;
    CHECK(ek && EVP_PKEY_get_raw_public_key(ek, epub, &e1), "Ed25519 keygen");
    EVP_PKEY_set1_encoded_public_key(ek, spub, 32);
    ERR_clear_error();
    CHECK(EVP_PKEY_get_raw_public_key(ek, epub2, &e2) && memcmp(epub, epub2, 32) == 0,
          "Ed25519 key changed by an encoded public key");
    EVP_PKEY_free(ek);
    OPENSSL_cleanse(priv, sizeof(priv));
    EVP_PKEY_free(eph);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(srv);
    EVP_PKEY_free(cli);
}

static void test_signature(void)
{
    /* RFC 8032 7.1 TEST 1 (empty message) */
    static const char *seed_hex = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    static const char *sig_hex = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
                                 "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";
    size_t sl, gl;
    unsigned char *seed = tu_hex_dup(seed_hex, &sl), *want = tu_hex_dup(sig_hex, &gl);
    EVP_PKEY *k = EVP_PKEY_new_raw_private_key_ex(g_ctx, "ED25519", NULL, seed, 32);
    CHECK(k && from_ours(k), "Ed25519 raw key import");
    CHECK(get_int(k, OSSL_PKEY_PARAM_BITS) == 256 && get_int(k, OSSL_PKEY_PARAM_MAX_SIZE) == 64
              && get_int(k, OSSL_PKEY_PARAM_SECURITY_BITS) == 128,
          "Ed25519 bits/max size");
    char md[32] = "x";
    CHECK(EVP_PKEY_get_utf8_string_param(k, OSSL_PKEY_PARAM_MANDATORY_DIGEST, md, sizeof(md), NULL)
              && md[0] == '\0',
          "mandatory digest must be empty");

    EVP_MD_CTX *mc = EVP_MD_CTX_new(), *mc2 = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pctx = NULL;
    unsigned char sig[64], sig2[64];
    size_t len = 0;
    CHECK(EVP_DigestSignInit_ex(mc, &pctx, NULL, g_ctx, NULL, k, NULL) > 0, "sign init");
    CHECK(strcmp(OSSL_PROVIDER_get0_name(EVP_PKEY_CTX_get0_provider(pctx)), "fast25519") == 0,
          "signature not in fast25519");
    unsigned char aid[16];
    size_t aidlen = 0;
    OSSL_PARAM ap[] = {OSSL_PARAM_construct_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, aid, sizeof(aid)),
                       OSSL_PARAM_construct_end()};
    static const unsigned char want_aid[] = {0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70};
    CHECK(EVP_PKEY_CTX_get_params(pctx, ap) && (aidlen = ap[0].return_size) == sizeof(want_aid)
              && memcmp(aid, want_aid, aidlen) == 0,
          "ALGORITHM_ID");
    CHECK(EVP_MD_CTX_copy_ex(mc2, mc) > 0, "signature context dup");
    CHECK(EVP_DigestSign(mc, NULL, &len, (const unsigned char *)"", 0) > 0 && len == 64, "size query");
    len = 64;
    CHECK(EVP_DigestSign(mc, sig, &len, (const unsigned char *)"", 0) > 0 && memcmp(sig, want, 64) == 0,
          "RFC 8032 test 1 signature");
    len = 64;
    CHECK(EVP_DigestSign(mc2, sig2, &len, (const unsigned char *)"", 0) > 0 && memcmp(sig2, want, 64) == 0,
          "signature from the duplicated context");
    EVP_MD_CTX_reset(mc);
    CHECK(EVP_DigestSignInit_ex(mc, NULL, "SHA256", g_ctx, NULL, k, NULL) <= 0, "a digest was accepted");
    ERR_clear_error();
    EVP_MD_CTX_reset(mc);
    CHECK(EVP_DigestVerifyInit_ex(mc, NULL, NULL, g_ctx, NULL, k, NULL) > 0
              && EVP_DigestVerify(mc, want, 64, (const unsigned char *)"", 0) == 1,
          "verify RFC 8032 test 1");
    EVP_MD_CTX_reset(mc);
    want[63] ^= 0x10; /* S >= L or wrong S: rejected as by the default provider */
    CHECK(EVP_DigestVerifyInit_ex(mc, NULL, NULL, g_ctx, NULL, k, NULL) > 0
              && EVP_DigestVerify(mc, want, 64, (const unsigned char *)"", 0) != 1,
          "corrupted signature verified");
    ERR_clear_error();
    EVP_MD_CTX_free(mc);
    EVP_MD_CTX_free(mc2);
    EVP_PKEY_free(k);
    free(seed);
    free(want);
}

int main(void)
{
    OSSL_PROVIDER *prov;
    g_ctx = provtest_ctx(NULL, &prov);
    g_def = OSSL_LIB_CTX_new();
    test_keymgmt();
    test_hybrid_callers(prov);
    test_signature();
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(g_ctx);
    OSSL_LIB_CTX_free(g_def);
    printf("%s (%ld failures)\n", tu_failures ? "FAILED" : "ok", tu_failures);
    return tu_failures ? 1 : 0;
}
