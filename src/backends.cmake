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
  src/backend/ifma/fe51x8_ifma.c
  src/backend/ifma/fe51x4_ifma.c
  src/backend/ifma/ge51x8_ifma.c
  src/backend/ifma/ge51_decode_ifma.c
  src/backend/ifma/sha512_x8_avx512.c
  src/tables/base_tables_ifma.c
  src/backend/ifma/base_ifma.c
  src/backend/ifma/double_ifma.c
  src/backend/ifma/msm_ifma.c
  src/backend/ifma/msm_buckets_ifma.c
  src/backend/ifma/ladder_ifma.c
  src/backend/ifma/ladder_ifma_x8.c
  src/backend/ifma/impl_ifma.c
)

# AVX2 (Chou, Sandy2x; Zhang et al., High-Throughput EdDSA Verification, sec. 3;
# docs/references.md): 4-lane radix-2^25.5 field (vpmuludq), x8 derive as two
# 4-lane Montgomery ladders, x8 fixed base as two 4-lane combs. The entries it does not vectorize are the mulx backend's (backend/avx2/impl_avx2.c).
set(F25519_BACKEND_avx2_SOURCES
  src/backend/avx2/fe25x4_avx2.c
  src/backend/avx2/ladder_avx2.c
  src/tables/base_table_avx2.c
  src/backend/avx2/base_avx2.c
  src/backend/avx2/fe25x4_pow_avx2.c
  src/backend/avx2/ge25x4_decode_avx2.c
  src/backend/avx2/sha512_x8_avx2.c
  src/backend/avx2/double_avx2.c
  src/backend/avx2/msm_avx2.c
  src/backend/avx2/impl_avx2.c
)
