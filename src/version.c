/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The library's version, from the project() line of CMakeLists.txt. */
#include "fast25519.h"

#ifndef F25519_BUILD_VERSION
#error "F25519_BUILD_VERSION (the project's version) comes from CMakeLists.txt"
#endif

const char *f25519_version(void)
{
    return F25519_BUILD_VERSION;
}
