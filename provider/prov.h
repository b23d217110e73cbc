/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519 OpenSSL 3 provider: what prov.c (entry point, algorithm query)
 * takes from the operation files: their dispatch tables and the
 * capabilities callback. The operation files include it only so the
 * compiler checks their definitions against these declarations; none of
 * them calls into prov.c.
 */
#ifndef F25519_PROV_H
#define F25519_PROV_H

#include <openssl/core.h>
#include <openssl/core_dispatch.h>

/* ---- dispatch tables ------------------------------------------------ */
extern const OSSL_DISPATCH f25519_x25519_keymgmt_functions[];          /* kmgmt.c */
extern const OSSL_DISPATCH f25519_ed25519_keymgmt_functions[];
extern const OSSL_DISPATCH f25519_x25519_keyexch_functions[];          /* keyexch.c */
extern const OSSL_DISPATCH f25519_ed25519_signature_functions[];       /* signature.c, 3.0-3.3 */
extern const OSSL_DISPATCH f25519_ed25519_signature34_functions[];     /* 3.4+ */
extern const OSSL_DISPATCH f25519_ed25519ph_signature_functions[];
extern const OSSL_DISPATCH f25519_ed25519ctx_signature_functions[];

/* capabilities.c: the TLS-GROUP capability. */
OSSL_FUNC_provider_get_capabilities_fn f25519_get_capabilities;
#endif
