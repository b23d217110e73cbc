/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Quick external-vector check of the portable core: RFC 7748 (functions,
 * 1 and 1,000 iterations, DH), RFC 8032 (Ed25519, ctx, ph: public key, sign,
 * verify in all modes), speccheck verdicts per mode, ZIP-215 (196 valid).
 * Vectors come from $F25519_VECTORS or the shared default directory. */
#include "testutil.h"
#include "fast25519.h"

static json_t *load(const char *rel) { return tu_load_json(rel); }

/* hex field of an object into out; -1 (and a failed check) when missing or bad */
static long field_hex(uint8_t *out, size_t cap, const json_t *o, const char *key)
{
    const char *h = tu_json_str(o, key);
    long n = h ? tu_hex_decode_n(out, cap, h, strlen(h)) : -1;
    CHECK(n >= 0, "field %s missing or not hex", key);
    return n;
}

static void rfc7748(void)
{
    json_t *j = load("rfc/rfc7748_x25519.json");
    const json_t *vec = json_object_get(j, "x25519");
    size_t cnt = json_array_size(vec);
    CHECK(cnt == 2, "rfc7748 count %zu", cnt);
    for (size_t i = 0; i < cnt; i++) {
        const json_t *o = json_array_get(vec, i);
        uint8_t k[32], u[32], w[32], out[32];
        field_hex(k, 32, o, "scalar");
        field_hex(u, 32, o, "u");
        field_hex(w, 32, o, "output");
        int rc = f25519_x25519_derive(out, k, u, 32);
        CHECK(rc == 0 && memcmp(out, w, 32) == 0, "rfc7748 vector %zu", i);
    }
    const json_t *it = json_object_get(j, "iterated"), *res = json_object_get(it, "results");
    uint8_t k[32], u[32], r1[32], r1000[32], t[32];
    field_hex(k, 32, it, "k");
    field_hex(u, 32, it, "u");
    field_hex(r1, 32, res, "1");
    field_hex(r1000, 32, res, "1000");
    for (int i = 1; i <= 1000; i++) {
        f25519_x25519_derive(t, k, u, 32);
        memcpy(u, k, 32);
        memcpy(k, t, 32);
        if (i == 1) CHECK(memcmp(k, r1, 32) == 0, "rfc7748 iter 1");
    }
    CHECK(memcmp(k, r1000, 32) == 0, "rfc7748 iter 1000");
    const json_t *dh = json_object_get(j, "dh");
    uint8_t ap[32], apub[32], bp[32], bpub[32], sh[32], x[32];
    field_hex(ap, 32, dh, "alice_private");
    field_hex(apub, 32, dh, "alice_public");
    field_hex(bp, 32, dh, "bob_private");
    field_hex(bpub, 32, dh, "bob_public");
    field_hex(sh, 32, dh, "shared");
    CHECK(f25519_x25519_public(x, ap) == 0 && !memcmp(x, apub, 32), "dh alice pub");
    CHECK(f25519_x25519_public(x, bp) == 0 && !memcmp(x, bpub, 32), "dh bob pub");
    CHECK(f25519_x25519_derive(x, ap, bpub, 32) == 0 && !memcmp(x, sh, 32), "dh alice");
    CHECK(f25519_x25519_derive(x, bp, apub, 32) == 0 && !memcmp(x, sh, 32), "dh bob");
    json_decref(j);
    printf("rfc7748: %zu vectors + iterations + dh\n", cnt);
}

static void rfc8032(void)
{
    json_t *j = load("rfc/rfc8032_ed25519.json");
    const char *secs[3] = {"ed25519", "ed25519ctx", "ed25519ph"};
    int variants[3] = {F25519_ED25519, F25519_ED25519CTX, F25519_ED25519PH};
    int total = 0;
    for (int s = 0; s < 3; s++) {
        const json_t *arr = json_object_get(j, secs[s]);
        CHECK(json_array_size(arr) > 0, "rfc8032 section %s empty", secs[s]);
        for (size_t i = 0; i < json_array_size(arr); i++) {
            const json_t *o = json_array_get(arr, i);
            static uint8_t msg[4096];
            uint8_t seed[32], pub[32], sig[64], ctx[256], got[64];
            field_hex(seed, 32, o, "secret_key");
            field_hex(pub, 32, o, "public_key");
            field_hex(sig, 64, o, "signature");
            long ml = field_hex(msg, sizeof msg, o, "message");
            const char *ch = tu_json_str(o, "context");
            long cl = ch ? tu_hex_decode(ctx, sizeof ctx, ch) : 0;
            CHECK(ml >= 0 && cl >= 0, "rfc8032 message/context parse");
            if (ml < 0 || cl < 0) continue;
            CHECK(f25519_ed25519_public(got, seed) == 0 && !memcmp(got, pub, 32),
                  "rfc8032 pub s=%d #%d", s, total);
            CHECK(f25519_ed25519_sign_ex(got, msg, (size_t)ml, seed, pub, variants[s], ctx,
                                         (size_t)cl) == 0 &&
                      !memcmp(got, sig, 64),
                  "rfc8032 sign s=%d #%d", s, total);
            CHECK(f25519_ed25519_sign_ex(got, msg, (size_t)ml, seed, NULL, variants[s], ctx,
                                         (size_t)cl) == 0 &&
                      !memcmp(got, sig, 64),
                  "rfc8032 sign (pub NULL) s=%d #%d", s, total);
            for (int mode = 0; mode < 3; mode++) {
                CHECK(f25519_ed25519_verify_ex(sig, 64, msg, (size_t)ml, pub, 32, mode,
                                               variants[s], ctx, (size_t)cl) == 0,
                      "rfc8032 verify s=%d #%d mode %d", s, total, mode);
                sig[5] ^= 1;
                CHECK(f25519_ed25519_verify_ex(sig, 64, msg, (size_t)ml, pub, 32, mode,
                                               variants[s], ctx, (size_t)cl) != 0,
                      "rfc8032 verify flipped s=%d #%d mode %d", s, total, mode);
                sig[5] ^= 1;
            }
            total++;
        }
    }
    CHECK(total == 10, "rfc8032 count %d", total);
    json_decref(j);
    printf("rfc8032: %d vectors\n", total);
}

static void speccheck(void)
{
    json_t *j = load("speccheck/cases.json");
    const char *want[3] = {"VVVVXXXXXXXV", "XXXVXXXXXXXX", "VVVVVVXXXVVV"};
    char got[3][13] = {{0}};
    size_t cnt = json_array_size(j);
    CHECK(cnt == 12, "speccheck count %zu", cnt);
    for (size_t idx = 0; idx < cnt && idx < 12; idx++) {
        const json_t *o = json_array_get(j, idx);
        uint8_t msg[256], pub[32], sig[64];
        long ml = field_hex(msg, sizeof msg, o, "message");
        field_hex(pub, 32, o, "pub_key");
        field_hex(sig, 64, o, "signature");
        if (ml < 0) ml = 0;
        for (int mode = 0; mode < 3; mode++)
            got[mode][idx] =
                f25519_ed25519_verify(sig, 64, msg, (size_t)ml, pub, 32, mode) == 0 ? 'V' : 'X';
    }
    for (int mode = 0; mode < 3; mode++) {
        CHECK(strcmp(got[mode], want[mode]) == 0, "speccheck mode %d: got %s want %s", mode,
              got[mode], want[mode]);
        printf("speccheck mode %d: %s\n", mode, got[mode]);
    }
    json_decref(j);
}

static void zip215(void)
{
    json_t *j = load("zip215/zip215_small_order.json");
    const json_t *cases = json_object_get(j, "cases");
    uint8_t msg[64];
    long ml = field_hex(msg, sizeof msg, j, "message"); /* "Zcash" */
    if (ml < 0) ml = 0;
    size_t cnt = json_array_size(cases);
    int ok = 0, ossl = 0;
    for (size_t i = 0; i < cnt; i++) {
        const json_t *o = json_array_get(cases, i);
        uint8_t pub[32], sig[64];
        field_hex(pub, 32, o, "public_key");
        field_hex(sig, 64, o, "signature");
        int rc = f25519_ed25519_verify(sig, 64, msg, (size_t)ml, pub, 32, F25519_VERIFY_ZIP215);
        CHECK(rc == 0, "zip215 case %zu rc=%d", i, rc);
        ok += rc == 0;
        ossl += f25519_ed25519_verify(sig, 64, msg, (size_t)ml, pub, 32, F25519_VERIFY_OPENSSL) == 0;
    }
    CHECK(cnt == 196, "zip215 count %zu", cnt);
    printf("zip215: %d/%zu valid in zip215 mode; openssl mode accepts %d\n", ok, cnt, ossl);
    json_decref(j);
}

int main(void)
{
    if (f25519_select_backend("portable") != 0) return 1; /* this suite tests the portable core */
    rfc7748();
    rfc8032();
    speccheck();
    zip215();
    return tu_finish("test_vectors_quick");
}
