/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Ed25519 verification written once as steps, used by single verification
 * (ed25519.c: f25519_ed25519_verify_ex) and batch verification
 * (ed25519_batch.c: f25519_ed25519_verify_batch), so that every item of a
 * batch gets exactly the code single verification returns, by construction:
 *
 *   1. f25519_vf_args        NULL pointers, mode, lengths (ERR_ARG, ERR_LENGTH)
 *   2. f25519_vf_pre_decode  S < L (ERR_ENCODING); strict: A canonical
 *                            (ERR_ENCODING), A not small order (ERR_SMALL_ORDER)
 *   3. decode A and R        through the backend (ops->ed25519_frombytes2 or
 *                            ops->ed25519_frombytes_x8: same decision, same point)
 *   4. f25519_vf_post_decode A rejected (ERR_ENCODING); strict: R small order
 *                            (ERR_SMALL_ORDER), R non-canonical (ERR_ENCODING);
 *                            R rejected (zip215: ERR_ENCODING, else ERR_VERIFY)
 *   5. f25519_vf_challenge   k = H(dom2 || R || A || M) mod L
 *   6. P = [k](-A) + [S]B    through the backend (ed25519_double_scalar or _x8)
 *   7. f25519_vf_final       zip215: [8](P - R) == O; else P == R (OK or ERR_VERIFY)
 *   6-7 of single verification: f25519_vf_steps67, the same decision with
 *      half-size scalars (below), or 6 and 7 as written when the backend has
 *      no ed25519_quad_scalar or k has no short pair.
 *
 * Steps 1-2 and 4 return F25519_OK to go on, else the final code. The ops
 * NULL check (ERR_UNSUPPORTED) sits between 1 and 2 in both callers.
 * Batch zip215 may replace steps 6-7 of many items by one random linear
 * combination (ed25519_batch.c); when it fails it runs 6-7 item by item.
 * Everything here is static: each includer gets its own copy of the same code.
 */
#ifndef F25519_ED25519_VERIFY_H
#define F25519_ED25519_VERIFY_H
#include <string.h>
#include "fast25519.h"
#include "ops.h"
#include "hash/sha512.h"
#include "scalar/sc25519.h"
#include "scalar/sc_halfsize.h"

static const char F25519_DOM2_PREFIX[] = "SigEd25519 no Ed25519 collisions"; /* 32 bytes */

/* h = SHA-512(dom2(phflag, ctx) || parts...) mod L; dom2 only for ctx/ph. */
static inline void f25519_vf_hash_init_dom(f25519_sha512_ctx *c, int variant, const uint8_t *ctx,
                                           size_t ctx_len)
{
    f25519_sha512_init(c);
    if (variant != F25519_ED25519) {
        uint8_t hdr[2] = {(uint8_t)(variant == F25519_ED25519PH || variant == F25519_ED25519PH_HASHED),
                          (uint8_t)ctx_len};
        f25519_sha512_update(c, F25519_DOM2_PREFIX, 32);
        f25519_sha512_update(c, hdr, 2);
        f25519_sha512_update(c, ctx, ctx_len);
    }
}

/* k = H(dom2 || R || A || M) mod L, on the bytes as given (RFC 8032 5.1.6
 * step 4, 5.1.7 step 2): the one challenge computation of sign and verify. */
static inline void f25519_vf_challenge(uint8_t k[32], int variant, const uint8_t *ctx, size_t ctx_len,
                                       const uint8_t R[32], const uint8_t A[32], const uint8_t *m,
                                       size_t mlen)
{
    f25519_sha512_ctx c;
    uint8_t h[64];
    f25519_vf_hash_init_dom(&c, variant, ctx, ctx_len);
    f25519_sha512_update(&c, R, 32);
    f25519_sha512_update(&c, A, 32);
    f25519_sha512_update(&c, m, mlen);
    f25519_sha512_final(&c, h);
    sc25519_reduce64_public(k, h);
}

/* Step 1, its first part (then the variant/ctx rules and the lengths, which the
 * batch's fixed-size items always meet). */
static inline int f25519_vf_args(const uint8_t *sig, const uint8_t *msg, size_t msg_len,
                                 const uint8_t *pub, int mode)
{
    if (!sig || !pub || (!msg && msg_len > 0)) return F25519_ERR_ARG;
    if (mode != F25519_VERIFY_OPENSSL && mode != F25519_VERIFY_STRICT && mode != F25519_VERIFY_ZIP215)
        return F25519_ERR_ARG;
    return F25519_OK;
}

/* y mod p of an encoding is the y of a point of order dividing 8: 0, 1, -1
 * and the two order-8 y values (libsodium's blocklist, sign bit ignored). */
static inline int f25519_vf_small_order_encoding(const uint8_t s[32])
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
    uint8_t c[32];
    if ((s[31] & 0x7f) != 0x7f) { /* below 2^255 - 2^248 < p: y mod p is s itself (public input) */
        memcpy(c, s, 32);
        c[31] &= 0x7f;
    } else {
        fe51 y;
        fe51_frombytes(&y, s);
        fe51_tobytes(c, &y);
    }
    for (int i = 0; i < 5; i++)
        if (memcmp(c, ys[i], 32) == 0) return 1;
    return 0;
}

/* fe51_is_canonical for a public encoding: below 2^255 - 2^248 (top byte,
 * sign bit cleared, below 0x7f) it is canonical without the field round trip. */
static inline int f25519_vf_canonical(const uint8_t s[32])
{
    return (s[31] & 0x7f) != 0x7f || fe51_is_canonical(s);
}

/* Step 2. sig is 64 bytes, pub 32. */
static inline int f25519_vf_pre_decode(const uint8_t *sig, const uint8_t *pub, int mode)
{
    if (!sc25519_is_canonical(sig + 32)) return F25519_ERR_ENCODING;
    if (mode == F25519_VERIFY_STRICT) {
        if (!f25519_vf_canonical(pub)) return F25519_ERR_ENCODING;
        if (f25519_vf_small_order_encoding(pub)) return F25519_ERR_SMALL_ORDER;
    }
    return F25519_OK;
}

/* The decoding flags of step 3: A lenient unless strict; R lenient only in
 * zip215. OPENSSL/STRICT decode R strictly: enc([S]B - [k]A) == R as bytes
 * iff R is the canonical encoding of a point (y < p, on the curve, not x = 0
 * with the sign bit) equal to [S]B - [k]A, since the encoding is canonical
 * and one-to-one; so an R that fails the strict decoding can never match
 * (F25519_ERR_VERIFY, as the byte comparison gave), and otherwise the points
 * are compared projectively (no inversion). */
static inline int f25519_vf_lenient_A(int mode) { return mode != F25519_VERIFY_STRICT; }
static inline int f25519_vf_lenient_R(int mode) { return mode == F25519_VERIFY_ZIP215; }

/* Step 4: bad_A / bad_R are the decoder's rejections. */
static inline int f25519_vf_post_decode(const uint8_t *sig, int mode, int bad_A, int bad_R)
{
    if (bad_A) return F25519_ERR_ENCODING;
    if (mode == F25519_VERIFY_STRICT) {
        if (f25519_vf_small_order_encoding(sig)) return F25519_ERR_SMALL_ORDER;
        if (!f25519_vf_canonical(sig)) return F25519_ERR_ENCODING;
    }
    if (bad_R) return mode == F25519_VERIFY_ZIP215 ? F25519_ERR_ENCODING : F25519_ERR_VERIFY;
    return F25519_OK;
}

/* 1 if P = (X:Y:Z) equals the affine point R (Z_R = 1): X = x_R Z, Y = y_R Z. */
static inline int f25519_vf_same_point_affine(const ge51_p3 *P, const ge51_p3 *R)
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

/* Step 7: P = [k](-A) + [S]B, Rp the decoded R (Z = 1). */
static inline int f25519_vf_final(const ge51_p3 *P, const ge51_p3 *Rp, int mode)
{
    if (mode == F25519_VERIFY_ZIP215) {
        ge51_cached rc;
        ge51_p1p1 t;
        ge51_p3 D;
        ge51_p3_to_cached(&rc, Rp);
        ge51_sub_cached(&t, P, &rc);
        ge51_p1p1_to_p3(&D, &t);
        return ge51_is_small_order_vartime(&D) ? F25519_OK : F25519_ERR_VERIFY;
    }
    return f25519_vf_same_point_affine(P, Rp) ? F25519_OK : F25519_ERR_VERIFY;
}

/* Steps 6-7 of single verification with half-size scalars (Pornin 2020;
 * docs/references.md). AR = {A, R} decoded, k the challenge (< L), S < L.
 *
 * Why the status is exactly that of steps 6-7 as written (P = [S]B - [k]A;
 * OPENSSL/STRICT: P == R, ZIP215: [8](P - R) == O). sc_halfsize.h gives
 * integers c, d with c odd, 0 < |c| < 2^160 < L and d = c k (mod 8L), i.e.
 * c k - d = m L with 8 | m. Let
 *     Q = [c]R + [(-c S) mod L]B + [d]A.
 * B has order L, so [(-c S) mod L]B = -[c S]B; and [c k]A = [d]A + [m L]A
 * where [m L]A = [m/8][8L]A = O because every point of E(F_p), A included
 * (whatever its torsion component: decoded points may have one, strict mode
 * only rejects small-order A), has order dividing 8L. Hence
 *     Q = [c]R - [c S]B + [c k]A = [c](R - P).
 * Every T in E(F_p) has order dividing 8L and gcd(c, 8L) = 1 (c odd, L prime
 * > |c| > 0), so [c]T = O iff T = O: Q == O iff P == R. ZIP215: [8]Q =
 * [c][8](R - P) with [8](R - P) of order dividing L, so [8]Q == O iff
 * [8](R - P) == O (this half would hold for any m; 8 | m is needed by the
 * other modes when A has a torsion component). So both checks, and with them
 * every status, equal steps 6-7's, in every mode; batch verification, which
 * runs steps 6-7 as written (or its combination), keeps the same statuses.
 * Q == O is tested projectively (X = 0, Y = Z; no inversion). When the
 * backend has no ed25519_quad_scalar or k has no short pair (e.g. k = L - 1)
 * steps 6-7 run as written. */
static inline int f25519_vf_steps67(const f25519_ops *ops, const ge51_p3 AR[2], const uint8_t k[32],
                                    const uint8_t S[32], int mode)
{
    ge51_p3 A = AR[0], P;
    f25519_halfsize h;
    if (ops->ed25519_quad_scalar && f25519_sc_halfsize_vartime(&h, k)) {
        uint8_t e[32];
        ge51_p3 R = AR[1], Q;
        sc25519_mul_public(e, h.negc, S); /* (-c S) mod L */
        if (h.d_neg) ge51_neg(&A, &A);
        if (h.c_neg) ge51_neg(&R, &R);
        ops->ed25519_quad_scalar(&Q, h.d, &A, h.c, &R, e);
        if (mode == F25519_VERIFY_ZIP215)
            return ge51_is_small_order_vartime(&Q) ? F25519_OK : F25519_ERR_VERIFY;
        return ge51_is_identity_vartime(&Q) ? F25519_OK : F25519_ERR_VERIFY;
    }
    ge51_neg(&A, &A); /* P = [k](-A) + [S]B */
    ops->ed25519_double_scalar(&P, k, &A, S);
    return f25519_vf_final(&P, &AR[1], mode);
}
#endif
