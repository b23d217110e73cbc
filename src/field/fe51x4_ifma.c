/*
 * Inversion z^(p-2) = z^(2^255 - 21) on fe51x4 lanes, the usual chain
 * (254 squarings, 11 multiplications): z^(2^250 - 1) * 2^5 + 11.
 * The chain is latency-bound; fe4_invert2 interleaves two chains.
 */
/* GCC's pre-register-allocation scheduler (off by default on x86) spreads
 * the independent IFMA chains of these straight-line blocks better than
 * source order: measured -5% (single ladder) and -4% (x8) on Zen 4. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("schedule-insns", "sched-pressure")
#endif
#include "field/fe51x4_ifma.h"
#include "common/wipe.h"


/* N parallel chains (N = 1 or 2), every operation applied to each. */
#define FE4_INV_BODY(N, out, z)                                                    \
    do {                                                                           \
        fe51x4 t0[N], t1[N], t2[N], z9[N], z11[N];                                 \
        int i_, r_;                                                                \
        for (i_ = 0; i_ < N; i_++) fe4_sqr(&t0[i_], &z[i_]);           /* 2 */     \
        for (i_ = 0; i_ < N; i_++) fe4_sqr(&t1[i_], &t0[i_]);                      \
        for (i_ = 0; i_ < N; i_++) fe4_sqr(&t1[i_], &t1[i_]);          /* 8 */     \
        for (i_ = 0; i_ < N; i_++) fe4_mul(&z9[i_], &t1[i_], &z[i_]);  /* 9 */     \
        for (i_ = 0; i_ < N; i_++) fe4_mul(&z11[i_], &z9[i_], &t0[i_]); /* 11 */   \
        for (i_ = 0; i_ < N; i_++) fe4_sqr(&t0[i_], &z11[i_]);         /* 22 */    \
        for (i_ = 0; i_ < N; i_++) fe4_mul(&t0[i_], &t0[i_], &z9[i_]); /* 2^5-1 */ \
        FE4_SQRN(N, t1, t0, 5);                                                    \
        for (i_ = 0; i_ < N; i_++) fe4_mul(&t0[i_], &t1[i_], &t0[i_]); /* 2^10-1 */\
        FE4_SQRN(N, t1, t0, 10);                                                   \
        for (i_ = 0; i_ < N; i_++) fe4_mul(&t1[i_], &t1[i_], &t0[i_]); /* 2^20-1 */\
        FE4_SQRN(N, t2, t1, 20);                                                   \
        for (i_ = 0; i_ < N; i_++) fe4_mul(&t1[i_], &t2[i_], &t1[i_]); /* 2^40-1 */\
        FE4_SQRN(N, t1, t1, 10);                                                   \
        for (i_ = 0; i_ < N; i_++) fe4_mul(&t0[i_], &t1[i_], &t0[i_]); /* 2^50-1 */\
        FE4_SQRN(N, t1, t0, 50);                                                   \
        for (i_ = 0; i_ < N; i_++) fe4_mul(&t1[i_], &t1[i_], &t0[i_]); /* 2^100-1 */\
        FE4_SQRN(N, t2, t1, 100);                                                  \
        for (i_ = 0; i_ < N; i_++) fe4_mul(&t1[i_], &t2[i_], &t1[i_]); /* 2^200-1 */\
        FE4_SQRN(N, t1, t1, 50);                                                   \
        for (i_ = 0; i_ < N; i_++) fe4_mul(&t1[i_], &t1[i_], &t0[i_]); /* 2^250-1 */\
        FE4_SQRN(N, t1, t1, 5);                                                    \
        for (i_ = 0; i_ < N; i_++) fe4_mul(&out[i_], &t1[i_], &z11[i_]);           \
        /* powers of a secret-derived Z */                                         \
        f25519_wipe(t0, sizeof t0); f25519_wipe(t1, sizeof t1);                    \
        f25519_wipe(t2, sizeof t2); f25519_wipe(z9, sizeof z9);                    \
        f25519_wipe(z11, sizeof z11);                                              \
        (void)r_;                                                                  \
    } while (0)
#define FE4_SQRN(N, dst, src, n)                                                   \
    do {                                                                           \
        for (i_ = 0; i_ < N; i_++) fe4_sqr(&dst[i_], &src[i_]);                    \
        for (r_ = 1; r_ < (n); r_++)                                               \
            for (i_ = 0; i_ < N; i_++) fe4_sqr(&dst[i_], &dst[i_]);                \
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
