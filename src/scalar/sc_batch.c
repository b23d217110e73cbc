/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * zip215 batch verification's scalar products (scalar/sc_batch.h).
 * L = 2^252 + delta, delta = 0x14def9dea2f79cd65812631a5cf5d3ed (< 2^125).
 */
#include <string.h>
#include "scalar/sc_batch.h"
#include "scalar/sc25519.h"
#include "scalar/sc_words.h"

typedef unsigned __int128 u128;

static const uint64_t DELTA[2] = {0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL};
/* 8 L = 2^255 + 8 delta */
static const uint64_t L8[4] = {0xc09318d2e7ae9f68ULL, 0xa6f7cef517bce6b2ULL, 0, 0x8000000000000000ULL};

static uint64_t ld64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return v; /* x86-64: little endian */
}

void f25519_sc_mul128_lt253(uint8_t out[32], const uint8_t z[16], const uint8_t k[32])
{
    const uint64_t zz[2] = {ld64(z), ld64(z + 8)};
    const uint64_t kk[4] = {ld64(k), ld64(k + 8), ld64(k + 16), ld64(k + 24)};
    uint64_t x[6];
    f25519_sc_mul_words(x, zz, 2, kk, 4); /* x = z k < 2^381 */
    /* x = H 2^252 + lo, H < 2^129: x = lo + 8L - H delta (mod L), in (0, 2^255 + 2^252) */
    uint64_t h[3] = {(x[3] >> 60) | (x[4] << 4), (x[4] >> 60) | (x[5] << 4), x[5] >> 60}, hd[5], y[4];
    f25519_sc_mul_words(hd, h, 3, DELTA, 2); /* < 2^253.7 < 8 L: hd[4] = 0 */
    u128 acc = 0;
    uint64_t bor = 0;
    const uint64_t lo[4] = {x[0], x[1], x[2], x[3] & 0x0fffffffffffffffULL};
    for (int i = 0; i < 4; i++) {
        acc += (u128)lo[i] + L8[i];
        uint64_t s = (uint64_t)acc;
        acc >>= 64;
        u128 d = (u128)s - hd[i] - bor;
        y[i] = (uint64_t)d;
        bor = (uint64_t)(d >> 64) & 1;
    }
    /* final carry (acc) minus borrow is 0: y < 2^256 (the value is positive, below 2^255.2) */
    /* y = H2 2^252 + lo2, H2 <= 9: lo2 + L - H2 delta = lo2 + 2^252 - (H2 - 1) delta, in (0, 2^253) */
    uint64_t h2 = y[3] >> 60, m = h2 ? h2 - 1 : 0, md[2];
    y[3] &= 0x0fffffffffffffffULL;
    {
        u128 t0 = (u128)m * DELTA[0], t1 = (u128)m * DELTA[1] + (uint64_t)(t0 >> 64);
        md[0] = (uint64_t)t0;
        md[1] = (uint64_t)t1; /* m delta < 2^129: t1 >> 64 <= 1, carried below */
        bor = (uint64_t)(t1 >> 64); /* limb 2 of m delta, subtracted with the borrow */
    }
    /* y - m delta mod 2^256, then + 2^252 when H2 > 0: the true value is in (0, 2^253) */
    for (int i = 0; i < 4; i++) {
        uint64_t sub = i < 2 ? md[i] : 0;
        u128 d = (u128)y[i] - sub - bor;
        y[i] = (uint64_t)d;
        bor = (uint64_t)(d >> 64) & 1;
    }
    y[3] += (uint64_t)(h2 != 0) << 60;
    for (int i = 0; i < 4; i++) memcpy(out + 8 * i, &y[i], 8);
}

void f25519_sc_acc_init(f25519_sc_acc *a)
{
    memset(a, 0, sizeof *a);
}

void f25519_sc_acc_add(f25519_sc_acc *a, const f25519_sc_acc *b)
{
    u128 c = 0;
    for (int i = 0; i < 7; i++) {
        c += (u128)a->w[i] + b->w[i];
        a->w[i] = (uint64_t)c;
        c >>= 64;
    }
}

void f25519_sc_acc_muladd128(f25519_sc_acc *a, const uint8_t z[16], const uint8_t s[32])
{
    const uint64_t zz[2] = {ld64(z), ld64(z + 8)};
    const uint64_t ss[4] = {ld64(s), ld64(s + 8), ld64(s + 16), ld64(s + 24)};
    uint64_t x[6] = {0};
    for (int i = 0; i < 2; i++) {
        uint64_t c = 0;
        for (int j = 0; j < 4; j++) {
            u128 t = (u128)zz[i] * ss[j] + x[i + j] + c;
            x[i + j] = (uint64_t)t;
            c = (uint64_t)(t >> 64);
        }
        x[i + 4] = c;
    }
    const f25519_sc_acc t = {{x[0], x[1], x[2], x[3], x[4], x[5], 0}};
    f25519_sc_acc_add(a, &t);
}

void f25519_sc_acc_reduce(uint8_t out[32], const f25519_sc_acc *a)
{
    uint8_t b[64] = {0};
    for (int i = 0; i < 7; i++) memcpy(b + 8 * i, &a->w[i], 8);
    sc25519_reduce64(out, b);
}

void f25519_sc_neg(uint8_t out[32], const uint8_t a[32])
{
    const uint64_t L[4] = {DELTA[0], DELTA[1], 0, (uint64_t)1 << 60}; /* 2^252 + delta */
    uint64_t x[4], r[4], any = 0, bor = 0;
    memcpy(x, a, 32); /* little endian */
    for (int i = 0; i < 4; i++) {
        const u128 d = (u128)L[i] - x[i] - bor;
        r[i] = (uint64_t)d;
        bor = (uint64_t)(d >> 64) & 1;
        any |= x[i];
    }
    const uint64_t keep = any ? ~(uint64_t)0 : 0; /* -0 = 0, not L */
    for (int i = 0; i < 4; i++) r[i] &= keep;
    memcpy(out, r, 32);
}
