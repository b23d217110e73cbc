/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The out-of-line part of the 4-lane radix-2^25.5 AVX2 field
 * (backend/avx2/fe25x4_avx2.h): conversions from/to bytes and the radix-2^51 fe51
 * (the canonical reduction is fe51_tobytes'), and the inversion chain of
 * field/pow_chain.h on 4 lanes (one or two interleaved chains).
 */
#include "backend/avx2/fe25x4_avx2.h"
#include "field/pow_chain.h"
#include "common/wipe.h"

/* fe51 limb j (position 51 j) = radix-2^25.5 limbs 2j (position 51 j, 26 bits)
 * and 2j + 1 (position 51 j + 26, 25 bits). */
F25519_AVX2_TARGET void f25519_fe25x4_pack(fe25x4 *h, const fe51 f[4])
{
    uint64_t l[4][10];
    for (int k = 0; k < 4; k++) {
        fe51 t;
        fe51_carry(&t, &f[k]); /* limbs < 2^51 + 2^13: limb 2j+1 = v_j >> 26 < 2^25 + 1 (R) */
        for (int j = 0; j < 5; j++) {
            l[k][2 * j] = t.v[j] & FE25X4_M26;
            l[k][2 * j + 1] = t.v[j] >> 26;
        }
        f25519_wipe(&t, sizeof t);
    }
    for (int i = 0; i < 10; i++)
        h->v[i] = _mm256_setr_epi64x((long long)l[0][i], (long long)l[1][i], (long long)l[2][i],
                                     (long long)l[3][i]);
    f25519_wipe(l, sizeof l);
}

F25519_AVX2_TARGET void f25519_fe25x4_unpack(fe51 out[4], const fe25x4 *f)
{
    fe25x4 t;
    uint64_t l[10][4] __attribute__((aligned(32)));
    fe25x4_carry(&t, f); /* R: limb 2j + (limb 2j+1 << 26) < 2^26 + 2^17 + 2^51 + 2^43 < 2^52 */
    for (int i = 0; i < 10; i++) _mm256_store_si256((__m256i *)l[i], t.v[i]);
    for (int k = 0; k < 4; k++) {
        for (int j = 0; j < 5; j++) out[k].v[j] = l[2 * j][k] + (l[2 * j + 1][k] << 26);
        fe51_carry(&out[k], &out[k]);
    }
    f25519_wipe(&t, sizeof t);
    f25519_wipe(l, sizeof l);
}

void f25519_fe25x4_frombytes(fe25x4 *h, const uint8_t s[4][32])
{
    fe51 t[4];
    for (int k = 0; k < 4; k++) fe51_frombytes(&t[k], s[k]); /* bit 255 dropped, limbs < 2^51 */
    f25519_fe25x4_pack(h, t);
    f25519_wipe(t, sizeof t);
}

void f25519_fe25x4_tobytes(uint8_t s[4][32], const fe25x4 *f)
{
    fe51 t[4];
    f25519_fe25x4_unpack(t, f);
    for (int k = 0; k < 4; k++) fe51_tobytes(s[k], &t[k]);
    f25519_wipe(t, sizeof t);
}

F25519_AVX2_TARGET __attribute__((noinline)) void f25519_fe25x4_mul(fe25x4 *h, const fe25x4 *f, const fe25x4 *g)
{
    fe25x4_mul(h, f, g);
}

F25519_AVX2_TARGET __attribute__((noinline)) void f25519_fe25x4_mul_k(fe25x4 *h, const fe25x4 *f, const fe25x4 *g)
{
    fe25x4_kop q;
    fe25x4_kprep(&q, g);
    fe25x4_mul_k(h, f, g, &q);
}

F25519_AVX2_TARGET __attribute__((noinline)) void f25519_fe25x4_mul_kq(fe25x4 *h, const fe25x4 *f, const fe25x4 *g,
                                                                     const fe25x4_kop *q)
{
    fe25x4_mul_k(h, f, g, q);
}

F25519_AVX2_TARGET __attribute__((noinline)) void f25519_fe25x4_sqr(fe25x4 *h, const fe25x4 *f)
{
    fe25x4_sqr(h, f);
}

F25519_AVX2_TARGET __attribute__((noinline)) void f25519_fe25x4_sqr_pair(fe25x4 *h, const fe25x4 *f)
{
    fe25x4_sqr_pair(h, f);
}

/* Lock-step chains (N = 1 or 2 arrays of elements; uses the caller's N, i_, r_). */
#define F25N_MUL_(h, f, g) for (i_ = 0; i_ < N; i_++) f25519_fe25x4_mul(&(h)[i_], &(f)[i_], &(g)[i_])
#define F25N_SQR_(h, f) for (i_ = 0; i_ < N; i_++) f25519_fe25x4_sqr(&(h)[i_], &(f)[i_])
#define F25N_SQRN_(h, f, n)                                                        \
    do {                                                                           \
        for (i_ = 0; i_ < N; i_++) f25519_fe25x4_sqr(&(h)[i_], &(f)[i_]);                 \
        for (r_ = 1; r_ < (n); r_++)                                               \
            for (i_ = 0; i_ < N; i_++) f25519_fe25x4_sqr(&(h)[i_], &(h)[i_]);             \
    } while (0)

/* out[0..N) = z[0..N)^(p-2); the temporaries are powers of a secret-derived z. */
#define F25X4_INV_BODY(NN, out, z)                                                 \
    do {                                                                           \
        enum { N = NN };                                                           \
        fe25x4 t0[N], t1[N], t2[N], z9[N], z11[N];                                 \
        int i_, r_;                                                                \
        F25519_POW_2_250_1(F25N_MUL_, F25N_SQR_, F25N_SQRN_, t1, z11, z, t0, t1, t2, z9); \
        F25519_INVERT_TAIL(F25N_MUL_, F25N_SQRN_, out, t1, z11);                   \
        f25519_wipe(t0, sizeof t0); f25519_wipe(t1, sizeof t1);                    \
        f25519_wipe(t2, sizeof t2); f25519_wipe(z9, sizeof z9);                    \
        f25519_wipe(z11, sizeof z11);                                              \
    } while (0)

F25519_AVX2_TARGET void f25519_fe25x4_invert(fe25x4 *out, const fe25x4 *z)
{
    fe25x4 in[1] = { *z }, o[1];
    F25X4_INV_BODY(1, o, in);
    *out = o[0];
    f25519_wipe(in, sizeof in);
    f25519_wipe(o, sizeof o);
}

F25519_AVX2_TARGET void f25519_fe25x4_invert2(fe25x4 *out_a, fe25x4 *out_b, const fe25x4 *a, const fe25x4 *b)
{
    fe25x4 in[2] = { *a, *b }, o[2];
    F25X4_INV_BODY(2, o, in);
    *out_a = o[0];
    *out_b = o[1];
    f25519_wipe(in, sizeof in);
    f25519_wipe(o, sizeof o);
}
