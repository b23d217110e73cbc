/* Shared helpers of the test programs (see testutil.h). */
#include "testutil.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/random.h>
#include "fast25519.h"

#ifndef F25519_VECTORS_DEFAULT
#define F25519_VECTORS_DEFAULT "../shared/testvectors"
#endif

const char *const tu_backends[] = {"portable", "mulx", "ifma",
#if F25519_EMU
                                   "ifma-emu",
#endif
                                   NULL};
long tu_failures, tu_checks;

static int hexval(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

long tu_hex_decode(uint8_t *out, size_t cap, const char *hex)
{
    size_t n = strlen(hex);
    if (n % 2 || n / 2 > cap) return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(n / 2);
}

uint8_t *tu_hex_alloc(const char *hex, size_t *len)
{
    size_t cap = strlen(hex) / 2 + 1;
    uint8_t *b = malloc(cap);
    long n;
    if (!b || (n = tu_hex_decode(b, cap, hex)) < 0) {
        fprintf(stderr, "FATAL: bad hex string '%.80s'\n", hex);
        exit(1);
    }
    *len = (size_t)n;
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

const char *tu_backend_setup(const char *test_name)
{
    const char *want = getenv("FAST25519_IMPL");
    if (want && *want && strcmp(want, "auto") != 0) {
        if (!f25519_impl_available(want)) {
            printf("SKIP: backend %s not available on this CPU/build (%s)\n", want, test_name);
            fflush(stdout);
            exit(TU_SKIP);
        }
        if (strcmp(f25519_impl(), want) != 0) {
            printf("FAIL: FAST25519_IMPL=%s but f25519_impl() reports %s\n", want, f25519_impl());
            exit(1);
        }
    }
    printf("%s: backend %s\n", test_name, f25519_impl());
    return f25519_impl();
}

const char *tu_vectors_dir(void)
{
    static char dir[4096];
    if (dir[0]) return dir;
    const char *env = getenv("F25519_VECTORS");
    const char *d = env && *env ? env : F25519_VECTORS_DEFAULT;
    struct stat st;
    if (stat(d, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "FATAL: test-vector directory '%s' not found. Set F25519_VECTORS to the "
                        "shared/testvectors directory. Vector tests never skip.\n", d);
        printf("FATAL: test-vector directory '%s' not found\n", d);
        exit(1);
    }
    snprintf(dir, sizeof dir, "%s", d);
    return dir;
}

const char *tu_vector_path(const char *rel)
{
    static char path[4608];
    struct stat st;
    snprintf(path, sizeof path, "%s/%s", tu_vectors_dir(), rel);
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) {
        fprintf(stderr, "FATAL: vector file '%s' not found\n", path);
        printf("FATAL: vector file '%s' not found\n", path);
        exit(1);
    }
    return path;
}

json_value *tu_load_json(const char *rel)
{
    char err[256] = "";
    const char *path = tu_vector_path(rel);
    json_value *v = json_parse_file(path, err, sizeof err);
    if (!v) {
        fprintf(stderr, "FATAL: %s: %s\n", path, err);
        printf("FATAL: %s: %s\n", path, err);
        exit(1);
    }
    return v;
}

const char *tu_str(const json_value *obj, const char *key)
{
    const char *s = json_get_str(obj, key);
    if (!s) {
        fprintf(stderr, "FATAL: vector field '%s' missing or not a string\n", key);
        exit(1);
    }
    return s;
}

void tu_fail(const char *fmt, ...)
{
    va_list ap;
    tu_failures++;
    if (tu_failures > 200) {
        if (tu_failures == 201) printf("FAIL: (further failures not printed)\n");
        return;
    }
    printf("FAIL: ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

int tu_finish(const char *test_name)
{
    printf("%s: %ld checks, %ld failures -> %s\n", test_name, tu_checks, tu_failures,
           tu_failures ? "FAILED" : "passed");
    return tu_failures ? 1 : 0;
}

/* xoshiro256** seeded by splitmix64: reproducible test inputs, not for secrets. */
static uint64_t rng_s[4];
static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void tu_rng_init(void)
{
    uint64_t seed = 0;
    const char *env = getenv("F25519_TEST_SEED");
    if (env && *env) seed = strtoull(env, NULL, 0);
    else if (getrandom(&seed, sizeof seed, 0) != (ssize_t)sizeof seed) seed = 0x25519;
    printf("random seed: %llu (set F25519_TEST_SEED=%llu to repeat)\n",
           (unsigned long long)seed, (unsigned long long)seed);
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) rng_s[i] = splitmix(&x);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
uint64_t tu_rand64(void)
{
    uint64_t r = rotl(rng_s[1] * 5, 7) * 9, t = rng_s[1] << 17;
    rng_s[2] ^= rng_s[0];
    rng_s[3] ^= rng_s[1];
    rng_s[1] ^= rng_s[2];
    rng_s[0] ^= rng_s[3];
    rng_s[2] ^= t;
    rng_s[3] = rotl(rng_s[3], 45);
    return r;
}

uint32_t tu_rand_below(uint32_t n)
{
    return n ? (uint32_t)((tu_rand64() >> 32) * n >> 32) : 0;
}

void tu_rand_bytes(void *buf, size_t n)
{
    uint8_t *b = buf;
    while (n) {
        uint64_t r = tu_rand64();
        size_t k = n < 8 ? n : 8;
        memcpy(b, &r, k);
        b += k;
        n -= k;
    }
}
