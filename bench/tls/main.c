/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fast25519-tls-bench: sequential full TLS 1.3 handshakes (or DoT queries) against a server, in the
 * manner of the tls_timer / dot_timer of Zhang et al., ENG25519 (sec. 4.3-4.4;
 * docs/references.md), plus a concurrent mode for
 * server peak throughput.  Plain libssl: whatever OPENSSL_CONF loads (e.g. the fast25519 provider)
 * serves the client's crypto. */
#include "bench.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static void usage(FILE *f)
{
    fprintf(f,
        "usage: fast25519-tls-bench --port P [options]\n"
        "  --host ADDR         server address (default 127.0.0.1)\n"
        "  --port P            server port (required)\n"
        "  --dot               one DNS A query per connection (DNS-over-TLS, 2-byte length framing)\n"
        "  --qname NAME        name queried with --dot (default www.bench.test)\n"
        "  --clients N         N concurrent client processes (peak throughput; default 1)\n"
        "  --groups LIST       key-exchange groups, e.g. X25519 or P-256 (default: OpenSSL's)\n"
        "  --sigalgs LIST      signature algorithms, e.g. ed25519 (default: OpenSSL's)\n"
        "  --cafile FILE       verify the server certificate chain against FILE (default: no check)\n"
        "  --samples K         samples (default 20)\n"
        "  --per-sample M      connections per sample, sequential mode (default 100)\n"
        "  --window-ms W       time-window samples of W ms (default with --clients > 1: 1000)\n"
        "  --warmup C          unmeasured connections first, per client (default 10)\n"
        "  --timeout-ms T      socket send/receive timeout (default 10000)\n"
        "  --keep-going        count failed connections instead of stopping at the first\n"
        "  --json              one JSON object instead of text\n"
        "  --idle-waker-us T   no benchmark: sleep T us in a loop until killed (a control process that\n"
        "                      wakes its CPU as often as the provider's warm-up thread would)\n"
        "Each connection: TCP connect, full TLS 1.3 handshake (no tickets, no resumption),\n"
        "[DoT query + answer], close_notify.  Prints connections/s per sample.\n");
}

static int parse_int(const char *s, int min, const char *name)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < min || v > 100000000) {
        fprintf(stderr, "tls-bench: bad %s '%s'\n", name, s);
        exit(2);
    }
    return (int)v;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const double *v, int n)
{
    double *s = malloc(sizeof *s * (size_t)n);
    if (s == NULL)
        return 0;
    memcpy(s, v, sizeof *s * (size_t)n);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    double m = (n % 2) ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    free(s);
    return m;
}

/* CPU time (user + system) of this process and its reaped children (the --clients processes). */
static double cpu_seconds(void)
{
    struct rusage a, b;
    getrusage(RUSAGE_SELF, &a);
    getrusage(RUSAGE_CHILDREN, &b);
    return (double)(a.ru_utime.tv_sec + a.ru_stime.tv_sec + b.ru_utime.tv_sec + b.ru_stime.tv_sec) +
           (double)(a.ru_utime.tv_usec + a.ru_stime.tv_usec + b.ru_utime.tv_usec + b.ru_stime.tv_usec) * 1e-6;
}

static void json_str(const char *s)
{
    if (s == NULL) {
        fputs("null", stdout);
        return;
    }
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            putchar('\\');
        if ((unsigned char)*s >= 0x20)
            putchar(*s);
    }
    putchar('"');
}

/* Wakes up every us microseconds and does nothing else; never returns (killed by the driver). */
static void idle_waker(int us)
{
    struct timespec ts = { us / 1000000, (long)(us % 1000000) * 1000 };
    for (;;)
        nanosleep(&ts, NULL);
}

int main(int argc, char **argv)
{
    struct bench_opts o = {
        .host = "127.0.0.1", .qname = "www.bench.test", .clients = 1,
        .samples = 20, .per_sample = 100, .warmup = 10, .timeout_ms = 10000,
    };
    enum { O_HOST = 256, O_PORT, O_DOT, O_QNAME, O_CLIENTS, O_GROUPS, O_SIGALGS, O_CAFILE,
           O_SAMPLES, O_PER, O_WINDOW, O_WARMUP, O_KEEP, O_JSON, O_HELP, O_TIMEOUT, O_WAKER };
    static const struct option lo[] = {
        { "host", 1, 0, O_HOST }, { "port", 1, 0, O_PORT }, { "dot", 0, 0, O_DOT },
        { "qname", 1, 0, O_QNAME }, { "clients", 1, 0, O_CLIENTS }, { "groups", 1, 0, O_GROUPS },
        { "sigalgs", 1, 0, O_SIGALGS }, { "cafile", 1, 0, O_CAFILE }, { "samples", 1, 0, O_SAMPLES },
        { "per-sample", 1, 0, O_PER }, { "window-ms", 1, 0, O_WINDOW }, { "warmup", 1, 0, O_WARMUP },
        { "keep-going", 0, 0, O_KEEP }, { "json", 0, 0, O_JSON }, { "help", 0, 0, O_HELP },
        { "timeout-ms", 1, 0, O_TIMEOUT }, { "idle-waker-us", 1, 0, O_WAKER },
        { 0, 0, 0, 0 },
    };
    int c;
    while ((c = getopt_long(argc, argv, "h", lo, NULL)) != -1) {
        switch (c) {
        case O_HOST: o.host = optarg; break;
        case O_PORT: o.port = optarg; break;
        case O_DOT: o.dot = 1; break;
        case O_QNAME: o.qname = optarg; break;
        case O_CLIENTS: o.clients = parse_int(optarg, 1, "--clients"); break;
        case O_GROUPS: o.groups = optarg; break;
        case O_SIGALGS: o.sigalgs = optarg; break;
        case O_CAFILE: o.cafile = optarg; break;
        case O_SAMPLES: o.samples = parse_int(optarg, 1, "--samples"); break;
        case O_PER: o.per_sample = parse_int(optarg, 1, "--per-sample"); break;
        case O_WINDOW: o.window_ms = parse_int(optarg, 1, "--window-ms"); break;
        case O_WARMUP: o.warmup = parse_int(optarg, 0, "--warmup"); break;
        case O_TIMEOUT: o.timeout_ms = parse_int(optarg, 1, "--timeout-ms"); break;
        case O_WAKER: idle_waker(parse_int(optarg, 1, "--idle-waker-us")); return 0;
        case O_KEEP: o.keep_going = 1; break;
        case O_JSON: o.json = 1; break;
        case 'h': case O_HELP: usage(stdout); return 0;
        default: usage(stderr); return 2;
        }
    }
    if (o.port == NULL || optind != argc) {
        usage(stderr);
        return 2;
    }
    if (o.clients > 1 && o.window_ms == 0)
        o.window_ms = 1000;

    struct bench_result r = { .samples = o.samples };
    r.rate = calloc((size_t)o.samples, sizeof *r.rate);
    if (r.rate == NULL)
        return 1;
    int rc = o.window_ms ? run_concurrent(&o, &r) : run_sequential(&o, &r);
    if (rc != 0) {
        fprintf(stderr, "tls-bench: run failed (%lld failed connections)\n", r.failures);
        free(r.rate);
        return 1;
    }
    double med = median(r.rate, o.samples);
    if (o.json) {
        printf("{\"mode\":\"%s\",\"host\":", o.dot ? "dot" : "handshake");
        json_str(o.host);
        printf(",\"port\":%s,\"clients\":%d,\"groups\":", o.port, o.clients);
        json_str(o.groups);
        printf(",\"sigalgs\":");
        json_str(o.sigalgs);
        printf(",\"sampling\":\"%s\",\"per_sample\":%d,\"window_ms\":%d,\"warmup\":%d,",
               o.window_ms ? "window" : "count", o.window_ms ? 0 : o.per_sample, o.window_ms,
               o.warmup);
        printf("\"unit\":\"connections_per_s\",\"median\":%.3f,\"samples\":[", med);
        for (int s = 0; s < o.samples; s++)
            printf("%s%.3f", s ? "," : "", r.rate[s]);
        printf("],\"measured_connections\":%lld,\"total_connections\":%lld,\"failures\":%lld,"
               "\"seconds\":%.6f,\"client_cpu_s\":%.6f}\n", r.measured, r.total, r.failures,
               r.seconds, cpu_seconds());
    } else {
        for (int s = 0; s < o.samples; s++)
            printf("sample %d: %.1f connections/s\n", s + 1, r.rate[s]);
        printf("%s %s:%s clients=%d: median %.1f connections/s over %d samples "
               "(%lld measured, %lld total, %lld failed)\n",
               o.dot ? "dot" : "handshake", o.host, o.port, o.clients, med, o.samples,
               r.measured, r.total, r.failures);
    }
    free(r.rate);
    return 0;
}
