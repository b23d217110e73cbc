/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * X25519 (RFC 7748): clamping, the all-zero check (RFC 8446 7.4.2) and the
 * backend calls. Shared by every backend. Secrets are wiped; the zero check
 * and the zeroing of a failed output are branch-free.
 */
#include <string.h>
#include "fast25519.h"
#include "ops.h"

static void clamp(uint8_t k[32], const uint8_t in[32])
{
    memcpy(k, in, 32);
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
}

/* All-ones mask (as uint32) if out is all zero; out is then zeroed anyway. */
static uint32_t zero_mask32(const uint8_t out[32])
{
    uint32_t acc = 0;
    for (int i = 0; i < 32; i++) acc |= out[i];
    return (uint32_t)0 - ((acc - 1) >> 31); /* acc < 256: (acc-1)>>31 = [acc == 0] */
}

/* rc = F25519_ERR_ZERO_SHARED when mask is all ones, else F25519_OK, no branch. */
static int rc_from_mask(uint32_t mask)
{
    return (int)(mask & (uint32_t)F25519_ERR_ZERO_SHARED);
}

int f25519_x25519_public(uint8_t pub[32], const uint8_t priv[32])
{
    const f25519_ops *ops;
    int rc = f25519_public_entry(&ops, (uint8_t *)pub, 32, priv);
    if (rc != F25519_OK) return rc;
    uint8_t k[32];
    clamp(k, priv); /* < 2^255: the fixed-base entries take it unreduced (ops.h) */
    ops->x25519_base(pub, k);
    f25519_wipe(k, sizeof k);
    return F25519_OK;
}

int f25519_x25519_keygen(uint8_t priv[32], uint8_t pub[32])
{
    return f25519_keygen_random(priv, pub, f25519_x25519_public);
}

int f25519_x25519_derive(uint8_t shared[32], const uint8_t priv[32], const uint8_t *peer,
                         size_t peer_len)
{
    if (!shared) return F25519_ERR_ARG;
    if (!priv || !peer) {
        memset(shared, 0, 32);
        return F25519_ERR_ARG;
    }
    if (peer_len != 32) {
        memset(shared, 0, 32);
        return F25519_ERR_LENGTH;
    }
    const f25519_ops *ops = f25519_ops_get();
    if (!ops) {
        memset(shared, 0, 32);
        return F25519_ERR_UNSUPPORTED;
    }
    uint8_t k[32];
    clamp(k, priv);
    ops->x25519(shared, k, peer);
    f25519_wipe(k, sizeof k);
    return rc_from_mask(zero_mask32(shared)); /* all-zero output stays zero */
}

int f25519_x25519_keygen_x8(uint8_t pub[8][32], const uint8_t priv[8][32])
{
    const f25519_ops *ops;
    int rc = f25519_public_entry(&ops, (uint8_t *)pub, 8 * 32, priv);
    if (rc != F25519_OK) return rc;
    uint8_t k[8][32];
    for (int i = 0; i < 8; i++) clamp(k[i], priv[i]); /* < 2^255, see ops.h */
    f25519_ops_x25519_base_x8(ops, pub, (const uint8_t(*)[32])k);
    f25519_wipe(k, sizeof k);
    return F25519_OK;
}

int f25519_x25519_derive_x8(uint8_t shared[8][32], const uint8_t priv[8][32],
                            const uint8_t peer[8][32], int status[8])
{
    if (!shared) return F25519_ERR_ARG;
    if (!priv || !peer) {
        memset(shared, 0, 8 * 32);
        if (status)
            for (int i = 0; i < 8; i++) status[i] = F25519_ERR_ARG;
        return F25519_ERR_ARG;
    }
    const f25519_ops *ops = f25519_ops_get();
    if (!ops) {
        memset(shared, 0, 8 * 32);
        if (status)
            for (int i = 0; i < 8; i++) status[i] = F25519_ERR_UNSUPPORTED;
        return F25519_ERR_UNSUPPORTED;
    }
    uint8_t k[8][32];
    for (int i = 0; i < 8; i++) clamp(k[i], priv[i]);
    f25519_ops_x25519_x8(ops, shared, (const uint8_t(*)[32])k, peer);
    f25519_wipe(k, sizeof k);
    uint32_t any = 0;
    for (int i = 0; i < 8; i++) {
        uint32_t m = zero_mask32(shared[i]);
        any |= m;
        if (status) status[i] = rc_from_mask(m);
    }
    return rc_from_mask(any);
}
