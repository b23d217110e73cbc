/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The exponentiation chains mod p = 2^255 - 19, written once for every field
 * type (fe51.c, fe64_mulx.h, fe51x4_ifma.c, fe51x8_ifma.c):
 *   z^(2^250 - 1), with z^11 on the way: 249 squarings, 9 multiplications;
 *   invert:   z^(p-2)     = (z^(2^250-1))^(2^5) * z^11   (2^255 - 21)
 *   pow22523: z^((p-5)/8) = (z^(2^250-1))^(2^2) * z      (2^252 - 3)
 * A field instantiates them with three operation macros on its element
 * pointers (or arrays, for lock-step lanes): MUL(h, f, g), SQR(h, f) and
 * SQRN(h, f, n) (n >= 1 squarings; h may be f). t0, t1, t2, z9 are
 * temporaries of the caller (the caller wipes them if z is secret).
 */
#ifndef F25519_FIELD_POW_CHAIN_H
#define F25519_FIELD_POW_CHAIN_H

#define F25519_POW_2_250_1(MUL, SQR, SQRN, out250, z11, z, t0, t1, t2, z9)                         \
    do {                                                                                           \
        SQR(t0, z);             /* 2 */                                                            \
        SQRN(t1, t0, 2);        /* 8 */                                                            \
        MUL(z9, t1, z);         /* 9 */                                                            \
        MUL(z11, z9, t0);       /* 11 */                                                           \
        SQR(t0, z11);           /* 22 */                                                           \
        MUL(t0, t0, z9);        /* 2^5 - 1 */                                                      \
        SQRN(t1, t0, 5);                                                                           \
        MUL(t0, t1, t0);        /* 2^10 - 1 */                                                     \
        SQRN(t1, t0, 10);                                                                          \
        MUL(t1, t1, t0);        /* 2^20 - 1 */                                                     \
        SQRN(t2, t1, 20);                                                                          \
        MUL(t1, t2, t1);        /* 2^40 - 1 */                                                     \
        SQRN(t1, t1, 10);                                                                          \
        MUL(t0, t1, t0);        /* 2^50 - 1 */                                                     \
        SQRN(t1, t0, 50);                                                                          \
        MUL(t1, t1, t0);        /* 2^100 - 1 */                                                    \
        SQRN(t2, t1, 100);                                                                         \
        MUL(t1, t2, t1);        /* 2^200 - 1 */                                                    \
        SQRN(t1, t1, 50);                                                                          \
        MUL(out250, t1, t0);    /* 2^250 - 1 */                                                    \
    } while (0)

/* out = z^(p-2) from t250 = z^(2^250 - 1) (overwritten) and z11 = z^11. */
#define F25519_INVERT_TAIL(MUL, SQRN, out, t250, z11)                                              \
    do {                                                                                           \
        SQRN(t250, t250, 5);                                                                       \
        MUL(out, t250, z11);                                                                       \
    } while (0)

/* out = z^((p-5)/8) from t250 = z^(2^250 - 1) (overwritten) and z. */
#define F25519_POW22523_TAIL(MUL, SQRN, out, t250, z)                                              \
    do {                                                                                           \
        SQRN(t250, t250, 2);                                                                       \
        MUL(out, t250, z);                                                                         \
    } while (0)
#endif
