/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Run-time choice of the backend: the first entry of the table below whose
 * CPU features (common/cpu.c: CPUID + XGETBV for OS-enabled vector state)
 * are present; FAST25519_IMPL forces one. The order is the speed measured
 * with `fast25519 bench` (README, "Choosing the implementation"):
 *   ifma     AVX512F + VL + IFMA   AVX-512IFMA vector code
 *   avx2     AVX2 + BMI2 + ADX     AVX2 vector code (x8 derive); its single-call and
 *                                  fixed-base entries are mulx's (backend/avx2/impl_avx2.c), hence
 *                                  BMI2 + ADX (AVX2 alone where mulx is not built)
 *   mulx     BMI2 + ADX            radix 2^64 scalar code, MULX/ADX inline asm
 *   portable (none)                pure C radix 2^51, any 64-bit target
 * This and the provider's key pool are the only mutable globals of fast25519.
 */
#include <stdlib.h>
#include <string.h>
#include "fast25519.h"
#include "impl.h"
#include "common/cpu.h"

#define IFMA_NEEDS (F25519_CPU_AVX512F | F25519_CPU_AVX512VL | F25519_CPU_AVX512IFMA)
#define MULX_NEEDS (F25519_CPU_BMI2 | F25519_CPU_ADX)
#if F25519_HAVE_MULX
#define AVX2_NEEDS (F25519_CPU_AVX2 | MULX_NEEDS) /* the non-vector entries are mulx's */
#define AVX2_EMU_NEEDS MULX_NEEDS
#else
#define AVX2_NEEDS F25519_CPU_AVX2 /* the non-vector entries are portable's */
#define AVX2_EMU_NEEDS 0
#endif

/* ops is NULL for a backend this build does not contain (the name stays
 * known: forcing it fails closed with F25519_ERR_UNSUPPORTED).
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
#if F25519_HAVE_MULX
#define MULX_OPS (&f25519_ops_mulx)
#else
#define MULX_OPS NULL
#endif
static const struct backend {
    const char *name;
    uint32_t needs; /* F25519_CPU_* bits */
    const f25519_ops *ops;
    int emulated;
} backends[] = {
    {"ifma", IFMA_NEEDS, IFMA_NATIVE_OPS, 0},
    {"avx2", AVX2_NEEDS, AVX2_NATIVE_OPS, 0},
    {"mulx", MULX_NEEDS, MULX_OPS, 0},
    {"portable", 0, &f25519_ops_portable, 0},
#if F25519_EMU && F25519_HAVE_IFMA
    {"ifma-emu", 0, &f25519_ops_ifma, 1},
#endif
#if F25519_EMU && F25519_HAVE_AVX2
    /* the vector code emulated; the entries borrowed from mulx run natively (BMI2 + ADX) */
    {"avx2-emu", AVX2_EMU_NEEDS, &f25519_ops_avx2, 1},
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

static void init_once(void)
{
    if (g_state) return;
    uint32_t feat = f25519_cpu_features();
    const f25519_ops *o;
    const char *env = getenv("FAST25519_IMPL");
    if (env && *env && strcmp(env, "auto") != 0) {
        int known;
        o = lookup(env, feat, &known); /* unknown or missing: NULL, fail closed */
    } else {
        o = auto_choice(feat);
    }
    g_ops = o;
    g_state = 1; /* benign race: every thread computes the same values */
}

const f25519_ops *f25519_ops_get(void)
{
    if (!g_state) init_once();
    return g_ops;
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
        o = auto_choice(feat);
    } else {
        o = lookup(name, feat, &known);
        if (!known) return F25519_ERR_ARG;
        if (!o) return F25519_ERR_UNSUPPORTED;
    }
    g_ops = o;
    g_state = 1; /* a choice made before any other call is not overwritten by init_once */
    return F25519_OK;
}
