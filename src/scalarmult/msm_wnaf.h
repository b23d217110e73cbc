/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Template: the variable-time multi-scalar multiplication of batch
 * verification (public inputs only), out = sum_i [a_i] P_i + [b] B, written
 * once for the radix-2^51 (msm_portable.c) and radix-2^64 (msm_mulx.c)
 * points. For large n, Pippenger's buckets (below, chosen by an estimate
 * of the additions). Straus with shared doublings: each P_i in width-5 NAF (recode.h)
 * over its own odd multiples P, 3P, ..., 15P (cached form), B in width-8 NAF
 * over f25519_base_odd (affine). One doubling per bit position for all
 * points together, an addition per non-zero digit. Tables on the heap; when
 * malloc fails, the points are taken one at a time (same result).
 *
 * The includer defines the DS_* names of double_wnaf.h (DS_P3, DS_P2,
 * DS_P1P1, DS_CACHED, DS_PRECOMP, DS_SETUP, DS_IDENTITY, DS_P3_TO_P2,
 * DS_P3_TO_CACHED, DS_P2_DBL, DS_P1P1_TO_P3, DS_P1P1_TO_P2, DS_ADD_CACHED,
 * DS_SUB_CACHED, DS_MADD, DS_MSUB, DS_ODD) and
 *   MS_FN             the function made: void MS_FN(ge51_p3 *out, size_t n,
 *                     const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32])
 *   MS_FROM51(r, p)   DS_P3 from a ge51_p3;  MS_TO51(r, p) ge51_p3 from a DS_P3
 * then includes this file (which #undefs them all).
 */
#include <stdlib.h>
#include <string.h>
#include "scalarmult/recode.h"
#include "tables/base_table.h"

#define MS_W 5
#define MS_CAT2(a, b) a##b
#define MS_CAT(a, b) MS_CAT2(a, b)
#define MS_CORE MS_CAT(MS_FN, _core)

/* r = sum_{i < n} [a_i] P_i (+ [b] B when b is not NULL). */
static void MS_CORE(DS_P3 *r, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t *b,
                    DS_CACHED (*tab)[8], int16_t (*naf)[256])
{
    int16_t nb[256];
    DS_P1P1 t;
    DS_P3 u, P1, P2;
    DS_P2 s;
    DS_PRECOMP q;
    DS_SETUP
    int top = b ? f25519_wnaf_vartime(nb, b, F25519_BASE_ODD_WIDTH) : 0;
    for (size_t i = 0; i < n; i++) {
        int ti = f25519_wnaf_vartime(naf[i], a[i], MS_W);
        if (ti > top) top = ti;
        MS_FROM51(&P1, &P[i]);
        DS_P3_TO_CACHED(&tab[i][0], &P1);
        DS_P3_TO_P2(&s, &P1);
        DS_P2_DBL(&t, &s);
        DS_P1P1_TO_P3(&P2, &t);
        for (int j = 1; j < 8; j++) {
            DS_ADD_CACHED(&t, &P2, &tab[i][j - 1]);
            DS_P1P1_TO_P3(&u, &t);
            DS_P3_TO_CACHED(&tab[i][j], &u);
        }
    }
    DS_IDENTITY(r);
    if (top == 0) return;
    DS_P3_TO_P2(&s, r);
    for (int i = top - 1; i >= 0; i--) {
        DS_P2_DBL(&t, &s);
        for (size_t j = 0; j < n; j++) {
            int d = naf[j][i];
            if (!d) continue;
            DS_P1P1_TO_P3(&u, &t);
            if (d > 0) DS_ADD_CACHED(&t, &u, &tab[j][d / 2]);
            else DS_SUB_CACHED(&t, &u, &tab[j][(-d) / 2]);
        }
        int d = b ? nb[i] : 0;
        if (d > 0) {
            DS_P1P1_TO_P3(&u, &t);
            DS_MADD(&t, &u, DS_ODD(&q, d / 2));
        } else if (d < 0) {
            DS_P1P1_TO_P3(&u, &t);
            DS_MSUB(&t, &u, DS_ODD(&q, (-d) / 2));
        }
        if (i > 0) DS_P1P1_TO_P2(&s, &t);
    }
    DS_P1P1_TO_P3(r, &t);
}

/* ---- Pippenger's bucket method (large n) ----
 * Signed digits in radix 2^c: a = sum d_w 2^(c w), d_w in (-2^(c-1), 2^(c-1)]
 * (the last window takes the final carry), ms_digits. Per window from the
 * top: every point with d != 0 goes to bucket |d| (negated when d < 0);
 * sum_k [k] bucket_k by the running sum (running += bucket_k from the top,
 * total += running), then acc = [2^c] acc + total. Empty buckets are
 * skipped by flags (no addition of the identity). [b]B by the Straus core
 * with n = 0 (w-NAF over f25519_base_odd). */
#define MS_PIP MS_CAT(MS_FN, _pippenger)
#define MS_DIGITS MS_CAT(MS_FN, _digits)
#define MS_NWIN(c) (256 / (c) + 2)

/* d[0..MS_NWIN(c)) = the signed radix-2^c digits of a (256 bits); returns
 * the number of windows up to the last non-zero digit. */
static int MS_DIGITS(int16_t *d, const uint8_t a[32], int c)
{
    const int nw = MS_NWIN(c), half = 1 << (c - 1);
    int carry = 0, top = 0;
    for (int w = 0; w < nw; w++) {
        int bit = c * w, byte = bit >> 3, sh = bit & 7;
        uint32_t win = 0;
        for (int k = 0; k < 3; k++)
            if (byte + k < 32) win |= (uint32_t)a[byte + k] << (8 * k);
        int v = (int)((win >> sh) & ((1u << c) - 1)) + carry;
        carry = v > half;
        v -= carry << c;
        d[w] = (int16_t)v;
        if (v) top = w + 1;
    }
    return top;
}

/* The window width for n scalars of total bit length sumbits (max maxbits):
 * additions ~ sum ceil(bits_i / c) + 2 * 2^(c-1) per window. */
static int MS_CAT(MS_FN, _width)(size_t n, uint64_t sumbits, int maxbits, uint64_t *cost)
{
    int best = 4;
    uint64_t bc = UINT64_MAX;
    for (int c = 4; c <= 14; c++) {
        uint64_t nw = (uint64_t)(maxbits + c) / c;
        uint64_t e = (sumbits + (uint64_t)n * (c / 2)) / c + nw * ((uint64_t)1 << c);
        if (e < bc) { bc = e; best = c; }
    }
    *cost = bc;
    return best;
}

/* r = sum [a_i] P_i by buckets of width c; 0 when malloc failed. */
static int MS_PIP(DS_P3 *r, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, int c)
{
    const int nw = MS_NWIN(c);
    const size_t nb = (size_t)1 << (c - 1);
    DS_CACHED *pc = malloc(n * sizeof *pc);
    int16_t *dg = malloc(n * (size_t)nw * sizeof *dg);
    DS_P3 *bk = malloc(nb * sizeof *bk);
    unsigned char *full = malloc(nb);
    if (!pc || !dg || !bk || !full) {
        free(pc); free(dg); free(bk); free(full);
        return 0;
    }
    DS_SETUP
    DS_P1P1 t;
    DS_P3 u;
    DS_P2 s;
    DS_CACHED cc;
    int top = 0;
    for (size_t i = 0; i < n; i++) {
        int ti = MS_DIGITS(dg + i * nw, a[i], c);
        if (ti > top) top = ti;
        MS_FROM51(&u, &P[i]);
        DS_P3_TO_CACHED(&pc[i], &u);
    }
/* dst += src, where dst holds nothing yet while !have (then dst = src): the
 * running sums of the buckets and the window accumulator (public data). */
#define MS_ACC(dst, src, have)              \
    do {                                    \
        if (have) {                         \
            DS_P3_TO_CACHED(&cc, &(src));   \
            DS_ADD_CACHED(&t, &(dst), &cc); \
            DS_P1P1_TO_P3(&(dst), &t);      \
        } else {                            \
            (dst) = (src);                  \
            (have) = 1;                     \
        }                                   \
    } while (0)
    DS_P3 acc, run, tot;
    int have_acc = 0;
    for (int w = top - 1; w >= 0; w--) {
        if (have_acc) { /* acc = [2^c] acc */
            DS_P3_TO_P2(&s, &acc);
            for (int k = 0; k < c; k++) {
                DS_P2_DBL(&t, &s);
                if (k + 1 < c) DS_P1P1_TO_P2(&s, &t);
            }
            DS_P1P1_TO_P3(&acc, &t);
        }
        memset(full, 0, nb);
        for (size_t i = 0; i < n; i++) {
            int d = dg[i * nw + w];
            if (!d) continue;
            size_t b = (size_t)(d > 0 ? d : -d) - 1;
            if (!full[b]) {
                if (d > 0) {
                    MS_FROM51(&bk[b], &P[i]);
                } else {
                    ge51_p3 m;
                    ge51_neg(&m, &P[i]);
                    MS_FROM51(&bk[b], &m);
                }
                full[b] = 1;
            } else {
                if (d > 0) DS_ADD_CACHED(&t, &bk[b], &pc[i]);
                else DS_SUB_CACHED(&t, &bk[b], &pc[i]);
                DS_P1P1_TO_P3(&bk[b], &t);
            }
        }
        int have_run = 0, have_tot = 0;
        for (size_t b = nb; b-- > 0;) {
            if (full[b]) MS_ACC(run, bk[b], have_run);
            if (!have_run) continue;
            MS_ACC(tot, run, have_tot);
        }
        if (!have_tot) continue;
        MS_ACC(acc, tot, have_acc);
    }
    if (have_acc) *r = acc;
    else DS_IDENTITY(r);
#undef MS_ACC
    free(pc); free(dg); free(bk); free(full);
    return 1;
}

static int ms_bits(const uint8_t a[32])
{
    for (int i = 31; i >= 0; i--)
        if (a[i]) return 8 * i + 32 - __builtin_clz((unsigned)a[i]);
    return 0;
}

/* The Straus/Pippenger crossover: Pippenger when its estimated additions
 * (MS_CAT(MS_FN, _width)) times MS_PIP_NUM / MS_PIP_DEN are below Straus's
 * (8 table additions per point plus one per 6 bits). 4/5 from timing both
 * (mulx, AMD EPYC Zen 3 (Milan), 2 vCPU KVM, half 253-bit and half 128-bit
 * scalars as in batch verification, TSC ticks per call, best of 7):
 * 128 points Straus 2.18M / Pippenger 2.30M; 192: 3.33M / 2.44M;
 * 256: 3.37M / 2.99M; 512: 8.25M / 5.33M; 2048: 32.6M / 16.6M. */
#ifndef MS_PIP_NUM
#define MS_PIP_NUM 4
#define MS_PIP_DEN 5
#endif

static void MS_CAT(MS_FN, _straus)(DS_P3 *r, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                                   const uint8_t *b)
{
    DS_CACHED (*tab)[8] = malloc((n ? n : 1) * sizeof *tab);
    int16_t (*naf)[256] = malloc((n ? n : 1) * sizeof *naf);
    if (tab && naf) {
        MS_CORE(r, n, a, P, b, tab, naf);
    } else { /* one point at a time, stack tables */
        DS_CACHED tab1[1][8], c;
        int16_t naf1[1][256];
        DS_P1P1 t;
        DS_SETUP
        MS_CORE(r, 0, a, P, b, tab1, naf1);
        for (size_t i = 0; i < n; i++) {
            DS_P3 x;
            MS_CORE(&x, 1, a + i, P + i, NULL, tab1, naf1);
            DS_P3_TO_CACHED(&c, &x);
            DS_ADD_CACHED(&t, r, &c);
            DS_P1P1_TO_P3(r, &t);
        }
    }
    free(tab);
    free(naf);
}

/* force: 0 = choose, 1 = Straus, 2 = Pippenger (tests). */
static void MS_CAT(MS_FN, _sel)(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                                const uint8_t b[32], int force)
{
    DS_P3 r;
    int pip = force == 2;
    if (force == 0 && n >= 32) {
        uint64_t sum = 0, cost;
        int mx = 0;
        for (size_t i = 0; i < n; i++) {
            int bi = ms_bits(a[i]);
            sum += (uint64_t)bi;
            if (bi > mx) mx = bi;
        }
        MS_CAT(MS_FN, _width)(n, sum, mx, &cost);
        uint64_t straus = 8 * (uint64_t)n + sum / 6;
        pip = cost * MS_PIP_NUM < straus * MS_PIP_DEN;
    }
    int done = 0;
    if (pip) {
        uint64_t sum = 0, cost;
        int mx = 0;
        for (size_t i = 0; i < n; i++) {
            int bi = ms_bits(a[i]);
            sum += (uint64_t)bi;
            if (bi > mx) mx = bi;
        }
        int c = MS_CAT(MS_FN, _width)(n, sum, mx, &cost);
        if (MS_PIP(&r, n, a, P, c)) {
            done = 1;
            if (b) { /* r += [b]B */
                DS_P3 rb;
                DS_CACHED tab1[1][8], cc;
                int16_t naf1[1][256];
                DS_P1P1 t;
                DS_SETUP
                MS_CORE(&rb, 0, a, P, b, tab1, naf1);
                DS_P3_TO_CACHED(&cc, &rb);
                DS_ADD_CACHED(&t, &r, &cc);
                DS_P1P1_TO_P3(&r, &t);
            }
        }
    }
    if (!done) MS_CAT(MS_FN, _straus)(&r, n, a, P, b);
    MS_TO51(out, &r);
}

void MS_FN(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P, const uint8_t b[32])
{
    MS_CAT(MS_FN, _sel)(out, n, a, P, b, 0);
}

void MS_CAT(MS_FN, _method)(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                            const uint8_t b[32], int method)
{
    MS_CAT(MS_FN, _sel)(out, n, a, P, b, method);
}

/* out = sum_{w < nw} [2^(c w)] T_w + [b]B (b may be NULL; c (nw - 1) <= 252):
 * the window sums of a bucket method computed elsewhere (msm_avx2.c's lanes)
 * combined by c doublings per window, B's w-NAF additions (over
 * f25519_base_odd) on the same doublings. */
void MS_CAT(MS_FN, _horner)(ge51_p3 *out, int nw, int c, const ge51_p3 *T, const uint8_t *b)
{
    int16_t nb[256];
    DS_P1P1 t;
    DS_P3 r, u;
    DS_P2 s;
    DS_CACHED cc;
    DS_PRECOMP q;
    DS_SETUP
    int top = b ? f25519_wnaf_vartime(nb, b, F25519_BASE_ODD_WIDTH) : 0;
    if (nw > 0 && c * (nw - 1) + 1 > top) top = c * (nw - 1) + 1;
    DS_IDENTITY(&r);
    int have = 0, pend = 0; /* have: r is not the identity; pend: the value is t (p1p1), not r */
    for (int i = top - 1; i >= 0; i--) {
        int addt = i % c == 0 && i / c < nw, d = b && i < 256 ? nb[i] : 0;
        if (have) {
            if (pend) DS_P1P1_TO_P2(&s, &t);
            else DS_P3_TO_P2(&s, &r);
            DS_P2_DBL(&t, &s);
            pend = 1;
        }
        if (addt) {
            if (pend) DS_P1P1_TO_P3(&r, &t);
            MS_FROM51(&u, &T[i / c]);
            DS_P3_TO_CACHED(&cc, &u);
            DS_ADD_CACHED(&t, &r, &cc);
            have = pend = 1;
        }
        if (d) {
            if (pend) DS_P1P1_TO_P3(&r, &t);
            if (d > 0) DS_MADD(&t, &r, DS_ODD(&q, d / 2));
            else DS_MSUB(&t, &r, DS_ODD(&q, (-d) / 2));
            have = pend = 1;
        }
    }
    if (pend) DS_P1P1_TO_P3(&r, &t);
    MS_TO51(out, &r);
}

#undef MS_PIP
#undef MS_DIGITS
#undef MS_NWIN
#undef MS_PIP_NUM
#undef MS_PIP_DEN

#undef MS_W
#undef MS_CAT2
#undef MS_CAT
#undef MS_CORE
#undef MS_FN
#undef MS_FROM51
#undef MS_TO51
#include "scalarmult/wnaf_unbind.h"
