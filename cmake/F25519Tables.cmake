# SPDX-License-Identifier: Apache-2.0 OR MIT
# The generated source files and their generators, paths relative to the project root.
# The ONE place that names them: whoever moves a table or its generator updates it here,
# and tests/tables regenerates each table and diffs it against the committed file.
#   F25519_TABLE_<NAME>      the committed, generated source file
#   F25519_TABLE_<NAME>_GEN  its generator (.c: compiled against the static library's
#                            internal headers and run; .py: run with python3); both print
#                            the table to stdout
set(F25519_TABLES BASE_COMB BASE_COMB64 BASE_ODD128 BASE_IFMA BASE_AVX2)
set(F25519_TABLE_BASE_COMB     src/tables/base_table.c)
set(F25519_TABLE_BASE_COMB_GEN tools/gen-tables/gen_base_table.c)
set(F25519_TABLE_BASE_COMB64     src/tables/base_table64.c)
set(F25519_TABLE_BASE_COMB64_GEN tools/gen-tables/gen_base_table64.c)
set(F25519_TABLE_BASE_ODD128     src/tables/base_table128.c)
set(F25519_TABLE_BASE_ODD128_GEN tools/gen-tables/gen_base_table128.c)
set(F25519_TABLE_BASE_IFMA     src/tables/base_tables_ifma.c)
set(F25519_TABLE_BASE_IFMA_GEN tools/gen-tables/gen_base_tables_ifma.py)
set(F25519_TABLE_BASE_AVX2     src/tables/base_table_avx2.c)
set(F25519_TABLE_BASE_AVX2_GEN tools/gen-tables/gen_base_table_avx2.c)
