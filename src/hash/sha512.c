/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/* SHA-512 (FIPS 180-4 sections 4.1.3, 5.3.5, 6.4). Straight-line, no
 * data-dependent branches on message content.
 *
 * Compression: 80 rounds fully unrolled, the roles of a..h rotate through
 * the round macro's arguments (no register shuffling), the message schedule
 * is a 16-word circular window computed on the fly (FIPS 180-4 6.4.2 step 1
 * with W[t] overwriting W[t-16]). On x86-64 a second copy is compiled for
 * BMI2 (gcc emits rorx: a non-destructive rotate that leaves the flags
 * alone) and picked per call from the dispatcher's CPUID features. */
#include <string.h>
#include "hash/sha512.h"
#include "hash/sha512_x8.h"
#include "hash/sha512_rounds.h"

#define K f25519_sha512_k
#define H0 f25519_sha512_h0
#include "common/cpu.h"
#include "common/wipe.h"

const uint64_t f25519_sha512_k[80] = { /* also read by sha512_x8_avx512.c */
    0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
    0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
    0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
    0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
    0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
    0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
    0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
    0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
    0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
    0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
    0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
    0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
    0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
    0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
    0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
    0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
    0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
    0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
    0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
    0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull,
};

const uint64_t f25519_sha512_h0[8] = {
    0x6a09e667f3bcc908ull, 0xbb67ae8584caa73bull, 0x3c6ef372fe94f82bull, 0xa54ff53a5f1d36f1ull,
    0x510e527fade682d1ull, 0x9b05688c2b3e6c1full, 0x1f83d9abfb41bd6bull, 0x5be0cd19137e2179ull,
};

static inline uint64_t ror(uint64_t x, int n) { return (x >> n) | (x << (64 - n)); }

static inline uint64_t load_be64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__GNUC__)
    return __builtin_bswap64(v);
#elif defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return v;
#else
    return ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40) |
           ((uint64_t)p[3] << 32) | ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16) |
           ((uint64_t)p[6] << 8) | (uint64_t)p[7];
#endif
}

static inline void store_be64(uint8_t *p, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && defined(__GNUC__)
    v = __builtin_bswap64(v);
    memcpy(p, &v, 8);
#else
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (56 - 8 * i));
#endif
}

#define S0(x) (ror(x, 28) ^ ror(x, 34) ^ ror(x, 39))
#define S1(x) (ror(x, 14) ^ ror(x, 18) ^ ror(x, 41))
#define s0(x) (ror(x, 1) ^ ror(x, 8) ^ ((x) >> 7))
#define s1(x) (ror(x, 19) ^ ror(x, 61) ^ ((x) >> 6))
#define CH(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
/* (a^b) of one round is (b^c) of the next: the compiler shares it. */
#define MAJ(x, y, z) ((((x) ^ (y)) & ((y) ^ (z))) ^ (y))

/* W[t] for t < 16 (loaded) and t >= 16 (in place over W[t-16]). */
#define WL(t) (w[t] = load_be64(p + 8 * (t)))
#define WS(t) (w[(t) & 15] += s1(w[((t) - 2) & 15]) + w[((t) - 7) & 15] + s0(w[((t) - 15) & 15]))

/* One round with the roles given by the arguments: the caller rotates
 * them by one per round instead of moving eight values. */
#define RND(a, b, c, d, e, f, g, h, t, W)                            \
    do {                                                             \
        uint64_t t1_ = (h) + S1(e) + CH(e, f, g) + K[t] + (W);       \
        (d) += t1_;                                                  \
        (h) = t1_ + S0(a) + MAJ(a, b, c);                            \
    } while (0)

#define R8(t, WX) F25519_SHA512_R8(RND, t, WX)

#define COMPRESS_BODY                                                          \
    {                                                                          \
        uint64_t w[16];                                                        \
        while (nblocks--) {                                                    \
            uint64_t a = st[0], b = st[1], c = st[2], d = st[3];               \
            uint64_t e = st[4], f = st[5], g = st[6], h = st[7];               \
            R8(0, WL); R8(8, WL);                                              \
            R8(16, WS); R8(24, WS); R8(32, WS); R8(40, WS);                    \
            R8(48, WS); R8(56, WS); R8(64, WS); R8(72, WS);                    \
            st[0] += a; st[1] += b; st[2] += c; st[3] += d;                    \
            st[4] += e; st[5] += f; st[6] += g; st[7] += h;                    \
            p += 128;                                                          \
        }                                                                      \
    }

/* noinline: the frame (schedule words, spilled working words) is a fixed
 * region below the caller's stack pointer, which f25519_burn_stack() then covers. */
__attribute__((noinline)) static void compress_generic(uint64_t st[8], const uint8_t *p,
                                                       size_t nblocks)
COMPRESS_BODY

#if defined(__x86_64__) && defined(__GNUC__)
#define F25519_SHA512_BMI2 1
#include <immintrin.h>
__attribute__((noinline, target("bmi2"))) static void compress_bmi2(uint64_t st[8], const uint8_t *p,
                                                                    size_t nblocks)
COMPRESS_BODY

/* AVX2 machines: the message schedule runs in 128-bit vectors (two words
 * per step, W[t+1] needs W[t-1] so two is the width), interleaved with the
 * scalar rounds, which read W[t] + K[t] from a 16-word circular buffer.
 * X[i] holds the word pair W[2i], W[2i+1] (mod 16). */
#define VROR(x, n) _mm_or_si128(_mm_srli_epi64(x, n), _mm_slli_epi64(x, 64 - (n)))
#define VS0(x) _mm_xor_si128(_mm_xor_si128(VROR(x, 1), VROR(x, 8)), _mm_srli_epi64(x, 7))
#define VS1(x) _mm_xor_si128(_mm_xor_si128(VROR(x, 19), VROR(x, 61)), _mm_srli_epi64(x, 6))
/* After rounds t, t+1 (t even, t < 64): W[t+16], W[t+17] =
 * W[t] + s0(W[t+1]) + W[t+9] + s1(W[t+14]) (and +1), then + K into wk. */
#define VSTEP(t)                                                                            \
    do {                                                                                    \
        __m128i x0_ = X[((t) >> 1) & 7];                                                    \
        __m128i w1_ = _mm_alignr_epi8(X[(((t) >> 1) + 1) & 7], x0_, 8);                     \
        __m128i w9_ = _mm_alignr_epi8(X[(((t) >> 1) + 5) & 7], X[(((t) >> 1) + 4) & 7], 8); \
        x0_ = _mm_add_epi64(_mm_add_epi64(x0_, VS0(w1_)),                                   \
                            _mm_add_epi64(w9_, VS1(X[(((t) >> 1) + 7) & 7])));              \
        X[((t) >> 1) & 7] = x0_;                                                            \
        _mm_storeu_si128((__m128i *)&wk[(t) & 15],                                          \
                         _mm_add_epi64(x0_, _mm_loadu_si128((const __m128i *)&K[(t) + 16]))); \
    } while (0)
#define RNDW(a, b, c, d, e, f, g, h, t)                              \
    do {                                                             \
        uint64_t t1_ = (h) + S1(e) + CH(e, f, g) + wk[(t) & 15];     \
        (d) += t1_;                                                  \
        (h) = t1_ + S0(a) + MAJ(a, b, c);                            \
    } while (0)
#define R8W(t, V)                                                  \
    RNDW(a, b, c, d, e, f, g, h, (t) + 0);                         \
    RNDW(h, a, b, c, d, e, f, g, (t) + 1); V((t) + 0);             \
    RNDW(g, h, a, b, c, d, e, f, (t) + 2);                         \
    RNDW(f, g, h, a, b, c, d, e, (t) + 3); V((t) + 2);             \
    RNDW(e, f, g, h, a, b, c, d, (t) + 4);                         \
    RNDW(d, e, f, g, h, a, b, c, (t) + 5); V((t) + 4);             \
    RNDW(c, d, e, f, g, h, a, b, (t) + 6);                         \
    RNDW(b, c, d, e, f, g, h, a, (t) + 7); V((t) + 6)
#define VNONE(t) ((void)0)

#define COMPRESS_VEC_BODY \
{ \
    uint64_t wk[16]; \
    __m128i X[8]; \
    const __m128i bswap = _mm_set_epi8(8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7); \
    while (nblocks--) { \
        for (int i = 0; i < 8; i++) { \
            X[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * i)), bswap); \
            _mm_storeu_si128((__m128i *)&wk[2 * i], \
                             _mm_add_epi64(X[i], _mm_loadu_si128((const __m128i *)&K[2 * i]))); \
        } \
        uint64_t a = st[0], b = st[1], c = st[2], d = st[3]; \
        uint64_t e = st[4], f = st[5], g = st[6], h = st[7]; \
        R8W(0, VSTEP); R8W(8, VSTEP); R8W(16, VSTEP); R8W(24, VSTEP); \
        R8W(32, VSTEP); R8W(40, VSTEP); R8W(48, VSTEP); R8W(56, VSTEP); \
        R8W(64, VNONE); R8W(72, VNONE); \
        st[0] += a; st[1] += b; st[2] += c; st[3] += d; \
        st[4] += e; st[5] += f; st[6] += g; st[7] += h; \
        p += 128; \
    } \
    /* the schedule also lives in vector registers: clear them all */ \
    VEC_CLEAR(); \
}

#define VEC_CLEAR() _mm256_zeroall()
__attribute__((noinline, target("bmi2,avx2"))) static void compress_avx2(uint64_t st[8], const uint8_t *p,
                                                                         size_t nblocks)
COMPRESS_VEC_BODY

/* AVX-512VL (Zen 4, Ice Lake and later): one-instruction vector rotates. */
#undef VROR
#define VROR(x, n) _mm_ror_epi64(x, n)
/* vzeroall clears zmm0-15; gcc also allocates xmm16-31 here */
#undef VEC_CLEAR
#define VEC_CLEAR()                                                                        \
    do {                                                                                   \
        _mm256_zeroall();                                                                  \
        __asm__ __volatile__(                                                              \
            "vpxord %%xmm16, %%xmm16, %%xmm16\n\tvpxord %%xmm17, %%xmm17, %%xmm17\n\t"      \
            "vpxord %%xmm18, %%xmm18, %%xmm18\n\tvpxord %%xmm19, %%xmm19, %%xmm19\n\t"      \
            "vpxord %%xmm20, %%xmm20, %%xmm20\n\tvpxord %%xmm21, %%xmm21, %%xmm21\n\t"      \
            "vpxord %%xmm22, %%xmm22, %%xmm22\n\tvpxord %%xmm23, %%xmm23, %%xmm23\n\t"      \
            "vpxord %%xmm24, %%xmm24, %%xmm24\n\tvpxord %%xmm25, %%xmm25, %%xmm25\n\t"      \
            "vpxord %%xmm26, %%xmm26, %%xmm26\n\tvpxord %%xmm27, %%xmm27, %%xmm27\n\t"      \
            "vpxord %%xmm28, %%xmm28, %%xmm28\n\tvpxord %%xmm29, %%xmm29, %%xmm29\n\t"      \
            "vpxord %%xmm30, %%xmm30, %%xmm30\n\tvpxord %%xmm31, %%xmm31, %%xmm31"            \
            ::: "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23",  \
              "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31");  \
    } while (0)
__attribute__((noinline, target("bmi2,avx2,avx512f,avx512vl"))) static void compress_avx512(
    uint64_t st[8], const uint8_t *p, size_t nblocks)
COMPRESS_VEC_BODY
#endif

static inline void compress(uint64_t st[8], const uint8_t *p, size_t nblocks)
{
#ifdef F25519_SHA512_BMI2
    uint32_t feat = f25519_cpu_features();
    const uint32_t v512 = F25519_CPU_BMI2 | F25519_CPU_AVX2 | F25519_CPU_AVX512F | F25519_CPU_AVX512VL;
    if ((feat & v512) == v512)
        compress_avx512(st, p, nblocks);
    else if ((feat & (F25519_CPU_BMI2 | F25519_CPU_AVX2)) == (F25519_CPU_BMI2 | F25519_CPU_AVX2))
        compress_avx2(st, p, nblocks);
    else if (feat & F25519_CPU_BMI2)
        compress_bmi2(st, p, nblocks);
    else
#endif
        compress_generic(st, p, nblocks);
    /* the compression frame's dead stack: the last 16 schedule words invert
     * to the block (the recurrence runs backwards) and the block may be a
     * seed or a nonce prefix; spilled working words are secret-derived too
     * (the frame is well below F25519_BURN_BYTES: gcc -fstack-usage) */
    f25519_burn_stack();
}

void f25519_sha512_init(f25519_sha512_ctx *c)
{
    memcpy(c->h, H0, sizeof H0);
    c->nbytes_lo = c->nbytes_hi = 0;
    c->buflen = 0;
}

void f25519_sha512_update(f25519_sha512_ctx *c, const void *data, size_t len)
{
    const uint8_t *in = data;
    if (len == 0) return;
    uint64_t lo = c->nbytes_lo + (uint64_t)len;
    c->nbytes_hi += (lo < c->nbytes_lo);
    c->nbytes_lo = lo;
    if (c->buflen) {
        size_t take = 128 - c->buflen;
        if (take > len) take = len;
        memcpy(c->buf + c->buflen, in, take);
        c->buflen += take;
        in += take;
        len -= take;
        if (c->buflen < 128) return;
        compress(c->h, c->buf, 1);
        c->buflen = 0;
    }
    if (len >= 128) {
        compress(c->h, in, len / 128);
        in += len & ~(size_t)127;
        len &= 127;
    }
    if (len) {
        memcpy(c->buf, in, len);
        c->buflen = len;
    }
}

/* Pads the n < 128 trailing bytes already in blk (room for 256) and returns
 * the number of final blocks (1 or 2). */
static size_t pad_tail(uint8_t *blk, size_t n, uint64_t nbytes_hi, uint64_t nbytes_lo)
{
    size_t total = n < 112 ? 128 : 256;
    blk[n] = 0x80;
    memset(blk + n + 1, 0, total - 16 - (n + 1));
    /* 128-bit big-endian bit length */
    store_be64(blk + total - 16, (nbytes_hi << 3) | (nbytes_lo >> 61));
    store_be64(blk + total - 8, nbytes_lo << 3);
    return total / 128;
}

void f25519_sha512_final(f25519_sha512_ctx *c, uint8_t out[64])
{
    uint8_t blk[256];
    memcpy(blk, c->buf, c->buflen);
    size_t nb = pad_tail(blk, c->buflen, c->nbytes_hi, c->nbytes_lo);
    compress(c->h, blk, nb);
    for (int i = 0; i < 8; i++) store_be64(out + 8 * i, c->h[i]);
    f25519_wipe(blk, 128 * nb);
    f25519_wipe(c, sizeof *c);
}

/* One shot: whole blocks straight from the input, the tail padded once. */
void f25519_sha512(uint8_t out[64], const void *data, size_t len)
{
    const uint8_t *in = data;
    uint64_t st[8];
    uint8_t blk[256];
    memcpy(st, H0, sizeof st);
    size_t full = len / 128, rem = len & 127;
    if (full) compress(st, in, full);
    if (rem) memcpy(blk, in + 128 * full, rem);
    size_t nb = pad_tail(blk, rem, 0, (uint64_t)len);
    compress(st, blk, nb);
    for (int i = 0; i < 8; i++) store_be64(out + 8 * i, st[i]);
    f25519_wipe(blk, 128 * nb);
    f25519_wipe(st, sizeof st);
}

/* d[0..n) = s[0..n) for n <= 128 without a call: 16-byte moves, the last
 * one overlapping the one before (the blocks' parts are short). */
static inline void copy_short(uint8_t *d, const uint8_t *s, size_t n)
{
    if (n >= 16) {
        for (size_t i = 0; i + 16 < n; i += 16) memcpy(d + i, s + i, 16);
        memcpy(d + n - 16, s + n - 16, 16);
    } else if (n >= 8) {
        memcpy(d, s, 8);
        memcpy(d + n - 8, s + n - 8, 8);
    } else {
        for (size_t i = 0; i < n; i++) d[i] = s[i];
    }
}

/* The multi-buffer versions' blocks (sha512_x8.h). */
void f25519_sha512_lane_block(uint8_t blk[128], const f25519_sha512_msg *m, size_t total, size_t j)
{
    const size_t lo = 128 * j, hi = lo + 128;
    size_t start = 0;
    memset(blk, 0, 128);
    for (int k = 0; k < 3; k++) { /* the message bytes in [lo, hi) */
        const size_t end = start + m->n[k];
        const size_t a = start > lo ? start : lo, b = end < hi ? end : hi;
        if (a < b) copy_short(blk + (a - lo), m->p[k] + (a - start), b - a);
        start = end;
    }
    if (total >= lo && total < hi) blk[total - lo] = 0x80;
    if ((total + 17 + 127) / 128 == j + 1) { /* the last block: the 128-bit bit length */
        store_be64(blk + 112, (uint64_t)((unsigned __int128)total >> 61));
        store_be64(blk + 120, (uint64_t)total << 3);
    }
}

const uint8_t *f25519_sha512_lane_bytes(uint8_t blk[128], const f25519_sha512_msg *m, size_t total, size_t j)
{
    const size_t lo = 128 * j, hi = lo + 128;
    size_t start = 0;
    for (int k = 0; k < 3 && hi <= total; k++) {
        const size_t end = start + m->n[k];
        if (start <= lo && hi <= end) return m->p[k] + (lo - start);
        start = end;
    }
    f25519_sha512_lane_block(blk, m, total, j);
    return blk;
}

size_t f25519_sha512_lanes_begin(size_t total[], size_t nb[], const f25519_sha512_msg m[], int lanes)
{
    size_t most = 0;
    for (int l = 0; l < lanes; l++) {
        total[l] = m[l].n[0] + m[l].n[1] + m[l].n[2];
        nb[l] = (total[l] + 17 + 127) / 128;
        if (nb[l] > most) most = nb[l];
    }
    return most;
}

void f25519_sha512_lanes_end(uint8_t (*out)[64], const uint64_t *v, int lanes)
{
    for (int l = 0; l < lanes; l++)
        for (int i = 0; i < 8; i++) store_be64(out[l] + 8 * i, v[i * lanes + l]);
}
