/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * dudect-style statistical timing test (Reparaz, Balasch, Verbauwhede 2017):
 * for each secret-key operation, two classes of secret inputs -- one fixed
 * secret (drawn once per run from the seeded test generator) and fresh
 * random ones -- are interleaved in random order; each call is timed (rdtsc with lfence; a
 * monotonic clock elsewhere); a Welch t-test compares the classes, on all
 * samples and on samples cropped at several percentiles (dudect's defence
 * against heavy upper tails). Nothing here asserts a speed. The test fails
 *  - when |t| > 10 (dudect's "definitely not constant time") in a first pass
 *    AND in a confirmation pass on a fresh, independent sample set with the
 *    same budget: a real leak reproduces, a load burst on the shared machine
 *    does not (both t values are printed);
 *  - when an operation still has fewer than MIN_SAMPLES per class after its
 *    budget was extended MAX_EXTENSIONS times: untested is not passed.
 * Run time is bounded: ct_dudect [SECONDS] (total, default 24, split over the
 * operations by weight; the extensions of a loaded host add at most
 * MAX_EXTENSIONS times the operation's budget, a confirmation repeats it). ISA-independent: it runs on every backend
 * (FAST25519_BACKEND), including ifma where valgrind cannot.
 * ct_dudect --selfcheck-leak-big [SECONDS] plants half a call instead: a leak that
 * large empties the fixed class from the low crops, and must still be reported.
 * ct_dudect --selfcheck-leak [SECONDS] times a deliberately leaky toy through
 * the same path and must report it (test ct_dudect_selfcheck_leak, WILL_FAIL);
 * its leak is sized at run time to a few times this host's timing noise.
 * The statistics (Welch t, crops, tick counter) are in dudect.c.
 * Why the fixed secret is random-looking and not all-zero: what the test
 * looks for (a branch or a memory index that depends on the secret) makes
 * any fixed secret faster or slower than fresh ones (a trained predictor, a
 * warm line), but the all-zero key (clamped: 2^254 in all eight lanes of the
 * x8 entries) also makes the vector units multiply mostly zero and identity
 * operands, which some CPUs (AMD Zen 5: ifma x25519_keygen_x8) run
 * measurably faster through the values alone, while a fixed random secret
 * shows no difference: no code can remove that, so it would fail every run
 * there. The toy keeps the all-zero
 * secret its planted leak is about.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dudect.h"
#include "fast25519.h"
#include "testutil.h"

#define BATCH 512
#define T_FAIL 10.0
#define MIN_SAMPLES 5000
#define MAX_EXTENSIONS 3
#define N_CROPS 7

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* The operations: each takes a 256-byte secret input block (8 x 32). */
static uint8_t pub_peer[8][32], msg[64];
static void op_x25519_public(const uint8_t *s) { uint8_t o[32]; f25519_x25519_public(o, s); }
static void op_x25519_derive(const uint8_t *s) { uint8_t o[32]; f25519_x25519_derive(o, s, pub_peer[0], 32); }
static void op_x25519_keygen_x8(const uint8_t *s)
{
    uint8_t o[8][32];
    f25519_x25519_keygen_x8(o, (const uint8_t(*)[32])s);
}
static void op_x25519_derive_x8(const uint8_t *s)
{
    uint8_t o[8][32];
    f25519_x25519_derive_x8(o, (const uint8_t(*)[32])s, (const uint8_t(*)[32])pub_peer, NULL);
}
static void op_ed25519_public(const uint8_t *s) { uint8_t o[32]; f25519_ed25519_public(o, s); }
static void op_ed25519_keygen_x8(const uint8_t *s)
{
    uint8_t o[8][32];
    f25519_ed25519_keygen_x8(o, (const uint8_t(*)[32])s);
}
static void op_ed25519_sign(const uint8_t *s) { uint8_t sig[64]; f25519_ed25519_sign(sig, msg, sizeof msg, s, NULL); }

/* Self-check only (--selfcheck-leak): a deliberately leaky toy, sized to the
 * host at run time by calibrate_toy(). X25519 public key, then a naive "is the
 * 32-byte key zero?" scan that stops at the first nonzero byte and spins 1/32
 * of toy_steps per zero byte (byte i its share floor(N*i/32) - floor(N*(i-1)/32),
 * exact in total even when N < 32): the whole planted delay for the fixed
 * all-zero secret, none for a random one (first byte nonzero w.p. 255/256). */
static uint32_t toy_steps;
static uint64_t spin_x;
static volatile uint64_t toy_sink;
/* n steps of x = x^2 + 1, one dependent chain across calls (spin_x): a fixed
 * cost per step that neither the compiler (nonlinear: no closed form) nor the
 * CPU (no overlap of successive calls) can shrink, so 32 short spins cost what
 * one long one does. Measured on x86-64: a volatile counter is not even
 * monotonic (32 x 32 steps slower than 32 x 64), a chain restarted per call
 * overlaps the next call (~0.9 vs 2.5 ticks a step). */
static void spin(uint32_t n)
{
    uint64_t x = spin_x;
    for (uint32_t i = 0; i < n; i++) x = x * x + 1;
    spin_x = x;
}
static void toy_scan(const uint8_t *s)
{
    const volatile uint8_t *v = s;
    size_t i = 0;
    while (i < 32 && v[i] == 0) {
        i++;
        spin(toy_steps * i / 32 - toy_steps * (i - 1) / 32);
    }
    toy_sink = i ^ spin_x;
}
static void op_toy_early_exit(const uint8_t *s)
{
    uint8_t o[32];
    f25519_x25519_public(o, s);
    toy_scan(s);
}

/* weight: share of the time budget (the x8 calls are ~8x longer each).
 * The last entry is the self-check toy, not run in the normal test. */
static const struct { const char *name; void (*fn)(const uint8_t *); double weight; } ops[] = {
    {"x25519_public", op_x25519_public, 1},       {"x25519_derive", op_x25519_derive, 1},
    {"x25519_keygen_x8", op_x25519_keygen_x8, 1.5}, {"x25519_derive_x8", op_x25519_derive_x8, 1.5},
    {"ed25519_public", op_ed25519_public, 1},     {"ed25519_keygen_x8", op_ed25519_keygen_x8, 1.5},
    {"ed25519_sign", op_ed25519_sign, 1},
    {"toy_early_exit", op_toy_early_exit, 1},
};
#define N_OPS (sizeof ops / sizeof ops[0] - 1)
#define TOY (N_OPS)

/* One batch of BATCH timed calls of fn into t[]: the inputs drawn first (class
 * 0: the fixed secret, all-zero for the toy; class 1: random; all random if
 * random_only), then each copied into the same work buffer and timed. */
static uint8_t inputs[BATCH][256];
static int cls[BATCH];
static uint64_t t[BATCH];
static uint8_t fixed_secret[256]; /* drawn in main */
static void time_batch(void (*fn)(const uint8_t *), int random_only)
{
    static uint8_t work[256];
    for (int i = 0; i < BATCH; i++) {
        cls[i] = random_only ? 1 : (int)(tu_rand64() & 1);
        if (cls[i]) tu_rand_bytes(inputs[i], 256);
        else if (fn == op_toy_early_exit) memset(inputs[i], 0, 256);
        else memcpy(inputs[i], fixed_secret, 256);
    }
    for (int i = 0; i < BATCH; i++) {
        memcpy(work, inputs[i], 256); /* same buffer for both classes */
        uint64_t t0 = dd_ticks();
        fn(work);
        t[i] = dd_ticks() - t0;
    }
}

/* Times ops[which] for `seconds`, appending to s: batches of BATCH calls with
 * the classes in random order, the first batch a dropped warm-up. */
static void collect(size_t which, double seconds, dd_set *s)
{
    double end = now() + seconds;
    int batches = 0;
    while (now() < end) {
        time_batch(ops[which].fn, 0);
        if (batches++ == 0) continue;
        for (int i = 0; i < BATCH; i++) dd_push(s, cls[i], t[i]);
    }
}

/* Sizes the self-check's planted leak to this host (well under 0.1 s):
 *  - the noise: CAL_BATCHES * BATCH calls of the plain x25519_public with
 *    random secrets, timed as collect() does (after a dropped warm-up batch);
 *    spread = IQR / 1.349, a robust sigma: load bursts in the upper tail do not
 *    inflate it, so a calibration in a quiet spell gives the SMALLEST leak;
 *  - the leak: TOY_SIGMAS spreads. A shift of k sigma between the classes gives
 *    Welch t ~ k * sqrt(n / 2) with n samples per class: k = 5 is t ~ 250 at
 *    the MIN_SAMPLES floor and t ~ 1400 with the ~1.5e5 per class of a 3 s run
 *    of a 25k-tick call. The margin is for a measurement far noisier than the
 *    calibration: with k = 2, a run with the other core busy that calibrated
 *    in a quiet spell was confirmed just over T_FAIL. Yet the leak stays of
 *    the order of the call's own jitter (about 1-3% of a quiet call); a fixed
 *    ~30-tick leak drowns in a slow host's noise;
 *  - the spin rate: median of SPIN_REPS timings of spin(SPIN_CAL); toy_steps
 *    is the step count for the planted ticks.
 * Prints the planted size as realised: the median zero-secret scan minus the
 * median random-secret scan (timer overhead cancels). */
#define TOY_SIGMAS 5.0
#define CAL_BATCHES 4
#define SPIN_CAL 65536
#define SPIN_REPS 7
static void calibrate_toy(int big)
{
    static uint64_t v[CAL_BATCHES * BATCH];
    uint64_t med, r[SPIN_REPS], spin_ticks, scan[2];
    time_batch(op_x25519_public, 1); /* warm-up */
    for (int b = 0; b < CAL_BATCHES; b++) {
        time_batch(op_x25519_public, 1);
        memcpy(v + b * BATCH, t, sizeof t);
    }
    double sigma = dd_robust_sigma(v, CAL_BATCHES * BATCH, &med);
    double planted = big ? 0.5 * (double)med : TOY_SIGMAS * (sigma > 1 ? sigma : 1);
    for (int k = 0; k < SPIN_REPS; k++) {
        uint64_t t0 = dd_ticks();
        spin(SPIN_CAL);
        r[k] = dd_ticks() - t0;
    }
    toy_sink = spin_x;
    dd_robust_sigma(r, SPIN_REPS, &spin_ticks); /* only the median */
    double n = planted * SPIN_CAL / (double)(spin_ticks ? spin_ticks : 1);
    toy_steps = n < 1 ? 1 : (uint32_t)(n + 0.5);
    for (int c = 0; c < 2; c++) { /* realised: class 0 (zero) and class 1 (random) scan */
        uint8_t key[32] = {0};
        for (int k = 0; k < SPIN_REPS; k++) {
            if (c) tu_rand_bytes(key, 32);
            uint64_t t0 = dd_ticks();
            toy_scan(key);
            r[k] = dd_ticks() - t0;
        }
        dd_robust_sigma(r, SPIN_REPS, &scan[c]);
    }
    double real = (double)scan[0] - (double)scan[1];
    printf("  calibration: x25519_public median %llu ticks, spread (IQR/1.349 of %d calls) %.0f ticks (%.2f%%)\n",
           (unsigned long long)med, CAL_BATCHES * BATCH, sigma, 100 * sigma / (double)med);
    printf("  planted leak: %.0f ticks for the fixed secret (target %.0f = %.1f x spread; realised %.1f x spread, "
           "%.2f%% of the median call; %u spin steps)\n",
           real, planted, TOY_SIGMAS, real / (sigma > 1 ? sigma : 1), 100 * real / (double)med, toy_steps);
}

enum verdict { V_OK, V_LEAK, V_FEW };
typedef struct { dd_result r; size_t n[2]; double seconds; } pass_info;

static int too_few(const dd_set *s) { return s->c[0].n < MIN_SAMPLES || s->c[1].n < MIN_SAMPLES; }

/* One measurement of ops[which] on a fresh sample set. While a class has
 * fewer than MIN_SAMPLES, the budget is extended (same length each time, at
 * most MAX_EXTENSIONS times: a host whose other core is busy can give this
 * process a third of a CPU); still too few is V_FEW, never a pass. Else V_LEAK when the largest |t| over the crops
 * exceeds T_FAIL. */
static enum verdict measure(size_t which, double seconds, pass_info *p)
{
    static const double pct[N_CROPS] = {1.0, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999}; /* 1.0: no crop */
    dd_set s = {0};
    p->seconds = seconds;
    collect(which, seconds, &s);
    for (int e = 1; e <= MAX_EXTENSIONS && too_few(&s); e++) {
        printf("  %-18s only %zu fixed / %zu random samples in %.2f s (< %d per class): budget extension %d of %d\n",
               ops[which].name, s.c[0].n, s.c[1].n, p->seconds, MIN_SAMPLES, e, MAX_EXTENSIONS);
        collect(which, seconds, &s);
        p->seconds += seconds;
    }
    p->r = dd_max_t(&s, pct, N_CROPS, MIN_SAMPLES / 2);
    p->n[0] = s.c[0].n;
    p->n[1] = s.c[1].n;
    enum verdict v = too_few(&s) ? V_FEW
                   : fabs(p->r.t) > T_FAIL && p->r.n[0] >= MIN_SAMPLES / 2 && p->r.n[1] >= MIN_SAMPLES / 2 ? V_LEAK
                   : V_OK;
    printf("  %-18s samples %7zu fixed / %7zu random, median %7llu ticks, max |t| = %6.2f (crop %5.1f%%) -> %s\n",
           ops[which].name, p->n[0], p->n[1], (unsigned long long)p->r.median, fabs(p->r.t), p->r.crop * 100,
           v == V_LEAK ? "|t| OVER THRESHOLD" : v == V_FEW ? "TOO FEW SAMPLES" : "ok");
    dd_free(&s);
    return v;
}

/* A first |t| > T_FAIL must be confirmed: the operation is measured again on a
 * fresh, independent sample set with the same budget, and only a second
 * |t| > T_FAIL is a failure (a real leak reproduces; a burst of load on a
 * shared machine does not). Too few samples in either pass is a failure. */
static enum verdict run_op(size_t which, double seconds)
{
    pass_info p, q;
    enum verdict v = measure(which, seconds, &p);
    if (v == V_LEAK) {
        printf("  %-18s |t| = %.2f > %g: confirming on a fresh sample set (%.2f s)\n", ops[which].name,
               fabs(p.r.t), T_FAIL, seconds);
        v = measure(which, seconds, &q);
        if (v == V_LEAK)
            printf("  %-18s leak confirmed: t = %.2f, then t = %.2f\n", ops[which].name, p.r.t, q.r.t);
        else if (v == V_OK)
            printf("  %-18s not confirmed (t = %.2f, then t = %.2f): ok\n", ops[which].name, p.r.t, q.r.t);
        p = q;
    }
    if (v == V_FEW)
        tu_fail("%s: too few samples (%zu fixed / %zu random, need %d per class) in %.2f s: NOT TESTED "
                "(machine too loaded or budget too small; raise SECONDS)",
                ops[which].name, p.n[0], p.n[1], MIN_SAMPLES, p.seconds);
    if (v == V_LEAK)
        tu_fail("%s: LEAK: timing differs between fixed and random secrets in two independent sample sets",
                ops[which].name);
    return v;
}

int main(int argc, char **argv)
{
    int big = argc > 1 && strcmp(argv[1], "--selfcheck-leak-big") == 0;
    int selfcheck = big || (argc > 1 && strcmp(argv[1], "--selfcheck-leak") == 0);
    const char *secs = argc > 1 + selfcheck ? argv[1 + selfcheck] : NULL;
    double total = secs ? atof(secs) : selfcheck ? 3.0 : 24.0;
    if (total <= 0) {
        fprintf(stderr, "usage: %s [--selfcheck-leak|--selfcheck-leak-big] [SECONDS]\n", argv[0]);
        return 2;
    }
    tu_backend_setup("dudect");
    tu_rng_init();
    tu_rand_bytes(fixed_secret, sizeof fixed_secret);
    uint8_t k[32];
    for (int l = 0; l < 8; l++) { /* valid public peers */
        tu_rand_bytes(k, 32);
        f25519_x25519_public(pub_peer[l], k);
    }
    tu_rand_bytes(msg, sizeof msg);
    if (selfcheck) { /* the toy must be reported through the same path (expected: exit 1, "leak confirmed") */
        printf("dudect self-check: deliberately leaky toy, %.2f s, must fail\n", total);
        calibrate_toy(big);
        tu_checks++;
        run_op(TOY, total);
        return tu_finish("dudect self-check");
    }
    printf("dudect: %.0f s over %zu operations, fail on |t| > %g (confirmed on a fresh sample set) with >= %d "
           "samples per class\n", total, (size_t)N_OPS, T_FAIL, MIN_SAMPLES);
    double wsum = 0;
    for (size_t i = 0; i < N_OPS; i++) wsum += ops[i].weight;
    for (size_t i = 0; i < N_OPS; i++) {
        tu_checks++;
        run_op(i, total * ops[i].weight / wsum);
        fflush(stdout);
    }
    return tu_finish("dudect");
}
