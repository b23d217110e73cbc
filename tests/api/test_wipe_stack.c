/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Stack residue check: after Ed25519 key expansion and signing, no 8-byte
 * piece of the seed's secret derivatives may remain in the dead stack below
 * the caller. Searched for: SHA-512(seed) (a and prefix), the clamped and
 * reduced scalar, and the last 16 SHA-512 message-schedule words of the seed
 * block (they determine the seed: the schedule recurrence runs backwards).
 * The dead stack is read through a large volatile array in a callee at the
 * same depth as the API call (indeterminate values: not run under MSan). */
#include "testutil.h"
#include <openssl/sha.h>
#include "fast25519.h"
#include "scalar/sc25519.h"
#include "hash/sha512.h"
#include "ops.h"

#define SCAN_BYTES 32768

static uint64_t ror64(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

/* W[64..79] of the single padded block holding a 32-byte message. */
static void schedule_tail(uint64_t out[16], const uint8_t msg[32])
{
    uint8_t blk[128] = {0};
    uint64_t w[80];
    memcpy(blk, msg, 32);
    blk[32] = 0x80;
    blk[126] = 1; /* bit length 256, big-endian */
    for (int i = 0; i < 16; i++) {
        uint64_t v = 0;
        for (int j = 0; j < 8; j++) v = (v << 8) | blk[8 * i + j];
        w[i] = v;
    }
    for (int i = 16; i < 80; i++) {
        uint64_t s0 = ror64(w[i - 15], 1) ^ ror64(w[i - 15], 8) ^ (w[i - 15] >> 7);
        uint64_t s1 = ror64(w[i - 2], 19) ^ ror64(w[i - 2], 61) ^ (w[i - 2] >> 6);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    memcpy(out, w + 64, 16 * sizeof(uint64_t));
}

static uint8_t g_pat[64][8];
static int g_npat;

static void add_pattern_bytes(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i + 8 <= n && g_npat < 64; i += 8) memcpy(g_pat[g_npat++], p + i, 8);
}

static uint8_t copy[SCAN_BYTES]; /* static: the frame below holds only buf */

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
__attribute__((noinline)) static int scan_dead_stack(const char *what)
{
    volatile uint8_t buf[SCAN_BYTES];
    for (size_t i = 0; i < SCAN_BYTES; i++) copy[i] = buf[i];
    int hits = 0;
    for (int k = 0; k < g_npat; k++) {
        for (size_t i = 0; i + 8 <= SCAN_BYTES; i++) {
            if (memcmp(copy + i, g_pat[k], 8) == 0) {
                if (hits++ < 5) fprintf(stderr, "%s: secret pattern %d found in dead stack at -%zu\n",
                                        what, k, (size_t)SCAN_BYTES - i);
                break;
            }
        }
    }
    memset(copy, 0, sizeof copy);
    return hits;
}
#pragma GCC diagnostic pop

/* Zero the dead stack first, so that only the call under test can leave
 * anything there (OpenSSL's SHA512 above, used for the expected patterns,
 * leaves its own residue). */
__attribute__((noinline)) static void scrub_stack(void)
{
    volatile uint8_t buf[SCAN_BYTES + 4096];
    for (size_t i = 0; i < sizeof buf; i++) buf[i] = 0;
}

__attribute__((noinline)) static void do_public(const uint8_t seed[32])
{
    uint8_t pub[32];
    CHECK(f25519_ed25519_public(pub, seed) == F25519_OK, "ed25519_public");
}

__attribute__((noinline)) static void do_hash(const uint8_t seed[32])
{
    uint8_t d[64];
    f25519_sha512(d, seed, 32); /* the digest itself is the caller's to wipe */
    f25519_wipe(d, sizeof d);
}

__attribute__((noinline)) static void do_sign(const uint8_t seed[32])
{
    uint8_t sig[64];
    static const uint8_t msg[3] = {1, 2, 3};
    CHECK(f25519_ed25519_sign(sig, msg, sizeof msg, seed, NULL) == F25519_OK, "ed25519_sign");
}

/* positive control: a frame that keeps a secret copy and does not wipe it */
__attribute__((noinline)) static void leave_unwiped(const uint8_t a[32])
{
    volatile uint8_t copy[256];
    for (int i = 0; i < 256; i++) copy[i] = a[i % 32];
    (void)copy[0];
}

int main(void)
{
#if !defined(__OPTIMIZE__)
    /* at -O0 every helper (ror, load_be64, ...) spills its secret arguments
     * into frames no C code can wipe: only optimized builds are meaningful */
    printf("SKIP: test_wipe_stack: needs an optimized build\n");
    return 77;
#endif
    uint8_t seed[32], h[64], a[32], ar[32];
    uint64_t wt[16];
    /* a seed with no zero bytes, so that no pattern is mostly zeros */
    for (int i = 0; i < 32; i++) seed[i] = (uint8_t)(0x11 + 7 * i);
    SHA512(seed, 32, h);
    memcpy(a, h, 32);
    a[0] &= 248;
    a[31] &= 127;
    a[31] |= 64;
    sc25519_reduce32(ar, a);
    schedule_tail(wt, seed);
    add_pattern_bytes(h, 64);
    add_pattern_bytes(a, 32);
    add_pattern_bytes(ar, 32);
    add_pattern_bytes((const uint8_t *)wt, sizeof wt);

    /* Warm-up with an unrelated seed: the first calls run the dispatcher's
     * init and the dynamic linker's lazy binding (_dl_runtime_resolve saves
     * the vector registers with XSAVE on the stack, and they may still hold
     * values of an earlier hash: register residue, not a missing wipe). */
    {
        uint8_t other[32];
        for (int i = 0; i < 32; i++) other[i] = (uint8_t)(0xa5 ^ i);
        do_hash(other);
        do_public(other);
        do_sign(other);
    }

    /* SHA-512 alone (expand_seed's hash): later work on the same stack
     * may hide its residue at the API level, so check it directly too */
    scrub_stack();
    do_hash(seed);
    CHECK(scan_dead_stack("sha512(seed)") == 0, "sha512 leaves its schedule on the stack");
    scrub_stack();
    do_public(seed);
    CHECK(scan_dead_stack("ed25519_public") == 0, "ed25519_public leaves secrets on the stack");
    scrub_stack();
    do_sign(seed);
    CHECK(scan_dead_stack("ed25519_sign") == 0, "ed25519_sign leaves secrets on the stack");
    /* self-check: the scan does see what a dead frame left behind */
    g_npat = 0;
    add_pattern_bytes(a, 32);
    scrub_stack();
    leave_unwiped(a);
    CHECK(scan_dead_stack("self-check (expected)") > 0, "self-check: the scan misses a dead frame");
    return tu_finish("test_wipe_stack");
}
