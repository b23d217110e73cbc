/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SHA-512: FIPS 180-4 example vectors and differential vs OpenSSL SHA512. */
#include <openssl/sha.h>
#include "testutil.h"
#include "hash/sha512.h"

static void check_hex(const char *msg, size_t len, const char *hex)
{
    uint8_t want[64], got[64];
    tu_hex_decode_n(want, 64, hex, 128);
    f25519_sha512(got, msg, len);
    CHECK(memcmp(got, want, 64) == 0, "vector len=%zu", len);
}

int main(void)
{
    tu_rng_init();
    /* FIPS 180-4 / NIST CSRC examples */
    check_hex("abc", 3,
              "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
              "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
    check_hex("", 0,
              "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce"
              "47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e");
    const char *m448 = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    check_hex(m448, strlen(m448),
              "204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c335"
              "96fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445");
    const char *m896 = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                       "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
    check_hex(m896, strlen(m896),
              "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018"
              "501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");
    /* one million 'a' via streaming in odd chunks */
    {
        f25519_sha512_ctx c;
        uint8_t a[997], got[64], want[64];
        memset(a, 'a', sizeof a);
        f25519_sha512_init(&c);
        size_t left = 1000000;
        while (left) {
            size_t n = left < sizeof a ? left : sizeof a;
            f25519_sha512_update(&c, a, n);
            left -= n;
        }
        f25519_sha512_final(&c, got);
        tu_hex_exact(want, 64,
                     "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973eb"
                     "de0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b", "million a");
        CHECK(memcmp(got, want, 64) == 0, "million a");
    }
    /* differential vs OpenSSL, one-shot and split at random points */
    static uint8_t buf[1001];
    for (int it = 0; it < 3000; it++) {
        size_t len = (size_t)(tu_rand64() % 1001);
        tu_rand_bytes(buf, len);
        uint8_t got[64], want[64], got2[64];
        SHA512(buf, len, want);
        f25519_sha512(got, buf, len);
        CHECK(memcmp(got, want, 64) == 0, "diff len=%zu", len);
        f25519_sha512_ctx c;
        f25519_sha512_init(&c);
        size_t off = 0;
        while (off < len) {
            size_t n = (size_t)(tu_rand64() % 300);
            if (n > len - off) n = len - off;
            f25519_sha512_update(&c, buf + off, n);
            off += n;
        }
        f25519_sha512_final(&c, got2);
        CHECK(memcmp(got2, want, 64) == 0, "diff streaming len=%zu", len);
    }
    return tu_finish("test_sha512");
}
