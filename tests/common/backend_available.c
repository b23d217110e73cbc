/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* backend_available NAME: exit 0 if the backend can run here, 77 otherwise
 * (used by the script tests to skip a missing backend visibly). */
#include <stdio.h>
#include "fast25519.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s portable|mulx|avx2|ifma\n", argv[0]);
        return 2;
    }
    return f25519_backend_available(argv[1]) ? 0 : 77;
}
