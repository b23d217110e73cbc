# SPDX-License-Identifier: Apache-2.0 OR MIT
# The scalar backends (portable, mulx: the mulx files compile to nothing where
# F25519_HAVE_MULX is 0, see src/arch/mulx_asm.h) and the shared layers.
# Paths relative to the project root.
set(F25519_SOURCES
  src/common/cpu.c
  src/common/random.c
  src/common/spawn.c
  src/common/team.c
  src/field/fe51.c
  src/field/fe64_mulx.c
  src/field/fe51_invert_ifma.c
  src/hash/sha512.c
  src/scalar/sc25519.c
  src/scalar/sc_halfsize.c
  src/scalar/sc_batch.c
  src/point/ge51.c
  src/point/ge51_decode.c
  src/scalarmult/base_table.c
  src/scalarmult/base_table64.c
  src/scalarmult/base_table128.c
  src/scalarmult/base_select.c
  src/scalarmult/recode.c
  src/scalarmult/base_portable.c
  src/scalarmult/double_portable.c
  src/scalarmult/msm_portable.c
  src/scalarmult/msm_digits.c
  src/scalarmult/ladder_portable.c
  src/scalarmult/ladder_mulx.c
  src/scalarmult/base_mulx.c
  src/scalarmult/double_mulx.c
  src/scalarmult/msm_mulx.c
  src/impl_portable.c
  src/impl_mulx.c
  src/dispatch.c
  src/strerror.c
  src/version.c
  src/x25519.c
  src/ed25519.c
  src/ed25519_batch.c
  src/ed25519_batch_pool.c
)
# The MULX files are a few % faster at -O3 with gcc 12 (measured with a
# pinned rdtsc loop); the flag only affects these files.
set_source_files_properties(
  ${CMAKE_CURRENT_LIST_DIR}/scalarmult/ladder_mulx.c
  ${CMAKE_CURRENT_LIST_DIR}/scalarmult/base_mulx.c
  ${CMAKE_CURRENT_LIST_DIR}/scalarmult/double_mulx.c
  ${CMAKE_CURRENT_LIST_DIR}/scalarmult/msm_mulx.c
  ${CMAKE_CURRENT_LIST_DIR}/field/fe64_mulx.c
  PROPERTIES COMPILE_OPTIONS "-O3")
# The safegcd inversion (f25519_ifma_fe_invert, plain C: mulx keygen, sign,
# ladder, avx2/ifma batched inversions): -O3 measured min 4,238 against 4,606
# TSC ticks (gcc 12, AMD EPYC Zen 3 family 25 model 1, 2 vCPU KVM, in-process
# interleaved A/B of the same source).
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/field/fe51_invert_ifma.c PROPERTIES COMPILE_OPTIONS "-O3")
# SHA-512: -O3 measured 4264 -> 3978 TSC ticks per 1024-byte hash on the
# AVX-512VL path (4914 -> 4784 on the BMI2 scalar path; gcc 12, Zen 4, pinned
# rdtsc median), 32..96-byte messages unchanged.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/hash/sha512.c PROPERTIES COMPILE_OPTIONS "-O3")
# Scalars mod L (sign's nonce and challenge reductions, S = r + k a;
# verify's challenge): -O3 unrolls sc25519.c's products and loops (still no
# branch on values: only f25519_sc_mul_words keeps its size loops). AMD EPYC
# Zen 3 (2 vCPU KVM, TSC 2.445 GHz, 2026-11-26, pinned, in-process A/B of
# the same source at -O2 and -O3, 30 rounds of min-of-300 calls, TSC ticks):
# sc25519_reduce64 min 367 -> 269, sc25519_muladd 441 -> 318; ed25519 sign
# (32-byte message, pub given, 40 rounds) min 19,257 -> 18,620, median of
# minima 19,331 -> 18,743 (paired 0.963-0.967). Specialized constant-size
# products (the low 5 words of q3 L only) on top of -O3: within noise
# (reduce64 294 vs 269 min, equal medians), not kept.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/scalar/sc25519.c PROPERTIES COMPILE_OPTIONS "-O3")
