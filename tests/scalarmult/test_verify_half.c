/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Single verification with half-size scalars (run per backend:
 * verify_half_<b>), against the full-size steps 6-7 of ed25519_verify.h:
 *   ed25519_quad_scalar      vs the portable [a]A + [c]C + [b]B as double-scalar
 *                            products (random, zero, 128-bit, maximal 2^253 - 1 and
 *                            L - 1 scalars; random, mixed-order, torsion, identity points);
 *   f25519_vf_steps67        vs ed25519_double_scalar + f25519_vf_final (the status,
 *                            all three modes) on A = [a]B + T1, R = [r]B + T2 with
 *                            torsion T1, T2 (from tests/common's low-order list, also
 *                            none), S = r + k a (valid) or random, and k random or an
 *                            edge (0, 1, 2, L - 1, L - 2, 2^j, small fractions: the
 *                            fallback to full-size scalars when no short pair exists).
 * Both outcomes must occur in every mode (counted).
 */
#include "testutil.h"
#include "ops.h"
#include "ed25519_verify.h"
#include "point/ge51.h"
#include "scalar/sc25519.h"
#include "scalar/sc_halfsize.h"
#include "backend/portable/scalarmult_portable.h"

static int same_point(const ge51_p3 *p, const ge51_p3 *q)
{
    uint8_t a[32], b[32];
    ge51_tobytes(a, p);
    ge51_tobytes(b, q);
    return memcmp(a, b, 32) == 0;
}

static const uint8_t Lm1[32] = {0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                0xa2, 0xde, 0xf9, 0xde, 0x14, 0,    0,    0,    0,    0,    0,
                                0,    0,    0,    0,    0,    0,    0,    0,    0,    0x10};

static void torsion(ge51_p3 *T)
{
    uint8_t enc[32];
    tu_hex_exact(enc, 32, tu_ed25519_low_order[tu_rand_below(TU_ED25519_TORSION_N)], "T");
    ge51_frombytes_vartime(T, enc, 1);
}

static void random_point(ge51_p3 *P, int kind)
{
    uint8_t s[32], wide[64];
    tu_rand_bytes(wide, 64);
    sc25519_reduce64(s, wide);
    f25519_scalarmult_base_portable(P, s);
    if (kind % 4 == 1) { /* plus torsion */
        ge51_p3 T;
        torsion(&T);
        ge51_add(P, P, &T);
    } else if (kind % 4 == 2) { /* torsion only or identity */
        torsion(P);
    }
}

static void random_scalar(uint8_t s[32], int kind)
{
    uint8_t wide[64];
    memset(s, 0, 32);
    switch (kind % 7) {
    case 0: break;                                    /* zero */
    case 1: memset(s, 0xff, 31); s[31] = 0x1f; break; /* 2^253 - 1 */
    case 2: tu_rand_bytes(s, 16); break;              /* 128 bits */
    case 3: tu_rand_bytes(s, 17); break;              /* 136 bits */
    case 4: memcpy(s, Lm1, 32); break;
    default: tu_rand_bytes(wide, 64); sc25519_reduce64(s, wide); break;
    }
}

static void test_quad(const f25519_ops *ops, int rounds)
{
    static const uint8_t zero[32] = {0};
    for (int r = 0; r < rounds; r++) {
        uint8_t a[32], c[32], b[32];
        ge51_p3 A, C, got, ref, t;
        random_scalar(a, (int)tu_rand_below(7));
        random_scalar(c, (int)tu_rand_below(7));
        random_scalar(b, (int)tu_rand_below(7));
        random_point(&A, (int)tu_rand_below(4));
        random_point(&C, (int)tu_rand_below(4));
        ops->ed25519_quad_scalar(&got, a, &A, c, &C, b);
        f25519_double_scalarmult_portable(&ref, a, &A, b);
        f25519_double_scalarmult_portable(&t, c, &C, zero);
        ge51_add(&ref, &ref, &t);
        CHECK(same_point(&got, &ref), "%s quad_scalar round %d differs", ops->name, r);
    }
    printf("  quad_scalar: %d calls equal the portable sum of products\n", rounds);
}

/* steps 6-7 as written (full-size scalars) */
static int full_steps67(const f25519_ops *ops, const ge51_p3 AR[2], const uint8_t k[32],
                        const uint8_t S[32], int mode)
{
    ge51_p3 A, P;
    ge51_neg(&A, &AR[0]);
    ops->ed25519_double_scalar(&P, k, &A, S);
    return f25519_vf_final(&P, &AR[1], mode);
}

static void pick_k(uint8_t k[32], int kind)
{
    uint8_t wide[64];
    memset(k, 0, 32);
    switch (kind) {
    case 0: break;
    case 1: k[0] = 1; break;
    case 2: k[0] = 2; break;
    case 3: memcpy(k, Lm1, 32); break;
    case 4: memcpy(k, Lm1, 32); k[0]--; break;
    case 5: { int j = (int)tu_rand_below(253); k[j / 8] = (uint8_t)(1u << (j % 8)); break; }
    case 6: { /* a / b mod L with small a, b: (a * b^-1) via S = a, then k = S * inv... keep simple: a * 2^j */
        uint8_t a[32] = {0}, m[32] = {0};
        a[0] = (uint8_t)tu_rand_below(256);
        m[(int)tu_rand_below(31)] = 1;
        sc25519_muladd(k, a, m, (const uint8_t[32]){0});
        if (tu_rand_below(2)) { /* negate: L - k */
            uint8_t n[32];
            sc25519_muladd(n, k, Lm1, (const uint8_t[32]){0}); /* k (L - 1) = -k */
            memcpy(k, n, 32);
        }
        break;
    }
    default: tu_rand_bytes(wide, 64); sc25519_reduce64(k, wide); break;
    }
}

static void test_steps67(const f25519_ops *ops, int rounds)
{
    static const int modes[3] = {F25519_VERIFY_OPENSSL, F25519_VERIFY_STRICT, F25519_VERIFY_ZIP215};
    long ok[3] = {0}, bad[3] = {0}, half = 0, fallback = 0;
    for (int r = 0; r < rounds; r++) {
        uint8_t a[32], rr[32], k[32], S[32], wide[64];
        ge51_p3 AR[2], T;
        tu_rand_bytes(wide, 64);
        sc25519_reduce64(a, wide);
        tu_rand_bytes(wide, 64);
        sc25519_reduce64(rr, wide);
        f25519_scalarmult_base_portable(&AR[0], a);
        f25519_scalarmult_base_portable(&AR[1], rr);
        int tk = (int)tu_rand_below(4); /* 0 none, 1 A, 2 R, 3 both with torsion */
        if (tk & 1) torsion(&T), ge51_add(&AR[0], &AR[0], &T);
        if (tk & 2) torsion(&T), ge51_add(&AR[1], &AR[1], &T);
        /* R affine (Z = 1), as decoded: re-decode its encoding */
        uint8_t enc[32];
        ge51_tobytes(enc, &AR[1]);
        CHECK(ge51_frombytes_vartime(&AR[1], enc, 1) == 0, "R re-decodes");
        ge51_tobytes(enc, &AR[0]);
        CHECK(ge51_frombytes_vartime(&AR[0], enc, 1) == 0, "A re-decodes");
        pick_k(k, (int)tu_rand_below(12));
        if (tu_rand_below(4)) sc25519_muladd(S, k, a, rr); /* S = r + k a */
        else tu_rand_bytes(wide, 64), sc25519_reduce64(S, wide);
        f25519_halfsize h;
        if (f25519_sc_halfsize_vartime(&h, k)) half++;
        else fallback++;
        for (int m = 0; m < 3; m++) {
            int want = full_steps67(ops, AR, k, S, modes[m]);
            int got = f25519_vf_steps67(ops, AR, k, S, modes[m]);
            CHECK(got == want, "%s steps67 round %d mode %d torsion %d: status %d, full-size %d", ops->name, r,
                  modes[m], tk, got, want);
            if (want == F25519_OK) ok[m]++;
            else bad[m]++;
        }
    }
    for (int m = 0; m < 3; m++)
        CHECK(ok[m] > 0 && bad[m] > 0, "mode %d: both outcomes covered (%ld OK, %ld not)", modes[m], ok[m], bad[m]);
    CHECK(half > 0 && fallback > 0, "both paths covered (%ld half, %ld fallback)", half, fallback);
    printf("  steps67: %d items x 3 modes equal the full-size steps (OK/not: openssl %ld/%ld, strict %ld/%ld, "
           "zip215 %ld/%ld; half-size %ld, fallback %ld)\n",
           rounds, ok[0], bad[0], ok[1], bad[1], ok[2], bad[2], half, fallback);
}

int main(int argc, char **argv)
{
    const char *name = "verify_half";
    tu_backend_setup(name);
    tu_rng_init();
    int rounds = argc > 1 ? atoi(argv[1]) : 2000;
    const f25519_ops *ops = f25519_ops_get();
    if (!ops->ed25519_quad_scalar) {
        printf("  %s: no ed25519_quad_scalar (full-size verification path); steps67 still checked\n", ops->name);
    } else {
        test_quad(ops, rounds);
    }
    test_steps67(ops, rounds);
    return tu_finish(name);
}
