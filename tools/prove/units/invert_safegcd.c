/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Proof unit (tools/prove): the safegcd's batch matrix application
 * (update_fg of field/invert_safegcd.c, a static inline routine) as an
 * out-of-line function, so that its LLVM IR can be read (tools/prove/signed.py).
 * Compiled only by tools/prove/prove.py, never linked. */
#include "../../../src/field/invert_safegcd.c"
void w_update_fg(s62 *f, s62 *g, const int64_t t[4]) { update_fg(f, g, t); }
void w_lincomb(fe51 *h, int64_t a, const fe51 *d, int64_t b, const fe51 *e) { lincomb(h, a, d, b, e); }
