/*
 * The portable multi-scalar multiplication of batch verification (public
 * inputs only, variable time): out = sum_i [a_i] P_i + [b] B, the Straus
 * method of msm_wnaf.h on the radix-2^51 points.
 */
#include "scalarmult/scalarmult_portable.h"

#define MS_FN f25519_ge51_msm_vartime
#define MS_FROM51(r, p) (*(r) = *(p))
#define MS_TO51(r, p) (*(r) = *(p))
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
#define DS_ODD(q, i) ((void)(q), &f25519_base_odd[i])
#include "scalarmult/msm_wnaf.h"
