/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * IFMA point arithmetic and scalar multiplications vs the portable path,
 * lane by lane:
 *  - 8x1-way madd / add / dbl and 2x4-way add / dbl (Zhang et al., ENG25519, Alg. 1;
 * docs/references.md) on random
 *    curve points (compared as encodings with ge51_add / ge51_dbl);
 *  - the same formulas on extreme-limb inputs (every limb of every
 *    coordinate at the documented maximum, 2^51 + 2^14 - 1, and at 2^52 - 1
 *    for operands that are only multiplied): values compared with the
 *    formula evaluated by the portable field;
 *  - fixed-base 8x1 / 1x8 and the ops entries (ed25519_base[_x8],
 *    x25519_base[_x8]) vs the portable backend on random and edge scalars;
 *  - the double-scalar multiplication vs the portable one.
 */
#include "testutil.h"
#include "ops.h"
#include "backend/ifma/ge51x8_ifma.h"
#include "backend/ifma/ge51_2x4_ifma.h"
#include "backend/ifma/ge51_1x4_ifma.h"
#include "backend/ifma/base_ifma.h"
#include "backend/ifma/double_ifma.h"
#include "backend/portable/scalarmult_portable.h"

#define RMAX ((1ULL << 51) + (1ULL << 14) - 1)

static const uint8_t L_bytes[32] = { 0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                     0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                     0, 0, 0, 0x10 };

static void rand_scalar(uint8_t s[32]) /* < 2^252 < L, or an edge value */
{
    int kind = (int)(tu_rand64() % 16);
    memset(s, 0, 32);
    if (kind == 0) return;                   /* 0 */
    if (kind == 1) { s[0] = 1; return; }     /* 1 */
    if (kind == 2) {                         /* L - 1 */
        memcpy(s, L_bytes, 32);
        s[0] -= 1;
        return;
    }
    if (kind == 3) { memset(s, 0xff, 31); s[31] = 0x0f; return; } /* 2^252 - 1 */
    tu_rand_bytes(s, 32);
    s[31] &= 0x0f;
}
static void rand_point(ge51_p3 *p)
{
    uint8_t s[32];
    rand_scalar(s);
    f25519_scalarmult_base_portable(p, s);
    /* random projective scaling keeps the point, randomises the limbs */
    fe51 l;
    uint8_t b[32];
    tu_rand_bytes(b, 32);
    b[0] |= 1;
    fe51_frombytes(&l, b);
    fe51_mul(&p->X, &p->X, &l);
    fe51_mul(&p->Y, &p->Y, &l);
    fe51_mul(&p->Z, &p->Z, &l);
    fe51_mul(&p->T, &p->T, &l);
}
static int same_point(const ge51_p3 *a, const ge51_p3 *b)
{
    uint8_t x[32], y[32];
    ge51_tobytes(x, a);
    ge51_tobytes(y, b);
    return memcmp(x, y, 32) == 0;
}
static int same_fe(const fe51 *a, const fe51 *b)
{
    uint8_t x[32], y[32];
    fe51_tobytes(x, a);
    fe51_tobytes(y, b);
    return memcmp(x, y, 32) == 0;
}
static int bounded(const ge51_p3 *p)
{
    const fe51 *c[4] = { &p->X, &p->Y, &p->Z, &p->T };
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 5; i++)
            if (c[k]->v[i] > RMAX) return 0;
    return 1;
}
static void fe_max(fe51 *f, uint64_t m)
{
    for (int i = 0; i < 5; i++) f->v[i] = m;
}

/* ---- reference formulas in the portable field (any inputs, carried first) */
static void ref_madd(ge51_p3 *r, const ge51_p3 *p0, const fe51 *ypx, const fe51 *ymx, const fe51 *xy2d)
{
    ge51_p3 p = *p0;
    fe51 a, b, c, d, e, f, g, h, q1, q2, q3;
    fe51_carry(&p.X, &p.X); fe51_carry(&p.Y, &p.Y); fe51_carry(&p.Z, &p.Z); fe51_carry(&p.T, &p.T);
    fe51_carry(&q1, ypx); fe51_carry(&q2, ymx); fe51_carry(&q3, xy2d);
    fe51_sub(&a, &p.Y, &p.X); fe51_carry(&a, &a); fe51_mul(&a, &a, &q2);
    fe51_add(&b, &p.Y, &p.X); fe51_carry(&b, &b); fe51_mul(&b, &b, &q1);
    fe51_mul(&c, &p.T, &q3);
    fe51_add(&d, &p.Z, &p.Z); fe51_carry(&d, &d);
    fe51_sub(&e, &b, &a); fe51_carry(&e, &e);
    fe51_sub(&f, &d, &c); fe51_carry(&f, &f);
    fe51_add(&g, &d, &c); fe51_carry(&g, &g);
    fe51_add(&h, &b, &a); fe51_carry(&h, &h);
    fe51_mul(&r->X, &e, &f); fe51_mul(&r->Y, &g, &h); fe51_mul(&r->Z, &f, &g); fe51_mul(&r->T, &e, &h);
}
static void ref_dbl(ge51_p3 *r, const ge51_p3 *p0)
{
    ge51_p3 p = *p0;
    fe51 xx, yy, zz, s, y1, z1, x1, t1;
    fe51_carry(&p.X, &p.X); fe51_carry(&p.Y, &p.Y); fe51_carry(&p.Z, &p.Z);
    fe51_sqr(&xx, &p.X); fe51_sqr(&yy, &p.Y); fe51_sqr(&zz, &p.Z);
    fe51_add(&s, &p.X, &p.Y); fe51_carry(&s, &s); fe51_sqr(&s, &s);
    fe51_add(&zz, &zz, &zz); fe51_carry(&zz, &zz);
    fe51_add(&y1, &yy, &xx); fe51_carry(&y1, &y1);
    fe51_sub(&z1, &yy, &xx); fe51_carry(&z1, &z1);
    fe51_sub(&x1, &s, &y1); fe51_carry(&x1, &x1);
    fe51_sub(&t1, &zz, &z1); fe51_carry(&t1, &t1);
    fe51_mul(&r->X, &x1, &t1); fe51_mul(&r->Y, &y1, &z1); fe51_mul(&r->Z, &z1, &t1); fe51_mul(&r->T, &x1, &y1);
}
static int same_coords(const ge51_p3 *a, const ge51_p3 *b)
{
    return same_fe(&a->X, &b->X) && same_fe(&a->Y, &b->Y) && same_fe(&a->Z, &b->Z) && same_fe(&a->T, &b->T);
}

/* ---- 8x1 ---- */
F25519_IFMA_TARGET static void v_madd(ge51_p3 r[8], const ge51_p3 p[8], const fe51 ypx[8], const fe51 ymx[8],
                                      const fe51 xy2d[8])
{
    ge8_p3 a;
    ge8_precomp q;
    ge8_pack(&a, p);
    fe8_pack(&q.ypx, ypx);
    fe8_pack(&q.ymx, ymx);
    fe8_pack(&q.xy2d, xy2d);
    ge8_madd(&a, &a, &q);
    ge8_unpack(r, &a);
}
F25519_IFMA_TARGET static void v_add(ge51_p3 r[8], const ge51_p3 p[8], const ge51_p3 q[8])
{
    ge8_p3 a, b;
    ge8_pack(&a, p);
    ge8_pack(&b, q);
    ge8_add_f(&a, &a, &b);
    ge8_unpack(r, &a);
}
F25519_IFMA_TARGET static void v_dbl(ge51_p3 r[8], const ge51_p3 p[8])
{
    ge8_p3 a;
    ge8_pack(&a, p);
    ge8_dbl(&a, &a);
    ge8_unpack(r, &a);
}

/* ---- 2x4: point i in half i ---- */
F25519_IFMA_TARGET static void pack24(fe51x8 *h, const ge51_p3 *p0, const ge51_p3 *p1)
{
    fe51 e[8] = { p0->X, p0->Y, p0->T, p0->Z, p1->X, p1->Y, p1->T, p1->Z };
    fe8_pack(h, e);
}
F25519_IFMA_TARGET static void unpack24(ge51_p3 *p0, ge51_p3 *p1, const fe51x8 *h)
{
    fe51 e[8];
    fe8_unpack(e, h);
    p0->X = e[0]; p0->Y = e[1]; p0->T = e[2]; p0->Z = e[3];
    p1->X = e[4]; p1->Y = e[5]; p1->T = e[6]; p1->Z = e[7];
}
F25519_IFMA_TARGET static void v24_add(ge51_p3 r[2], const ge51_p3 p[2], const ge51_p3 q[2])
{
    fe51 one, two;
    fe51_1(&one);
    fe51_0(&two);
    two.v[0] = 2;
    fe51 kc[8] = { one, one, fe51_d2, two, one, one, fe51_d2, two };
    fe51x8 k, a, b, bp;
    fe8_pack(&k, kc);
    pack24(&a, &p[0], &p[1]);
    pack24(&b, &q[0], &q[1]);
    ge24_to_pre(&bp, &b, &k);
    ge24_add(&a, &a, &bp);
    unpack24(&r[0], &r[1], &a);
}
F25519_IFMA_TARGET static void v24_dbl(ge51_p3 r[2], const ge51_p3 p[2])
{
    fe51x8 a;
    pack24(&a, &p[0], &p[1]);
    ge24_dbl(&a, &a);
    unpack24(&r[0], &r[1], &a);
}
/* Alg. 1 directly on a given pre form (extreme-limb test of the addition) */
F25519_IFMA_TARGET static void v24_add_pre(ge51_p3 r[2], const ge51_p3 p[2], const fe51 pre[8])
{
    fe51x8 a, q;
    pack24(&a, &p[0], &p[1]);
    fe8_pack(&q, pre);
    ge24_add(&a, &a, &q);
    unpack24(&r[0], &r[1], &a);
}

/* ---- 1x4 (ymm): one point, lanes [X, Y, T, Z] ---- */
F25519_IFMA_TARGET static void set14(fe51x4 *h, const fe51 *a, const fe51 *b, const fe51 *c, const fe51 *d)
{
    for (int i = 0; i < 5; i++)
        h->v[i] = _mm256_setr_epi64x((long long)a->v[i], (long long)b->v[i], (long long)c->v[i],
                                     (long long)d->v[i]);
}
F25519_IFMA_TARGET static void get14(ge51_p3 *p, const fe51x4 *h)
{
    uint64_t t[4] __attribute__((aligned(32)));
    for (int i = 0; i < 5; i++) {
        _mm256_store_si256((__m256i *)t, h->v[i]);
        p->X.v[i] = t[0]; p->Y.v[i] = t[1]; p->T.v[i] = t[2]; p->Z.v[i] = t[3];
    }
}
F25519_IFMA_TARGET static void v14_dbl(ge51_p3 *r, const ge51_p3 *p)
{
    fe51x4 a;
    set14(&a, &p->X, &p->Y, &p->T, &p->Z);
    ge14_dbl(&a, &a);
    get14(r, &a);
}
/* p + q with q in pre form given lane by lane (y-x, y+x, 2dt, 2z) */
F25519_IFMA_TARGET static void v14_add_pre(ge51_p3 *r, const ge51_p3 *p, const fe51 pre[4])
{
    fe51x4 a, q;
    set14(&a, &p->X, &p->Y, &p->T, &p->Z);
    set14(&q, &pre[0], &pre[1], &pre[2], &pre[3]);
    ge14_add(&a, &a, &q);
    get14(r, &a);
}
F25519_IFMA_TARGET static void v14_add(ge51_p3 *r, const ge51_p3 *p, const ge51_p3 *q)
{
    fe51 one, two;
    fe51_1(&one);
    fe51_0(&two);
    two.v[0] = 2;
    fe51x4 k, a, b, bp;
    set14(&k, &one, &one, &fe51_d2, &two);
    set14(&a, &p->X, &p->Y, &p->T, &p->Z);
    set14(&b, &q->X, &q->Y, &q->T, &q->Z);
    ge14_to_pre(&bp, &b, &k);
    ge14_pre_neg(&bp, &bp);
    ge14_pre_neg(&bp, &bp); /* twice: exercises the negation */
    ge14_add(&a, &a, &bp);
    get14(r, &a);
}

int main(int argc, char **argv)
{
    tu_rng_init();
    tu_require_ifma_code(argv[0]);
    int iters = argc > 1 ? atoi(argv[1]) : 300;
    const f25519_ops *port = &f25519_ops_portable;

    for (int it = 0; it < iters; it++) {
        ge51_p3 p[8], q[8], r[8], e;
        for (int l = 0; l < 8; l++) { rand_point(&p[l]); rand_point(&q[l]); }
        if (it == 0) { p[1] = q[1]; ge51_identity(&p[2]); ge51_identity(&q[3]); } /* P + P, O */
        v_add(r, p, q);
        for (int l = 0; l < 8; l++) {
            ge51_add(&e, &p[l], &q[l]);
            CHECK(same_point(&r[l], &e) && bounded(&r[l]), "ge8_add iter %d lane %d", it, l);
        }
        v_dbl(r, p);
        for (int l = 0; l < 8; l++) {
            ge51_dbl(&e, &p[l]);
            CHECK(same_point(&r[l], &e) && bounded(&r[l]), "ge8_dbl iter %d lane %d", it, l);
        }
        /* madd with affine q: (y+x, y-x, 2dxy) */
        fe51 ypx[8], ymx[8], xy2d[8];
        for (int l = 0; l < 8; l++) {
            fe51 zi, x, y;
            fe51_invert(&zi, &q[l].Z);
            fe51_mul(&x, &q[l].X, &zi);
            fe51_mul(&y, &q[l].Y, &zi);
            fe51_add(&ypx[l], &y, &x); fe51_carry(&ypx[l], &ypx[l]);
            fe51_sub(&ymx[l], &y, &x); fe51_carry(&ymx[l], &ymx[l]);
            fe51_mul(&xy2d[l], &x, &y);
            fe51_mul(&xy2d[l], &xy2d[l], &fe51_d2);
        }
        v_madd(r, p, ypx, ymx, xy2d);
        for (int l = 0; l < 8; l++) {
            ge51_add(&e, &p[l], &q[l]);
            CHECK(same_point(&r[l], &e) && bounded(&r[l]), "ge8_madd iter %d lane %d", it, l);
        }
        /* 2x4 */
        ge51_p3 r2[2];
        v24_add(r2, p, q);
        for (int h = 0; h < 2; h++) {
            ge51_add(&e, &p[h], &q[h]);
            CHECK(same_point(&r2[h], &e) && bounded(&r2[h]), "ge24_add iter %d half %d", it, h);
        }
        v14_add(&r2[0], &p[4], &q[4]);
        ge51_add(&e, &p[4], &q[4]);
        CHECK(same_point(&r2[0], &e) && bounded(&r2[0]), "ge14_add iter %d", it);
        v14_dbl(&r2[0], &p[5]);
        ge51_dbl(&e, &p[5]);
        CHECK(same_point(&r2[0], &e) && bounded(&r2[0]), "ge14_dbl iter %d", it);
        v24_dbl(r2, p + 2);
        for (int h = 0; h < 2; h++) {
            ge51_dbl(&e, &p[2 + h]);
            CHECK(same_point(&r2[h], &e) && bounded(&r2[h]), "ge24_dbl iter %d half %d", it, h);
        }
    }

    /* extreme limbs: coordinates at R max (stored values), multiplier-only
     * operands (table entries) at 2^52 - 1 and at R max */
    for (int m = 0; m < 2; m++) {
        ge51_p3 p[8], r[8], e;
        fe51 q1[8], q2[8], q3[8];
        for (int l = 0; l < 8; l++) {
            fe_max(&p[l].X, RMAX); fe_max(&p[l].Y, RMAX); fe_max(&p[l].Z, RMAX); fe_max(&p[l].T, RMAX);
            fe_max(&q1[l], m ? RMAX : (1ULL << 52) - 1);
            fe_max(&q2[l], m ? RMAX : (1ULL << 52) - 1);
            fe_max(&q3[l], m ? RMAX : (1ULL << 52) - 1);
        }
        v_madd(r, p, q1, q2, q3);
        for (int l = 0; l < 8; l++) {
            ref_madd(&e, &p[l], &q1[l], &q2[l], &q3[l]);
            CHECK(same_coords(&r[l], &e) && bounded(&r[l]), "extreme ge8_madd m %d lane %d", m, l);
        }
        v_dbl(r, p);
        for (int l = 0; l < 8; l++) {
            ref_dbl(&e, &p[l]);
            CHECK(same_coords(&r[l], &e) && bounded(&r[l]), "extreme ge8_dbl lane %d", l);
        }
        ge51_p3 r2[2];
        v24_dbl(r2, p);
        for (int h = 0; h < 2; h++) {
            ref_dbl(&e, &p[h]);
            CHECK(same_coords(&r2[h], &e) && bounded(&r2[h]), "extreme ge24_dbl half %d", h);
        }
        v14_dbl(&r2[0], &p[0]);
        ref_dbl(&e, &p[0]);
        CHECK(same_coords(&r2[0], &e) && bounded(&r2[0]), "extreme ge14_dbl m %d", m);
        /* Alg. 1 with pre = [y-x, y+x, 2dt, 2z] all at the maximum: the
         * reference is the same formula (ref_madd with D = Z * 2z) */
        fe51 pre[8];
        for (int l = 0; l < 8; l++) fe_max(&pre[l], m ? RMAX : (1ULL << 52) - 1);
        v24_add_pre(r2, p, pre);
        for (int h = 0; h < 2; h++) {
            /* A=(Y-X)pre0, B=(Y+X)pre1, C=T pre2, D=Z pre3 */
            ge51_p3 pp = p[h];
            fe51 a, b, c, d, ee, f, g, hh, t;
            fe51_carry(&pp.X, &pp.X); fe51_carry(&pp.Y, &pp.Y); fe51_carry(&pp.Z, &pp.Z); fe51_carry(&pp.T, &pp.T);
            fe51_carry(&t, &pre[0]);
            fe51_sub(&a, &pp.Y, &pp.X); fe51_carry(&a, &a); fe51_mul(&a, &a, &t);
            fe51_add(&b, &pp.Y, &pp.X); fe51_carry(&b, &b); fe51_mul(&b, &b, &t);
            fe51_mul(&c, &pp.T, &t);
            fe51_mul(&d, &pp.Z, &t);
            fe51_sub(&ee, &b, &a); fe51_carry(&ee, &ee);
            fe51_sub(&f, &d, &c); fe51_carry(&f, &f);
            fe51_add(&g, &d, &c); fe51_carry(&g, &g);
            fe51_add(&hh, &b, &a); fe51_carry(&hh, &hh);
            fe51_mul(&e.X, &ee, &f); fe51_mul(&e.Y, &g, &hh); fe51_mul(&e.Z, &f, &g); fe51_mul(&e.T, &ee, &hh);
            CHECK(same_coords(&r2[h], &e) && bounded(&r2[h]), "extreme ge24_add m %d half %d", m, h);
            if (h == 0) {
                ge51_p3 r14;
                v14_add_pre(&r14, &p[0], pre);
                CHECK(same_coords(&r14, &e) && bounded(&r14), "extreme ge14_add m %d", m);
            }
        }
    }

    /* fixed base and the ops entries */
    for (int it = 0; it < iters; it++) {
        uint8_t k[8][32], o1[8][32], o2[8][32], s1[32], s2[32];
        ge51_p3 r[8], e;
        for (int l = 0; l < 8; l++) rand_scalar(k[l]);
        if (it % 4 == 3) /* clamped X25519 scalars, not reduced: the fixed-base
                          * paths also accept any a < 2^255 */
            for (int l = 0; l < 8; l++) {
                tu_rand_bytes(k[l], 32);
                if (l == 0) memset(k[l], 0xff, 32);
                k[l][0] &= 248;
                k[l][31] = (uint8_t)((k[l][31] & 127) | 64);
            }
        f25519_ifma_base_8x1(r, (const uint8_t(*)[32])k);
        for (int l = 0; l < 8; l++) {
            f25519_scalarmult_base_portable(&e, k[l]);
            CHECK(same_point(&r[l], &e) && bounded(&r[l]), "base_8x1 iter %d lane %d", it, l);
        }
        f25519_ifma_base_1x8(&r[0], k[it % 8]);
        f25519_scalarmult_base_portable(&e, k[it % 8]);
        CHECK(same_point(&r[0], &e) && bounded(&r[0]), "base_1x8 iter %d", it);

        f25519_ifma_ed25519_base_x8(o1, (const uint8_t(*)[32])k);
        f25519_ops_ed25519_base_x8(port, o2, (const uint8_t(*)[32])k);
        for (int l = 0; l < 8; l++) CHECK(!memcmp(o1[l], o2[l], 32), "ed25519_base_x8 iter %d lane %d", it, l);
        f25519_ifma_x25519_base_x8(o1, (const uint8_t(*)[32])k);
        f25519_ops_x25519_base_x8(port, o2, (const uint8_t(*)[32])k);
        for (int l = 0; l < 8; l++) CHECK(!memcmp(o1[l], o2[l], 32), "x25519_base_x8 iter %d lane %d", it, l);
        f25519_ifma_ed25519_base(s1, k[it % 8]);
        port->ed25519_base(s2, k[it % 8]);
        CHECK(!memcmp(s1, s2, 32), "ed25519_base iter %d", it);
        f25519_ifma_x25519_base(s1, k[(it + 1) % 8]);
        port->x25519_base(s2, k[(it + 1) % 8]);
        CHECK(!memcmp(s1, s2, 32), "x25519_base iter %d", it);
    }

    /* double scalar: random A (incl. identity and small-order-free points), a, b < 2^253 */
    for (int it = 0; it < iters; it++) {
        uint8_t a[32], b[32];
        ge51_p3 A, r, e;
        rand_point(&A);
        if (it == 1) ge51_identity(&A);
        rand_scalar(a);
        rand_scalar(b);
        if (it % 3 == 0) { tu_rand_bytes(a, 32); a[31] &= 0x1f; tu_rand_bytes(b, 32); b[31] &= 0x1f; } /* < 2^253 */
        f25519_ifma_double_scalar(&r, a, &A, b);
        f25519_double_scalarmult_portable(&e, a, &A, b);
        CHECK(same_point(&r, &e) && bounded(&r), "double_scalar iter %d", it);
        f25519_ifma_double_scalar_1x4(&r, a, &A, b);
        CHECK(same_point(&r, &e) && bounded(&r), "double_scalar_1x4 iter %d", it);
        /* T must stay consistent: XY = ZT */
        fe51 xy, zt;
        fe51_mul(&xy, &r.X, &r.Y);
        fe51_mul(&zt, &r.Z, &r.T);
        CHECK(same_fe(&xy, &zt), "double_scalar T iter %d", it);
    }
    printf("test_ifma_point: %d iterations\n", iters);
    return tu_finish("test_ifma_point");
}
