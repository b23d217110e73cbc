/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* f25519_select_backend() as the process's first library call: the choice must
 * hold (regression: the lazy CPUID initialisation of the first operation used
 * to overwrite it with the automatic choice). Every backend this CPU/build
 * has, each in a fresh process (argv[1] = the name), through the public API. */
#include <string.h>
#include "testutil.h"
#include "fast25519.h"

int main(int argc, char **argv)
{
    const char *name = argc > 1 ? argv[1] : "portable";
    if (!f25519_backend_available(name)) {
        printf("SKIP: backend %s not available on this CPU/build\n", name);
        return TU_SKIP;
    }
    CHECK(f25519_select_backend(name) == F25519_OK, "select %s", name);
    uint8_t sk[32], pk[32];
    CHECK(f25519_x25519_keygen(sk, pk) == F25519_OK, "keygen after select");
    CHECK(strcmp(f25519_backend(), name) == 0, "selected %s, in use %s", name, f25519_backend());
    return tu_finish("test_select_first");
}
