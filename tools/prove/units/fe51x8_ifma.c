/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Proof unit (tools/prove): one out-of-line instance of each static inline
 * routine of backend/ifma/fe51x8_ifma.h (fe8_mul and fe8_sqr are read from
 * fe51x8_ifma.c itself: fe8_mul_f, fe8_sqr_f). Compiled only by
 * tools/prove/prove.py, never linked. */
#include "backend/ifma/fe51x8_ifma.h"
F25519_IFMA_TARGET void w_fe8_carry(fe51x8 *h, const fe51x8 *f) { fe8_carry(h, f); }
F25519_IFMA_TARGET void w_fe8_add_nc(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { fe8_add_nc(h, f, g); }
F25519_IFMA_TARGET void w_fe8_add(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { fe8_add(h, f, g); }
F25519_IFMA_TARGET void w_fe8_sub_nc(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { fe8_sub_nc(h, f, g); }
F25519_IFMA_TARGET void w_fe8_sub(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { fe8_sub(h, f, g); }
F25519_IFMA_TARGET void w_fe8_sub_w(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { fe8_sub_w(h, f, g); }
F25519_IFMA_TARGET void w_fe8_neg(fe51x8 *h, const fe51x8 *f) { fe8_neg(h, f); }
F25519_IFMA_TARGET void w_fe8_mul_w(fe51x8 *h, const fe51x8 *f, const fe51x8 *g) { fe8_mul_w(h, f, g); }
F25519_IFMA_TARGET void w_fe8_sqr_w(fe51x8 *h, const fe51x8 *f) { fe8_sqr_w(h, f); }
F25519_IFMA_TARGET void w_fe8_mul_small(fe51x8 *h, const fe51x8 *f, uint32_t c) { fe8_mul_small(h, f, c); }
F25519_IFMA_TARGET void w_fe8_frombytes_y(fe51x8 *h, const uint8_t s[8][32])
{
    const uint8_t *p[8] = {s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]};
    (void)fe8_frombytes_y(h, p);
}
F25519_IFMA_TARGET void w_fe8_to64(fe64x8 *h, const fe51x8 *f) { fe8_to64(h, f); }
F25519_IFMA_TARGET void w_fe8_from64(fe51x8 *h, const fe64x8 *w) { fe8_from64(h, w); }
