/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * The emulation shim (src/arch/emu_shim.h) against the native instructions:
 * every stand-in on random and extreme operands, every immediate of the
 * immediate forms, lane for lane. Needs a CPU with AVX-512F/VL/IFMA (exit 77
 * with a visible SKIP line elsewhere: there the shim is what runs, and this
 * comparison is what vouches for it).
 */
#include <stdio.h>
#include <string.h>
#include <immintrin.h>
#include "arch/emu_shim.h" /* SIMDe without native aliases: simde_* names only */
#include "testutil.h"

#define TGT __attribute__((target("avx512f,avx512vl,avx512ifma")))

static const uint64_t extremes[] = {0, 1, 19, (1ull << 51) - 1, 1ull << 51, (1ull << 52) - 1, 1ull << 52,
                                    (1ull << 52) + 1, 1ull << 63, ~0ull, ~0ull - 1, 0x7fffffffffffffffull,
                                    0x000fffffffffffffull ^ 0x5555555555555ull};
#define N_EXT (sizeof extremes / sizeof extremes[0])

/* operand k of a case: extreme values first (all combinations over the lanes), then random */
static void operands(uint64_t x[8], long it, int k)
{
    for (int i = 0; i < 8; i++) {
        if (it < 2000) x[i] = extremes[(size_t)(it * 7 + i * 3 + k * 5 + (it >> (k + 1))) % N_EXT];
        else x[i] = tu_rand64();
        if (it >= 2000 && (tu_rand64() & 3) == 0) x[i] = extremes[tu_rand64() % N_EXT] ^ (tu_rand64() & 3);
    }
}

static simde__m512i s512(const uint64_t *x) { return simde_mm512_loadu_si512((const void *)x); }
static simde__m256i s256(const uint64_t *x) { return simde_mm256_loadu_si256((const void *)x); }
static void o512(uint64_t *r, simde__m512i v) { simde_mm512_storeu_si512((void *)r, v); }
static void o256(uint64_t *r, simde__m256i v) { simde_mm256_storeu_si256((void *)r, v); }

static void same(const char *what, const uint64_t *native, const uint64_t *shim, int n, long it)
{
    CHECK(memcmp(native, shim, (size_t)n * 8) == 0, "%s: shim differs from the native instruction (case %ld)",
             what, it);
}

/* Operations by number, each computed natively (TGT functions) and by the
 * shim (plain functions) on lane arrays: no vector value crosses between code
 * compiled for different targets (their vector calling conventions differ). */
enum { MADD_LO512, MADD_HI512, MADD_LO256, MADD_HI256, MASK_SUB256, CMPLT512, CMPLT0_512, CVT8_512, CVT16_512,
       SRAI52_512, SRAI63_512, SRAI1_512, N_ARITH };
static const char *const arith_name[N_ARITH] = {"madd52lo 512", "madd52hi 512", "madd52lo 256", "madd52hi 256",
                                                "mask_sub 256", "cmplt_mask 512", "cmplt_mask 512 vs 0",
                                                "cvtepi8_epi64 512", "cvtepi16_epi64 512", "srai_epi64 52 512",
                                                "srai_epi64 63 512", "srai_epi64 1 512"};

TGT static void native_arith(int op, uint64_t r[8], const uint64_t a[8], const uint64_t b[8], const uint64_t c[8],
                             uint8_t k)
{
    __m512i A = _mm512_loadu_si512(a), B = _mm512_loadu_si512(b), C = _mm512_loadu_si512(c);
    __m256i A4 = _mm256_loadu_si256((const void *)a), B4 = _mm256_loadu_si256((const void *)b),
            C4 = _mm256_loadu_si256((const void *)c);
    memset(r, 0, 64);
    switch (op) {
    case MADD_LO512: _mm512_storeu_si512(r, _mm512_madd52lo_epu64(A, B, C)); break;
    case MADD_HI512: _mm512_storeu_si512(r, _mm512_madd52hi_epu64(A, B, C)); break;
    case MADD_LO256: _mm256_storeu_si256((void *)r, _mm256_madd52lo_epu64(A4, B4, C4)); break;
    case MADD_HI256: _mm256_storeu_si256((void *)r, _mm256_madd52hi_epu64(A4, B4, C4)); break;
    case MASK_SUB256: _mm256_storeu_si256((void *)r, _mm256_mask_sub_epi64(A4, k, B4, C4)); break;
    case CMPLT512: r[0] = _mm512_cmplt_epi64_mask(A, B); break;
    case CMPLT0_512: r[0] = _mm512_cmplt_epi64_mask(A, _mm512_setzero_si512()); break;
    case CVT8_512: _mm512_storeu_si512(r, _mm512_cvtepi8_epi64(_mm_loadu_si128((const void *)a))); break;
    case CVT16_512: _mm512_storeu_si512(r, _mm512_cvtepi16_epi64(_mm_loadu_si128((const void *)a))); break;
    case SRAI52_512: _mm512_storeu_si512(r, _mm512_srai_epi64(A, 52)); break;
    case SRAI63_512: _mm512_storeu_si512(r, _mm512_srai_epi64(A, 63)); break;
    case SRAI1_512: _mm512_storeu_si512(r, _mm512_srai_epi64(A, 1)); break;
    }
}

static void shim_arith(int op, uint64_t r[8], const uint64_t a[8], const uint64_t b[8], const uint64_t c[8], uint8_t k)
{
    memset(r, 0, 64);
    switch (op) {
    case MADD_LO512: o512(r, f25519_emu_madd52lo_512(s512(a), s512(b), s512(c))); break;
    case MADD_HI512: o512(r, f25519_emu_madd52hi_512(s512(a), s512(b), s512(c))); break;
    case MADD_LO256: o256(r, f25519_emu_madd52lo_256(s256(a), s256(b), s256(c))); break;
    case MADD_HI256: o256(r, f25519_emu_madd52hi_256(s256(a), s256(b), s256(c))); break;
    case MASK_SUB256: o256(r, f25519_emu_mask_sub_256(s256(a), k, s256(b), s256(c))); break;
    case CMPLT512: r[0] = f25519_emu_cmplt_mask_512(s512(a), s512(b)); break;
    case CMPLT0_512: r[0] = f25519_emu_cmplt_mask_512(s512(a), simde_mm512_setzero_si512()); break;
    case CVT8_512: o512(r, f25519_emu_cvtepi8_512(simde_mm_loadu_si128((const void *)a))); break;
    case CVT16_512: o512(r, f25519_emu_cvtepi16_512(simde_mm_loadu_si128((const void *)a))); break;
    case SRAI52_512: o512(r, f25519_emu_srai_512(s512(a), 52)); break;
    case SRAI63_512: o512(r, f25519_emu_srai_512(s512(a), 63)); break;
    case SRAI1_512: o512(r, f25519_emu_srai_512(s512(a), 1)); break;
    }
}

/* every immediate 0..255 of the two immediate forms */
#define C4(f, n) f(n) f(n + 1) f(n + 2) f(n + 3)
#define C16(f, n) C4(f, n) C4(f, n + 4) C4(f, n + 8) C4(f, n + 12)
#define C64(f, n) C16(f, n) C16(f, n + 16) C16(f, n + 32) C16(f, n + 48)
#define C256(f) C64(f, 0) C64(f, 64) C64(f, 128) C64(f, 192)

/* rp[imm] = permutex(a, imm), rs[imm] = shuffle_i64x2(a, b, imm) */
TGT static void native_perms(uint64_t rp[256][8], uint64_t rs[256][8], const uint64_t a[8], const uint64_t b[8])
{
    __m512i A = _mm512_loadu_si512(a), B = _mm512_loadu_si512(b);
#define PX(n)                                                        \
    _mm512_storeu_si512(rp[n], _mm512_permutex_epi64(A, (n)));       \
    _mm512_storeu_si512(rs[n], _mm512_shuffle_i64x2(A, B, (n)));
    C256(PX)
#undef PX
}

static void shim_perms(uint64_t rp[256][8], uint64_t rs[256][8], const uint64_t a[8], const uint64_t b[8])
{
    for (int n = 0; n < 256; n++) {
        o512(rp[n], f25519_emu_permutex_512(s512(a), n));
        o512(rs[n], f25519_emu_shuffle_i64x2_512(s512(a), s512(b), n));
    }
}

/* gather from / scatter into a 64-word table at indices idx (scale 8): r =
 * the gathered words, m = the gather of the lanes of k (v in the others),
 * t = the table after the scatter of v */
TGT static void native_gs(uint64_t r[8], uint64_t m[8], uint64_t t[64], const int64_t idx[8], const uint64_t v[8],
                          uint8_t k)
{
    __m512i I = _mm512_loadu_si512(idx);
    _mm512_storeu_si512(r, _mm512_i64gather_epi64(I, (const void *)t, 8));
    _mm512_storeu_si512(m, _mm512_mask_i64gather_epi64(_mm512_loadu_si512(v), k, I, (const void *)t, 8));
    _mm512_i64scatter_epi64((void *)t, I, _mm512_loadu_si512(v), 8);
}

static void shim_gs(uint64_t r[8], uint64_t m[8], uint64_t t[64], const int64_t idx[8], const uint64_t v[8],
                    uint8_t k)
{
    simde__m512i I = s512((const uint64_t *)idx);
    o512(r, f25519_emu_i64gather_512(I, t, 8));
    o512(m, f25519_emu_mask_i64gather_512(s512(v), k, I, t, 8));
    f25519_emu_i64scatter_512(t, I, s512(v), 8);
}

/* random indices, some repeated (the scatter's order), the table random */
static void check_gather_scatter(long it)
{
    uint64_t tn[64], ts[64], v[8], rn[8], rs[8], mn[8], ms[8];
    int64_t idx[8];
    const uint8_t k = (uint8_t)tu_rand64();
    for (int i = 0; i < 64; i++) tn[i] = ts[i] = tu_rand64();
    for (int i = 0; i < 8; i++) {
        v[i] = tu_rand64();
        idx[i] = (int64_t)tu_rand_below(it & 1 ? 64 : 6);
    }
    native_gs(rn, mn, tn, idx, v, k);
    shim_gs(rs, ms, ts, idx, v, k);
    same("i64gather_epi64 512", rn, rs, 8, it);
    same("mask_i64gather_epi64 512", mn, ms, 8, it);
    same("i64scatter_epi64 512", tn, ts, 64, it);
}

static void check_case(long it)
{
    uint64_t a[8], b[8], c[8], rn[8], rs[8];
    operands(a, it, 0);
    operands(b, it, 1);
    operands(c, it, 2);
    uint8_t k = (uint8_t)(it & 15);
    for (int op = 0; op < N_ARITH; op++) {
        native_arith(op, rn, a, b, c, k);
        shim_arith(op, rs, a, b, c, k);
        same(arith_name[op], rn, rs, 8, it);
    }
}

static void check_perms(long it)
{
    static uint64_t np[256][8], ns[256][8], sp[256][8], ss[256][8];
    uint64_t a[8], b[8];
    operands(a, it, 3);
    operands(b, it, 4);
    native_perms(np, ns, a, b);
    shim_perms(sp, ss, a, b);
    for (int n = 0; n < 256; n++) {
        CHECK(memcmp(np[n], sp[n], 64) == 0, "permutex_epi64 imm %d: shim differs (case %ld)", n, it);
        CHECK(memcmp(ns[n], ss[n], 64) == 0, "shuffle_i64x2 imm %d: shim differs (case %ld)", n, it);
    }
}

/* a masked store of v over a random aligned vector: only the lanes of k
 * written */
TGT static void native_store(uint64_t t[8], const uint64_t v[8], uint8_t k)
{
    _mm512_mask_store_epi64((void *)t, k, _mm512_loadu_si512(v));
}
static void check_mask_store(long it)
{
    uint64_t tn[8] __attribute__((aligned(64))), ts[8] __attribute__((aligned(64))), v[8];
    const uint8_t k = (uint8_t)tu_rand64();
    for (int i = 0; i < 8; i++) {
        tn[i] = ts[i] = tu_rand64();
        v[i] = tu_rand64();
    }
    native_store(tn, v, k);
    f25519_emu_mask_store_512(ts, k, s512(v));
    same("mask_store_epi64 512", tn, ts, 8, it);
}

int main(void)
{
    tu_require_ifma_code("emu_shim");
    tu_rng_init();
    for (long it = 0; it < 200000; it++) check_case(it);
    for (long it = 0; it < 200; it++) check_perms(it);
    for (long it = 0; it < 20000; it++) check_gather_scatter(it);
    for (long it = 0; it < 2000; it++) check_mask_store(it);
    return tu_finish("emu_shim (src/arch/emu_shim.h vs the native instructions)");
}
