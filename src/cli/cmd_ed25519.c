/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fast25519 sign | verify (Ed25519, Ed25519ctx, Ed25519ph) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "fast25519.h"
#include "ops.h"

typedef struct {
    const char *pos[3];
    int npos;
    const char *mode, *ctx, *msg_file;
    int ph;
} ed_args;

/* Splits argv into positionals and options; allow_mode for verify. */
static int parse_args(int argc, char **argv, int allow_mode, int max_pos, ed_args *a)
{
    memset(a, 0, sizeof *a);
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        const char **slot = NULL;
        if (strcmp(s, "--ph") == 0) {
            if (a->ph) return cli_usage_error("--ph given twice");
            a->ph = 1;
            continue;
        }
        if (strcmp(s, "--ctx") == 0) slot = &a->ctx;
        else if (strcmp(s, "--msg-file") == 0) slot = &a->msg_file;
        else if (allow_mode && strcmp(s, "--mode") == 0) slot = &a->mode;
        if (slot) {
            if (*slot) return cli_usage_error("%s given twice", s);
            if (i + 1 >= argc) return cli_usage_error("%s needs a value", s);
            *slot = argv[++i];
            continue;
        }
        if (s[0] == '-' && s[1] == '-') return cli_usage_error("unknown option '%s'", s);
        if (a->npos >= max_pos) return cli_usage_error("too many arguments ('%s')", s);
        a->pos[a->npos++] = s;
    }
    return CLI_OK;
}

/* The message: from --msg-file or a hex positional. Caller frees *msg. */
static int load_msg(const ed_args *a, const char *msg_hex, uint8_t **msg, size_t *len)
{
    if (a->msg_file) return cli_read_file(a->msg_file, msg, len) ? CLI_USAGE : CLI_OK;
    size_t cap = strlen(msg_hex) / 2 + 1;
    *msg = malloc(cap);
    if (!*msg) return cli_usage_error("out of memory");
    long n = cli_hex_decode(*msg, cap, msg_hex);
    if (n < 0) {
        free(*msg);
        *msg = NULL;
        return cli_usage_error("MSG_HEX is not valid hex");
    }
    *len = (size_t)n;
    return CLI_OK;
}

/* Variant and context from --ctx / --ph. ctx buffer holds up to 255 bytes. */
static int load_variant(const ed_args *a, int *variant, uint8_t ctx[255], size_t *ctx_len)
{
    *ctx_len = 0;
    *variant = a->ph ? F25519_ED25519PH : a->ctx ? F25519_ED25519CTX : F25519_ED25519;
    if (a->ctx) {
        long n = cli_hex_decode(ctx, 255, a->ctx);
        if (n < 0) return cli_usage_error("--ctx must be hex of at most 255 bytes");
        if (n == 0 && !a->ph) return cli_usage_error("--ctx must not be empty (Ed25519ctx needs 1..255 bytes)");
        *ctx_len = (size_t)n;
    }
    return CLI_OK;
}

int cmd_sign(int argc, char **argv)
{
    ed_args a;
    int rc = parse_args(argc, argv, 0, 2, &a);
    if (rc) return rc;
    int want = a.msg_file ? 1 : 2;
    if (a.npos != want)
        return cli_usage_error(a.msg_file ? "sign takes SEED_HEX with --msg-file"
                                          : "sign takes SEED_HEX MSG_HEX");
    uint8_t seed[32], ctx[255], sig[64], *msg = NULL;
    size_t ctx_len, msg_len = 0;
    int variant;
    int bad = cli_hex_decode_exact(seed, 32, a.pos[0]);
    cli_wipe_arg((char *)a.pos[0]);
    if (bad) return cli_usage_error("SEED_HEX must be 64 hex digits (32 bytes)");
    if ((rc = load_variant(&a, &variant, ctx, &ctx_len)) == CLI_OK &&
        (rc = load_msg(&a, a.pos[1], &msg, &msg_len)) == CLI_OK &&
        (rc = cli_backend_ready()) == CLI_OK) {
        int r = f25519_ed25519_sign_ex(sig, msg, msg_len, seed, NULL, variant, ctx, ctx_len);
        rc = r == F25519_OK ? CLI_OK : cli_lib_error("sign", r);
    }
    f25519_wipe(seed, sizeof seed);
    free(msg);
    if (rc == CLI_OK) cli_print_hex(NULL, sig, 64);
    return rc;
}

int cmd_verify(int argc, char **argv)
{
    ed_args a;
    int rc = parse_args(argc, argv, 1, 3, &a);
    if (rc) return rc;
    int want = a.msg_file ? 2 : 3;
    if (a.npos != want)
        return cli_usage_error(a.msg_file ? "verify takes PUB_HEX SIG_HEX with --msg-file"
                                          : "verify takes PUB_HEX MSG_HEX SIG_HEX");
    const char *sig_hex = a.pos[want - 1];
    int mode = F25519_VERIFY_OPENSSL;
    if (a.mode) {
        if (strcmp(a.mode, "openssl") == 0) mode = F25519_VERIFY_OPENSSL;
        else if (strcmp(a.mode, "strict") == 0) mode = F25519_VERIFY_STRICT;
        else if (strcmp(a.mode, "zip215") == 0) mode = F25519_VERIFY_ZIP215;
        else return cli_usage_error("unknown --mode '%s' (openssl, strict or zip215)", a.mode);
    }
    uint8_t pub[32], sig[64], ctx[255], *msg = NULL;
    size_t ctx_len, msg_len = 0;
    int variant;
    if (cli_hex_decode_exact(pub, 32, a.pos[0]))
        return cli_usage_error("PUB_HEX must be 64 hex digits (32 bytes)");
    if (cli_hex_decode_exact(sig, 64, sig_hex))
        return cli_usage_error("SIG_HEX must be 128 hex digits (64 bytes)");
    if ((rc = load_variant(&a, &variant, ctx, &ctx_len)) != CLI_OK) return rc;
    if ((rc = load_msg(&a, a.pos[1], &msg, &msg_len)) != CLI_OK) return rc;
    if ((rc = cli_backend_ready()) == CLI_OK) {
        int r = f25519_ed25519_verify_ex(sig, 64, msg, msg_len, pub, 32, mode, variant, ctx, ctx_len);
        switch (r) {
        case F25519_OK:
            puts("valid");
            break;
        case F25519_ERR_VERIFY:
        case F25519_ERR_ENCODING:
        case F25519_ERR_SMALL_ORDER:
            puts("invalid");
            fprintf(stderr, "fast25519: verify: %s\n", f25519_strerror(r));
            rc = CLI_FAIL;
            break;
        default: /* bad lengths/arguments or an unavailable backend: not a verdict */
            rc = cli_lib_error("verify", r);
        }
    }
    free(msg);
    return rc;
}
