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
#ifdef CT_MSAN
#include <sanitizer/msan_interface.h>
#define CT_SECRET(p, n) __msan_poison((p), (n))
#define CT_PUBLIC(p, n) __msan_unpoison((p), (n))
#define CT_TOOL "MemorySanitizer"
#else
#include <valgrind/memcheck.h>
#define CT_SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define CT_PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#define CT_TOOL "valgrind memcheck"
#endif
#endif
