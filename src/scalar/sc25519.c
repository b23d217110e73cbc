/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Arithmetic mod L with Barrett reduction (HAC Alg. 14.42, base 2^64, k = 4):
 * for x < 2^512, q = floor(floor(x / 2^192) * mu / 2^320) with
 * mu = floor(2^512 / L) underestimates x / L by at most 2, so
 * r = x - q L < 3L and two masked subtractions of L finish the job.
 * No branch or index depends on the values.
 */
#include <string.h>
#include "scalar/sc25519.h"
#include "scalar/sc_words.h"
#include "common/wipe.h"

typedef unsigned __int128 u128;

static const uint64_t Lw[4] = {0x5812631a5cf5d3edull, 0x14def9dea2f79cd6ull, 0x0ull,
                               0x1000000000000000ull};
static const uint64_t MU[5] = {0xed9ce5a30a2c131bull, 0x2106215d086329a7ull,
                               0xffffffffffffffebull, 0xffffffffffffffffull, 0xfull};

static uint64_t ld64(const uint8_t *p)
{
    uint64_t r = 0;
    for (int i = 7; i >= 0; i--) r = (r << 8) | p[i];
    return r;
}

static void st64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* r[0..5) = (q L) mod 2^320 for a 5-word q (Barrett's r needs only those
 * words): the partial products of weight 2^320 and more are skipped. */
static inline __attribute__((always_inline)) void mul_L_lo5(uint64_t r[5], const uint64_t q[5])
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) r[i] = 0;
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        uint64_t carry = 0;
#pragma GCC unroll 4
        for (int j = 0; j < 4; j++) {
            if (i + j >= 5) break;
            u128 t = (u128)q[i] * Lw[j] + r[i + j] + carry;
            r[i + j] = (uint64_t)t;
            carry = (uint64_t)(t >> 64);
        }
        if (i + 4 < 5) r[i + 4] = carry;
    }
}

/* r = r - L if r >= L (r has 5 words, value < 2^256 assumed in the low 4
 * plus a top word that is 0 after the subtraction in range). Masked. */
static void csub_L(uint64_t r[5])
{
    uint64_t t[5], borrow = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t li = i < 4 ? Lw[i] : 0;
        u128 d = (u128)r[i] - li - borrow;
        t[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    uint64_t keep = (uint64_t)0 - borrow; /* all ones if r < L */
    for (int i = 0; i < 5; i++) r[i] = (r[i] & keep) | (t[i] & ~keep);
}

/* r[0..4) = x mod L for x given as 8 words (< 2^512); q2, q3, r2, r5: the
 * caller's scratch (wiped by barrett for secret x). */
static void barrett_words(uint64_t r[5], const uint64_t x[8], uint64_t q2[10], uint64_t q3[5], uint64_t r2[9])
{
    f25519_sc_mul_words(q2, x + 3, 5, MU, 5); /* q1 * mu, q1 = x >> 192 */
    memcpy(q3, q2 + 5, 5 * sizeof q3[0]); /* q3 = q2 >> 320 */
    mul_L_lo5(r2, q3);                    /* (q3 L) mod 2^320 */
    uint64_t borrow = 0;
    for (int i = 0; i < 5; i++) {      /* r = (x - q3 L) mod 2^320 */
        u128 d = (u128)x[i] - r2[i] - borrow;
        r[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    csub_L(r);
    csub_L(r);
}

/* out = x mod L for x given as 8 words (< 2^512). */
static void barrett(uint8_t out[32], const uint64_t x[8])
{
    uint64_t q2[10], q3[5], r2[9], r[5];
    barrett_words(r, x, q2, q3, r2);
    for (int i = 0; i < 4; i++) st64(out + 8 * i, r[i]);
    f25519_wipe(q2, sizeof q2);
    f25519_wipe(q3, sizeof q3);
    f25519_wipe(r2, sizeof r2);
    f25519_wipe(r, sizeof r);
}

/* The secret-scalar entries: the computation in a noinline frame, then
 * f25519_burn_stack over it (the unrolled products spill secret words). */
__attribute__((noinline)) static void reduce64_frame(uint8_t out[32], const uint8_t in[64])
{
    uint64_t x[8];
    for (int i = 0; i < 8; i++) x[i] = ld64(in + 8 * i);
    barrett(out, x);
    f25519_wipe(x, sizeof x);
}

void sc25519_reduce64(uint8_t out[32], const uint8_t in[64])
{
    reduce64_frame(out, in);
    f25519_burn_stack();
}

__attribute__((noinline)) static void reduce32_frame(uint8_t out[32], const uint8_t in[32])
{
    uint64_t x[8] = {0};
    for (int i = 0; i < 4; i++) x[i] = ld64(in + 8 * i);
    barrett(out, x);
    f25519_wipe(x, sizeof x);
}

void sc25519_reduce32(uint8_t out[32], const uint8_t in[32])
{
    reduce32_frame(out, in);
    f25519_burn_stack();
}

/* (2^256 - 1)^2 + 2^256 - 1 < 2^512: the sum always fits in 8 words. */
__attribute__((noinline)) static void muladd_frame(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                                                   const uint8_t c[32])
{
    uint64_t aw[4], bw[4], x[8];
    for (int i = 0; i < 4; i++) {
        aw[i] = ld64(a + 8 * i);
        bw[i] = ld64(b + 8 * i);
    }
    f25519_sc_mul_words(x, aw, 4, bw, 4);
    uint64_t carry = 0;
    for (int i = 0; i < 8; i++) {
        u128 t = (u128)x[i] + (i < 4 ? ld64(c + 8 * i) : 0) + carry;
        x[i] = (uint64_t)t;
        carry = (uint64_t)(t >> 64);
    }
    barrett(out, x);
    f25519_wipe(aw, sizeof aw);
    f25519_wipe(bw, sizeof bw);
    f25519_wipe(x, sizeof x);
}

void sc25519_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32], const uint8_t c[32])
{
    muladd_frame(out, a, b, c);
    f25519_burn_stack();
}

void sc25519_reduce64_public(uint8_t out[32], const uint8_t in[64])
{
    uint64_t x[8], q2[10], q3[5], r2[9], r[5];
    memcpy(x, in, 64); /* little-endian host (x86-64) */
    barrett_words(r, x, q2, q3, r2);
    memcpy(out, r, 32);
}

void sc25519_mul_public(uint8_t out[32], const uint8_t a[32], const uint8_t b[32])
{
    uint64_t aw[4], bw[4], x[8], q2[10], q3[5], r2[9], r[5];
    for (int i = 0; i < 4; i++) {
        memcpy(&aw[i], a + 8 * i, 8); /* little-endian host (x86-64) */
        memcpy(&bw[i], b + 8 * i, 8);
    }
    f25519_sc_mul_words(x, aw, 4, bw, 4);
    barrett_words(r, x, q2, q3, r2);
    memcpy(out, r, 32);
}

int sc25519_is_canonical(const uint8_t s[32])
{
    uint64_t borrow = 0;
    for (int i = 0; i < 4; i++) {
        u128 d = (u128)ld64(s + 8 * i) - Lw[i] - borrow;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    return (int)borrow; /* s - L borrows iff s < L */
}
