/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Wycheproof v1 x25519 (518 cases) and ed25519 (151 cases).
 * x25519: valid -> exact shared secret; an all-zero expected secret (flags
 * ZeroSharedSecret/LowOrderPublic) -> F25519_ERR_ZERO_SHARED with the output
 * zeroed; every other acceptable case (twist, non-canonical u) -> exact secret.
 * ed25519: the verdicts are checked in `openssl` mode; strict must reject every
 * invalid case and accept every valid one; zip215 must accept every valid one
 * (the invalid ones it accepts are listed, they are expected to be the
 * non-canonical-encoding cases ZIP-215 allows).
 */
#include <stdlib.h>
#include <string.h>
#include "vectors.h"

static int has_flag(const json_t *t, const char *flag)
{
    const json_t *flags = json_object_get(t, "flags");
    for (size_t i = 0; i < json_array_size(flags); i++) {
        const json_t *f = json_array_get(flags, i);
        if (json_is_string(f) && !strcmp(json_string_value(f), flag)) return 1;
    }
    return 0;
}

void suite_wycheproof_x25519(void)
{
    json_t *doc = tu_load_json("wycheproof/v1/x25519_test.json");
    const json_t *groups = json_object_get(doc, "testGroups");
    size_t n = 0, nvalid = 0, nzero = 0, nother = 0;
    for (size_t g = 0; g < json_array_size(groups); g++) {
        const json_t *tests = json_object_get(json_array_get(groups, g), "tests");
        for (size_t i = 0; i < json_array_size(tests); i++) {
            const json_t *t = json_array_get(tests, i);
            int id = tu_json_int(t, "tcId");
            const char *result = tu_str(t, "result");
            uint8_t priv[32], pub[32], want[32], out[32];
            tu_hex_exact(priv, 32, tu_str(t, "private"), "private");
            tu_hex_exact(pub, 32, tu_str(t, "public"), "public");
            tu_hex_exact(want, 32, tu_str(t, "shared"), "shared");
            memset(out, 0xa5, 32);
            int rc = f25519_x25519_derive(out, priv, pub, 32);
            n++;
            if (!strcmp(result, "valid")) {
                nvalid++;
                CHECK(rc == F25519_OK && !memcmp(out, want, 32),
                         "wycheproof x25519 tcId %d (valid, %s): rc=%d or wrong secret", id, tu_str(t, "comment"), rc);
            } else if (!strcmp(result, "acceptable") && is_zero(want, 32)) {
                nzero++;
                CHECK(has_flag(t, "ZeroSharedSecret") || has_flag(t, "LowOrderPublic"),
                         "wycheproof x25519 tcId %d: zero secret without a low-order flag", id);
                CHECK(rc == F25519_ERR_ZERO_SHARED && is_zero(out, 32),
                         "wycheproof x25519 tcId %d (low order): rc=%d (want %d = ZERO_SHARED), output %s", id, rc,
                         F25519_ERR_ZERO_SHARED, is_zero(out, 32) ? "zeroed" : "NOT zeroed");
            } else if (!strcmp(result, "acceptable")) {
                nother++;
                CHECK(rc == F25519_OK && !memcmp(out, want, 32),
                         "wycheproof x25519 tcId %d (acceptable, %s): rc=%d or wrong secret", id,
                         tu_str(t, "comment"), rc);
            } else {
                tu_fail("wycheproof x25519 tcId %d: unexpected result '%s'", id, result);
            }
        }
    }
    printf("  wycheproof x25519: %zu cases (%zu valid, %zu zero-secret rejected, %zu other acceptable)\n", n,
           nvalid, nzero, nother);
    CHECK(n == 518, "wycheproof x25519: %zu cases, expected 518", n);
    json_decref(doc);
}

void suite_wycheproof_ed25519(void)
{
    json_t *doc = tu_load_json("wycheproof/v1/ed25519_test.json");
    const json_t *groups = json_object_get(doc, "testGroups");
    size_t n = 0, nvalid = 0, zip_extra = 0;
    for (size_t g = 0; g < json_array_size(groups); g++) {
        const json_t *grp = json_array_get(groups, g);
        size_t pklen;
        uint8_t *pk = tu_hex_alloc(tu_str(json_object_get(grp, "publicKey"), "pk"), &pklen);
        const json_t *tests = json_object_get(grp, "tests");
        for (size_t i = 0; i < json_array_size(tests); i++) {
            const json_t *t = json_array_get(tests, i);
            int id = tu_json_int(t, "tcId");
            int valid = !strcmp(tu_str(t, "result"), "valid");
            size_t mlen, slen;
            uint8_t *msg = tu_hex_alloc(tu_str(t, "msg"), &mlen);
            uint8_t *sig = tu_hex_alloc(tu_str(t, "sig"), &slen);
            int ro = f25519_ed25519_verify(sig, slen, msg, mlen, pk, pklen, F25519_VERIFY_OPENSSL);
            int rs = f25519_ed25519_verify(sig, slen, msg, mlen, pk, pklen, F25519_VERIFY_STRICT);
            int rz = f25519_ed25519_verify(sig, slen, msg, mlen, pk, pklen, F25519_VERIFY_ZIP215);
            n++;
            nvalid += valid;
            CHECK((ro == F25519_OK) == valid, "wycheproof ed25519 tcId %d (%s, %s): openssl mode rc=%d", id,
                     valid ? "valid" : "invalid", tu_str(t, "comment"), ro);
            CHECK((rs == F25519_OK) == valid, "wycheproof ed25519 tcId %d (%s, %s): strict mode rc=%d", id,
                     valid ? "valid" : "invalid", tu_str(t, "comment"), rs);
            if (valid) {
                CHECK(rz == F25519_OK, "wycheproof ed25519 tcId %d (valid, %s): zip215 mode rc=%d", id,
                         tu_str(t, "comment"), rz);
            } else if (rz == F25519_OK) {
                zip_extra++;
                printf("  note: tcId %d (%s) invalid for RFC 8032, accepted by zip215 mode\n", id,
                       tu_str(t, "comment"));
            }
            if (!valid) { /* a clear error code, never OK; lengths give ERR_LENGTH */
                if (slen != 64)
                    CHECK(ro == F25519_ERR_LENGTH && rs == F25519_ERR_LENGTH && rz == F25519_ERR_LENGTH,
                             "wycheproof ed25519 tcId %d: %zu-byte signature: rc %d/%d/%d, want ERR_LENGTH", id,
                             slen, ro, rs, rz);
                if (has_flag(t, "SignatureMalleability"))
                    CHECK(ro == F25519_ERR_ENCODING && rs == F25519_ERR_ENCODING && rz == F25519_ERR_ENCODING,
                             "wycheproof ed25519 tcId %d: S >= L: rc %d/%d/%d, want ERR_ENCODING", id, ro, rs, rz);
            }
            free(msg);
            free(sig);
        }
        free(pk);
    }
    printf("  wycheproof ed25519: %zu cases (%zu valid); zip215 mode accepts %zu of the invalid ones\n", n,
           nvalid, zip_extra);
    CHECK(n == 151, "wycheproof ed25519: %zu cases, expected 151", n);
    json_decref(doc);
}
