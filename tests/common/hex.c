/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Hex decoding and printing (see testutil.h). */
#include <string.h>
#include "testutil.h"

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

long tu_hex_decode_n(uint8_t *out, size_t cap, const char *hex, size_t n)
{
    if (n % 2 || n / 2 > cap) return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(n / 2);
}

long tu_hex_decode(uint8_t *out, size_t cap, const char *hex)
{
    return tu_hex_decode_n(out, cap, hex, strlen(hex));
}

uint8_t *tu_hex_dup(const char *hex, size_t *len)
{
    *len = 0;
    if (hex == NULL) return NULL;
    size_t cap = strlen(hex) / 2 + 1;
    uint8_t *b = malloc(cap);
    long n;
    if (!b || (n = tu_hex_decode(b, cap, hex)) < 0) {
        free(b);
        return NULL;
    }
    *len = (size_t)n;
    return b;
}

uint8_t *tu_hex_alloc(const char *hex, size_t *len)
{
    uint8_t *b = tu_hex_dup(hex, len);
    if (!b) {
        fprintf(stderr, "FATAL: bad hex string '%.80s'\n", hex ? hex : "(null)");
        exit(1);
    }
    return b;
}

void tu_hex_exact(uint8_t *out, size_t n, const char *hex, const char *what)
{
    if (tu_hex_decode(out, n, hex) != (long)n) {
        fprintf(stderr, "FATAL: %s: expected %zu bytes of hex, got '%.140s'\n", what, n, hex);
        exit(1);
    }
}

void tu_hex_encode(char *out, const uint8_t *in, size_t n)
{
    static const char d[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = d[in[i] >> 4];
        out[2 * i + 1] = d[in[i] & 15];
    }
    out[2 * n] = 0;
}

void tu_hex_print(const char *label, const uint8_t *in, size_t n)
{
    printf("  %s: ", label);
    for (size_t i = 0; i < n; i++) printf("%02x", in[i]);
    printf("\n");
}
