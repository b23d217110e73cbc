/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519: command-line front end of the library (hex in, hex out).
 * Exit codes: 0 success / valid, 1 invalid signature or all-zero shared
 * secret, 2 usage error or library error (e.g. FAST25519_BACKEND forced a
 * path this CPU lacks).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "fast25519.h"
#include "ops.h"
#include "common/backend_env.h"
#include "backends.h" /* F25519_BACKEND_NAMES_BAR */

static const char usage_text[] =
    "usage: fast25519 COMMAND [ARGS]\n"
    "  keygen x25519|ed25519                 new key pair: 'private: HEX' and 'public: HEX'\n"
    "  pubkey x25519|ed25519 PRIV_HEX        public key of a private key / Ed25519 seed\n"
    "  derive PRIV_HEX PEER_PUB_HEX          X25519 shared secret (exit 1 if all zero)\n"
    "  sign SEED_HEX MSG_HEX [--ctx HEX | --ph]\n"
    "                                        Ed25519 (Ed25519ctx, Ed25519ph) signature\n"
    "  verify PUB_HEX MSG_HEX SIG_HEX [--mode openssl|strict|zip215] [--ctx HEX | --ph]\n"
    "                                        prints 'valid' (exit 0) or 'invalid' (exit 1)\n"
    "  verify-batch [--mode openssl|strict|zip215] [--threads N] FILE\n"
    "                                        one PUB_HEX:MSG_HEX:SIG_HEX per line ('-' = stdin);\n"
    "                                        prints 'valid'/'invalid' per line (exit 0 all valid, 1 any\n"
    "                                        invalid, 2 malformed line); N = 0 (default): every CPU\n"
    "  info                                  CPU features, selected and available backends\n"
    "  bench [--json] [--seconds S] [--cold] [--ops OP,...]\n"
    "                                        benchmark against OpenSSL and libsodium\n"
    "  --version                             prints 'fast25519 VERSION'\n"
    "  --help                                this text\n"
    "sign and verify take '--msg-file FILE' in place of MSG_HEX ('-' = stdin).\n"
    "--ph may be combined with --ctx (Ed25519ph with a context).\n"
    "Hex is case-insensitive on input, lowercase on output. Keys, seeds and\n"
    "signatures are 32, 32 and 64 bytes. Exit status: 0 ok/valid, 1 invalid or\n"
    "all-zero shared secret, 2 usage or library error.\n"
    "FAST25519_BACKEND=" F25519_BACKEND_NAMES_BAR " forces a backend (error if unavailable;\n"
    "FAST25519_IMPL, its former name, is still read).\n";

int cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    fputs("fast25519: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\n(run 'fast25519 --help' for usage)\n", stderr);
    return CLI_USAGE;
}

int cli_lib_error(const char *what, int rc)
{
    fprintf(stderr, "fast25519: %s: %s\n", what, f25519_strerror(rc));
    return CLI_USAGE;
}

int cli_backend_ready(void)
{
    if (strcmp(f25519_backend(), "unsupported") == 0) {
        const char *var;
        const char *env = f25519_backend_env(&var);
        fprintf(stderr, "fast25519: %s=%s: %s\n", var, env ? env : "?",
                f25519_strerror(F25519_ERR_UNSUPPORTED));
        return CLI_USAGE;
    }
    return CLI_OK;
}

void cli_wipe_arg(char *arg)
{
    /* Hides the secret from /proc/PID/cmdline too, once it has been copied. */
    f25519_wipe(arg, strlen(arg));
}

int cli_read_file(const char *path, uint8_t **buf, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "fast25519: %s: %s\n", path, strerror(errno));
        return -1;
    }
    size_t cap = 4096, n = 0;
    uint8_t *b = malloc(cap);
    while (b) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap) break;
        uint8_t *nb = realloc(b, cap * 2);
        if (!nb) {
            free(b);
            b = NULL;
            break;
        }
        b = nb;
        cap *= 2;
    }
    int err = ferror(f);
    if (f != stdin) fclose(f);
    if (!b || err) {
        fprintf(stderr, "fast25519: %s: %s\n", path, b ? "read error" : "out of memory");
        free(b);
        return -1;
    }
    *buf = b;
    *len = n;
    return 0;
}

static const struct {
    const char *name;
    int (*fn)(int, char **);
} commands[] = {
    {"keygen", cmd_keygen}, {"pubkey", cmd_pubkey}, {"derive", cmd_derive},
    {"sign", cmd_sign},     {"verify", cmd_verify}, {"info", cmd_info},
    {"bench", cmd_bench},   {"verify-batch", cmd_verify_batch},
};

int main(int argc, char **argv)
{
    /* stdout goes through our own buffer so that a printed private key can be
     * wiped from it after the final flush. */
    static char outbuf[4096];
    setvbuf(stdout, outbuf, _IOLBF, sizeof outbuf);
    if (argc < 2) {
        fputs(usage_text, stderr);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        fputs(usage_text, stdout);
        return CLI_OK;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "version") == 0) {
        printf("fast25519 %s\n", f25519_version());
        return CLI_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(argv[1], commands[i].name) == 0) {
            int rc = commands[i].fn(argc - 2, argv + 2);
            if ((fflush(stdout) != 0 || ferror(stdout)) && rc == CLI_OK) {
                perror("fast25519: stdout");
                rc = CLI_USAGE;
            }
            f25519_wipe(outbuf, sizeof outbuf); /* flushed: stdio holds nothing more */
            return rc;
        }
    }
    return cli_usage_error("unknown command '%s'", argv[1]);
}
