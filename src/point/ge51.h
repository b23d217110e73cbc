/*
 * Edwards25519 points over fe51 (portable). Curve: -x^2 + y^2 = 1 + d x^2 y^2.
 * Extended coordinates (paper eq. 5): x = X/Z, y = Y/Z, T = XY/Z.
 * The exact set of formulas and cached forms is the portable core's; the
 * vector backends exchange points with it only through ge51_p3.
 */
#ifndef F25519_GE51_H
#define F25519_GE51_H
#include "field/fe51.h"

typedef struct { fe51 X, Y, Z, T; } ge51_p3;

void ge51_identity(ge51_p3 *h);
/* Decode a 32-byte encoding. Returns 0 on success, -1 if y is not on the
 * curve or x = 0 with the sign bit set. allow_noncanonical: accept y >= p
 * (reduced mod p) as OpenSSL and ZIP-215 do. Variable time (public input). */
int  ge51_frombytes_vartime(ge51_p3 *h, const uint8_t s[32], int allow_noncanonical);
void ge51_tobytes(uint8_t s[32], const ge51_p3 *h);
void ge51_add(ge51_p3 *r, const ge51_p3 *p, const ge51_p3 *q);
void ge51_dbl(ge51_p3 *r, const ge51_p3 *p);
void ge51_neg(ge51_p3 *r, const ge51_p3 *p);
int  ge51_is_identity_vartime(const ge51_p3 *p);
int  ge51_is_small_order_vartime(const ge51_p3 *p);   /* [8]p == identity */
#endif
