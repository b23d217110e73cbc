/*
 * Run-time choice of the backend: CPUID (+ XGETBV for OS-enabled vector
 * state) picks the first available of the table below (ifma > avx2 >
 * portable); FAST25519_IMPL forces one. This and
 * the provider's key pool are the only mutable globals of fast25519.
 */
#include <stdlib.h>
#include <string.h>
#include "fast25519.h"
#include "impl.h"

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

#define IFMA_NEEDS (F25519_CPU_AVX512F | F25519_CPU_AVX512VL | F25519_CPU_AVX512IFMA)

/* The backends, fastest first: auto picks the first whose CPU features are
 * present. ops is NULL for a backend this build does not contain (the name
 * stays known: forcing it fails closed with F25519_ERR_UNSUPPORTED).
 * Emulated entries exist only in the TEST-ONLY emulated library (F25519_EMU):
 * they run the vector code through SIMDe on any x86-64, are reached only by
 * naming them (FAST25519_IMPL, f25519_select_impl), never by auto. */
#if F25519_HAVE_IFMA && !F25519_EMU
#define IFMA_NATIVE_OPS (&f25519_ops_ifma)
#else
#define IFMA_NATIVE_OPS NULL
#endif
#if F25519_HAVE_AVX2 && !F25519_EMU
#define AVX2_NATIVE_OPS (&f25519_ops_avx2)
#else
#define AVX2_NATIVE_OPS NULL
#endif
static const struct backend {
    const char *name;
    uint32_t needs; /* F25519_CPU_* bits */
    const f25519_ops *ops;
    int emulated;
} backends[] = {
    {"ifma", IFMA_NEEDS, IFMA_NATIVE_OPS, 0},
    {"avx2", F25519_CPU_AVX2, AVX2_NATIVE_OPS, 0},
    {"portable", 0, &f25519_ops_portable, 0},
#if F25519_EMU && F25519_HAVE_IFMA
    {"ifma-emu", 0, &f25519_ops_ifma, 1},
#endif
#if F25519_EMU && F25519_HAVE_AVX2
    {"avx2-emu", 0, &f25519_ops_avx2, 1},
#endif
};
#define N_BACKENDS (sizeof backends / sizeof backends[0])

static const f25519_ops *lookup(const char *name, uint32_t feat, int *known)
{
    for (size_t i = 0; i < N_BACKENDS; i++) {
        if (strcmp(name, backends[i].name) != 0) continue;
        *known = 1;
        if (backends[i].ops && (feat & backends[i].needs) == backends[i].needs) return backends[i].ops;
        return NULL;
    }
    *known = 0;
    return NULL;
}

static const f25519_ops *auto_choice(uint32_t feat)
{
    for (size_t i = 0; i < N_BACKENDS; i++)
        if (!backends[i].emulated && backends[i].ops && (feat & backends[i].needs) == backends[i].needs)
            return backends[i].ops;
    return &f25519_ops_portable;
}

/* state: 0 = not initialised, 1 = ready (ops may be NULL = forced missing). */
static const f25519_ops *_Atomic g_ops;
static _Atomic int g_state;
static uint32_t g_features;

static void init_once(void)
{
    if (g_state) return;
    uint32_t feat = detect_features();
    const f25519_ops *o;
    const char *env = getenv("FAST25519_IMPL");
    if (env && *env && strcmp(env, "auto") != 0) {
        int known;
        o = lookup(env, feat, &known); /* unknown or missing: NULL, fail closed */
    } else {
        o = auto_choice(feat);
    }
    g_features = feat;
    g_ops = o;
    g_state = 1; /* benign race: every thread computes the same values */
}

const f25519_ops *f25519_ops_get(void)
{
    if (!g_state) init_once();
    return g_ops;
}

uint32_t f25519_cpu_features(void)
{
    if (!g_state) init_once();
    return g_features;
}

const char *f25519_impl(void)
{
    const f25519_ops *o = f25519_ops_get();
    return o ? o->name : "unsupported";
}

int f25519_impl_available(const char *name)
{
    int known;
    if (!name) return 0;
    if (strcmp(name, "auto") == 0) return 1;
    return lookup(name, f25519_cpu_features(), &known) != NULL;
}

int f25519_select_impl(const char *name)
{
    int known;
    const f25519_ops *o;
    if (!name) return F25519_ERR_ARG;
    uint32_t feat = f25519_cpu_features();
    if (strcmp(name, "auto") == 0) {
        g_ops = auto_choice(feat);
        return F25519_OK;
    }
    o = lookup(name, feat, &known);
    if (!known) return F25519_ERR_ARG;
    if (!o) return F25519_ERR_UNSUPPORTED;
    g_ops = o;
    return F25519_OK;
}
