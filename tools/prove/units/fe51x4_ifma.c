/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Proof unit (tools/prove): one out-of-line instance of each static inline
 * routine of backend/ifma/fe51x4_ifma.h. Compiled only by tools/prove/prove.py,
 * never linked. */
#include "backend/ifma/fe51x4_ifma.h"
F25519_IFMA_TARGET void w_fe4_carry(fe51x4 *h, const fe51x4 *f) { fe4_carry(h, f); }
F25519_IFMA_TARGET void w_fe4_mul_w(fe51x4 *h, const fe51x4 *f, const fe51x4 *g) { fe4_mul_w(h, f, g); }
F25519_IFMA_TARGET void w_fe4_mul(fe51x4 *h, const fe51x4 *f, const fe51x4 *g) { fe4_mul(h, f, g); }
F25519_IFMA_TARGET void w_fe4_sqr(fe51x4 *h, const fe51x4 *f) { fe4_sqr(h, f); }
F25519_IFMA_TARGET void w_fe4_addsub(fe51x4 *h, const fe51x4 *f, const fe51x4 *g, __mmask8 k) { fe4_addsub(h, f, g, k); }
F25519_IFMA_TARGET void w_fe4_addsub_w(fe51x4 *h, const fe51x4 *f, const fe51x4 *g, __mmask8 k) { fe4_addsub_w(h, f, g, k); }
