/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Shared declarations of the fast25519 command-line tool (src/cli/). */
#ifndef F25519_CLI_H
#define F25519_CLI_H
#include <stddef.h>
#include <stdint.h>

/* Exit codes: 0 success/valid, 1 invalid signature or all-zero shared secret, 2 usage/other error. */
#define CLI_OK 0
#define CLI_FAIL 1
#define CLI_USAGE 2

/* hex.c: constant-time hex (no branch or table index on the digits, since
 * private keys and seeds go through it). */
/* Decodes the whole string into out (capacity cap). Returns the number of
 * bytes, or -1 on odd length, a non-hex character or more than cap bytes. */
long cli_hex_decode(uint8_t *out, size_t cap, const char *hex);
/* Decodes exactly n bytes: 0 on success, -1 otherwise (out is then zeroed). */
int cli_hex_decode_exact(uint8_t *out, size_t n, const char *hex);
/* Writes 2n lowercase hex digits and a NUL to out (size >= 2n+1). */
void cli_hex_encode(char *out, const uint8_t *in, size_t n);
/* Prints the hex of in followed by a newline (optionally after a label). */
void cli_print_hex(const char *label, const uint8_t *in, size_t n);

/* main.c */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int cli_lib_error(const char *what, int rc); /* f25519_strerror on stderr; exit code */
int cli_backend_ready(void);  /* 0 if the selected backend exists, else prints the error, returns 2 */
void cli_wipe_arg(char *arg); /* overwrites a secret argv string in place */
int cli_read_file(const char *path, uint8_t **buf, size_t *len); /* 0 or -1 (message printed) */

/* The commands (argc/argv start after the command name). */
int cmd_keygen(int argc, char **argv);
int cmd_pubkey(int argc, char **argv);
int cmd_derive(int argc, char **argv);
int cmd_sign(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_verify_batch(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_bench(int argc, char **argv);
#endif
