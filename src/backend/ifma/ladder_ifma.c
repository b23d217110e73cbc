/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Single X25519 with AVX-512IFMA: the Montgomery ladder (RFC 7748 5) with
 * the independent multiplications of each ladder step packed into the four
 * lanes of one ymm vector (4x1 field ops, fe51x4_ifma.h).
 *
 * A single ladder is a chain of dependent steps, so what counts is the
 * latency of a step, not its instruction count. One step (after the
 * conditional swap, "a" = the point being doubled, "b" = the other one;
 * A = Xa+Za, B = Xa-Za, C = Xb+Zb, D = Xb-Zb) is three rounds of one 4-lane
 * multiplication each:
 *   round 1: [D, C, A, B] * [A, B, A, B]                 = [DA, CB, AA, BB]
 *   round 2: [DA-CB, DA+CB, E, AA] * [DA-CB, DA+CB, a24, BB] = [T, X3', a24 E, X2']
 *   round 3: [T, ., E, .] * [x1, ., F, .]                  = [Z3', ., Z2', .]
 * with E = AA - BB, T = (DA-CB)^2, F = AA + a24 E (one add: AA and a24 E
 * share lane 2); X3' = (DA+CB)^2, Z3' = x1 T, X2' = AA BB, Z2' = E F.
 * Round 2's spare lane computing a24 E keeps the small-constant multiply off
 * the side path, where it competed with round 2 for the IFMA ports
 * (measured: 41.8k -> 40.6k ticks per derive). Every pair of values that is
 * combined sits in one 128-bit half, so round 2's operands need only the
 * in-lane swap fe4_swap_pairs.
 *
 * State between steps: M2 = round-2 output (X3 in lane 1, X2 in lane 3) and
 * M3 = round-3 output (Z3 in lane 0, Z2 in lane 2). M3 is left uncarried
 * (bound W4 of fe51x4_ifma.h): it only feeds the next step's additions, and
 * the carry those need anyway absorbs it (one carry round less per step on
 * the critical path). The conditional swap is folded into the lane indices
 * of the vpermq that build round 1's operands: the index vectors are
 * base XOR (swap ? 2 : 0), computed arithmetically from the secret bit (no
 * branch, no secret memory index; vpermq timing does not depend on its
 * index).
 */
/* GCC's pre-register-allocation scheduler (off by default on x86) spreads
 * the independent IFMA chains of these straight-line blocks better than
 * source order: measured -5% (single ladder) and -4% (x8) on Zen 4. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("schedule-insns", "sched-pressure")
#endif
#include <string.h>
#include "common/wipe.h"
#include "field/fe51.h"
#include "backend/ifma/fe51x4_ifma.h"
#include "backend/ifma/ladder_ifma.h"
#include "field/invert_safegcd.h"

#define A24 121665u


/* One lane of v as a plain limb array. */
F25519_IFMA_TARGET static void fe4_lane(fe51 *out, const fe51x4 *f, int lane)
{
    uint64_t tmp[4];
    for (int i = 0; i < 5; i++) {
        _mm256_storeu_si256((__m256i *)tmp, f->v[i]);
        out->v[i] = tmp[lane];
    }
    f25519_wipe(tmp, sizeof tmp);
}

F25519_IFMA_TARGET static void ladder4(fe51 *xo, fe51 *zo, const uint8_t k[32], const fe51 *x1)
{
    fe51x4 m1, m2, m3, t, w, fv, l, r, ua, va;
    /* x1 in every lane (round 3 uses lane 0). */
    fe51x4 x1v;
    for (int i = 0; i < 5; i++) x1v.v[i] = _mm256_set1_epi64x((long long)x1->v[i]);
    /* Initial state: X2 = 1, Z2 = 0, X3 = x1, Z3 = 1.
     * m2 = [0, X3, 0, X2], m3 = [Z3, 0, Z2, 0]. */
    for (int i = 0; i < 5; i++) {
        m2.v[i] = _mm256_setr_epi64x(0, (long long)x1->v[i], 0, i == 0);
        m3.v[i] = _mm256_setr_epi64x(i == 0, 0, 0, 0);
    }
    const __m256i base_uL = _mm256_setr_epi64x(1, 1, 3, 3); /* [Xb, Xb, Xa, Xa] in m2 */
    const __m256i base_vL = _mm256_setr_epi64x(0, 0, 2, 2); /* [Zb, Zb, Za, Za] in m3 */
    const __m256i base_uR = _mm256_set1_epi64x(3);          /* Xa */
    const __m256i base_vR = _mm256_set1_epi64x(2);          /* Za */
    fe51x4 a24v;                                            /* a24 in lane 2 */
    for (int i = 0; i < 5; i++) a24v.v[i] = _mm256_setr_epi64x(0, 0, i == 0 ? A24 : 0, 0);
    uint64_t swap = 0;
    for (int pos = 254; pos >= 0; pos--) {
        uint64_t bit = (uint64_t)(k[pos >> 3] >> (pos & 7)) & 1;
        uint64_t s = swap ^ bit;
        swap = bit;
        /* s = 1 exchanges the roles of the two points: lanes 1 <-> 3 of m2
         * and lanes 0 <-> 2 of m3 (index XOR 2). */
        __m256i s2 = _mm256_set1_epi64x((long long)(s << 1));
        fe4_perm(&ua, &m2, _mm256_xor_si256(base_uL, s2));
        fe4_perm(&va, &m3, _mm256_xor_si256(base_vL, s2));
        fe4_addsub_w(&l, &ua, &va, 0x9);                    /* [D, C, A, B] */
        fe4_perm(&ua, &m2, _mm256_xor_si256(base_uR, s2));
        fe4_perm(&va, &m3, _mm256_xor_si256(base_vR, s2));
        fe4_addsub_w(&r, &ua, &va, 0xA);                    /* [A, B, A, B] */
        fe4_mul(&m1, &l, &r);                               /* [DA, CB, AA, BB] */

        fe4_swap_pairs(&t, &m1);                            /* [CB, DA, BB, AA] */
        fe4_blend(&fv, &a24v, &m1, 0x8);                    /* [., ., a24, BB] */
        fe4_addsub(&w, &m1, &t, 0xD);                       /* [DA-CB, DA+CB, E, .] */
        fe4_blend(&l, &w, &t, 0x8);                         /* [DA-CB, DA+CB, E, AA] */
        fe4_blend(&r, &w, &fv, 0xC);                        /* [DA-CB, DA+CB, a24, BB] */
        fe4_mul(&m2, &l, &r);                               /* [T, X3, a24 E, X2] */

        /* F = AA + a24 E in lane 2 (AA is lane 2 of m1), then round 3 */
        fe4_addsub(&fv, &m1, &m2, 0);                       /* [., ., F, .] */
        fe4_blend(&l, &m2, &w, 0x4);                        /* [T, ., E, .] */
        fe4_blend(&r, &x1v, &fv, 0x4);                      /* [x1, ., F, .] */
        fe4_mul_w(&m3, &l, &r);                             /* [Z3, ., Z2, .], W4 */
    }
    /* final swap, then (X2, Z2) = (lane 3 or 1 of m2, lane 2 or 0 of m3) */
    __m256i s2 = _mm256_set1_epi64x((long long)(swap << 1));
    fe4_perm(&ua, &m2, _mm256_xor_si256(base_uR, s2));
    fe4_perm(&va, &m3, _mm256_xor_si256(base_vR, s2));
    fe4_lane(xo, &ua, 0);   /* X2 */
    fe4_carry(&va, &va);    /* W4 -> R4 */
    fe4_lane(zo, &va, 0);   /* Z2 */
    swap = 0;
    f25519_wipe(&m1, sizeof m1);
    f25519_wipe(&m2, sizeof m2);
    f25519_wipe(&m3, sizeof m3);
    f25519_wipe(&t, sizeof t);
    f25519_wipe(&w, sizeof w);
    f25519_wipe(&fv, sizeof fv);
    f25519_wipe(&l, sizeof l);
    f25519_wipe(&r, sizeof r);
    f25519_wipe(&ua, sizeof ua);
    f25519_wipe(&va, sizeof va);
}

void f25519_ladder_ifma(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
    fe51 x1, x2, z2;
    fe51_frombytes(&x1, u); /* drops bit 255; u >= p is a valid residue */
    ladder4(&x2, &z2, k, &x1);
    /* one inversion = one latency chain: the ifma-core's constant-time
     * safegcd (measured 6.9k ticks here) beats a 4-lane IFMA Fermat chain
     * (fe4_invert, 7.4k) and the portable one (9.0k). 0 -> 0, so a
     * low-order u gives out = 0. */
    f25519_safegcd_invert(&z2, &z2);
    fe51_mul(&x2, &x2, &z2);
    fe51_tobytes(out, &x2);
    f25519_wipe(&x2, sizeof x2);
    f25519_wipe(&z2, sizeof z2);
}
