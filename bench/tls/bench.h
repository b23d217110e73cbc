/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* fast25519-tls-bench: shared declarations. */
#ifndef TLS_BENCH_H
#define TLS_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/ssl.h>

struct bench_opts {
    const char *host;        /* server address (numeric IPv4/IPv6) */
    const char *port;
    int dot;                 /* send one DNS A query per connection */
    const char *qname;       /* name queried with --dot */
    int clients;             /* concurrent client processes */
    const char *groups;      /* SSL_CTX_set1_groups_list, NULL = library default */
    const char *sigalgs;     /* SSL_CTX_set1_sigalgs_list, NULL = library default */
    const char *cafile;      /* verify the server chain against it; NULL = no chain check */
    int samples;             /* samples reported */
    int per_sample;          /* connections per sample (sequential mode) */
    int window_ms;           /* sample window (concurrent mode), 0 = count-based */
    int warmup;              /* unmeasured connections first (per client) */
    int json;                /* JSON output */
    int keep_going;          /* count failed connections instead of stopping */
    int timeout_ms;          /* per-socket send/receive timeout */
};

/* One client's TLS context: TLS 1.3 only, no tickets, no session cache. NULL on error (printed). */
SSL_CTX *bench_ctx_new(const struct bench_opts *o);

/* One full connection: TCP connect, TLS 1.3 handshake, optional DoT query/answer, close_notify.
 * Returns 0 on success, -1 on failure (reason printed to stderr when verbose_err). */
int bench_connect_once(SSL_CTX *ctx, const struct bench_opts *o, int verbose_err);

/* DNS wire format (RFC 1035) with the 2-byte TCP length prefix (RFC 1035 4.2.2 / RFC 7858). */
size_t dns_build_query(uint8_t *buf, size_t cap, const char *qname, uint16_t id);
/* Checks an answer (without the length prefix): same id, QR set, RCODE 0, at least one answer. */
int dns_check_answer(const uint8_t *msg, size_t len, uint16_t id);

/* Results of a run: per-sample connections per second, totals. */
struct bench_result {
    double *rate;            /* samples entries, connections/s */
    int samples;
    long long measured;      /* connections counted in the samples */
    long long total;         /* all successful connections incl. warm-up */
    long long failures;
    double seconds;          /* measured wall time */
};

int run_sequential(const struct bench_opts *o, struct bench_result *r);
int run_concurrent(const struct bench_opts *o, struct bench_result *r);

double now_s(void);

#endif
