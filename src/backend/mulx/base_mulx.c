/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The mulx backend's fixed-base [a]B, a < 2^255, constant time in a.
 * a = sum e_i 64^i, i < 43, signed digits e_i in [-32, 32) (e_42 in [0, 8];
 * recode.h); every digit position has its own table (mulx_base.h: 43
 * tables of 32 affine multiples of 64^i B in this backend's radix 2^64, as
 * (y + x, y - x, 2dxy)), so [a]B = sum [e_i] 64^i B takes 43 lookups and 42
 * mixed additions and no doubling. Each lookup reads every entry of its
 * table with masks (AVX2 where the CPU has it, else SSE2: the choice is a
 * CPU feature, never data); the sign is applied with masks. Outputs the
 * Ed25519 encoding or the X25519 u-coordinate.
 *
 * Radix 64 rather than 16 (64 tables of 8) or 32 (52 of 16): a mixed
 * addition with its conversion to extended coordinates (7 multiplications)
 * costs about as much as scanning ~85 table entries, so 21 fewer additions
 * outweigh 864 more entries scanned. The table grows from 48 to 129 KB (in
 * L2 either way).
 *
 * With AVX2 the scan of table i + 1 is software-pipelined between the
 * products of step i (base_mulx_avx2); the SSE2 comb scans one table per
 * step. Every scan reads every entry of its table at fixed addresses.
 */
#include "backend/mulx/scalarmult_mulx.h"

#if F25519_HAVE_MULX
#include <immintrin.h>
#include "backend/mulx/ge64_mulx.h"
#include "tables/mulx_base.h"
#include "scalarmult/recode.h"
#include "common/wipe.h"
#include "common/cpu.h"

/* p = 2^255 - 19 as words */
static const uint64_t P0 = 0xffffffffffffffedull, P1 = 0xffffffffffffffffull,
                      P3 = 0x7fffffffffffffffull;

#define AVX2_FN __attribute__((target("avx2")))

/* After the masked scan: a negative digit (nm all-ones) negates 2dxy:
 * p - 2dxy (entries are reduced: no borrow out), under the mask. */
static inline void neg_xy2d(fe64 *x, uint64_t nm)
{
    typedef unsigned __int128 u128;
    uint64_t x0 = x->w[0], x1 = x->w[1], x2 = x->w[2], x3 = x->w[3];
    u128 c = (u128)P0 - x0;
    uint64_t n0 = (uint64_t)c;
    c = (u128)P1 - x1 - (uint64_t)(c >> 127);
    uint64_t n1 = (uint64_t)c;
    c = (u128)P1 - x2 - (uint64_t)(c >> 127);
    uint64_t n2 = (uint64_t)c;
    uint64_t n3 = P3 - x3 - (uint64_t)(c >> 127);
    x->w[0] = x0 ^ (nm & (x0 ^ n0));
    x->w[1] = x1 ^ (nm & (x1 ^ n1));
    x->w[2] = x2 ^ (nm & (x2 ^ n2));
    x->w[3] = x3 ^ (nm & (x3 ^ n3));
}

/* t = digit * 64^pos B for digit in [-32, 32], constant time in digit: all 32
 * entries of the table are read and kept under an equality mask (AVX2: one
 * blendv per ymm word into the accumulator, fewer operations than AND + OR;
 * SSE2: AND-ed and OR-ed), none kept for 0: patched to the identity
 * (1, 1, 0); then a negative digit swaps y+x and y-x and negates 2dxy, both
 * under a mask. Two versions of the same scan: AVX2 (3 ymm words per entry)
 * and SSE2. */
/* The AVX2 scan in parts (begin, entries [j0, j1), end), so that the
 * pipelined comb below can spread one table's scan between the products of
 * the previous addition. The state: three accumulators, |digit| broadcast,
 * the sign mask, the table. */
typedef struct {
    __m256i a0, a1, a2, bv;
    uint64_t nm;
    const uint64_t (*row)[12];
} scan64;

static inline AVX2_FN void scan64_begin(scan64 *s, int pos, int8_t digit)
{
    uint64_t neg = (uint64_t)((uint8_t)digit >> 7); /* 1 if digit < 0 */
    s->nm = (uint64_t)0 - neg;
    uint64_t babs = (((uint64_t)(int64_t)digit ^ s->nm) - s->nm) & 0xff; /* |digit| */
    s->row = f25519_mulx_base_comb[pos];
    s->bv = _mm256_set1_epi64x((long long)babs);
    s->a0 = s->a1 = s->a2 = _mm256_setzero_si256();
}

static inline AVX2_FN void scan64_part(scan64 *s, int j0, int j1)
{
    for (int j = j0; j < j1; j++) {
        __m256i mv = _mm256_cmpeq_epi64(s->bv, _mm256_set1_epi64x(j + 1));
        s->a0 = _mm256_blendv_epi8(s->a0, _mm256_loadu_si256((const __m256i *)(s->row[j] + 0)), mv);
        s->a1 = _mm256_blendv_epi8(s->a1, _mm256_loadu_si256((const __m256i *)(s->row[j] + 4)), mv);
        s->a2 = _mm256_blendv_epi8(s->a2, _mm256_loadu_si256((const __m256i *)(s->row[j] + 8)), mv);
    }
}

static inline AVX2_FN void scan64_end(ge64_precomp *t, const scan64 *s)
{
    const __m256i one = _mm256_and_si256(_mm256_cmpeq_epi64(s->bv, _mm256_setzero_si256()),
                                         _mm256_set_epi64x(0, 0, 0, 1));
    __m256i a0 = _mm256_or_si256(s->a0, one);
    __m256i a1 = _mm256_or_si256(s->a1, one);
    const __m256i d = _mm256_and_si256(_mm256_set1_epi64x((long long)s->nm), _mm256_xor_si256(a0, a1));
    _mm256_storeu_si256((__m256i *)t->ypx.w, _mm256_xor_si256(a0, d));
    _mm256_storeu_si256((__m256i *)t->ymx.w, _mm256_xor_si256(a1, d));
    _mm256_storeu_si256((__m256i *)t->xy2d.w, s->a2);
    neg_xy2d(&t->xy2d, s->nm);
}

static inline AVX2_FN void select64_avx2(ge64_precomp *t, int pos, int8_t digit)
{
    scan64 s;
    scan64_begin(&s, pos, digit);
    scan64_part(&s, 0, F25519_BASE64_ENTRIES);
    scan64_end(t, &s);
}

static inline void select64_sse2(ge64_precomp *t, int pos, int8_t digit)
{
    uint64_t neg = (uint64_t)((uint8_t)digit >> 7);
    uint64_t nm = (uint64_t)0 - neg;
    uint64_t babs = (((uint64_t)(int64_t)digit ^ nm) - nm) & 0xff;
    const uint64_t(*row)[12] = f25519_mulx_base_comb[pos];
    __m128i acc[6];
    for (int w = 0; w < 6; w++) acc[w] = _mm_setzero_si128();
    for (uint64_t j = 0; j < F25519_BASE64_ENTRIES; j++) {
        uint64_t x = babs ^ (j + 1);
        uint64_t mj = (uint64_t)0 - ((x - 1) >> 63); /* all-ones iff x == 0 (x < 2^8) */
        __m128i mv = _mm_set1_epi64x((long long)mj);
        for (int w = 0; w < 6; w++)
            acc[w] = _mm_or_si128(acc[w], _mm_and_si128(mv, _mm_loadu_si128((const __m128i *)(row[j] + 2 * w))));
    }
    __m128i one = _mm_set_epi64x(0, (long long)((babs - 1) >> 63)); /* 1 iff babs == 0 */
    acc[0] = _mm_or_si128(acc[0], one);
    acc[2] = _mm_or_si128(acc[2], one);
    __m128i nv = _mm_set1_epi64x((long long)nm);
    for (int w = 0; w < 2; w++) {
        __m128i d = _mm_and_si128(nv, _mm_xor_si128(acc[w], acc[w + 2]));
        acc[w] = _mm_xor_si128(acc[w], d);
        acc[w + 2] = _mm_xor_si128(acc[w + 2], d);
    }
    for (int w = 0; w < 6; w++) _mm_storeu_si128((__m128i *)(t->ypx.w + 2 * w), acc[w]);
    neg_xy2d(&t->xy2d, nm);
}

/* h = the precomp point q as an extended point with Z = 2:
 * X = (y+x) - (y-x) = 2x, Y = 2y, T = XY/Z = 2xy = 2dxy / d. */
static inline void p3_from_precomp(ge64_p3 *h, const ge64_precomp *q)
{
    static const fe64 two = {{2, 0, 0, 0}};
    fe64_addsub(&h->Y, &h->X, &q->ypx, &q->ymx);
    h->Z = two;
    fe64_mul(&h->T, &q->xy2d, (const fe64 *)f25519_mulx_base_dinv);
}

/* [a]B with the lookup SELECT, left as the completed point (E, H, G, F) of
 * the last addition (ge64_p1p1: X = EF, Y = GH, Z = FG, T = EH): the callers
 * take what they need from it. COMB_N digits of F25519_BASE64_SPACING bits. */
#define COMB_N F25519_BASE64_TABLES
#define BASE_COMB_BODY(SELECT)                                                                     \
    do {                                                                                           \
        int8_t e[COMB_N];                                                                          \
        ge64_precomp t;                                                                            \
        ge64_p1p1 r;                                                                               \
        ge64_p3 h;                                                                                 \
        f25519_recode_signed(e, COMB_N, a, F25519_BASE64_SPACING);                                 \
        SELECT(&t, 0, e[0]);                                                                       \
        p3_from_precomp(&h, &t);                                                                   \
        for (int i = 1; i < COMB_N - 1; i++) {                                                     \
            SELECT(&t, i, e[i]);                                                                   \
            ge64_madd(&r, &h, &t);                                                                 \
            ge64_p1p1_to_p3(&h, &r);                                                               \
        }                                                                                          \
        SELECT(&t, COMB_N - 1, e[COMB_N - 1]);                                                     \
        ge64_madd(&r, &h, &t);                                                                     \
        *out = r;                                                                                  \
        f25519_wipe(e, sizeof e);                                                                  \
        f25519_wipe(&t, sizeof t);                                                                 \
        f25519_wipe(&r, sizeof r);                                                                 \
        f25519_wipe(&h, sizeof h);                                                                 \
    } while (0)

/* The AVX2 comb, software-pipelined: table i + 1 is scanned in parts
 * between the seven products of step i (mixed addition, conversion to
 * extended coordinates), whose operands do not depend on it (the digits are
 * known up front), so the out-of-order core overlaps the vector scan with
 * the mulx chains. Same reads as BASE_COMB_BODY: every entry of every table,
 * kept under masks. */
static AVX2_FN void base_mulx_avx2(ge64_p1p1 *out, const uint8_t a[32])
{
    int8_t e[COMB_N];
    ge64_precomp t;
    ge64_p1p1 r;
    ge64_p3 h;
    scan64 s;
    fe64 pa, pb, pc, pd, pA, pB;
    f25519_recode_signed(e, COMB_N, a, F25519_BASE64_SPACING);
    select64_avx2(&t, 0, e[0]);
    p3_from_precomp(&h, &t);
    select64_avx2(&t, 1, e[1]);
    for (int i = 1; i < COMB_N - 1; i++) {
        scan64_begin(&s, i + 1, e[i + 1]);
        /* ge64_madd(&r, &h, &t) */
        fe64_addsub(&pb, &pa, &h.Y, &h.X);
        fe64_mul(&pA, &pa, &t.ymx);
        scan64_part(&s, 0, 5);
        fe64_mul(&pB, &pb, &t.ypx);
        scan64_part(&s, 5, 10);
        fe64_mul(&pc, &h.T, &t.xy2d);
        scan64_part(&s, 10, 14);
        fe64_add(&pd, &h.Z, &h.Z);
        fe64_addsub(&r.Y, &r.X, &pB, &pA);
        fe64_addsub(&r.Z, &r.T, &pd, &pc);
        /* ge64_p1p1_to_p3(&h, &r) */
        fe64_mul(&h.X, &r.X, &r.T);
        scan64_part(&s, 14, 19);
        fe64_mul(&h.Y, &r.Y, &r.Z);
        scan64_part(&s, 19, 24);
        fe64_mul(&h.Z, &r.Z, &r.T);
        scan64_part(&s, 24, 28);
        fe64_mul(&h.T, &r.X, &r.Y);
        scan64_part(&s, 28, F25519_BASE64_ENTRIES);
        scan64_end(&t, &s);
    }
    ge64_madd(&r, &h, &t);
    *out = r;
    f25519_wipe(e, sizeof e);
    f25519_wipe(&t, sizeof t);
    f25519_wipe(&r, sizeof r);
    f25519_wipe(&h, sizeof h);
    f25519_wipe(&s, sizeof s);
    f25519_wipe(&pa, sizeof pa);
    f25519_wipe(&pb, sizeof pb);
    f25519_wipe(&pc, sizeof pc);
    f25519_wipe(&pd, sizeof pd);
    f25519_wipe(&pA, sizeof pA);
    f25519_wipe(&pB, sizeof pB);
}

static void base_mulx_sse2(ge64_p1p1 *out, const uint8_t a[32])
{
    BASE_COMB_BODY(select64_sse2);
}

/* scan: 1 AVX2, 0 SSE2 (a CPU feature, public) */
static void base_mulx(ge64_p1p1 *out, const uint8_t a[32], int scan)
{
    if (scan)
        base_mulx_avx2(out, a);
    else
        base_mulx_sse2(out, a);
}

static int scan_for_cpu(void)
{
    return (f25519_cpu_features() & F25519_CPU_AVX2) != 0;
}

void f25519_ed25519_base_mulx(uint8_t out[32], const uint8_t a[32])
{
    f25519_ed25519_base_mulx_scan(out, a, scan_for_cpu());
}

void f25519_x25519_base_mulx(uint8_t out[32], const uint8_t k[32])
{
    f25519_x25519_base_mulx_scan(out, k, scan_for_cpu());
}

void f25519_ed25519_base_mulx_scan(uint8_t out[32], const uint8_t a[32], int scan)
{
    ge64_p1p1 r;
    ge64_p2 h;
    fe64 zi, x, y;
    uint8_t xb[32];
    base_mulx(&r, a, scan);
    ge64_p1p1_to_p2(&h, &r);
    fe64_invert_safegcd(&zi, &h.Z);
    fe64_mul(&x, &h.X, &zi);
    fe64_mul(&y, &h.Y, &zi);
    fe64_tobytes(out, &y);
    fe64_tobytes(xb, &x);
    out[31] ^= (uint8_t)((xb[0] & 1) << 7);
    f25519_wipe(&r, sizeof r);
    f25519_wipe(&h, sizeof h);
    f25519_wipe(&zi, sizeof zi);
    f25519_wipe(&x, sizeof x);
    f25519_wipe(&y, sizeof y);
    f25519_wipe(xb, sizeof xb);
}

/* u = (Z + Y) / (Z - Y) = (FG + GH) / (FG - GH) = (F + H) / (F - H) from the
 * completed point (F G = Z != 0: the a = -1 formulas are complete, so G
 * cancels; the identity gives F = H and u = 0 as before): no conversion to
 * projective coordinates (3 multiplications fewer). */
void f25519_x25519_base_mulx_scan(uint8_t out[32], const uint8_t k[32], int scan)
{
    ge64_p1p1 h;
    fe64 n, d;
    base_mulx(&h, k, scan);
    fe64_addsub(&n, &d, &h.T, &h.Y);
    fe64_invert_safegcd(&d, &d);
    fe64_mul(&n, &n, &d);
    fe64_tobytes(out, &n);
    f25519_wipe(&h, sizeof h);
    f25519_wipe(&n, sizeof n);
    f25519_wipe(&d, sizeof d);
}
#undef COMB_N
#endif
