/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The test PRNG: xoshiro256** seeded by splitmix64 (see testutil.h). */
#include <string.h>
#include <sys/random.h>
#include "testutil.h"

static uint64_t rng_s[4];
static int rng_seeded;

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
    fflush(stdout);
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) rng_s[i] = splitmix(&x);
    rng_seeded = 1;
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
uint64_t tu_rand64(void)
{
    if (!rng_seeded) {
        /* A randomized test that forgot tu_rng_init() must not run unseeded and unrepeatable. */
        fprintf(stderr, "FATAL: tu_rand64() before tu_rng_init()\n");
        printf("FATAL: tu_rand64() before tu_rng_init()\n");
        exit(1);
    }
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
