/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* CPU feature detection (common/cpu.h): CPUID leaves 1 and 7, XGETBV for the
 * register state the OS saves (YMM for AVX2, ZMM for AVX-512). */
#include "common/cpu.h"

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>
static uint64_t xgetbv0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}
static uint32_t detect_features(void)
{
    uint32_t a, b, c, d, f = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int osxsave = (c >> 27) & 1, avx = (c >> 28) & 1;
    uint64_t xcr0 = osxsave ? xgetbv0() : 0;
    int ymm_ok = avx && (xcr0 & 0x6) == 0x6;
    int zmm_ok = ymm_ok && (xcr0 & 0xe0) == 0xe0;
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    if (b & (1u << 8)) f |= F25519_CPU_BMI2;
    if (b & (1u << 19)) f |= F25519_CPU_ADX;
    if (ymm_ok && (b & (1u << 5))) f |= F25519_CPU_AVX2;
    if (zmm_ok && (b & (1u << 16))) f |= F25519_CPU_AVX512F;
    if (zmm_ok && (b & (1u << 31))) f |= F25519_CPU_AVX512VL;
    if (zmm_ok && (b & (1u << 21))) f |= F25519_CPU_AVX512IFMA;
    return f;
}
#else
static uint32_t detect_features(void) { return 0; }
#endif

/* 0 = not computed yet; bit 31 marks "computed" (no F25519_CPU_* uses it).
 * Benign race: every thread computes and stores the same value. */
#define COMPUTED (1u << 31)
static _Atomic uint32_t g_features;

uint32_t f25519_cpu_features(void)
{
    uint32_t f = g_features;
    if (!f) {
        f = detect_features() | COMPUTED;
        g_features = f;
    }
    return f & ~COMPUTED;
}
