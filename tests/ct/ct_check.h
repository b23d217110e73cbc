/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Secret marking for the constant-time checks. Under MemorySanitizer
 * (clang -fsanitize=memory) secrets are poisoned with __msan_poison; otherwise
 * they are marked undefined for valgrind memcheck. Either tool then reports
 * any branch (valgrind also: any memory index) that depends on a secret.
 */
#ifndef F25519_TESTS_CT_CHECK_H
#define F25519_TESTS_CT_CHECK_H
#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define CT_MSAN 1
#endif
#endif
#include <stddef.h>
#ifdef CT_MSAN
#include <sanitizer/msan_interface.h>
#define CT_SECRET(p, n) __msan_poison((p), (n))
#define CT_PUBLIC(p, n) __msan_unpoison((p), (n))
#define CT_TOOL "MemorySanitizer"
/* 1 if some byte of p[0..n) still carries the secret mark. */
static inline int ct_tainted(const void *p, size_t n) { return __msan_test_shadow(p, n) != -1; }
#else
#include <valgrind/memcheck.h>
#define CT_SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define CT_PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#define CT_TOOL "valgrind memcheck"
/* 1 if some byte of p[0..n) still carries the secret mark (-1: not under valgrind). */
static inline int ct_tainted(const void *p, size_t n)
{
    unsigned char vbits[256];
    if (!RUNNING_ON_VALGRIND || n > sizeof vbits) return -1;
    if (VALGRIND_GET_VBITS(p, vbits, n) != 1) return -1;
    for (size_t i = 0; i < n; i++)
        if (vbits[i]) return 1;
    return 0;
}
#endif
#endif
