/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Ed25519, Ed25519ctx, Ed25519ph (RFC 8032 5.1) on top of the backend ops:
 * key expansion, nonce and challenge hashing (own SHA-512), scalar work mod L
 * and the three verification rule sets (see fast25519.h):
 *  OPENSSL - OpenSSL 3.0 ossl_ed25519_verify: S < L; A decoded leniently
 *            (y mod p from 255 bits, x = 0 with sign bit accepted); R is
 *            compared bytewise with the encoding of [S]B - [k]A (done as a
 *            strict decoding of R and a projective comparison, see verify).
 *  STRICT  - libsodium 1.0.18: S < L; A canonical and not small order; R not
 *            one of the small-order encodings (y mod p compared, sign
 *            ignored, non-canonical included); R canonical; cofactorless.
 *  ZIP215  - S < L; A and R decoded leniently and hashed as given;
 *            [8]([S]B - R - [k]A) == identity.
 * Secret values are wiped before return.
 */
#include <string.h>
#include "fast25519.h"
#include "ops.h"
#include "ed25519_verify.h"

/* The message as it enters both hashes: SHA-512(M) for Ed25519ph (RFC 8032
 * 5.1, PH = SHA-512), M itself otherwise (also for F25519_ED25519PH_HASHED,
 * where M is already SHA-512 of the message). ph is the caller's 64-byte buffer. */
static const uint8_t *hashed_message(int variant, const uint8_t *msg, size_t *len, uint8_t ph[64])
{
    if (variant != F25519_ED25519PH) return msg;
    f25519_sha512(ph, msg, *len);
    *len = 64;
    return ph;
}

/* Argument and ctx-length rules shared by sign and verify. */
static int check_variant(int variant, const uint8_t *ctx, size_t ctx_len)
{
    if (variant != F25519_ED25519 && variant != F25519_ED25519CTX && variant != F25519_ED25519PH
        && variant != F25519_ED25519PH_HASHED)
        return F25519_ERR_ARG;
    if (!ctx && ctx_len > 0) return F25519_ERR_ARG;
    return F25519_OK;
}

static int check_ctx_len(int variant, size_t ctx_len)
{
    if (variant == F25519_ED25519 && ctx_len != 0) return F25519_ERR_LENGTH;
    if (variant == F25519_ED25519CTX && (ctx_len < 1 || ctx_len > 255)) return F25519_ERR_LENGTH;
    if ((variant == F25519_ED25519PH || variant == F25519_ED25519PH_HASHED) && ctx_len > 255)
        return F25519_ERR_LENGTH;
    return F25519_OK;
}

/* a = clamp(SHA-512(seed)[0..32)), prefix = SHA-512(seed)[32..64). */
static void expand_seed(uint8_t a[32], uint8_t prefix[32], const uint8_t seed[32])
{
    uint8_t h[64];
    f25519_sha512(h, seed, 32);
    memcpy(a, h, 32);
    a[0] &= 248;
    a[31] &= 127;
    a[31] |= 64;
    if (prefix) memcpy(prefix, h + 32, 32);
    f25519_wipe(h, sizeof h);
}

int f25519_ed25519_public(uint8_t pub[32], const uint8_t seed[32])
{
    const f25519_ops *ops;
    int rc = f25519_public_entry(&ops, (uint8_t *)pub, 32, seed);
    if (rc != F25519_OK) return rc;
    uint8_t a[32];
    expand_seed(a, NULL, seed); /* clamped, < 2^255: taken unreduced (ops.h) */
    ops->ed25519_base(pub, a);
    f25519_wipe(a, sizeof a);
    return F25519_OK;
}

int f25519_ed25519_keygen(uint8_t seed[32], uint8_t pub[32])
{
    return f25519_keygen_random(seed, pub, f25519_ed25519_public);
}

int f25519_ed25519_keygen_x8(uint8_t pub[8][32], const uint8_t seed[8][32])
{
    const f25519_ops *ops;
    int rc = f25519_public_entry(&ops, (uint8_t *)pub, 8 * 32, seed);
    if (rc != F25519_OK) return rc;
    uint8_t a[8][32];
    for (int i = 0; i < 8; i++) expand_seed(a[i], NULL, seed[i]); /* < 2^255 */
    f25519_ops_ed25519_base_x8(ops, pub, (const uint8_t(*)[32])a);
    f25519_wipe(a, sizeof a);
    return F25519_OK;
}

int f25519_ed25519_sign_ex(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                           const uint8_t seed[32], const uint8_t pub[32], int variant,
                           const uint8_t *ctx, size_t ctx_len)
{
    if (!sig) return F25519_ERR_ARG;
    int rc = F25519_OK;
    if (!seed || (!msg && msg_len > 0)) rc = F25519_ERR_ARG;
    if (rc == F25519_OK) rc = check_variant(variant, ctx, ctx_len);
    if (rc == F25519_OK) rc = check_ctx_len(variant, ctx_len);
    if (rc == F25519_OK && variant == F25519_ED25519PH_HASHED && msg_len != 64) rc = F25519_ERR_LENGTH;
    const f25519_ops *ops = f25519_ops_get();
    if (rc == F25519_OK && !ops) rc = F25519_ERR_UNSUPPORTED;
    if (rc != F25519_OK) {
        memset(sig, 0, 64);
        return rc;
    }

    /* R and S are built in locals and written at the end: sig may overlap
     * msg or ctx (in-place signing), which are hashed again after R. */
    uint8_t a[32], prefix[32], A[32], r[32], k[32], h[64], ph[64], R[32], S[32];
    f25519_sha512_ctx c;
    expand_seed(a, prefix, seed);
    if (pub)
        memcpy(A, pub, 32);
    else
        ops->ed25519_base(A, a); /* clamped a < 2^255, taken unreduced */
    size_t mlen = msg_len;
    const uint8_t *m = hashed_message(variant, msg, &mlen, ph);
    /* r = H(dom || prefix || M) mod L; R = [r]B */
    f25519_vf_hash_init_dom(&c, variant, ctx, ctx_len);
    f25519_sha512_update(&c, prefix, 32);
    f25519_sha512_update(&c, m, mlen);
    f25519_sha512_final(&c, h);
    sc25519_reduce64(r, h);
    ops->ed25519_base(R, r);
    /* S = r + k a mod L */
    f25519_vf_challenge(k, variant, ctx, ctx_len, R, A, m, mlen);
    sc25519_muladd(S, k, a, r);
    memcpy(sig, R, 32);
    memcpy(sig + 32, S, 32);

    f25519_wipe(a, sizeof a);
    f25519_wipe(prefix, sizeof prefix);
    f25519_wipe(r, sizeof r);
    f25519_wipe(h, sizeof h);
    f25519_wipe(&c, sizeof c);
    return F25519_OK;
}

int f25519_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                        const uint8_t seed[32], const uint8_t pub[32])
{
    return f25519_ed25519_sign_ex(sig, msg, msg_len, seed, pub, F25519_ED25519, NULL, 0);
}

int f25519_ed25519_verify_ex(const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                             size_t msg_len, const uint8_t *pub, size_t pub_len, int mode,
                             int variant, const uint8_t *ctx, size_t ctx_len)
{
    int rc = f25519_vf_args(sig, msg, msg_len, pub, mode);
    if (rc != F25519_OK) return rc;
    rc = check_variant(variant, ctx, ctx_len);
    if (rc != F25519_OK) return rc;
    if (sig_len != 64 || pub_len != 32) return F25519_ERR_LENGTH;
    rc = check_ctx_len(variant, ctx_len);
    if (rc != F25519_OK) return rc;
    if (variant == F25519_ED25519PH_HASHED && msg_len != 64) return F25519_ERR_LENGTH;
    const f25519_ops *ops = f25519_ops_get();
    if (!ops) return F25519_ERR_UNSUPPORTED;

    /* The steps of ed25519_verify.h (shared with the batch verification). */
    rc = f25519_vf_pre_decode(sig, pub, mode);
    if (rc != F25519_OK) return rc;
    ge51_p3 AR[2];
    int bad = ops->ed25519_frombytes2(AR, pub, sig, f25519_vf_lenient_A(mode), f25519_vf_lenient_R(mode));
    rc = f25519_vf_post_decode(sig, mode, bad & 1, bad & 2);
    if (rc != F25519_OK) return rc;

    uint8_t k[32], ph[64];
    size_t mlen = msg_len;
    const uint8_t *m = hashed_message(variant, msg, &mlen, ph);
    f25519_vf_challenge(k, variant, ctx, ctx_len, sig, pub, m, mlen);

    return f25519_vf_steps67(ops, AR, k, sig + 32, mode);
}

int f25519_ed25519_verify(const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t msg_len,
                          const uint8_t *pub, size_t pub_len, int mode)
{
    return f25519_ed25519_verify_ex(sig, sig_len, msg, msg_len, pub, pub_len, mode,
                                    F25519_ED25519, NULL, 0);
}
