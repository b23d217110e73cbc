/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* One benchmark connection: TCP connect, full TLS 1.3 handshake (no resumption, no tickets),
 * optionally one DNS query over the connection (DoT, RFC 7858), then close_notify. */
#include "bench.h"

#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>
#include <openssl/err.h>
#include <openssl/rand.h>

SSL_CTX *bench_ctx_new(const struct bench_opts *o)
{
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    if (ctx == NULL)
        goto err;
    if (!SSL_CTX_set_min_proto_version(ctx, TLS1_3_VERSION) ||
        !SSL_CTX_set_max_proto_version(ctx, TLS1_3_VERSION))
        goto err;
    /* Every connection is a full handshake: no tickets, no client session cache, no reuse. */
    SSL_CTX_set_options(ctx, SSL_OP_NO_TICKET);
    SSL_CTX_set_session_cache_mode(ctx, SSL_SESS_CACHE_OFF);
    if (o->groups != NULL && !SSL_CTX_set1_groups_list(ctx, o->groups)) {
        fprintf(stderr, "tls-bench: groups '%s' not available\n", o->groups);
        goto err;
    }
    if (o->sigalgs != NULL && !SSL_CTX_set1_sigalgs_list(ctx, o->sigalgs)) {
        fprintf(stderr, "tls-bench: sigalgs '%s' not available\n", o->sigalgs);
        goto err;
    }
    if (o->cafile != NULL) {
        if (!SSL_CTX_load_verify_locations(ctx, o->cafile, NULL))
            goto err;
        SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, NULL);
    } else {
        SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);
    }
    return ctx;
err:
    ERR_print_errors_fp(stderr);
    SSL_CTX_free(ctx);
    return NULL;
}

static struct addrinfo *cached_ai;   /* resolved once per process */

static int tcp_connect(const struct bench_opts *o)
{
    if (cached_ai == NULL) {
        struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_NUMERICSERV };
        int rc = getaddrinfo(o->host, o->port, &hints, &cached_ai);
        if (rc != 0) {
            fprintf(stderr, "tls-bench: %s:%s: %s\n", o->host, o->port, gai_strerror(rc));
            return -1;
        }
    }
    int fd = socket(cached_ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0)
        return -1;
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    /* A stuck server must fail the run, not hang it. */
    struct timeval tv = { o->timeout_ms / 1000, (o->timeout_ms % 1000) * 1000 };
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    if (connect(fd, cached_ai->ai_addr, cached_ai->ai_addrlen) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

static int ssl_read_full(SSL *ssl, uint8_t *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        size_t r = 0;
        if (!SSL_read_ex(ssl, buf + got, n - got, &r))
            return -1;
        got += r;
    }
    return 0;
}

static int dot_exchange(SSL *ssl, const struct bench_opts *o, int verbose_err)
{
    uint8_t q[2 + 512], a[65535];
    uint16_t id;
    if (RAND_bytes((unsigned char *)&id, sizeof id) != 1)
        return -1;
    size_t qlen = dns_build_query(q, sizeof q, o->qname, id);
    if (qlen == 0) {
        fprintf(stderr, "tls-bench: bad query name '%s'\n", o->qname);
        return -1;
    }
    size_t w = 0;
    if (!SSL_write_ex(ssl, q, qlen, &w) || w != qlen)
        return -1;
    uint8_t lp[2];
    if (ssl_read_full(ssl, lp, 2) != 0)
        return -1;
    size_t alen = ((size_t)lp[0] << 8) | lp[1];
    if (ssl_read_full(ssl, a, alen) != 0)
        return -1;
    if (dns_check_answer(a, alen, id) != 0) {
        if (verbose_err)
            fprintf(stderr, "tls-bench: DNS answer for '%s' missing or not NOERROR\n", o->qname);
        return -1;
    }
    return 0;
}

int bench_connect_once(SSL_CTX *ctx, const struct bench_opts *o, int verbose_err)
{
    int ret = -1;
    SSL *ssl = NULL;
    int fd = tcp_connect(o);
    if (fd < 0) {
        if (verbose_err)
            fprintf(stderr, "tls-bench: connect %s:%s: %s\n", o->host, o->port, strerror(errno));
        return -1;
    }
    ssl = SSL_new(ctx);
    if (ssl == NULL || !SSL_set_fd(ssl, fd))
        goto out;
    if (SSL_connect(ssl) != 1)
        goto out;
    if (SSL_version(ssl) != TLS1_3_VERSION || SSL_session_reused(ssl))
        goto out;
    if (o->dot && dot_exchange(ssl, o, verbose_err) != 0)
        goto out;
    /* close_notify; then wait for the server's so the server closes first and no RST is sent. */
    if (SSL_shutdown(ssl) == 0)
        (void)SSL_shutdown(ssl);
    ret = 0;
out:
    if (ret != 0 && verbose_err) {
        fprintf(stderr, "tls-bench: connection to %s:%s failed\n", o->host, o->port);
        ERR_print_errors_fp(stderr);
    }
    ERR_clear_error();
    SSL_free(ssl);
    close(fd);
    return ret;
}
