/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The warm-up thread of `fast25519 bench --cold`: every 500 us it runs a
 * short burst of 512-bit vector instructions (IFMA multiply-adds when the CPU
 * has them, else 512-bit integer adds/multiplies), so that a core that powers
 * its wide vector units down when idle (the cold-start penalty that Zhang et al., ENG25519
 * (docs/references.md) saw on Ice Lake) keeps them up. It inherits the bench's CPU pinning,
 * so it runs on the core that does the crypto, as the provider's thread would.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include "bench.h"
#include "fast25519.h"
#if defined(__x86_64__)
#include <immintrin.h>
#endif

#define WARMUP_PERIOD_US 500
#define WARMUP_ITERS 64 /* x 4 dependent chains: ~256 vector ops, well under 1 us */

static pthread_t g_thread;
static atomic_int g_stop;
static int g_running;
static volatile uint64_t g_sink;

#if defined(__x86_64__)
__attribute__((target("avx512f,avx512ifma"))) static uint64_t burst_ifma(void)
{
    __m512i a = _mm512_set1_epi64(1), b = _mm512_set1_epi64(3), c = _mm512_set1_epi64(5),
            d = _mm512_set1_epi64(7), m = _mm512_set1_epi64(0x123456789);
    for (int i = 0; i < WARMUP_ITERS; i++) {
        a = _mm512_madd52lo_epu64(a, m, b);
        b = _mm512_madd52hi_epu64(b, m, c);
        c = _mm512_madd52lo_epu64(c, m, d);
        d = _mm512_madd52hi_epu64(d, m, a);
    }
    return (uint64_t)_mm512_reduce_add_epi64(_mm512_xor_si512(_mm512_xor_si512(a, b), _mm512_xor_si512(c, d)));
}

__attribute__((target("avx512f"))) static uint64_t burst_f(void)
{
    __m512i a = _mm512_set1_epi64(1), b = _mm512_set1_epi64(3), m = _mm512_set1_epi64(0x12345);
    for (int i = 0; i < 2 * WARMUP_ITERS; i++) {
        a = _mm512_add_epi64(_mm512_mul_epu32(a, m), b);
        b = _mm512_add_epi64(_mm512_mul_epu32(b, m), a);
    }
    return (uint64_t)_mm512_reduce_add_epi64(_mm512_xor_si512(a, b));
}
#endif

int bench_warmup_supported(void)
{
    return (f25519_cpu_features() & F25519_CPU_AVX512F) != 0;
}

static void *warmup_main(void *arg)
{
#if defined(__x86_64__)
    int ifma = (f25519_cpu_features() & F25519_CPU_AVX512IFMA) != 0;
    while (!atomic_load_explicit(&g_stop, memory_order_relaxed)) {
        g_sink += ifma ? burst_ifma() : burst_f();
        bench_sleep_us(WARMUP_PERIOD_US);
    }
#endif
    return arg;
}

int bench_warmup_start(void)
{
    if (g_running || !bench_warmup_supported()) return -1;
    atomic_store(&g_stop, 0);
    if (pthread_create(&g_thread, NULL, warmup_main, NULL) != 0) return -1;
    g_running = 1;
    return 0;
}

void bench_warmup_stop(void)
{
    if (!g_running) return;
    atomic_store(&g_stop, 1);
    pthread_join(g_thread, NULL);
    g_running = 0;
}
