/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Links against the INSTALLED form of the static library (fast25519_static:
 * one object, internal symbols localized) using only the public header:
 * proves the localized archive is complete. Two X25519 key pairs must derive
 * the same secret; an Ed25519 signature must verify and a flipped bit not. */
#include <stdio.h>
#include <string.h>
#include "fast25519.h"

int main(void)
{
    uint8_t ska[32], pka[32], skb[32], pkb[32], s1[32], s2[32];
    uint8_t seed[32], pub[32], sig[64];
    static const uint8_t msg[] = "static consumer";
    int bad = 0;
    bad |= f25519_x25519_keygen(ska, pka) != F25519_OK;
    bad |= f25519_x25519_keygen(skb, pkb) != F25519_OK;
    bad |= f25519_x25519_derive(s1, ska, pkb, 32) != F25519_OK;
    bad |= f25519_x25519_derive(s2, skb, pka, 32) != F25519_OK;
    bad |= memcmp(s1, s2, 32) != 0;
    bad |= f25519_ed25519_keygen(seed, pub) != F25519_OK;
    bad |= f25519_ed25519_sign(sig, msg, sizeof msg, seed, pub) != F25519_OK;
    bad |= f25519_ed25519_verify(sig, 64, msg, sizeof msg, pub, 32, F25519_VERIFY_OPENSSL) != F25519_OK;
    sig[5] ^= 1;
    bad |= f25519_ed25519_verify(sig, 64, msg, sizeof msg, pub, 32, F25519_VERIFY_OPENSSL) == F25519_OK;
    printf("static_consumer (backend %s): %s\n", f25519_backend(), bad ? "FAIL" : "ok");
    return bad;
}
