/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Warm-up helper thread (Zhang et al., ENG25519, sec. 4.2, eq. 9;
 * docs/references.md).
 *
 * After ~675 us without vector instructions the core powers down the upper
 * vector lanes, and the next AVX-512 code runs slowly for ~14 us. The
 * helper executes a short burst of AVX-512 instructions every T (default
 * 500 us) so the units stay awake between requests.
 *
 *   warmup = off   no thread (default)
 *   warmup = on    burst every T
 *   warmup = auto  ENG25519 eq. 9 on the provider's own request rate r
 *                  (operations served per second, measured over warmup_window_ms):
 *                    r >= high       : no burst (requests keep the units warm)
 *                    low <= r < high : burst every T
 *                    r < low         : no burst (let the CPU save power)
 *                  Outside the middle band the thread sleeps a whole window.
 *                  The first window counts as r = 0 (idle: no burst) until
 *                  it has been measured.
 *
 * The thread starts lazily on the first operation, never at load, and is
 * stopped and joined at provider teardown (both in lifecycle.c). The burst
 * only runs when the active backend's code is AVX-512 (its descriptor says
 * WARMUP, src/backend/<name>/backend.cmake); on other backends there is
 * nothing to warm.
 */
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "fast25519.h"
#include "backends.h" /* the registry: F25519_WARMUP_BACKEND_NAMES */
#include "helpers.h"
#include "warmup.h"

#if defined(__x86_64__)
#include <immintrin.h>
/* 64 dependent 52-bit multiply-adds on a zmm register (~a few hundred cycles). */
__attribute__((target("avx512f,avx512ifma"), noinline)) static void burst_avx512(void)
{
    __m512i a = _mm512_set1_epi64(0x123456789), b = _mm512_set1_epi64(0x987654321);
    __m512i acc = _mm512_setzero_si512();
    for (int i = 0; i < 64; i++) {
        acc = _mm512_madd52lo_epu64(acc, a, b);
        __asm__ volatile("" : "+v"(acc));
    }
    volatile long long sink = _mm_cvtsi128_si64(_mm512_castsi512_si128(acc));
    (void)sink;
}
#endif

int f25519_warmup_burst(void)
{
#if defined(__x86_64__)
    static const char *const warm[] = {F25519_WARMUP_BACKEND_NAMES NULL};
    const char *cur = f25519_backend();
    for (size_t i = 0; warm[i]; i++) {
        if (strcmp(cur, warm[i]) == 0) {
            burst_avx512();
            return 1;
        }
    }
#endif
    return 0;
}

static void deadline_after(struct timespec *ts, uint64_t ns)
{
    clock_gettime(CLOCK_MONOTONIC, ts);
    ns += (uint64_t)ts->tv_nsec;
    ts->tv_sec += (time_t)(ns / 1000000000u);
    ts->tv_nsec = (long)(ns % 1000000000u);
}

/* ENG25519 eq. 9 band of a rate: -1 low, 0 medium (warm up), 1 high. */
static int band_of(const f25519_config *c, uint64_t rate)
{
    if (rate >= c->warmup_high_rate) return 1;
    if (rate >= c->warmup_low_rate) return 0;
    return -1;
}

void *f25519_warmup_main(void *arg)
{
    f25519_warmup *w = arg;
    f25519_provctx *prov = w->prov;
    const f25519_config *c = &prov->cfg;
    const uint64_t interval_ns = (uint64_t)c->warmup_interval_us * 1000u;
    const uint64_t window_ns = (uint64_t)c->warmup_window_ms * 1000000u;
    uint64_t win_start = f25519_now_ns();
    uint64_t win_reqs = atomic_load(&prov->requests);
    /* Until the first window has measured a rate, treat the rate as 0: the
     * low band (no burst) unless warmup_low_rate = 0 asks for warming under
     * low load too. (It used to assume the middle band, so a short-lived
     * process burst for its whole first window whatever its load.) */
    w->band = band_of(c, 0);

    pthread_mutex_lock(&w->mu);
    while (!w->stop) {
        int warm = w->mode == WARMUP_ON || w->band == 0;
        uint64_t sleep_ns = warm ? interval_ns : window_ns;
        struct timespec ts;
        deadline_after(&ts, sleep_ns);
        while (!w->stop && pthread_cond_timedwait(&w->wake, &w->mu, &ts) == 0) {
        }
        if (w->stop) break;
        pthread_mutex_unlock(&w->mu);

        f25519_count(prov, C_WARMUP_WAKEUPS);
        if (w->mode == WARMUP_AUTO) {
            uint64_t now = f25519_now_ns();
            if (now - win_start >= window_ns) {
                uint64_t reqs = atomic_load(&prov->requests);
                uint64_t rate = (reqs - win_reqs) * 1000000000u / (now - win_start);
                w->band = band_of(c, rate);
                win_start = now;
                win_reqs = reqs;
            }
        }
        if ((w->mode == WARMUP_ON || w->band == 0) && f25519_warmup_burst())
            f25519_count(prov, C_WARMUP_TICKS);
        pthread_mutex_lock(&w->mu);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

static void cond_init_monotonic(pthread_cond_t *cv)
{
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(cv, &ca);
    pthread_condattr_destroy(&ca);
}

void f25519_warmup_init(f25519_warmup *w, f25519_provctx *prov)
{
    w->prov = prov;
    w->mode = prov->cfg.warmup;
    w->pid = getpid();
    pthread_mutex_init(&w->mu, NULL);
    cond_init_monotonic(&w->wake);
    atomic_init(&w->started, 0);
}

void f25519_warmup_reset_child_locked(f25519_warmup *w)
{
    w->running = 0;
    w->pid = getpid();
    if (!w->stop) atomic_store(&w->started, 0);
    cond_init_monotonic(&w->wake);
}

void f25519_warmup_free(f25519_warmup *w)
{
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->mu);
}
