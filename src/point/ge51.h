/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Edwards25519 points over fe51 (portable). Curve: -x^2 + y^2 = 1 + d x^2 y^2.
 * Extended coordinates (Zhang et al., ENG25519, eq. 5; docs/references.md):
 * x = X/Z, y = Y/Z, T = XY/Z.
 * The exact set of formulas and cached forms is the portable core's; the
 * vector backends exchange points with it only through ge51_p3.
 *
 * Forms (HWCD 2008 "Twisted Edwards curves revisited", a = -1):
 *  p3      (X:Y:Z:T)                 extended
 *  p2      (X:Y:Z)                   projective, input of doubling
 *  p1p1    "completed" ((E:G),(H:F)): x = E/G, y = H/F, stored as X=E, Y=H, Z=G, T=F,
 *          so p3 = (E F : G H : F G : E H) and p2 drops the T product
 *  cached  (Y+X, Y-X, Z, 2dT)        addend of a full addition
 *  precomp (y+x, y-x, 2dxy)          affine addend (Z = 1), used in tables
 */
#ifndef F25519_GE51_H
#define F25519_GE51_H
#include "field/fe51.h"

typedef struct { fe51 X, Y, Z, T; } ge51_p3;
typedef struct { fe51 X, Y, Z; } ge51_p2;
typedef struct { fe51 X, Y, Z, T; } ge51_p1p1;
typedef struct { fe51 YplusX, YminusX, Z, T2d; } ge51_cached;
typedef struct { fe51 yplusx, yminusx, xy2d; } ge51_precomp;

void ge51_identity(ge51_p3 *h);
/* Decode a 32-byte encoding (RFC 8032 5.1.3). Returns 0 on success, -1 if
 * y is not on the curve. allow_noncanonical = 0 (strict): also -1 for y >= p
 * and for x = 0 with the sign bit set. allow_noncanonical = 1 (the lenient
 * decoding of OpenSSL 3.0 and ZIP-215): y >= p is reduced mod p and x = 0
 * with the sign bit set decodes to x = 0 (-0 = 0). Variable time (public). */
int  ge51_frombytes_vartime(ge51_p3 *h, const uint8_t s[32], int allow_noncanonical);
/* The same with the square root's z^((p-5)/8) chain given (ge51_decode.c). */
int  ge51_frombytes_vartime_with(ge51_p3 *h, const uint8_t s[32], int allow_noncanonical,
                                 fe51_pow_fn pow22523);
/* Two decodings (s0, s1) around one call of a two-chain pow22523_x2 (the
 * backend's interleaved or two-lane chains): the same decisions and points as
 * two ge51_frombytes_vartime calls. Returns bit i set when s_i is rejected. */
int  ge51_frombytes2_vartime_with(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32],
                                  int allow_noncanonical0, int allow_noncanonical1,
                                  fe51_pow2_fn pow22523_x2);
/* Its two halves around fe51_sqrt_ratio*: pre sets h->Y, u = y^2 - 1 and
 * v = d y^2 + 1 (always; returns -1 if strict and y is non-canonical);
 * post takes the root x of u/v (root_found: its verdict) and returns 0 with
 * h complete, or -1 (no root; x = 0 with the sign bit when strict). */
int  ge51_decode_pre(ge51_p3 *h, fe51 *u, fe51 *v, const uint8_t s[32], int allow_noncanonical);
int  ge51_decode_post(ge51_p3 *h, const fe51 *x, int root_found, const uint8_t s[32],
                      int allow_noncanonical);
/* The same decoding with the arithmetic in a vector backend's lanes
 * (ge25x4_decode_avx2.c; backend/ifma/ge51_decode_ifma.c takes lane_pre and
 * does lane_post's work in its lanes): lane_pre gives y (and
 * -1 if strict and non-canonical); the lanes compute, with u = y^2 - 1,
 * v = d y^2 + 1, x = u v^3 (u v^7)^((p-5)/8), the ge51_roots below; lane_post
 * makes the decision and the point of ge51_decode_post(fe51_sqrt_ratio_post)
 * from them (x sqrt(-1) and T = x y in fe51 where needed): 0 with h
 * complete, or -1. Inputs: limbs < 2^52. */
enum { GE51_ROOT_X, GE51_ROOT_DP, GE51_ROOT_DM, GE51_ROOTS };
typedef struct {
    fe51 v[GE51_ROOTS]; /* x, v x^2 - u, v x^2 + u */
} ge51_roots;
int  ge51_decode_lane_pre(fe51 *y, const uint8_t s[32], int allow_noncanonical);
int  ge51_decode_lane_post(ge51_p3 *h, const fe51 *y, const ge51_roots *r, const uint8_t s[32],
                           int allow_noncanonical);
void ge51_tobytes(uint8_t s[32], const ge51_p3 *h);
void ge51_add(ge51_p3 *r, const ge51_p3 *p, const ge51_p3 *q);
void ge51_dbl(ge51_p3 *r, const ge51_p3 *p);
void ge51_neg(ge51_p3 *r, const ge51_p3 *p);
int  ge51_is_identity_vartime(const ge51_p3 *p);
int  ge51_is_small_order_vartime(const ge51_p3 *p);   /* [8]p == identity */

/* ---- building blocks (constant time unless named _vartime) ---- */
void ge51_p3_to_cached(ge51_cached *r, const ge51_p3 *p);
void ge51_p3_to_p2(ge51_p2 *r, const ge51_p3 *p);
void ge51_p1p1_to_p3(ge51_p3 *r, const ge51_p1p1 *p);
void ge51_p1p1_to_p2(ge51_p2 *r, const ge51_p1p1 *p);
void ge51_p2_dbl(ge51_p1p1 *r, const ge51_p2 *p);
void ge51_add_cached(ge51_p1p1 *r, const ge51_p3 *p, const ge51_cached *q);
void ge51_sub_cached(ge51_p1p1 *r, const ge51_p3 *p, const ge51_cached *q);
void ge51_madd(ge51_p1p1 *r, const ge51_p3 *p, const ge51_precomp *q);
void ge51_msub(ge51_p1p1 *r, const ge51_p3 *p, const ge51_precomp *q);
void ge51_p3_to_precomp(ge51_precomp *r, const ge51_p3 *p); /* one inversion */
void ge51_precomp_neg(ge51_precomp *r, const ge51_precomp *p);
/* u = (Z + Y) / (Z - Y): the Montgomery u of the point (RFC 7748 4.1). */
void ge51_to_montgomery_u(uint8_t u[32], const ge51_p3 *p);
#endif
