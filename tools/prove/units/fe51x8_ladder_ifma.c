/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Proof unit (tools/prove): one out-of-line instance of each static inline
 * routine of backend/ifma/fe51x8_ladder_ifma.h. Compiled only by
 * tools/prove/prove.py, never linked. */
#include "backend/ifma/fe51x8_ladder_ifma.h"
F25519_IFMA_TARGET void w_lx8_carry(fe51x8 *h, const fe51x8 *f) { lx8_carry(h, f); }
F25519_IFMA_TARGET void w_lx8_add(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { lx8_add(h, f, g); }
F25519_IFMA_TARGET void w_lx8_sub(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { lx8_sub(h, f, g); }
F25519_IFMA_TARGET void w_lx8_mul_w(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { lx8_mul_w(h, f, g); }
F25519_IFMA_TARGET void w_lx8_sqr_w(fe51x8 *h, const fe51x8 *f) { lx8_sqr_w(h, f); }
F25519_IFMA_TARGET void w_lx8_mul(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { lx8_mul(h, f, g); }
F25519_IFMA_TARGET void w_lx8_sqr(fe51x8 *h, const fe51x8 *f) { lx8_sqr(h, f); }
F25519_IFMA_TARGET void w_lx8_muladd_small(fe51x8 *h, const fe51x8 *a, const fe51x8 *f, uint32_t c) { lx8_muladd_small(h, a, f, c); }
