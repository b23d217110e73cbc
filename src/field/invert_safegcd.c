/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Inversions over fe51 for the backends' encodings (C, the divsteps in
 * x86-64 asm where available; see invert_safegcd.h).
 *
 * f25519_safegcd_invert: constant-time Bernstein-Yang "safegcd" (Bernstein,
 * Yang 2019; docs/references.md) instead of the 254-squaring Fermat chain,
 * in the "half-delta" variant (delta starts at 1/2; zeta = -(delta + 1/2) is kept as an integer): f = p, g = x.
 * 10 batches of 60 = 600 divsteps; 590 suffice for every modulus and input
 * below 2^256 with this variant (the bound computed for libsecp256k1's
 * constant-time modinv64, which runs 10 x 59 = 590), after which g = 0 and
 * f = +-1 for every x != 0 (x = 0 keeps f = p, g = 0 and gives 0).
 * Each batch works on the low 64 bits of f and g, branch-free (four runs of
 * 15 steps on packed words, see divsteps15), producing a 2x2 matrix
 * scaled by 2^62 (|entries| <= 2^62) that is then applied to the full f, g
 * (signed radix-2^62, exact, divided by 2^62) and to d, e mod p (radix
 * 2^51, not divided: the total factor 2^620 is cancelled by e's start value).
 * Invariant after k batches: f * 2^(62k - 620) = d x, g * 2^(62k - 620) = e x
 * (mod p; d, e start as 0, 2^-620), so 1/x = d * f with f = +-1.
 * Every loop has a fixed trip count; no branch or index depends on x.
 * Cost: about 3/4 of it is the 600 divsteps, a quarter the 19 lincombs;
 * update_fg overlaps the next batch's divsteps. e starts at 2^-620 and the
 * last row is negated by f's sign, instead of a final product by
 * +-2^-620.
 */
#include "field/invert_safegcd.h"
#include <string.h>
#include "common/wipe.h"

/* the divsteps in x86-64 asm: optimized builds (the asm needs 8 registers),
 * not under MemorySanitizer (it cannot see through asm), F25519_NO_ASM unset */
#if defined(__x86_64__) && defined(__OPTIMIZE__) && !defined(F25519_NO_ASM)
#define F25519_DIVSTEP_ASM 1
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#undef F25519_DIVSTEP_ASM
#define F25519_DIVSTEP_ASM 0
#endif
#endif
#else
#define F25519_DIVSTEP_ASM 0
#endif

#define M62 ((uint64_t)0x3fffffffffffffffULL)
#define M51 ((uint64_t)0x7ffffffffffffULL)
typedef unsigned __int128 u128;

typedef __int128 i128;

/* value = v[0] + 2^62 v[1] + ... + 2^248 v[4]; v[0..3] in [0, 2^62), v[4] signed */
typedef struct { int64_t v[5]; } s62;

/* 15 divsteps on the low 15 bits of f and g, each row packed with its matrix
 * entries in one word: F = f' + 2^21 u' + 2^42 v', G = g' + 2^21 q' + 2^42 r'
 * (exact signed integers), where f', g' start as f, g mod 2^15 and the matrix
 * entries are kept scaled by 2^(15 - i) after i steps (u' = u 2^(15-i), ...).
 * Every step's operations (add, conditional negation, halving) are then the
 * same on the whole word as on f, g alone: F and G are the only state, no
 * separate matrix update, and the dependency chain per step is that of g.
 * Why it is exact (matrix (u v; q r) with 2^i f_i = u f + v g, 2^i g_i =
 * q f + r g): a step maps the rows to (2u, 2v) | (2q, 2r) and (q, r) +- (u, v)
 * | (q, r), so |u| + |v| <= 2^i and |q| + |r| <= 2^i; the scaled entries stay
 * integers of magnitude <= 2^15, the halving of G = g' + (q' + ...) is exact
 * (g' even when halved, the scaled entries even until the last step), and the
 * low fields f', g' stay in (-2^15, 2^15) (halved sums of two of them); so
 * |F|, |G| < 2^15 + 2^36 + 2^57 and the fields come out by rounding shifts.
 * zeta = -(delta + 1/2): "delta > 0" is the sign bit of zeta; a swap maps
 * delta -> 1 - delta (zeta -> -zeta - 2), otherwise delta -> 1 + delta
 * (zeta -> zeta - 1): both are zeta' = (zeta ^ swapmask) - 1. f (so F) is odd
 * at every step, so -F = F ^ ~1: the conditional negation is one xor with
 * (c1 << 1), off the chain that carries g's low bit to the next step.
 * The matrix entries of a run share one word per row with f, which keeps
 * the u -> q -> u update off the longest chain (about 15% faster than two
 * separate words). */
#define DIVSTEP(F, G, zeta)                                                    \
    do {                                                                       \
        uint64_t c1 = (uint64_t)(zeta >> 63); /* delta > 0 */                  \
        uint64_t c2 = -(G & 1);               /* g odd */                      \
        G += (F ^ (c1 << 1)) & c2;            /* g + f or g - f */             \
        c1 &= c2; /* swap: (f, g) <- (g, (g - f) / 2) */                       \
        zeta = (int64_t)(((uint64_t)zeta ^ c1) - 1);                           \
        F += G & c1;                                                           \
        G = (uint64_t)((int64_t)G >> 1);                                       \
    } while (0)

/* (a, b) from P = x + 2^21 a + 2^42 b with |x| < 2^20, |x + 2^21 a| < 2^41 */
#define UNPACK(P, a, b)                                                        \
    do {                                                                       \
        (b) = (int64_t)((P) + ((uint64_t)1 << 41)) >> 42;                      \
        (a) = (int64_t)(((P) << 22) + ((uint64_t)1 << 42)) >> 43;              \
    } while (0)

/* 15 divsteps from the low bits of f and g (f odd); t = (u v; q r) with
 * 2^15 f_new = u f + v g, 2^15 g_new = q f + r g, |u| + |v|, |q| + |r| <= 2^15 */
#if F25519_DIVSTEP_ASM
/* The same steps with CMOV selections (x86-64 asm: a compiler may turn
 * selections into branches). State: X = the word added to G when g is odd
 * (F when delta <= 0, -F when delta > 0; F itself is not kept), G, and
 * v = zeta + 1, which a swap negates (zeta' = -zeta - 2) and a step without
 * swap maps to zeta (zeta' = zeta - 1). Each step computes every candidate
 * ahead and selects: G <- (odd ? G + X : G) >> 1 is three dependent
 * instructions, and the next X depends on the swap (delta > 0 and g odd)
 * through one CMOV: after a swap X' = +-G (zeta' < 0 iff zeta = -1, v = 0),
 * else X' = +-X (the sign of delta changes iff zeta = 0, v = 1). The swap
 * flag is zeta's sign bit AND g's low bit (moved to bit 63): one TEST.
 * Flags, selections and arithmetic are the same for every input. */
#define DIVSTEP_ASM                                                            \
    "mov %[G], %[T]\n\t" "add %[X], %[T]\n\t"                                  \
    "mov %[G], %[A]\n\t" "neg %[A]\n\t"                                        \
    "test %[v], %[v]\n\t" "cmovne %[G], %[A]\n\t"                              \
    "mov %[X], %[B]\n\t" "neg %[B]\n\t"                                        \
    "cmp $1, %[v]\n\t" "cmovne %[X], %[B]\n\t"                                 \
    "mov %[v], %[nv]\n\t" "neg %[nv]\n\t"                                      \
    "lea -1(%[v]), %[v]\n\t"                                                   \
    "mov %[G], %[s]\n\t" "shl $63, %[s]\n\t" "test %[v], %[s]\n\t"             \
    "mov %[B], %[X]\n\t" "cmovnz %[A], %[X]\n\t" "cmovnz %[nv], %[v]\n\t"      \
    "test $1, %[G]\n\t" "cmovnz %[T], %[G]\n\t" "sar $1, %[G]\n\t"
#define DIVSTEP_ASM3 DIVSTEP_ASM DIVSTEP_ASM DIVSTEP_ASM
/* 15 steps on (X, G, zeta), F and G packed as divsteps15 (the C steps) packs them, X = +-F */
#define RUN15(X, G, zeta)                                                      \
    do {                                                                       \
        uint64_t T_, A_, B_, nv_, s_;                                          \
        int64_t v_ = (zeta) + 1;                                               \
        __asm__(DIVSTEP_ASM3 DIVSTEP_ASM3 DIVSTEP_ASM3 DIVSTEP_ASM3 DIVSTEP_ASM3 \
                : [X] "+r"(X), [G] "+r"(G), [v] "+r"(v_), [T] "=&r"(T_),      \
                  [A] "=&r"(A_), [B] "=&r"(B_), [nv] "=&r"(nv_), [s] "=&r"(s_) \
                :                                                              \
                : "cc");                                                       \
        (zeta) = v_ - 1;                                                       \
    } while (0)
#else
static inline __attribute__((always_inline)) int64_t divsteps15(int64_t zeta, uint64_t f, uint64_t g,
                                                              int64_t t[4])
{
    const uint64_t m = 0x7fff;
    uint64_t F = (f & m) + ((uint64_t)1 << 36), G = (g & m) + ((uint64_t)1 << 57);
#pragma GCC unroll 15
    for (int i = 0; i < 15; i++) DIVSTEP(F, G, zeta);
    UNPACK(F, t[0], t[1]);
    UNPACK(G, t[2], t[3]);
    return zeta;
}
#endif

/* c = b a (2x2); entries stay below 2^60 here (row norms multiply) */
static inline __attribute__((always_inline)) void mat_mul(int64_t c[4], const int64_t b[4],
                                                        const int64_t a[4])
{
    int64_t t0 = b[0] * a[0] + b[1] * a[2], t1 = b[0] * a[1] + b[1] * a[3];
    int64_t t2 = b[2] * a[0] + b[3] * a[2], t3 = b[2] * a[1] + b[3] * a[3];
    c[0] = t0;
    c[1] = t1;
    c[2] = t2;
    c[3] = t3;
}

/* f, g <- (u f + v g) / 2^15, (q f + r g) / 2^15 on the low 64 bits (exact
 * mod 2^49: the division is exact over the integers) */
#define NEXT_FG(f, g, a)                                                       \
    do {                                                                       \
        uint64_t f1_ = ((uint64_t)(a)[0] * (f) + (uint64_t)(a)[1] * (g)) >> 15; \
        uint64_t g1_ = ((uint64_t)(a)[2] * (f) + (uint64_t)(a)[3] * (g)) >> 15; \
        (f) = f1_;                                                             \
        (g) = g1_;                                                             \
    } while (0)

#if F25519_DIVSTEP_ASM
/* After a run X = s F (s = -1 iff zeta < 0, which the next run starts
 * with), so X's row is s (u, v): the next s f comes from it directly and
 * gives the next X as (s f mod 2^15) + s 2^36 (its low field the residue in
 * [0, 2^15): congruent to -f' when s = -1, and within the fields' bounds);
 * the true f and (u, v) (s applied again) are off that chain. */
#define NEXT_RUN(X, G, zeta, f, g, a)                                          \
    do {                                                                       \
        uint64_t c_ = (uint64_t)((zeta) >> 63);                                \
        UNPACK(X, (a)[0], (a)[1]);                                             \
        UNPACK(G, (a)[2], (a)[3]);                                             \
        uint64_t fs_ = ((uint64_t)(a)[0] * (f) + (uint64_t)(a)[1] * (g)) >> 15; \
        (g) = ((uint64_t)(a)[2] * (f) + (uint64_t)(a)[3] * (g)) >> 15;         \
        X = (fs_ & 0x7fff) + ((((uint64_t)1 << 36) ^ c_) - c_);                \
        G = ((g) & 0x7fff) + ((uint64_t)1 << 57);                              \
        (f) = (fs_ ^ c_) - c_;                                                 \
        (a)[0] = (int64_t)(((uint64_t)(a)[0] ^ c_) - c_);                      \
        (a)[1] = (int64_t)(((uint64_t)(a)[1] ^ c_) - c_);                      \
    } while (0)

/* 60 divsteps as four runs of 15 (see the C version below) */
__attribute__((noinline)) static int64_t divsteps60(int64_t zeta, uint64_t f, uint64_t g, int64_t t[4])
{
    int64_t a[4], b[4], c[4], d[4];
    uint64_t c1 = (uint64_t)(zeta >> 63);
    uint64_t X = (((f & 0x7fff) + ((uint64_t)1 << 36)) ^ c1) - c1;
    uint64_t G = (g & 0x7fff) + ((uint64_t)1 << 57);
    RUN15(X, G, zeta);
    NEXT_RUN(X, G, zeta, f, g, a);
    RUN15(X, G, zeta);
    NEXT_RUN(X, G, zeta, f, g, b);
    RUN15(X, G, zeta);
    NEXT_RUN(X, G, zeta, f, g, c);
    RUN15(X, G, zeta);
    c1 = (uint64_t)(zeta >> 63);
    UNPACK(X, d[0], d[1]);
    UNPACK(G, d[2], d[3]);
    d[0] = (int64_t)(((uint64_t)d[0] ^ c1) - c1);
    d[1] = (int64_t)(((uint64_t)d[1] ^ c1) - c1);
    mat_mul(a, b, a);
    mat_mul(c, d, c);
    mat_mul(t, c, a);
    for (int i = 0; i < 4; i++) t[i] *= 4;
    X = G = f = g = 0;
    f25519_wipe(a, sizeof a);
    f25519_wipe(b, sizeof b);
    f25519_wipe(c, sizeof c);
    f25519_wipe(d, sizeof d);
    return zeta;
}
#else
/* 60 divsteps (four runs of 15; f, g low bits valid: 64, 49, 34, 19 >= 15);
 * t = the product of the four matrices times 4, so that f_new 2^62 = u f + v g
 * as update_fg and lincomb expect (|entries| <= 2^60 before the factor 4).
 * Not inlined: inlined into the batch loop, gcc 12 -O2 made the inversion
 * about 10% slower. */
__attribute__((noinline)) static int64_t divsteps60(int64_t zeta, uint64_t f, uint64_t g, int64_t t[4])
{
    int64_t a[4], b[4], c[4], d[4];
    zeta = divsteps15(zeta, f, g, a);
    NEXT_FG(f, g, a);
    zeta = divsteps15(zeta, f, g, b);
    NEXT_FG(f, g, b);
    zeta = divsteps15(zeta, f, g, c);
    NEXT_FG(f, g, c);
    zeta = divsteps15(zeta, f, g, d);
    mat_mul(a, b, a);
    mat_mul(c, d, c);
    mat_mul(t, c, a);
    for (int i = 0; i < 4; i++) t[i] *= 4;
    f25519_wipe(a, sizeof a);
    f25519_wipe(b, sizeof b);
    f25519_wipe(c, sizeof c);
    f25519_wipe(d, sizeof d);
    return zeta;
}

#endif

/* (f, g) <- ((u f + v g) / 2^62, (q f + r g) / 2^62), exact */
static inline __attribute__((always_inline)) void update_fg(s62 *f, s62 *g, const int64_t t[4])
{
    const int64_t u = t[0], v = t[1], q = t[2], r = t[3];
    i128 cf = (i128)u * f->v[0] + (i128)v * g->v[0];
    i128 cg = (i128)q * f->v[0] + (i128)r * g->v[0];
    cf >>= 62;
    cg >>= 62;
#pragma GCC unroll 4
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
 * < 2^51 + 2^23. Negative coefficients use 8p - d (8p limbs > 2^53 > d).
 * The loops here and in update_fg are unrolled: as loops, gcc 12 kept the
 * 128-bit sums on the stack. */
static inline __attribute__((always_inline)) void lincomb(fe51 *h, int64_t a, const fe51 *d, int64_t b,
                                                        const fe51 *e)
{
    static const uint64_t p8[5] = { 0x3fffffffffff68ULL, 0x3ffffffffffff8ULL, 0x3ffffffffffff8ULL,
                                    0x3ffffffffffff8ULL, 0x3ffffffffffff8ULL };
    uint64_t sa = (uint64_t)(a >> 63), sb = (uint64_t)(b >> 63);
    uint64_t aa = ((uint64_t)a ^ sa) - sa, ab = ((uint64_t)b ^ sb) - sb;
    u128 r[5];
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        uint64_t ds = d->v[i] ^ (sa & (d->v[i] ^ (p8[i] - d->v[i])));
        uint64_t es = e->v[i] ^ (sb & (e->v[i] ^ (p8[i] - e->v[i])));
        r[i] = (u128)aa * ds + (u128)ab * es; /* < 2^63 * 2^55 */
    }
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++) {
        r[i + 1] += r[i] >> 51;
        r[i] &= M51;
    }
    r[0] += (r[4] >> 51) * 19; /* < 2^51 + 2^73 */
    r[4] &= M51;
    r[1] += r[0] >> 51;
    r[0] &= M51;
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) h->v[i] = (uint64_t)r[i];
}

void f25519_safegcd_invert(fe51 *out, const fe51 *z)
{
    uint8_t b[32];
    uint64_t w[4];
    s62 f, g;
    fe51 d, e, t0, t1;
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
    /* e = 2^-620 mod p instead of 1: d ends as +-1/x, no final product (limb
     * stores: a struct copy from a constant would be a memcpy the IR reader
     * of tools/prove does not take) */
    e.v[0] = 0x4965683e6788aULL;
    e.v[1] = 0x15463479f8e89ULL;
    e.v[2] = 0x6c893805ac524ULL;
    e.v[3] = 0x16482ee0c2ad8ULL;
    e.v[4] = 0x19ca54469d942ULL;

    for (int k = 0; k < 9; k++) {
        zeta = divsteps60(zeta, (uint64_t)f.v[0], (uint64_t)g.v[0], tm);
        update_fg(&f, &g, tm);
        lincomb(&t0, tm[0], &d, tm[1], &e);
        lincomb(&t1, tm[2], &d, tm[3], &e);
        d = t0;
        e = t1;
    }
    /* the 10th batch: only f's sign and d are needed; f = +-1, so the row
     * (u, v) negated when f < 0 gives d = 1/x directly (|u|, |v| <= 2^62 still) */
    zeta = divsteps60(zeta, (uint64_t)f.v[0], (uint64_t)g.v[0], tm);
    update_fg(&f, &g, tm);
    uint64_t neg = (uint64_t)(f.v[4] >> 63);
    tm[0] = (int64_t)(((uint64_t)tm[0] ^ neg) - neg);
    tm[1] = (int64_t)(((uint64_t)tm[1] ^ neg) - neg);
    lincomb(out, tm[0], &d, tm[1], &e);

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

void f25519_safegcd_batch_invert(fe51 *out, const fe51 *z, size_t n)
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
    f25519_safegcd_invert(&acc, &pre[n - 1]);
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
