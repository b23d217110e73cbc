/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The low-order point lists (see testutil.h). */
#include "testutil.h"

const char *const tu_x25519_low_order[TU_X25519_LOW_ORDER_N] = {
    "0000000000000000000000000000000000000000000000000000000000000000", /* 0 (order 4) */
    "0100000000000000000000000000000000000000000000000000000000000000", /* 1 (order 1 / 2) */
    "e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800", /* order 8 */
    "5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157", /* order 8 */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p - 1 (order 2) */
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p = 0 */
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* p + 1 = 1 */
};

const char *const tu_ed25519_low_order[TU_ED25519_LOW_ORDER_N] = {
    "0100000000000000000000000000000000000000000000000000000000000000", /* identity */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* y = -1: order 2 */
    "0000000000000000000000000000000000000000000000000000000000000080", /* y = 0, x < 0: order 4 */
    "0000000000000000000000000000000000000000000000000000000000000000", /* y = 0: order 4 */
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a", /* order 8 */
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa", /* order 8 */
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05", /* order 8 */
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85", /* order 8 */
    "0100000000000000000000000000000000000000000000000000000000000080", /* x = 0 with sign: y = 1 */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* x = 0 with sign: y = -1 */
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* y = p + 1 */
    "eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* y = p + 1, sign */
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", /* y = p */
    "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", /* y = p, sign */
};
