/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* The former names of the backend functions (f25519_impl, f25519_select_impl,
 * f25519_impl_available), deprecated and kept for one release, still answer
 * as their replacements do. */
#include <string.h>
#include "testutil.h"
#include "fast25519.h"

#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#endif

int main(void)
{
    static const char *const names[] = {"portable", "mulx", "avx2", "ifma", "auto", "bogus", NULL};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        CHECK(f25519_impl_available(names[i]) == f25519_backend_available(names[i]), "impl_available(%s)",
              names[i] ? names[i] : "NULL");
    CHECK(f25519_select_impl(NULL) == F25519_ERR_ARG, "select_impl(NULL)");
    CHECK(f25519_select_impl("bogus") == F25519_ERR_ARG, "select_impl(bogus)");
    CHECK(f25519_select_impl("portable") == F25519_OK, "select_impl(portable)");
    CHECK(strcmp(f25519_impl(), "portable") == 0, "impl() after select_impl(portable): %s", f25519_impl());
    CHECK(f25519_select_impl("auto") == F25519_OK, "select_impl(auto)");
    CHECK(strcmp(f25519_impl(), f25519_backend()) == 0, "impl() %s, backend() %s", f25519_impl(),
          f25519_backend());
    return tu_finish("test_deprecated_names");
}
