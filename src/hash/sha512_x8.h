/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Eight SHA-512 digests at once, one message per 64-bit lane of a vector
 * (the "multi-buffer" hashing of batch verification: the challenges
 * k = H(R || A || M) of eight signatures, ed25519_batch.c). Each message is
 * the concatenation of up to three parts; the lanes may differ in length
 * (a lane whose message has fewer blocks keeps its state while the others
 * go on). Same digests as f25519_sha512 of each concatenation.
 *
 * For the one-block messages of batch verification (R || A || 32-byte M) a
 * hash costs about 2/3 of f25519_sha512's time with AVX2 and 3/8 with
 * AVX-512; a zip215 batch of 1024 on ifma a few percent less.
 *
 * PUBLIC inputs only: unlike sha512.c (which also hashes secret keys and
 * nonces), nothing is wiped and the block count of each lane decides
 * branches.
 */
#ifndef F25519_SHA512_X8_H
#define F25519_SHA512_X8_H
#include <stddef.h>
#include <stdint.h>

typedef struct {
    const uint8_t *p[3]; /* parts (NULL allowed where n is 0) */
    size_t n[3];
} f25519_sha512_msg;

/* The vector drivers are the backends' own (ops.sha512_x8, src/ops.h): out[l] =
 * SHA-512(m[l].p[0..n[0]) || m[l].p[1..] || m[l].p[2..]), each an instance
 * of the lane loop in sha512_x8_driver.h with its compression function,
 * built from the helpers below. */

/* blk = bytes [128 j, 128 j + 128) of m's padded message (total: its
 * length in bytes; FIPS 180-4 5.1.2), for the lanes (sha512.c). */
void f25519_sha512_lane_block(uint8_t blk[128], const f25519_sha512_msg *m, size_t total, size_t j);

/* The same bytes, in place: the message part itself when the block lies
 * within one part (most blocks of a long message), else blk filled by
 * f25519_sha512_lane_block. */
const uint8_t *f25519_sha512_lane_bytes(uint8_t blk[128], const f25519_sha512_msg *m, size_t total, size_t j);

/* The lanes' lengths (total), block counts (nb) and their largest
 * (returned); the digests out[l] from the final states v[word * lanes + l]. */
size_t f25519_sha512_lanes_begin(size_t total[], size_t nb[], const f25519_sha512_msg m[], int lanes);
void f25519_sha512_lanes_end(uint8_t (*out)[64], const uint64_t *v, int lanes);

/* The FIPS 180-4 constants (sha512.c). */
extern const uint64_t f25519_sha512_k[80];
extern const uint64_t f25519_sha512_h0[8];
#endif
