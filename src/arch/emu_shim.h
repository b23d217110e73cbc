/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * Exact portable stand-ins for the AVX-512 instructions the vector backends
 * use and SIMDe 0.7.4 (Debian 12's libsimde-dev) does not emulate: the four
 * IFMA multiply-adds and the AVX-512F/VL operations below. TEST-ONLY: used by the
 * emulated build of the vector backends (simd_x86.h, F25519_EMU=1), never by
 * an installed library. Each is written from the instruction's definition,
 * one 64-bit lane at a time; tests/arch/test_emu_shim.c compares every one
 * with the native instruction on random and extreme operands on a host that
 * has it.
 *
 *   vpmadd52luq  madd52lo(acc, b, c): acc + low 52 bits of (b mod 2^52)(c mod 2^52)
 *   vpmadd52huq  madd52hi(acc, b, c): acc + bits 52..103 of the same product
 *                (both mod 2^64 per lane, 256- and 512-bit forms)
 *   vpsubq{k}    mask_sub_256(src, k, a, b): lane i = k_i ? a_i - b_i : src_i
 *   vpcmpq(LT)   cmplt_mask_512(a, b): bit i = (int64) a_i < (int64) b_i
 *   vpmovsxbq    cvtepi8_512(a): the low 8 bytes of a, sign-extended
 *   vpermq imm   permutex_512(a, imm): in each 256-bit half h, lane j =
 *                a_{4h + ((imm >> 2j) & 3)}
 *   vshufi64x2   shuffle_i64x2_512(a, b, imm): 128-bit blocks
 *                [a_{imm[1:0]}, a_{imm[3:2]}, b_{imm[5:4]}, b_{imm[7:6]}]
 *   vpmovsxwq    cvtepi16_512(a): the low 8 16-bit words of a, sign-extended
 *   vpgatherqq   i64gather_512(vindex, base, scale): lane i = the 64-bit word
 *                at base + vindex_i * scale
 *   vpgatherqq{k} mask_i64gather_512(src, k, vindex, base, scale): lane i =
 *                k_i ? the word at base + vindex_i * scale : src_i (lanes
 *                outside k not read)
 *   vpscatterqq  i64scatter_512(base, vindex, v, scale): v_i to base +
 *                vindex_i * scale, lane 0 first (a later lane's write wins)
 *   vmovdqa64{k} mask_store_512(p, k, v): v_i to p + 8 i for the lanes of k
 *                (the other words not written)
 *   vpsraq imm   srai_512(a, imm): each lane shifted right by imm, the sign
 *                bit copied in (imm 0..63)
 */
#ifndef F25519_ARCH_EMU_SHIM_H
#define F25519_ARCH_EMU_SHIM_H
#include <stdint.h>
#include <string.h>
#include <simde/x86/avx512.h>

#define F25519_EMU_M52 ((UINT64_C(1) << 52) - 1)

/* Vectors <-> lane arrays (SIMDe's public loads/stores only). */
#define F25519_EMU_OUT512(arr, v) simde_mm512_storeu_si512((void *)(arr), (v))
#define F25519_EMU_IN512(arr) simde_mm512_loadu_si512((const void *)(arr))
#define F25519_EMU_OUT256(arr, v) simde_mm256_storeu_si256((void *)(arr), (v))
#define F25519_EMU_IN256(arr) simde_mm256_loadu_si256((const void *)(arr))

static inline void f25519_emu_madd52(uint64_t *acc, const uint64_t *b, const uint64_t *c, int n, int hi)
{
    for (int i = 0; i < n; i++) {
        unsigned __int128 p = (unsigned __int128)(b[i] & F25519_EMU_M52) * (c[i] & F25519_EMU_M52);
        acc[i] += hi ? (uint64_t)(p >> 52) : (uint64_t)p & F25519_EMU_M52;
    }
}

#define F25519_EMU_MADD52_FN(name, vec, n, IN, OUT, hi)                      \
    static inline vec name(vec acc, vec b, vec c)                            \
    {                                                                        \
        uint64_t a_[n], b_[n], c_[n];                                        \
        OUT(a_, acc);                                                        \
        OUT(b_, b);                                                          \
        OUT(c_, c);                                                          \
        f25519_emu_madd52(a_, b_, c_, n, hi);                                \
        return IN(a_);                                                       \
    }
F25519_EMU_MADD52_FN(f25519_emu_madd52lo_512, simde__m512i, 8, F25519_EMU_IN512, F25519_EMU_OUT512, 0)
F25519_EMU_MADD52_FN(f25519_emu_madd52hi_512, simde__m512i, 8, F25519_EMU_IN512, F25519_EMU_OUT512, 1)
F25519_EMU_MADD52_FN(f25519_emu_madd52lo_256, simde__m256i, 4, F25519_EMU_IN256, F25519_EMU_OUT256, 0)
F25519_EMU_MADD52_FN(f25519_emu_madd52hi_256, simde__m256i, 4, F25519_EMU_IN256, F25519_EMU_OUT256, 1)
#undef F25519_EMU_MADD52_FN

static inline simde__m256i f25519_emu_mask_sub_256(simde__m256i src, uint8_t k, simde__m256i a, simde__m256i b)
{
    uint64_t s[4], x[4], y[4];
    F25519_EMU_OUT256(s, src);
    F25519_EMU_OUT256(x, a);
    F25519_EMU_OUT256(y, b);
    for (int i = 0; i < 4; i++)
        if ((k >> i) & 1) s[i] = x[i] - y[i];
    return F25519_EMU_IN256(s);
}

static inline simde__m512i f25519_emu_srai_512(simde__m512i a, int imm)
{
    uint64_t x[8];
    F25519_EMU_OUT512(x, a);
    for (int i = 0; i < 8; i++) x[i] = x[i] >> 63 ? ~(~x[i] >> imm) : x[i] >> imm;
    return F25519_EMU_IN512(x);
}

static inline uint8_t f25519_emu_cmplt_mask_512(simde__m512i a, simde__m512i b)
{
    int64_t x[8], y[8];
    uint8_t m = 0;
    F25519_EMU_OUT512(x, a);
    F25519_EMU_OUT512(y, b);
    for (int i = 0; i < 8; i++) m |= (uint8_t)((x[i] < y[i]) << i);
    return m;
}

static inline simde__m512i f25519_emu_cvtepi8_512(simde__m128i a)
{
    int8_t x[16];
    int64_t r[8];
    simde_mm_storeu_si128((void *)x, a);
    for (int i = 0; i < 8; i++) r[i] = x[i];
    return F25519_EMU_IN512(r);
}

static inline simde__m512i f25519_emu_permutex_512(simde__m512i a, int imm)
{
    uint64_t x[8], r[8];
    F25519_EMU_OUT512(x, a);
    for (int h = 0; h < 2; h++)
        for (int j = 0; j < 4; j++) r[4 * h + j] = x[4 * h + ((imm >> (2 * j)) & 3)];
    return F25519_EMU_IN512(r);
}

static inline simde__m512i f25519_emu_shuffle_i64x2_512(simde__m512i a, simde__m512i b, int imm)
{
    uint64_t x[8], y[8], r[8];
    F25519_EMU_OUT512(x, a);
    F25519_EMU_OUT512(y, b);
    for (int blk = 0; blk < 4; blk++) {
        const uint64_t *s = blk < 2 ? x : y;
        int sel = (imm >> (2 * blk)) & 3;
        r[2 * blk] = s[2 * sel];
        r[2 * blk + 1] = s[2 * sel + 1];
    }
    return F25519_EMU_IN512(r);
}

static inline simde__m512i f25519_emu_cvtepi16_512(simde__m128i a)
{
    int16_t x[8];
    int64_t r[8];
    simde_mm_storeu_si128((void *)x, a);
    for (int i = 0; i < 8; i++) r[i] = x[i];
    return F25519_EMU_IN512(r);
}

static inline simde__m512i f25519_emu_i64gather_512(simde__m512i vindex, const void *base, int scale)
{
    int64_t idx[8];
    uint64_t r[8];
    F25519_EMU_OUT512(idx, vindex);
    for (int i = 0; i < 8; i++) memcpy(&r[i], (const char *)base + idx[i] * scale, 8);
    return F25519_EMU_IN512(r);
}

static inline simde__m512i f25519_emu_mask_i64gather_512(simde__m512i src, simde__mmask8 k, simde__m512i vindex,
                                                         const void *base, int scale)
{
    int64_t idx[8];
    uint64_t r[8];
    F25519_EMU_OUT512(idx, vindex);
    F25519_EMU_OUT512(r, src);
    for (int i = 0; i < 8; i++)
        if ((k >> i) & 1) memcpy(&r[i], (const char *)base + idx[i] * scale, 8);
    return F25519_EMU_IN512(r);
}

static inline void f25519_emu_i64scatter_512(void *base, simde__m512i vindex, simde__m512i v, int scale)
{
    int64_t idx[8];
    uint64_t x[8];
    F25519_EMU_OUT512(idx, vindex);
    F25519_EMU_OUT512(x, v);
    for (int i = 0; i < 8; i++) memcpy((char *)base + idx[i] * scale, &x[i], 8);
}

static inline void f25519_emu_mask_store_512(void *p, simde__mmask8 k, simde__m512i v)
{
    uint64_t x[8];
    F25519_EMU_OUT512(x, v);
    for (int i = 0; i < 8; i++)
        if ((k >> i) & 1) memcpy((char *)p + 8 * i, &x[i], 8);
}
#endif
