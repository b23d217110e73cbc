/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fast25519 keygen | pubkey | derive */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "fast25519.h"
#include "ops.h"

/* 0 = x25519, 1 = ed25519, -1 = unknown (usage error printed) */
static int parse_alg(const char *s)
{
    if (strcmp(s, "x25519") == 0) return 0;
    if (strcmp(s, "ed25519") == 0) return 1;
    cli_usage_error("unknown algorithm '%s' (x25519 or ed25519)", s);
    return -1;
}

int cmd_keygen(int argc, char **argv)
{
    if (argc != 1) return cli_usage_error("keygen takes one argument: x25519|ed25519");
    int alg = parse_alg(argv[0]);
    if (alg < 0) return CLI_USAGE;
    int rc = cli_backend_ready();
    if (rc) return rc;
    uint8_t priv[32], pub[32];
    rc = alg == 0 ? f25519_x25519_keygen(priv, pub) : f25519_ed25519_keygen(priv, pub);
    if (rc != F25519_OK) {
        f25519_wipe(priv, sizeof priv);
        return cli_lib_error("keygen", rc);
    }
    cli_print_hex("private: ", priv, 32);
    cli_print_hex("public: ", pub, 32);
    f25519_wipe(priv, sizeof priv);
    return CLI_OK;
}

int cmd_pubkey(int argc, char **argv)
{
    if (argc != 2) return cli_usage_error("pubkey takes two arguments: x25519|ed25519 PRIV_HEX");
    int alg = parse_alg(argv[0]);
    if (alg < 0) return CLI_USAGE;
    uint8_t priv[32], pub[32];
    int bad = cli_hex_decode_exact(priv, 32, argv[1]);
    cli_wipe_arg(argv[1]);
    if (bad) return cli_usage_error("PRIV_HEX must be 64 hex digits (32 bytes)");
    int rc = cli_backend_ready();
    if (rc == CLI_OK) {
        rc = alg == 0 ? f25519_x25519_public(pub, priv) : f25519_ed25519_public(pub, priv);
        rc = rc == F25519_OK ? CLI_OK : cli_lib_error("pubkey", rc);
    }
    f25519_wipe(priv, sizeof priv);
    if (rc == CLI_OK) cli_print_hex(NULL, pub, 32);
    return rc;
}

int cmd_derive(int argc, char **argv)
{
    if (argc != 2) return cli_usage_error("derive takes two arguments: PRIV_HEX PEER_PUB_HEX");
    uint8_t priv[32], peer[32], shared[32];
    int bad_priv = cli_hex_decode_exact(priv, 32, argv[0]);
    cli_wipe_arg(argv[0]);
    int bad_peer = cli_hex_decode_exact(peer, 32, argv[1]);
    if (bad_priv || bad_peer) {
        f25519_wipe(priv, sizeof priv);
        return cli_usage_error("%s must be 64 hex digits (32 bytes)",
                               bad_priv ? "PRIV_HEX" : "PEER_PUB_HEX");
    }
    int rc = cli_backend_ready();
    if (rc == CLI_OK) {
        int r = f25519_x25519_derive(shared, priv, peer, sizeof peer);
        if (r == F25519_ERR_ZERO_SHARED) {
            fprintf(stderr, "fast25519: derive: %s (low-order peer key)\n", f25519_strerror(r));
            rc = CLI_FAIL;
        } else if (r != F25519_OK) {
            rc = cli_lib_error("derive", r);
        }
    }
    f25519_wipe(priv, sizeof priv);
    if (rc == CLI_OK) cli_print_hex(NULL, shared, 32);
    f25519_wipe(shared, sizeof shared);
    return rc;
}
