/*
 * The mulx backend's variable-time [a]A + [b]B for verification: the w-NAF
 * method of double_wnaf.h on the radix-2^64 points of point/ge64_mulx.h.
 */
#include "scalarmult/scalarmult_mulx.h"

#if F25519_HAVE_MULX
#include "point/ge64_mulx.h"
#include "scalarmult/base_table.h"

static inline void p3_to_p2_64(ge64_p2 *r, const ge64_p3 *p)
{
    r->X = p->X;
    r->Y = p->Y;
    r->Z = p->Z;
}

/* (2i + 1) B from the radix-2^51 table, repacked into q */
static inline const ge64_precomp *odd64(ge64_precomp *q, int i)
{
    ge64_precomp_from51(q, &f25519_base_odd[i]);
    return q;
}

#define DS_FN double64
#define DS_P3 ge64_p3
#define DS_P2 ge64_p2
#define DS_P1P1 ge64_p1p1
#define DS_CACHED ge64_cached
#define DS_PRECOMP ge64_precomp
#define DS_SETUP fe64 d2; fe64_from_fe51(&d2, &fe51_d2);
#define DS_IDENTITY ge64_identity
#define DS_P3_TO_P2 p3_to_p2_64
#define DS_P3_TO_CACHED(r, p) ge64_p3_to_cached(r, p, &d2)
#define DS_P2_DBL ge64_p2_dbl
#define DS_P1P1_TO_P3 ge64_p1p1_to_p3
#define DS_P1P1_TO_P2 ge64_p1p1_to_p2
#define DS_ADD_CACHED ge64_add_cached
#define DS_SUB_CACHED ge64_sub_cached
#define DS_MADD ge64_madd
#define DS_MSUB ge64_msub
#define DS_ODD odd64
#include "scalarmult/double_wnaf.h"

void f25519_double_scalarmult_mulx(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A51,
                                   const uint8_t b[32])
{
    ge64_p3 A, r;
    ge64_from51(&A, A51);
    double64(&r, a, &A, b);
    ge64_to51(out, &r);
}
#endif
