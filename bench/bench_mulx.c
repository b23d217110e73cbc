/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* Micro-benchmark of the mulx backend's parts (never a test; run by hand,
 * pinned): taskset -c 1 bin/f25519_bench_mulx [reps]. Medians in TSC ticks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bench_ticks.h"
#include "arch/mulx_asm.h"
#if F25519_HAVE_MULX
#include "backend/mulx/fe64_mulx.h"
#include "backend/mulx/scalarmult_mulx.h"
#include "point/ge51.h"
#if F25519_HAVE_IFMA
#include "field/invert_safegcd.h"
#endif
#include "../src/backend/mulx/base_mulx.c" /* the statics: select64, base_mulx */

static int cmpu(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}
#define N 2001
static uint64_t samp[N];
#define TIME(name, reps, body) do { \
    for (int s_ = 0; s_ < N; s_++) { uint64_t t0_ = f25519_bench_ticks(); \
        for (int r_ = 0; r_ < (reps); r_++) { body; } \
        samp[s_] = f25519_bench_ticks() - t0_; } \
    qsort(samp, N, sizeof samp[0], cmpu); \
    printf("%-28s %9.1f\n", name, (double)samp[N / 2] / (reps)); } while (0)

int main(void)
{
    fe64 a = {{0x1234567890abcdefull, 0xfedcba0987654321ull, 0x0f0f0f0f0f0f0f0full, 0x7123456789abcdefull}};
    fe64 b = a, c;
    uint8_t k[32], out[32], u[32] = {9};
    for (int i = 0; i < 32; i++) k[i] = (uint8_t)(i * 37 + 11);
    k[0] &= 248; k[31] &= 127; k[31] |= 64;
    TIME("fe64_mul (latency)", 100, fe64_mul(&a, &a, &b));
    TIME("fe64_sqr (latency)", 100, fe64_sqr(&a, &a));
    TIME("fe64_sqr_n x100", 1, fe64_sqr_n(&a, &a, 100));
    {
        fe64 m[8];
        for (int i = 0; i < 8; i++) m[i] = a, m[i].w[0] += i;
        TIME("fe64_mul (8 indep)/8", 100, for (int i = 0; i < 8; i++) fe64_mul(&m[i], &m[i], &b); );
        for (int r = 0; r < 8; r++) a.w[1] ^= m[r].w[0];
        ge64_precomp t; ge64_p1p1 p2;
        TIME("select64_sse2, every table", 1, for (int i = 0; i < F25519_BASE64_TABLES; i++) { select64_sse2(&t, i, (int8_t)((k[i & 31] & (2 * F25519_BASE64_ENTRIES - 1)) - F25519_BASE64_ENTRIES)); k[0] ^= (uint8_t)t.ypx.w[0]; });
        TIME("select64_avx2, every table", 1, for (int i = 0; i < F25519_BASE64_TABLES; i++) { select64_avx2(&t, i, (int8_t)((k[i & 31] & (2 * F25519_BASE64_ENTRIES - 1)) - F25519_BASE64_ENTRIES)); k[0] ^= (uint8_t)t.ypx.w[0]; });
        TIME("comb only, sse2 scan", 1, base_mulx(&p2, k, 0); k[1] ^= (uint8_t)p2.X.w[0]);
        TIME("comb only, avx2 scan", 1, base_mulx(&p2, k, 1); k[1] ^= (uint8_t)p2.X.w[0]);
    }
#if F25519_HAVE_IFMA
    {
        fe51 z51, o51;
        fe64_to_fe51(&z51, &a);
        TIME("safegcd (invert_safegcd)", 1, f25519_safegcd_invert(&o51, &z51); z51.v[0] ^= o51.v[0] & 1);
    }
#endif
    TIME("fe64_invert_safegcd", 1, fe64_invert_safegcd(&c, &a); a.w[0] ^= c.w[0] & 1);
    TIME("fe64_invert", 1, fe64_invert(&c, &a); a.w[0] ^= c.w[0] & 1);
    TIME("x25519_base_mulx", 1, f25519_x25519_base_mulx(out, k); k[1] ^= out[0] & 1);
    TIME("ed25519_base_mulx", 1, f25519_ed25519_base_mulx(out, k); k[1] ^= out[0] & 1);
    TIME("x25519_ladder_mulx", 1, f25519_x25519_ladder_mulx(out, k, u); k[1] ^= out[0] & 1);
    printf("%llx\n", (unsigned long long)a.w[0]);
    return 0;
}
#else
int main(void) { return 0; }
#endif
