/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Portable field arithmetic mod p = 2^255 - 19 in radix 2^51 (Zhang et al., ENG25519, eq. 1-3;
 * docs/references.md).
 * The hot bodies live in fe51_inline.h; this file exports them and adds the
 * slow-path functions (inversion, square root, encodings). All constant time.
 * Pure C: the radix-2^64 field of the mulx backend is backend/mulx/fe64_mulx.*.
 */
#include "field/fe51.h"
#include "field/fe51_inline.h"
#include "field/pow_chain.h"

const fe51 fe51_d = {{0x34dca135978a3, 0x1a8283b156ebd, 0x5e7a26001c029, 0x739c663a03cbb,
                      0x52036cee2b6ff}};
const fe51 fe51_d2 = {{FE51_D2_LIMB0, FE51_D2_LIMB1, FE51_D2_LIMB2, FE51_D2_LIMB3,
                       FE51_D2_LIMB4}};
const fe51 fe51_sqrtm1 = {{0x61b274a0ea0b0, 0xd5a5fc8f189d, 0x7ef5e9cbd0c60, 0x78595a6804c9e,
                           0x2b8324804fc1d}};

void fe51_0(fe51 *h)
{
    for (int i = 0; i < 5; i++) h->v[i] = 0;
}

void fe51_1(fe51 *h)
{
    fe51_0(h);
    h->v[0] = 1;
}

void fe51_copy(fe51 *h, const fe51 *f)
{
    *h = *f;
}

/* Limbs add; output limbs are the sums (no carry). */
void fe51_add(fe51 *h, const fe51 *f, const fe51 *g) { fe51i_add(h, f, g); }

/* f + 2p - g, no carry: g limbs must be <= 2^52 - 38 (reduced); output limbs
 * < f limbs + 2^52. */
void fe51_sub(fe51 *h, const fe51 *f, const fe51 *g) { fe51i_sub(h, f, g); }

/* -f = 2p - f, then weakly reduced (output limbs < 2^51 + 2^13). */
void fe51_neg(fe51 *h, const fe51 *f)
{
    fe51 z;
    fe51_0(&z);
    fe51i_sub(h, &z, f);
    fe51i_carry(h, h);
}

void fe51_carry(fe51 *h, const fe51 *f) { fe51i_carry(h, f); }
void fe51_mul(fe51 *h, const fe51 *f, const fe51 *g) { fe51i_mul(h, f, g); }
void fe51_sqr(fe51 *h, const fe51 *f) { fe51i_sqr(h, f); }

void fe51_sqr_n(fe51 *h, const fe51 *f, int n)
{
    fe51 t = *f;
    for (int i = 0; i < n; i++) fe51i_sqr(&t, &t);
    *h = t;
}

void fe51_mul_small(fe51 *h, const fe51 *f, uint32_t c)
{
    fe51_u128 r0 = (fe51_u128)f->v[0] * c, r1 = (fe51_u128)f->v[1] * c;
    fe51_u128 r2 = (fe51_u128)f->v[2] * c, r3 = (fe51_u128)f->v[3] * c;
    fe51_u128 r4 = (fe51_u128)f->v[4] * c;
    fe51i_reduce128(h, r0, r1, r2, r3, r4);
}

void fe51_cmov(fe51 *f, const fe51 *g, uint64_t b) { fe51i_cmov(f, g, b); }
void fe51_cswap(fe51 *f, fe51 *g, uint64_t b) { fe51i_cswap(f, g, b); }

#define FE51_MUL_(h, f, g) fe51i_mul(h, f, g)
#define FE51_SQR_(h, f) fe51i_sqr(h, f)
#define FE51_SQRN_(h, f, n) fe51_sqr_n(h, f, n)

/* z^(p-2) (field/pow_chain.h); 0 -> 0. */
void fe51_invert(fe51 *out, const fe51 *z)
{
    fe51 t, z11, t0, t1, t2, z9;
    F25519_POW_2_250_1(FE51_MUL_, FE51_SQR_, FE51_SQRN_, &t, &z11, z, &t0, &t1, &t2, &z9);
    F25519_INVERT_TAIL(FE51_MUL_, FE51_SQRN_, out, &t, &z11);
}

/* z^((p-5)/8) (field/pow_chain.h). */
void fe51_pow22523(fe51 *out, const fe51 *z)
{
    fe51 t, z11, t0, t1, t2, z9;
    F25519_POW_2_250_1(FE51_MUL_, FE51_SQR_, FE51_SQRN_, &t, &z11, z, &t0, &t1, &t2, &z9);
    F25519_POW22523_TAIL(FE51_MUL_, FE51_SQRN_, out, &t, z);
}

static uint64_t load64_le(const uint8_t *s)
{
    uint64_t r = 0;
    for (int i = 7; i >= 0; i--) r = (r << 8) | s[i];
    return r;
}

static void store64_le(uint8_t *s, uint64_t x)
{
    for (int i = 0; i < 8; i++) s[i] = (uint8_t)(x >> (8 * i));
}

void fe51_frombytes(fe51 *h, const uint8_t s[32])
{
    uint64_t w0 = load64_le(s), w1 = load64_le(s + 8), w2 = load64_le(s + 16),
             w3 = load64_le(s + 24);
    h->v[0] = w0 & FE51_MASK;
    h->v[1] = ((w0 >> 51) | (w1 << 13)) & FE51_MASK;
    h->v[2] = ((w1 >> 38) | (w2 << 26)) & FE51_MASK;
    h->v[3] = ((w2 >> 25) | (w3 << 39)) & FE51_MASK;
    h->v[4] = (w3 >> 12) & FE51_MASK; /* bit 255 dropped */
}

/* Canonical encoding: full carry, then subtract p exactly when value >= p.
 * q = 1 iff h + 19 >= 2^255, i.e. h >= p (h < 2p after the carry). */
void fe51_tobytes(uint8_t s[32], const fe51 *f)
{
    fe51 t;
    fe51i_carry(&t, f);
    fe51i_carry(&t, &t); /* limbs < 2^51 + 2^13 -> value < 2^255 + small; now < 2p */
    uint64_t h0 = t.v[0], h1 = t.v[1], h2 = t.v[2], h3 = t.v[3], h4 = t.v[4];
    uint64_t q = (h0 + 19) >> 51;
    q = (h1 + q) >> 51;
    q = (h2 + q) >> 51;
    q = (h3 + q) >> 51;
    q = (h4 + q) >> 51;
    h0 += 19 * q;
    h1 += h0 >> 51; h0 &= FE51_MASK;
    h2 += h1 >> 51; h1 &= FE51_MASK;
    h3 += h2 >> 51; h2 &= FE51_MASK;
    h4 += h3 >> 51; h3 &= FE51_MASK;
    h4 &= FE51_MASK; /* drops the 2^255 that stands for the subtracted p */
    store64_le(s, h0 | (h1 << 51));
    store64_le(s + 8, (h1 >> 13) | (h2 << 38));
    store64_le(s + 16, (h2 >> 26) | (h3 << 25));
    store64_le(s + 24, (h3 >> 39) | (h4 << 12));
}

/* 1 iff the 255-bit value of s (bit 255 ignored) is < p. Constant time. */
int fe51_is_canonical(const uint8_t s[32])
{
    fe51 t;
    uint8_t c[32];
    uint32_t diff = 0;
    fe51_frombytes(&t, s);
    fe51_tobytes(c, &t);
    for (int i = 0; i < 31; i++) diff |= (uint32_t)(c[i] ^ s[i]);
    diff |= (uint32_t)(c[31] ^ (s[31] & 0x7f));
    return (int)(1 & ((diff - 1) >> 8));
}

int fe51_iszero(const fe51 *f)
{
    uint8_t s[32];
    uint32_t acc = 0;
    fe51_tobytes(s, f);
    for (int i = 0; i < 32; i++) acc |= s[i];
    return (int)(1 & ((acc - 1) >> 8));
}

int fe51_isnegative(const fe51 *f)
{
    uint8_t s[32];
    fe51_tobytes(s, f);
    return s[0] & 1;
}

/* sqrt(u/v) as in RFC 8032 5.1.3: x = u v^3 (u v^7)^((p-5)/8); if v x^2 = u
 * it is a root, if v x^2 = -u then x sqrt(-1) is; otherwise none exists.
 * Both candidates are computed and selected with cmov (constant time).
 * In two halves around the exponentiation, so that a backend can run
 * several exponentiations at once (backend/ifma/ge51_decode_ifma.c). */
void fe51_sqrt_ratio_pre(fe51 *w, fe51 *v3, const fe51 *u, const fe51 *v)
{
    fe51 v7;
    fe51i_sqr(v3, v);
    fe51i_mul(v3, v3, v);          /* v^3 */
    fe51i_sqr(&v7, v3);
    fe51i_mul(&v7, &v7, v);        /* v^7 */
    fe51i_mul(w, u, &v7);          /* u v^7 */
}

int fe51_sqrt_ratio_post(fe51 *r, const fe51 *u, const fe51 *v, const fe51 *v3, const fe51 *pw)
{
    fe51 x, vx2, chk, xi;
    fe51i_mul(&x, pw, v3);
    fe51i_mul(&x, &x, u);          /* u v^3 (u v^7)^((p-5)/8) */
    fe51i_sqr(&vx2, &x);
    fe51i_mul(&vx2, &vx2, v);      /* v x^2 */
    fe51i_sub(&chk, &vx2, u);
    int ok_plus = fe51_iszero(&chk);
    fe51i_add(&chk, &vx2, u);
    int ok_minus = fe51_iszero(&chk);
    fe51i_mul(&xi, &x, &fe51_sqrtm1);
    fe51i_cmov(&x, &xi, (uint64_t)ok_minus);
    *r = x;
    return ok_plus | ok_minus;
}

int fe51_sqrt_ratio_with(fe51 *r, const fe51 *u, const fe51 *v, fe51_pow_fn pow22523)
{
    fe51 uu, w, v3, pw;
    fe51i_carry(&uu, u); /* any input limbs: reduce so that the sub is safe */
    fe51_sqrt_ratio_pre(&w, &v3, &uu, v);
    pow22523(&pw, &w);
    return fe51_sqrt_ratio_post(r, &uu, v, &v3, &pw);
}

int fe51_sqrt_ratio(fe51 *r, const fe51 *u, const fe51 *v)
{
    return fe51_sqrt_ratio_with(r, u, v, fe51_pow22523);
}
