/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The backend interface. A backend (src/backend/<name>/) fills one
 * f25519_ops table; x25519.c and ed25519.c (hashing, scalar arithmetic,
 * encodings, verification rules) are shared and call only these entries.
 * Adding a backend = adding its folder (DEVELOPERS.md, "Adding a backend").
 *
 * Contracts (all scalars little-endian 32 bytes):
 *  x25519:      out = X25519(k, u); k already clamped by the caller; the
 *               backend ignores bit 255 of u and reduces u >= p. Constant
 *               time in k. out is canonical.
 *  x25519_base: out = u-coordinate of [k]B (B: u = 9); any k < 2^255 (the
 *               caller passes the clamped key unreduced: [k]B = [k mod L]B,
 *               and the signed radix-16/32 recodings of every backend cover
 *               k < 2^255; tests/scalarmult/test_base_clamped.c checks it against
 *               the ladder). Constant time in k.
 *  *_x8:        the same for 8 independent inputs (lane i = input i).
 *               Every x8 entry is optional: a backend whose eight lanes are
 *               no faster than eight single calls leaves it NULL, and the
 *               callers go through f25519_ops_*_x8 below, which run the
 *               loop over the single entry then (written once, here).
 *  ed25519_base: out = encoding of [a]B (Edwards base point); any a < 2^255
 *               (the clamped expanded key, unreduced). Constant time in a.
 *  ed25519_double_scalar: out = [a]A + [b]B; a, b < 2^253; public inputs,
 *               variable time allowed.
 *  ed25519_quad_scalar: out = [a]A + [c]C + [b]B; a, c, b < 2^253; public
 *               inputs, variable time allowed; max(len(a), len(c), 129)
 *               doublings (B's scalar split at 2^128): single verification
 *               with the half-size scalars of scalar/sc_halfsize.h
 *               (ed25519_verify.h). The one optional entry: NULL means the
 *               backend keeps the full-size ed25519_double_scalar path
 *               (ifma: its 4-lane double-scalar single verify is faster
 *               than mulx's half-size path).
 *  ed25519_frombytes2: decodes two encodings s0, s1 exactly as
 *               ge51_frombytes_vartime(&out[i], s_i, lenient_i) does (same
 *               accept/reject decision, same point mod p). Returns a bit set:
 *               bit i set when encoding i was rejected (out[i] is then
 *               unspecified). Public inputs, variable time allowed. Used by
 *               verification to decode A and R together (with the
 *               backend's own square-root chain).
 *  ed25519_frombytes_x8: eight decodings s[i] exactly as
 *               ge51_frombytes_vartime(&out[i], s[i], (lenient >> i) & 1)
 *               (same decision, same point mod p); returns the bit set of
 *               rejected encodings (out[i] then unspecified). Batch
 *               verification decodes the A's and the R's of eight signatures
 *               with two calls (one batched square-root chain each in ifma).
 *               NULL: four ed25519_frombytes2 calls.
 *  ed25519_frombytes_x16: sixteen decodings, as ed25519_frombytes_x8 (lane
 *               i: ge51_frombytes_vartime(&out[i], s[i], (lenient >> i) & 1));
 *               returns the 16-bit set of rejected encodings (out[i] then
 *               unspecified). Batch verification decodes the A's (0..7) and
 *               R's (8..15) of eight signatures with one call (ifma: two
 *               8-lane square-root chains interleaved). Optional (NULL: two
 *               ed25519_frombytes_x8 calls).
 *  ed25519_double_scalar_x8: out[i] = [a_i]A_i + [b_i]B for eight independent
 *               lanes, as ed25519_double_scalar (a_i, b_i < 2^253, public).
 *  ed25519_quad_scalar_x8: out[i] = [a_i]A_i + [c_i]C_i + [b_i]B for eight
 *               independent lanes; a_i, c_i < 2^160 (the half-size scalars of
 *               scalar/sc_halfsize.h), b_i < 2^253; public inputs. Optional
 *               (NULL, or batch_costs.exact_half >= 100 in the exact
 *               modes: batch verification's per-item path keeps
 *               ed25519_double_scalar_x8); avx2 (double_avx2.c) and ifma
 *               (msm_ifma.c).
 *  ed25519_msm: out = sum_{i < n} [a_i]P_i + [b]B (a_i, b < 2^253; public,
 *               variable time; any n >= 0): the random linear combination
 *               of the zip215 batch equation; team: the threads it may
 *               use (common/team.h; NULL: the caller's only; avx2 and ifma
 *               spread their buckets' window groups over its members and
 *               say so in ed25519_msm_threaded = 1, the others ignore it, 0).
 *  batch_costs: batch verification's cost model on this backend
 *               (ed25519_batch.c), measured per backend; all 0: the model's
 *               defaults by the entries the backend has.
 *  sha512_x8:   eight SHA-512 digests of public messages at once
 *               (hash/sha512_x8.h: batch verification's challenges).
 *               Optional (NULL: one f25519_sha512 per message); ifma
 *               (eight lanes) and avx2 (two sets of four).
 *  sc_reduce64_x8: eight 64-byte integers mod L at once (public inputs:
 *               the challenges after sha512_x8), sc25519_reduce64's
 *               results. Optional (NULL: one at a time); ifma.
 * Every single-input entry but ed25519_quad_scalar is required (no NULL), and
 * ed25519_msm; the x8 entries, ed25519_quad_scalar_x8, sha512_x8 and
 * sc_reduce64_x8 are optional. Shared code never falls back to another
 * backend's field.
 */
#ifndef F25519_IMPL_H
#define F25519_IMPL_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "fast25519.h" /* return codes */
#include "point/ge51.h"
#include "common/random.h" /* for x25519.c / ed25519.c */
#include "common/wipe.h"
#include "common/team.h"   /* ed25519_msm's threads */
#include "hash/sha512_x8.h" /* sha512_x8 */

/* Batch verification's costs on one backend (ed25519_batch.c), in hundredths
 * of one single verification on it: a group of 8 lanes on the per-item path
 * (group), a zip215 combination of c items (comb0 + comb1 c); exact_half:
 * the openssl/strict per-item path with the half-size
 * ed25519_quad_scalar_x8 (which needs R decoded there) in hundredths of the
 * full-size one, 0: not measured (the half-size one wherever the backend
 * has the entry). zip215 decodes R anyway: its per-item path takes the
 * half-size entry wherever there is one. */
typedef struct {
    unsigned group, comb0, comb1, exact_half;
} f25519_batch_costs;

typedef struct f25519_ops {
    const char *name;
    void (*x25519)(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);
    void (*x25519_x8)(uint8_t out[8][32], const uint8_t k[8][32], const uint8_t u[8][32]);
    void (*x25519_base)(uint8_t out[32], const uint8_t k[32]);
    void (*x25519_base_x8)(uint8_t out[8][32], const uint8_t k[8][32]);
    void (*ed25519_base)(uint8_t out[32], const uint8_t a[32]);
    void (*ed25519_base_x8)(uint8_t out[8][32], const uint8_t a[8][32]);
    void (*ed25519_double_scalar)(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A,
                                  const uint8_t b[32]);
    void (*ed25519_quad_scalar)(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A,
                                const uint8_t c[32], const ge51_p3 *C, const uint8_t b[32]);
    int (*ed25519_frombytes2)(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32],
                              int lenient0, int lenient1);
    int (*ed25519_frombytes_x8)(ge51_p3 out[8], const uint8_t *const s[8], unsigned lenient);
    int (*ed25519_frombytes_x16)(ge51_p3 out[16], const uint8_t *const s[16], unsigned lenient);
    void (*ed25519_double_scalar_x8)(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                     const uint8_t b[8][32]);
    void (*ed25519_quad_scalar_x8)(ge51_p3 out[8], const uint8_t a[8][32], const ge51_p3 A[8],
                                   const uint8_t c[8][32], const ge51_p3 C[8], const uint8_t b[8][32]);
    void (*ed25519_msm)(ge51_p3 *out, size_t n, const uint8_t (*a)[32], const ge51_p3 *P,
                        const uint8_t b[32], f25519_team *team);
    int ed25519_msm_threaded; /* 1: ed25519_msm spreads its work over the team it is given */
    void (*sha512_x8)(uint8_t out[8][64], const f25519_sha512_msg m[8]);
    void (*sc_reduce64_x8)(uint8_t out[8][32], const uint8_t in[8][64]);
    f25519_batch_costs batch_costs;
} f25519_ops;

/* The backends' ops tables: one per folder src/backend/<name>/ (ops_<name>.c),
 * declared by the registry's generated backends_table.h where the build
 * contains it (F25519_HAVE_<NAME>: CMake's for the vector backends, a header the
 * descriptor names otherwise, e.g. arch/mulx_asm.h). F25519_EMU is 1 only in the
 * TEST-ONLY emulated library, where the vector tables hold the SIMDe-emulated
 * code (backends "<name>-emu"). */
#ifndef F25519_EMU
#define F25519_EMU 0
#endif
#include "backends_table.h"

/* Current backend, or NULL when FAST25519_BACKEND forced one that is missing. */
const f25519_ops *f25519_ops_get(void);

/* The x8 entries of a backend, or the loop over its single entry where it
 * leaves them NULL (ops.h's contracts: the same results lane by lane). */
static inline void f25519_ops_x25519_x8(const f25519_ops *o, uint8_t out[8][32], const uint8_t k[8][32],
                                        const uint8_t u[8][32])
{
    if (o->x25519_x8) {
        o->x25519_x8(out, k, u);
        return;
    }
    for (int i = 0; i < 8; i++) o->x25519(out[i], k[i], u[i]);
}

static inline void f25519_ops_x25519_base_x8(const f25519_ops *o, uint8_t out[8][32], const uint8_t k[8][32])
{
    if (o->x25519_base_x8) {
        o->x25519_base_x8(out, k);
        return;
    }
    for (int i = 0; i < 8; i++) o->x25519_base(out[i], k[i]);
}

static inline void f25519_ops_ed25519_base_x8(const f25519_ops *o, uint8_t out[8][32], const uint8_t a[8][32])
{
    if (o->ed25519_base_x8) {
        o->ed25519_base_x8(out, a);
        return;
    }
    for (int i = 0; i < 8; i++) o->ed25519_base(out[i], a[i]);
}

static inline int f25519_ops_ed25519_frombytes_x8(const f25519_ops *o, ge51_p3 out[8], const uint8_t *const s[8],
                                                  unsigned lenient)
{
    if (o->ed25519_frombytes_x8) return o->ed25519_frombytes_x8(out, s, lenient);
    int bad = 0;
    for (int i = 0; i < 8; i += 2)
        bad |= o->ed25519_frombytes2(&out[i], s[i], s[i + 1], (int)((lenient >> i) & 1),
                                     (int)((lenient >> (i + 1)) & 1)) << i;
    return bad;
}

static inline int f25519_ops_ed25519_frombytes_x16(const f25519_ops *o, ge51_p3 out[16],
                                                   const uint8_t *const s[16], unsigned lenient)
{
    if (o->ed25519_frombytes_x16) return o->ed25519_frombytes_x16(out, s, lenient);
    int bad = f25519_ops_ed25519_frombytes_x8(o, out, s, lenient & 0xffu);
    return bad | f25519_ops_ed25519_frombytes_x8(o, out + 8, s + 8, (lenient >> 8) & 0xffu) << 8;
}

static inline void f25519_ops_ed25519_double_scalar_x8(const f25519_ops *o, ge51_p3 out[8], const uint8_t a[8][32],
                                                       const ge51_p3 A[8], const uint8_t b[8][32])
{
    if (o->ed25519_double_scalar_x8) {
        o->ed25519_double_scalar_x8(out, a, A, b);
        return;
    }
    for (int i = 0; i < 8; i++) o->ed25519_double_scalar(&out[i], a[i], &A[i], b[i]);
}

/* The prologue of the public-key entries (x25519 and ed25519, single and x8):
 * out NULL: F25519_ERR_ARG; in NULL: out (out_len bytes) zeroed and
 * F25519_ERR_ARG; no usable backend: out zeroed and F25519_ERR_UNSUPPORTED;
 * else F25519_OK with *ops set. */
static inline int f25519_public_entry(const f25519_ops **ops, uint8_t *out, size_t out_len, const void *in)
{
    if (!out) return F25519_ERR_ARG;
    *ops = in ? f25519_ops_get() : NULL;
    if (!*ops) {
        memset(out, 0, out_len);
        return in ? F25519_ERR_UNSUPPORTED : F25519_ERR_ARG;
    }
    return F25519_OK;
}
#endif
