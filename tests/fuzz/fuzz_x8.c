/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The 8-lane APIs lane by lane against the single calls, under every backend (the ifma backend
 * runs its 8-lane code; the others their fallbacks), and every backend's lanes against the
 * first backend's:
 *   f25519_x25519_keygen_x8   lane i == f25519_x25519_public(priv[i]);
 *   f25519_ed25519_keygen_x8  lane i == f25519_ed25519_public(seed[i]) (the same 32-byte inputs);
 *   f25519_x25519_derive_x8   status[i] == f25519_x25519_derive(priv[i], peer[i])'s code, the same
 *                             shared secret (zeroed on a failed lane), the call's code OK iff every
 *                             lane is OK else F25519_ERR_ZERO_SHARED; the same with status NULL.
 * Input: priv[8][32] || peer[8][32] (zero-filled when short).
 */
#include "fuzz_common.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fz_init_backends("fuzz_x8");
    return 0;
}

static uint8_t priv[8][32], peer[8][32];

static void dump_and_abort(const char *backend, int lane)
{
    fprintf(stderr, "  backend %s, lane %d\n", backend, lane);
    for (int i = 0; i < 8; i++) {
        char l[16];
        snprintf(l, sizeof l, "priv[%d]", i);
        fz_hex(l, priv[i], 32);
        snprintf(l, sizeof l, "peer[%d]", i);
        fz_hex(l, peer[i], 32);
    }
    fz_abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = {data, size};
    fz_take(&in, &priv[0][0], sizeof priv);
    fz_take(&in, &peer[0][0], sizeof peer);
    uint8_t xpub0[8][32], epub0[8][32], sh0[8][32];
    int st0[8];

    for (int b = 0; b < fz_nbackends; b++) {
        fz_select(b);
        const char *bn = fz_backends[b];
        uint8_t xpub[8][32], epub[8][32], sh[8][32], sh_nostatus[8][32], one[32];
        int st[8], rc;

        rc = f25519_x25519_keygen_x8(xpub, (const uint8_t(*)[32])priv);
        if (rc != F25519_OK) FZ_FAIL("x25519_keygen_x8 rc %d", rc), dump_and_abort(bn, -1);
        rc = f25519_ed25519_keygen_x8(epub, (const uint8_t(*)[32])priv);
        if (rc != F25519_OK) FZ_FAIL("ed25519_keygen_x8 rc %d", rc), dump_and_abort(bn, -1);
        memset(sh, 0xa5, sizeof sh);
        int rcx = f25519_x25519_derive_x8(sh, (const uint8_t(*)[32])priv, (const uint8_t(*)[32])peer, st);
        int rcn = f25519_x25519_derive_x8(sh_nostatus, (const uint8_t(*)[32])priv,
                                          (const uint8_t(*)[32])peer, NULL);
        if (fz_selftest && b == fz_nbackends - 1) sh[7][0] ^= 1;
        int all_ok = 1;
        for (int i = 0; i < 8; i++) {
            rc = f25519_x25519_public(one, priv[i]);
            if (rc != F25519_OK || memcmp(one, xpub[i], 32) != 0) {
                FZ_FAIL("x25519_keygen_x8 lane %d differs from x25519_public (rc %d)", i, rc);
                fz_hex("x8", xpub[i], 32), fz_hex("single", one, 32), dump_and_abort(bn, i);
            }
            rc = f25519_ed25519_public(one, priv[i]);
            if (rc != F25519_OK || memcmp(one, epub[i], 32) != 0) {
                FZ_FAIL("ed25519_keygen_x8 lane %d differs from ed25519_public (rc %d)", i, rc);
                fz_hex("x8", epub[i], 32), fz_hex("single", one, 32), dump_and_abort(bn, i);
            }
            memset(one, 0x5a, 32);
            rc = f25519_x25519_derive(one, priv[i], peer[i], 32);
            if (rc != st[i] || memcmp(one, sh[i], 32) != 0 || memcmp(one, sh_nostatus[i], 32) != 0) {
                FZ_FAIL("x25519_derive_x8 lane %d: status %d, single derive rc %d", i, st[i], rc);
                fz_hex("x8", sh[i], 32), fz_hex("x8 (status NULL)", sh_nostatus[i], 32);
                fz_hex("single", one, 32), dump_and_abort(bn, i);
            }
            all_ok &= rc == F25519_OK;
        }
        int want = all_ok ? F25519_OK : F25519_ERR_ZERO_SHARED;
        if (rcx != want || rcn != want)
            FZ_FAIL("x25519_derive_x8 returned %d (status NULL: %d), want %d", rcx, rcn, want),
                dump_and_abort(bn, -1);
        if (b == 0) {
            memcpy(xpub0, xpub, sizeof xpub), memcpy(epub0, epub, sizeof epub);
            memcpy(sh0, sh, sizeof sh), memcpy(st0, st, sizeof st);
        } else if (memcmp(xpub0, xpub, sizeof xpub) || memcmp(epub0, epub, sizeof epub) ||
                   memcmp(sh0, sh, sizeof sh) || memcmp(st0, st, sizeof st)) {
            FZ_FAIL("8-lane results differ from backend %s's", fz_backends[0]);
            dump_and_abort(bn, -1);
        }
    }
    return 0;
}
