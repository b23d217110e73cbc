# SPDX-License-Identifier: Apache-2.0 OR MIT
# ifma: AVX-512IFMA (Zhang et al., ENG25519; docs/references.md): 8x1 and 1x8 fixed base, 1x4
# double-scalar, 4- and 8-lane ladders, 8-lane SHA-512.
f25519_backend(ifma
  PRIORITY 30
  VECTOR
  WARMUP
  NEEDS AVX512F AVX512VL AVX512IFMA
  SOURCES
    fe51x8_ifma.c fe51x4_ifma.c ge51x8_ifma.c ge51_decode_ifma.c sha512_x8_avx512.c sc52x8_ifma.c
    ../../tables/ifma_base.c
    base_ifma.c double_ifma.c msm_ifma.c msm_buckets_ifma.c ladder_ifma.c ladder_ifma_x8.c
    ops_ifma.c)
