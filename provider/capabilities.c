/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * TLS-GROUP capability for x25519. libssl keeps a TLS group only if the
 * provider whose KEYMGMT wins the fetch of the group's algorithm also
 * advertises the group; with "?provider=fast25519" that is us.
 * The versions are those of OpenSSL's x25519 entry, so TLS 1.0-1.2 ECDHE
 * with x25519 keeps working when our KEYMGMT wins the fetch.
 * (Ed25519 signature algorithms are built into libssl: no TLS-SIGALG.)
 */
#include <string.h>
#include <strings.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>
#include "provctx.h"
#include "prov.h"

int f25519_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg)
{
    f25519_provctx *prov = provctx;
    if (strcasecmp(capability, "TLS-GROUP") != 0) return 0;
    unsigned int id = 29, secbits = 128, is_kem = 0;
    /* As OpenSSL's own x25519 entry: TLS 1.0 and up, DTLS 1.0 and up (0: no
     * maximum), unless tls_min_version raises the floor (TLS 1.3: no DTLS;
     * DTLS 1.2 is the TLS 1.2 counterpart). */
    int min_tls = prov->cfg.tls_min_version, max_tls = 0;
    int min_dtls = DTLS1_VERSION, max_dtls = 0;
    if (min_tls >= TLS1_3_VERSION)
        min_dtls = max_dtls = -1;
    else if (min_tls >= TLS1_2_VERSION)
        min_dtls = DTLS1_2_VERSION;
    OSSL_PARAM p[] = {
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, (char *)"x25519", sizeof("x25519")),
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, (char *)"X25519", sizeof("X25519")),
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, (char *)"X25519", sizeof("X25519")),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &id),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &secbits),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_IS_KEM, &is_kem),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &min_tls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &max_tls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &min_dtls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &max_dtls),
        OSSL_PARAM_END};
    return cb(p, arg);
}
