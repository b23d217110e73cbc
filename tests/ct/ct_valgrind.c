/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Constant-time check with secrets marked undefined (valgrind memcheck:
 * VALGRIND_MAKE_MEM_UNDEFINED) or poisoned (MemorySanitizer: __msan_poison):
 * X25519 public key from private (keygen), X25519 derive, Ed25519 public key
 * (keygen) and sign (pure, ctx, ph), and the x8 batch entries. Any branch on a
 * secret (valgrind: also any secret memory index) makes the tool report an
 * error; valgrind runs with --error-exitcode=1, MSan aborts. Outputs are marked
 * defined again before they are compared.
 *
 * ct_valgrind [--leak-branch|--leak-index|--leak-via-library]: the self-checks
 * run a deliberately leaky toy function instead, to prove the harness can fail
 * (CTest WILL_FAIL); the last one branches on a shared secret the library
 * computed from a marked secret, proving the marking reaches the library.
 *
 * MSan caveat: MemorySanitizer approximates the shadow of add/sub as the OR of
 * the operand shadows (no carry propagation), so a mask derived from a secret
 * by arithmetic (eq_mask: (x - 1) >> 31, or 0 - bit) counts as initialized and
 * whatever it selects is no longer tracked. MSan therefore sees secret
 * branches up to such masks; valgrind (portable here, mulx in
 * tests/ct/test_ct_mulx.c) and the dudect test (every backend) cover the rest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ct_check.h"
#include "fast25519.h"
#include "testutil.h"

#define ITER 3

/* ---- self-check toys: must be reported ---- */
static volatile int sink;
__attribute__((noinline)) static void leaky_branch(const uint8_t *secret)
{
    if (secret[0] & 1) { /* secret-dependent branch */
        sink = sink + 1;
        puts("(leaky toy: odd branch)");
    } else {
        sink = sink - 1;
    }
}
__attribute__((noinline)) static void leaky_index(const uint8_t *secret)
{
    static volatile uint8_t table[256]; /* volatile: the load cannot be folded away */
    sink = table[secret[0]]; /* secret-dependent memory address */
}

/* The secret's undefinedness must survive the trip through the library: a
 * branch on a shared secret computed from it (not declassified) must be
 * reported. (The derive, not the fixed-base path: MSan propagates add/sub
 * shadow without carries, so a mask like (x - 1) >> 31 built from a secret
 * comes out "defined" and the fixed-base output loses its poison; valgrind's
 * propagation keeps it. See the MSan caveat in the report/README.) */
__attribute__((noinline)) static void leaky_via_library(const uint8_t *secret)
{
    uint8_t peer[32] = {9}, shared[32];
    f25519_x25519_derive(shared, secret, peer, 32);
    if (shared[0] & 1) puts("(leaky toy: odd shared secret)");
    else sink = sink + 1;
}

/* Does the secret mark reach an output? If not, the tool lost track inside
 * (e.g. MSan and arithmetic masks) and was blind to any leak after that point.
 * Required where the tool is the designated check: valgrind on every backend
 * it runs, MSan on ifma; informational otherwise (MSan on portable/mulx). */
static int taint_required;
static void taint(const char *what, const void *p, size_t n)
{
    int t = ct_tainted(p, n);
    printf("  %-20s secret mark reaches the output: %s\n", what,
           t == 1 ? "yes" : t == 0 ? "NO (the tool lost track inside; later code unchecked)" : "unknown");
    if (t == 0 && taint_required) {
        tu_fail("%s: %s cannot see this operation to its end", what, CT_TOOL);
    }
}

static void fill(uint8_t *b, size_t n, int i)
{
    if (i == 0) memset(b, 0, n);
    else if (i == 1) memset(b, 0xff, n);
    else tu_rand_bytes(b, n);
}

static void x25519_ops(void)
{
    for (int i = 0; i < ITER; i++) {
        uint8_t a[32], b[32], pa[32], pb[32], sa[32], sb[32];
        fill(a, 32, i);
        tu_rand_bytes(b, 32);
        CT_SECRET(a, 32);
        CT_SECRET(b, 32);
        int r1 = f25519_x25519_public(pa, a);
        int r2 = f25519_x25519_public(pb, b);
        if (i == 0) taint("x25519_public", pa, 32);
        CT_PUBLIC(pa, 32); /* public keys are published */
        CT_PUBLIC(pb, 32);
        int r3 = f25519_x25519_derive(sa, a, pb, 32);
        int r4 = f25519_x25519_derive(sb, b, pa, 32);
        if (i == 0) taint("x25519_derive", sa, 32);
        CT_PUBLIC(&r1, sizeof r1); CT_PUBLIC(&r2, sizeof r2);
        CT_PUBLIC(&r3, sizeof r3); CT_PUBLIC(&r4, sizeof r4);
        CT_PUBLIC(sa, 32);
        CT_PUBLIC(sb, 32);
        CHECK(r1 == 0 && r2 == 0 && r3 == 0 && r4 == 0 && !memcmp(sa, sb, 32), "x25519: the two sides disagree");
    }
    uint8_t k8[8][32], u8[8][32], o8[8][32], one[32];
    int st[8];
    for (int l = 0; l < 8; l++) fill(k8[l], 32, l);
    tu_rand_bytes(u8, sizeof u8);
    for (int l = 0; l < 8; l++) f25519_x25519_public(u8[l], u8[l]); /* valid peers */
    CT_SECRET(k8, sizeof k8);
    int r = f25519_x25519_keygen_x8(o8, (const uint8_t(*)[32])k8);
    taint("x25519_keygen_x8", o8, sizeof o8);
    CT_PUBLIC(o8, sizeof o8);
    CT_PUBLIC(&r, sizeof r);
    CHECK(r == 0, "x25519_keygen_x8");
    r = f25519_x25519_derive_x8(o8, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])u8, st);
    taint("x25519_derive_x8", o8, sizeof o8);
    CT_PUBLIC(o8, sizeof o8);
    CT_PUBLIC(&r, sizeof r);
    CT_PUBLIC(st, sizeof st);
    CT_PUBLIC(k8, sizeof k8);
    f25519_x25519_derive(one, k8[5], u8[5], 32);
    CHECK(r == 0 && !memcmp(one, o8[5], 32), "x25519_derive_x8 lane 5");
}

static void ed25519_ops(void)
{
    static const uint8_t ctx[3] = {'f', 'o', 'o'};
    uint8_t msg[100];
    tu_rand_bytes(msg, sizeof msg);
    for (int i = 0; i < ITER; i++) {
        uint8_t seed[32], pub[32], sig[64], sig2[64], sig3[64], sig4[64];
        fill(seed, 32, i);
        CT_SECRET(seed, 32);
        int r1 = f25519_ed25519_public(pub, seed);
        if (i == 0) taint("ed25519_public", pub, 32);
        CT_PUBLIC(pub, 32);
        int r2 = f25519_ed25519_sign(sig, msg, sizeof msg, seed, pub);
        int r3 = f25519_ed25519_sign(sig2, msg, 7, seed, NULL);
        int r4 = f25519_ed25519_sign_ex(sig3, msg, 50, seed, pub, F25519_ED25519CTX, ctx, 3);
        int r5 = f25519_ed25519_sign_ex(sig4, msg, 50, seed, pub, F25519_ED25519PH, NULL, 0);
        if (i == 0) {
            taint("ed25519_sign R", sig, 32);
            taint("ed25519_sign S", sig + 32, 32);
        }
        CT_PUBLIC(sig, 64); CT_PUBLIC(sig2, 64); CT_PUBLIC(sig3, 64); CT_PUBLIC(sig4, 64);
        CT_PUBLIC(&r1, sizeof r1); CT_PUBLIC(&r2, sizeof r2); CT_PUBLIC(&r3, sizeof r3);
        CT_PUBLIC(&r4, sizeof r4); CT_PUBLIC(&r5, sizeof r5);
        CHECK(r1 == 0 && r2 == 0 && r3 == 0 && r4 == 0 && r5 == 0, "ed25519 sign");
        CHECK(f25519_ed25519_verify(sig, 64, msg, sizeof msg, pub, 32, F25519_VERIFY_STRICT) == 0 &&
             f25519_ed25519_verify(sig2, 64, msg, 7, pub, 32, F25519_VERIFY_STRICT) == 0 &&
             f25519_ed25519_verify_ex(sig3, 64, msg, 50, pub, 32, 0, F25519_ED25519CTX, ctx, 3) == 0 &&
             f25519_ed25519_verify_ex(sig4, 64, msg, 50, pub, 32, 0, F25519_ED25519PH, NULL, 0) == 0,
             "ed25519: a signature made under the CT check does not verify");
    }
    uint8_t s8[8][32], o8[8][32], one[32];
    for (int l = 0; l < 8; l++) fill(s8[l], 32, l);
    CT_SECRET(s8, sizeof s8);
    int r = f25519_ed25519_keygen_x8(o8, (const uint8_t(*)[32])s8);
    taint("ed25519_keygen_x8", o8, sizeof o8);
    CT_PUBLIC(o8, sizeof o8);
    CT_PUBLIC(&r, sizeof r);
    CT_PUBLIC(s8, sizeof s8);
    f25519_ed25519_public(one, s8[6]);
    CHECK(r == 0 && !memcmp(one, o8[6], 32), "ed25519_keygen_x8 lane 6");
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        uint8_t secret[32];
        memset(secret, 0x5b, sizeof secret);
        CT_SECRET(secret, sizeof secret);
        printf("self-check under %s: %s (the tool must report it)\n", CT_TOOL, argv[1]);
        fflush(stdout);
        if (!strcmp(argv[1], "--leak-branch")) leaky_branch(secret);
        else if (!strcmp(argv[1], "--leak-index")) leaky_index(secret);
        else if (!strcmp(argv[1], "--leak-via-library")) leaky_via_library(secret);
        else { fprintf(stderr, "unknown option %s\n", argv[1]); return 2; }
        printf("leaky toy returned without a report\n");
        return 0;
    }
    const char *backend = tu_backend_setup("constant time (" CT_TOOL ")");
#ifdef CT_MSAN
    taint_required = !strcmp(backend, "ifma");
#else
    taint_required = backend != NULL;
#endif
    setvbuf(stdout, NULL, _IONBF, 0);
    {   /* reproducible: fixed seed unless F25519_TEST_SEED says otherwise */
        if (!getenv("F25519_TEST_SEED")) setenv("F25519_TEST_SEED", "25519", 1);
        tu_rng_init();
    }
    x25519_ops();
    printf("x25519 public/derive/keygen_x8/derive_x8: done\n");
    ed25519_ops();
    printf("ed25519 public/sign/sign_ex/keygen_x8: done\n");
    printf("constant time (%s): %s\n", CT_TOOL, tu_failures ? "FAILED (wrong results)" : "no wrong results; the tool's verdict decides");
    return tu_failures ? 1 : 0;
}
