/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519 verify-batch [--mode openssl|strict|zip215] [--threads N] FILE
 *
 * FILE ('-' = stdin) holds one item per line, PUB_HEX:MSG_HEX:SIG_HEX (an
 * empty message is nothing between the colons; a final newline is optional,
 * CR before LF is ignored). Every line is parsed before anything is
 * verified: a malformed line prints its number on stderr and exits 2 with no
 * verdicts. Then f25519_ed25519_verify_batch on N threads (default 0 = every
 * online CPU) and one line per item in input order, `valid` or `invalid`;
 * exit 0 if all are valid, 1 if any is not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "fast25519.h"

static int parse_mode(const char *s, int *mode)
{
    if (strcmp(s, "openssl") == 0) *mode = F25519_VERIFY_OPENSSL;
    else if (strcmp(s, "strict") == 0) *mode = F25519_VERIFY_STRICT;
    else if (strcmp(s, "zip215") == 0) *mode = F25519_VERIFY_ZIP215;
    else return -1;
    return 0;
}

static int parse_threads(const char *s, unsigned *t)
{
    char *end;
    if (!*s || *s == '-' || *s == '+') return -1;
    unsigned long v = strtoul(s, &end, 10);
    if (*end || v > 4096) return -1;
    *t = (unsigned)v;
    return 0;
}

/* Decodes hex [s, s + len) into out (capacity cap): bytes or -1. */
static long hex_span(uint8_t *out, size_t cap, const char *s, size_t len)
{
    char *tmp = malloc(len + 1);
    if (!tmp) return -1;
    memcpy(tmp, s, len);
    tmp[len] = 0;
    long n = cli_hex_decode(out, cap, tmp);
    free(tmp);
    return n;
}

int cmd_verify_batch(int argc, char **argv)
{
    const char *mode_s = NULL, *threads_s = NULL, *file = NULL;
    for (int i = 0; i < argc; i++) {
        const char **slot = NULL;
        if (strcmp(argv[i], "--mode") == 0) slot = &mode_s;
        else if (strcmp(argv[i], "--threads") == 0) slot = &threads_s;
        if (slot) {
            if (*slot) return cli_usage_error("%s given twice", argv[i]);
            if (i + 1 >= argc) return cli_usage_error("%s needs a value", argv[i]);
            *slot = argv[++i];
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1] == '-') return cli_usage_error("unknown option '%s'", argv[i]);
        if (file) return cli_usage_error("verify-batch takes one FILE ('%s' is extra)", argv[i]);
        file = argv[i];
    }
    int mode = F25519_VERIFY_OPENSSL;
    unsigned threads = 0;
    if (mode_s && parse_mode(mode_s, &mode))
        return cli_usage_error("unknown --mode '%s' (openssl, strict or zip215)", mode_s);
    if (threads_s && parse_threads(threads_s, &threads))
        return cli_usage_error("--threads needs a number 0..4096 (0 = every online CPU), not '%s'", threads_s);
    if (!file) return cli_usage_error("verify-batch takes FILE ('-' = stdin)");
    int rc = cli_backend_ready();
    if (rc) return rc;

    uint8_t *buf;
    size_t len;
    if (cli_read_file(file, &buf, &len)) return CLI_USAGE;
    size_t nlines = 0;
    for (size_t i = 0; i < len; i++) nlines += buf[i] == '\n';
    if (len && buf[len - 1] != '\n') nlines++;
    size_t cap = nlines ? nlines : 1;
    uint8_t(*pub)[32] = malloc(cap * 32), (*sig)[64] = malloc(cap * 64), **msg = calloc(cap, sizeof *msg);
    size_t *mlen = calloc(cap, sizeof *mlen);
    const uint8_t **psig = malloc(cap * sizeof *psig), **ppub = malloc(cap * sizeof *ppub);
    int *status = malloc(cap * sizeof *status);
    size_t n = 0;
    rc = CLI_OK;
    if (!pub || !sig || !msg || !mlen || !psig || !ppub || !status) rc = cli_usage_error("out of memory");
    const char *p = (const char *)buf, *end = p + len;
    while (rc == CLI_OK && p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        const char *le = eol;
        if (le > p && le[-1] == '\r') le--;
        const char *c1 = memchr(p, ':', (size_t)(le - p));
        const char *c2 = c1 ? memchr(c1 + 1, ':', (size_t)(le - c1 - 1)) : NULL;
        const char *why = NULL;
        if (!c1 || !c2 || memchr(c2 + 1, ':', (size_t)(le - c2 - 1)))
            why = "want PUB_HEX:MSG_HEX:SIG_HEX";
        else if (c1 - p != 64 || hex_span(pub[n], 32, p, 64) != 32)
            why = "PUB_HEX must be 64 hex digits (32 bytes)";
        else if (le - c2 - 1 != 128 || hex_span(sig[n], 64, c2 + 1, 128) != 64)
            why = "SIG_HEX must be 128 hex digits (64 bytes)";
        else {
            size_t mh = (size_t)(c2 - c1 - 1);
            msg[n] = malloc(mh / 2 + 1);
            long ml = msg[n] ? hex_span(msg[n], mh / 2 + 1, c1 + 1, mh) : -1;
            if (ml < 0) why = "MSG_HEX is not valid hex";
            else mlen[n] = (size_t)ml;
        }
        if (why) {
            fprintf(stderr, "fast25519: %s line %zu: malformed item: %s\n", strcmp(file, "-") ? file : "stdin",
                    n + 1, why);
            rc = CLI_USAGE;
            n++;
            break;
        }
        psig[n] = sig[n];
        ppub[n] = pub[n];
        n++;
        p = eol + 1;
    }
    if (rc == CLI_OK) {
        int r = f25519_ed25519_verify_batch(n, psig, (const uint8_t *const *)msg, mlen, ppub, mode, threads, status);
        if (r != F25519_OK && r != F25519_ERR_VERIFY) {
            rc = cli_lib_error("verify-batch", r);
        } else {
            for (size_t i = 0; i < n; i++) puts(status[i] == F25519_OK ? "valid" : "invalid");
            rc = r == F25519_OK ? CLI_OK : CLI_FAIL;
        }
    }
    for (size_t i = 0; msg && i < n; i++) free(msg[i]);
    free(pub), free(sig), free(msg), free(mlen), free(psig), free(ppub), free(status), free(buf);
    return rc;
}
