/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The environment variable that forces a backend (leaf, header only: the
 * dispatcher, the CLI and the test harness read it alike): FAST25519_BACKEND,
 * else FAST25519_IMPL (its former name, still read) when the first is unset or
 * empty. */
#ifndef F25519_COMMON_BACKEND_ENV_H
#define F25519_COMMON_BACKEND_ENV_H
#include <stdlib.h>

/* The forced backend name (NULL or "" when none); *var (if var is not NULL)
 * the variable it was read from, for messages. */
static inline const char *f25519_backend_env(const char **var)
{
    const char *name = "FAST25519_BACKEND";
    const char *v = getenv(name);
    if (!v || !*v) {
        const char *old = getenv("FAST25519_IMPL");
        if (old && *old) {
            name = "FAST25519_IMPL";
            v = old;
        }
    }
    if (var) *var = name;
    return v;
}
#endif
