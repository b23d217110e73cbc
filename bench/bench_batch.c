/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Where the ticks of batch verification go (never a test; run by hand,
 * pinned): taskset -c 1 bin/f25519_bench_batch <impl> <n> [reps] [exact|choice].
 * zip215 (default): the phases of ed25519_batch.c's one combination; exact:
 * the phases of the openssl mode's half-size path (finish_quad; A and R
 * decoded by one frombytes_x16 against two frombytes_x8, paired), and where the
 * backend has both 8-lane kernels, half-size / full-size paired (the kernels,
 * the openssl batch, zip215's per-item path). Each phase
 * timed alone over the same n signatures (32-byte messages), medians in TSC
 * ticks per signature. Then the batch / single ratios, PAIRED (the host's slow
 * spells last seconds; both sides of a ratio are timed back to back, the
 * median of 4 reps ratios is printed): one batch call against n single
 * verifications, and, when the process may run on more than one CPU (run it
 * without taskset for this line), 2 threads against 1 (throughput).
 * choice (any n >= 1): the batch / single ratios of the cost model's chunk
 * choice (ed25519_batch.c) and of each path forced, zip215 and openssl,
 * "before" being the choice it replaces (always the combination, no single
 * verification). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_ticks.h"
#include "fast25519.h"
#include "ops.h"
#include "ed25519_verify.h"
#include "common/random.h"
#include "ed25519_batch.h"
#include "scalar/sc_batch.h"
#if F25519_HAVE_AVX2_BENCH
#include "backend/avx2/msm_avx2.h"
#endif

static int cmpu(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}
#define MAXR 64
static uint64_t samp[MAXR];
static int reps = 9;
static size_t n;
static double ratios[4 * MAXR];
static int cmpd(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
/* median over 4 reps rounds of (ticks of a) / (ticks of b), a and b back to back, order alternating */
#define PAIRED(name, a, b) do { \
    int r_ = 4 * reps; \
    for (int s_ = 0; s_ < r_; s_++) { uint64_t ta_, tb_, t0_; \
        if (s_ & 1) { t0_ = f25519_bench_ticks(); b; tb_ = f25519_bench_ticks() - t0_; \
                      t0_ = f25519_bench_ticks(); a; ta_ = f25519_bench_ticks() - t0_; } \
        else { t0_ = f25519_bench_ticks(); a; ta_ = f25519_bench_ticks() - t0_; \
               t0_ = f25519_bench_ticks(); b; tb_ = f25519_bench_ticks() - t0_; } \
        ratios[s_] = (double)ta_ / (double)tb_; } \
    qsort(ratios, (size_t)r_, sizeof ratios[0], cmpd); \
    printf("  %-46s %.3f  (quartiles %.3f, %.3f; %d pairs)\n", name, ratios[r_ / 2], ratios[r_ / 4], \
           ratios[3 * r_ / 4], r_); } while (0)

static int cpus_allowed(void)
{
    cpu_set_t s;
    return sched_getaffinity(0, sizeof s, &s) == 0 ? CPU_COUNT(&s) : 1;
}

typedef struct {
    const uint8_t **ps, **pm, **pp;
    const size_t *len;
    int *st;
} batch_in;

/* the paired batch / single ratios for one mode */
static void paired_lines(const batch_in *in, int mode, const char *name)
{
    PAIRED(name, f25519_ed25519_verify_batch(n, in->ps, in->pm, in->len, in->pp, mode, 1, in->st),
           for (size_t i = 0; i < n; i++) in->st[i] = f25519_ed25519_verify(in->ps[i], 64, in->pm[i], 32,
                                                                          in->pp[i], 32, mode));
    if (cpus_allowed() > 1)
        PAIRED("paired: 2 threads / 1 thread, throughput", /* ticks of 1 thread / ticks of 2 */
               f25519_ed25519_verify_batch(n, in->ps, in->pm, in->len, in->pp, mode, 1, in->st),
               f25519_ed25519_verify_batch(n, in->ps, in->pm, in->len, in->pp, mode, 2, in->st));
}
#define TIME(name, body) do { \
    for (int s_ = 0; s_ < reps; s_++) { uint64_t t0_ = f25519_bench_ticks(); body; \
        samp[s_] = f25519_bench_ticks() - t0_; } \
    qsort(samp, (size_t)reps, sizeof samp[0], cmpu); \
    printf("  %-34s %9.0f  (min %9.0f)\n", name, (double)samp[reps / 2] / (double)n, (double)samp[0] / (double)n); } while (0)

/* k[i] = H(R || A || M) mod L as batch verification computes it: eight at
 * a time with the backend's ops.sha512_x8 where it has one. */
static void challenges(const f25519_ops *ops, size_t n, uint8_t (*k)[32], uint8_t (*sig)[64], uint8_t (*pub)[32],
                       uint8_t (*msg)[32])
{
    size_t i = 0;
    for (; ops->sha512_x8 && i + 8 <= n; i += 8) {
        f25519_sha512_msg m[8];
        uint8_t h[8][64];
        for (int l = 0; l < 8; l++) m[l] = (f25519_sha512_msg){{sig[i + l], pub[i + l], msg[i + l]}, {32, 32, 32}};
        ops->sha512_x8(h, m);
        for (int l = 0; l < 8; l++) sc25519_reduce64(k[i + l], h[l]);
    }
    for (; i < n; i++) f25519_vf_challenge(k[i], F25519_ED25519, NULL, 0, sig[i], pub[i], msg[i], 32);
}

/* choice: the per-item / combination choice of ed25519_batch.c against
 * what it replaces (a combination from 2 pending items, no single
 * verification), both / single verification x n, paired in one process */
static void choice_lines(const batch_in *in, int mode, const char *mname)
{
    char nm[96];
    for (int policy = 0; policy < 4; policy++) {
        static const char *what[4] = {"cost model", "before (always combined)", "forced combination",
                                      "forced per-item (8 lanes)"};
        f25519_batch_single_max = policy == 0 ? SIZE_MAX : 0;
        f25519_batch_combine_min = policy == 0 ? SIZE_MAX : policy == 3 ? SIZE_MAX - 1 : 2;
        if (policy == 2 && mode != F25519_VERIFY_ZIP215) continue;
        if (policy == 1 && mode != F25519_VERIFY_ZIP215) what[1] = "before (8 lanes, no singles)";
        if (policy == 3 && mode != F25519_VERIFY_ZIP215) continue;
        snprintf(nm, sizeof nm, "%s %s / single x n", mname, what[policy]);
        paired_lines(in, mode, nm);
    }
    f25519_batch_single_max = f25519_batch_combine_min = SIZE_MAX;
    snprintf(nm, sizeof nm, "%s cost model / before (direct pairs)", mname);
    PAIRED(nm,
           (f25519_batch_single_max = f25519_batch_combine_min = SIZE_MAX,
            f25519_ed25519_verify_batch(n, in->ps, in->pm, in->len, in->pp, mode, 1, in->st)),
           (f25519_batch_single_max = 0, f25519_batch_combine_min = 2,
            f25519_ed25519_verify_batch(n, in->ps, in->pm, in->len, in->pp, mode, 1, in->st)));
    f25519_batch_single_max = f25519_batch_combine_min = SIZE_MAX;
}

static uint8_t enc_sink;
static void encode_one(const ge51_p3 *P)
{
    fe51 zi, x, y;
    uint8_t e[32];
    fe51_invert(&zi, &P->Z);
    fe51_mul(&x, &P->X, &zi);
    fe51_mul(&y, &P->Y, &zi);
    fe51_tobytes(e, &y);
    enc_sink ^= e[0] ^ (uint8_t)fe51_isnegative(&x);
}

int main(int argc, char **argv)
{
    if (argc < 3) { fprintf(stderr, "usage: %s backend n [reps] [exact|choice]\n", argv[0]); return 2; }
    if (f25519_select_backend(argv[1]) != F25519_OK) { fprintf(stderr, "no backend %s\n", argv[1]); return 2; }
    n = (size_t)atoi(argv[2]);
    if (argc > 3) reps = atoi(argv[3]);
    const int choice = argc > 4 && strcmp(argv[4], "choice") == 0;
    if (reps < 1 || reps > MAXR || n < 1 || (!choice && (n < 8 || n % 8))) return 2;
    const f25519_ops *ops = f25519_ops_get();
    uint8_t (*pub)[32] = malloc(n * 32), (*msg)[32] = malloc(n * 32), (*sig)[64] = malloc(n * 64);
    const uint8_t **pp = malloc(n * sizeof *pp), **pm = malloc(n * sizeof *pm), **ps = malloc(n * sizeof *ps);
    size_t *len = malloc(n * sizeof *len);
    int *st = malloc(n * sizeof *st);
    ge51_p3 *A = malloc(n * sizeof *A), *P = malloc(2 * n * sizeof *P);
    uint8_t (*k)[32] = malloc(n * 32), (*sc)[32] = malloc(2 * n * 32), (*z)[16] = malloc(n * 16);
    for (size_t i = 0; i < n; i++) {
        uint8_t seed[32];
        f25519_randombytes(seed, 32);
        f25519_randombytes(msg[i], 32);
        f25519_ed25519_keygen(seed, pub[i]);
        f25519_ed25519_sign(sig[i], msg[i], 32, seed, pub[i]);
        pp[i] = pub[i]; pm[i] = msg[i]; ps[i] = sig[i]; len[i] = 32;
    }
    const batch_in in = {.ps = ps, .pm = pm, .pp = pp, .len = len, .st = st};
    printf("impl %s n %zu: ticks per signature (median of %d, min)\n", argv[1], n, reps);
    static const uint8_t ZERO32[32];
    if (choice) {
        choice_lines(&in, F25519_VERIFY_ZIP215, "zip215");
        choice_lines(&in, F25519_VERIFY_OPENSSL, "openssl");
        return 0;
    }
    if (argc > 4 && strcmp(argv[4], "exact") == 0) {
        /* openssl mode: A lenient, R strict; the half-size quad path */
        ge51_p3 *R = P + n;
        TIME("pre-decode checks", for (size_t i = 0; i < n; i++) st[i] = f25519_vf_pre_decode(sig[i], pub[i], F25519_VERIFY_OPENSSL));
        TIME("decode A (frombytes_x8, lenient)", for (size_t i = 0; i < n; i += 8) f25519_ops_ed25519_frombytes_x8(ops, A + i, pp + i, 0xff));
        TIME("decode R (frombytes_x8, strict)", for (size_t i = 0; i < n; i += 8) f25519_ops_ed25519_frombytes_x8(ops, R + i, ps + i, 0));
        {   /* batch verification's one call per eight signatures: A's in lanes 0..7, R's in 8..15 */
            const uint8_t **par = malloc(2 * n * sizeof *par);
            ge51_p3 *AR = malloc(2 * n * sizeof *AR);
            for (size_t i = 0; i < n; i += 8)
                for (size_t l = 0; l < 8; l++) { par[2 * i + l] = pp[i + l]; par[2 * i + 8 + l] = ps[i + l]; }
            TIME("decode A and R (frombytes_x16)", for (size_t i = 0; i < n; i += 8) f25519_ops_ed25519_frombytes_x16(ops, AR + 2 * i, par + 2 * i, 0xff));
            PAIRED("paired: decode A and R, x16 / two x8",
                   for (size_t i = 0; i < n; i += 8) f25519_ops_ed25519_frombytes_x16(ops, AR + 2 * i, par + 2 * i, 0xff),
                   for (size_t i = 0; i < n; i += 8) { f25519_ops_ed25519_frombytes_x8(ops, A + i, pp + i, 0xff);
                                                       f25519_ops_ed25519_frombytes_x8(ops, R + i, ps + i, 0); });
            free(par);
            free(AR);
        }
        TIME("challenge k (SHA-512 + reduce)", challenges(ops, n, k, sig, pub, msg));
        f25519_halfsize *h = malloc(n * sizeof *h);
        uint8_t (*e)[32] = malloc(n * 32);
        int okh = 1;
        TIME("half-size reduction (sc_halfsize)", for (size_t i = 0; i < n; i++) okh &= f25519_sc_halfsize_vartime(&h[i], k[i]));
        TIME("e = (-c S) mod L", for (size_t i = 0; i < n; i++) sc25519_muladd(e[i], h[i].negc, sig[i] + 32, ZERO32));
        ge51_p3 *Aq = malloc(n * sizeof *Aq), *Rq = malloc(n * sizeof *Rq), *Q = malloc(n * sizeof *Q);
        uint8_t (*dd)[32] = malloc(n * 32), (*cc)[32] = malloc(n * 32);
        TIME("lane setup (signs, copies)", for (size_t i = 0; i < n; i++) {
            Aq[i] = A[i]; if (h[i].d_neg) ge51_neg(&Aq[i], &Aq[i]);
            Rq[i] = R[i]; if (h[i].c_neg) ge51_neg(&Rq[i], &Rq[i]);
            memcpy(dd[i], h[i].d, 32); memcpy(cc[i], h[i].c, 32); });
        if (ops->ed25519_quad_scalar_x8)
            TIME("quad_scalar_x8", for (size_t i = 0; i < n; i += 8)
                 ops->ed25519_quad_scalar_x8(Q + i, (const uint8_t(*)[32])(dd + i), Aq + i,
                                             (const uint8_t(*)[32])(cc + i), Rq + i, (const uint8_t(*)[32])(e + i)));
        int okq = 1;
        if (ops->ed25519_quad_scalar_x8)
            TIME("final check (identity)", for (size_t i = 0; i < n; i++) okq &= ge51_is_identity_vartime(&Q[i]));
        if (ops->ed25519_quad_scalar_x8 && ops->ed25519_double_scalar_x8) {
            /* the kernels of both exact paths, and the whole batch each way, paired */
            uint8_t (*s8)[32] = malloc(n * 32);
            ge51_p3 *An = malloc(n * sizeof *An);
            for (size_t i = 0; i < n; i++) { memcpy(s8[i], sig[i] + 32, 32); ge51_neg(&An[i], &A[i]); }
            PAIRED("paired: quad_scalar_x8 / double_scalar_x8",
                   for (size_t i = 0; i < n; i += 8)
                       ops->ed25519_quad_scalar_x8(Q + i, (const uint8_t(*)[32])(dd + i), Aq + i,
                                                   (const uint8_t(*)[32])(cc + i), Rq + i, (const uint8_t(*)[32])(e + i)),
                   for (size_t i = 0; i < n; i += 8)
                       ops->ed25519_double_scalar_x8(P + i, (const uint8_t(*)[32])(k + i), An + i,
                                                     (const uint8_t(*)[32])(s8 + i)));
            PAIRED("paired: batch half-size / full-size, openssl",
                   (f25519_batch_full_size = -1,
                    f25519_ed25519_verify_batch(n, ps, pm, len, pp, F25519_VERIFY_OPENSSL, 1, st)),
                   (f25519_batch_full_size = 1,
                    f25519_ed25519_verify_batch(n, ps, pm, len, pp, F25519_VERIFY_OPENSSL, 1, st)));
            f25519_batch_single_max = 0; /* zip215's per-item path, no single verification */
            f25519_batch_combine_min = SIZE_MAX - 1;
            PAIRED("paired: zip215 per-item half-size / full-size",
                   (f25519_batch_full_size = -1,
                    f25519_ed25519_verify_batch(n, ps, pm, len, pp, F25519_VERIFY_ZIP215, 1, st)),
                   (f25519_batch_full_size = 1,
                    f25519_ed25519_verify_batch(n, ps, pm, len, pp, F25519_VERIFY_ZIP215, 1, st)));
            f25519_batch_single_max = f25519_batch_combine_min = SIZE_MAX;
            f25519_batch_full_size = 0;
            free(s8);
            free(An);
        }
        if (!ops->ed25519_quad_scalar_x8) {
            /* the path its exact batches take: P = [k](-A) + [S]B, eight per call, then enc(P) == R */
            uint8_t (*s8)[32] = malloc(n * 32);
            for (size_t i = 0; i < n; i++) { memcpy(s8[i], sig[i] + 32, 32); ge51_neg(&Aq[i], &A[i]); }
            TIME("double_scalar_x8 (no quad_scalar_x8)", for (size_t i = 0; i < n; i += 8)
                 f25519_ops_ed25519_double_scalar_x8(ops, Q + i, (const uint8_t(*)[32])(k + i), Aq + i,
                                                     (const uint8_t(*)[32])(s8 + i)));
            TIME("encode P, one inversion each (batch: 1/64)", for (size_t i = 0; i < n; i++) encode_one(&Q[i]));
            free(s8);
        }
        TIME("whole verify_batch (openssl)", f25519_ed25519_verify_batch(n, ps, pm, len, pp, F25519_VERIFY_OPENSSL, 1, st));
        int okb = 1;
        for (size_t i = 0; i < n; i++) okb &= st[i] == F25519_OK;
        TIME("single verify x n (openssl)", for (size_t i = 0; i < n; i++) st[i] = f25519_ed25519_verify(sig[i], 64, msg[i], 32, pub[i], 32, F25519_VERIFY_OPENSSL));
        paired_lines(&in, F25519_VERIFY_OPENSSL, "paired: batch / (single verify x n), openssl");
        printf("  halfsize %s, quad %s, batch %s\n", okh ? "all" : "NOT all", okq ? "ok" : "FAILS", okb ? "ok" : "FAILS");
        return okh && okq && okb ? 0 : 1;
    }
    TIME("pre-decode checks", for (size_t i = 0; i < n; i++) st[i] = f25519_vf_pre_decode(sig[i], pub[i], F25519_VERIFY_ZIP215));
    TIME("decode A (frombytes_x8)", for (size_t i = 0; i < n; i += 8) f25519_ops_ed25519_frombytes_x8(ops, A + i, pp + i, 0xff));
    TIME("decode R (frombytes_x8)", for (size_t i = 0; i < n; i += 8) f25519_ops_ed25519_frombytes_x8(ops, P + n + i, ps + i, 0xff));
    TIME("challenge k (SHA-512 + reduce)", challenges(ops, n, k, sig, pub, msg));
    uint8_t b[32];
    TIME("scalars (z, z k, sum z S, -b)", { /* as ed25519_batch.c's combination_part */
        f25519_batch_draw_z(ops, z, n);
        f25519_sc_acc acc;
        f25519_sc_acc_init(&acc);
        for (size_t i = 0; i < n; i++) {
            P[i] = A[i];
            f25519_sc_mul128_lt253(sc[i], z[i], k[i]);
            memcpy(sc[n + i], z[i], 16);
            memset(sc[n + i] + 16, 0, 16);
            f25519_sc_acc_muladd128(&acc, z[i], sig[i] + 32);
        }
        f25519_sc_acc_reduce(b, &acc);
        f25519_sc_neg(b, b);
    });
    ge51_p3 Q;
    TIME("MSM (2n points + [b]B)", ops->ed25519_msm(&Q, 2 * n, (const uint8_t(*)[32])sc, P, b, NULL));
    int ok = ge51_is_small_order_vartime(&Q);
    TIME("  MSM part: n A points (253-bit)", ops->ed25519_msm(&Q, n, (const uint8_t(*)[32])sc, P, NULL, NULL));
    TIME("  MSM part: n R points (128-bit)", ops->ed25519_msm(&Q, n, (const uint8_t(*)[32])(sc + n), P + n, NULL, NULL));
    TIME("  MSM part: [b]B alone", ops->ed25519_msm(&Q, 0, (const uint8_t(*)[32])sc, P, b, NULL));
#if F25519_HAVE_AVX2_BENCH
    if (strncmp(argv[1], "avx2", 4) == 0) {
        int nw, c = f25519_msm_avx2_width(2 * n, (const uint8_t(*)[32])sc, &nw);
        ge51_p3 T[64];
        printf("  avx2 windows: c = %d, nw = %d\n", c, nw);
        TIME("  avx2 window sums alone", f25519_msm_avx2_windows(T, 2 * n, (const uint8_t(*)[32])sc, P, c, nw, NULL));
        for (int cc = 4; cc <= 10; cc++) {
            int w2;
            char nm[64];
            (void)f25519_msm_avx2_width(2 * n, (const uint8_t(*)[32])sc, &w2);
            w2 = (253 + cc - 1) / cc;
            snprintf(nm, sizeof nm, "  avx2 window sums c = %d", cc);
            TIME(nm, f25519_msm_avx2_windows(T, 2 * n, (const uint8_t(*)[32])sc, P, cc, w2, NULL));
        }
    }
#endif
    TIME("final check (small order)", ok &= ge51_is_small_order_vartime(&Q) | 1);
    TIME("whole f25519_ed25519_verify_batch", f25519_ed25519_verify_batch(n, ps, pm, len, pp, F25519_VERIFY_ZIP215, 1, st));
    for (size_t i = 0; i < n; i++) ok &= st[i] == F25519_OK;
    TIME("single verify x n", for (size_t i = 0; i < n; i++) st[i] = f25519_ed25519_verify(sig[i], 64, msg[i], 32, pub[i], 32, F25519_VERIFY_ZIP215));
    paired_lines(&in, F25519_VERIFY_ZIP215, "paired: batch / (single verify x n), zip215");
    printf("  combination %s\n", ok ? "holds" : "FAILS");
    return ok ? 0 : 1;
}
