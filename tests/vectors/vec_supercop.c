/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SUPERCOP sign.input: 1024 lines "sk:pk:msg:sm:" (sk = seed||pk, sm = sig||msg).
 * Every line: public key, exact signature, and the signature verifies in all
 * three modes.
 */
#include <stdlib.h>
#include <string.h>
#include "vectors.h"

void suite_supercop(void)
{
    FILE *f = fopen(tu_vector_path("supercop/sign.input"), "r");
    if (!f) { tu_fail("supercop: cannot open sign.input"); return; }
    char *line = NULL;
    size_t cap = 0, lines = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, f)) > 0) {
        while (len && (line[len - 1] == '\n' || line[len - 1] == '\r')) line[--len] = 0;
        if (!len) continue;
        lines++;
        char *fields[5] = {0};
        char *p = line;
        for (int i = 0; i < 5 && p; i++) {
            fields[i] = p;
            p = strchr(p, ':');
            if (p) *p++ = 0;
        }
        if (!fields[3]) { tu_fail("supercop line %zu: malformed", lines); continue; }
        size_t sklen, pklen, mlen, smlen;
        uint8_t *sk = tu_hex_alloc(fields[0], &sklen), *pk = tu_hex_alloc(fields[1], &pklen);
        uint8_t *msg = tu_hex_alloc(fields[2], &mlen), *sm = tu_hex_alloc(fields[3], &smlen);
        uint8_t pub[32], sig[64];
        if (sklen != 64 || pklen != 32 || smlen != 64 + mlen || mlen != lines - 1) {
            tu_fail("supercop line %zu: field lengths %zu/%zu/%zu/%zu", lines, sklen, pklen, mlen, smlen);
        } else {
            CHECK(!memcmp(sk + 32, pk, 32) && !memcmp(sm + 64, msg, mlen), "supercop line %zu: inconsistent", lines);
            CHECK(f25519_ed25519_public(pub, sk) == F25519_OK && !memcmp(pub, pk, 32),
                     "supercop line %zu: public key differs", lines);
            int rc = f25519_ed25519_sign(sig, msg, mlen, sk, pk);
            CHECK(rc == F25519_OK && !memcmp(sig, sm, 64), "supercop line %zu: signature differs (rc=%d)", lines, rc);
            for (int mode = 0; mode < 3; mode++) {
                rc = f25519_ed25519_verify(sm, 64, msg, mlen, pk, 32, mode);
                CHECK(rc == F25519_OK, "supercop line %zu: verify mode %s rc=%d", lines, mode_name(mode), rc);
            }
        }
        free(sk); free(pk); free(msg); free(sm);
    }
    free(line);
    fclose(f);
    printf("  supercop: %zu lines\n", lines);
    CHECK(lines == 1024, "supercop: %zu lines, expected 1024", lines);
}
