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
 * T_{m+1} <= 8L / r_m < 2^128: v = (t_{m+1}, r_{m+1}) is short, and the
 * partner is the shorter of w_m = (t_m, r_m) and w_{m+2} (one step more)
 * (Gallant-Lambert-Vanstone). Most steps are taken Lehmer's way: Euclid on
 * the top 64 bits of r_i, r_{i+1} (cofactors < 2^24) for as long as the
 * truncation cannot matter, then one 2x2 matrix applied to (r, T) (checked:
 * r0 > r1 >= 0). The rest are exact steps: a quotient taken in chunks q 2^s,
 * each a 64-bit division of the top bits (an underestimate, so the
 * remainder stays >= 0; usually one chunk is the whole quotient); both r and
 * T get the same chunks. Either way the new vectors are integer
 * combinations of the old (a unimodular change of basis), so they stay in
 * the lattice whatever the quotients were.
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

static int bitlen(const uint64_t *a, int n)
{
    for (int i = n - 1; i >= 0; i--)
        if (a[i]) return 64 * i + 64 - __builtin_clzll(a[i]);
    return 0;
}

/* bits [sh, sh + 64) of the 4-word a (zero beyond) */
static uint64_t win64(const uint64_t a[4], int sh)
{
    int w = sh >> 6, b = sh & 63;
    if (w >= 4) return 0;
    uint64_t v = a[w] >> b;
    if (b && w + 1 < 4) v |= a[w + 1] << (64 - b);
    return v;
}

static int cmp4(const uint64_t a[4], const uint64_t b[4])
{
    for (int i = 3; i >= 0; i--)
        if (a[i] != b[i]) return a[i] > b[i] ? 1 : -1;
    return 0;
}

/* t = a << s (n words; the caller knows no bit falls off the top) */
static void shl(uint64_t *t, const uint64_t *a, int n, int s)
{
    int w = s >> 6, b = s & 63;
    for (int i = n - 1; i >= 0; i--) {
        uint64_t v = i - w >= 0 ? a[i - w] << b : 0;
        if (b && i - w - 1 >= 0) v |= a[i - w - 1] >> (64 - b);
        t[i] = v;
    }
}

/* r -= q (a << s), 4 words (q (a << s) <= r) */
static void submul4(uint64_t r[4], const uint64_t a[4], uint64_t q, int s)
{
    uint64_t t[4];
    const uint64_t *x = a;
    if (s) {
        shl(t, a, 4, s);
        x = t;
    }
    uint64_t mc = 0, borrow = 0;
    for (int i = 0; i < 4; i++) {
        u128 p = (u128)q * x[i] + mc;
        mc = (uint64_t)(p >> 64);
        u128 d = (u128)r[i] - (uint64_t)p - borrow;
        r[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
}

/* T += q (a << s), 3 words; returns nonzero when the result overflows them */
static int addmul3(uint64_t T[3], const uint64_t a[3], uint64_t q, int s)
{
    uint64_t t[3];
    const uint64_t *x = a;
    int ovf = 0;
    if (s) {
        if (s >= 192 || (bitlen(a, 3) && bitlen(a, 3) + s > 192)) return 1;
        shl(t, a, 3, s);
        x = t;
    }
    uint64_t mc = 0, c = 0;
    for (int i = 0; i < 3; i++) {
        u128 p = (u128)q * x[i] + mc;
        mc = (uint64_t)(p >> 64);
        u128 sum = (u128)T[i] + (uint64_t)p + c;
        T[i] = (uint64_t)sum;
        c = (uint64_t)(sum >> 64);
    }
    ovf |= (mc | c) != 0;
    return ovf;
}

/* r0 = r0 mod r1, T0 += (r0 div r1) T1 (r1 != 0). Returns nonzero when T0
 * overflowed its 3 words (it is then unusable). */
static int divstep(uint64_t r0[4], uint64_t T0[3], const uint64_t r1[4], const uint64_t T1[3])
{
    int ovf = 0;
    const int b1 = bitlen(r1, 4);
    while (cmp4(r0, r1) >= 0) {
        const int b0 = bitlen(r0, 4);
        uint64_t q;
        int s = 0;
        if (b0 <= 64) {
            q = r0[0] / r1[0];
        } else if (b1 >= b0 - 32) {
            /* same alignment, y has >= 32 bits: q is exact or one short */
            const int sh = b0 - 64;
            const uint64_t y = win64(r1, sh);
            q = y == ~(uint64_t)0 ? 1 : win64(r0, sh) / (y + 1);
        } else {
            /* a long quotient: its top ~31 bits, times 2^s */
            const int sh = b1 > 32 ? b1 - 32 : 0;
            const uint64_t y = win64(r1, sh);
            s = b0 - 64 - sh;
            q = win64(r0, sh + s) / (y + (sh > 0));
        }
        if (q == 0) q = 1; /* r0 >= r1 */
        submul4(r0, r1, q, s);
        ovf |= addmul3(T0, T1, q, s);
    }
    return ovf;
}

/* ---- signed 192-bit coordinates (two's complement) ---- */
typedef struct {
    uint64_t c[3], d[3];
} vec2;

static int s_isneg(const uint64_t a[3]) { return (int)(a[2] >> 63); }

static void s_neg(uint64_t a[3])
{
    uint64_t c = 1;
    for (int i = 0; i < 3; i++) {
        u128 t = (u128)(~a[i]) + c;
        a[i] = (uint64_t)t;
        c = (uint64_t)(t >> 64);
    }
}

static void s_abs(uint64_t m[3], const uint64_t a[3])
{
    memcpy(m, a, 3 * sizeof m[0]);
    if (s_isneg(a)) s_neg(m);
}

static int s_bits(const uint64_t a[3])
{
    uint64_t m[3];
    s_abs(m, a);
    return bitlen(m, 3);
}

static double s_dbl(const uint64_t a[3])
{
    uint64_t m[3];
    s_abs(m, a);
    const double two64 = 18446744073709551616.0;
    double v = ((double)m[2] * two64 + (double)m[1]) * two64 + (double)m[0];
    return s_isneg(a) ? -v : v;
}

/* a -= j b (mod 2^192; exact within the bounds of the caller) */
static void s_submul(uint64_t a[3], const uint64_t b[3], int64_t j)
{
    uint64_t q = j < 0 ? (uint64_t)0 - (uint64_t)j : (uint64_t)j, mc = 0, c = 0;
    for (int i = 0; i < 3; i++) {
        u128 p = (u128)q * b[i] + mc;
        mc = (uint64_t)(p >> 64);
        if (j >= 0) {
            u128 d = (u128)a[i] - (uint64_t)p - c;
            a[i] = (uint64_t)d;
            c = (uint64_t)(d >> 64) & 1;
        } else {
            u128 sm = (u128)a[i] + (uint64_t)p + c;
            a[i] = (uint64_t)sm;
            c = (uint64_t)(sm >> 64);
        }
    }
}

/* a signed coordinate from a magnitude (< 2^MAXBITS) and a sign */
static void s_from(uint64_t out[3], const uint64_t *mag, int neg)
{
    memcpy(out, mag, 3 * sizeof out[0]);
    if (neg) s_neg(out);
}

static double vnorm(const vec2 *v)
{
    double c = s_dbl(v->c), d = s_dbl(v->d);
    return c * c + d * d;
}

static int vbits(const vec2 *v)
{
    int a = s_bits(v->c), b = s_bits(v->d);
    return a > b ? a : b;
}

static void store_mag(uint8_t out[32], const uint64_t a[3], int *neg)
{
    uint64_t m[3];
    s_abs(m, a);
    *neg = s_isneg(a);
    memset(out, 0, 32);
    for (int i = 0; i < 24; i++) out[i] = (uint8_t)(m[i / 8] >> (8 * (i % 8)));
}

/* |x| as (magnitude, sign) of a signed 64-bit cofactor */
static uint64_t mag64(int64_t x) { return x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x; }

/* out = |a P - b Q| where a P >= b Q is required (4 words; 0 when violated or
 * the result needs a fifth word) */
static int lin4(uint64_t out[4], uint64_t a, const uint64_t P[4], uint64_t b, const uint64_t Q[4])
{
    uint64_t ca = 0, cb = 0, borrow = 0;
    for (int i = 0; i < 4; i++) {
        u128 pa = (u128)a * P[i] + ca, pb = (u128)b * Q[i] + cb;
        ca = (uint64_t)(pa >> 64), cb = (uint64_t)(pb >> 64);
        u128 d = (u128)(uint64_t)pa - (uint64_t)pb - borrow;
        out[i] = (uint64_t)d;
        borrow = (uint64_t)(d >> 64) & 1;
    }
    u128 top = (u128)ca - cb - borrow;
    return top == 0;
}

/* T = a P + b Q (3 words); 0 on overflow */
static int add3(uint64_t T[3], uint64_t a, const uint64_t P[3], uint64_t b, const uint64_t Q[3])
{
    uint64_t ca = 0, cb = 0, c = 0;
    for (int i = 0; i < 3; i++) {
        u128 pa = (u128)a * P[i] + ca, pb = (u128)b * Q[i] + cb;
        ca = (uint64_t)(pa >> 64), cb = (uint64_t)(pb >> 64);
        u128 sm = (u128)(uint64_t)pa + (uint64_t)pb + c;
        T[i] = (uint64_t)sm;
        c = (uint64_t)(sm >> 64);
    }
    return (ca | cb | c) == 0;
}

/* Lehmer: several Euclid steps at once from the top 64 bits of r0, r1 (same
 * alignment), while the remainders stay far above the truncation error and
 * above 2^(stop + 2). Returns the number of steps applied to (r0, T0), (r1,
 * T1) (0: none; the caller then takes an exact step). The matrix is a product
 * of [[0, 1], [1, -q]] with q >= 0 (checkerboard signs), so the t stay of
 * alternating signs and their magnitudes add; any outcome is a unimodular
 * change of basis of the lattice, and r0 > r1 >= 0 is checked. */
static int lehmer(uint64_t r0[4], uint64_t T0[3], uint64_t r1[4], uint64_t T1[3], int stop)
{
    const int b0 = bitlen(r0, 4);
    if (b0 <= 64) return 0;
    const int sh = b0 - 64;
    uint64_t x = win64(r0, sh), y = win64(r1, sh);
    /* y must stay >= 2^40 (cofactors < 2^24: quotient errors ~2^-15) and
     * y 2^sh >= 2^(stop + 2) */
    int lim = stop + 2 - sh;
    if (lim < 40) lim = 40;
    if (lim > 63) return 0;
    const uint64_t ymin = (uint64_t)1 << lim;
    int64_t A = 1, B = 0, C = 0, D = 1;
    int n = 0;
    while (y >= ymin) {
        uint64_t q = x / y, t = x - q * y;
        x = y, y = t;
        int64_t tA = A - (int64_t)q * C, tB = B - (int64_t)q * D;
        A = C, B = D, C = tA, D = tB;
        n++;
    }
    if (n == 0) return 0;
    uint64_t n0[4], n1[4], m0[3], m1[3];
    /* r0' = A r0 + B r1 and r1' = C r0 + D r1, signs (A, B) and (C, D) opposite */
    int ok = A >= 0 ? lin4(n0, mag64(A), r0, mag64(B), r1) : lin4(n0, mag64(B), r1, mag64(A), r0);
    ok &= C >= 0 ? lin4(n1, mag64(C), r0, mag64(D), r1) : lin4(n1, mag64(D), r1, mag64(C), r0);
    if (!ok || cmp4(n0, n1) <= 0) return 0;
    ok = add3(m0, mag64(A), T0, mag64(B), T1) & add3(m1, mag64(C), T0, mag64(D), T1);
    if (!ok) return 0;
    memcpy(r0, n0, sizeof n0), memcpy(r1, n1, sizeof n1);
    memcpy(T0, m0, sizeof m0), memcpy(T1, m1, sizeof m1);
    return n;
}

int f25519_sc_halfsize_vartime(f25519_halfsize *out, const uint8_t k[32])
{
    uint64_t r0[4], r1[4], T0[3] = {0, 0, 0}, T1[3] = {1, 0, 0};
    memcpy(r0, N8, sizeof r0);
    for (int i = 0; i < 4; i++) {
        r1[i] = 0;
        for (int j = 7; j >= 0; j--) r1[i] = (r1[i] << 8) | k[8 * i + j];
    }
    int odd = 1; /* the index of (r1, T1) is odd: t_i > 0 for odd i, < 0 for even i */
    int ovf = 0;
    while (bitlen(r1, 4) > 128) {
        int n = lehmer(r0, T0, r1, T1, 128);
        if (n) {
            odd ^= n & 1;
            continue;
        }
        ovf |= divstep(r0, T0, r1, T1);
        uint64_t t[4];
        memcpy(t, r0, sizeof t), memcpy(r0, r1, sizeof t), memcpy(r1, t, sizeof t);
        memcpy(t, T0, 3 * sizeof t[0]), memcpy(T0, T1, 3 * sizeof t[0]), memcpy(T1, t, 3 * sizeof t[0]);
        odd ^= 1;
    }
    if (ovf || bitlen(T1, 3) > F25519_HALFSIZE_MAXBITS) return 0; /* not reached: T1 < 2^128 */

    /* v = w_{m+1} = (t_{m+1}, r_{m+1}), both < 2^128 */
    vec2 v, u, w;
    s_from(v.c, T1, !odd);
    s_from(v.d, r1, 0);
    /* partner candidates w_m = (t_m, r_m) (t_m of the other sign) and w_{m+2} */
    int have_u = 0;
    if (bitlen(r0, 4) <= F25519_HALFSIZE_MAXBITS && bitlen(T0, 3) <= F25519_HALFSIZE_MAXBITS) {
        s_from(u.c, T0, odd);
        s_from(u.d, r0, 0);
        have_u = 1;
    }
    if (bitlen(r1, 4) > 0) {
        uint64_t r2[4], T2[3];
        memcpy(r2, r0, sizeof r2);
        memcpy(T2, T0, sizeof T2);
        if (!divstep(r2, T2, r1, T1) && bitlen(T2, 3) <= F25519_HALFSIZE_MAXBITS) {
            s_from(w.c, T2, odd); /* t_{m+2} has t_m's sign */
            s_from(w.d, r2, 0);
            if (!have_u || vnorm(&w) < vnorm(&u)) u = w;
            have_u = 1;
        }
    }

    vec2 cand[4];
    int ncand = 1;
    cand[0] = v;
    if (have_u) {
        /* Lagrange reduction of (u, v) */
        for (int it = 0; it < 64; it++) {
            double nu = vnorm(&u), nv = vnorm(&v);
            if (nu < nv) {
                vec2 t = u;
                u = v, v = t;
                double x = nu;
                nu = nv, nv = x;
            }
            if (nv == 0) break;
            double q = (s_dbl(u.c) * s_dbl(v.c) + s_dbl(u.d) * s_dbl(v.d)) / nv;
            if (q >= -0.5 && q <= 0.5) break;
            if (q > 1e12 || q < -1e12) break; /* cannot be after phase 1; keeps j in range */
            int64_t j = (int64_t)(q + (q >= 0 ? 0.5 : -0.5));
            s_submul(u.c, v.c, j);
            s_submul(u.d, v.d, j);
        }
        cand[0] = v;
        cand[1] = u;
        cand[2] = u, cand[3] = u;
        s_submul(cand[2].c, v.c, 1), s_submul(cand[2].d, v.d, 1);
        s_submul(cand[3].c, v.c, -1), s_submul(cand[3].d, v.d, -1);
        ncand = 4;
    }

    int best = -1, best_bits = F25519_HALFSIZE_MAXBITS + 1;
    for (int i = 0; i < ncand; i++) {
        if (!(cand[i].c[0] & 1)) continue; /* c even */
        int b = vbits(&cand[i]);
        if (b < best_bits) best = i, best_bits = b;
    }
    if (best < 0) return 0;

    store_mag(out->c, cand[best].c, &out->c_neg);
    store_mag(out->d, cand[best].d, &out->d_neg);
    out->bits = best_bits;
    /* (-c) mod L: |c| when c < 0, else L - |c| (0 < |c| < L) */
    uint64_t m[3];
    s_abs(m, cand[best].c);
    uint64_t nc[4], borrow = 0;
    for (int i = 0; i < 4; i++) {
        uint64_t x = i < 3 ? m[i] : 0;
        if (out->c_neg) {
            nc[i] = x;
        } else {
            u128 d = (u128)Lw[i] - x - borrow;
            nc[i] = (uint64_t)d;
            borrow = (uint64_t)(d >> 64) & 1;
        }
    }
    for (int i = 0; i < 32; i++) out->negc[i] = (uint8_t)(nc[i / 8] >> (8 * (i % 8)));
    return 1;
}
