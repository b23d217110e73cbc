/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Provider counters as parameters and as a JSON line at teardown (stats.c). */
#ifndef F25519_PROV_STATS_H
#define F25519_PROV_STATS_H

#include <openssl/core.h>
#include "provctx.h"

extern const OSSL_PARAM f25519_stats_gettable[];
int f25519_stats_get_params(f25519_provctx *prov, OSSL_PARAM params[]);
void f25519_stats_write(f25519_provctx *prov); /* FAST25519_STATS=FILE */
#endif
