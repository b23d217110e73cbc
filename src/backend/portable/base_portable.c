/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The portable backend's fixed-base [a]B: the comb of comb.h on the
 * radix-2^51 points (point/ge51.c). Constant time in a.
 */
#include "backend/portable/scalarmult_portable.h"
#include "tables/base_table.h"

static inline void select51(ge51_precomp *t, ge51_precomp *scratch, int pos, int8_t digit)
{
    (void)scratch; /* the table's form is this backend's */
    f25519_base_select(t, pos, digit);
}

#define COMB_FN comb51
#define COMB_P3 ge51_p3
#define COMB_P2 ge51_p2
#define COMB_P1P1 ge51_p1p1
#define COMB_PRECOMP ge51_precomp
#define COMB_IDENTITY ge51_identity
#define COMB_MADD ge51_madd
#define COMB_P1P1_TO_P3 ge51_p1p1_to_p3
#define COMB_P1P1_TO_P2 ge51_p1p1_to_p2
#define COMB_P3_TO_P2 ge51_p3_to_p2
#define COMB_P2_DBL ge51_p2_dbl
#define COMB_SELECT select51
#include "scalarmult/comb.h"

void f25519_scalarmult_base_portable(ge51_p3 *h, const uint8_t a[32])
{
    comb51(h, a);
}
