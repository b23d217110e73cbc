/*
 * [a]A + [b]B for verification with AVX-512IFMA.
 * f25519_ifma_double_scalar_2x4: paper Alg. 2 with w = 5 on the 2x4-way
 * point arithmetic: half 0 of every vector accumulates [a]A (table of A
 * computed at run time), half 1 accumulates [b]B (fixed table), both halves
 * double together; the two halves are added at the end. Public inputs:
 * digits index the tables directly (variable time is allowed here).
 */
#include <string.h>
#include "scalarmult/double_ifma.h"
#include "scalarmult/base_tables_ifma.h"
#include "point/ge51_2x4_ifma.h"
#include "point/ge51x8_ifma.h"
#include "point/ge51_1x4_ifma.h"

#define W 5
#define NDIG 52 /* ceil(253 / 5) + 1 */

/* k = sum d[i] 32^i, d[i] in [-16, 16). k < 2^253 (vartime: public). */
static void recode32(int8_t d[NDIG], const uint8_t k[32])
{
    int carry = 0;
    for (int i = 0; i < NDIG; i++) {
        int bit = W * i, v = 0;
        for (int j = 0; j < W; j++, bit++)
            if (bit < 256) v |= ((k[bit >> 3] >> (bit & 7)) & 1) << j;
        v += carry;
        carry = v >= 16;
        d[i] = (int8_t)(v - (carry << 5));
    }
}

/* lanes [a0, a1, a2, a3 | b0, b1, b2, b3] from two portable elements each */
F25519_IFMA_INLINE void set_lanes(fe51x8 *h, const fe51 *const e[8])
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
        h->v[i] = _mm512_setr_epi64((long long)e[0]->v[i], (long long)e[1]->v[i], (long long)e[2]->v[i],
                                    (long long)e[3]->v[i], (long long)e[4]->v[i], (long long)e[5]->v[i],
                                    (long long)e[6]->v[i], (long long)e[7]->v[i]);
}

F25519_IFMA_TARGET void f25519_ifma_double_scalar_2x4(ge51_p3 *out, const uint8_t a[32],
                                                      const ge51_p3 *A, const uint8_t b[32])
{
    int8_t da[NDIG], db[NDIG];
    recode32(da, a);
    recode32(db, b);

    /* constant [1, 1, 2d, 2] per half */
    fe51 one, two;
    fe51_1(&one);
    fe51_0(&two);
    two.v[0] = 2;
    const fe51 *kc[8] = { &one, &one, &f25519_ifma_d2, &two, &one, &one, &f25519_ifma_d2, &two };
    fe51x8 k112;
    set_lanes(&k112, kc);

    /* table of A: ta[v] = pre(v A) in both halves, v = 0..16 */
    ge24_pre ta[17];
    ge24 pa[17];
    {
        const fe51 *e[8] = { &A->X, &A->Y, &A->T, &A->Z, &A->X, &A->Y, &A->T, &A->Z };
        set_lanes(&pa[1], e);
        fe51 zero;
        fe51_0(&zero);
        const fe51 *id[8] = { &zero, &one, &zero, &one, &zero, &one, &zero, &one };
        set_lanes(&pa[0], id);
    }
    ge24_to_pre(&ta[0], &pa[0], &k112);
    ge24_to_pre(&ta[1], &pa[1], &k112);
    ge24_dbl(&pa[2], &pa[1]);
    ge24_to_pre(&ta[2], &pa[2], &k112);
    for (int v = 3; v <= 16; v += 2) {
        /* [vA, (v+1)A] = [hA + (v-h)A, hA + (v+1-h)A] with h the largest power of 2 < v */
        int h = 2;
        while (2 * h < v) h *= 2;
        ge24 base;
        ge24_pre q;
        fe8_blend(&base, &pa[h], &pa[h], 0);
        fe8_blend(&q, &ta[v - h], &ta[v + 1 - h], 0xf0);
        ge24 r;
        ge24_add(&r, &base, &q);
        /* half 0 = vA, half 1 = (v+1)A: spread each to both halves */
        fe51x8 lo, hi;
#pragma GCC unroll 5
        for (int i = 0; i < 5; i++) {
            lo.v[i] = _mm512_shuffle_i64x2(r.v[i], r.v[i], 0x44);
            hi.v[i] = _mm512_shuffle_i64x2(r.v[i], r.v[i], 0xee);
        }
        pa[v] = lo;
        pa[v + 1] = hi;
        ge24_to_pre(&ta[v], &pa[v], &k112);
        ge24_to_pre(&ta[v + 1], &pa[v + 1], &k112);
    }

    /* table of B: tb[v] = pre(vB) in both halves (affine: 2Z = 2) */
    ge24_pre tb[17];
    tb[0] = ta[0];
    for (int v = 1; v <= 16; v++) {
        const uint64_t *e = f25519_ifma_btab_odd[v - 1]; /* ypx, ymx, xy2d */
#pragma GCC unroll 5
        for (int i = 0; i < 5; i++) {
            long long ymx = (long long)e[5 + i], ypx = (long long)e[i], t = (long long)e[10 + i];
            long long z = i == 0 ? 2 : 0;
            tb[v].v[i] = _mm512_setr_epi64(ymx, ypx, t, z, ymx, ypx, t, z);
        }
    }

    ge24 acc = pa[0];
    ge24_pre q;
    for (int i = NDIG - 1; i >= 0; i--) {
        if (i != NDIG - 1)
            for (int j = 0; j < W; j++) ge24_dbl(&acc, &acc);
        int x = da[i], y = db[i];
        if (x == 0 && y == 0) continue;
        fe8_blend(&q, &ta[x < 0 ? -x : x], &tb[y < 0 ? -y : y], 0xf0);
        __mmask8 neg = (__mmask8)((x < 0 ? 0x0f : 0) | (y < 0 ? 0xf0 : 0));
        if (neg) ge24_pre_cneg(&q, &q, neg);
        ge24_add(&acc, &acc, &q);
    }
    /* R = M + N: pre(N) moved to half 0 */
    ge24_pre qn;
    ge24_to_pre(&q, &acc, &k112);
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) qn.v[i] = _mm512_shuffle_i64x2(q.v[i], q.v[i], 0xee);
    ge24_add(&acc, &acc, &qn);

    uint64_t lanes[5][8] __attribute__((aligned(64)));
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) _mm512_store_si512(lanes[i], acc.v[i]);
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        out->X.v[i] = lanes[i][0];
        out->Y.v[i] = lanes[i][1];
        out->T.v[i] = lanes[i][2];
        out->Z.v[i] = lanes[i][3];
    }
}

/* bits [pos, pos + n) of the 256-bit x (n <= 32), zero beyond bit 255 */
static inline uint32_t get_bits(const uint64_t x[4], int pos, int n)
{
    int w = pos >> 6, sh = pos & 63;
    uint64_t v = x[w] >> sh;
    if (sh && w < 3) v |= x[w + 1] << (64 - sh);
    return (uint32_t)(v & ((1u << n) - 1));
}

/* width-w NAF of k < 2^253: k = sum r[i] 2^i, r[i] odd in (-2^(w-1), 2^(w-1))
 * or 0, at most one nonzero in any w consecutive positions. Returns the
 * number of positions used (<= 254). Variable time (public scalar): runs of
 * zero bits are skipped with a count-trailing-zeros. */
static int wnaf(int16_t r[256], const uint8_t k[32], int w)
{
    uint64_t x[4] = { 0 };
    for (int i = 0; i < 32; i++) x[i / 8] |= (uint64_t)k[i] << (8 * (i % 8));
    memset(r, 0, 256 * sizeof r[0]);
    int top = 0, bit = 0;
    uint32_t carry = 0;
    while (bit < 256) {
        if (get_bits(x, bit, 1) == carry) { /* effective bit 0: skip the run */
            uint64_t v = (x[bit >> 6] >> (bit & 63)) ^ (carry ? ~0ULL : 0);
            v &= ~0ULL >> (bit & 63);   /* only bits of this word */
            int run = v ? __builtin_ctzll(v) : 64 - (bit & 63);
            bit += run > 0 ? run : 1;
            continue;
        }
        int now = w < 256 - bit ? w : 256 - bit;
        int word = (int)get_bits(x, bit, now) + (int)carry;
        carry = (uint32_t)(word >> (w - 1)) & 1;
        word -= (int)(carry << w);
        r[bit] = (int16_t)word;
        top = bit + 1;
        bit += now;
    }
    return top;
}

F25519_IFMA_INLINE void ge14_set(fe51x4 *h, const fe51 *a, const fe51 *b, const fe51 *c, const fe51 *d)
{
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++)
        h->v[i] = _mm256_setr_epi64x((long long)a->v[i], (long long)b->v[i], (long long)c->v[i],
                                     (long long)d->v[i]);
}

#ifndef WA
#define WA 5 /* w-NAF width for A */
#endif
#ifndef WB
#define WB 10 /* w-NAF width for B: the table holds 2^(WB-2) odd multiples */
#endif

F25519_IFMA_TARGET void f25519_ifma_double_scalar_1x4(ge51_p3 *out, const uint8_t a[32],
                                                      const ge51_p3 *A, const uint8_t b[32])
{
    int16_t na[256], nb[256];
    int ta = wnaf(na, a, WA), tb = wnaf(nb, b, WB);
    int top = ta > tb ? ta : tb;

    fe51 one, two, zero;
    fe51_1(&one);
    fe51_0(&zero);
    fe51_0(&two);
    two.v[0] = 2;
    fe51x4 k112;
    ge14_set(&k112, &one, &one, &f25519_ifma_d2, &two);

    /* odd multiples of A: pa[i] = (2i + 1) A, in pre form and negated */
    ge14_pre pa[16], pan[16];
    ge14 p1, p2, acc;
    ge14_set(&p1, &A->X, &A->Y, &A->T, &A->Z);
    ge14_dbl(&p2, &p1);
    ge14_pre p2pre;
    ge14_to_pre(&p2pre, &p2, &k112);
    ge14_to_pre(&pa[0], &p1, &k112);
    acc = p1;
    for (int i = 1; i < (1 << (WA - 2)); i++) {
        ge14_add(&acc, &acc, &p2pre);
        ge14_to_pre(&pa[i], &acc, &k112);
    }
    for (int i = 0; i < (1 << (WA - 2)); i++) ge14_pre_neg(&pan[i], &pa[i]);

    ge14_set(&acc, &zero, &one, &zero, &one);
    int started = 0;
    for (int i = top - 1; i >= 0; i--) {
        if (started) ge14_dbl(&acc, &acc);
        int x = na[i], y = nb[i];
        if (x) {
            ge14_add(&acc, &acc, x > 0 ? &pa[x >> 1] : &pan[(-x) >> 1]);
            started = 1;
        }
        if (y) {
            ge14_pre q;
            const uint64_t(*e)[4] = f25519_ifma_btab_naf[(y > 0 ? y : -y) >> 1];
#pragma GCC unroll 5
            for (int j = 0; j < 5; j++) q.v[j] = _mm256_load_si256((const __m256i *)e[j]);
            if (y < 0) ge14_pre_neg(&q, &q);
            ge14_add(&acc, &acc, &q);
            started = 1;
        }
    }
    uint64_t lanes[5][4] __attribute__((aligned(32)));
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) _mm256_store_si256((__m256i *)lanes[i], acc.v[i]);
#pragma GCC unroll 5
    for (int i = 0; i < 5; i++) {
        out->X.v[i] = lanes[i][0];
        out->Y.v[i] = lanes[i][1];
        out->T.v[i] = lanes[i][2];
        out->Z.v[i] = lanes[i][3];
    }
}

void f25519_ifma_double_scalar(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A,
                               const uint8_t b[32])
{
    f25519_ifma_double_scalar_1x4(out, a, A, b);
}
