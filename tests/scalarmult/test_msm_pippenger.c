/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The multi-scalar multiplication of batch verification, both methods of
 * msm_wnaf.h (Straus, Pippenger's buckets) and the automatic choice, for the
 * portable (radix 2^51) and mulx (radix 2^64, skipped where not built or the
 * CPU lacks BMI2/ADX) instantiations, vs the naive sum of single products
 * (f25519_double_scalarmult_portable per point): n = 0, 1, 2, 7, 64, 300,
 * 1100; random 253-bit and 128-bit scalars mixed with the edge scalars 0,
 * L - 1 and 2^253 - 1; points [s]B, some with a torsion component, and the
 * identity; b random, 0 or an edge scalar. And the signed digits
 * (f25519_msm_digits, every width, both carry rules) against the scalar
 * they encode.
 */
#include "testutil.h"
#include "fast25519.h"
#include "ops.h"
#include "point/ge51.h"
#include "scalar/sc25519.h"
#include "backend/portable/scalarmult_portable.h"
#include "backend/mulx/scalarmult_mulx.h"
#if F25519_HAVE_AVX2
#include "backend/avx2/msm_avx2.h"
#endif
#include "scalarmult/msm_digits.h"
#if F25519_HAVE_IFMA
#include "backend/ifma/msm_buckets_ifma.h"
#include "backend/ifma/double_ifma.h"
#endif

static const uint8_t L_MINUS_1[32] = {0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                      0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                      0, 0, 0, 0x10};

static void scalar(uint8_t s[32], int kind)
{
    memset(s, 0, 32);
    switch (kind) {
    case 0: break; /* 0 */
    case 1: memcpy(s, L_MINUS_1, 32); break;
    case 2: memset(s, 0xff, 32); s[31] = 0x1f; break; /* 2^253 - 1 */
    case 3: case 4: case 5: tu_rand_bytes(s, 16); break; /* 128-bit (the z_i) */
    default: tu_rand_bytes(s, 32); s[31] &= 0x1f; break; /* < 2^253 */
    }
}

/* kind 0: [s]B, 1: [s]B + a torsion point, 2: the identity; affine: Z = 1
 * (as decoded points have: the ifma addends' eight-lane path) */
static void point(ge51_p3 *P, int kind, int affine)
{
    uint8_t s[32], wide[64], enc[32];
    tu_rand_bytes(wide, 64);
    sc25519_reduce64(s, wide);
    f25519_scalarmult_base_portable(P, s);
    if (kind == 1) {
        ge51_p3 T;
        tu_hex_exact(enc, 32, tu_ed25519_low_order[tu_rand_below(TU_ED25519_TORSION_N)], "T");
        ge51_frombytes_vartime(&T, enc, 1);
        ge51_add(P, P, &T);
    } else if (kind == 2) {
        ge51_identity(P);
    }
    if (affine) {
        ge51_tobytes(enc, P);
        CHECK(ge51_frombytes_vartime(P, enc, 1) == 0, "decoding a test point");
    }
}

static int same_point(const ge51_p3 *p, const ge51_p3 *q)
{
    uint8_t a[32], b[32];
    ge51_tobytes(a, p);
    ge51_tobytes(b, q);
    return memcmp(a, b, 32) == 0;
}

typedef void (*msm_fn)(ge51_p3 *, size_t, const uint8_t (*)[32], const ge51_p3 *, const uint8_t *, int);

#if F25519_HAVE_AVX2 || F25519_HAVE_IFMA
typedef int (*windows_fn)(ge51_p3 *, size_t, const uint8_t (*)[32], const ge51_p3 *, int, int, f25519_team *);

/* Scalars of 0 .. top only (the largest digit of window 0 is top, the other
 * windows are empty): with a team the window sums come in parts of the
 * digits 1 .. top, (0, top/2] and (top/2, top], so top = 1, 2, 3 gives the
 * empty part and lo = 1 (scalarmult/msm_windows.h's _tasks). */
static void small_scalars(const char *name, windows_fn fn, int n, const ge51_p3 *P)
{
    static const uint8_t zero[32];
    uint8_t (*a)[32] = calloc((size_t)n, 32);
    for (unsigned top = 1; top <= 4; top++)
        for (unsigned th = 1; th <= 2; th++) {
            ge51_p3 ref, t, got, T[64];
            ge51_identity(&ref);
            for (int i = 0; i < n; i++) {
                a[i][0] = (uint8_t)(i == 0 ? top : tu_rand_below(top + 1));
                f25519_double_scalarmult_portable(&t, a[i], &P[i], zero);
                ge51_add(&ref, &ref, &t);
            }
            int nw = (253 + 3) / 4;
            f25519_team *team = f25519_team_new(th);
            CHECK(fn(T, (size_t)n, (const uint8_t(*)[32])a, P, 4, nw, team) == 1, "%s windows, small scalars", name);
            f25519_team_free(team);
            f25519_msm_portable_horner(&got, nw, 4, T, zero);
            CHECK(same_point(&got, &ref), "%s window sums, scalars 0 .. %u, n = %d, threads %u differ", name, top, n,
                  th);
        }
    free(a);
}
#endif

/* f25519_msm_digits for c = 4 .. 10 and both carry rules, on scalars
 * built from the bytes where the carries start and run on (127, 128, 255,
 * ...) and random ones, with the windows of 253-bit scalars and with just
 * the scalar's own (fewer words of digits: nwp = 8, 16, 24 at c = 8):
 * sum_w d_w 2^(c w) = a, every window below the last in [-2^(c-1),
 * 2^(c-1)), the last in [0, 2^c], zeros above. */
static void test_digits(void)
{
    static const uint8_t edge[] = {0, 1, 126, 127, 128, 129, 254, 255};
    int cases = 0;
    for (int r = 0; r < 3000; r++) {
        uint8_t a[32];
        tu_rand_bytes(a, 32);
        if (r % 3) for (int i = 0; i < 32; i++) a[i] = edge[tu_rand_below(8)];
        a[31] &= r % 5 == 0 ? 0x00 : 0x1f; /* < 2^253, some < 2^248 */
        if (r % 7 == 0) memset(a + 16, 0, 16); /* 128-bit, as the z_i */
        const int bits = f25519_msm_bits(a);
        for (int cw = 0; cw < 14; cw++) { /* c = 4 .. 10, each with both window counts */
            const int c = 4 + cw / 2, own = cw % 2;
            const int nw = own ? (bits > c ? (bits + c - 1) / c : 1) : (253 + c - 1) / c, nwp = (nw + 7) / 8 * 8;
            for (int nwc = 0; nwc <= nw; nwc += nw) {
                int16_t d[64];
                f25519_msm_digits(d, nwp, nwc, a, c);
                int last = -1;
                for (int w = 0; w < nwp; w++)
                    if (d[w]) last = w;
                uint64_t v[5] = {0}; /* sum d_w 2^(c w), two's complement, from the top window down */
                for (int w = nwp - 1; w >= 0; w--) {
                    for (int k = 4; k > 0; k--) v[k] = v[k] << c | v[k - 1] >> (64 - c);
                    v[0] <<= c;
                    const uint64_t add = (uint64_t)(int64_t)d[w], ext = d[w] < 0 ? ~(uint64_t)0 : 0;
                    uint64_t cy = 0;
                    for (int k = 0; k < 5; k++) {
                        const uint64_t x = k ? ext : add, s = v[k] + x + cy;
                        cy = (s < v[k]) | (cy && s == v[k]);
                        v[k] = s;
                    }
                    const int top = w == last;
                    CHECK(top ? d[w] >= -(1 << (c - 1)) && d[w] <= (1 << c) : d[w] >= -(1 << (c - 1)) && d[w] < (1 << (c - 1)),
                          "digit %d = %d out of range (c = %d, nwc = %d)", w, d[w], c, nwc);
                }
                uint64_t want[5] = {0};
                memcpy(want, a, 32);
                CHECK(memcmp(v, want, sizeof v) == 0, "digits of c = %d, nwc = %d do not sum to the scalar", c, nwc);
                cases++;
            }
        }
    }
    printf("  digits: %d scalars x widths x carry rules sum to the scalar, in range\n", cases);
}

int main(void)
{
    tu_rng_init();
    test_digits();
    static const int sizes[] = {0, 1, 2, 7, 64, 300, 1100};
    msm_fn fns[2] = {f25519_msm_portable_method, NULL};
    const char *names[2] = {"portable", "mulx"};
#if F25519_HAVE_MULX
    uint32_t need = F25519_CPU_BMI2 | F25519_CPU_ADX;
    if ((f25519_cpu_features() & need) == need) fns[1] = f25519_msm_mulx_method;
    else printf("  mulx: CPU lacks BMI2/ADX, not tested\n");
#else
    printf("  mulx: not built, not tested\n");
#endif
    static const uint8_t zero[32];
    for (size_t si = 0; si < TU_NELEM(sizes); si++) {
        int n = sizes[si];
        uint8_t (*a)[32] = malloc((size_t)(n + 1) * 32), b[32];
        ge51_p3 *P = malloc((size_t)(n + 1) * sizeof *P), ref, t, got;
        for (int i = 0; i < n; i++) {
            /* edge scalars at the first positions, then random kinds */
            scalar(a[i], i < 3 ? i : 3 + (int)tu_rand_below(5));
            point(&P[i], i == 5 ? 2 : (int)tu_rand_below(4) == 1, si % 2 == 1);
        }
        scalar(b, (int)(si % 3 == 0 ? si % 9 : 6));
        ge51_identity(&t);
        f25519_double_scalarmult_portable(&ref, zero, &t, b);
        for (int i = 0; i < n; i++) {
            f25519_double_scalarmult_portable(&t, a[i], &P[i], zero);
            ge51_add(&ref, &ref, &t);
        }
        for (int f = 0; f < 2; f++) {
            if (!fns[f]) continue;
            for (int method = 0; method <= 2; method++) {
                fns[f](&got, (size_t)n, (const uint8_t(*)[32])a, P, b, method);
                CHECK(same_point(&got, &ref), "%s msm method %d n = %d differs from the naive sum",
                      names[f], method, n);
                if (n > 0 && method == 2) { /* all scalars at one edge value, no base part */
                    uint8_t (*e)[32] = malloc((size_t)n * 32);
                    for (int k = 0; k < 3; k++) {
                        for (int i = 0; i < n; i++) scalar(e[i], k);
                        ge51_p3 r2, s2;
                        fns[f](&r2, (size_t)n, (const uint8_t(*)[32])e, P, zero, 2);
                        fns[f](&s2, (size_t)n, (const uint8_t(*)[32])e, P, zero, 1);
                        CHECK(same_point(&r2, &s2), "%s msm edge scalar %d n = %d: Pippenger != Straus",
                              names[f], k, n);
                    }
                    free(e);
                }
            }
        }
#if F25519_HAVE_AVX2
        /* the avx2 window sums (one window per lane) for every width, then
         * the portable and mulx chains of doublings */
        if (f25519_cpu_features() & F25519_CPU_AVX2) {
            for (int cc = 3; cc <= 10; cc++) { /* cc = 3: the width and count the estimate chooses */
                ge51_p3 T[64];
                int c = cc, nw = (253 + c - 1) / c;
                if (cc == 3) c = f25519_msm_avx2_width((size_t)n, (const uint8_t(*)[32])a, &nw);
                /* 1, 2 and 3 threads (groups of eight windows from a shared counter) */
                unsigned th = 1 + (unsigned)(cc % 3);
                f25519_team *team = f25519_team_new(th);
                CHECK(f25519_msm_avx2_windows(T, (size_t)n, (const uint8_t(*)[32])a, P, c, nw, team) == 1,
                      "avx2 windows c = %d", c);
                f25519_team_free(team);
                f25519_msm_portable_horner(&got, nw, c, T, b);
                CHECK(same_point(&got, &ref), "avx2 window sums c = %d n = %d threads %u (portable chain) differ", c,
                      n, th);
#if F25519_HAVE_MULX
                if (fns[1]) {
                    f25519_msm_mulx_horner(&got, nw, c, T, b);
                    CHECK(same_point(&got, &ref), "avx2 window sums c = %d n = %d (mulx chain) differ", c, n);
                }
#endif
            }
            if (n > 0) small_scalars("avx2", f25519_msm_avx2_windows, n, P);
        }
#endif
#if F25519_HAVE_IFMA
        /* the ifma window sums (sorted digits, one bucket per lane at a time)
         * for every width (emulated: lanes_verify_batch_ifma-emu, n = 257, 520) */
        const uint32_t ifma_need = F25519_CPU_AVX512F | F25519_CPU_AVX512VL | F25519_CPU_AVX512IFMA;
        if ((f25519_cpu_features() & ifma_need) == ifma_need) {
            for (int cc = 3; cc <= 10; cc++) { /* cc = 3: the width and count the estimate chooses */
                ge51_p3 T[64];
                int c = cc, nw = (253 + c - 1) / c;
                if (cc == 3) c = f25519_msm_width((size_t)n, (const uint8_t(*)[32])a, 10, 9, &nw);
                unsigned th = 1 + (unsigned)(cc % 3); /* 1, 2 and 3 threads */
                f25519_team *team = f25519_team_new(th);
                CHECK(f25519_ifma_msm_windows(T, (size_t)n, (const uint8_t(*)[32])a, P, c, nw, team) == 1,
                      "ifma windows c = %d", c);
                f25519_team_free(team);
                f25519_msm_portable_horner(&got, nw, c, T, b);
                CHECK(same_point(&got, &ref), "ifma window sums c = %d n = %d threads %u differ", c, n, th);
                /* the ifma backend's own chain (1x4 points), with b and without */
                f25519_ifma_msm_horner(&got, nw, c, T, b);
                CHECK(same_point(&got, &ref), "ifma window sums c = %d n = %d (ifma chain) differ", c, n);
                ge51_p3 r0, g0;
                f25519_msm_portable_horner(&r0, nw, c, T, NULL);
                f25519_ifma_msm_horner(&g0, nw, c, T, NULL);
                CHECK(same_point(&g0, &r0), "ifma chain without b, c = %d n = %d differs", c, n);
            }
            if (n > 0) small_scalars("ifma", f25519_ifma_msm_windows, n, P);
        }
#endif
        free(a);
        free(P);
    }
#if F25519_HAVE_IFMA
    {
        const uint32_t ifma_need = F25519_CPU_AVX512F | F25519_CPU_AVX512VL | F25519_CPU_AVX512IFMA;
        if ((f25519_cpu_features() & ifma_need) == ifma_need)
            printf("  ifma window sums, c = 4 .. 10, 1-3 threads, + the portable and the ifma chains: equal the naive "
                   "sum\n");
        else
            printf("  ifma: CPU lacks AVX-512IFMA, window sums tested emulated (lanes_verify_batch_ifma-emu)\n");
    }
#endif
#if F25519_HAVE_AVX2
    if (f25519_cpu_features() & F25519_CPU_AVX2) printf("  avx2 window sums, c = 4 .. 10, 1-3 threads, + chains: equal the naive sum\n");
    else printf("  avx2: CPU lacks AVX2, window sums not tested\n");
#endif
    printf("  msm Straus / Pippenger / auto: n = 0 .. 1100 equal the naive sum\n");
    return tu_finish("test_msm_pippenger");
}
