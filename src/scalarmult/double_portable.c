/*
 * The portable backend's variable-time [a]A + [b]B for verification (public
 * inputs only): the w-NAF method of double_wnaf.h on the radix-2^51 points.
 */
#include "scalarmult/scalarmult_portable.h"

#define DS_FN double51
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
#include "scalarmult/double_wnaf.h"

void f25519_ge51_double_scalarmult_vartime(ge51_p3 *r, const uint8_t a[32], const ge51_p3 *A,
                                           const uint8_t b[32])
{
    double51(r, a, A, b);
}
