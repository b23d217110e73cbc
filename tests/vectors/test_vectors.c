/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * test_vectors SUITE [ARG]: runs one external-vector suite against the
 * backend chosen by FAST25519_BACKEND (exit 77 = skipped when it is missing).
 * Suites: rfc7748 [iterations], rfc8032, wycheproof-x25519,
 * wycheproof-ed25519, speccheck, zip215, supercop, batch, verify-batch [supercop lines].
 */
#include <stdlib.h>
#include <string.h>
#include "vectors.h"

const char *mode_name(int mode)
{
    switch (mode) {
    case F25519_VERIFY_OPENSSL: return "openssl";
    case F25519_VERIFY_STRICT: return "strict";
    case F25519_VERIFY_ZIP215: return "zip215";
    default: return "?";
    }
}

int is_zero(const uint8_t *b, size_t n)
{
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= b[i];
    return acc == 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s rfc7748 [iterations]|rfc8032|wycheproof-x25519|"
                        "wycheproof-ed25519|speccheck|zip215|supercop|batch|verify-batch [n]\n", argv[0]);
        return 2;
    }
    const char *s = argv[1];
    char name[96];
    snprintf(name, sizeof name, "vectors %s", s);
    tu_backend_setup(name);
    printf("vectors from %s\n", tu_vectors_dir());
    if (!strcmp(s, "rfc7748")) suite_rfc7748(argc > 2 ? atol(argv[2]) : 1000);
    else if (!strcmp(s, "rfc8032")) suite_rfc8032();
    else if (!strcmp(s, "wycheproof-x25519")) suite_wycheproof_x25519();
    else if (!strcmp(s, "wycheproof-ed25519")) suite_wycheproof_ed25519();
    else if (!strcmp(s, "speccheck")) suite_speccheck();
    else if (!strcmp(s, "zip215")) suite_zip215();
    else if (!strcmp(s, "supercop")) suite_supercop();
    else if (!strcmp(s, "batch")) { tu_rng_init(); suite_batch(); }
    else if (!strcmp(s, "verify-batch")) { tu_rng_init(); suite_verify_batch(argc > 2 ? atol(argv[2]) : -1); }
    else { fprintf(stderr, "unknown suite %s\n", s); return 2; }
    return tu_finish(name);
}
