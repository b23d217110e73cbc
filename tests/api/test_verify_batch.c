/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * f25519_verify_batch [SIZES...]: f25519_ed25519_verify_batch on random
 * batches (default n = 0, 1, 7, 8, 9, 63, 64, 65, 1000) with invalid items at
 * random positions: flipped bits in R, S, A and the message, S + L (S >= L),
 * small-order and non-canonical A and R (the harness's lists), signatures
 * with torsion in A and/or R (valid under zip215's cofactored rule, invalid
 * under the cofactorless rules unless the torsion cancels), NULL items; every
 * status compared with single verification in all three modes with threads
 * 1, 2 and 0 and through a pool of 2 threads (f25519_verify_pool_new), the
 * return code checked, the openssl-mode verdicts compared with the system
 * OpenSSL (EVP, Ed25519). Then n = 1 .. 17 on every path of the chunk
 * choice (choice_paths), each 8-lane kernel forced (kernel_paths), the bad arguments, and the pools' other uses
 * (NULL, one thread, every CPU, two callers at once, a child of fork()).
 */
#include <openssl/evp.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include <string.h>
#include "testutil.h"
#include "fast25519.h"
#include "point/ge51.h"
#include "scalar/sc25519.h"
#include "hash/sha512.h"
#include "backend/portable/scalarmult_portable.h"
#include "ed25519_batch.h"

#define NKEYS 16
#define MAXMSG 80

typedef struct {
    uint8_t sig[64], pub[32], msg[MAXMSG];
    size_t mlen;
    int null_sig, null_pub;
    const char *kind;
} item;

static uint8_t seeds[NKEYS][32], pubs[NKEYS][32];
static const uint8_t L_BYTES[32] = {0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7,
                                    0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                    0, 0, 0, 0x10};

static int ossl_verify(const uint8_t sig[64], const uint8_t *m, size_t mlen, const uint8_t pub[32])
{
    EVP_PKEY *pk = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, pub, 32);
    if (!pk) return 0;
    EVP_MD_CTX *c = EVP_MD_CTX_new();
    int ok = c && EVP_DigestVerifyInit(c, NULL, NULL, NULL, pk) == 1 && EVP_DigestVerify(c, sig, 64, m, mlen) == 1;
    EVP_MD_CTX_free(c);
    EVP_PKEY_free(pk);
    return ok;
}

static void add_le(uint8_t r[32], const uint8_t a[32], const uint8_t b[32])
{
    unsigned c = 0;
    for (int i = 0; i < 32; i++) {
        c += (unsigned)a[i] + b[i];
        r[i] = (uint8_t)c;
        c >>= 8;
    }
}

/* A signature by a random scalar key with torsion points added to A and R:
 * A = [a]B + T_A, R = [r]B + T_R, S = r + k a (k over the bytes of R, A, M). */
static void torsion_signature(item *it)
{
    uint8_t wide[64], a[32], r[32], k[32], h[64];
    ge51_p3 P, T;
    tu_rand_bytes(wide, 64);
    sc25519_reduce64(a, wide);
    tu_rand_bytes(wide, 64);
    sc25519_reduce64(r, wide);
    int ta = (int)tu_rand_below(TU_ED25519_TORSION_N), tr = (int)tu_rand_below(TU_ED25519_TORSION_N);
    uint8_t enc[32];
    f25519_scalarmult_base_portable(&P, a);
    tu_hex_exact(enc, 32, tu_ed25519_low_order[ta], "torsion");
    ge51_frombytes_vartime(&T, enc, 1);
    ge51_add(&P, &P, &T);
    ge51_tobytes(it->pub, &P);
    f25519_scalarmult_base_portable(&P, r);
    tu_hex_exact(enc, 32, tu_ed25519_low_order[tr], "torsion");
    ge51_frombytes_vartime(&T, enc, 1);
    ge51_add(&P, &P, &T);
    ge51_tobytes(it->sig, &P);
    f25519_sha512_ctx c;
    f25519_sha512_init(&c);
    f25519_sha512_update(&c, it->sig, 32);
    f25519_sha512_update(&c, it->pub, 32);
    f25519_sha512_update(&c, it->msg, it->mlen);
    f25519_sha512_final(&c, h);
    sc25519_reduce64(k, h);
    sc25519_muladd(it->sig + 32, k, a, r);
    it->kind = "torsion in A/R";
}

/* corrupt: 0 valid, 1 one random corruption, 2 S + L (rejected before any
 * curve arithmetic, in every mode), 3 a flipped message bit (decodes, fails
 * the equation: zip215's combination sees it) */
static void make_item(item *it, int corrupt)
{
    int key = (int)tu_rand_below(NKEYS);
    memset(it, 0, sizeof *it);
    it->mlen = tu_rand_below(MAXMSG + 1);
    tu_rand_bytes(it->msg, it->mlen);
    memcpy(it->pub, pubs[key], 32);
    f25519_ed25519_sign(it->sig, it->msg, it->mlen, seeds[key], pubs[key]);
    it->kind = "valid";
    if (!corrupt) return;
    uint8_t enc[32];
    switch (corrupt == 2 ? 4 : corrupt == 3 ? 3 : (int)tu_rand_below(13)) {
    case 0: it->sig[tu_rand_below(32)] ^= (uint8_t)(1u << tu_rand_below(8)); it->kind = "R bit"; break;
    case 1: it->sig[32 + tu_rand_below(32)] ^= (uint8_t)(1u << tu_rand_below(8)); it->kind = "S bit"; break;
    case 2: it->pub[tu_rand_below(32)] ^= (uint8_t)(1u << tu_rand_below(8)); it->kind = "A bit"; break;
    case 3:
        if (it->mlen) { it->msg[tu_rand_below((uint32_t)it->mlen)] ^= (uint8_t)(1u << tu_rand_below(8)); it->kind = "msg bit"; }
        else { it->mlen = 1; it->kind = "msg appended"; }
        break;
    case 4: add_le(it->sig + 32, it->sig + 32, L_BYTES); it->kind = "S + L"; break;
    case 5: /* small-order / non-canonical A */
        tu_hex_exact(it->pub, 32, tu_ed25519_low_order[tu_rand_below(TU_ED25519_LOW_ORDER_N)], "A");
        it->kind = "low-order A";
        break;
    case 6:
        tu_hex_exact(it->sig, 32, tu_ed25519_low_order[tu_rand_below(TU_ED25519_LOW_ORDER_N)], "R");
        it->kind = "low-order R";
        break;
    case 7: /* non-canonical A (y >= p) */
        tu_hex_exact(enc, 32, tu_ed25519_low_order[10 + tu_rand_below(4)], "A");
        memcpy(it->pub, enc, 32);
        it->kind = "non-canonical A";
        break;
    case 8: case 9: case 10: torsion_signature(it); break;
    case 11: it->sig[31] ^= 0x80; it->kind = "R sign bit"; break;
    default:
        if (tu_rand_below(2)) it->null_sig = 1; else it->null_pub = 1;
        it->kind = "NULL pointer";
        break;
    }
}

static f25519_verify_pool *pool2; /* a pool of 2 threads, reused by every batch (f25519_verify_pool_new) */

/* threads: as f25519_ed25519_verify_batch's, or POOL: through pool2 */
#define POOL 9999u

static void run(size_t n, int mode, unsigned threads, item *it)
{
    const uint8_t **sig = calloc(n + 1, sizeof *sig), **msg = calloc(n + 1, sizeof *msg);
    const uint8_t **pub = calloc(n + 1, sizeof *pub);
    size_t *len = calloc(n + 1, sizeof *len);
    int *st = calloc(n + 1, sizeof *st), any_bad = 0, any_arg = 0;
    for (size_t i = 0; i < n; i++) {
        sig[i] = it[i].null_sig ? NULL : it[i].sig;
        pub[i] = it[i].null_pub ? NULL : it[i].pub;
        msg[i] = it[i].mlen || tu_rand_below(2) ? it[i].msg : NULL;
        len[i] = it[i].mlen;
        st[i] = 12345;
    }
    int rc = threads == POOL ? f25519_ed25519_verify_batch_pool(pool2, n, sig, msg, len, pub, mode, st)
                             : f25519_ed25519_verify_batch(n, sig, msg, len, pub, mode, threads, st);
    for (size_t i = 0; i < n; i++) {
        int one = f25519_ed25519_verify(sig[i], 64, msg[i], len[i], pub[i], 32, mode);
        CHECK(st[i] == one, "n=%zu mode %d threads %u item %zu (%s): batch %d, single %d", n, mode, threads, i,
              it[i].kind, st[i], one);
        any_bad |= one != F25519_OK;
        any_arg |= one == F25519_ERR_ARG;
        if (mode == F25519_VERIFY_OPENSSL && threads == 1 && sig[i] && pub[i]) {
            int o = ossl_verify(it[i].sig, it[i].msg, it[i].mlen, it[i].pub);
            CHECK(o == (st[i] == F25519_OK), "n=%zu item %zu (%s): OpenSSL %d, batch openssl mode status %d", n, i,
                  it[i].kind, o, st[i]);
        }
    }
    int want = any_arg ? F25519_ERR_ARG : any_bad ? F25519_ERR_VERIFY : F25519_OK;
    CHECK(rc == want, "n=%zu mode %d threads %u: returned %d, want %d", n, mode, threads, rc, want);
    free(sig), free(msg), free(pub), free(len), free(st);
}

/* The chunk choice (ed25519_batch.c: single verification, 8-lanes per item,
 * or zip215's combination, by its cost model) around its thresholds: n = 1 ..
 * 17 with the model's choice and each path forced, items failing the
 * equation (or corrupted at random) at the first, the middle and the last
 * position, every status compared with single verification's. */
static void choice_paths(void)
{
    static const struct {
        size_t single_max, combine_min;
        const char *what;
    } pol[4] = {{SIZE_MAX, SIZE_MAX, "cost model"}, {0, 2, "combination"}, {0, SIZE_MAX - 1, "8 lanes per item"},
                {7, SIZE_MAX - 1, "last group by single verification"}};
    item it[17];
    for (size_t n = 1; n <= 17; n++) {
        for (int variant = 0; variant < 5; variant++) {
            size_t r = tu_rand_below((uint32_t)n);
            for (size_t i = 0; i < n; i++) {
                int bad = variant == 1 ? i == 0 : variant == 2 ? i == n / 2 : variant == 3 ? i == n - 1 || i == r : 0;
                make_item(&it[i], variant == 4 ? tu_rand_below(3) == 0 : bad ? 3 : 0);
            }
            for (int p = 0; p < 4; p++) {
                f25519_batch_single_max = pol[p].single_max;
                f25519_batch_combine_min = pol[p].combine_min;
                for (int mode = 0; mode < 3; mode++) {
                    run(n, mode, 1, it);
                    if (p == 0) run(n, mode, 2, it);
                }
            }
        }
    }
    f25519_batch_single_max = f25519_batch_combine_min = SIZE_MAX;
    printf("  n = 1 .. 17: 5 batches (all valid, failing first, middle, last + random, 1/3 corrupted) x 3 modes x "
           "the cost model's choice and each path forced\n");
}

/* The per-item path with each kernel forced (ed25519_batch.h
 * f25519_batch_full_size: the half-size ed25519_quad_scalar_x8 where the
 * backend has one, the full-size ed25519_double_scalar_x8), whatever the
 * cost model picks: random batches with 1/4 invalid items (torsion in A and
 * R among them), every status compared with single verification's. */
static void kernel_paths(void)
{
    static const size_t sizes[] = {1, 7, 8, 9, 64, 65, 200};
    item *it = calloc(200, sizeof *it);
    for (int k = 0; k < 2; k++) {
        f25519_batch_full_size = k ? 1 : -1;
        for (size_t s = 0; s < TU_NELEM(sizes); s++)
            for (int variant = 0; variant < 3; variant++) {
                for (size_t i = 0; i < sizes[s]; i++) make_item(&it[i], variant && tu_rand_below(4) == 0);
                for (int mode = 0; mode < 3; mode++) run(sizes[s], mode, 1, it);
            }
    }
    f25519_batch_full_size = 0;
    free(it);
    printf("  per-item path, half-size and full-size kernels forced: n = 1 .. 200 x 3 batches x 3 modes\n");
}

static void bad_arguments(void)
{
    item it[3];
    for (int i = 0; i < 3; i++) make_item(&it[i], 0);
    const uint8_t *sig[3] = {it[0].sig, it[1].sig, it[2].sig}, *pub[3] = {it[0].pub, it[1].pub, it[2].pub};
    const uint8_t *msg[3] = {it[0].msg, it[1].msg, it[2].msg};
    size_t len[3] = {it[0].mlen, it[1].mlen, it[2].mlen};
    int st[3];
    CHECK(f25519_ed25519_verify_batch(0, NULL, NULL, NULL, NULL, 0, 1, NULL) == F25519_OK, "n = 0 with NULLs");
    CHECK(f25519_ed25519_verify_batch(3, sig, msg, len, pub, 0, 1, NULL) == F25519_ERR_ARG, "status NULL");
    for (int which = 0; which < 5; which++) {
        st[0] = st[1] = st[2] = 1;
        int rc = f25519_ed25519_verify_batch(3, which == 0 ? NULL : sig, which == 1 ? NULL : msg,
                                             which == 2 ? NULL : len, which == 3 ? NULL : pub,
                                             which == 4 ? 3 : F25519_VERIFY_OPENSSL, 1, st);
        CHECK(rc == F25519_ERR_ARG && st[0] == F25519_ERR_ARG && st[1] == F25519_ERR_ARG && st[2] == F25519_ERR_ARG,
              "bad argument %d: rc %d, statuses %d %d %d", which, rc, st[0], st[1], st[2]);
    }
    CHECK(f25519_ed25519_verify_batch(3, sig, msg, len, pub, -1, 0, st) == F25519_ERR_ARG, "mode -1");
    /* one NULL item: the others still verified */
    const uint8_t *sig2[3] = {sig[0], NULL, sig[2]};
    int rc = f25519_ed25519_verify_batch(3, sig2, msg, len, pub, F25519_VERIFY_ZIP215, 2, st);
    CHECK(rc == F25519_ERR_ARG && st[0] == F25519_OK && st[1] == F25519_ERR_ARG && st[2] == F25519_OK,
          "NULL item: rc %d statuses %d %d %d", rc, st[0], st[1], st[2]);
    /* msg NULL with length > 0 */
    const uint8_t *msg2[3] = {msg[0], msg[1], NULL};
    size_t len2[3] = {len[0], len[1], 5};
    rc = f25519_ed25519_verify_batch(3, sig, msg2, len2, pub, F25519_VERIFY_STRICT, 1, st);
    CHECK(rc == F25519_ERR_ARG && st[2] == F25519_ERR_ARG, "msg NULL, len 5: rc %d status %d", rc, st[2]);
    /* many threads asked for: fine */
    rc = f25519_ed25519_verify_batch(3, sig, msg, len, pub, F25519_VERIFY_OPENSSL, 100000, st);
    CHECK(rc == F25519_OK && st[0] == 0 && st[1] == 0 && st[2] == 0, "threads 100000: rc %d", rc);
}

/* One batch of n items (about one in five corrupted) through pool p by
 * `calls` calls, every status compared with single verification. */
typedef struct {
    f25519_verify_pool *p;
    size_t n;
    int calls, mode, failures;
    item *it;
} pool_job;

static void *pool_calls(void *arg)
{
    pool_job *pj = arg;
    const uint8_t **sig = calloc(pj->n, sizeof *sig), **msg = calloc(pj->n, sizeof *msg);
    const uint8_t **pub = calloc(pj->n, sizeof *pub);
    size_t *len = calloc(pj->n, sizeof *len);
    int *st = calloc(pj->n, sizeof *st), *one = calloc(pj->n, sizeof *one);
    for (size_t i = 0; i < pj->n; i++) {
        sig[i] = pj->it[i].sig;
        pub[i] = pj->it[i].pub;
        msg[i] = pj->it[i].msg;
        len[i] = pj->it[i].mlen;
        one[i] = f25519_ed25519_verify(sig[i], 64, msg[i], len[i], pub[i], 32, pj->mode);
    }
    for (int c = 0; c < pj->calls; c++) {
        for (size_t i = 0; i < pj->n; i++) st[i] = 12345;
        f25519_ed25519_verify_batch_pool(pj->p, pj->n, sig, msg, len, pub, pj->mode, st);
        for (size_t i = 0; i < pj->n; i++) pj->failures += st[i] != one[i];
    }
    free(sig), free(msg), free(pub), free(len), free(st), free(one);
    return NULL;
}

/* The pool's other uses: NULL, one thread, every CPU; two threads calling
 * one pool at once (one of them then runs alone); a child of fork() using
 * its parent's pool (alone) and freeing it; bad arguments through the pool. */
static void pool_uses(void)
{
    const size_t n = 300; /* above the cooperative zip215 path's threshold (ed25519_batch.c COOP_MIN) */
    item *it = calloc(n, sizeof *it);
    for (size_t i = 0; i < n; i++) make_item(&it[i], tu_rand_below(5) == 0 ? 3 : 0);
    CHECK(f25519_verify_pool_threads(NULL) == 1, "pool_threads(NULL)");
    CHECK(f25519_verify_pool_threads(pool2) >= 1 && f25519_verify_pool_threads(pool2) <= 2, "pool_threads(pool2) %u",
          f25519_verify_pool_threads(pool2));
    f25519_verify_pool *one = f25519_verify_pool_new(1), *all = f25519_verify_pool_new(0);
    CHECK(one && all, "pool_new(1) / pool_new(0) returned NULL");
    CHECK(f25519_verify_pool_threads(one) == 1, "pool of 1: %u threads", f25519_verify_pool_threads(one));
    f25519_verify_pool *pools[3] = {NULL, one, all};
    for (int k = 0; k < 3; k++)
        for (int mode = 0; mode < 3; mode++) {
            pool_job pj = {.p = pools[k], .n = n, .calls = 2, .mode = mode, .it = it};
            pool_calls(&pj);
            CHECK(pj.failures == 0, "pool %d mode %d: %d statuses differ from single verification", k, mode,
                  pj.failures);
        }
    /* two threads on one pool at once, many calls each */
    pool_job pa = {.p = pool2, .n = n, .calls = 6, .mode = F25519_VERIFY_ZIP215, .it = it};
    pool_job pb = {.p = pool2, .n = n, .calls = 6, .mode = F25519_VERIFY_STRICT, .it = it};
    pthread_t th;
    CHECK(pthread_create(&th, NULL, pool_calls, &pb) == 0, "pthread_create");
    pool_calls(&pa);
    pthread_join(th, NULL);
    CHECK(pa.failures == 0 && pb.failures == 0, "one pool, two callers at once: %d / %d statuses differ",
          pa.failures, pb.failures);
    /* a child of fork(): the parent's helpers are not there; the calls run alone */
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        pool_job pc = {.p = pool2, .n = n, .calls = 2, .mode = F25519_VERIFY_ZIP215, .it = it};
        pool_calls(&pc);
        /* (no thread of its own: ThreadSanitizer forbids starting threads
         * after a multi-threaded process forked) */
        int ok = pc.failures == 0 && f25519_verify_pool_threads(pool2) == 1;
        f25519_verify_pool_free(all); /* the parent's: memory only */
        _exit(ok ? 0 : 1);
    }
    int ws = 0;
    CHECK(pid > 0 && waitpid(pid, &ws, 0) == pid && WIFEXITED(ws) && WEXITSTATUS(ws) == 0,
          "the child of fork() using the parent's pool: status %d", ws);
    /* the parent's pools still work after the fork */
    pool_job pd = {.p = all, .n = n, .calls = 1, .mode = F25519_VERIFY_OPENSSL, .it = it};
    pool_calls(&pd);
    CHECK(pd.failures == 0, "pool after fork: %d statuses differ", pd.failures);
    /* bad arguments through a pool: the same codes as the plain call */
    int st[3] = {1, 1, 1};
    const uint8_t *sig[3] = {it[0].sig, it[1].sig, it[2].sig};
    CHECK(f25519_ed25519_verify_batch_pool(pool2, 3, sig, NULL, NULL, NULL, 0, NULL) == F25519_ERR_ARG,
          "pool: status NULL");
    CHECK(f25519_ed25519_verify_batch_pool(pool2, 3, sig, NULL, NULL, NULL, 0, st) == F25519_ERR_ARG &&
              st[0] == F25519_ERR_ARG && st[2] == F25519_ERR_ARG,
          "pool: NULL arrays");
    CHECK(f25519_ed25519_verify_batch_pool(pool2, 0, NULL, NULL, NULL, NULL, 0, NULL) == F25519_OK, "pool: n = 0");
    f25519_verify_pool_free(one);
    f25519_verify_pool_free(all);
    f25519_verify_pool_free(NULL);
    free(it);
    printf("  pools: NULL, 1 thread, every CPU (3 modes); two callers on one pool; a child of fork(); bad arguments\n");
}

int main(int argc, char **argv)
{
    const char *name = "verify_batch";
    tu_backend_setup(name);
    tu_rng_init();
    for (int i = 0; i < NKEYS; i++) f25519_ed25519_keygen(seeds[i], pubs[i]);
    static const size_t def_sizes[] = {0, 1, 7, 8, 9, 63, 64, 65, 1000};
    size_t sizes[32], ns = 0;
    for (int i = 1; i < argc && ns < 32; i++) sizes[ns++] = (size_t)atol(argv[i]);
    if (!ns) for (size_t i = 0; i < TU_NELEM(def_sizes); i++) sizes[ns++] = def_sizes[i];
    static const unsigned thread_counts[] = {1, 2, 0, POOL};
    pool2 = f25519_verify_pool_new(2);
    CHECK(pool2 != NULL, "f25519_verify_pool_new(2) returned NULL");
    for (size_t s = 0; s < ns; s++) {
        size_t n = sizes[s];
        item *it = calloc(n + 1, sizeof *it);
        for (int variant = 0; variant < 4; variant++) {
            /* variant 0: all valid; 1: ~1 in 5 corrupted; 2: one corrupted item; 3: one
             * item with S + L, the others valid (zip215: the combination over the
             * others holds, the rejected item takes no part in it) */
            size_t one_bad = n ? tu_rand_below((uint32_t)n) : 0;
            for (size_t i = 0; i < n; i++)
                make_item(&it[i], variant == 1 ? tu_rand_below(5) == 0
                                  : variant == 2 ? i == one_bad
                                  : variant == 3 && i == one_bad ? 2 : 0);
            for (int mode = 0; mode < 3; mode++)
                for (int t = 0; t < 4; t++) run(n, mode, thread_counts[t], it);
        }
        printf("  n = %zu: 4 batches (all valid, 1/5 corrupted, one corrupted, one S + L) x 3 modes x threads 1, 2, 0 "
               "and a pool of 2\n", n);
        /* zip215's failed combinations (ed25519_batch.c: the items then
         * finished one by one, by the team with threads 2): items that decode
         * and fail the equation at the first and the last position, on both
         * sides of the middle, at three random positions, and every 16th */
        for (int variant = 0; n >= 2 && variant < 5; variant++) {
            size_t r[3] = {tu_rand_below((uint32_t)n), tu_rand_below((uint32_t)n), tu_rand_below((uint32_t)n)};
            for (size_t i = 0; i < n; i++) {
                int bad = variant == 0 ? i == 0 : variant == 1 ? i == n - 1 : variant == 2 ? i == n / 2 - 1 || i == n / 2
                        : variant == 3 ? i == r[0] || i == r[1] || i == r[2] : i % 16 == 5;
                make_item(&it[i], bad ? 3 : 0);
            }
            for (int t = 0; t < 4; t++)
                if (t != 2) run(n, F25519_VERIFY_ZIP215, thread_counts[t], it);
        }
        if (n >= 2) printf("  n = %zu: zip215 failed combinations: 5 batches (first, last, middle pair, 3 random, every 16th "
                           "failing the equation) x threads 1, 2 and the pool\n", n);
        free(it);
    }
    choice_paths();
    kernel_paths();
    bad_arguments();
    pool_uses();
    f25519_verify_pool_free(pool2);
    return tu_finish(name);
}
