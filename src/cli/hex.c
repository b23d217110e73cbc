/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Hex encoding and decoding in constant time: private keys and seeds are
 * read from and printed as hex, so the digit values never select a branch
 * or a memory address. Validity is accumulated in a mask and checked once.
 */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "fast25519.h"
#include "ops.h"

/* Value of one hex digit, or a negative number if c is not one.
 * Each range test is computed with the sign bit of a subtraction. */
static int ct_hex_value(unsigned char c)
{
    int x = c;
    /* mask_in(lo, hi) = -1 if lo <= x <= hi else 0 */
#define IN_RANGE(lo, hi) ((((lo) - 1 - x) & (x - (hi) - 1)) >> 8)
    int m_dig = IN_RANGE('0', '9');
    int m_low = IN_RANGE('a', 'f');
    int m_up = IN_RANGE('A', 'F');
#undef IN_RANGE
    int v = (m_dig & (x - '0')) | (m_low & (x - 'a' + 10)) | (m_up & (x - 'A' + 10));
    int ok = m_dig | m_low | m_up; /* -1 if a digit */
    return v | ~ok;                /* ~ok = -1 when not a digit */
}

long cli_hex_decode(uint8_t *out, size_t cap, const char *hex)
{
    size_t len = strlen(hex); /* the length is public */
    if (len % 2 != 0 || len / 2 > cap) return -1;
    int bad = 0;
    for (size_t i = 0; i < len / 2; i++) {
        int hi = ct_hex_value((unsigned char)hex[2 * i]);
        int lo = ct_hex_value((unsigned char)hex[2 * i + 1]);
        bad |= hi | lo; /* negative if any digit was invalid */
        out[i] = (uint8_t)(((unsigned)hi << 4) | ((unsigned)lo & 0xfu));
    }
    if (bad < 0) {
        f25519_wipe(out, len / 2);
        return -1;
    }
    return (long)(len / 2);
}

int cli_hex_decode_exact(uint8_t *out, size_t n, const char *hex)
{
    if (strlen(hex) != 2 * n || cli_hex_decode(out, n, hex) != (long)n) {
        f25519_wipe(out, n);
        return -1;
    }
    return 0;
}

void cli_hex_encode(char *out, const uint8_t *in, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        for (int k = 0; k < 2; k++) {
            int v = (in[i] >> (4 * (1 - k))) & 0xf;
            /* '0'+v, plus ('a'-'0'-10) when v > 9 (mask from the sign of 9-v) */
            out[2 * i + k] = (char)('0' + v + (((9 - v) >> 8) & ('a' - '0' - 10)));
        }
    }
    out[2 * n] = '\0';
}

void cli_print_hex(const char *label, const uint8_t *in, size_t n)
{
    char buf[2 * 256 + 1];
    while (n > 0) { /* chunks keep the buffer on the stack small */
        size_t k = n > 256 ? 256 : n;
        cli_hex_encode(buf, in, k);
        if (label) {
            fputs(label, stdout);
            label = NULL;
        }
        fputs(buf, stdout);
        in += k;
        n -= k;
    }
    if (label) fputs(label, stdout);
    fputc('\n', stdout);
    f25519_wipe(buf, sizeof buf);
}
