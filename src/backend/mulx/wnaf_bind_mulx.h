/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The DS_* bindings of the w-NAF templates (double_wnaf.h, quad_wnaf.h, msm_wnaf.h) to
 * the mulx backend's radix-2^64 points (backend/mulx/ge64_mulx.h), written once for
 * double_mulx.c and msm_mulx.c. Include right before the template, which
 * #undefs the DS_* names (wnaf_unbind.h). Only under #if F25519_HAVE_MULX.
 */
#ifndef F25519_WNAF_BIND_MULX_FNS
#define F25519_WNAF_BIND_MULX_FNS
#include "backend/mulx/ge64_mulx.h"
#include "tables/base_table.h"

static inline void p3_to_p2_64(ge64_p2 *r, const ge64_p3 *p)
{
    r->X = p->X;
    r->Y = p->Y;
    r->Z = p->Z;
}

/* an entry of a radix-2^51 table (f25519_base_odd, f25519_base128_odd), repacked into q */
static inline const ge64_precomp *pre64(ge64_precomp *q, const ge51_precomp *p)
{
    ge64_precomp_from51(q, p);
    return q;
}
#endif

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
#define DS_PRE pre64
#define DS_ODD(q, i) pre64(q, &f25519_base_odd[i])
