/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* dudect statistics (see dudect.h). */
#include "dudect.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void dd_push(dd_set *s, int cls, uint64_t ticks)
{
    dd_class *c = &s->c[cls & 1];
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 65536;
        c->v = realloc(c->v, c->cap * sizeof *c->v);
        if (!c->v) {
            perror("dudect: realloc");
            exit(1);
        }
    }
    c->v[c->n++] = ticks;
}

void dd_free(dd_set *s)
{
    for (int k = 0; k < 2; k++) free(s->c[k].v);
    memset(s, 0, sizeof *s);
}

double dd_welch_t(const dd_set *s, uint64_t cut, size_t n[2])
{
    double m[2] = {0, 0}, m2[2] = {0, 0};
    for (int k = 0; k < 2; k++) {
        n[k] = 0;
        for (size_t i = 0; i < s->c[k].n; i++) { /* Welford's running mean and sum of squares */
            if (s->c[k].v[i] > cut) continue;
            double x = (double)s->c[k].v[i];
            n[k]++;
            double d = x - m[k];
            m[k] += d / (double)n[k];
            m2[k] += d * (x - m[k]);
        }
    }
    if (n[0] < 2 || n[1] < 2) return 0;
    double v0 = m2[0] / (double)(n[0] - 1), v1 = m2[1] / (double)(n[1] - 1);
    double se = sqrt(v0 / (double)n[0] + v1 / (double)n[1]);
    return se > 0 ? (m[0] - m[1]) / se : 0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

dd_result dd_max_t(const dd_set *s, const double *pct, int npct, size_t min_n)
{
    dd_result r = {0, 1.0, {0, 0}, 0};
    size_t total = s->c[0].n + s->c[1].n;
    if (!total) return r;
    uint64_t *all = malloc(total * sizeof *all);
    if (!all) {
        perror("dudect: malloc");
        exit(1);
    }
    if (s->c[0].n) memcpy(all, s->c[0].v, s->c[0].n * sizeof *all);
    if (s->c[1].n) memcpy(all + s->c[0].n, s->c[1].v, s->c[1].n * sizeof *all);
    qsort(all, total, sizeof *all, cmp_u64);
    r.median = all[total / 2];
    for (int c = 0; c < npct; c++) {
        size_t idx = (size_t)(pct[c] * (double)total), n[2];
        if (idx > total - 1) idx = total - 1;
        double t = dd_welch_t(s, pct[c] >= 1.0 ? UINT64_MAX : all[idx], n);
        /* a crop that leaves a class with fewer than min_n samples is not
         * eligible: a large leak pushes one class out of the low crops, and
         * such a crop's t must not stand in for the uncropped one */
        if (c > 0 && (n[0] < min_n || n[1] < min_n)) continue;
        if (c == 0 || fabs(t) > fabs(r.t)) {
            r.t = t;
            r.crop = pct[c];
            r.n[0] = n[0];
            r.n[1] = n[1];
        }
    }
    free(all);
    return r;
}

double dd_robust_sigma(const uint64_t *v, size_t n, uint64_t *median)
{
    uint64_t *w = malloc(n * sizeof *w);
    if (!w) {
        perror("dudect: malloc");
        exit(1);
    }
    memcpy(w, v, n * sizeof *w);
    qsort(w, n, sizeof *w, cmp_u64);
    *median = w[n / 2];
    double iqr = (double)(w[3 * n / 4] - w[n / 4]);
    free(w);
    return iqr / 1.349;
}
