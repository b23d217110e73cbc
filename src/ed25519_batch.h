/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Batch verification's entry for both public forms (ed25519_batch.c):
 * f25519_ed25519_verify_batch (a team started for the call) and
 * f25519_ed25519_verify_batch_pool (ed25519_batch_pool.c: the team of a
 * caller-owned pool, started before the call and kept after it).
 */
#ifndef F25519_ED25519_BATCH_H
#define F25519_ED25519_BATCH_H
#include <stddef.h>
#include <stdint.h>
#include "common/team.h"

/* f25519_ed25519_verify_batch's contract; pooled NULL: a team of `threads`
 * (0 = every online CPU) for this call; else that team (threads unused),
 * which the call neither frees nor lets go. */
int f25519_verify_batch_on(size_t n, const uint8_t *const sig[], const uint8_t *const msg[], const size_t msg_len[],
                           const uint8_t *const pub[], int mode, unsigned threads, f25519_team *pooled,
                           int status[]);

/* The zip215 combination's coefficients z[0..n), 16 bytes each (ops: the
 * backend's; ed25519_batch.c, and the benchmark's phases); 0 when the OS
 * random source fails. */
struct f25519_ops;
int f25519_batch_draw_z(const struct f25519_ops *ops, uint8_t (*z)[16], size_t n);

/* The per-item / combination choice of batch verification (ed25519_batch.c):
 * SIZE_MAX, its cost model; another value replaces the model's (the
 * benchmark's before/after pairs, bench_batch.c). */
extern size_t f25519_batch_single_max, f25519_batch_combine_min;
/* The per-item path's kernel: 0, the default: the cost model's choice
 * (ops.h f25519_batch_costs); 1: the full-size ed25519_double_scalar_x8;
 * -1: the half-size ed25519_quad_scalar_x8 where the backend has it (the
 * benchmark's pairs, the tests). */
extern int f25519_batch_full_size;

/* The online CPUs (1 when unknown). */
unsigned f25519_online_cpus(void);
#endif
