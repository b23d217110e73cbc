/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * F25519_HAVE_MULX: 1 when this translation unit compiles the mulx backend
 * (radix 2^64 with MULX/ADCX/ADOX inline assembly, x86-64 BMI2 + ADX), else 0.
 * Not built without optimization (the asm needs 13 registers, -O0 cannot
 * provide them), under MemorySanitizer (it cannot see through inline asm)
 * or with -DF25519_NO_ASM: the backend's name stays known to the dispatcher
 * and forcing it fails closed (F25519_ERR_UNSUPPORTED).
 */
#ifndef F25519_ARCH_MULX_ASM_H
#define F25519_ARCH_MULX_ASM_H
#if defined(__x86_64__) && defined(__OPTIMIZE__) && !defined(F25519_NO_ASM)
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define F25519_MULX_MSAN 1
#endif
#endif
#ifndef F25519_MULX_MSAN
#define F25519_HAVE_MULX 1
#endif
#endif
#ifndef F25519_HAVE_MULX
#define F25519_HAVE_MULX 0
#endif
#endif
