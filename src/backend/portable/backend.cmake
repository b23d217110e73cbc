# SPDX-License-Identifier: Apache-2.0 OR MIT
# portable: pure C, radix 2^51, any 64-bit target; the last resort of the dispatcher.
f25519_backend(portable
  PRIORITY 0
  SOURCES base_portable.c double_portable.c msm_portable.c ladder_portable.c ops_portable.c)
