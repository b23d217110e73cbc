/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Counters: operations served per kind, pool and warm-up activity.
 *  - readable by the application through the provider's get_params
 *    (OSSL_PROVIDER_get_params with the names below, uint64 values), plus
 *    "backend" (backend in use; "impl", its former name, kept for one
 *    release), "pool_size", "pool_available", "warmup";
 *  - when FAST25519_STATS=FILE is set, appended to FILE as one JSON line
 *    at provider teardown (one line per process; a fork child starts from 0).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <openssl/params.h>
#include "fast25519.h"
#include "pool.h"
#include "stats.h"

static const char *const f25519_counter_names[C_COUNT] = {
    [C_X25519_KEYGEN] = "x25519_keygen",   [C_X25519_DERIVE] = "x25519_derive",
    [C_ED25519_KEYGEN] = "ed25519_keygen", [C_ED25519_SIGN] = "ed25519_sign",
    [C_ED25519_VERIFY] = "ed25519_verify", [C_POOL_HITS] = "pool_hits",
    [C_POOL_MISSES] = "pool_misses",       [C_POOL_REFILLS] = "pool_refills",
    [C_POOL_BATCHES] = "pool_batches",     [C_POOL_DISCARDED] = "pool_discarded",
    [C_WARMUP_TICKS] = "warmup_ticks",     [C_WARMUP_WAKEUPS] = "warmup_wakeups",
};

#define U64(name) {name, OSSL_PARAM_UNSIGNED_INTEGER, NULL, sizeof(uint64_t), 0}
const OSSL_PARAM f25519_stats_gettable[] = {
    OSSL_PARAM_utf8_ptr("name", NULL, 0),
    OSSL_PARAM_utf8_ptr("version", NULL, 0),
    OSSL_PARAM_utf8_ptr("buildinfo", NULL, 0),
    OSSL_PARAM_int("status", NULL),
    OSSL_PARAM_utf8_ptr("backend", NULL, 0),
    OSSL_PARAM_utf8_ptr("impl", NULL, 0),
    OSSL_PARAM_utf8_ptr("warmup", NULL, 0),
    U64("pool_size"), U64("pool_available"),
    U64("x25519_keygen"), U64("x25519_derive"), U64("ed25519_keygen"), U64("ed25519_sign"),
    U64("ed25519_verify"), U64("pool_hits"), U64("pool_misses"), U64("pool_refills"),
    U64("pool_batches"), U64("pool_discarded"), U64("warmup_ticks"), U64("warmup_wakeups"),
    OSSL_PARAM_END};

static const char *warmup_name(int m)
{
    return m == WARMUP_ON ? "on" : m == WARMUP_AUTO ? "auto" : "off";
}

int f25519_stats_get_params(f25519_provctx *prov, OSSL_PARAM params[])
{
    OSSL_PARAM *p;
    for (int i = 0; i < C_COUNT; i++) {
        if ((p = OSSL_PARAM_locate(params, f25519_counter_names[i])) != NULL
            && !OSSL_PARAM_set_uint64(p, atomic_load(&prov->counters[i])))
            return 0;
    }
    if ((p = OSSL_PARAM_locate(params, "backend")) != NULL && !OSSL_PARAM_set_utf8_ptr(p, f25519_backend()))
        return 0;
    if ((p = OSSL_PARAM_locate(params, "impl")) != NULL && !OSSL_PARAM_set_utf8_ptr(p, f25519_backend()))
        return 0;
    if ((p = OSSL_PARAM_locate(params, "warmup")) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, warmup_name(prov->cfg.warmup)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, "pool_size")) != NULL
        && !OSSL_PARAM_set_uint64(p, prov->cfg.pool_size))
        return 0;
    if ((p = OSSL_PARAM_locate(params, "pool_available")) != NULL
        && !OSSL_PARAM_set_uint64(p, f25519_pool_available(&prov->pool)))
        return 0;
    return 1;
}

/* Append one JSON line; one write(2) on an O_APPEND descriptor keeps lines
 * from concurrent processes (nginx workers) whole. */
void f25519_stats_write(f25519_provctx *prov)
{
    const char *path = getenv("FAST25519_STATS");
    char line[1024];
    int n, fd;
    if (path == NULL || *path == '\0') return;
    const char *backend = f25519_backend(); /* "impl": the key's former name, kept for one release */
    n = snprintf(line, sizeof(line),
                 "{\"pid\":%ld,\"backend\":\"%s\",\"impl\":\"%s\",\"warmup\":\"%s\",\"pool_size\":%u",
                 (long)getpid(), backend, backend, warmup_name(prov->cfg.warmup), prov->cfg.pool_size);
    for (int i = 0; i < C_COUNT && n > 0 && (size_t)n < sizeof(line); i++)
        n += snprintf(line + n, sizeof(line) - (size_t)n, ",\"%s\":%llu", f25519_counter_names[i],
                      (unsigned long long)atomic_load(&prov->counters[i]));
    if (n <= 0 || (size_t)n + 2 >= sizeof(line)) return;
    line[n++] = '}';
    line[n++] = '\n';
    fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return;
    ssize_t w = write(fd, line, (size_t)n);
    (void)w;
    close(fd);
}
