/*
 * Variable-time double-scalar multiplication [a]A + [b]B for verification
 * (public inputs only). Both scalars in width-w NAF: w = 5 for A (odd
 * multiples A..15A computed per call, cached form), w = 8 for B (odd
 * multiples B..127B from base_table.c, affine). One doubling per bit, an
 * addition per non-zero digit (about 253/6 + 253/9).
 */
#include <string.h>
#include "scalarmult/scalarmult_portable.h"
#include "scalarmult/base_table.h"

/* Width-w NAF of a 256-bit scalar: naf[i] odd in (-2^(w-1), 2^(w-1)) or 0,
 * at most one non-zero in any w consecutive digits. 257 digits suffice. */
void f25519_wnaf_vartime(int8_t naf[257], const uint8_t s[32], int w)
{
    uint64_t k[5] = {0};
    for (int i = 0; i < 32; i++) k[i / 8] |= (uint64_t)s[i] << (8 * (i % 8));
    const int64_t width = (int64_t)1 << w, half = width >> 1;
    memset(naf, 0, 257);
    for (int i = 0; i < 257; i++) {
        if ((k[0] | k[1] | k[2] | k[3] | k[4]) == 0) break;
        if (k[0] & 1) {
            int64_t d = (int64_t)(k[0] & (uint64_t)(width - 1));
            if (d >= half) d -= width;
            naf[i] = (int8_t)d;
            /* k -= d */
            if (d > 0) {
                uint64_t borrow = (uint64_t)d;
                for (int j = 0; j < 5 && borrow; j++) {
                    uint64_t o = k[j];
                    k[j] = o - borrow;
                    borrow = o < borrow;
                }
            } else {
                uint64_t carry = (uint64_t)(-d);
                for (int j = 0; j < 5 && carry; j++) {
                    k[j] += carry;
                    carry = k[j] < carry;
                }
            }
        }
        for (int j = 0; j < 4; j++) k[j] = (k[j] >> 1) | (k[j + 1] << 63);
        k[4] >>= 1;
    }
}

void f25519_ge51_double_scalarmult_vartime(ge51_p3 *r, const uint8_t a[32], const ge51_p3 *A,
                                           const uint8_t b[32])
{
    int8_t na[257], nb[257];
    ge51_cached Ai[8]; /* A, 3A, ..., 15A */
    ge51_p1p1 t;
    ge51_p3 u, A2;
    ge51_p2 s;

    f25519_wnaf_vartime(na, a, 5);
    f25519_wnaf_vartime(nb, b, F25519_BASE_ODD_WIDTH);

    ge51_p3_to_cached(&Ai[0], A);
    ge51_dbl(&A2, A);
    for (int i = 1; i < 8; i++) {
        ge51_add_cached(&t, &A2, &Ai[i - 1]);
        ge51_p1p1_to_p3(&u, &t);
        ge51_p3_to_cached(&Ai[i], &u);
    }

    int i = 256;
    while (i >= 0 && na[i] == 0 && nb[i] == 0) i--;
    ge51_identity(r);
    if (i < 0) return; /* a = b = 0 */
    ge51_p3_to_p2(&s, r);
    for (; i >= 0; i--) {
        ge51_p2_dbl(&t, &s);
        if (na[i] > 0) {
            ge51_p1p1_to_p3(&u, &t);
            ge51_add_cached(&t, &u, &Ai[na[i] / 2]);
        } else if (na[i] < 0) {
            ge51_p1p1_to_p3(&u, &t);
            ge51_sub_cached(&t, &u, &Ai[(-na[i]) / 2]);
        }
        if (nb[i] > 0) {
            ge51_p1p1_to_p3(&u, &t);
            ge51_madd(&t, &u, &f25519_base_odd[nb[i] / 2]);
        } else if (nb[i] < 0) {
            ge51_p1p1_to_p3(&u, &t);
            ge51_msub(&t, &u, &f25519_base_odd[(-nb[i]) / 2]);
        }
        ge51_p1p1_to_p2(&s, &t);
    }
    ge51_p1p1_to_p3(r, &t); /* t: the last loop result, r needs T too */
}
