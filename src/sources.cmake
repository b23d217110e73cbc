# SPDX-License-Identifier: Apache-2.0 OR MIT
# The shared layers (the backends' sources are in their descriptors,
# src/backend/<name>/backend.cmake, read by cmake/F25519Backends.cmake).
# Paths relative to the project root.
set(F25519_SOURCES
  src/common/cpu.c
  src/common/random.c
  src/common/spawn.c
  src/common/team.c
  src/field/fe51.c
  src/field/invert_safegcd.c
  src/hash/sha512.c
  src/scalar/sc25519.c
  src/scalar/sc_halfsize.c
  src/scalar/sc_batch.c
  src/point/ge51.c
  src/point/ge51_decode.c
  src/tables/base_table.c
  src/tables/mulx_base.c
  src/tables/base_table128.c
  src/scalarmult/base_select.c
  src/scalarmult/recode.c
  src/scalarmult/msm_digits.c
  src/dispatch.c
  src/strerror.c
  src/version.c
  src/x25519.c
  src/ed25519.c
  src/ed25519_batch.c
  src/ed25519_batch_pool.c
)
# The safegcd inversion (f25519_safegcd_invert, plain C: mulx keygen, sign,
# ladder, avx2/ifma batched inversions): about 8% faster at -O3.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/field/invert_safegcd.c PROPERTIES COMPILE_OPTIONS "-O3")
# SHA-512: -O3 is a few % faster on long messages (short ones unchanged).
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/hash/sha512.c PROPERTIES COMPILE_OPTIONS "-O3")
# Scalars mod L (sign's nonce and challenge reductions, S = r + k a;
# verify's challenge): -O3 unrolls sc25519.c's products and loops (still no
# branch on values): the reductions about 25% faster, an Ed25519 signature
# about 3%.
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/scalar/sc25519.c PROPERTIES COMPILE_OPTIONS "-O3")
