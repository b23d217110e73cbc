/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* CPU features (leaf): f25519_cpu_features() of fast25519.h, the F25519_CPU_*
 * bits seen by CPUID + XGETBV (OS-enabled vector state), computed once. */
#ifndef F25519_COMMON_CPU_H
#define F25519_COMMON_CPU_H
#include <stdint.h>
#include "fast25519.h" /* F25519_CPU_*, f25519_cpu_features() */
#endif
