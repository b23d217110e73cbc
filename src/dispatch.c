/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Run-time choice of the backend: the first entry of the table below whose
 * CPU features (common/cpu.c: CPUID + XGETBV for OS-enabled vector state)
 * are present; FAST25519_BACKEND (its former name FAST25519_IMPL
 * still read, common/backend_env.h) forces one. The table is the registry's
 * (backends_table.h, generated from src/backend/<name>/backend.cmake): every
 * backend with its CPU features, in the order of the descriptors' PRIORITY,
 * the speed measured with `fast25519 bench` (docs/benchmarks.md).
 * This and the provider's key pool are the only mutable globals of fast25519.
 */
#include <stdlib.h>
#include <string.h>
#include "fast25519.h"
#include "ops.h"
#include "common/cpu.h"
#include "common/backend_env.h"

/* ops is NULL for a backend this build does not contain (the name stays
 * known: forcing it fails closed with F25519_ERR_UNSUPPORTED).
 * Emulated entries exist only in the TEST-ONLY emulated library (F25519_EMU):
 * they run the vector code through SIMDe on any x86-64, are reached only by
 * naming them (FAST25519_BACKEND, f25519_select_backend), never by auto; the
 * entries a vector backend borrows from a scalar one run natively, so they
 * keep that backend's CPU features. */
static const struct backend {
    const char *name;
    uint32_t needs; /* F25519_CPU_* bits */
    const f25519_ops *ops;
    int emulated;
} backends[] = {
#define F25519_BACKEND_ENTRY(name, needs, ops, emulated) {name, needs, ops, emulated},
#include "backends_table.h"
#undef F25519_BACKEND_ENTRY
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
    return NULL; /* no backend without CPU needs compiled in: fail closed */
}

/* state: 0 = not initialised, 1 = ready (ops may be NULL = forced missing). */
static const f25519_ops *_Atomic g_ops;
static _Atomic int g_state;

static void init_once(void)
{
    if (g_state) return;
    uint32_t feat = f25519_cpu_features();
    const f25519_ops *o;
    const char *env = f25519_backend_env(NULL);
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

const char *f25519_backend(void)
{
    const f25519_ops *o = f25519_ops_get();
    return o ? o->name : "unsupported";
}

int f25519_backend_available(const char *name)
{
    int known;
    if (!name) return 0;
    if (strcmp(name, "auto") == 0) return 1;
    return lookup(name, f25519_cpu_features(), &known) != NULL;
}

int f25519_select_backend(const char *name)
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

/* The former names (deprecated in fast25519.h), kept for one release. */
const char *f25519_impl(void) { return f25519_backend(); }
int f25519_select_impl(const char *name) { return f25519_select_backend(name); }
int f25519_impl_available(const char *name) { return f25519_backend_available(name); }
