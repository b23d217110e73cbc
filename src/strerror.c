/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* f25519_strerror: the text of each return code of fast25519.h. */
#include "fast25519.h"

const char *f25519_strerror(int rc)
{
    switch (rc) {
    case F25519_OK: return "success";
    case F25519_ERR_LENGTH: return "input has the wrong length";
    case F25519_ERR_ENCODING: return "invalid or non-canonical encoding";
    case F25519_ERR_SMALL_ORDER: return "small-order point rejected";
    case F25519_ERR_VERIFY: return "signature verification failed";
    case F25519_ERR_ZERO_SHARED: return "X25519 shared secret is all zero";
    case F25519_ERR_UNSUPPORTED: return "backend not supported on this CPU or build";
    case F25519_ERR_ARG: return "invalid argument";
    case F25519_ERR_RANDOM: return "OS random source failed";
    default: return "unknown error";
    }
}
