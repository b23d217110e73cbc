# SPDX-License-Identifier: Apache-2.0 OR MIT
# avx2: AVX2 (Chou, Sandy2x; Zhang et al., High-Throughput EdDSA Verification, sec. 3;
# docs/references.md): 4-lane radix-2^25.5 field (vpmuludq), x8 derive as two 4-lane Montgomery
# ladders, x8 fixed base as two 4-lane combs. The entries it does not vectorize are the mulx
# backend's where that is compiled (ops_avx2.c), whose CPU features it then needs too.
f25519_backend(avx2
  PRIORITY 20
  VECTOR
  NEEDS AVX2
  BORROWS mulx
  SOURCES
    fe25x4_avx2.c ladder_avx2.c ../../tables/avx2_base.c base_avx2.c fe25x4_pow_avx2.c
    ge25x4_decode_avx2.c sha512_x8_avx2.c double_avx2.c msm_avx2.c ops_avx2.c)
