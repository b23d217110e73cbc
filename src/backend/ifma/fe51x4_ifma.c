/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The exponentiations on fe51x4 lanes (field/pow_chain.h): inversion
 * z^(p-2), two interleaved inversions (fe4_invert2: the chain is
 * latency-bound), and the two square-root exponentiations of the
 * verification's decodings (fe4_pow22523_x2).
 */
/* GCC's pre-register-allocation scheduler (off by default on x86) spreads
 * the independent IFMA chains of these straight-line blocks better than
 * source order: measured -5% (single ladder) and -4% (x8) on Zen 4. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("schedule-insns", "sched-pressure")
#endif
#include "backend/ifma/fe51x4_ifma.h"
#include "field/pow_chain.h"
#include "common/wipe.h"


/* Lock-step lanes of chains (N = 1 or 2 arrays of elements): every operation
 * of field/pow_chain.h is applied to each, so that the two latency-bound
 * chains of fe4_invert2 interleave. (Uses the caller's N, i_ and r_.) */
#define FE4N_MUL_(h, f, g) for (i_ = 0; i_ < N; i_++) fe4_mul(&(h)[i_], &(f)[i_], &(g)[i_])
#define FE4N_SQR_(h, f) for (i_ = 0; i_ < N; i_++) fe4_sqr(&(h)[i_], &(f)[i_])
#define FE4N_SQRN_(h, f, n)                                                        \
    do {                                                                           \
        for (i_ = 0; i_ < N; i_++) fe4_sqr(&(h)[i_], &(f)[i_]);                    \
        for (r_ = 1; r_ < (n); r_++)                                               \
            for (i_ = 0; i_ < N; i_++) fe4_sqr(&(h)[i_], &(h)[i_]);                \
    } while (0)

/* out[0..N) = z[0..N)^(p-2); the temporaries are powers of a secret-derived Z. */
#define FE4_INV_BODY(NN, out, z)                                                   \
    do {                                                                           \
        enum { N = NN };                                                           \
        fe51x4 t0[N], t1[N], t2[N], z9[N], z11[N];                                 \
        int i_, r_;                                                                \
        F25519_POW_2_250_1(FE4N_MUL_, FE4N_SQR_, FE4N_SQRN_, t1, z11, z, t0, t1, t2, z9); \
        F25519_INVERT_TAIL(FE4N_MUL_, FE4N_SQRN_, out, t1, z11);                   \
        f25519_wipe(t0, sizeof t0); f25519_wipe(t1, sizeof t1);                    \
        f25519_wipe(t2, sizeof t2); f25519_wipe(z9, sizeof z9);                    \
        f25519_wipe(z11, sizeof z11);                                              \
    } while (0)

F25519_IFMA_TARGET void fe4_invert(fe51x4 *out, const fe51x4 *z)
{
    FE4_INV_BODY(1, out, z);
}

F25519_IFMA_TARGET void fe4_invert2(fe51x4 *out_a, fe51x4 *out_b, const fe51x4 *a, const fe51x4 *b)
{
    fe51x4 in[2] = { *a, *b }, o[2];
    FE4_INV_BODY(2, o, in);
    *out_a = o[0];
    *out_b = o[1];
    f25519_wipe(in, sizeof in);
    f25519_wipe(o, sizeof o);
}

/* lanes 0, 1 of z -> z^(2^252 - 3). Limbs < 2^52 in, R4 out (public data:
 * the verification's decodings, nothing to wipe). */
F25519_IFMA_TARGET static void fe4_pow22523(fe51x4 *out, const fe51x4 *z)
{
    enum { N = 1 };
    fe51x4 t[1], z11[1], t0[1], t1[1], t2[1], z9[1];
    int i_, r_;
    F25519_POW_2_250_1(FE4N_MUL_, FE4N_SQR_, FE4N_SQRN_, t, z11, z, t0, t1, t2, z9);
    F25519_POW22523_TAIL(FE4N_MUL_, FE4N_SQRN_, out, t, z);
}

F25519_IFMA_TARGET void fe4_pow22523_x2(fe51 out[2], const fe51 in[2])
{
    fe51x4 z, r;
    uint64_t lanes[5][4] __attribute__((aligned(32)));
    for (int i = 0; i < 5; i++)
        z.v[i] = _mm256_setr_epi64x((long long)in[0].v[i], (long long)in[1].v[i],
                                    (long long)in[0].v[i], (long long)in[1].v[i]);
    fe4_pow22523(&r, &z);
    for (int i = 0; i < 5; i++) _mm256_store_si256((__m256i *)lanes[i], r.v[i]);
    for (int i = 0; i < 5; i++) {
        out[0].v[i] = lanes[i][0];
        out[1].v[i] = lanes[i][1];
    }
    fe51_carry(&out[0], &out[0]); /* R4 (< 2^51 + 2^14) -> the fe51 reduced bound */
    fe51_carry(&out[1], &out[1]);
}
