/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Half-size scalars c, d with c odd and d = c k (mod 8L): sc_halfsize.h.
 * Public data only: variable time throughout.
 *
 * Phase 1, the extended Euclidean algorithm on r_0 = 8L, r_1 = k with
 * t_0 = 0, t_1 = 1 (r_{i+1} = r_{i-1} - q_i r_i, t likewise) keeps
 * r_i = t_i k (mod 8L): every (t_i, r_i) is a lattice vector, two consecutive
 * ones a basis (|t_{i+1} r_i - t_i r_{i+1}| = 8L), the signs of the t_i
 * alternate (kept as magnitudes T_i: T_{i+1} = T_{i-1} + q_i T_i), and
 * T_{i+1} r_i <= 8L. It stops at the first r_{m+1} < 2^128, so
 * T_{m+1} <= 8L / r_m < 2^128 (two words): v = (t_{m+1}, r_{m+1}) is short,
 * and the partner is the shorter of w_m = (t_m, r_m) and w_{m+2} (one step
 * more) (Gallant-Lambert-Vanstone). Most steps are taken Lehmer's way:
 * Euclid on the top 62 bits of r_i, r_{i+1} (one hardware division per
 * quotient: on random data it beats compare-and-subtract code, whose
 * branches or selects cost more than the divider), for as long as
 * Jebelean's condition (Jebelean, "Improving the multiprecision Euclidean
 * algorithm") guarantees the quotients are those of the full numbers, then
 * one 2x2 matrix applied to (r, T), its result checked (r0 > r1 >= 0 holds
 * only for the exact quotients). The step below 2^128 is taken in a round
 * when the window proves it; otherwise (rare) an exact single step is
 * taken. Either way the new vectors are integer combinations of the
 * old (a unimodular change of basis), so they stay in the lattice.
 * Phase 2, Lagrange steps u -= j v (j = round(<u, v> / <v, v>) in double
 * precision) on the signed 192-bit coordinates until j = 0. Any integer j
 * keeps the lattice; the doubles only steer the lengths.
 */
#include <string.h>
#include "scalar/sc_halfsize.h"

typedef unsigned __int128 u128;

static const uint64_t N8[4] = {0xc09318d2e7ae9f68ull, 0xa6f7cef517bce6b2ull, 0x0ull,
                               0x8000000000000000ull}; /* 8L */
static const uint64_t Lw[4] = {0x5812631a5cf5d3edull, 0x14def9dea2f79cd6ull, 0x0ull,
                               0x1000000000000000ull};

static uint64_t ld64(const uint8_t *p)
{
    return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 | (uint64_t)p[3] << 24 |
           (uint64_t)p[4] << 32 | (uint64_t)p[5] << 40 | (uint64_t)p[6] << 48 | (uint64_t)p[7] << 56;
}

static void st64(uint8_t *p, uint64_t v)
{
    p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
    p[4] = (uint8_t)(v >> 32), p[5] = (uint8_t)(v >> 40), p[6] = (uint8_t)(v >> 48), p[7] = (uint8_t)(v >> 56);
}

static int bitlen4(const uint64_t a[4])
{
    if (a[3]) return 256 - __builtin_clzll(a[3]);
    if (a[2]) return 192 - __builtin_clzll(a[2]);
    if (a[1]) return 128 - __builtin_clzll(a[1]);
    return a[0] ? 64 - __builtin_clzll(a[0]) : 0;
}

static int bitlen3(const uint64_t a[3])
{
    if (a[2]) return 192 - __builtin_clzll(a[2]);
    if (a[1]) return 128 - __builtin_clzll(a[1]);
    return a[0] ? 64 - __builtin_clzll(a[0]) : 0;
}

/* bits [sh, sh + 64) of the 4-word a (0 <= sh < 256; zero beyond) */
static uint64_t win64(const uint64_t a[4], int sh)
{
    const int w = sh >> 6, b = sh & 63;
    uint64_t v = a[w] >> b;
    if (b && w < 3) v |= a[w + 1] << (64 - b);
    return v;
}

/* t = a << s (0 < s < 256; bits beyond 256 dropped) */
static void shl4(uint64_t t[4], const uint64_t a[4], int s)
{
    const int w = s >> 6, b = s & 63;
    for (int i = 3; i >= 0; i--) {
        uint64_t v = i >= w ? a[i - w] << b : 0;
        if (b && i - w - 1 >= 0) v |= a[i - w - 1] >> (64 - b);
        t[i] = v;
    }
}

/* 1 when a > b (4 words) */
static int gt4(const uint64_t a[4], const uint64_t b[4])
{
    for (int i = 3; i >= 0; i--)
        if (a[i] != b[i]) return a[i] > b[i];
    return 0;
}

/* Euclid on the windows x > y > 0 (x < 2^62), the cofactor magnitudes in
 * m = {u0, v0, u1, v1}: after n steps the windows are (-1)^n (u0 x - v0 y)
 * and (-1)^(n+1) (u1 x - v1 y), v >= u. A step is taken while Jebelean's
 * condition holds (new remainder >= its v, old - new remainder >= the sum
 * of both v: the quotients are those of any numbers with these leading
 * bits; the full remainder is then within v 2^sh of the window's times
 * 2^sh) and the new remainder stays >= v + ymin (the full one >= ymin 2^sh),
 * or the step crosses for sure (new remainder < ymin - v: taken, the last). */
static int lehmer_steps(uint64_t m[4], uint64_t x, uint64_t y, uint64_t ymin)
{
    uint64_t u0 = 1, v0 = 0, u1 = 0, v1 = 1;
    int n = 0;
    for (;;) {
        const uint64_t q = x / y, r = x % y;
        const uint64_t u2 = u0 + q * u1, v2 = v0 + q * v1;
        if (r < v2 || y - r < v2 + v1) break;
        if (r < v2 + ymin) {
            /* the crossing step, when the full remainder is surely < ymin 2^sh */
            if (r + v2 < ymin) {
                u0 = u1, v0 = v1, u1 = u2, v1 = v2;
                n++;
            }
            break;
        }
        x = y, y = r;
        u0 = u1, v0 = v1, u1 = u2, v1 = v2;
        n++;
    }
    m[0] = u0, m[1] = v0, m[2] = u1, m[3] = v1;
    return n;
}

/* out = s (u R0 - v R1) with s = +1 (neg = 0) or -1 (neg = 1); returns 0
 * when the result is negative or needs a fifth word */
static int lin4(uint64_t out[4], uint64_t u, const uint64_t R0[4], uint64_t v, const uint64_t R1[4],
                int neg)
{
    if (neg) {
        uint64_t x = u;
        const uint64_t *X = R0;
        u = v, v = x, R0 = R1, R1 = X;
    }
    uint64_t cu = 0, cv = 0, borrow = 0;
    for (int i = 0; i < 4; i++) {
        u128 pu = (u128)u * R0[i] + cu, pv = (u128)v * R1[i] + cv;
        cu = (uint64_t)(pu >> 64), cv = (uint64_t)(pv >> 64);
        u128 d = (u128)(uint64_t)pu - (uint64_t)pv - borrow;
        out[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    return cu == cv + borrow && (cv + borrow >= cv);
}

/* r0 = r0 mod r1, T0 += (r0 div r1) T1 (r1 != 0); T in 3 words. Returns
 * nonzero when T0 overflowed them (it is then unusable). */
static int divstep(uint64_t r0[4], uint64_t T0[3], const uint64_t r1[4], const uint64_t T1[3])
{
    const int b1 = bitlen4(r1);
    int ovf = 0;
    while (!gt4(r1, r0)) {
        const int b0 = bitlen4(r0);
        uint64_t q;
        int s = 0;
        if (b0 <= 64) {
            q = r0[0] / r1[0];
        } else if (b1 >= b0 - 32) {
            const int sh = b0 - 64;
            const uint64_t y = win64(r1, sh);
            q = y == ~(uint64_t)0 ? 1 : win64(r0, sh) / (y + 1);
        } else {
            /* a long quotient: its top ~31 bits, times 2^s */
            const int sh = b1 > 32 ? b1 - 32 : 0;
            s = b0 - 64 - sh;
            q = win64(r0, sh + s) / (win64(r1, sh) + (sh > 0));
        }
        if (q == 0) q = 1; /* r0 >= r1 */
        /* r0 -= q (r1 << s), T0 += q (T1 << s) */
        uint64_t a[4], t[4] = {T1[0], T1[1], T1[2], 0};
        if (s) {
            const int bt = bitlen3(T1);
            if (bt && bt + s > 192) return 1;
            shl4(a, r1, s);
            shl4(t, t, s);
        } else {
            memcpy(a, r1, sizeof a);
        }
        uint64_t mc = 0, borrow = 0, tc = 0, c = 0;
        for (int i = 0; i < 4; i++) {
            u128 p = (u128)q * a[i] + mc;
            mc = (uint64_t)(p >> 64);
            u128 d = (u128)r0[i] - (uint64_t)p - borrow;
            r0[i] = (uint64_t)d;
            borrow = (uint64_t)(d >> 64) & 1;
            if (i < 3) {
                u128 pt = (u128)q * t[i] + tc;
                tc = (uint64_t)(pt >> 64);
                u128 sm = (u128)T0[i] + (uint64_t)pt + c;
                T0[i] = (uint64_t)sm;
                c = (uint64_t)(sm >> 64);
            }
        }
        ovf |= (tc | c) != 0;
    }
    return ovf;
}

/* ---- signed 192-bit coordinates (two's complement) ---- */
typedef struct {
    uint64_t c[3], d[3];
    double dc, dd; /* their values in double precision */
} vec2;

static int s_isneg(const uint64_t a[3]) { return (int)(a[2] >> 63); }

static void s_neg(uint64_t a[3])
{
    u128 t = (u128)(~a[0]) + 1;
    a[0] = (uint64_t)t;
    t = (u128)(~a[1]) + (uint64_t)(t >> 64);
    a[1] = (uint64_t)t;
    a[2] = ~a[2] + (uint64_t)(t >> 64);
}

static void s_abs(uint64_t m[3], const uint64_t a[3])
{
    m[0] = a[0], m[1] = a[1], m[2] = a[2];
    if (s_isneg(a)) s_neg(m);
}

/* (double)x rounded to nearest, without the branch compilers emit for
 * unsigned conversions (both halves exact, one rounding in the sum) */
static double u2d(uint64_t x)
{
    return (double)(int64_t)(x >> 32) * 4294967296.0 + (double)(int64_t)(x & 0xffffffffu);
}

static double s_dbl(const uint64_t a[3])
{
    uint64_t m[3];
    s_abs(m, a);
    const double two64 = 18446744073709551616.0;
    double v = (u2d(m[2]) * two64 + u2d(m[1])) * two64 + u2d(m[0]);
    return s_isneg(a) ? -v : v;
}

static void v_dbl(vec2 *v) { v->dc = s_dbl(v->c), v->dd = s_dbl(v->d); }

static double v_norm(const vec2 *v) { return v->dc * v->dc + v->dd * v->dd; }

/* a += s b (s = +1 or -1; mod 2^192) */
static void s_addsub(uint64_t a[3], const uint64_t b[3], int sub)
{
    uint64_t x[3] = {b[0], b[1], b[2]};
    if (sub) s_neg(x);
    u128 t = (u128)a[0] + x[0];
    a[0] = (uint64_t)t;
    t = (u128)a[1] + x[1] + (uint64_t)(t >> 64);
    a[1] = (uint64_t)t;
    a[2] = a[2] + x[2] + (uint64_t)(t >> 64);
}

/* a -= j b (mod 2^192; exact within the bounds of the caller) */
static void s_submul(uint64_t a[3], const uint64_t b[3], int64_t j)
{
    const uint64_t q = j < 0 ? (uint64_t)0 - (uint64_t)j : (uint64_t)j;
    uint64_t p[3];
    u128 t = (u128)q * b[0];
    p[0] = (uint64_t)t;
    t = (u128)q * b[1] + (uint64_t)(t >> 64);
    p[1] = (uint64_t)t;
    p[2] = q * b[2] + (uint64_t)(t >> 64);
    s_addsub(a, p, j >= 0);
}

/* a signed coordinate from a magnitude (< 2^MAXBITS) and a sign */
static void s_from(uint64_t out[3], const uint64_t *mag, int neg)
{
    out[0] = mag[0], out[1] = mag[1], out[2] = mag[2];
    if (neg) s_neg(out);
}

static int s_bits(const uint64_t a[3])
{
    uint64_t m[3];
    s_abs(m, a);
    return bitlen3(m);
}

static void store_mag(uint8_t out[32], const uint64_t a[3], int *neg)
{
    uint64_t m[3];
    s_abs(m, a);
    *neg = s_isneg(a);
    st64(out, m[0]), st64(out + 8, m[1]), st64(out + 16, m[2]), st64(out + 24, 0);
}

int f25519_sc_halfsize_vartime(f25519_halfsize *out, const uint8_t k[32])
{
    uint64_t r0[4], r1[4];
    u128 T0 = 0, T1 = 1; /* < 2^128 before the crossing */
    memcpy(r0, N8, sizeof r0);
    for (int i = 0; i < 4; i++) r1[i] = ld64(k + 8 * i);
    int odd = 1; /* the index of (r1, T1) is odd: t_i > 0 for odd i, < 0 for even i */
    uint64_t T0w[3], T1w[3];
    for (;;) {
        const int b1 = bitlen4(r1);
        if (b1 <= 128) break;
        /* r0 > r1 >= 2^128: a Lehmer round on the top 62 bits */
        const int sh = bitlen4(r0) - 62;
        const uint64_t x = win64(r0, sh), y = win64(r1, sh);
        const uint64_t ymin = sh >= 128 ? 0 : (uint64_t)1 << (128 - sh); /* sh >= 67 */
        uint64_t m[4];
        int n;
        if (y && (n = lehmer_steps(m, x, y, ymin)) > 0) {
            uint64_t n0[4], n1[4];
            if (lin4(n0, m[0], r0, m[1], r1, n & 1) && lin4(n1, m[2], r0, m[3], r1, !(n & 1)) &&
                gt4(n0, n1)) {
                memcpy(r0, n0, sizeof n0), memcpy(r1, n1, sizeof n1);
                const u128 t0 = m[0] * T0 + m[1] * T1, t1 = m[2] * T0 + m[3] * T1;
                T0 = t0, T1 = t1;
                odd ^= n & 1;
                continue;
            }
        }
        /* one exact step (a huge quotient, or no certain Lehmer step) */
        T0w[0] = (uint64_t)T0, T0w[1] = (uint64_t)(T0 >> 64), T0w[2] = 0;
        T1w[0] = (uint64_t)T1, T1w[1] = (uint64_t)(T1 >> 64), T1w[2] = 0;
        if (divstep(r0, T0w, r1, T1w) || T0w[2]) return 0; /* not reached: T < 2^128 */
        T0 = ((u128)T0w[1] << 64) | T0w[0];
        uint64_t t[4];
        memcpy(t, r0, sizeof t), memcpy(r0, r1, sizeof t), memcpy(r1, t, sizeof t);
        const u128 tt = T0;
        T0 = T1, T1 = tt;
        odd ^= 1;
    }
    T0w[0] = (uint64_t)T0, T0w[1] = (uint64_t)(T0 >> 64), T0w[2] = 0;
    T1w[0] = (uint64_t)T1, T1w[1] = (uint64_t)(T1 >> 64), T1w[2] = 0;

    /* v = w_{m+1} = (t_{m+1}, r_{m+1}), both < 2^128 */
    vec2 v, u, w;
    s_from(v.c, T1w, !odd);
    s_from(v.d, r1, 0);
    v_dbl(&v);
    /* partner candidates w_m = (t_m, r_m) (t_m of the other sign) and w_{m+2} */
    int have_u = 0;
    if (bitlen4(r0) <= F25519_HALFSIZE_MAXBITS) {
        s_from(u.c, T0w, odd);
        s_from(u.d, r0, 0);
        v_dbl(&u);
        have_u = 1;
    }
    if (r1[0] | r1[1]) {
        uint64_t r2[4], T2[3];
        memcpy(r2, r0, sizeof r2);
        memcpy(T2, T0w, sizeof T2);
        if (!divstep(r2, T2, r1, T1w) && bitlen3(T2) <= F25519_HALFSIZE_MAXBITS) {
            s_from(w.c, T2, odd); /* t_{m+2} has t_m's sign */
            s_from(w.d, r2, 0);
            v_dbl(&w);
            if (!have_u || v_norm(&w) < v_norm(&u)) u = w;
            have_u = 1;
        }
    }

    vec2 cand[4];
    int ncand = 1;
    cand[0] = v;
    if (have_u) {
        /* Lagrange reduction of (u, v) */
        for (int it = 0; it < 64; it++) {
            double nu = v_norm(&u), nv = v_norm(&v);
            if (nu < nv) {
                const vec2 t = u;
                u = v, v = t;
                nv = nu;
            }
            if (nv == 0) break;
            const double q = (u.dc * v.dc + u.dd * v.dd) / nv;
            if (q >= -0.5 && q <= 0.5) break;
            if (q > 1e12 || q < -1e12) break; /* cannot be after phase 1; keeps j in range */
            const int64_t j = (int64_t)(q + (q >= 0 ? 0.5 : -0.5));
            s_submul(u.c, v.c, j);
            s_submul(u.d, v.d, j);
            v_dbl(&u);
        }
        cand[0] = v;
        cand[1] = u;
        cand[2] = u, cand[3] = u;
        s_addsub(cand[2].c, v.c, 1), s_addsub(cand[2].d, v.d, 1);
        s_addsub(cand[3].c, v.c, 0), s_addsub(cand[3].d, v.d, 0);
        ncand = 4;
    }

    int best = -1, best_bits = F25519_HALFSIZE_MAXBITS + 1;
    for (int i = 0; i < ncand; i++) {
        if (!(cand[i].c[0] & 1)) continue; /* c even */
        const int bc = s_bits(cand[i].c), bd = s_bits(cand[i].d);
        const int b = bc > bd ? bc : bd;
        if (b < best_bits) best = i, best_bits = b;
    }
    if (best < 0) return 0;

    store_mag(out->c, cand[best].c, &out->c_neg);
    store_mag(out->d, cand[best].d, &out->d_neg);
    out->bits = best_bits;
    /* (-c) mod L: |c| when c < 0, else L - |c| (0 < |c| < L) */
    uint64_t m[3], nc[4];
    s_abs(m, cand[best].c);
    if (out->c_neg) {
        nc[0] = m[0], nc[1] = m[1], nc[2] = m[2], nc[3] = 0;
    } else {
        u128 d = (u128)Lw[0] - m[0];
        nc[0] = (uint64_t)d;
        d = (u128)Lw[1] - m[1] - ((uint64_t)(d >> 64) & 1);
        nc[1] = (uint64_t)d;
        d = (u128)Lw[2] - m[2] - ((uint64_t)(d >> 64) & 1);
        nc[2] = (uint64_t)d;
        nc[3] = Lw[3] - ((uint64_t)(d >> 64) & 1);
    }
    st64(out->negc, nc[0]), st64(out->negc + 8, nc[1]);
    st64(out->negc + 16, nc[2]), st64(out->negc + 24, nc[3]);
    return 1;
}
