/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The DS_* bindings of the w-NAF templates (double_wnaf.h, quad_wnaf.h, msm_wnaf.h) to
 * the portable backend's radix-2^51 points (point/ge51.h), written once for
 * double_portable.c and msm_portable.c. Include right before the template,
 * which #undefs the DS_* names (wnaf_unbind.h).
 */
#include "point/ge51.h"
#include "tables/base_table.h"

#define DS_P3 ge51_p3
#define DS_P2 ge51_p2
#define DS_P1P1 ge51_p1p1
#define DS_CACHED ge51_cached
#define DS_PRECOMP ge51_precomp
#define DS_SETUP
#define DS_IDENTITY ge51_identity
#define DS_P3_TO_P2 ge51_p3_to_p2
#define DS_P3_TO_CACHED ge51_p3_to_cached
#define DS_P2_DBL ge51_p2_dbl
#define DS_P1P1_TO_P3 ge51_p1p1_to_p3
#define DS_P1P1_TO_P2 ge51_p1p1_to_p2
#define DS_ADD_CACHED ge51_add_cached
#define DS_SUB_CACHED ge51_sub_cached
#define DS_MADD ge51_madd
#define DS_MSUB ge51_msub
#define DS_PRE(q, p) ((void)(q), (p))
#define DS_ODD(q, i) ((void)(q), &f25519_base_odd[i])
