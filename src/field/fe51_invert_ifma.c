/*
 * Single-element inversions of the IFMA backend's encodings (plain C over
 * fe51; see fe51_invert_ifma.h).
 *
 * f25519_ifma_fe_invert: constant-time Bernstein-Yang "safegcd" instead of
 * the 254-squaring Fermat chain, in the "half-delta" variant (delta starts
 * at 1/2; zeta = -(delta + 1/2) is kept as an integer): f = p, g = x.
 * 10 batches of 60 = 600 divsteps; 590 suffice for every modulus and input
 * below 2^256 with this variant (the bound computed for libsecp256k1's
 * constant-time modinv64, which runs 10 x 59 = 590), after which g = 0 and
 * f = +-1 for every x != 0 (x = 0 keeps f = p, g = 0 and gives 0).
 * Each batch works on the low 64 bits of f and g with branch-free masks
 * (two packed runs of 30 steps, see divsteps30), producing a 2x2 matrix
 * scaled by 2^62 (|entries| <= 2^62) that is then applied to the full f, g
 * (signed radix-2^62, exact, divided by 2^62) and to d, e mod p (radix
 * 2^51, not divided: the total factor 2^620 is removed at the end).
 * Invariant after k batches: f * 2^(62k) = d x, g * 2^(62k) = e x (mod p),
 * so 1/x = d * f * 2^-620 with f = +-1.
 * Every loop has a fixed trip count; no branch or index depends on x.
 */
#include "field/fe51_invert_ifma.h"
#include <string.h>
#include "common/wipe.h"

#define M62 ((uint64_t)0x3fffffffffffffffULL)
#define M51 ((uint64_t)0x7ffffffffffffULL)
typedef unsigned __int128 u128;

typedef __int128 i128;

/* value = v[0] + 2^62 v[1] + ... + 2^248 v[4]; v[0..3] in [0, 2^62), v[4] signed */
typedef struct { int64_t v[5]; } s62;

/* 30 divsteps on the low bits of f and g (updated in place); t = transition
 * matrix (u v; q r) with f_new 2^30 = u f + v g, g_new 2^30 = q f + r g.
 * zeta = -(delta + 1/2): "delta > 0" is the sign bit of zeta; a swap maps
 * delta -> 1 - delta (zeta -> -zeta - 2), otherwise delta -> 1 + delta
 * (zeta -> zeta - 1): both are zeta' = (zeta ^ swapmask) - 1.
 * The matrix rows are packed two entries per word, uv = u + 2^32 v and
 * qr = q + 2^32 r: after at most 30 steps every |entry| <= 2^30, so the
 * packed words are exact integers (|uv| < 2^63) and additions, negations and
 * doublings act on both entries at once (20 instead of 27 ALU operations per
 * step: measured 10 x 60 steps 3.4k ticks vs 3.7k for 10 x 62 unpacked; a
 * cmov version of the step measured the same and is not kept). */
#define DIVSTEP(f, g, zeta, uv, qr)                                                \
    do {                                                                       \
        uint64_t c1 = (uint64_t)(zeta >> 63); /* delta > 0 */                  \
        uint64_t c2 = -(g & 1);               /* g odd */                      \
        uint64_t x = (f ^ c1) - c1, y = (uv ^ c1) - c1;                        \
        g += x & c2;                                                           \
        qr += y & c2;                                                          \
        c1 &= c2; /* swap: (f, g) <- (g, (g - f) / 2) */                       \
        zeta = (int64_t)(((uint64_t)zeta ^ c1) - 1);                           \
        f += g & c1;                                                           \
        uv += qr & c1;                                                         \
        g >>= 1;                                                               \
        uv <<= 1;                                                              \
    } while (0)

static inline __attribute__((always_inline)) int64_t divsteps30(int64_t zeta, uint64_t *fp,
                                                              uint64_t *gp, int64_t t[4])
{
    uint64_t f = *fp, g = *gp, uv = 1, qr = (uint64_t)1 << 32;
#pragma GCC unroll 30
    for (int i = 0; i < 30; i++) DIVSTEP(f, g, zeta, uv, qr);
    *fp = f;
    *gp = g;
    /* low halves as signed 32-bit values, high halves exact after removing them */
    t[0] = (int32_t)(uint32_t)uv;
    t[1] = (int64_t)(uv - (uint64_t)t[0]) >> 32;
    t[2] = (int32_t)(uint32_t)qr;
    t[3] = (int64_t)(qr - (uint64_t)t[2]) >> 32;
    return zeta;
}

/* 60 divsteps (two packed runs of 30); t = the product of the two matrices
 * times 4, so that f_new 2^62 = u f + v g as update_fg and lincomb expect
 * (|entries| <= 2^60 before the factor 4). */
static int64_t divsteps60(int64_t zeta, uint64_t f, uint64_t g, int64_t t[4])
{
    int64_t a[4], b[4];
    zeta = divsteps30(zeta, &f, &g, a);
    zeta = divsteps30(zeta, &f, &g, b);
    t[0] = 4 * (b[0] * a[0] + b[1] * a[2]);
    t[1] = 4 * (b[0] * a[1] + b[1] * a[3]);
    t[2] = 4 * (b[2] * a[0] + b[3] * a[2]);
    t[3] = 4 * (b[2] * a[1] + b[3] * a[3]);
    return zeta;
}

/* (f, g) <- ((u f + v g) / 2^62, (q f + r g) / 2^62), exact */
static inline __attribute__((always_inline)) void update_fg(s62 *f, s62 *g, const int64_t t[4])
{
    const int64_t u = t[0], v = t[1], q = t[2], r = t[3];
    i128 cf = (i128)u * f->v[0] + (i128)v * g->v[0];
    i128 cg = (i128)q * f->v[0] + (i128)r * g->v[0];
    cf >>= 62;
    cg >>= 62;
    for (int i = 1; i < 5; i++) {
        cf += (i128)u * f->v[i] + (i128)v * g->v[i];
        cg += (i128)q * f->v[i] + (i128)r * g->v[i];
        f->v[i - 1] = (int64_t)((uint64_t)cf & M62);
        g->v[i - 1] = (int64_t)((uint64_t)cg & M62);
        cf >>= 62;
        cg >>= 62;
    }
    f->v[4] = (int64_t)cf;
    g->v[4] = (int64_t)cg;
}

/* h = a d + b e mod p for |a|, |b| <= 2^62; d, e limbs < 2^52 -> h limbs
 * < 2^51 + 2^23. Negative coefficients use 8p - d (8p limbs > 2^53 > d). */
static inline __attribute__((always_inline)) void lincomb(fe51 *h, int64_t a, const fe51 *d, int64_t b,
                                                        const fe51 *e)
{
    static const uint64_t p8[5] = { 0x3fffffffffff68ULL, 0x3ffffffffffff8ULL, 0x3ffffffffffff8ULL,
                                    0x3ffffffffffff8ULL, 0x3ffffffffffff8ULL };
    uint64_t sa = (uint64_t)(a >> 63), sb = (uint64_t)(b >> 63);
    uint64_t aa = ((uint64_t)a ^ sa) - sa, ab = ((uint64_t)b ^ sb) - sb;
    u128 r[5];
    for (int i = 0; i < 5; i++) {
        uint64_t ds = d->v[i] ^ (sa & (d->v[i] ^ (p8[i] - d->v[i])));
        uint64_t es = e->v[i] ^ (sb & (e->v[i] ^ (p8[i] - e->v[i])));
        r[i] = (u128)aa * ds + (u128)ab * es; /* < 2^63 * 2^55 */
    }
    for (int i = 0; i < 4; i++) {
        r[i + 1] += r[i] >> 51;
        r[i] &= M51;
    }
    r[0] += (r[4] >> 51) * 19; /* < 2^51 + 2^73 */
    r[4] &= M51;
    r[1] += r[0] >> 51;
    r[0] &= M51;
    for (int i = 0; i < 5; i++) h->v[i] = (uint64_t)r[i];
}

/* 2^-620 mod p */
static const fe51 inv_2_620 = { { 0x4965683e6788aULL, 0x15463479f8e89ULL, 0x6c893805ac524ULL,
                                  0x16482ee0c2ad8ULL, 0x19ca54469d942ULL } };

void f25519_ifma_fe_invert(fe51 *out, const fe51 *z)
{
    uint8_t b[32];
    uint64_t w[4];
    s62 f, g;
    fe51 d, e, t0, t1, c;
    int64_t tm[4], zeta = -1; /* delta = 1/2 */

    fe51_tobytes(b, z); /* canonical x in [0, p) */
    for (int i = 0; i < 4; i++) {
        w[i] = 0;
        for (int j = 0; j < 8; j++) w[i] |= (uint64_t)b[8 * i + j] << (8 * j);
    }
    g.v[0] = (int64_t)(w[0] & M62);
    g.v[1] = (int64_t)(((w[0] >> 62) | (w[1] << 2)) & M62);
    g.v[2] = (int64_t)(((w[1] >> 60) | (w[2] << 4)) & M62);
    g.v[3] = (int64_t)(((w[2] >> 58) | (w[3] << 6)) & M62);
    g.v[4] = (int64_t)(w[3] >> 56);
    f.v[0] = (int64_t)(M62 - 18); /* p = 2^255 - 19 */
    f.v[1] = f.v[2] = f.v[3] = (int64_t)M62;
    f.v[4] = 127;
    fe51_0(&d);
    fe51_1(&e);

    for (int k = 0; k < 10; k++) {
        zeta = divsteps60(zeta, (uint64_t)f.v[0], (uint64_t)g.v[0], tm);
        update_fg(&f, &g, tm);
        lincomb(&t0, tm[0], &d, tm[1], &e);
        lincomb(&t1, tm[2], &d, tm[3], &e);
        d = t0;
        e = t1;
    }
    /* f = +-1: 1/x = +-d * 2^-620 */
    uint64_t neg = (uint64_t)(f.v[4] >> 63) & 1;
    fe51_neg(&c, &inv_2_620);
    fe51_carry(&c, &c);
    fe51_cmov(&c, &inv_2_620, neg ^ 1);
    fe51_mul(out, &d, &c);

    f25519_wipe(b, sizeof b);
    f25519_wipe(w, sizeof w);
    f25519_wipe(&f, sizeof f);
    f25519_wipe(&g, sizeof g);
    f25519_wipe(&d, sizeof d);
    f25519_wipe(&e, sizeof e);
    f25519_wipe(&t0, sizeof t0);
    f25519_wipe(&t1, sizeof t1);
    f25519_wipe(tm, sizeof tm);
}

void f25519_ifma_fe_batch_invert(fe51 *out, const fe51 *z, size_t n)
{
    fe51 zz[8], pre[8], acc, t, one;
    uint64_t isz[8];
    if (n == 0 || n > 8) return;
    fe51_1(&one);
    for (size_t i = 0; i < n; i++) {
        zz[i] = z[i];
        isz[i] = (uint64_t)fe51_iszero(&zz[i]);
        fe51_cmov(&zz[i], &one, isz[i]); /* zero -> 1, result masked below */
    }
    pre[0] = zz[0];
    for (size_t i = 1; i < n; i++) fe51_mul(&pre[i], &pre[i - 1], &zz[i]);
    f25519_ifma_fe_invert(&acc, &pre[n - 1]);
    for (size_t i = n - 1; i > 0; i--) {
        fe51_mul(&out[i], &acc, &pre[i - 1]);
        fe51_mul(&acc, &acc, &zz[i]);
    }
    out[0] = acc;
    fe51_0(&t);
    for (size_t i = 0; i < n; i++) fe51_cmov(&out[i], &t, isz[i]);
    f25519_wipe(zz, sizeof zz);
    f25519_wipe(pre, sizeof pre);
    f25519_wipe(&acc, sizeof acc);
}
