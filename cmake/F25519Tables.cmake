# SPDX-License-Identifier: Apache-2.0 OR MIT
# The generated source files and their generators, paths relative to the project root.
# The ONE place that names them: whoever moves a table or its generator updates it here,
# and tests/tables regenerates each table and diffs it against the committed file.
#   F25519_TABLE_<NAME>      the committed, generated source file
#   F25519_TABLE_<NAME>_GEN  its generator, in C: compiled against the static library's
#                            internal headers and run; it prints the table to stdout
set(F25519_TABLES BASE_COMB BASE_ODD128 MULX_BASE IFMA_BASE AVX2_BASE)
set(F25519_TABLE_BASE_COMB     src/tables/base_table.c)
set(F25519_TABLE_BASE_COMB_GEN tools/gen-tables/gen_base_table.c)
set(F25519_TABLE_MULX_BASE     src/tables/mulx_base.c)
set(F25519_TABLE_MULX_BASE_GEN tools/gen-tables/gen_mulx_base.c)
set(F25519_TABLE_BASE_ODD128     src/tables/base_table128.c)
set(F25519_TABLE_BASE_ODD128_GEN tools/gen-tables/gen_base_table128.c)
set(F25519_TABLE_IFMA_BASE     src/tables/ifma_base.c)
set(F25519_TABLE_IFMA_BASE_GEN tools/gen-tables/gen_ifma_base.c)
set(F25519_TABLE_AVX2_BASE     src/tables/avx2_base.c)
set(F25519_TABLE_AVX2_BASE_GEN tools/gen-tables/gen_avx2_base.c)
