/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * z^((p-5)/8) = z^(2^252 - 3) in 4 lanes, two chains in lock step
 * (field/pow_chain.h, the one addition chain: 251 squarings, 11
 * multiplications per chain), on the out-of-line f25519_fe25x4_mul and
 * f25519_fe25x4_sqr_pair (the x8 ladder's squaring, rows two at a time: a
 * few percent faster than f25519_fe25x4_sqr in two interleaved chains).
 */
#include "backend/avx2/fe25x4_pow_avx2.h"
#include "field/pow_chain.h"

#define P2_MUL_(h, f, g) for (i_ = 0; i_ < 2; i_++) f25519_fe25x4_mul(&(h)[i_], &(f)[i_], &(g)[i_])
#define P2_SQR_(h, f) for (i_ = 0; i_ < 2; i_++) f25519_fe25x4_sqr_pair(&(h)[i_], &(f)[i_])
#define P2_SQRN_(h, f, n)                                                                          \
    do {                                                                                           \
        for (i_ = 0; i_ < 2; i_++) f25519_fe25x4_sqr_pair(&(h)[i_], &(f)[i_]);                     \
        for (r_ = 1; r_ < (n); r_++)                                                               \
            for (i_ = 0; i_ < 2; i_++) f25519_fe25x4_sqr_pair(&(h)[i_], &(h)[i_]);                 \
    } while (0)

F25519_AVX2_TARGET void f25519_fe25x4_pow22523_2(fe25x4 *out_a, fe25x4 *out_b, const fe25x4 *a, const fe25x4 *b)
{
    fe25x4 z[2] = {*a, *b}, t0[2], t1[2], t2[2], z9[2], z11[2], o[2];
    int i_, r_;
    F25519_POW_2_250_1(P2_MUL_, P2_SQR_, P2_SQRN_, t1, z11, z, t0, t1, t2, z9);
    F25519_POW22523_TAIL(P2_MUL_, P2_SQRN_, o, t1, z);
    *out_a = o[0];
    *out_b = o[1];
}
