/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * SHA-512's eight rounds t .. t+7 (FIPS 180-4 6.4.2 step 3) with the roles of
 * the working variables a..h rotated through the arguments of
 * ROUND(a, b, c, d, e, f, g, h, t, w), one position per round, instead of
 * eight moves: the one unrolling for sha512.c and the lanes of
 * sha512_x8_avx512.c / sha512_x8_avx2.c (each brings its ROUND and its word
 * expression WX(t)). ROUND leaves the new a in its h argument and adds to
 * its d argument.
 */
#ifndef F25519_SHA512_ROUNDS_H
#define F25519_SHA512_ROUNDS_H
#define F25519_SHA512_R8(ROUND, t, WX)                   \
    ROUND(a, b, c, d, e, f, g, h, (t) + 0, WX((t) + 0)); \
    ROUND(h, a, b, c, d, e, f, g, (t) + 1, WX((t) + 1)); \
    ROUND(g, h, a, b, c, d, e, f, (t) + 2, WX((t) + 2)); \
    ROUND(f, g, h, a, b, c, d, e, (t) + 3, WX((t) + 3)); \
    ROUND(e, f, g, h, a, b, c, d, (t) + 4, WX((t) + 4)); \
    ROUND(d, e, f, g, h, a, b, c, (t) + 5, WX((t) + 5)); \
    ROUND(c, d, e, f, g, h, a, b, (t) + 6, WX((t) + 6)); \
    ROUND(b, c, d, e, f, g, h, a, (t) + 7, WX((t) + 7))

/* The same on vectors (sha512_x8_*.c), one message per lane: the operations
 * come from the prefix P (P##_ADD(x, y): lane-wise sum; P##_K(t): the
 * constant in every lane; P##_S0, _S1, _s0, _s1, _CH, _MAJ: FIPS 180-4
 * 4.1.3's functions), the round ROUND, the schedule in the circular window
 * W (W[t mod 16] overwritten by W[t], t >= 16), the 80 rounds on a..h. */
#define F25519_SHA512_VROUND(P, a, b, c, d, e, f, g, h, t, w)                                        \
    do {                                                                                           \
        __typeof__(a) k_ = P##_ADD((h), P##_ADD(P##_K(t), (w)));                                   \
        __typeof__(a) c_ = P##_CH((e), (f), (g));                                                  \
        __typeof__(a) s_ = P##_S1(e);                                                              \
        __typeof__(a) t1_ = P##_ADD(P##_ADD(k_, c_), s_);                                          \
        (d) = P##_ADD(P##_ADD(P##_ADD((d), k_), c_), s_);                                          \
        (h) = P##_ADD(P##_ADD(t1_, P##_MAJ((a), (b), (c))), P##_S0(a));                            \
    } while (0)
#define F25519_SHA512_VSCHED(P, W, t)                                                              \
    ((W)[(t) & 15] = P##_ADD(P##_ADD((W)[(t) & 15], P##_s0((W)[((t) + 1) & 15])),                  \
                             P##_ADD((W)[((t) + 9) & 15], P##_s1((W)[((t) + 14) & 15]))))
#define F25519_SHA512_V80(ROUND, WL, WS)                                                            \
    do {                                                                                           \
        F25519_SHA512_R8(ROUND, 0, WL);                                                            \
        F25519_SHA512_R8(ROUND, 8, WL);                                                            \
        for (int t_ = 16; t_ < 80; t_ += 16) {                                                     \
            F25519_SHA512_R8(ROUND, t_, WS);                                                       \
            F25519_SHA512_R8(ROUND, t_ + 8, WS);                                                   \
        }                                                                                          \
    } while (0)
#endif
