/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Template: the fixed-base comb [a]B of the radix-2^51 points
 * (base_portable.c; the mulx backend has its own 43-table radix-64 comb, base_mulx.c). Constant time in a
 * (Zhang et al., ENG25519, sec. 3.4, eq. 7 with omega = 4; docs/references.md): a = sum e_i 16^i
 * with signed digits
 * e_i in [-8, 8) (recode.h); the odd digits are accumulated first from the
 * 32 even-indexed tables (256^j B multiples), the sum multiplied by 16 with
 * four doublings, then the even digits are added. Each lookup
 * (f25519_base_select, base_select.c) scans a whole table row with masks.
 *
 * The includer defines, then includes this file (which #undefs them):
 *   COMB_FN        name of the static function made: void COMB_FN(COMB_P3 *h, const uint8_t a[32])
 *   COMB_P3, COMB_P2, COMB_P1P1, COMB_PRECOMP   the point types
 *   COMB_IDENTITY(h), COMB_MADD(r, p, q), COMB_P1P1_TO_P3(r, p),
 *   COMB_P1P1_TO_P2(r, p), COMB_P3_TO_P2(r, p), COMB_P2_DBL(r, p)
 *   COMB_SELECT(t, scratch, pos, digit): t = digit * 256^pos B, through a
 *                  ge51_precomp scratch (the table's form), wiped at the end
 */
#include "scalarmult/recode.h"
#include "tables/base_table.h"
#include "common/wipe.h"

static void COMB_FN(COMB_P3 *h, const uint8_t a[32])
{
    int8_t e[64];
    ge51_precomp scratch;
    COMB_PRECOMP t;
    COMB_P1P1 r;
    COMB_P2 s;
    f25519_recode_signed(e, 64, a, 4);
    COMB_IDENTITY(h);
    for (int i = 1; i < 64; i += 2) {
        COMB_SELECT(&t, &scratch, i / 2, e[i]);
        COMB_MADD(&r, h, &t);
        COMB_P1P1_TO_P3(h, &r);
    }
    COMB_P3_TO_P2(&s, h);
    for (int k = 0; k < 3; k++) {
        COMB_P2_DBL(&r, &s);
        COMB_P1P1_TO_P2(&s, &r);
    }
    COMB_P2_DBL(&r, &s);
    COMB_P1P1_TO_P3(h, &r);
    for (int i = 0; i < 64; i += 2) {
        COMB_SELECT(&t, &scratch, i / 2, e[i]);
        COMB_MADD(&r, h, &t);
        COMB_P1P1_TO_P3(h, &r);
    }
    f25519_wipe(e, sizeof e);
    f25519_wipe(&scratch, sizeof scratch);
    f25519_wipe(&t, sizeof t);
    f25519_wipe(&r, sizeof r);
    f25519_wipe(&s, sizeof s);
}

#undef COMB_FN
#undef COMB_P3
#undef COMB_P2
#undef COMB_P1P1
#undef COMB_PRECOMP
#undef COMB_IDENTITY
#undef COMB_MADD
#undef COMB_P1P1_TO_P3
#undef COMB_P1P1_TO_P2
#undef COMB_P3_TO_P2
#undef COMB_P2_DBL
#undef COMB_SELECT
