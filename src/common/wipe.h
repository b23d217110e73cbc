/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Wiping secrets: the one wipe of the library (leaf: every layer may use it). */
#ifndef F25519_COMMON_WIPE_H
#define F25519_COMMON_WIPE_H
#include <stddef.h>
#include <string.h>

/* Zero n bytes at p. memset (inlined at full width for known sizes), then a
 * barrier that makes the compiler assume the zeroed memory is read: the
 * stores cannot be dropped as dead. */
static inline void f25519_wipe(void *p, size_t n)
{
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

/* Zero F25519_BURN_BYTES of the stack below the caller. Called right after a
 * noinline computation on secrets, from the same frame, its buffer overlaps
 * that computation's dead frame (the words the compiler spilled there). */
#define F25519_BURN_BYTES 1024
static __attribute__((noinline, unused)) void f25519_burn_stack(void)
{
    unsigned char buf[F25519_BURN_BYTES];
    f25519_wipe(buf, sizeof buf);
}
#endif
