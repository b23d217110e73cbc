/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The one include for x86 vector intrinsics in the vector backends, and the
 * target attribute their functions carry.
 *
 * Native build (the libraries): <immintrin.h>, and every vector function is
 * compiled for its ISA by a per-function target attribute (no global -m
 * flags), so one binary runs on any x86-64 and the dispatcher decides.
 *
 * Emulated build (F25519_EMU=1; TEST-ONLY, see tests/CMakeLists.txt): the
 * same sources against SIMDe's portable implementations (Debian's
 * libsimde-dev) with its native aliases, so _mm512_* names and __m512i types
 * resolve to SIMDe; the instructions SIMDe 0.7.4 lacks (IFMA and eight
 * AVX-512F/VL forms) come from emu_shim.h. Target attributes are empty: the code runs on any x86-64 and
 * is how the vector code is tested on hosts without the ISA. The emulated
 * build is never installed and never picked by the dispatcher on its own.
 * AVX2 (the avx2 backend) needs no shim: SIMDe 0.7.4 has every AVX2 form it uses.
 */
#ifndef F25519_ARCH_SIMD_X86_H
#define F25519_ARCH_SIMD_X86_H

#if F25519_EMU
#ifndef SIMDE_ENABLE_NATIVE_ALIASES
#define SIMDE_ENABLE_NATIVE_ALIASES
#endif
#include "arch/emu_shim.h"
#define _mm512_madd52lo_epu64(a, b, c) f25519_emu_madd52lo_512((a), (b), (c))
#define _mm512_madd52hi_epu64(a, b, c) f25519_emu_madd52hi_512((a), (b), (c))
#define _mm256_madd52lo_epu64(a, b, c) f25519_emu_madd52lo_256((a), (b), (c))
#define _mm256_madd52hi_epu64(a, b, c) f25519_emu_madd52hi_256((a), (b), (c))
#define _mm256_mask_sub_epi64(src, k, a, b) f25519_emu_mask_sub_256((src), (k), (a), (b))
#define _mm512_cmplt_epi64_mask(a, b) f25519_emu_cmplt_mask_512((a), (b))
#define _mm512_cvtepi8_epi64(a) f25519_emu_cvtepi8_512((a))
#define _mm512_permutex_epi64(a, imm) f25519_emu_permutex_512((a), (imm))
#define _mm512_shuffle_i64x2(a, b, imm) f25519_emu_shuffle_i64x2_512((a), (b), (imm))
#define _mm512_cvtepi16_epi64(a) f25519_emu_cvtepi16_512((a))
#define _mm512_i64gather_epi64(vindex, base, scale) f25519_emu_i64gather_512((vindex), (base), (scale))
#define _mm512_mask_i64gather_epi64(src, k, vindex, base, scale)                                                 \
    f25519_emu_mask_i64gather_512((src), (k), (vindex), (base), (scale))
#define _mm512_i64scatter_epi64(base, vindex, v, scale) f25519_emu_i64scatter_512((base), (vindex), (v), (scale))
#define _mm512_mask_store_epi64(p, k, v) f25519_emu_mask_store_512((p), (k), (v))
#define _mm512_srai_epi64(a, imm) f25519_emu_srai_512((a), (imm))
#ifndef __mmask8
#define __mmask8 simde__mmask8
#endif
#define F25519_IFMA_TARGET
#define F25519_AVX2_TARGET
#else
#include <immintrin.h>
#define F25519_IFMA_TARGET __attribute__((target("avx512f,avx512vl,avx512ifma")))
/* The avx2 backend's vector code (src/backend/avx2/fe25x4_avx2.*, src/backend/avx2/ladder_avx2.c):
 * AVX2 only (vpmuludq, 64-bit lane adds/shifts/logic, no AVX-512), so valgrind can run it. */
#define F25519_AVX2_TARGET __attribute__((target("avx2")))
#endif

#endif
