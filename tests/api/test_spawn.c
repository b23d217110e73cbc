/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * f25519_test_spawn [N]: the batch APIs' helper threads (src/common/spawn.h).
 *  1. the process's mask (>= 2 allowed CPUs; else "SKIP part 1: one CPU"):
 *     f25519_spawn_begin() != NULL; helpers k = 1, 2, 3 and the last slot
 *     run their function with their argument, start pinned to one CPU, see
 *     the creator's whole mask after f25519_spawn_unpin (placed, not
 *     pinned) and pthread_join gets their return value;
 *  2. the caller restricted to the CPU it runs on: f25519_spawn_begin()
 *     returns NULL and f25519_spawn(NULL, k, ...) still runs the function
 *     (plain pthread_create: the helper inherits the one-CPU mask);
 *  3. k = 0 and k beyond the ctx's slots (spawn.c's SPAWN_MAX) with a ctx:
 *     the plain pthread_create fallback, the function still runs;
 *  4. still restricted to one CPU: f25519_ed25519_verify_batch with threads
 *     2 and 0, zip215 (n >= 256: the cooperative path with helpers) and
 *     openssl modes, on N (default 300) random items with a few flipped
 *     signature bits, returns exactly the statuses of single verification;
 *  5. the teams of src/common/team.h (whole mask, then one CPU):
 *     f25519_team_new(0 or 1) is NULL, a NULL team has one member and runs
 *     a task once on the caller's thread; a team of 3 has 3 members, and
 *     each of 200 tasks in a row runs exactly once on each of 3 distinct
 *     threads, one of them the caller, the caller returning only when all
 *     are done; some tasks come after a 20 ms pause (the helpers then wait
 *     blocked, not spinning, and must wake).
 *  6. a kept team (f25519_team_new_kept, the verify pool's) of 2 made on
 *     the whole mask (>= 2 allowed CPUs; else "SKIP part 6: one CPU"):
 *     with the caller then restricted to each allowed CPU in turn (up to
 *     four), its helper runs every task on another CPU, also after a 20 ms
 *     pause (the helper woken from its wait), and after the caller moved
 *     back and forth.
 * Run in the order 1, 5, 6, 3, 2, 4, 5 (part 3 needs a ctx: the whole mask). Only
 * public keys and signatures of random test seeds: no secret data.
 */
#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE /* sched_getcpu, CPU_* */
#endif
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "fast25519.h"
#include "common/spawn.h"
#include "common/team.h"
#include <stdatomic.h>
#include <unistd.h>

#if defined(__linux__)
#include <sched.h>

#define SPAWN_SLOTS 66 /* spawn.c's SPAWN_MAX: helpers k = 1..66 use the ctx */

typedef struct {
    unsigned k;
    f25519_spawn_ctx *ctx;
    void *arg_seen;
    int ran, mask_rc, first_rc;
    cpu_set_t first, mask; /* the helper's affinity as it starts, and after f25519_spawn_unpin */
} probe;

static void *probe_fn(void *p)
{
    probe *r = p;
    r->arg_seen = p;
    CPU_ZERO(&r->first); /* defined for MemorySanitizer whatever the syscall's interceptor */
    CPU_ZERO(&r->mask);
    r->first_rc = sched_getaffinity(0, sizeof r->first, &r->first);
    f25519_spawn_unpin(r->ctx);
    r->mask_rc = sched_getaffinity(0, sizeof r->mask, &r->mask);
    r->ran = 1;
    return &r->ran;
}

/* Helpers k[0..n) through f25519_spawn(c, ...), joined; each must run with
 * its argument, return its value to pthread_join and see want as its mask. */
static void run_probes(const char *part, f25519_spawn_ctx *c, const unsigned *k, int n, const cpu_set_t *want)
{
    probe r[4];
    pthread_t t[4];
    int started[4];
    for (int i = 0; i < n; i++) {
        memset(&r[i], 0, sizeof r[i]);
        r[i].k = k[i];
        r[i].ctx = c;
        started[i] = f25519_spawn(c, k[i], &t[i], probe_fn, &r[i]) == 0;
        CHECK(started[i], "%s: f25519_spawn k=%u failed", part, k[i]);
    }
    for (int i = 0; i < n; i++) {
        if (!started[i]) continue;
        void *ret = NULL;
        CHECK(pthread_join(t[i], &ret) == 0, "%s: pthread_join k=%u failed", part, k[i]);
        CHECK(r[i].ran && r[i].arg_seen == &r[i], "%s: helper k=%u did not run with its argument", part, k[i]);
        CHECK(ret == &r[i].ran, "%s: pthread_join k=%u got %p, not the helper's return value %p", part, k[i], ret,
              (void *)&r[i].ran);
        CHECK(r[i].mask_rc == 0 && r[i].first_rc == 0, "%s: sched_getaffinity in helper k=%u failed", part, k[i]);
        if (c && k[i] >= 1 && k[i] <= SPAWN_SLOTS) /* placed by f25519_spawn until it unpins */
            CHECK(r[i].first_rc != 0 || CPU_COUNT(&r[i].first) == 1,
                  "%s: helper k=%u starts with %d allowed CPUs, not the one it was placed on", part, k[i],
                  CPU_COUNT(&r[i].first));
        CHECK(r[i].mask_rc != 0 || CPU_EQUAL(&r[i].mask, want),
              "%s: helper k=%u runs with %d allowed CPUs, not the creator's mask (%d CPUs)", part, k[i],
              CPU_COUNT(&r[i].mask), CPU_COUNT(want));
    }
}

/* Part 5: one task of a team; every member records its thread and the task number it saw. */
typedef struct {
    _Atomic unsigned ran, done;
    unsigned task;
    pthread_t who[8];
    unsigned seen[8];
} team_probe;

static void team_fn(void *arg)
{
    team_probe *p = arg;
    unsigned i = atomic_fetch_add(&p->ran, 1);
    if (i < 8) {
        p->who[i] = pthread_self();
        p->seen[i] = p->task;
    }
    for (volatile int spin = 0; spin < 2000; spin++) {} /* members overlap */
    atomic_fetch_add(&p->done, 1);
}

static void team_part(const char *part)
{
    team_probe p;
    CHECK(f25519_team_new(0) == NULL && f25519_team_new(1) == NULL, "%s: a team of 0 or 1 threads is not NULL", part);
    CHECK(f25519_team_size(NULL) == 1, "%s: a NULL team has %u members", part, f25519_team_size(NULL));
    memset(&p, 0, sizeof p);
    f25519_team_run(NULL, team_fn, &p);
    CHECK(p.ran == 1 && pthread_equal(p.who[0], pthread_self()), "%s: a NULL team ran the task %u times", part,
          (unsigned)p.ran);
    f25519_team *t = f25519_team_new(3);
    CHECK(t != NULL, "%s: f25519_team_new(3) failed", part);
    if (!t) return;
    CHECK(f25519_team_size(t) == 3, "%s: a team of 3 has %u members", part, f25519_team_size(t));
    for (unsigned task = 0; task < 200; task++) {
        if (task % 50 == 49) usleep(20000); /* past the spin: the helpers block */
        /* some tasks are the helpers' last (they exit after it); the next
         * task starts new ones; the last task of all is one too */
        if (task % 40 == 20 || task % 40 == 21 || task == 199) f25519_team_last(t);
        memset(&p, 0, sizeof p);
        p.task = task;
        f25519_team_run(t, team_fn, &p);
        CHECK(f25519_team_size(t) == 3, "%s task %u: the team has %u members", part, task, f25519_team_size(t));
        unsigned ran = p.ran, done = p.done;
        CHECK(ran == 3 && done == 3, "%s task %u: ran %u times, %u done at return, want 3", part, task, ran, done);
        int caller = 0, distinct = 1;
        for (unsigned i = 0; i < 3 && i < ran; i++) {
            caller += pthread_equal(p.who[i], pthread_self()) != 0;
            CHECK(p.seen[i] == task, "%s task %u: a member saw task %u", part, task, p.seen[i]);
            for (unsigned j = 0; j < i; j++) distinct &= !pthread_equal(p.who[i], p.who[j]);
        }
        CHECK(caller == 1 && distinct, "%s task %u: the caller ran it %d times, members distinct %d", part, task,
              caller, distinct);
    }
    f25519_team_free(t);
    f25519_team_free(NULL);
}

/* Part 6: one task of a kept team; the helper (the member that is not the caller) records its CPU. */
typedef struct {
    pthread_t caller;
    _Atomic int helper_cpu;
} kept_probe;

static void kept_fn(void *arg)
{
    kept_probe *p = arg;
    if (!pthread_equal(pthread_self(), p->caller)) p->helper_cpu = sched_getcpu();
}

static void kept_part(const cpu_set_t *all)
{
    f25519_team *t = f25519_team_new_kept(2);
    CHECK(t != NULL && f25519_team_size(t) == 2, "part 6: f25519_team_new_kept(2) failed");
    if (!t) return;
    int cpus[4], nc = 0;
    for (int c = 0; c < CPU_SETSIZE && nc < 4; c++)
        if (CPU_ISSET(c, all)) cpus[nc++] = c;
    for (int pass = 0; pass < 3; pass++) {
        for (int i = 0; i < nc; i++) {
            const int c = cpus[pass == 1 ? nc - 1 - i : i];
            cpu_set_t one;
            CPU_ZERO(&one);
            CPU_SET(c, &one);
            CHECK(sched_setaffinity(0, sizeof one, &one) == 0, "part 6: cannot restrict the caller to CPU %d", c);
            for (int task = 0; task < 6; task++) {
                if (task == 3 || pass == 2) usleep(20000); /* past the spin: the helper blocks */
                kept_probe p = {.caller = pthread_self(), .helper_cpu = -1};
                f25519_team_run(t, kept_fn, &p);
                const int h = p.helper_cpu;
                CHECK(h >= 0 && h != c, "part 6 pass %d task %d: the caller on CPU %d, its helper on CPU %d", pass,
                      task, c, h);
            }
        }
    }
    CHECK(sched_setaffinity(0, sizeof *all, all) == 0, "part 6: restoring the caller's mask failed");
    f25519_team_free(t);
}

/* Part 4's batch: N items of NKEYS keys, random messages, some signatures
 * with one flipped bit. */
#define NKEYS 8
#define MAXMSG 64

static void batch_vs_single(size_t n)
{
    uint8_t seeds[NKEYS][32], pubs[NKEYS][32];
    for (int i = 0; i < NKEYS; i++) {
        tu_rand_bytes(seeds[i], 32);
        CHECK(f25519_ed25519_public(pubs[i], seeds[i]) == F25519_OK, "part 4: ed25519_public %d", i);
    }
    uint8_t(*sig)[64] = malloc(n * 64), (*msg)[MAXMSG] = malloc(n * MAXMSG);
    const uint8_t **sp = malloc(n * sizeof *sp), **mp = malloc(n * sizeof *mp), **pp = malloc(n * sizeof *pp);
    size_t *len = malloc(n * sizeof *len);
    int *flipped = calloc(n, sizeof *flipped), *single = malloc(n * sizeof *single);
    int *st = malloc(n * sizeof *st);
    if (!sig || !msg || !sp || !mp || !pp || !len || !flipped || !single || !st) {
        tu_fail("part 4: out of memory");
        goto out;
    }
    for (size_t i = 0; i < n; i++) {
        int key = (int)tu_rand_below(NKEYS);
        len[i] = tu_rand_below(MAXMSG + 1);
        tu_rand_bytes(msg[i], MAXMSG);
        CHECK(f25519_ed25519_sign(sig[i], msg[i], len[i], seeds[key], pubs[key]) == F25519_OK, "part 4: sign %zu", i);
        sp[i] = sig[i], mp[i] = msg[i], pp[i] = pubs[key];
    }
    size_t nbad = n < 6 ? n : 6;
    for (size_t b = 0; b < nbad; b++) {
        size_t i;
        do i = tu_rand_below((uint32_t)n); while (flipped[i]); /* distinct items: a bit flipped once */
        flipped[i] = 1;
        sig[i][tu_rand_below(64)] ^= (uint8_t)(1u << tu_rand_below(8));
    }
    const int modes[2] = {F25519_VERIFY_ZIP215, F25519_VERIFY_OPENSSL};
    const char *mname[2] = {"zip215", "openssl"};
    const unsigned threads[2] = {2, 0};
    for (int m = 0; m < 2; m++) {
        int want = F25519_OK;
        for (size_t i = 0; i < n; i++) {
            single[i] = f25519_ed25519_verify(sp[i], 64, mp[i], len[i], pp[i], 32, modes[m]);
            CHECK((single[i] == F25519_OK) == !flipped[i], "part 4 %s item %zu: single verification %d (%s)",
                  mname[m], i, single[i], flipped[i] ? "flipped bit" : "valid");
            if (single[i] != F25519_OK) want = F25519_ERR_VERIFY;
        }
        for (int t = 0; t < 2; t++) {
            for (size_t i = 0; i < n; i++) st[i] = 12345;
            int rc = f25519_ed25519_verify_batch(n, sp, mp, len, pp, modes[m], threads[t], st);
            CHECK(rc == want, "part 4 %s threads %u n=%zu: returned %d, want %d", mname[m], threads[t], n, rc, want);
            for (size_t i = 0; i < n; i++)
                CHECK(st[i] == single[i], "part 4 %s threads %u item %zu (%s): batch %d, single %d", mname[m],
                      threads[t], i, flipped[i] ? "flipped bit" : "valid", st[i], single[i]);
        }
    }
out:
    free(sig), free(msg), free(sp), free(mp), free(pp), free(len), free(flipped), free(single), free(st);
}

int main(int argc, char **argv)
{
    size_t n = argc > 1 ? strtoul(argv[1], NULL, 10) : 300;
    tu_backend_setup("spawn");
    tu_rng_init();
    cpu_set_t all, one;
    CPU_ZERO(&all);
    if (sched_getaffinity(0, sizeof all, &all) != 0) {
        tu_fail("sched_getaffinity of the test's thread failed");
        return tu_finish("spawn");
    }
    int ncpu = CPU_COUNT(&all);
    printf("spawn: %d allowed CPUs, batch n=%zu\n", ncpu, n);

    /* 1. the process's mask: helpers placed on another CPU, then given the whole mask */
    if (ncpu < 2) {
        printf("SKIP part 1: one CPU\n");
    } else {
        f25519_spawn_ctx *c = f25519_spawn_begin();
        CHECK(c != NULL, "part 1: f25519_spawn_begin() returned NULL with %d allowed CPUs", ncpu);
        if (c) {
            const unsigned k[4] = {1, 2, 3, SPAWN_SLOTS};
            for (int round = 0; round < 5; round++) run_probes("part 1", c, k, 4, &all);
            f25519_spawn_end(c);
        }
    }

    /* 5. teams on the whole mask */
    team_part("part 5");

    /* 6. a kept team's helper keeps off its caller's CPU */
    if (ncpu < 2) printf("SKIP part 6: one CPU\n");
    else kept_part(&all);

    /* 3. k = 0 and k beyond the slots, with a ctx (NULL on a one-CPU host): plain pthread_create */
    {
        f25519_spawn_ctx *c = f25519_spawn_begin();
        if (!c) printf("part 3: no ctx (one CPU): the calls take the NULL-ctx path\n");
        const unsigned k[4] = {0, SPAWN_SLOTS + 1, 1000, ~0u};
        run_probes("part 3", c, k, 4, &all);
        f25519_spawn_end(c);
    }

    /* 2. the caller restricted to the CPU it runs on: no ctx, plain pthread_create */
    int cpu = sched_getcpu();
    CPU_ZERO(&one);
    if (cpu >= 0) CPU_SET(cpu, &one);
    if (cpu < 0 || sched_setaffinity(0, sizeof one, &one) != 0) {
        tu_fail("part 2: cannot restrict the test's thread to CPU %d", cpu);
        return tu_finish("spawn");
    }
    f25519_spawn_ctx *c = f25519_spawn_begin();
    CHECK(c == NULL, "part 2: f25519_spawn_begin() returned a ctx while the caller may use CPU %d only", cpu);
    f25519_spawn_end(c);
    const unsigned k[3] = {1, 2, 3};
    run_probes("part 2", NULL, k, 3, &one);

    /* 4. batch verification on that fallback path (still one CPU) */
    batch_vs_single(n);

    /* 5. teams whose helpers share the caller's one CPU */
    team_part("part 5, one CPU");

    cpu_set_t now;
    CPU_ZERO(&now);
    CHECK(sched_setaffinity(0, sizeof all, &all) == 0, "restoring the test thread's mask failed");
    CHECK(sched_getaffinity(0, sizeof now, &now) == 0 && CPU_EQUAL(&now, &all), "the test thread's mask not restored");
    return tu_finish("spawn");
}
#else
int main(void)
{
    printf("SKIP: spawn: CPU affinity is Linux-only (spawn.c is pthread_create elsewhere)\n");
    return TU_SKIP;
}
#endif
