/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The ifma backend's Pippenger multi-scalar multiplication (public inputs
 * only, variable time; msm_buckets_ifma.c): one window per 64-bit lane,
 * eight windows at a time. f25519_ifma_msm_windows returns the window sums
 * T_w = sum_i [d_iw] P_i of the signed radix-2^c digits d_iw of a_i
 * (msm_digits.h); the caller combines sum_w [2^(c w)] T_w (+ [b]B) with c
 * doublings per window (msm_wnaf.h's _horner). Called only when CPUID
 * reports AVX-512F/VL/IFMA (or in the emulated build).
 */
#ifndef F25519_MSM_BUCKETS_IFMA_H
#define F25519_MSM_BUCKETS_IFMA_H
#include <stddef.h>
#include <stdint.h>
#include "point/ge51.h"
#include "common/team.h"

/* T[0..nw) = the window sums, for any c in [4, 10] and nw <= 64 with every
 * a_i < 2^(c nw) (f25519_msm_width gives both); returns 0 when malloc
 * failed (nothing written), else 1. Every member of team (NULL: the
 * caller alone) shares the work. */
int f25519_ifma_msm_windows(ge51_p3 *T, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, int c, int nw,
                            f25519_team *team);
#endif
