/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The avx2 backend's multi-scalar multiplication of batch verification
 * (public inputs only, variable time; msm_avx2.c): Pippenger's buckets with
 * one WINDOW per 64-bit lane (two 4-lane sets: eight windows at a time).
 * f25519_msm_avx2_windows returns the window sums T_w = sum_i [d_iw] P_i of
 * the signed radix-2^c digits d_iw of a_i (a_i = sum_w d_iw 2^(c w)); the
 * caller combines sum_w [2^(c w)] T_w (+ [b]B) with c doublings per window
 * (msm_wnaf.h's _horner). Called only when CPUID reports AVX2.
 */
#ifndef F25519_MSM_AVX2_H
#define F25519_MSM_AVX2_H
#include <stddef.h>
#include <stdint.h>
#include "point/ge51.h"
#include "common/team.h"

/* The window width for these n scalars (a_i < 2^253) and the number of
 * windows nw (<= 64, c (nw - 1) <= 252) its sums need. */
int f25519_msm_avx2_width(size_t n, const uint8_t (*a)[32], int *nw);

/* T[0..nw) = the window sums (nw from f25519_msm_avx2_width for the same
 * n, a, or any c in [4, 10] and nw with every a_i < 2^(c nw)); returns 0
 * when malloc failed (nothing written), else 1. Every member of team
 * (NULL: the caller alone) takes blocks of points and groups of eight
 * windows. */
int f25519_msm_avx2_windows(ge51_p3 *T, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, int c, int nw,
                            f25519_team *team);
#endif
