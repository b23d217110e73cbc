/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * f25519_threads: the API is documented as safe to call concurrently (the
 * provider runs inside multi-threaded servers). Four threads run keygen_x8,
 * derive, derive_x8, sign and verify on shared read-only inputs and compare
 * every result with the one computed single-threaded first. Run per backend
 * (and under ASan+UBSan in the sanitizer build).
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "fast25519.h"
#include "testutil.h"

#define THREADS 4
#define CASES 64
#define ROUNDS 6

static uint8_t priv[CASES][32], peer[CASES][32], shared[CASES][32], pub8[CASES / 8][8][32];
static uint8_t seed[CASES][32], epub[CASES][32], msg[CASES][48], sig[CASES][64];
static long errors[THREADS];

static void *worker(void *arg)
{
    long id = (long)arg, bad = 0;
    for (int r = 0; r < ROUNDS; r++) {
        for (int i = 0; i < CASES; i++) {
            uint8_t out[32], s[64], o8[8][32];
            int c = (i + r * 7 + (int)id * 13) % CASES;
            if (f25519_x25519_derive(out, priv[c], peer[c], 32) != F25519_OK || memcmp(out, shared[c], 32)) bad++;
            if (f25519_ed25519_sign(s, msg[c], sizeof msg[c], seed[c], epub[c]) != F25519_OK || memcmp(s, sig[c], 64))
                bad++;
            if (f25519_ed25519_verify(sig[c], 64, msg[c], sizeof msg[c], epub[c], 32, F25519_VERIFY_OPENSSL) != F25519_OK)
                bad++;
            if (c % 8 == 0) {
                if (f25519_x25519_keygen_x8(o8, (const uint8_t(*)[32])priv[c]) != F25519_OK ||
                    memcmp(o8, pub8[c / 8], sizeof o8))
                    bad++;
                if (f25519_x25519_derive_x8(o8, (const uint8_t(*)[32])priv[c], (const uint8_t(*)[32])peer[c], NULL) !=
                        F25519_OK ||
                    memcmp(o8, shared[c], sizeof o8))
                    bad++;
            }
        }
    }
    errors[id] = bad;
    return NULL;
}

int main(void)
{
    tu_backend_setup("threads");
    tu_rng_init();
    for (int i = 0; i < CASES; i++) {
        uint8_t k[32];
        tu_rand_bytes(priv[i], 32);
        tu_rand_bytes(k, 32);
        f25519_x25519_public(peer[i], k);
        tu_rand_bytes(seed[i], 32);
        tu_rand_bytes(msg[i], sizeof msg[i]);
        if (f25519_x25519_derive(shared[i], priv[i], peer[i], 32) != F25519_OK ||
            f25519_ed25519_public(epub[i], seed[i]) != F25519_OK ||
            f25519_ed25519_sign(sig[i], msg[i], sizeof msg[i], seed[i], epub[i]) != F25519_OK) {
            printf("FAIL: single-threaded reference computation failed\n");
            return 1;
        }
    }
    for (int b = 0; b < CASES / 8; b++) f25519_x25519_keygen_x8(pub8[b], (const uint8_t(*)[32])priv[8 * b]);
    pthread_t th[THREADS];
    for (long t = 0; t < THREADS; t++)
        if (pthread_create(&th[t], NULL, worker, (void *)t) != 0) {
            printf("FAIL: pthread_create\n");
            return 1;
        }
    for (int t = 0; t < THREADS; t++) {
        pthread_join(th[t], NULL);
        CHECK(errors[t] == 0, "thread %d: %ld results differ from the single-threaded ones", t, errors[t]);
    }
    printf("  %d threads x %d rounds x %d cases (derive, sign, verify, keygen_x8, derive_x8)\n", THREADS, ROUNDS, CASES);
    return tu_finish("threads");
}
