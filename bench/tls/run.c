/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Sampling loops.
 * Sequential (one client, count-based, like tls_timer/dot_timer): each sample times per_sample
 * back-to-back connections.  Concurrent (--clients N, time-window based): N forked client processes
 * run connections back to back; every completed connection is counted in the window [t0 + i*W,
 * t0 + (i+1)*W) in which it finished, so the per-window sums are the server's throughput. */
#include "bench.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void sleep_until(double t)
{
    double d = t - now_s();
    if (d <= 0)
        return;
    struct timespec ts = { (time_t)d, (long)((d - (double)(time_t)d) * 1e9) };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

/* One connection; on failure either stop (return -1) or count it (keep_going). */
static int one(SSL_CTX *ctx, const struct bench_opts *o, long long *failures)
{
    if (bench_connect_once(ctx, o, *failures == 0) == 0)
        return 0;
    ++*failures;
    return o->keep_going ? 1 : -1;
}

static int warm(SSL_CTX *ctx, const struct bench_opts *o, long long *total, long long *failures)
{
    for (int i = 0; i < o->warmup; i++) {
        int rc = one(ctx, o, failures);
        if (rc < 0)
            return -1;
        if (rc == 0)
            ++*total;
    }
    return 0;
}

int run_sequential(const struct bench_opts *o, struct bench_result *r)
{
    SSL_CTX *ctx = bench_ctx_new(o);
    if (ctx == NULL)
        return -1;
    if (warm(ctx, o, &r->total, &r->failures) != 0)
        goto fail;
    for (int s = 0; s < o->samples; s++) {
        long long ok = 0;
        double t0 = now_s();
        for (int i = 0; i < o->per_sample; i++) {
            int rc = one(ctx, o, &r->failures);
            if (rc < 0)
                goto fail;
            ok += (rc == 0);
        }
        double dt = now_s() - t0;
        r->rate[s] = (double)ok / dt;
        r->measured += ok;
        r->total += ok;
        r->seconds += dt;
    }
    SSL_CTX_free(ctx);
    return 0;
fail:
    SSL_CTX_free(ctx);
    return -1;
}

static int write_all(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n > 0) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        c += w;
        n -= (size_t)w;
    }
    return 0;
}

static int read_all(int fd, void *p, size_t n)
{
    char *c = p;
    while (n > 0) {
        ssize_t r = read(fd, c, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        c += r;
        n -= (size_t)r;
    }
    return 0;
}

/* Child report: status, total successes, failures, then one count per window. */
struct child_head { int status; long long total, failures; };

static void child_main(const struct bench_opts *o, int ready_fd, int start_fd, int out_fd)
{
    struct child_head h = { 0, 0, 0 };
    long long *count = calloc((size_t)o->samples, sizeof *count);
    SSL_CTX *ctx = bench_ctx_new(o);
    char ready = (ctx != NULL && count != NULL && warm(ctx, o, &h.total, &h.failures) == 0) ? 1 : 0;
    double t0;
    if (write_all(ready_fd, &ready, 1) != 0 || !ready || read_all(start_fd, &t0, sizeof t0) != 0)
        _exit(2);
    double w = o->window_ms / 1000.0, end = t0 + w * o->samples;
    sleep_until(t0);
    for (;;) {
        int rc = one(ctx, o, &h.failures);
        double t = now_s();
        if (t >= end)
            break;
        if (rc < 0) {
            h.status = -1;
            break;
        }
        if (rc == 0) {
            long long i = (long long)((t - t0) / w);
            if (i >= 0 && i < o->samples)
                count[i]++;
            h.total++;
        }
    }
    if (write_all(out_fd, &h, sizeof h) != 0 ||
        write_all(out_fd, count, sizeof *count * (size_t)o->samples) != 0)
        _exit(2);
    SSL_CTX_free(ctx);
    free(count);
    exit(0);   /* not _exit: libcrypto's atexit cleanup unloads providers (FAST25519_STATS line) */
}

int run_concurrent(const struct bench_opts *o, struct bench_result *r)
{
    int n = o->clients, ok = 0;
    pid_t *pid = calloc((size_t)n, sizeof *pid);
    int (*fds)[3] = calloc((size_t)n, sizeof *fds);   /* parent ends: ready, start, out */
    long long *count = calloc((size_t)o->samples, sizeof *count);
    if (pid == NULL || fds == NULL || count == NULL)
        goto done;
    signal(SIGPIPE, SIG_IGN);
    for (int c = 0; c < n; c++) {
        int ready[2], start[2], out[2];
        if (pipe(ready) || pipe(start) || pipe(out)) {
            perror("tls-bench: pipe");
            goto reap;
        }
        fflush(NULL);
        pid[c] = fork();
        if (pid[c] < 0) {
            perror("tls-bench: fork");
            goto reap;
        }
        if (pid[c] == 0) {
            close(ready[0]); close(start[1]); close(out[0]);
            for (int k = 0; k < c; k++) {
                close(fds[k][0]); close(fds[k][1]); close(fds[k][2]);
            }
            free(pid); free(fds); free(count);   /* the parent's bookkeeping */
            child_main(o, ready[1], start[0], out[1]);
        }
        close(ready[1]); close(start[0]); close(out[1]);
        fds[c][0] = ready[0]; fds[c][1] = start[1]; fds[c][2] = out[0];
    }
    /* Every client is set up and warm: start them all at the same instant. */
    for (int c = 0; c < n; c++) {
        char b = 0;
        if (read_all(fds[c][0], &b, 1) != 0 || !b) {
            fprintf(stderr, "tls-bench: client %d failed to start\n", c);
            goto reap;
        }
    }
    double t0 = now_s() + 0.02;
    for (int c = 0; c < n; c++)
        if (write_all(fds[c][1], &t0, sizeof t0) != 0)
            goto reap;
    ok = 1;
    for (int c = 0; c < n; c++) {
        struct child_head h;
        if (read_all(fds[c][2], &h, sizeof h) != 0 ||
            read_all(fds[c][2], count, sizeof *count * (size_t)o->samples) != 0) {
            fprintf(stderr, "tls-bench: client %d died\n", c);
            ok = 0;
            continue;
        }
        if (h.status != 0)
            ok = 0;
        r->total += h.total;
        r->failures += h.failures;
        for (int s = 0; s < o->samples; s++) {
            r->rate[s] += (double)count[s];
            r->measured += count[s];
        }
    }
    double w = o->window_ms / 1000.0;
    for (int s = 0; s < o->samples; s++)
        r->rate[s] /= w;
    r->seconds = w * o->samples;
reap:
    for (int c = 0; c < n; c++) {
        if (pid[c] > 0) {
            if (!ok)
                kill(pid[c], SIGTERM);
            waitpid(pid[c], NULL, 0);
        }
        if (fds[c][0] > 0) { close(fds[c][0]); close(fds[c][1]); close(fds[c][2]); }
    }
done:
    free(pid);
    free(fds);
    free(count);
    return ok ? 0 : -1;
}
