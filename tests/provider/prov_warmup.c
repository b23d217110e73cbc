/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The warm-up helper thread (Zhang et al., ENG25519, sec. 4.2, eq. 9;
 * docs/references.md), through the provider:
 *  - lazy: loading the provider starts no thread; the first operation does;
 *  - warmup = on: the thread wakes every interval (and runs the AVX-512
 *    burst when the ifma backend is active: warmup_ticks);
 *  - warmup = auto: the first window, before any rate is measured, is
 *    idle (no wake-up, no burst, even under medium load); then it wakes
 *    every interval under medium load (ENG25519 eq. 9 middle band), sleeps whole
 *    windows when idle (below warmup_low_rate) and when busy (at or above
 *    warmup_high_rate), with no burst then;
 *  - teardown stops and joins the thread (the process' thread count drops).
 * Assertions count wake-ups in generous bounds (never a speed).
 */
#include <dirent.h>
#include <time.h>
#include "provtest.h"

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

static int threads(void)
{
    int n = 0;
    DIR *d = opendir("/proc/self/task");
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) n += e->d_name[0] != '.';
    if (d) closedir(d);
    return n;
}

/* The thread count once it has settled at base (or after 2 s). pthread_join
 * returns when the kernel clears the thread's tid, which happens before the
 * exited task leaves /proc/self/task: under load the joined thread can still
 * be listed for a moment. A thread that was not stopped stays listed, and the
 * check still fails. */
static int threads_settled(int base)
{
    int n = threads();
    for (int i = 0; i < 200 && n != base; i++) {
        sleep_ms(10);
        n = threads();
    }
    return n;
}

/* Ed25519 keygen as the "request" (no pool thread involved). */
static void op(OSSL_LIB_CTX *ctx)
{
    EVP_PKEY *k = NULL;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(ctx, "ED25519", NULL);
    if (pc == NULL || EVP_PKEY_keygen_init(pc) <= 0 || EVP_PKEY_keygen(pc, &k) <= 0)
        CHECK(0, "ed25519 keygen");
    EVP_PKEY_free(k);
    EVP_PKEY_CTX_free(pc);
}

/* Run requests for ms milliseconds, pausing pause_ms between them. */
static void load(OSSL_LIB_CTX *ctx, long ms, long pause_ms)
{
    uint64_t end = now_ms() + (uint64_t)ms;
    while (now_ms() < end) {
        op(ctx);
        if (pause_ms) sleep_ms(pause_ms);
    }
}

typedef struct { uint64_t wake, ticks; } snap;
static snap take_snap(OSSL_PROVIDER *p)
{
    snap s = {counter(p, "warmup_wakeups"), counter(p, "warmup_ticks")};
    return s;
}

int main(void)
{
    OSSL_PROVIDER *prov;
    OSSL_LIB_CTX *ctx;
    int base = threads();

    /* ---- on ---- */
    ctx = provtest_ctx("pool_size = 0\nwarmup = on\nwarmup_interval_us = 200\n", &prov);
    int ifma = strcmp(prov_backend(prov), "ifma") == 0;
    CHECK(strcmp(prov_backend(prov), "?") != 0, "provider parameter backend unreadable");
    CHECK(strcmp(prov_str(prov, "impl"), prov_backend(prov)) == 0, "parameter impl (%s) != backend (%s)",
          prov_str(prov, "impl"), prov_backend(prov));
    sleep_ms(20);
    CHECK(counter(prov, "warmup_wakeups") == 0 && threads() == base, "thread started before any request");
    op(ctx);
    sleep_ms(100);
    snap on = take_snap(prov);
    CHECK(on.wake >= 10, "warmup=on: only %llu wake-ups in 100 ms at 200 us", (unsigned long long)on.wake);
    CHECK(ifma ? on.ticks > 0 : on.ticks == 0, "warmup=on: %llu ticks on the %s backend",
          (unsigned long long)on.ticks, prov_backend(prov));
    CHECK(threads() == base + 1, "expected one helper thread, have %d", threads() - base);
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(ctx);
    CHECK(threads_settled(base) == base, "helper thread still running after teardown");
    printf("on: %llu wake-ups, %llu bursts in ~100 ms [%s]\n", (unsigned long long)on.wake,
           (unsigned long long)on.ticks, ifma ? "ifma" : "no AVX-512 backend: no burst");

    /* ---- auto: the first window is idle, then medium load is measured ---- */
    ctx = provtest_ctx("pool_size = 0\nwarmup = auto\nwarmup_interval_us = 200\n"
                       "warmup_window_ms = 400\nwarmup_low_rate = 20\nwarmup_high_rate = 1000000\n",
                       &prov);
    uint64_t t0 = now_ms();
    load(ctx, 100, 2); /* medium load (~100-500 requests/s), inside the first 400 ms window */
    snap f0 = take_snap(prov);
    uint64_t elapsed = now_ms() - t0;
    CHECK(threads() == base + 1, "auto: expected one helper thread, have %d", threads() - base);
    if (elapsed < 300) /* 100 ms or more before the first window can end */
        CHECK(f0.wake == 0 && f0.ticks == 0,
              "auto/first window: %llu wake-ups, %llu bursts before any rate was measured",
              (unsigned long long)f0.wake, (unsigned long long)f0.ticks);
    else
        printf("auto/first window: not checked (this process was stalled %llu ms)\n",
               (unsigned long long)elapsed);
    load(ctx, 500, 2); /* the first window ends at ~400 ms and measures the middle band */
    snap f1 = take_snap(prov);
    uint64_t after = f1.wake - f0.wake;
    CHECK(after >= 50, "auto/after the first window: only %llu wake-ups under medium load",
          (unsigned long long)after);
    if (ifma) CHECK(f1.ticks > f0.ticks, "auto/after the first window: no burst on ifma");
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(ctx);
    CHECK(threads_settled(base) == base, "helper thread still running after teardown");
    printf("auto: first window %llu wake-ups / %llu ms, then %llu wake-ups under medium load\n",
           (unsigned long long)f0.wake, (unsigned long long)elapsed, (unsigned long long)after);

    /* ---- auto with warmup_low_rate = 0 (warm under low load too): the
     * unmeasured first window (r = 0) is then in the warming band ---- */
    ctx = provtest_ctx("pool_size = 0\nwarmup = auto\nwarmup_interval_us = 200\n"
                       "warmup_window_ms = 400\nwarmup_low_rate = 0\nwarmup_high_rate = 1000000\n",
                       &prov);
    op(ctx);
    sleep_ms(100);
    snap z = take_snap(prov);
    CHECK(z.wake >= 10, "auto/low_rate=0: only %llu wake-ups in the first 100 ms", (unsigned long long)z.wake);
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(ctx);
    CHECK(threads_settled(base) == base, "helper thread still running after teardown");

    /* ---- auto: medium load (low 20/s <= r < high), then idle ---- */
    ctx = provtest_ctx("pool_size = 0\nwarmup = auto\nwarmup_interval_us = 200\n"
                       "warmup_window_ms = 50\nwarmup_low_rate = 20\nwarmup_high_rate = 1000000\n",
                       &prov);
    load(ctx, 150, 2); /* settle (idle first 50 ms window): ~100-500 requests/s is the middle band */
    snap a = take_snap(prov);
    load(ctx, 300, 2);
    snap b = take_snap(prov);
    sleep_ms(150); /* idle: the next window evaluation moves to the low band */
    snap c = take_snap(prov);
    sleep_ms(300);
    snap d = take_snap(prov);
    uint64_t med = b.wake - a.wake, idle = d.wake - c.wake;
    CHECK(med >= 50, "auto/medium: only %llu wake-ups in 300 ms", (unsigned long long)med);
    CHECK(idle <= 15, "auto/idle: %llu wake-ups in 300 ms (should sleep whole 50 ms windows)",
          (unsigned long long)idle);
    CHECK(d.ticks == c.ticks, "auto/idle: bursts while idle");
    if (ifma) CHECK(b.ticks > a.ticks, "auto/medium: no burst on ifma");
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(ctx);
    CHECK(threads_settled(base) == base, "helper thread still running after teardown");
    printf("auto: medium load %llu wake-ups / 300 ms, idle %llu wake-ups / 300 ms\n",
           (unsigned long long)med, (unsigned long long)idle);

    /* ---- auto: busy (r >= high) ---- */
    ctx = provtest_ctx("pool_size = 0\nwarmup = auto\nwarmup_interval_us = 200\n"
                       "warmup_window_ms = 50\nwarmup_low_rate = 1\nwarmup_high_rate = 100\n",
                       &prov);
    load(ctx, 150, 0);
    snap e = take_snap(prov);
    load(ctx, 300, 0);
    snap f = take_snap(prov);
    uint64_t busy = f.wake - e.wake;
    CHECK(busy <= 15, "auto/busy: %llu wake-ups in 300 ms", (unsigned long long)busy);
    CHECK(f.ticks == e.ticks, "auto/busy: bursts under high load");
    OSSL_PROVIDER_unload(prov);
    OSSL_LIB_CTX_free(ctx);
    CHECK(threads_settled(base) == base, "helper thread still running after teardown");
    printf("auto: busy %llu wake-ups / 300 ms\n", (unsigned long long)busy);
    printf("%s\n", tu_failures ? "FAILED" : "ok");
    return tu_failures ? 1 : 0;
}
