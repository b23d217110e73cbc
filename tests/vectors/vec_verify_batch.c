/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * f25519_ed25519_verify_batch on every external Ed25519 vector file
 * (RFC 8032 pure Ed25519, Wycheproof v1, speccheck, the ZIP-215 small-order
 * set, SUPERCOP sign.input), in all three modes, compared item by item with
 * f25519_ed25519_verify on the same item: all items in file order, shuffled,
 * and in random sub-batches, with threads 1, 2 and 0, and in sub-batches of
 * 1 .. 17 items (the thresholds of the chunk choice), one thread. Items whose signature
 * or key has the wrong length (Wycheproof) cannot be batch items (fixed 64/32
 * bytes) and are counted, not batched.
 */
#include <stdlib.h>
#include <string.h>
#include "vectors.h"

typedef struct {
    uint8_t sig[64], pub[32];
    uint8_t *msg;
    size_t mlen;
    char what[48];
} item;

static item *items;
static size_t n_items, cap_items, n_skipped;

static void add(const uint8_t *sig, size_t slen, const uint8_t *msg, size_t mlen, const uint8_t *pub,
                size_t plen, const char *what)
{
    if (slen != 64 || plen != 32) {
        n_skipped++;
        return;
    }
    if (n_items == cap_items) {
        cap_items = cap_items ? 2 * cap_items : 256;
        items = realloc(items, cap_items * sizeof *items);
        if (!items) { fprintf(stderr, "out of memory\n"); exit(1); }
    }
    item *it = &items[n_items++];
    memcpy(it->sig, sig, 64);
    memcpy(it->pub, pub, 32);
    it->msg = malloc(mlen ? mlen : 1);
    if (mlen) memcpy(it->msg, msg, mlen);
    it->mlen = mlen;
    snprintf(it->what, sizeof it->what, "%s", what);
}

static void load_all(long supercop_max)
{
    char what[48];
    json_t *doc = tu_load_json("rfc/rfc8032_ed25519.json");
    const json_t *arr = json_object_get(doc, "ed25519");
    for (size_t i = 0; i < json_array_size(arr); i++) {
        const json_t *v = json_array_get(arr, i);
        size_t ml, pl, sl;
        uint8_t *m = tu_hex_alloc(tu_str(v, "message"), &ml), *p = tu_hex_alloc(tu_str(v, "public_key"), &pl);
        uint8_t *s = tu_hex_alloc(tu_str(v, "signature"), &sl);
        snprintf(what, sizeof what, "rfc8032 %s", tu_str(v, "name"));
        add(s, sl, m, ml, p, pl, what);
        free(m), free(p), free(s);
    }
    json_decref(doc);

    doc = tu_load_json("wycheproof/v1/ed25519_test.json");
    const json_t *groups = json_object_get(doc, "testGroups");
    for (size_t g = 0; g < json_array_size(groups); g++) {
        const json_t *grp = json_array_get(groups, g);
        size_t pl;
        uint8_t *p = tu_hex_alloc(tu_str(json_object_get(grp, "publicKey"), "pk"), &pl);
        const json_t *tests = json_object_get(grp, "tests");
        for (size_t i = 0; i < json_array_size(tests); i++) {
            const json_t *t = json_array_get(tests, i);
            size_t ml, sl;
            uint8_t *m = tu_hex_alloc(tu_str(t, "msg"), &ml), *s = tu_hex_alloc(tu_str(t, "sig"), &sl);
            snprintf(what, sizeof what, "wycheproof tcId %d", tu_json_int(t, "tcId"));
            add(s, sl, m, ml, p, pl, what);
            free(m), free(s);
        }
        free(p);
    }
    json_decref(doc);

    doc = tu_load_json("speccheck/cases.json");
    for (size_t i = 0; i < json_array_size(doc); i++) {
        const json_t *c = json_array_get(doc, i);
        size_t ml, pl, sl;
        uint8_t *m = tu_hex_alloc(tu_str(c, "message"), &ml), *p = tu_hex_alloc(tu_str(c, "pub_key"), &pl);
        uint8_t *s = tu_hex_alloc(tu_str(c, "signature"), &sl);
        snprintf(what, sizeof what, "speccheck case %zu", i);
        add(s, sl, m, ml, p, pl, what);
        free(m), free(p), free(s);
    }
    json_decref(doc);

    doc = tu_load_json("zip215/zip215_small_order.json");
    const json_t *cases = json_object_get(doc, "cases");
    size_t zml;
    uint8_t *zm = tu_hex_alloc(tu_str(doc, "message"), &zml);
    for (size_t i = 0; i < json_array_size(cases); i++) {
        const json_t *c = json_array_get(cases, i);
        uint8_t pk[32], sig[64];
        tu_hex_exact(pk, 32, tu_str(c, "public_key"), "public_key");
        tu_hex_exact(sig, 64, tu_str(c, "signature"), "signature");
        snprintf(what, sizeof what, "zip215 case %zu", i);
        add(sig, 64, zm, zml, pk, 32, what);
    }
    free(zm);
    json_decref(doc);

    FILE *f = fopen(tu_vector_path("supercop/sign.input"), "r");
    char *line = NULL;
    size_t lcap = 0, lines = 0;
    while (f && getline(&line, &lcap, f) > 0 && (supercop_max < 0 || (long)lines < supercop_max)) {
        char *fl[4] = {0}, *p = line;
        for (int i = 0; i < 4 && p; i++) {
            fl[i] = p;
            p = strchr(p, ':');
            if (p) *p++ = 0;
        }
        if (!fl[3]) continue;
        size_t pl, ml, sml;
        uint8_t *pk = tu_hex_alloc(fl[1], &pl), *m = tu_hex_alloc(fl[2], &ml), *sm = tu_hex_alloc(fl[3], &sml);
        snprintf(what, sizeof what, "supercop line %zu", ++lines);
        if (sml >= 64) add(sm, 64, m, ml, pk, pl, what);
        free(pk), free(m), free(sm);
    }
    free(line);
    if (f) fclose(f);
    else tu_fail("supercop: cannot open sign.input");
}

/* Runs items order[0..n) as one batch and compares with the single verdicts. */
static void run_batch(const size_t *order, size_t n, int mode, unsigned threads, const int *single,
                      const char *how)
{
    const uint8_t **sig = calloc(n + 1, sizeof *sig), **msg = calloc(n + 1, sizeof *msg);
    const uint8_t **pub = calloc(n + 1, sizeof *pub);
    size_t *len = calloc(n + 1, sizeof *len);
    int *st = calloc(n + 1, sizeof *st), want = F25519_OK;
    for (size_t i = 0; i < n; i++) {
        const item *it = &items[order[i]];
        sig[i] = it->sig, msg[i] = it->msg, pub[i] = it->pub, len[i] = it->mlen;
        st[i] = 12345;
        if (single[order[i]] != F25519_OK) want = F25519_ERR_VERIFY;
    }
    int rc = f25519_ed25519_verify_batch(n, sig, msg, len, pub, mode, threads, st);
    for (size_t i = 0; i < n; i++)
        CHECK(st[i] == single[order[i]], "%s mode %s threads %u: %s: batch status %d, single %d", how,
              mode_name(mode), threads, items[order[i]].what, st[i], single[order[i]]);
    CHECK(rc == want, "%s mode %s threads %u (n = %zu): batch returned %d, want %d", how, mode_name(mode),
          threads, n, rc, want);
    free(sig), free(msg), free(pub), free(len), free(st);
}

void suite_verify_batch(long supercop_max)
{
    load_all(supercop_max);
    printf("  %zu items (%zu with a wrong signature/key length not batchable)\n", n_items, n_skipped);
    size_t *order = malloc(n_items * sizeof *order);
    int *single = malloc(n_items * sizeof *single);
    static const unsigned thread_counts[] = {1, 2, 0};
    for (int mode = 0; mode < 3; mode++) {
        size_t valid = 0;
        for (size_t i = 0; i < n_items; i++) {
            single[i] = f25519_ed25519_verify(items[i].sig, 64, items[i].msg, items[i].mlen, items[i].pub, 32, mode);
            valid += single[i] == F25519_OK;
        }
        for (int t = 0; t < 3; t++) {
            for (size_t i = 0; i < n_items; i++) order[i] = i;
            run_batch(order, n_items, mode, thread_counts[t], single, "file order");
            for (size_t i = n_items; i > 1; i--) { /* shuffle */
                size_t r = tu_rand_below((uint32_t)i), x = order[i - 1];
                order[i - 1] = order[r], order[r] = x;
            }
            run_batch(order, n_items, mode, thread_counts[t], single, "shuffled");
            for (size_t at = 0; at < n_items;) { /* random sub-batches of the shuffled order */
                size_t len = 1 + tu_rand_below(130);
                if (len > n_items - at) len = n_items - at;
                run_batch(order + at, len, mode, thread_counts[t], single, "sub-batch");
                at += len;
            }
            for (size_t at = 0, k = 0; t == 0 && at < n_items; k++) { /* sizes 1 .. 17: the chunk choice's thresholds */
                size_t len = 1 + k % 17;
                if (len > n_items - at) len = n_items - at;
                run_batch(order + at, len, mode, 1, single, "small sub-batch");
                at += len;
            }
        }
        printf("  mode %-7s: %zu/%zu valid, batch statuses equal single verification (threads 1, 2, 0)\n",
               mode_name(mode), valid, n_items);
    }
    for (size_t i = 0; i < n_items; i++) free(items[i].msg);
    free(items), free(order), free(single);
}
