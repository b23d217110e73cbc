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
#include "impl.h"
#include "hash/sha512.h"
#include "scalar/sc25519.h"

static const char DOM2_PREFIX[] = "SigEd25519 no Ed25519 collisions"; /* 32 bytes */

/* h = SHA-512(dom2(phflag, ctx) || parts...) mod L; dom2 only for ctx/ph. */
static void hash_init_dom(f25519_sha512_ctx *c, int variant, const uint8_t *ctx, size_t ctx_len)
{
    f25519_sha512_init(c);
    if (variant != F25519_ED25519) {
        uint8_t hdr[2] = {(uint8_t)(variant == F25519_ED25519PH || variant == F25519_ED25519PH_HASHED),
                          (uint8_t)ctx_len};
        f25519_sha512_update(c, DOM2_PREFIX, 32);
        f25519_sha512_update(c, hdr, 2);
        f25519_sha512_update(c, ctx, ctx_len);
    }
}

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

/* k = H(dom2 || R || A || M) mod L, on the bytes as given (RFC 8032 5.1.6
 * step 4, 5.1.7 step 2): the one challenge computation of sign and verify. */
static void challenge(uint8_t k[32], int variant, const uint8_t *ctx, size_t ctx_len,
                      const uint8_t R[32], const uint8_t A[32], const uint8_t *m, size_t mlen)
{
    f25519_sha512_ctx c;
    uint8_t h[64];
    hash_init_dom(&c, variant, ctx, ctx_len);
    f25519_sha512_update(&c, R, 32);
    f25519_sha512_update(&c, A, 32);
    f25519_sha512_update(&c, m, mlen);
    f25519_sha512_final(&c, h);
    sc25519_reduce64(k, h);
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
    if (!pub) return F25519_ERR_ARG;
    if (!seed) {
        memset(pub, 0, 32);
        return F25519_ERR_ARG;
    }
    const f25519_ops *ops = f25519_ops_get();
    if (!ops) {
        memset(pub, 0, 32);
        return F25519_ERR_UNSUPPORTED;
    }
    uint8_t a[32];
    expand_seed(a, NULL, seed); /* clamped, < 2^255: taken unreduced (impl.h) */
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
    if (!pub) return F25519_ERR_ARG;
    if (!seed) {
        memset(pub, 0, 8 * 32);
        return F25519_ERR_ARG;
    }
    const f25519_ops *ops = f25519_ops_get();
    if (!ops) {
        memset(pub, 0, 8 * 32);
        return F25519_ERR_UNSUPPORTED;
    }
    uint8_t a[8][32];
    for (int i = 0; i < 8; i++) expand_seed(a[i], NULL, seed[i]); /* < 2^255 */
    ops->ed25519_base_x8(pub, (const uint8_t(*)[32])a);
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
    hash_init_dom(&c, variant, ctx, ctx_len);
    f25519_sha512_update(&c, prefix, 32);
    f25519_sha512_update(&c, m, mlen);
    f25519_sha512_final(&c, h);
    sc25519_reduce64(r, h);
    ops->ed25519_base(R, r);
    /* S = r + k a mod L */
    challenge(k, variant, ctx, ctx_len, R, A, m, mlen);
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

/* y mod p of an encoding is the y of a point of order dividing 8: 0, 1, -1
 * and the two order-8 y values (libsodium's blocklist, sign bit ignored). */
static int small_order_encoding(const uint8_t s[32])
{
    static const uint8_t ys[5][32] = {
        {0},
        {1},
        {0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
         0xff, 0x7f},
        {0x26, 0xe8, 0x95, 0x8f, 0xc2, 0xb2, 0x27, 0xb0, 0x45, 0xc3, 0xf4, 0x89, 0xf2, 0xef, 0x98,
         0xf0, 0xd5, 0xdf, 0xac, 0x05, 0xd3, 0xc6, 0x33, 0x39, 0xb1, 0x38, 0x02, 0x88, 0x6d, 0x53,
         0xfc, 0x05},
        {0xc7, 0x17, 0x6a, 0x70, 0x3d, 0x4d, 0xd8, 0x4f, 0xba, 0x3c, 0x0b, 0x76, 0x0d, 0x10, 0x67,
         0x0f, 0x2a, 0x20, 0x53, 0xfa, 0x2c, 0x39, 0xcc, 0xc6, 0x4e, 0xc7, 0xfd, 0x77, 0x92, 0xac,
         0x03, 0x7a},
    };
    fe51 y;
    uint8_t c[32];
    fe51_frombytes(&y, s);
    fe51_tobytes(c, &y);
    for (int i = 0; i < 5; i++)
        if (memcmp(c, ys[i], 32) == 0) return 1;
    return 0;
}

/* 1 if P = (X:Y:Z) equals the affine point R (Z_R = 1): X = x_R Z, Y = y_R Z. */
static int same_point_affine(const ge51_p3 *P, const ge51_p3 *R)
{
    fe51 t, d;
    fe51_mul(&t, &R->X, &P->Z);
    fe51_carry(&d, &P->X);
    fe51_sub(&d, &d, &t);
    fe51_carry(&d, &d);
    if (!fe51_iszero(&d)) return 0;
    fe51_mul(&t, &R->Y, &P->Z);
    fe51_carry(&d, &P->Y);
    fe51_sub(&d, &d, &t);
    fe51_carry(&d, &d);
    return fe51_iszero(&d);
}

int f25519_ed25519_verify_ex(const uint8_t *sig, size_t sig_len, const uint8_t *msg,
                             size_t msg_len, const uint8_t *pub, size_t pub_len, int mode,
                             int variant, const uint8_t *ctx, size_t ctx_len)
{
    if (!sig || !pub || (!msg && msg_len > 0)) return F25519_ERR_ARG;
    if (mode != F25519_VERIFY_OPENSSL && mode != F25519_VERIFY_STRICT &&
        mode != F25519_VERIFY_ZIP215)
        return F25519_ERR_ARG;
    int rc = check_variant(variant, ctx, ctx_len);
    if (rc != F25519_OK) return rc;
    if (sig_len != 64 || pub_len != 32) return F25519_ERR_LENGTH;
    rc = check_ctx_len(variant, ctx_len);
    if (rc != F25519_OK) return rc;
    if (variant == F25519_ED25519PH_HASHED && msg_len != 64) return F25519_ERR_LENGTH;
    const f25519_ops *ops = f25519_ops_get();
    if (!ops) return F25519_ERR_UNSUPPORTED;

    const uint8_t *Rb = sig, *S = sig + 32;
    if (!sc25519_is_canonical(S)) return F25519_ERR_ENCODING;

    /* A and R are decoded together (one shared exponentiation in the vector
     * backends). OPENSSL/STRICT decode R strictly: enc([S]B - [k]A) == R as
     * bytes iff R is the canonical encoding of a point (y < p, on the curve,
     * not x = 0 with the sign bit) equal to [S]B - [k]A, since the encoding
     * is canonical and one-to-one; so an R that fails the strict decoding
     * can never match (F25519_ERR_VERIFY, as the byte comparison gave), and
     * otherwise the points are compared projectively (no inversion).
     * The return codes and their order are those of the byte comparison. */
    ge51_p3 AR[2], P;
    if (mode == F25519_VERIFY_STRICT) {
        if (!fe51_is_canonical(pub)) return F25519_ERR_ENCODING;
        if (small_order_encoding(pub)) return F25519_ERR_SMALL_ORDER;
    }
    int lenient = mode != F25519_VERIFY_STRICT;
    int bad = ops->ed25519_frombytes2(AR, pub, Rb, lenient, mode == F25519_VERIFY_ZIP215);
    if (bad & 1) return F25519_ERR_ENCODING;
    if (mode == F25519_VERIFY_STRICT) {
        if (small_order_encoding(Rb)) return F25519_ERR_SMALL_ORDER;
        if (!fe51_is_canonical(Rb)) return F25519_ERR_ENCODING;
    }
    if (bad & 2) return mode == F25519_VERIFY_ZIP215 ? F25519_ERR_ENCODING : F25519_ERR_VERIFY;
    ge51_p3 *A = &AR[0], *Rp = &AR[1];

    uint8_t k[32], ph[64];
    size_t mlen = msg_len;
    const uint8_t *m = hashed_message(variant, msg, &mlen, ph);
    challenge(k, variant, ctx, ctx_len, Rb, pub, m, mlen);

    /* P = [k](-A) + [S]B */
    ge51_neg(A, A);
    ops->ed25519_double_scalar(&P, k, A, S);

    if (mode == F25519_VERIFY_ZIP215) {
        ge51_cached rc_;
        ge51_p1p1 t;
        ge51_p3_to_cached(&rc_, Rp);
        ge51_sub_cached(&t, &P, &rc_);
        ge51_p1p1_to_p3(&P, &t);
        return ge51_is_small_order_vartime(&P) ? F25519_OK : F25519_ERR_VERIFY;
    }
    return same_point_affine(&P, Rp) ? F25519_OK : F25519_ERR_VERIFY;
}

int f25519_ed25519_verify(const uint8_t *sig, size_t sig_len, const uint8_t *msg, size_t msg_len,
                          const uint8_t *pub, size_t pub_len, int mode)
{
    return f25519_ed25519_verify_ex(sig, sig_len, msg, msg_len, pub, pub_len, mode,
                                    F25519_ED25519, NULL, 0);
}
