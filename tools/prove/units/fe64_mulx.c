/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Proof unit (tools/prove): one out-of-line instance of each static inline
 * routine of backend/mulx/fe64_mulx.h (inline assembly and C). Compiled only by
 * tools/prove/prove.py, never linked. */
#include "arch/mulx_asm.h"
#if F25519_HAVE_MULX
#include "backend/mulx/fe64_mulx.h"
void w_fe64_mul(fe64 *h, const fe64 *f, const fe64 *g) { fe64_mul(h, f, g); }
void w_fe64_sqr(fe64 *h, const fe64 *f) { fe64_sqr(h, f); }
void w_fe64_mul121666(fe64 *h, const fe64 *f) { fe64_mul121666(h, f); }
void w_fe64_mul121666_add(fe64 *h, const fe64 *f, const fe64 *g) { fe64_mul121666_add(h, f, g); }
void w_fe64_add(fe64 *h, const fe64 *f, const fe64 *g) { fe64_add(h, f, g); }
void w_fe64_sub(fe64 *h, const fe64 *f, const fe64 *g) { fe64_sub(h, f, g); }
void w_fe64_addsub(fe64 *s, fe64 *d, const fe64 *f, const fe64 *g) { fe64_addsub(s, d, f, g); }
void w_fe64_addsub_r(fe64 *s, fe64 *d, const fe64 *f, const fe64 *g) { fe64_addsub_r(s, d, f, g); }
void w_fe64_sub_r(fe64 *h, const fe64 *f, const fe64 *g) { fe64_sub_r(h, f, g); }
void w_fe64_neg(fe64 *h, const fe64 *f) { fe64_neg(h, f); }
void w_fe64_tobytes(uint8_t s[32], const fe64 *f) { fe64_tobytes(s, f); }
void w_fe64_from_fe51(fe64 *h, const fe51 *f) { fe64_from_fe51(h, f); }
void w_fe64_to_fe51(fe51 *h, const fe64 *f) { fe64_to_fe51(h, f); }
#endif
