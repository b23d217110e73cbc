/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Proof unit (tools/prove): one out-of-line instance of each static inline
 * routine of backend/avx2/fe25x4_avx2.h. Compiled only by tools/prove/prove.py,
 * never linked. */
#include "backend/avx2/fe25x4_avx2.h"
F25519_AVX2_TARGET void w_fe25x4_add(fe25x4 *h, const fe25x4 *f, const fe25x4 *g) { fe25x4_add(h, f, g); }
F25519_AVX2_TARGET void w_fe25x4_sub(fe25x4 *h, const fe25x4 *f, const fe25x4 *g) { fe25x4_sub(h, f, g); }
F25519_AVX2_TARGET void w_fe25x4_sub4p(fe25x4 *h, const fe25x4 *f, const fe25x4 *g) { fe25x4_sub4p(h, f, g); }
F25519_AVX2_TARGET void w_fe25x4_carry(fe25x4 *h, const fe25x4 *f) { fe25x4_carry(h, f); }
F25519_AVX2_TARGET void w_fe25x4_mul(fe25x4 *h, const fe25x4 *f, const fe25x4 *g) { fe25x4_mul(h, f, g); }
F25519_AVX2_TARGET void w_fe25x4_sqr(fe25x4 *h, const fe25x4 *f) { fe25x4_sqr(h, f); }
F25519_AVX2_TARGET void w_fe25x4_mul_small(fe25x4 *h, const fe25x4 *f, uint32_t c) { fe25x4_mul_small(h, f, c); }
F25519_AVX2_TARGET void w_fe25x4_mul121666_add(fe25x4 *h, const fe25x4 *e, const fe25x4 *b) { fe25x4_mul121666_add(h, e, b); }
F25519_AVX2_TARGET void w_fe25x4_mul121666_add_m(fe25x4 *h, const fe25x4 *e, const fe25x4 *b) { fe25x4_mul121666_add_m(h, e, b); }
