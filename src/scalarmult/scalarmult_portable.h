/* Portable scalar multiplications (the entries of f25519_ops_portable). */
#ifndef F25519_SCALARMULT_PORTABLE_H
#define F25519_SCALARMULT_PORTABLE_H
#include <stdint.h>
#include "point/ge51.h"

/* h = [a]B, a < 2^255 (a < L in use). Constant time in a. */
void f25519_ge51_scalarmult_base(ge51_p3 *h, const uint8_t a[32]);
/* r = [a]A + [b]B, a, b < 2^253 (public). Variable time. */
void f25519_ge51_double_scalarmult_vartime(ge51_p3 *r, const uint8_t a[32], const ge51_p3 *A,
                                           const uint8_t b[32]);
/* Shared pieces of the fixed-base and double-scalar code (base_portable.c,
 * double_portable.c), also used by the MULX variants. */
void f25519_base_recode16(int8_t e[64], const uint8_t a[32]);        /* constant time */
void f25519_base_select(ge51_precomp *t, int pos, int8_t digit);     /* constant time */
void f25519_wnaf_vartime(int8_t naf[257], const uint8_t s[32], int w);

/* out = X25519(k, u), k clamped by the caller; bit 255 of u ignored. Constant time in k. */
void f25519_x25519_ladder_portable(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);

/* x86-64 only: the same ladder in radix 2^64 with MULX/ADX inline assembly
 * (x25519_ladder_mulx.c). Callers must check BMI2 and ADX at run time.
 * Not built without optimization (the asm needs 13 registers, -O0 cannot
 * provide them), under MemorySanitizer (it cannot see through inline asm)
 * or with -DF25519_NO_ASM. */
#if defined(__x86_64__) && defined(__OPTIMIZE__) && !defined(F25519_NO_ASM)
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define F25519_NO_MULX_LADDER 1
#endif
#endif
#ifndef F25519_NO_MULX_LADDER
#define F25519_HAVE_MULX_LADDER 1
#endif
#endif
#ifndef F25519_HAVE_MULX_LADDER
#define F25519_HAVE_MULX_LADDER 0
#endif
#if F25519_HAVE_MULX_LADDER
void f25519_x25519_ladder_mulx(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);
/* Fixed base and double scalar in radix 2^64 (base_mulx.c, double_mulx.c):
 * same results as the fe51 versions. a < L for the fixed base. */
void f25519_ed25519_base_mulx(uint8_t out[32], const uint8_t a[32]);
void f25519_x25519_base_mulx(uint8_t out[32], const uint8_t k[32]);
void f25519_double_scalarmult_mulx(ge51_p3 *r, const uint8_t a[32], const ge51_p3 *A,
                                   const uint8_t b[32]);
/* 1 if the MULX code may run here: CPU has BMI2 + ADX and the testing knob
 * FAST25519_NO_MULX=1 is not set (impl_portable.c; cached). */
int f25519_portable_use_mulx(void);
/* fe51 in, fe51 out (field_mulx.c); used by fe51_invert / fe51_pow22523. */
void f25519_fe51_invert_mulx(fe51 *out, const fe51 *z);
void f25519_fe51_pow22523_mulx(fe51 *out, const fe51 *z);
#endif
#endif
