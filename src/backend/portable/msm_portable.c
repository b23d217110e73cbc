/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The portable multi-scalar multiplication of batch verification (public
 * inputs only, variable time): out = sum_i [a_i] P_i + [b] B, msm_wnaf.h's
 * Straus, or Pippenger's buckets for large n, on the radix-2^51 points (bindings:
 * wnaf_bind_portable.h, shared with double_portable.c).
 */
#include "backend/portable/scalarmult_portable.h"

#define MS_FN f25519_msm_portable
#define MS_FROM51(r, p) (*(r) = *(p))
#define MS_TO51(r, p) (*(r) = *(p))
#include "backend/portable/wnaf_bind_portable.h"
#include "scalarmult/msm_wnaf.h"
