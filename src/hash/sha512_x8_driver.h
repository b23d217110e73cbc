/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The lane loop of a multi-buffer SHA-512 (sha512_x8.h), written once and
 * instantiated by each vector backend with its own compression function, so
 * that every call stays inline in the backend's target. Before including,
 * the backend defines
 *   F25519_SHA512_DRIVER            the name of the static function made:
 *                                   void NAME(uint8_t out[][64], const f25519_sha512_msg m[])
 *   F25519_SHA512_DRIVER_LANES      the lanes of its vector (messages per call)
 *   F25519_SHA512_DRIVER_VEC        the vector type
 *   F25519_SHA512_DRIVER_TARGET     the function attribute of its target
 *   F25519_SHA512_DRIVER_SET1(x)    x in every lane
 *   F25519_SHA512_DRIVER_WORDS(blk, t)  word t of the blocks blk[l], lane l
 *                                   (big endian; f25519_sha512_be64), or
 *   F25519_SHA512_DRIVER_BLOCK(W, blk)  W[0..16) = all 16 of them at once
 *   F25519_SHA512_DRIVER_COMPRESS(st, W, live)  st += compress(block in W) in
 *                                   the lanes l with bit l of live set
 *   F25519_SHA512_DRIVER_STORE(p, v)  the lanes of v to p[0..LANES)
 * Block j of lane l is read in place from its message where it lies within
 * one part, else from a copy with the padding (f25519_sha512_lane_bytes); a
 * lane with fewer blocks keeps its state through the others' last blocks.
 * Public inputs.
 */
#include <string.h>
#include "hash/sha512_x8.h"

#ifndef F25519_SHA512_BE64_DEFINED
#define F25519_SHA512_BE64_DEFINED
static inline uint64_t f25519_sha512_be64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
    return __builtin_bswap64(v); /* x86: little endian */
}
#endif

F25519_SHA512_DRIVER_TARGET static void F25519_SHA512_DRIVER(uint8_t out[][64], const f25519_sha512_msg m[])
{
    enum { L = F25519_SHA512_DRIVER_LANES };
    size_t total[L], nb[L];
    const size_t most = f25519_sha512_lanes_begin(total, nb, m, L);
    F25519_SHA512_DRIVER_VEC st[8], W[16];
    for (int i = 0; i < 8; i++) st[i] = F25519_SHA512_DRIVER_SET1(f25519_sha512_h0[i]);
    uint8_t buf[L][128];
    const uint8_t *blk[L];
    for (int l = 0; l < L; l++) blk[l] = buf[l];
    for (size_t j = 0; j < most; j++) {
        unsigned live = 0;
        for (int l = 0; l < L; l++) {
            if (j < nb[l]) {
                blk[l] = f25519_sha512_lane_bytes(buf[l], &m[l], total[l], j);
                live |= 1u << l;
            }
        }
        /* lanes past their end: stale words, masked off */
#ifdef F25519_SHA512_DRIVER_BLOCK
        F25519_SHA512_DRIVER_BLOCK(W, blk);
#else
        for (int t = 0; t < 16; t++) W[t] = F25519_SHA512_DRIVER_WORDS(blk, t);
#endif
        F25519_SHA512_DRIVER_COMPRESS(st, W, live);
    }
    uint64_t v[8][L] __attribute__((aligned(64)));
    for (int i = 0; i < 8; i++) F25519_SHA512_DRIVER_STORE(v[i], st[i]);
    f25519_sha512_lanes_end(out, &v[0][0], L);
}
