# SPDX-License-Identifier: Apache-2.0 OR MIT
# The vector backends: ONE source list per backend. A backend NAME is listed in
# F25519_VECTOR_BACKENDS with its files in F25519_BACKEND_<NAME>_SOURCES; the
# top-level CMakeLists compiles each list twice:
#  - natively into libfast25519 (vector code selected per function by target
#    attributes, src/arch/simd_x86.h), when F25519_ENABLE_<NAME> is on;
#  - against SIMDe into the TEST-ONLY emulated library fast25519_emu (backend
#    "<name>-emu", F25519_EMU=1), so every per-backend test suite also runs the
#    backend's code on hosts without the ISA (tests/CMakeLists.txt).
# A new backend adds its list here and its name to F25519_VECTOR_BACKENDS.
set(F25519_VECTOR_BACKENDS ifma avx2)

# AVX-512IFMA (Zhang et al., ENG25519; docs/references.md): 8x1 and 1x8 fixed base, 1x4
# double-scalar, 4- and 8-lane ladders.
set(F25519_BACKEND_ifma_SOURCES
  src/field/fe51x8_ifma.c
  src/field/fe51x4_ifma.c
  src/point/ge51x8_ifma.c
  src/point/ge51_decode_ifma.c
  src/hash/sha512_x8_avx512.c
  src/scalarmult/base_tables_ifma.c
  src/scalarmult/base_ifma.c
  src/scalarmult/double_ifma.c
  src/scalarmult/msm_ifma.c
  src/scalarmult/msm_buckets_ifma.c
  src/scalarmult/ladder_ifma.c
  src/scalarmult/ladder_ifma_x8.c
  src/impl_ifma.c
)

# AVX2 (Chou, Sandy2x; Zhang et al., High-Throughput EdDSA Verification, sec. 3;
# docs/references.md): 4-lane radix-2^25.5 field (vpmuludq), x8 derive as two
# 4-lane Montgomery ladders, x8 fixed base as two 4-lane combs. The entries it does not vectorize are the mulx backend's (impl_avx2.c).
set(F25519_BACKEND_avx2_SOURCES
  src/field/fe25x4_avx2.c
  src/scalarmult/ladder_avx2.c
  src/scalarmult/base_table_avx2.c
  src/scalarmult/base_avx2.c
  src/field/fe25x4_pow_avx2.c
  src/point/ge25x4_decode_avx2.c
  src/hash/sha512_x8_avx2.c
  src/scalarmult/double_avx2.c
  src/scalarmult/msm_avx2.c
  src/impl_avx2.c
)
