/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * ge51_is_identity_vartime (verification's final check) against the full
 * reduction of fe51_iszero, on projective forms of the identity (X = 0 or
 * p or 2p in unreduced limbs, Y = Z random), on points one limb away from
 * them, on limbs at the carry edges, and on random points.
 */
#include "testutil.h"
#include "point/ge51.h"
#include "field/fe51_inline.h"

static const uint64_t P51[5] = {FE51_MASK - 18, FE51_MASK, FE51_MASK, FE51_MASK, FE51_MASK};

static int reference(const ge51_p3 *p)
{
    fe51 t, z;
    if (!fe51_iszero(&p->X)) return 0;
    fe51i_carry(&z, &p->Z);
    fe51i_sub(&t, &p->Y, &z);
    return fe51_iszero(&t);
}

/* a random multiple of p (k = 0, 1, 2) in limbs < 2^52, spread over limbs */
static void multiple_of_p(fe51 *f, int k)
{
    for (int i = 0; i < 5; i++) f->v[i] = (uint64_t)k * P51[i];
    /* move a random amount of weight from limb i + 1 down to limb i */
    for (int i = 0; i < 4; i++)
        if (f->v[i + 1] > 0 && (tu_rand64() & 1) && f->v[i] + (1ull << 51) < (1ull << 52)) {
            f->v[i + 1] -= 1;
            f->v[i] += 1ull << 51;
        }
}

static void rand_fe(fe51 *f)
{
    for (int i = 0; i < 5; i++) {
        uint64_t r = tu_rand64();
        int kind = (int)(r & 7);
        f->v[i] = kind == 0 ? 0 : kind == 1 ? FE51_MASK : kind == 2 ? (1ull << 52) - 1 : (r >> 13) & ((1ull << 52) - 1);
    }
}

int main(void)
{
    tu_rng_init();
    for (int it = 0; it < 200000; it++) {
        ge51_p3 p;
        rand_fe(&p.Z);
        p.T = p.Z;
        int kind = (int)(tu_rand64() % 4);
        if (kind < 3) { /* X = k p; Y = Z + j p (j = 0, 1), maybe off by one limb unit */
            multiple_of_p(&p.X, (int)(tu_rand64() % 3));
            fe51 jp;
            multiple_of_p(&jp, (int)(tu_rand64() % 2));
            fe51 zc;
            fe51i_carry(&zc, &p.Z);
            for (int i = 0; i < 5; i++) p.Y.v[i] = zc.v[i] + jp.v[i];
            if (kind == 1) p.X.v[tu_rand64() % 5] ^= 1;
            if (kind == 2) p.Y.v[tu_rand64() % 5] ^= 1;
        } else {
            rand_fe(&p.X);
            rand_fe(&p.Y);
        }
        CHECK(ge51_is_identity_vartime(&p) == reference(&p), "is_identity differs (kind %d)", kind);
    }
    ge51_p3 o;
    ge51_identity(&o);
    CHECK(ge51_is_identity_vartime(&o), "the identity");
    return tu_finish("test_identity");
}
