/* Tiny helpers shared by the portable-core unit tests. */
#ifndef F25519_UNIT_COMMON_H
#define F25519_UNIT_COMMON_H
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int g_fail;
#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            if (g_fail++ < 20) {                                           \
                fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__);       \
                fprintf(stderr, __VA_ARGS__);                              \
                fprintf(stderr, "\n");                                     \
            }                                                              \
        }                                                                  \
    } while (0)

/* xorshift128+ : deterministic test randomness. */
static uint64_t g_s0 = 0x9e3779b97f4a7c15ull, g_s1 = 0xd1b54a32d192ed03ull;
static inline uint64_t rnd64(void)
{
    uint64_t x = g_s0, y = g_s1;
    g_s0 = y;
    x ^= x << 23;
    g_s1 = x ^ y ^ (x >> 17) ^ (y >> 26);
    return g_s1 + y;
}
static inline void rnd_bytes(uint8_t *b, size_t n)
{
    for (size_t i = 0; i < n; i++) b[i] = (uint8_t)rnd64();
}

static inline int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}
/* Decode hex into buf (cap bytes). Returns byte count or -1. */
static inline long unhex(uint8_t *buf, size_t cap, const char *h, size_t hlen)
{
    if (hlen % 2 || hlen / 2 > cap) return -1;
    for (size_t i = 0; i < hlen / 2; i++) {
        int a = hexval(h[2 * i]), b = hexval(h[2 * i + 1]);
        if (a < 0 || b < 0) return -1;
        buf[i] = (uint8_t)(a * 16 + b);
    }
    return (long)(hlen / 2);
}

static inline const char *vectors_dir(void)
{
    const char *e = getenv("F25519_VECTORS");
    return (e && *e) ? e : F25519_DEFAULT_VECTORS;
}

static inline char *read_file_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *b = malloc((size_t)n + 1);
    if (!b || fread(b, 1, (size_t)n, f) != (size_t)n) {
        fclose(f);
        free(b);
        return NULL;
    }
    b[n] = 0;
    fclose(f);
    if (len) *len = (size_t)n;
    return b;
}

static inline int unit_done(const char *name)
{
    if (g_fail) {
        fprintf(stderr, "%s: %d failure(s)\n", name, g_fail);
        return 1;
    }
    printf("%s: ok\n", name);
    return 0;
}
#endif
