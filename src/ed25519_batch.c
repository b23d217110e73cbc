/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Ed25519 batch verification (f25519_ed25519_verify_batch, fast25519.h).
 *
 * Every item goes through the steps of ed25519_verify.h, the same code as
 * single verification, so status[i] is the code f25519_ed25519_verify would
 * return for item i. The items are cut into chunks (a multiple of 8 items:
 * one signature per lane of the backend's 8-lane entries) taken by the
 * threads from a shared counter; openssl/strict: up to CHUNK_EXACT items,
 * fewer towards the end (take_piece),
 * zip215: the thread's whole share (n / threads rounded up to 8) up to
 * CHUNK_ZIP, so that one large combination gets the multi-scalar
 * multiplication's large-n economics (Pippenger's buckets, msm_wnaf.h);
 * with several threads, from COOP_MIN items and a backend whose
 * multi-scalar multiplication uses threads, one combination per CHUNK_ZIP
 * items for all the threads instead (coop_block below); a
 * thread whose large scratch cannot be allocated takes its chunks in pieces
 * of CHUNK_MAX (then item by item), same statuses:
 *   - pre-decoding checks per item; A's (and where decoded R's: one
 *     ops->ed25519_frombytes_x16 call) decoded eight at a time
 *     (ops->ed25519_frombytes_x8); post-decoding checks; the challenge k;
 *   - openssl/strict (cofactorless, exact by construction): where the
 *     backend's half-size kernel is the cheaper (ops.h exact_half), R
 *     decoded strictly with A and, eight items per call, Q = [c]R +
 *     [(-c S) mod L]B + [d]A == O with the half-size scalars of k
 *     (finish_quad, ops->ed25519_quad_scalar_x8: the decision of
 *     f25519_vf_steps67); else, and for a k without a short pair, P =
 *     [k](-A) + [S]B for eight items per call
 *     (ops->ed25519_double_scalar_x8), then the final comparison of each
 *     item as bytes, enc(P) == R, the P's of the chunk encoded with one
 *     inversion: the verdict single verification's strict decoding of R and
 *     point comparison give (finish_exact);
 *   - zip215 (cofactored): one random linear combination of the chunk's
 *     remaining items, [8](sum [z_i]R_i + sum [z_i k_i]A_i - [sum z_i S_i]B)
 *     == O (the points as decoded, the sum's scalar negated) with 128-bit
 *     z_i from the OS random source (f25519_batch_draw_z: SHA-512 of a seed from it)
 *     (ops->ed25519_msm). If every item satisfies its own equation
 *     [8]([S_i]B - R_i - [k_i]A_i) = O the combination does too; if one
 *     does not, [8]D_i is a non-zero point of the prime-order subgroup and
 *     the combination vanishes for at most one z_i mod L given the others,
 *     probability <= 2^-128. When it fails (or the random source fails) the
 *     chunk's items are finished one by one as in the cofactorless modes, so
 *     the statuses are single verification's.
 * The random linear combination is never used for openssl/strict: with
 * torsion components the cofactorless verdict of an item is not implied.
 * Which path a chunk takes is a cost model's choice (costs below): zip215's
 * combination only where it costs less than the per-item path, and on the
 * per-item path the items of a last group of 8 lanes too few to pay for its
 * lanes (a batch of one, say) go to single verification, as do all the
 * items on a backend without 8-lane double-scalar entry; same statuses on
 * every path.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <pthread.h>
#include "fast25519.h"
#include "ops.h"
#include "ed25519_verify.h"
#include "scalar/sc_batch.h"
#include "common/team.h"
#include "common/wipe.h"
#include "ed25519_batch.h"

#define CHUNK_MAX 128 /* items per chunk when the large zip215 scratch is not available */
#define CHUNK_ZIP 4096 /* zip215: items per chunk at most (one combination each; ~3.3 MB scratch) */
#define CHUNK_EXACT 64 /* openssl/strict: one inversion per chunk (finish_exact) */

/* The encoding of the identity (y = 1): a valid stand-in for unused lanes. */
static const uint8_t IDENTITY_ENC[32] = {1};
int f25519_batch_full_size;

/* 1 when the per-item path takes the half-size scalars (finish_quad): the
 * backend has the entry and, in the exact modes, where both were measured,
 * it is the cheaper (ops.h f25519_batch_costs) */
static int use_quad(const f25519_ops *ops, int mode)
{
    const unsigned h = ops->batch_costs.exact_half;
    if (!ops->ed25519_quad_scalar_x8 || f25519_batch_full_size == 1) return 0;
    return f25519_batch_full_size == -1 || mode == F25519_VERIFY_ZIP215 || !h || h < 100;
}

typedef struct {
    const f25519_ops *ops;
    int mode;
    size_t n;
    const uint8_t *const *sig, *const *msg, *const *pub;
    const size_t *msg_len;
    int *status;
    size_t chunk;      /* items per piece at most */
    size_t nchunks;    /* pieces of chunk items: how many threads can have work */
    unsigned guided;   /* threads, when pieces shrink towards the end (openssl/strict); else 0 */
    _Atomic size_t next; /* the first item no thread has taken */
} batch_job;

/* Per-thread scratch for chunks of up to cap items (one allocation). */
typedef struct {
    size_t cap;
    ge51_p3 *A, *R, *P; /* P: 2 cap + 8 */
    uint8_t (*k)[32];
    uint8_t (*sc)[32]; /* 2 cap */
    uint8_t (*z)[16];
    size_t *pend;
    uint8_t (*enc)[32];
    fe51 *pre;
} chunk_scratch;

static size_t scratch_size(size_t cap)
{
    return sizeof(chunk_scratch) + (4 * cap + 8) * sizeof(ge51_p3) + cap * (32 + 64 + 16 + 32) +
           cap * sizeof(size_t) + cap * sizeof(fe51);
}

/* NULL when malloc fails. */
static chunk_scratch *scratch_new(size_t cap)
{
    if (cap > SIZE_MAX / 1024) return NULL;
    unsigned char *m = malloc(scratch_size(cap));
    if (!m) return NULL;
    chunk_scratch *w = (chunk_scratch *)m;
    unsigned char *p = m + sizeof *w; /* every part a multiple of 8 bytes */
    w->cap = cap;
    w->A = (ge51_p3 *)p; p += cap * sizeof(ge51_p3);
    w->R = (ge51_p3 *)p; p += cap * sizeof(ge51_p3);
    w->P = (ge51_p3 *)p; p += (2 * cap + 8) * sizeof(ge51_p3);
    w->pre = (fe51 *)p; p += cap * sizeof(fe51);
    w->pend = (size_t *)p; p += cap * sizeof(size_t);
    w->k = (uint8_t(*)[32])p; p += cap * 32;
    w->sc = (uint8_t(*)[32])p; p += cap * 64;
    w->enc = (uint8_t(*)[32])p; p += cap * 32;
    w->z = (uint8_t(*)[16])p;
    return w;
}

/* out[t] = the encoding of P[t], t < m, with one inversion (Montgomery's
 * trick over the Z's; Z != 0 for every point of the complete formulas).
 * inv: scratch of m elements. */
static void encode_points(uint8_t (*out)[32], const ge51_p3 *P, size_t m, fe51 *pre)
{
    fe51 acc, inv, zi, x, y;
    fe51_1(&acc);
    for (size_t t = 0; t < m; t++) {
        pre[t] = acc; /* Z_0 ... Z_(t-1) */
        fe51_mul(&acc, &acc, &P[t].Z);
    }
    fe51_invert(&inv, &acc);
    for (size_t t = m; t-- > 0;) {
        fe51_mul(&zi, &inv, &pre[t]); /* 1/Z_t */
        fe51_mul(&inv, &inv, &P[t].Z); /* 1/(Z_0 ... Z_(t-1)) */
        fe51_mul(&x, &P[t].X, &zi);
        fe51_mul(&y, &P[t].Y, &zi);
        fe51_tobytes(out[t], &y);
        out[t][31] ^= (uint8_t)(fe51_isnegative(&x) << 7);
    }
}

/* Steps 6-7 for the pending items idx[0..m) (indices into the chunk).
 * openssl/strict: the final comparison as bytes, enc(P) == R (R not decoded:
 * see verify_chunk); zip215 (the items of a failed combination): step 7 of
 * ed25519_verify.h on the decoded R. */
static void finish_exact(const batch_job *j, chunk_scratch *w, size_t base, const size_t *idx, size_t m)
{
    const int zip = j->mode == F25519_VERIFY_ZIP215;
    for (size_t g = 0; g < m; g += 8) {
        ge51_p3 A8[8];
        uint8_t k8[8][32], s8[8][32];
        for (int l = 0; l < 8; l++) {
            if (g + l < m) {
                size_t i = idx[g + l];
                ge51_neg(&A8[l], &w->A[i]);
                memcpy(k8[l], w->k[i], 32);
                memcpy(s8[l], j->sig[base + i] + 32, 32);
            } else {
                ge51_identity(&A8[l]);
                memset(k8[l], 0, 32);
                memset(s8[l], 0, 32);
            }
        }
        /* zip215: step 7 at once, on the stack (so that threads may finish
         * disjoint parts of idx: coop_finish); else room for m rounded up
         * to 8 (2 cap + 8) for encode_points */
        ge51_p3 local[8], *P8 = zip ? local : &w->P[g];
        f25519_ops_ed25519_double_scalar_x8(j->ops, P8, (const uint8_t(*)[32])k8, A8, (const uint8_t(*)[32])s8);
        for (size_t l = 0; zip && l < 8 && g + l < m; l++) {
            size_t i = idx[g + l];
            j->status[base + i] = f25519_vf_final(&P8[l], &w->R[i], j->mode);
        }
    }
    if (zip || m == 0) return; /* nothing to encode: no inversion */
    encode_points(w->enc, w->P, m, w->pre);
    for (size_t t = 0; t < m; t++) {
        size_t i = idx[t];
        j->status[base + i] = memcmp(w->enc[t], j->sig[base + i], 32) == 0 ? F25519_OK : F25519_ERR_VERIFY;
    }
}

/* With ops->ed25519_quad_scalar_x8: the pending items whose k has a short
 * pair (sc_halfsize.h) get f25519_vf_steps67's half-size steps 6-7, eight
 * per call: Q = [c]R + [(-c S) mod L]B + [d]A (the signs of c, d on the
 * points), status F25519_OK iff Q == O (zip215: [8]Q == O), the status
 * single verification returns (the exactness argument at f25519_vf_steps67;
 * R was decoded as there: strictly, leniently in zip215). The other items (no short pair) are moved to
 * the front of idx, their number returned, for finish_exact. */
static size_t finish_quad(const batch_job *j, chunk_scratch *w, size_t base, size_t *idx, size_t m)
{
    size_t left = 0, q = 0, qi[8];
    uint8_t d8[8][32], c8[8][32], e8[8][32];
    ge51_p3 A8[8], R8[8], Q8[8];
    for (size_t t = 0; t < m || q > 0; t++) {
        if (t < m) {
            size_t i = idx[t];
            f25519_halfsize h;
            if (!f25519_sc_halfsize_vartime(&h, w->k[i])) {
                idx[left++] = i; /* left <= t: in place */
                continue;
            }
            sc25519_mul_public(e8[q], h.negc, j->sig[base + i] + 32); /* (-c S) mod L */
            memcpy(d8[q], h.d, 32);
            memcpy(c8[q], h.c, 32);
            A8[q] = w->A[i];
            if (h.d_neg) ge51_neg(&A8[q], &A8[q]);
            R8[q] = w->R[i];
            if (h.c_neg) ge51_neg(&R8[q], &R8[q]);
            qi[q++] = i;
            if (q < 8) continue;
        }
        for (size_t l = q; l < 8; l++) {
            ge51_identity(&A8[l]);
            ge51_identity(&R8[l]);
            memset(d8[l], 0, 32);
            memset(c8[l], 0, 32);
            memset(e8[l], 0, 32);
        }
        j->ops->ed25519_quad_scalar_x8(Q8, (const uint8_t(*)[32])d8, A8, (const uint8_t(*)[32])c8, R8,
                                       (const uint8_t(*)[32])e8);
        for (size_t l = 0; l < q; l++) {
            int ok = j->mode == F25519_VERIFY_ZIP215 ? ge51_is_small_order_vartime(&Q8[l])
                                                     : ge51_is_identity_vartime(&Q8[l]);
            j->status[base + qi[l]] = ok ? F25519_OK : F25519_ERR_VERIFY;
        }
        q = 0;
    }
    return left;
}

/* Steps 1-5 of ed25519_verify.h for the items lo .. hi - 1 of the chunk at
 * base (lo a multiple of 8): the statuses so far, A (and R where it is
 * decoded) in w, the challenge k of every item still F25519_OK. */
static void prepare(const batch_job *j, chunk_scratch *w, size_t base, size_t lo, size_t hi)
{
    const int mode = j->mode;
    int *st = j->status + base;
    for (size_t i = lo; i < hi; i++) {
        const uint8_t *s = j->sig[base + i], *p = j->pub[base + i], *m = j->msg[base + i];
        st[i] = f25519_vf_args(s, m, j->msg_len[base + i], p, mode);
        if (st[i] == F25519_OK) st[i] = f25519_vf_pre_decode(s, p, mode);
    }
    const unsigned lenA = f25519_vf_lenient_A(mode) ? 0xffu : 0u;
    const unsigned lenR = f25519_vf_lenient_R(mode) ? 0xffu : 0u;
    /* openssl/strict: R is not decoded. Single verification decodes R
     * strictly, answers ERR_VERIFY when that fails, else compares P with it;
     * that is exactly enc(P) == R as bytes (ed25519_verify.h at
     * f25519_vf_lenient_R: the encoding is canonical and one-to-one, and an R
     * the strict decoding rejects is no encoding of a point), which
     * finish_exact checks with one inversion for all pending items instead of
     * a square root per R. The items whose R would fail now also get their
     * challenge and product, and the same ERR_VERIFY. */
    const int exact = mode != F25519_VERIFY_ZIP215;
    /* ...except with ops->ed25519_quad_scalar_x8 (finish_quad), which needs R
     * decoded: strictly (lenR = 0), as single verification does. */
    const int dec_r = !exact || use_quad(j->ops, mode);
    for (size_t g = lo; g < hi; g += 8) {
        const uint8_t *e[16], **ea = e, **er = e + 8; /* A's in 0..7, R's in 8..15 */
        for (size_t l = 0; l < 8; l++) {
            int use = g + l < hi && st[g + l] == F25519_OK;
            ea[l] = use ? j->pub[base + g + l] : IDENTITY_ENC;
            er[l] = use ? j->sig[base + g + l] : IDENTITY_ENC;
        }
        ge51_p3 tmp[16];
        int bad = dec_r ? f25519_ops_ed25519_frombytes_x16(j->ops, tmp, e, lenA | lenR << 8)
                        : f25519_ops_ed25519_frombytes_x8(j->ops, tmp, ea, lenA);
        int bad_a = bad & 0xff, bad_r = bad >> 8;
        for (size_t l = 0; l < 8 && g + l < hi; l++) {
            w->A[g + l] = tmp[l];
            if (dec_r) w->R[g + l] = tmp[8 + l];
            if (st[g + l] == F25519_OK)
                st[g + l] = f25519_vf_post_decode(j->sig[base + g + l], mode, (bad_a >> l) & 1,
                                                  (bad_r >> l) & 1);
        }
    }
    for (size_t g = lo; g < hi; g += 8) {
        size_t live[8], nl = 0;
        for (size_t i = g; i < hi && i < g + 8; i++)
            if (st[i] == F25519_OK) live[nl++] = i;
        if (nl >= 2 && j->ops->sha512_x8) { /* eight challenges at once (unused lanes: empty messages) */
            f25519_sha512_msg hm[8] = {{{NULL, NULL, NULL}, {0, 0, 0}}};
            uint8_t h[8][64];
            for (size_t l = 0; l < nl; l++) {
                const size_t i = base + live[l];
                hm[l] = (f25519_sha512_msg){{j->sig[i], j->pub[i], j->msg[i]}, {32, 32, j->msg_len[i]}};
            }
            j->ops->sha512_x8(h, hm);
            if (j->ops->sc_reduce64_x8) { /* f25519_vf_challenge's k */
                uint8_t k[8][32];
                j->ops->sc_reduce64_x8(k, (const uint8_t(*)[64])h);
                for (size_t l = 0; l < nl; l++) memcpy(w->k[live[l]], k[l], 32);
            } else {
                for (size_t l = 0; l < nl; l++) sc25519_reduce64_public(w->k[live[l]], h[l]);
            }
        } else {
            for (size_t l = 0; l < nl; l++) {
                const size_t i = base + live[l];
                f25519_vf_challenge(w->k[live[l]], F25519_ED25519, NULL, 0, j->sig[i], j->pub[i], j->msg[i],
                                    j->msg_len[i]);
            }
        }
    }
}

/* w->pend = the items of the chunk still F25519_OK; returns their number. */
static size_t pending(const batch_job *j, chunk_scratch *w, size_t base, size_t c)
{
    size_t m = 0;
    for (size_t i = 0; i < c; i++)
        if (j->status[base + i] == F25519_OK) w->pend[m++] = i;
    return m;
}

/* Steps 6-7 one item at a time (eight per call) for the m pending items. */
static void finish(const batch_job *j, chunk_scratch *w, size_t base, size_t m)
{
    if (use_quad(j->ops, j->mode)) m = finish_quad(j, w, base, w->pend, m);
    finish_exact(j, w, base, w->pend, m);
}

/* The coefficients z[0..n) of a combination, 16 bytes each: with an 8-way
 * SHA-512, the four quarters of each digest SHA-512(seed || 64-bit counter)
 * for one 32-byte seed from the OS random source (whose bytes cost several
 * times the 8-way hash's); else all from the OS random source. 0 when the
 * random source fails. */
int f25519_batch_draw_z(const f25519_ops *ops, uint8_t (*z)[16], size_t n)
{
    if (!ops->sha512_x8) return f25519_randombytes(z, n * 16) == F25519_OK;
    uint8_t seed[32], ctr[8][8], h[8][64];
    if (f25519_randombytes(seed, sizeof seed) != F25519_OK) return 0;
    for (size_t i = 0; i < n; i += 32) { /* 8 digests, 4 coefficients each */
        f25519_sha512_msg m[8];
        for (int l = 0; l < 8; l++) {
            const uint64_t c = i / 4 + (uint64_t)l;
            for (int b = 0; b < 8; b++) ctr[l][b] = (uint8_t)(c >> 8 * b);
            m[l] = (f25519_sha512_msg){{seed, ctr[l], NULL}, {sizeof seed, 8, 0}};
        }
        ops->sha512_x8(h, m);
        for (size_t q = 0; q < 32 && i + q < n; q++) memcpy(z[i + q], h[q / 4] + 16 * (q % 4), 16);
    }
    f25519_wipe(seed, sizeof seed);
    f25519_wipe(h, sizeof h);
    return 1;
}

/* zip215: the data of one random linear combination of the items lo .. hi - 1
 * of the chunk at base, laid out by item (so that each group of
 * items can fill its own part: coop_block): for item i still F25519_OK after prepare,
 * w->P[2i] = A_i with w->sc[2i] = z_i k_i (mod L, below 2^253) and
 * w->P[2i + 1] = R_i with z_i (an item's two points side by side: the
 * multi-scalar multiplication's blocks of points then follow the items,
 * see coop_take); every other item gets the identity with the
 * scalar 0 (it adds nothing; its z_i is drawn and unused); *out = sum z_i S_i
 * over lo .. hi - 1 (summed unreduced: scalar/sc_batch.h). The check is
 * cofactored, so z_i k_i below 2^253 and congruent mod L serves. 0 when the
 * random source fails. */
static int combination_part(const batch_job *j, chunk_scratch *w, size_t base, size_t lo, size_t hi,
                            f25519_sc_acc *out)
{
    if (!f25519_batch_draw_z(j->ops, w->z + lo, hi - lo)) return 0;
    /* summed here, stored once: the groups' sums sit side by side in
     * coop_job (56 bytes each), and another thread's group shares a line */
    f25519_sc_acc acc[1];
    f25519_sc_acc_init(acc);
    for (size_t i = lo; i < hi; i++) {
        if (j->status[base + i] == F25519_OK) {
            w->P[2 * i] = w->A[i];
            f25519_sc_mul128_lt253(w->sc[2 * i], w->z[i], w->k[i]);
            w->P[2 * i + 1] = w->R[i];
            memcpy(w->sc[2 * i + 1], w->z[i], 16);
            memset(w->sc[2 * i + 1] + 16, 0, 16);
            f25519_sc_acc_muladd128(acc, w->z[i], j->sig[base + i] + 32);
        } else {
            ge51_identity(&w->P[2 * i]);
            ge51_identity(&w->P[2 * i + 1]);
            memset(w->sc[2 * i], 0, 64);
        }
    }
    *out = acc[0];
    return 1;
}

/* zip215: 1 if the combination of the c items (combination_part for all of
 * them, acc their sum of z_i S_i) holds: [8]([b]B + sum of the 2c points
 * times their scalars) == O with b = -acc mod L (the multi-scalar
 * multiplication on the members of team, NULL: the caller alone). */
static int combination_holds(const batch_job *j, chunk_scratch *w, size_t c, const f25519_sc_acc *acc,
                             f25519_team *team)
{
    uint8_t b[32];
    f25519_sc_acc_reduce(b, acc);
    f25519_sc_neg(b, b);
    ge51_p3 Q;
    j->ops->ed25519_msm(&Q, 2 * c, (const uint8_t(*)[32])w->sc, w->P, b, team);
    return ge51_is_small_order_vartime(&Q);
}

/* The items base .. base + cnt - 1 by single verification. */
static void verify_singles(const batch_job *j, size_t base, size_t cnt)
{
    for (size_t i = base; i < base + cnt; i++)
        j->status[i] = f25519_ed25519_verify(j->sig[i], 64, j->msg[i], j->msg_len[i], j->pub[i], 32, j->mode);
}

size_t f25519_batch_single_max = SIZE_MAX, f25519_batch_combine_min = SIZE_MAX;

/* The cost model of the chunk choice (ops.h f25519_batch_costs): the
 * backend's own measured figures (ops->batch_costs), else defaults by the
 * entries it has; fitted to paired runs of `f25519_bench_batch <backend> <n>
 * 7 choice` (n = 1 .. 64, one thread) on an AVX-512IFMA host. */
typedef f25519_batch_costs batch_costs;

static batch_costs costs(const f25519_ops *ops)
{
    const batch_costs c = ops->batch_costs;
    if (c.group || c.comb0 || c.comb1) return c;
    if (ops->ed25519_quad_scalar_x8) return (batch_costs){590, 150, 51, 0}; /* 8-lane half-size scalars */
    if (ops->ed25519_double_scalar_x8) return (batch_costs){270, 165, 24, 0}; /* 8-lane full-size scalars */
    return (batch_costs){800, 180, 57, 0}; /* no 8-lane entry: single verification's half-size path is cheaper */
}

/* The per-item path of c items: how many of the last ones go to single
 * verification (all when the backend has no 8-lane double-scalar entry,
 * else a last group of 8 lanes when its few items cost less so). */
static size_t singles_tail(const f25519_ops *ops, size_t c)
{
    const size_t sm = f25519_batch_single_max != SIZE_MAX ? f25519_batch_single_max : costs(ops).group / 100;
    if (sm >= 8) return c;
    return c % 8 <= sm ? c % 8 : 0;
}

/* zip215: 1 if a chunk of c items costs less as one random linear
 * combination than on the per-item path. */
static int combine(const f25519_ops *ops, int mode, size_t c)
{
    if (mode != F25519_VERIFY_ZIP215 || c < 2) return 0;
    if (f25519_batch_combine_min != SIZE_MAX) return c >= f25519_batch_combine_min;
    const batch_costs k = costs(ops);
    const size_t t = singles_tail(ops, c), g = (c - t + 7) / 8;
    return k.comb0 + k.comb1 * c < g * k.group + 100 * t;
}

static void verify_chunk(const batch_job *j, chunk_scratch *w, size_t base, size_t c)
{
    const int comb = combine(j->ops, j->mode, c);
    if (!comb) { /* the per-item path: its last items by single verification where they cost less so */
        const size_t t = singles_tail(j->ops, c);
        verify_singles(j, base + c - t, t);
        c -= t;
        if (!c) return;
    }
    prepare(j, w, base, 0, c);
    size_t m = pending(j, w, base, c);
    f25519_sc_acc acc;
    if (comb && m >= 2 && combination_part(j, w, base, 0, c, &acc) && combination_holds(j, w, c, &acc, NULL))
        return; /* every pending item keeps F25519_OK */
    finish(j, w, base, m);
}

/* The chunk's cnt items with scratch w (pieces of w->cap items), or item by
 * item when there is no scratch (malloc failed). */
static void verify_range(const batch_job *j, chunk_scratch *w, size_t base, size_t cnt)
{
    if (!w) {
        verify_singles(j, base, cnt);
        return;
    }
    for (size_t o = 0; o < cnt; o += w->cap) verify_chunk(j, w, base + o, cnt - o < w->cap ? cnt - o : w->cap);
}

/* The next piece of items for a thread: [*base, *base + *cnt); 0 when none
 * is left. Pieces of j->chunk items; with j->guided (openssl/strict, several
 * threads) a piece is at most 1 / (2 threads) of what is left, rounded up to
 * whole lanes (8 items), so that the threads finish together even when one
 * CPU runs slower than the other (a piece of 64 items is about a
 * millisecond of work; the last ones are 8 items). */
static int take_piece(batch_job *j, size_t *base, size_t *cnt)
{
    size_t cur = j->next;
    for (;;) {
        if (cur >= j->n) return 0;
        size_t rem = j->n - cur, c = j->chunk;
        if (j->guided) {
            size_t g = (rem / (2 * (size_t)j->guided) + 7) & ~(size_t)7;
            if (g < 8) g = 8;
            if (g < c) c = g;
        }
        if (c > rem) c = rem;
        if (atomic_compare_exchange_weak(&j->next, &cur, cur + c)) {
            *base = cur;
            *cnt = c;
            return 1;
        }
    }
}

/* The task of every member of the call's team (common/team.h). */
static void worker(void *arg)
{
    batch_job *j = arg;
    /* A scratch for whole chunks; when malloc fails, one for CHUNK_MAX items
     * (the chunk then goes in pieces); when that fails too, item by item. */
    chunk_scratch *w = scratch_new(j->chunk);
    if (!w && j->chunk > CHUNK_MAX) w = scratch_new(CHUNK_MAX);
    size_t base, cnt;
    while (take_piece(j, &base, &cnt)) verify_range(j, w, base, cnt);
    free(w);
}

/* zip215 with several threads (COOP_MIN items or more): ONE random linear
 * combination per block of up to CHUNK_ZIP items, shared by all the threads,
 * instead of one combination per thread's share: halves of a batch each pay
 * the bucket sums of a smaller multi-scalar multiplication and finish at the
 * pace of the slower CPU. Same statuses: the same steps (prepare, pending,
 * combination_part, combination_holds, finish) on the same items.
 *   Phase 1: the members of the call's team (common/team.h) take groups of
 *     items from a counter (coop_take: COOP_GROUP items, fewer towards the
 *     end, down to 8): prepare, then the group's z_i, points, scalars and
 *     partial sum of z_i S_i (combination_part).
 *   Phase 2: the caller's thread lists the pending items, adds the groups'
 *     sums into b and runs the one
 *     multi-scalar multiplication on the same team
 *     (ops->ed25519_msm: the avx2 and ifma backends hand out their blocks of
 *     points and groups of windows from counters too, so a thread on a
 *     slower CPU takes fewer). Only with a backend whose ed25519_msm uses the threads
 *     (ops->ed25519_msm_threaded); the others keep one combination per
 *     thread's share.
 * Why one shared combination: with two threads it costs less per signature
 * than one combination per thread's share, and the two ends of the counters
 * (coop_take, f25519_msm_blocks) with groups shrinking near the end make the
 * members finish within a few lanes of each other (2-thread / 1-thread
 * figures: docs/benchmarks.md, batch verification). A failed combination is
 * followed by verifying its items one by one (bisecting it gains with one
 * bad item and loses with many). */
#define COOP_MIN 256
#define COOP_GROUP 64

typedef struct {
    const batch_job *j;
    chunk_scratch *w;
    size_t base, c;
    unsigned members;
    _Atomic uint64_t span;     /* phase 1: the items not taken, [L, H) as L | H << 32 (coop_take) */
    pthread_t caller;          /* the thread of the call (the team's other member takes from the back) */
    _Atomic size_t ngroups;    /* phase 1: groups taken (their sums in acc) */
    _Atomic int rand_failed;
    size_t m;                  /* pending items (w->pend) when the combination failed */
    _Atomic size_t next_slice; /* their next slice of COOP_GROUP (coop_finish) */
    f25519_sc_acc acc[CHUNK_ZIP / 8]; /* sum z_i S_i of each group (8 items at least) */
} coop_job;

/* Phase 1's next group: [*lo, *hi), COOP_GROUP items while more than
 * 2 COOP_GROUP per member remain, then shrinking to 8 (whole lanes), so the
 * members end within a few lanes of each other; 0 when none is left. The
 * items not taken are [L, H); with back (the helper of a team of two) the
 * group is taken from the end, *lo rounded down to whole lanes, else from
 * the front: each thread then finds the points and scalars of its items in
 * its own cache in the multi-scalar multiplication's blocks
 * (f25519_msm_blocks, msm_digits.h), call after call. */
static int coop_take(coop_job *cj, size_t *lo, size_t *hi, int back)
{
    uint64_t s = atomic_load(&cj->span);
    for (;;) {
        const size_t L = (size_t)(s & 0xffffffffu), H = (size_t)(s >> 32); /* L: a multiple of 8 */
        if (L >= H) return 0;
        size_t take = (H - L) / (2 * (size_t)cj->members) & ~(size_t)7;
        take = take > COOP_GROUP ? COOP_GROUP : take < 8 ? 8 : take;
        size_t a, b;
        if (!back) {
            a = L;
            b = H - L > take ? L + take : H;
        } else {
            b = H;
            a = H - L > take ? (H - take) & ~(size_t)7 : L; /* >= L */
        }
        const uint64_t ns = back ? (uint64_t)L | (uint64_t)a << 32 : (uint64_t)b | (uint64_t)H << 32;
        if (atomic_compare_exchange_weak(&cj->span, &s, ns)) {
            *lo = a;
            *hi = b;
            return 1;
        }
    }
}

static void coop_phase1(void *arg)
{
    coop_job *cj = arg;
    size_t lo, hi;
    const int back = cj->members == 2 && !pthread_equal(pthread_self(), cj->caller);
    while (coop_take(cj, &lo, &hi, back)) {
        size_t g = cj->ngroups++;
        prepare(cj->j, cj->w, cj->base, lo, hi);
        if (!combination_part(cj->j, cj->w, cj->base, lo, hi, &cj->acc[g])) cj->rand_failed = 1;
    }
}

/* A failed combination: the members take slices of COOP_GROUP pending items
 * and finish each item on its own (finish_exact: zip215's step 7 per item,
 * disjoint statuses and no shared scratch). */
static void coop_finish(void *arg)
{
    coop_job *cj = arg;
    for (;;) {
        size_t s = cj->next_slice++ * COOP_GROUP;
        if (s >= cj->m) break;
        size_t cnt = cj->m - s < COOP_GROUP ? cj->m - s : COOP_GROUP;
        finish_exact(cj->j, cj->w, cj->base, cj->w->pend + s, cnt);
    }
}

/* The c items at base with the team; 0 (nothing done) when the scratch
 * cannot be allocated. The combination's data are made in phase 1 by the
 * members, group by group (combination_part); the caller's thread adds the
 * groups' sums and runs the multi-scalar multiplication on the 2c points
 * on the team; when the combination fails, the team finishes the pending
 * items one by one (coop_finish). own_team: the call's own team, whose
 * helpers leave during the last block's Horner chain (a pool's stay). */
static int coop_block(const batch_job *j, size_t base, size_t c, f25519_team *team, int own_team)
{
    chunk_scratch *w = scratch_new(c);
    coop_job *cj = malloc(sizeof *cj);
    if (!w || !cj) {
        free(w);
        free(cj);
        return 0;
    }
    cj->j = j;
    cj->w = w;
    cj->base = base;
    cj->c = c;
    cj->members = f25519_team_size(team);
    cj->span = (uint64_t)c << 32;
    cj->caller = pthread_self();
    cj->ngroups = 0;
    cj->rand_failed = 0;
    f25519_team_run(team, coop_phase1, cj);
    size_t m = pending(j, w, base, c);
    int holds = 0;
    if (m >= 2 && !cj->rand_failed) {
        for (size_t g = 1; g < cj->ngroups; g++) f25519_sc_acc_add(&cj->acc[0], &cj->acc[g]);
        if (own_team && base + c >= j->n) f25519_team_last(team); /* the helpers leave during the Horner chain */
        holds = combination_holds(j, w, c, &cj->acc[0], team);
    }
    if (!holds) { /* every pending item on its own, as in verify_chunk, on the team */
        cj->m = m;
        cj->next_slice = 0;
        f25519_team_run(team, coop_finish, cj);
    }
    free(cj);
    free(w);
    return 1;
}

static int batch_result(size_t n, const int status[])
{
    int any_arg = 0, any_bad = 0;
    for (size_t i = 0; i < n; i++) {
        any_arg |= status[i] == F25519_ERR_ARG;
        any_bad |= status[i] != F25519_OK;
    }
    return any_arg ? F25519_ERR_ARG : any_bad ? F25519_ERR_VERIFY : F25519_OK;
}

unsigned f25519_online_cpus(void)
{
    long c = sysconf(_SC_NPROCESSORS_ONLN);
    return c > 0 ? (unsigned)c : 1u;
}

/* The checks of every call: F25519_OK, or the code every status received. */
static int batch_args(size_t n, const uint8_t *const sig[], const uint8_t *const msg[], const size_t msg_len[],
                      const uint8_t *const pub[], int mode, int status[], const f25519_ops **ops)
{
    int rc = F25519_OK;
    if (!sig || !msg || !msg_len || !pub) rc = F25519_ERR_ARG;
    if (mode != F25519_VERIFY_OPENSSL && mode != F25519_VERIFY_STRICT && mode != F25519_VERIFY_ZIP215)
        rc = F25519_ERR_ARG;
    *ops = f25519_ops_get();
    if (rc == F25519_OK && !*ops) rc = F25519_ERR_UNSUPPORTED;
    if (rc != F25519_OK)
        for (size_t i = 0; i < n; i++) status[i] = rc;
    return rc;
}

int f25519_verify_batch_on(size_t n, const uint8_t *const sig[], const uint8_t *const msg[], const size_t msg_len[],
                           const uint8_t *const pub[], int mode, unsigned threads, f25519_team *pooled,
                           int status[])
{
    if (n == 0) return F25519_OK;
    if (!status) return F25519_ERR_ARG;
    const f25519_ops *ops;
    int rc = batch_args(n, sig, msg, msg_len, pub, mode, status, &ops);
    if (rc != F25519_OK) return rc;
    batch_job j = {.ops = ops, .mode = mode, .n = n, .sig = sig, .msg = msg, .pub = pub,
                   .msg_len = msg_len, .status = status};
    unsigned nt = pooled ? f25519_team_size(pooled) : threads ? threads : f25519_online_cpus();
    /* All by single verification, and one thread or at most one lane group's
     * worth of items: no team, no scratch (single verification's cost). */
    if (!combine(ops, mode, n) && singles_tail(ops, n) == n && (nt <= 1 || n <= 8)) {
        verify_singles(&j, 0, n);
        return batch_result(n, status);
    }
    if (nt > 1024) nt = 1024;
    size_t want = mode == F25519_VERIFY_ZIP215 ? CHUNK_ZIP : CHUNK_EXACT;
    size_t per = (n + nt - 1) / nt;               /* items per thread */
    per = (per + 7) & ~(size_t)7;                 /* whole lanes */
    j.chunk = per < want ? per : want;
    j.nchunks = (n + j.chunk - 1) / j.chunk;
    if (nt > j.nchunks) nt = (unsigned)j.nchunks;
    if (nt > 65) nt = 65;
    /* A pool's team: all its members, or none when there is one piece of
     * work (its helpers would only be woken to find nothing to do). */
    if (pooled && nt > 1) nt = f25519_team_size(pooled);
    j.guided = mode != F25519_VERIFY_ZIP215 && nt > 1 ? nt : 0;
    j.next = 0;
    /* One team for the whole call: its helpers start once (on CPUs other
     * than the caller's) and wait, spinning, between the phases; or the
     * pool's, started before the call. NULL (one thread, or no helper could
     * be started): the caller alone. */
    f25519_team *team = pooled ? (nt > 1 ? pooled : NULL) : f25519_team_new(nt);
    if (mode == F25519_VERIFY_ZIP215 && team && n >= COOP_MIN && ops->ed25519_msm_threaded) {
        for (size_t base = 0; base < n; base += CHUNK_ZIP) {
            size_t c = n - base < CHUNK_ZIP ? n - base : CHUNK_ZIP;
            if (!coop_block(&j, base, c, team, !pooled)) {
                chunk_scratch *w = scratch_new(CHUNK_MAX);
                verify_range(&j, w, base, c);
                free(w);
            }
        }
    } else {
        f25519_team_run(team, worker, &j); /* the caller's thread works too */
    }
    if (!pooled) f25519_team_free(team);
    return batch_result(n, status);
}

int f25519_ed25519_verify_batch(size_t n, const uint8_t *const sig[], const uint8_t *const msg[],
                                const size_t msg_len[], const uint8_t *const pub[], int mode,
                                unsigned threads, int status[])
{
    return f25519_verify_batch_on(n, sig, msg, msg_len, pub, mode, threads, NULL, status);
}
