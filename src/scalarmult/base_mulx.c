/*
 * The mulx backend's fixed-base [a]B: the comb of comb.h (the same recoding
 * and constant-time full-row lookup as the portable one, the fe51 entry
 * repacked into 4 words) on the radix-2^64 points of point/ge64_mulx.h.
 * Outputs the Ed25519 encoding or the X25519 u-coordinate.
 */
#include "scalarmult/scalarmult_mulx.h"

#if F25519_HAVE_MULX
#include "point/ge64_mulx.h"
#include "scalarmult/base_table.h"
#include "common/wipe.h"

/* t = digit * 256^pos B from the radix-2^51 table, repacked into 4 words */
static inline void select64(ge64_precomp *t, ge51_precomp *scratch, int pos, int8_t digit)
{
    f25519_base_select(scratch, pos, digit);
    ge64_precomp_from51(t, scratch);
}

static inline void p3_to_p2_64(ge64_p2 *r, const ge64_p3 *p)
{
    r->X = p->X;
    r->Y = p->Y;
    r->Z = p->Z;
}

#define COMB_FN base_mulx
#define COMB_P3 ge64_p3
#define COMB_P2 ge64_p2
#define COMB_P1P1 ge64_p1p1
#define COMB_PRECOMP ge64_precomp
#define COMB_IDENTITY ge64_identity
#define COMB_MADD ge64_madd
#define COMB_P1P1_TO_P3 ge64_p1p1_to_p3
#define COMB_P1P1_TO_P2 ge64_p1p1_to_p2
#define COMB_P3_TO_P2 p3_to_p2_64
#define COMB_P2_DBL ge64_p2_dbl
#define COMB_SELECT select64
#include "scalarmult/comb.h"

void f25519_ed25519_base_mulx(uint8_t out[32], const uint8_t a[32])
{
    ge64_p3 h;
    fe64 zi, x, y;
    uint8_t xb[32];
    base_mulx(&h, a);
    fe64_invert(&zi, &h.Z);
    fe64_mul(&x, &h.X, &zi);
    fe64_mul(&y, &h.Y, &zi);
    fe64_tobytes(out, &y);
    fe64_tobytes(xb, &x);
    out[31] ^= (uint8_t)((xb[0] & 1) << 7);
    f25519_wipe(&h, sizeof h);
    f25519_wipe(&zi, sizeof zi);
    f25519_wipe(&x, sizeof x);
    f25519_wipe(&y, sizeof y);
    f25519_wipe(xb, sizeof xb);
}

/* u = (Z + Y) / (Z - Y) */
void f25519_x25519_base_mulx(uint8_t out[32], const uint8_t k[32])
{
    ge64_p3 h;
    fe64 n, d;
    base_mulx(&h, k);
    fe64_addsub(&n, &d, &h.Z, &h.Y);
    fe64_invert(&d, &d);
    fe64_mul(&n, &n, &d);
    fe64_tobytes(out, &n);
    f25519_wipe(&h, sizeof h);
    f25519_wipe(&n, sizeof n);
    f25519_wipe(&d, sizeof d);
}
#endif
