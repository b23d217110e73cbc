/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The serialised time-stamp read shared by `fast25519 bench` (bench_timer.c) and the
 * constant-time timing tests (tests/ct/dudect.h): lfence; rdtsc; lfence on x86-64,
 * CLOCK_MONOTONIC nanoseconds elsewhere. Header-only and library-free, so the tests can
 * use it inline without linking the CLI.
 */
#ifndef F25519_BENCH_TICKS_H
#define F25519_BENCH_TICKS_H
#include <stdint.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#else
#include <time.h>
#endif

static inline uint64_t f25519_bench_ticks(void)
{
#if defined(__x86_64__)
    /* lfence before: earlier instructions are done; after: later ones wait. */
    _mm_lfence();
    uint64_t t = __rdtsc();
    _mm_lfence();
    return t;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}
#endif
