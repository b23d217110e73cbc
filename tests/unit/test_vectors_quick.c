/* Quick external-vector check of the portable core: RFC 7748 (functions,
 * 1 and 1,000 iterations, DH), RFC 8032 (Ed25519, ctx, ph: public key, sign,
 * verify in all modes), speccheck verdicts per mode, ZIP-215 (196 valid).
 * Vectors come from $F25519_VECTORS or the shared default directory. */
#include "unit_common.h"
#include "json_mini.h"
#include "fast25519.h"

static char *load(const char *rel, size_t *n)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", vectors_dir(), rel);
    char *b = read_file_all(path, n);
    if (!b) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    return b;
}

static long field_hex(uint8_t *out, size_t cap, const char *o, const char *e, const char *key)
{
    size_t l;
    const char *v = json_str(o, e, key, &l);
    if (!v) return -1;
    return unhex(out, cap, v, l);
}

static void rfc7748(void)
{
    size_t n;
    char *j = load("rfc/rfc7748_x25519.json", &n);
    const char *end = j + n, *sec = strstr(j, "\"x25519\""), *oe = NULL;
    const char *o = sec;
    int cnt = 0;
    for (int i = 0; i < 2; i++) {
        o = json_obj(o, end, &oe);
        uint8_t k[32], u[32], w[32], out[32];
        field_hex(k, 32, o, oe, "scalar");
        field_hex(u, 32, o, oe, "u");
        field_hex(w, 32, o, oe, "output");
        int rc = f25519_x25519_derive(out, k, u, 32);
        CHECK(rc == 0 && memcmp(out, w, 32) == 0, "rfc7748 vector %d", i);
        cnt++;
        o = oe;
    }
    const char *it = strstr(j, "\"iterated\"");
    uint8_t k[32], u[32], r1[32], r1000[32], t[32];
    field_hex(k, 32, it, end, "k");
    field_hex(u, 32, it, end, "u");
    field_hex(r1, 32, it, end, "1");
    field_hex(r1000, 32, it, end, "1000");
    for (int i = 1; i <= 1000; i++) {
        f25519_x25519_derive(t, k, u, 32);
        memcpy(u, k, 32);
        memcpy(k, t, 32);
        if (i == 1) CHECK(memcmp(k, r1, 32) == 0, "rfc7748 iter 1");
    }
    CHECK(memcmp(k, r1000, 32) == 0, "rfc7748 iter 1000");
    const char *dh = strstr(j, "\"dh\"");
    uint8_t ap[32], apub[32], bp[32], bpub[32], sh[32], x[32];
    field_hex(ap, 32, dh, end, "alice_private");
    field_hex(apub, 32, dh, end, "alice_public");
    field_hex(bp, 32, dh, end, "bob_private");
    field_hex(bpub, 32, dh, end, "bob_public");
    field_hex(sh, 32, dh, end, "shared");
    CHECK(f25519_x25519_public(x, ap) == 0 && !memcmp(x, apub, 32), "dh alice pub");
    CHECK(f25519_x25519_public(x, bp) == 0 && !memcmp(x, bpub, 32), "dh bob pub");
    CHECK(f25519_x25519_derive(x, ap, bpub, 32) == 0 && !memcmp(x, sh, 32), "dh alice");
    CHECK(f25519_x25519_derive(x, bp, apub, 32) == 0 && !memcmp(x, sh, 32), "dh bob");
    free(j);
    printf("rfc7748: %d vectors + iterations + dh\n", cnt);
}

static void rfc8032(void)
{
    size_t n;
    char *j = load("rfc/rfc8032_ed25519.json", &n);
    const char *end = j + n;
    const char *secs[3] = {strstr(j, "\"ed25519\""), strstr(j, "\"ed25519ctx\""),
                           strstr(j, "\"ed25519ph\"")};
    int variants[3] = {F25519_ED25519, F25519_ED25519CTX, F25519_ED25519PH};
    int total = 0;
    for (int s = 0; s < 3; s++) {
        const char *send = s < 2 ? secs[s + 1] : end, *o = secs[s], *oe;
        while ((o = json_obj(o, send, &oe))) {
            static uint8_t msg[4096];
            uint8_t seed[32], pub[32], sig[64], ctx[256], got[64];
            field_hex(seed, 32, o, oe, "secret_key");
            field_hex(pub, 32, o, oe, "public_key");
            field_hex(sig, 64, o, oe, "signature");
            long ml = field_hex(msg, sizeof msg, o, oe, "message");
            long cl = field_hex(ctx, sizeof ctx, o, oe, "context");
            if (cl < 0) cl = 0;
            CHECK(ml >= 0, "msg parse");
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
            o = oe;
        }
    }
    CHECK(total == 10, "rfc8032 count %d", total);
    free(j);
    printf("rfc8032: %d vectors\n", total);
}

static void speccheck(void)
{
    size_t n;
    char *j = load("speccheck/cases.json", &n);
    const char *end = j + n, *o = j + 1, *oe;
    const char *want[3] = {"VVVVXXXXXXXV", "XXXVXXXXXXXX", "VVVVVVXXXVVV"};
    char got[3][13] = {{0}};
    int idx = 0;
    while ((o = json_obj(o, end, &oe)) && idx < 12) {
        uint8_t msg[256], pub[32], sig[64];
        long ml = field_hex(msg, sizeof msg, o, oe, "message");
        field_hex(pub, 32, o, oe, "pub_key");
        field_hex(sig, 64, o, oe, "signature");
        for (int mode = 0; mode < 3; mode++)
            got[mode][idx] =
                f25519_ed25519_verify(sig, 64, msg, (size_t)ml, pub, 32, mode) == 0 ? 'V' : 'X';
        idx++;
        o = oe;
    }
    for (int mode = 0; mode < 3; mode++) {
        CHECK(strcmp(got[mode], want[mode]) == 0, "speccheck mode %d: got %s want %s", mode,
              got[mode], want[mode]);
        printf("speccheck mode %d: %s\n", mode, got[mode]);
    }
    free(j);
}

static void zip215(void)
{
    size_t n;
    char *j = load("zip215/zip215_small_order.json", &n);
    const char *end = j + n, *o = strstr(j, "\"cases\""), *oe;
    uint8_t msg[5] = {'Z', 'c', 'a', 's', 'h'};
    int cnt = 0, ok = 0, ossl = 0;
    while ((o = json_obj(o, end, &oe))) {
        uint8_t pub[32], sig[64];
        field_hex(pub, 32, o, oe, "public_key");
        field_hex(sig, 64, o, oe, "signature");
        int rc = f25519_ed25519_verify(sig, 64, msg, 5, pub, 32, F25519_VERIFY_ZIP215);
        CHECK(rc == 0, "zip215 case %d rc=%d", cnt, rc);
        ok += rc == 0;
        ossl += f25519_ed25519_verify(sig, 64, msg, 5, pub, 32, F25519_VERIFY_OPENSSL) == 0;
        cnt++;
        o = oe;
    }
    CHECK(cnt == 196, "zip215 count %d", cnt);
    printf("zip215: %d/%d valid in zip215 mode; openssl mode accepts %d\n", ok, cnt, ossl);
    free(j);
}

int main(void)
{
    if (f25519_select_impl("portable") != 0) return 1; /* this suite tests the portable core */
    rfc7748();
    rfc8032();
    speccheck();
    zip215();
    return unit_done("test_vectors_quick");
}
