/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The mulx backend's multi-scalar multiplication of batch verification
 * (public inputs only, variable time): msm_wnaf.h's Straus, or Pippenger's
 * buckets for large n, on the radix-2^64 points of backend/mulx/ge64_mulx.h
 * (bindings: wnaf_bind_mulx.h, shared with double_mulx.c).
 */
#include "backend/mulx/scalarmult_mulx.h"

#if F25519_HAVE_MULX
#define MS_FN f25519_msm_mulx
#define MS_FROM51 ge64_from51
#define MS_TO51 ge64_to51
#include "backend/mulx/wnaf_bind_mulx.h"
#include "scalarmult/msm_wnaf.h"
#endif
