/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519-evp-seq: the EVP call sequences libssl makes for the X25519 key
 * exchange and the Ed25519 CertificateVerify of ONE TLS 1.3 handshake, timed
 * through each given OpenSSL configuration (one OSSL_LIB_CTX per config
 * file, loaded the way OPENSSL_CONF loads it into an application). Per
 * handshake, in libssl's order (ssl/s3_lib.c, statem/extensions_*.c,
 * statem/statem_lib.c; the same in 3.0 and 3.5 for the X25519 group):
 *
 * server (openssl s_server, unbound):
 *   peer_share  EVP_PKEY_CTX_new_from_name("X25519") + paramgen_init +
 *               set_group_name + paramgen, EVP_PKEY_set1_encoded_public_key
 *               (the client's 32-byte key share)
 *   keygen      EVP_PKEY_CTX_new_from_pkey(peer key as template) +
 *               keygen_init + keygen, EVP_PKEY_get1_encoded_public_key
 *   derive      EVP_PKEY_CTX_new_from_pkey(own key) + derive_init +
 *               derive_set_peer + derive (length) + derive
 *   sign        EVP_DigestSignInit_ex (no digest) + EVP_DigestSign (length) +
 *               EVP_DigestSign over the 130-byte CertificateVerify input
 * client (fast25519-tls-bench):
 *   keygen      EVP_PKEY_CTX_new_from_name("X25519") + keygen_init +
 *               set_group_name + keygen, EVP_PKEY_get1_encoded_public_key
 *   peer_share  EVP_PKEY_new + EVP_PKEY_copy_parameters(own key) +
 *               EVP_PKEY_set1_encoded_public_key (the server's key share)
 *   derive      as the server
 *   verify      EVP_DigestVerifyInit_ex + EVP_DigestVerify with the
 *               certificate's public key
 * These are the operations bench/prov_bench.c times one by one
 * (keygen, derive, sign, verify), with libssl's key-share handling around
 * them. What stays outside: HKDF, the transcript hash, AEAD, X.509.
 *
 * Reported per configuration and side: the median wall time of each step and
 * of the whole sequence, and the PROCESS CPU time per sequence (all threads:
 * a provider's pool-refill or warm-up thread counts, as it does in the
 * server CPU per handshake of scripts/e2e.sh). Run it pinned to one CPU.
 *
 * Usage: fast25519-evp-seq [--runs N] [--json] LABEL=CONF [LABEL=CONF ...]
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>

#define MAX_CONFS 8
#define NSTEPS 4
enum { SERVER, CLIENT };
static const char *const g_side[2] = {"server", "client"};
static const char *const g_steps[2][NSTEPS] = {{"peer_share", "keygen", "derive", "sign"},
                                               {"keygen", "peer_share", "derive", "verify"}};

static unsigned char g_msg[130];   /* 64 spaces, context string, 0, SHA-256 transcript hash */
static unsigned char g_sig[64];    /* a valid signature of g_msg under the certificate key */
static unsigned char g_share[32];  /* the other side's X25519 key share */

static uint64_t now(clockid_t c)
{
    struct timespec ts;
    clock_gettime(c, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void die(const char *what, const char *label)
{
    fprintf(stderr, "fast25519-evp-seq: %s failed (%s)\n", what, label);
    ERR_print_errors_fp(stderr);
    exit(1);
}

typedef struct {
    const char *label;
    OSSL_LIB_CTX *ctx;
    EVP_PKEY *signer;   /* the server's certificate key, in this libctx */
    EVP_PKEY *cert_pub; /* its public half as a client holds it */
    const char *kx_provider, *sig_provider;
} conf_t;

/* The X25519 key of the peer's share, made as the server makes it. */
static EVP_PKEY *server_peer_share(conf_t *c)
{
    EVP_PKEY *p = NULL;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_name(c->ctx, "X25519", NULL);
    if (pc == NULL || EVP_PKEY_paramgen_init(pc) <= 0 || EVP_PKEY_CTX_set_group_name(pc, "x25519") <= 0
        || EVP_PKEY_paramgen(pc, &p) <= 0 || EVP_PKEY_set1_encoded_public_key(p, g_share, 32) <= 0)
        die("server peer share", c->label);
    EVP_PKEY_CTX_free(pc);
    return p;
}

static EVP_PKEY *keygen_from(conf_t *c, EVP_PKEY *tmpl)
{
    EVP_PKEY *k = NULL;
    unsigned char *enc = NULL;
    EVP_PKEY_CTX *pc = tmpl != NULL ? EVP_PKEY_CTX_new_from_pkey(c->ctx, tmpl, NULL)
                                    : EVP_PKEY_CTX_new_from_name(c->ctx, "X25519", NULL);
    if (pc == NULL || EVP_PKEY_keygen_init(pc) <= 0
        || (tmpl == NULL && EVP_PKEY_CTX_set_group_name(pc, "x25519") <= 0)
        || EVP_PKEY_keygen(pc, &k) <= 0 || EVP_PKEY_get1_encoded_public_key(k, &enc) != 32)
        die("X25519 keygen", c->label);
    OPENSSL_free(enc);
    EVP_PKEY_CTX_free(pc);
    return k;
}

static EVP_PKEY *client_peer_share(conf_t *c, EVP_PKEY *own)
{
    EVP_PKEY *p = EVP_PKEY_new();
    if (p == NULL || EVP_PKEY_copy_parameters(p, own) <= 0
        || EVP_PKEY_set1_encoded_public_key(p, g_share, 32) <= 0)
        die("client peer share", c->label);
    return p;
}

static void derive(conf_t *c, EVP_PKEY *own, EVP_PKEY *peer)
{
    size_t len = 0;
    unsigned char *out;
    EVP_PKEY_CTX *pc = EVP_PKEY_CTX_new_from_pkey(c->ctx, own, NULL);
    if (pc == NULL || EVP_PKEY_derive_init(pc) <= 0 || EVP_PKEY_derive_set_peer(pc, peer) <= 0
        || EVP_PKEY_derive(pc, NULL, &len) <= 0)
        die("X25519 derive", c->label);
    out = OPENSSL_malloc(len);
    if (out == NULL || EVP_PKEY_derive(pc, out, &len) <= 0) die("X25519 derive", c->label);
    OPENSSL_clear_free(out, len);
    EVP_PKEY_CTX_free(pc);
}

static void sign(conf_t *c, unsigned char *sig_out)
{
    size_t len = 0;
    unsigned char *sig;
    EVP_MD_CTX *mc = EVP_MD_CTX_new();
    if (mc == NULL || EVP_DigestSignInit_ex(mc, NULL, NULL, c->ctx, NULL, c->signer, NULL) <= 0
        || EVP_DigestSign(mc, NULL, &len, g_msg, sizeof(g_msg)) <= 0 || len != 64)
        die("Ed25519 sign", c->label);
    sig = OPENSSL_malloc(len);
    if (sig == NULL || EVP_DigestSign(mc, sig, &len, g_msg, sizeof(g_msg)) <= 0) die("Ed25519 sign", c->label);
    if (sig_out != NULL) memcpy(sig_out, sig, 64);
    OPENSSL_free(sig);
    EVP_MD_CTX_free(mc);
}

static void verify(conf_t *c)
{
    EVP_MD_CTX *mc = EVP_MD_CTX_new();
    if (mc == NULL || EVP_DigestVerifyInit_ex(mc, NULL, NULL, c->ctx, NULL, c->cert_pub, NULL) <= 0
        || EVP_DigestVerify(mc, g_sig, 64, g_msg, sizeof(g_msg)) != 1)
        die("Ed25519 verify", c->label);
    EVP_MD_CTX_free(mc);
}

/* One handshake's sequence for a side; t[step] = wall ns of each step. */
static void sequence(conf_t *c, int side, uint64_t t[NSTEPS])
{
    EVP_PKEY *own, *peer;
    uint64_t a = now(CLOCK_MONOTONIC), b;
#define LAP(i) (b = now(CLOCK_MONOTONIC), t[i] = b - a, a = b)
    if (side == SERVER) {
        peer = server_peer_share(c);
        LAP(0);
        own = keygen_from(c, peer);
        LAP(1);
        derive(c, own, peer);
        LAP(2);
        sign(c, NULL);
        LAP(3);
    } else {
        own = keygen_from(c, NULL);
        LAP(0);
        peer = client_peer_share(c, own);
        LAP(1);
        derive(c, own, peer);
        LAP(2);
        verify(c);
        LAP(3);
    }
#undef LAP
    EVP_PKEY_free(own);
    EVP_PKEY_free(peer);
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

static double median(uint64_t *v, int n)
{
    qsort(v, (size_t)n, sizeof(*v), cmp_u64);
    return n % 2 ? (double)v[n / 2] : ((double)v[n / 2 - 1] + (double)v[n / 2]) / 2.0;
}

typedef struct {
    uint64_t *steps[NSTEPS], *total, cpu_ns; /* per-run wall ns; process CPU ns over the runs */
    int n;
} samples_t;

/* Appends `runs` measured sequences (after a few unmeasured ones) to *r. */
static void measure(conf_t *c, int side, int runs, samples_t *r)
{
    uint64_t t[NSTEPS], c0, c1;
    for (int i = 0; i < runs / 10 + 5; i++) sequence(c, side, t);   /* warm caches, fetches, pools */
    c0 = now(CLOCK_PROCESS_CPUTIME_ID);
    for (int i = 0; i < runs; i++) {
        sequence(c, side, t);
        r->total[r->n] = 0;
        for (int s = 0; s < NSTEPS; s++) r->steps[s][r->n] = t[s], r->total[r->n] += t[s];
        r->n++;
    }
    c1 = now(CLOCK_PROCESS_CPUTIME_ID);
    r->cpu_ns += c1 - c0;
}

static const char *provider_of(const EVP_PKEY *k)
{
    const OSSL_PROVIDER *p = EVP_PKEY_get0_provider(k);
    return p != NULL ? OSSL_PROVIDER_get0_name(p) : "?";
}

static void setup(conf_t *c, const char *arg)
{
    const char *eq = strchr(arg, '=');
    EVP_PKEY_CTX *pc;
    unsigned char pub[32];
    size_t len = sizeof(pub);
    if (eq == NULL || eq == arg || eq[1] == '\0') {
        fprintf(stderr, "fast25519-evp-seq: expected LABEL=CONF, got '%s'\n", arg);
        exit(2);
    }
    c->label = strndup(arg, (size_t)(eq - arg));
    c->ctx = OSSL_LIB_CTX_new();
    if (c->ctx == NULL || !OSSL_LIB_CTX_load_config(c->ctx, eq + 1)) die("loading the config", eq + 1);
    c->signer = NULL;
    pc = EVP_PKEY_CTX_new_from_name(c->ctx, "ED25519", NULL);
    if (pc == NULL || EVP_PKEY_keygen_init(pc) <= 0 || EVP_PKEY_keygen(pc, &c->signer) <= 0
        || !EVP_PKEY_get_raw_public_key(c->signer, pub, &len))
        die("Ed25519 keygen", c->label);
    EVP_PKEY_CTX_free(pc);
    c->cert_pub = EVP_PKEY_new_raw_public_key_ex(c->ctx, "ED25519", NULL, pub, len);
    if (c->cert_pub == NULL) die("Ed25519 public key", c->label);
    {   /* which provider serves X25519 and Ed25519 in this libctx */
        EVP_PKEY *k = keygen_from(c, NULL);
        c->kx_provider = provider_of(k);
        c->sig_provider = provider_of(c->signer);
        EVP_PKEY_free(k);
    }
}

int main(int argc, char **argv)
{
    int runs = 2000, json = 0, n = 0;
    conf_t confs[MAX_CONFS];
    samples_t res[MAX_CONFS][2];
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (argv[i][0] == '-' || n == MAX_CONFS) {
            fprintf(stderr, "usage: fast25519-evp-seq [--runs N] [--json] LABEL=CONF ... (at most %d)\n",
                    MAX_CONFS);
            return 2;
        } else {
            setup(&confs[n++], argv[i]);
        }
    }
    if (n == 0 || runs < 10) {
        fprintf(stderr, "usage: fast25519-evp-seq [--runs N>=10] [--json] LABEL=CONF ...\n");
        return 2;
    }
    for (size_t i = 0; i < sizeof(g_msg); i++) g_msg[i] = (unsigned char)(i < 64 ? 0x20 : i);
    {   /* the other side's key share and the certificate signature, from the first config */
        EVP_PKEY *k = keygen_from(&confs[0], NULL);
        size_t len = sizeof(g_share);
        if (!EVP_PKEY_get_raw_public_key(k, g_share, &len)) die("X25519 public key", confs[0].label);
        EVP_PKEY_free(k);
    }
    for (int j = 0; j < n; j++)
        for (int side = SERVER; side <= CLIENT; side++) {
            samples_t *r = &res[j][side];
            r->n = 0;
            r->cpu_ns = 0;
            r->total = malloc(sizeof(uint64_t) * (size_t)runs);
            for (int s = 0; s < NSTEPS; s++) r->steps[s] = malloc(sizeof(uint64_t) * (size_t)runs);
            if (r->total == NULL || r->steps[NSTEPS - 1] == NULL) return 1;
        }
    /* Two halves, the configurations interleaved (A B A B), so drift of a shared machine hits
     * them alike. Each config verifies a signature made by its own certificate key. */
    for (int half = 0; half < 2; half++)
        for (int side = SERVER; side <= CLIENT; side++)
            for (int j = 0; j < n; j++) {
                sign(&confs[j], g_sig);
                measure(&confs[j], side, half ? runs - runs / 2 : runs / 2, &res[j][side]);
            }
    if (json) {
        printf("{\"tool\":\"fast25519-evp-seq\",\"openssl\":\"%s\",\"runs\":%d,\"unit\":\"ns\",\"configs\":{",
               OpenSSL_version(OPENSSL_VERSION_STRING), runs);
        for (int j = 0; j < n; j++) {
            printf("%s\"%s\":{\"x25519_provider\":\"%s\",\"ed25519_provider\":\"%s\"", j ? "," : "",
                   confs[j].label, confs[j].kx_provider, confs[j].sig_provider);
            for (int side = SERVER; side <= CLIENT; side++) {
                samples_t *r = &res[j][side];
                printf(",\"%s\":{\"cpu_ns_per_handshake\":%.1f,\"wall_ns_median\":%.1f,\"steps_wall_ns_median\":{",
                       g_side[side], (double)r->cpu_ns / r->n, median(r->total, r->n));
                for (int s = 0; s < NSTEPS; s++)
                    printf("%s\"%s\":%.1f", s ? "," : "", g_steps[side][s], median(r->steps[s], r->n));
                printf("}}");
            }
            printf("}");
        }
        printf("}}\n");
    } else {
        printf("EVP sequences of one TLS 1.3 handshake (X25519 + Ed25519), OpenSSL %s, %d runs, ns\n",
               OpenSSL_version(OPENSSL_VERSION_STRING), runs);
        for (int side = SERVER; side <= CLIENT; side++) {
            printf("%-7s %-14s %-22s %10s %10s", g_side[side], "config", "providers (kx/sig)", "CPU/hs",
                   "wall med");
            for (int s = 0; s < NSTEPS; s++) printf(" %10s", g_steps[side][s]);
            printf("\n");
            for (int j = 0; j < n; j++) {
                char pv[64];
                snprintf(pv, sizeof(pv), "%s/%s", confs[j].kx_provider, confs[j].sig_provider);
                samples_t *r = &res[j][side];
                printf("%-7s %-14s %-22s %10.0f %10.0f", "", confs[j].label, pv, (double)r->cpu_ns / r->n,
                       median(r->total, r->n));
                for (int s = 0; s < NSTEPS; s++) printf(" %10.0f", median(r->steps[s], r->n));
                printf("\n");
            }
        }
    }
    for (int j = 0; j < n; j++) {
        EVP_PKEY_free(confs[j].signer);
        EVP_PKEY_free(confs[j].cert_pub);
        OSSL_LIB_CTX_free(confs[j].ctx);
        free((void *)confs[j].label);
        for (int side = SERVER; side <= CLIENT; side++) {
            free(res[j][side].total);
            for (int s = 0; s < NSTEPS; s++) free(res[j][side].steps[s]);
        }
    }
    return 0;
}
