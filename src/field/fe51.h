/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Portable field arithmetic mod p = 2^255 - 19, radix 2^51 (Zhang et al., ENG25519, eq. 1;
 * docs/references.md):
 * f = v[0] + 2^51 v[1] + 2^102 v[2] + 2^153 v[3] + 2^204 v[4].
 *
 * Bounds convention (checked by tests/field/test_field.c): "reduced" outputs
 * of mul/sqr/carry have every limb < 2^51 + 2^13; add/sub outputs are
 * documented per function. fe51_tobytes always emits the canonical value.
 * Every function here is constant time in its inputs.
 * These bounds are machine-checked on the compiled code: the table
 * src/field/bounds.toml (the one place they are written as data) is what
 * scripts/prove.sh proves (tools/prove/).
 */
#ifndef F25519_FE51_H
#define F25519_FE51_H
#include <stdint.h>

typedef struct { uint64_t v[5]; } fe51;

void fe51_0(fe51 *h);
void fe51_1(fe51 *h);
void fe51_copy(fe51 *h, const fe51 *f);
void fe51_add(fe51 *h, const fe51 *f, const fe51 *g);   /* no carry: limbs add */
void fe51_sub(fe51 *h, const fe51 *f, const fe51 *g);   /* adds 2p first, no carry:
                                                           g limbs <= 2^52 - 38 (reduced) */
void fe51_neg(fe51 *h, const fe51 *f);                  /* f reduced; output reduced */
void fe51_carry(fe51 *h, const fe51 *f);                /* weak reduction, limbs < 2^64 - 2^13 */
void fe51_mul(fe51 *h, const fe51 *f, const fe51 *g);   /* inputs: limbs < 2^54 */
void fe51_sqr(fe51 *h, const fe51 *f);                  /* inputs: limbs < 2^54 */
void fe51_sqr_n(fe51 *h, const fe51 *f, int n);         /* n squarings */
void fe51_mul_small(fe51 *h, const fe51 *f, uint32_t c); /* c < 2^20 */
void fe51_invert(fe51 *out, const fe51 *z);             /* z^(p-2); 0 -> 0 */
void fe51_pow22523(fe51 *out, const fe51 *z);           /* z^((p-5)/8) */
void fe51_frombytes(fe51 *h, const uint8_t s[32]);      /* ignores bit 255, accepts y >= p */
void fe51_tobytes(uint8_t s[32], const fe51 *h);        /* canonical */
int  fe51_is_canonical(const uint8_t s[32]);            /* 1 if the 255-bit value < p */
void fe51_cmov(fe51 *f, const fe51 *g, uint64_t b);     /* f = g if b == 1 */
void fe51_cswap(fe51 *f, fe51 *g, uint64_t b);          /* swap if b == 1 */
int  fe51_iszero(const fe51 *f);
int  fe51_isnegative(const fe51 *f);                    /* low bit of canonical form */
/* (1 on success) r = sqrt(u/v) if it exists; else returns 0 (r undefined).
 * Variable time is NOT allowed: used on secret-free but also on public data. */
int  fe51_sqrt_ratio(fe51 *r, const fe51 *u, const fe51 *v);
/* The same with the z^((p-5)/8) chain of a backend's field (the mulx
 * backend passes f25519_fe51_pow22523_mulx; same results). */
typedef void (*fe51_pow_fn)(fe51 *out, const fe51 *z);
/* Two z^((p-5)/8) chains run together (out[i] for z[i]). */
typedef void (*fe51_pow2_fn)(fe51 out[2], const fe51 z[2]);
int  fe51_sqrt_ratio_with(fe51 *r, const fe51 *u, const fe51 *v, fe51_pow_fn pow22523);
/* Its two halves around the exponentiation (u reduced; v limbs < 2^54):
 * w = u v^7, v3 = v^3; then, from pw = w^((p-5)/8), the result above. */
void fe51_sqrt_ratio_pre(fe51 *w, fe51 *v3, const fe51 *u, const fe51 *v);
int  fe51_sqrt_ratio_post(fe51 *r, const fe51 *u, const fe51 *v, const fe51 *v3, const fe51 *pw);

extern const fe51 fe51_d;      /* -121665/121666 */
extern const fe51 fe51_d2;     /* 2d (canonical limbs: FE51_D2_LIMB*) */
/* 2d's limbs, for static tables of vector code (e.g. backend/ifma/base_ifma.c) */
#define FE51_D2_LIMB0 0x69b9426b2f159ULL
#define FE51_D2_LIMB1 0x35050762add7aULL
#define FE51_D2_LIMB2 0x3cf44c0038052ULL
#define FE51_D2_LIMB3 0x6738cc7407977ULL
#define FE51_D2_LIMB4 0x2406d9dc56dffULL
extern const fe51 fe51_sqrtm1; /* sqrt(-1) */
#endif
