/*
 * Run-time choice of the backend: CPUID (+ XGETBV for OS-enabled vector
 * state) picks ifma > avx2 > portable; FAST25519_IMPL forces one. This and
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

static const f25519_ops *lookup(const char *name, uint32_t feat, int *known)
{
    *known = 1;
    if (strcmp(name, "portable") == 0) return &f25519_ops_portable;
    if (strcmp(name, "ifma") == 0) {
#if F25519_HAVE_IFMA
        if ((feat & IFMA_NEEDS) == IFMA_NEEDS) return &f25519_ops_ifma;
#endif
        return NULL;
    }
    if (strcmp(name, "avx2") == 0) {
#if F25519_HAVE_AVX2
        if (feat & F25519_CPU_AVX2) return &f25519_ops_avx2;
#endif
        return NULL;
    }
    *known = 0;
    return NULL;
}

static const f25519_ops *auto_choice(uint32_t feat)
{
    int known;
    const f25519_ops *o;
    if ((o = lookup("ifma", feat, &known))) return o;
    if ((o = lookup("avx2", feat, &known))) return o;
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
