/*
 * The mulx backend's multi-scalar multiplication of batch verification
 * (public inputs only, variable time): msm_wnaf.h's Straus, or Pippenger's
 * buckets for large n, on the radix-2^64 points of point/ge64_mulx.h.
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

static inline const ge64_precomp *odd64(ge64_precomp *q, int i)
{
    ge64_precomp_from51(q, &f25519_base_odd[i]);
    return q;
}

#define MS_FN f25519_msm_mulx
#define MS_FROM51 ge64_from51
#define MS_TO51 ge64_to51
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
#include "scalarmult/msm_wnaf.h"
#endif
