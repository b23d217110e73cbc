/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Batch verification vs single verification on arbitrary batches, under every backend:
 * f25519_ed25519_verify_batch's status[i] must be exactly the code f25519_ed25519_verify returns
 * for item i (fast25519.h), in each mode (openssl, strict, zip215: the zip215 path first tries a
 * random linear combination of the chunk), and its return code OK iff every item is OK, ARG if an
 * item has a NULL pointer, else VERIFY.
 * Input: byte n (n % 41 items), byte o (mode o % 3; threads (o >> 2) & 3: 1, 2, 0 = one per CPU, 3),
 * then per item a kind byte k:
 *   k % 4 == 0 or 3: pub[32] sig[64] mlen msg[mlen]              (raw)
 *   k % 4 == 1:      seed[32] pos xv mlen msg[mlen]              (signed, then byte pos % 96 of
 *                                                                 sig||pub XORed with xv)
 *   k % 4 == 2:      the previous item repeated (same pointers)
 *   k & 0x80 with k & 0x40: the item's sig (k & 0x20) or pub pointer is NULL.
 * Short inputs are zero-filled, so every item exists.
 */
#include "fuzz_common.h"

#define MAXN 40

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fz_init_backends("fuzz_batch_verify");
    return 0;
}

static uint8_t pubs[MAXN][32], sigs[MAXN][64], msgs[MAXN][255];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    size_t n = fz_byte(&in) % (MAXN + 1);
    uint8_t o = fz_byte(&in);
    int mode = o % 3;
    static const unsigned THREADS[4] = {1, 2, 0, 3};
    unsigned threads = THREADS[(o >> 2) & 3];
    const uint8_t *sig[MAXN], *pub[MAXN], *msg[MAXN];
    size_t mlen[MAXN];

    for (size_t i = 0; i < n; i++) {
        uint8_t k = fz_byte(&in);
        if (k % 4 == 2 && i > 0) {
            sig[i] = sig[i - 1], pub[i] = pub[i - 1], msg[i] = msg[i - 1], mlen[i] = mlen[i - 1];
        } else if (k % 4 == 1) {
            uint8_t seed[32];
            fz_take(&in, seed, 32);
            uint8_t pos = fz_byte(&in), xv = fz_byte(&in);
            mlen[i] = fz_byte(&in);
            fz_take(&in, msgs[i], mlen[i]);
            if (f25519_ed25519_public(pubs[i], seed) != F25519_OK ||
                f25519_ed25519_sign(sigs[i], msgs[i], mlen[i], seed, pubs[i]) != F25519_OK) {
                FZ_FAIL("signing a batch item failed");
                fz_abort();
            }
            if (xv) {
                unsigned p = pos % 96u;
                if (p < 64) sigs[i][p] ^= xv;
                else pubs[i][p - 64] ^= xv;
            }
            sig[i] = sigs[i], pub[i] = pubs[i], msg[i] = msgs[i];
        } else {
            fz_take(&in, pubs[i], 32);
            fz_take(&in, sigs[i], 64);
            mlen[i] = fz_byte(&in);
            fz_take(&in, msgs[i], mlen[i]);
            sig[i] = sigs[i], pub[i] = pubs[i], msg[i] = msgs[i];
        }
        if ((k & 0xc0) == 0xc0) {
            if (k & 0x20) sig[i] = NULL;
            else pub[i] = NULL;
        }
    }

    for (int b = 0; b < fz_nbackends; b++) {
        fz_select(b);
        int status[MAXN + 1], want[MAXN + 1];
        for (size_t i = 0; i <= n && i <= MAXN; i++) status[i] = 12345;
        int rc = f25519_ed25519_verify_batch(n, sig, msg, mlen, pub, mode, threads, status);
        if (fz_selftest && b == fz_nbackends - 1 && n > 0) status[n - 1] ^= 1;
        int any_arg = 0, all_ok = 1;
        const char *why = NULL;
        size_t bad = 0;
        for (size_t i = 0; i < n; i++) {
            want[i] = f25519_ed25519_verify(sig[i], 64, msg[i], mlen[i], pub[i], 32, mode);
            any_arg |= want[i] == F25519_ERR_ARG;
            all_ok &= want[i] == F25519_OK;
            if (!why && status[i] != want[i]) why = "status differs from single verification", bad = i;
        }
        int want_rc = any_arg ? F25519_ERR_ARG : all_ok ? F25519_OK : F25519_ERR_VERIFY;
        if (!why && rc != want_rc) why = "return code";
        if (!why && n < MAXN + 1 && status[n] != 12345) why = "status written past n", bad = n;
        if (why) {
            FZ_FAIL("ed25519 verify batch, backend %s, mode %d, threads %u, n %zu: %s (item %zu)",
                    fz_backends[b], mode, threads, n, why, bad);
            fprintf(stderr, "  batch rc %d, want %d\n", rc, want_rc);
            for (size_t i = 0; i < n; i++) {
                fprintf(stderr, "  item %zu: batch %d single %d\n", i, status[i], want[i]);
                if (sig[i]) fz_hex("sig", sig[i], 64);
                if (pub[i]) fz_hex("pub", pub[i], 32);
                fz_hex("msg", msg[i], mlen[i]);
            }
            fz_abort();
        }
    }
    return 0;
}
