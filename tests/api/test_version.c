/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The version agrees everywhere: f25519_version() (the loaded library), the header's
 * F25519_VERSION_* and the project() version CMake passes as argv[1]. The CLI's --version is
 * compared by the test version_cli (tests/api/CMakeLists.txt). */
#include <stdio.h>
#include <string.h>
#include "fast25519.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_version CMAKE_PROJECT_VERSION\n");
        return 2;
    }
    char parts[64];
    snprintf(parts, sizeof parts, "%d.%d.%d", F25519_VERSION_MAJOR, F25519_VERSION_MINOR,
             F25519_VERSION_PATCH);
    const char *lib = f25519_version();
    int ok = lib && strcmp(lib, argv[1]) == 0 && strcmp(F25519_VERSION_STRING, argv[1]) == 0 &&
             strcmp(parts, argv[1]) == 0 &&
             F25519_VERSION_NUMBER ==
                 F25519_VERSION_MAJOR * 10000 + F25519_VERSION_MINOR * 100 + F25519_VERSION_PATCH;
    printf("CMake %s, f25519_version() %s, F25519_VERSION_STRING %s, F25519_VERSION_* %s: %s\n",
           argv[1], lib ? lib : "(null)", F25519_VERSION_STRING, parts, ok ? "agree" : "DIFFER");
    return ok ? 0 : 1;
}
