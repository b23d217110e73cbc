/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * f25519_bad_input: every API entry with bad input gets its documented error
 * code, never a crash and never a silent accept; output buffers are zeroed on
 * error. With --forced-missing (run under FAST25519_BACKEND=bogus, or its former name FAST25519_IMPL) it checks that
 * a forced, missing backend fails closed with F25519_ERR_UNSUPPORTED.
 */
#include <stdlib.h>
#include <string.h>
#include "fast25519.h"
#include "testutil.h"

#define EXPECT(call, want) do { int rc_ = (call); \
    CHECK(rc_ == (want), "%s:%d: %s -> %d (%s), want %d (%s)", __FILE__, __LINE__, #call, rc_, \
             f25519_strerror(rc_), (want), f25519_strerror(want)); } while (0)
#define EXPECT_ZERO(buf) CHECK(zero(buf, sizeof(buf)), "%s:%d: %s not zeroed on error", __FILE__, __LINE__, #buf)

static int zero(const void *p, size_t n)
{
    const uint8_t *b = p;
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= b[i];
    return acc == 0;
}

static uint8_t seed[32], pub[32], msg[40], sig[64];
static uint8_t ctx[300];

static void hex32(uint8_t out[32], const char *h) { tu_hex_exact(out, 32, h, "constant"); }

static void x25519_bad(void)
{
    uint8_t k[32], u[32], out[32], out8[8][32], k8[8][32], u8[8][32];
    int st[8];
    memset(k, 7, 32);
    f25519_x25519_public(u, k);
    EXPECT(f25519_x25519_keygen(NULL, out), F25519_ERR_ARG);
    EXPECT(f25519_x25519_keygen(k, NULL), F25519_ERR_ARG);
    EXPECT(f25519_x25519_public(NULL, k), F25519_ERR_ARG);
    memset(out, 0xaa, 32);
    EXPECT(f25519_x25519_public(out, NULL), F25519_ERR_ARG);
    EXPECT_ZERO(out);
    memset(out, 0xaa, 32);
    EXPECT(f25519_x25519_derive(NULL, k, u, 32), F25519_ERR_ARG);
    EXPECT(f25519_x25519_derive(out, NULL, u, 32), F25519_ERR_ARG);
    EXPECT_ZERO(out);
    memset(out, 0xaa, 32);
    EXPECT(f25519_x25519_derive(out, k, NULL, 32), F25519_ERR_ARG);
    EXPECT_ZERO(out);
    static const size_t bad_lens[] = {0, 1, 31, 33, 64};
    for (size_t i = 0; i < sizeof bad_lens / sizeof bad_lens[0]; i++) {
        uint8_t big[64] = {9};
        memset(out, 0xaa, 32);
        EXPECT(f25519_x25519_derive(out, k, big, bad_lens[i]), F25519_ERR_LENGTH);
        EXPECT_ZERO(out);
    }
    /* Low-order peers (top bit clear and set): all-zero secret rejected, output zeroed. */
    const char *const *low = tu_x25519_low_order;
    for (size_t i = 0; i < TU_X25519_LOW_ORDER_N; i++) {
        for (int top = 0; top < 2; top++) {
            hex32(u8[0], low[i]);
            u8[0][31] |= (uint8_t)(top << 7);
            memset(out, 0xaa, 32);
            EXPECT(f25519_x25519_derive(out, k, u8[0], 32), F25519_ERR_ZERO_SHARED);
            EXPECT_ZERO(out);
        }
    }
    /* Batch entries. */
    memset(k8, 5, sizeof k8);
    memset(u8, 9, sizeof u8);
    EXPECT(f25519_x25519_keygen_x8(NULL, (const uint8_t(*)[32])k8), F25519_ERR_ARG);
    memset(out8, 0xaa, sizeof out8);
    EXPECT(f25519_x25519_keygen_x8(out8, NULL), F25519_ERR_ARG);
    EXPECT_ZERO(out8);
    EXPECT(f25519_ed25519_keygen_x8(NULL, (const uint8_t(*)[32])k8), F25519_ERR_ARG);
    memset(out8, 0xaa, sizeof out8);
    EXPECT(f25519_ed25519_keygen_x8(out8, NULL), F25519_ERR_ARG);
    EXPECT_ZERO(out8);
    EXPECT(f25519_x25519_derive_x8(NULL, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])u8, st), F25519_ERR_ARG);
    memset(out8, 0xaa, sizeof out8);
    EXPECT(f25519_x25519_derive_x8(out8, NULL, (const uint8_t(*)[32])u8, st), F25519_ERR_ARG);
    EXPECT_ZERO(out8);
    memset(out8, 0xaa, sizeof out8);
    EXPECT(f25519_x25519_derive_x8(out8, (const uint8_t(*)[32])k8, NULL, st), F25519_ERR_ARG);
    EXPECT_ZERO(out8);
    /* One low-order lane: that lane's status and zeroed output, the rest intact. */
    hex32(u8[3], low[2]);
    memset(out8, 0xaa, sizeof out8);
    EXPECT(f25519_x25519_derive_x8(out8, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])u8, st),
           F25519_ERR_ZERO_SHARED);
    CHECK(st[3] == F25519_ERR_ZERO_SHARED && zero(out8[3], 32), "derive_x8: low-order lane 3 status %d", st[3]);
    CHECK(st[0] == F25519_OK && !zero(out8[0], 32), "derive_x8: lane 0 status %d", st[0]);
}

/* S = L, S = L + 1, S = 2^256 - 1, S = 2^253 (all >= L). */
static void set_big_s(uint8_t s[32], int which)
{
    static const char *const big[] = {
        "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010",
        "eed3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010",
        "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "0000000000000000000000000000000000000000000000000000000000000020"};
    hex32(s, big[which]);
}

static void ed25519_sign_bad(void)
{
    uint8_t out[64], p2[32];
    EXPECT(f25519_ed25519_keygen(NULL, p2), F25519_ERR_ARG);
    EXPECT(f25519_ed25519_keygen(p2, NULL), F25519_ERR_ARG);
    EXPECT(f25519_ed25519_public(NULL, seed), F25519_ERR_ARG);
    memset(p2, 0xaa, 32);
    EXPECT(f25519_ed25519_public(p2, NULL), F25519_ERR_ARG);
    EXPECT_ZERO(p2);

    EXPECT(f25519_ed25519_sign(NULL, msg, sizeof msg, seed, pub), F25519_ERR_ARG);
    memset(out, 0xaa, 64);
    EXPECT(f25519_ed25519_sign(out, msg, sizeof msg, NULL, pub), F25519_ERR_ARG);
    EXPECT_ZERO(out);
    memset(out, 0xaa, 64);
    EXPECT(f25519_ed25519_sign(out, NULL, 5, seed, pub), F25519_ERR_ARG);
    EXPECT_ZERO(out);
    /* NULL with length 0 is the empty message. */
    uint8_t a[64], b[64];
    EXPECT(f25519_ed25519_sign(a, NULL, 0, seed, pub), F25519_OK);
    EXPECT(f25519_ed25519_sign(b, msg, 0, seed, pub), F25519_OK);
    CHECK(!memcmp(a, b, 64), "sign: NULL/0 and empty message differ");

    static const int bad_variants[] = {-1, 3, 100};
    for (int i = 0; i < 3; i++) {
        memset(out, 0xaa, 64);
        EXPECT(f25519_ed25519_sign_ex(out, msg, 3, seed, pub, bad_variants[i], ctx, 3), F25519_ERR_ARG);
        EXPECT_ZERO(out);
        EXPECT(f25519_ed25519_verify_ex(sig, 64, msg, 3, pub, 32, F25519_VERIFY_OPENSSL, bad_variants[i], ctx, 3),
               F25519_ERR_ARG);
    }
    /* ctx length rules: pure Ed25519 takes none; ctx 1..255; ph 0..255. */
    struct { int variant; size_t len; int want; } rules[] = {
        {F25519_ED25519, 1, F25519_ERR_LENGTH},   {F25519_ED25519, 0, F25519_OK},
        {F25519_ED25519CTX, 0, F25519_ERR_LENGTH}, {F25519_ED25519CTX, 1, F25519_OK},
        {F25519_ED25519CTX, 255, F25519_OK},       {F25519_ED25519CTX, 256, F25519_ERR_LENGTH},
        {F25519_ED25519CTX, 300, F25519_ERR_LENGTH}, {F25519_ED25519PH, 0, F25519_OK},
        {F25519_ED25519PH, 255, F25519_OK},        {F25519_ED25519PH, 256, F25519_ERR_LENGTH},
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        memset(out, 0xaa, 64);
        int rc = f25519_ed25519_sign_ex(out, msg, 10, seed, pub, rules[i].variant, ctx, rules[i].len);
        CHECK(rc == rules[i].want, "sign_ex variant %d ctx_len %zu: rc=%d want %d", rules[i].variant,
                 rules[i].len, rc, rules[i].want);
        if (rules[i].want != F25519_OK) {
            EXPECT_ZERO(out);
            memset(out, 0, 64);
        }
        for (int mode = 0; mode < 3; mode++) {
            int rv = f25519_ed25519_verify_ex(out, 64, msg, 10, pub, 32, mode, rules[i].variant, ctx, rules[i].len);
            CHECK(rv == rules[i].want, "verify_ex variant %d ctx_len %zu mode %d: rc=%d want %d",
                     rules[i].variant, rules[i].len, mode, rv, rules[i].want);
        }
    }
    /* Ed25519ph over a caller's prehash: exactly 64 bytes, ctx <= 255 */
    memset(out, 0xaa, 64);
    EXPECT(f25519_ed25519_sign_ex(out, msg, 3, seed, pub, F25519_ED25519PH_HASHED, ctx, 3), F25519_ERR_LENGTH);
    EXPECT_ZERO(out);
    EXPECT(f25519_ed25519_verify_ex(sig, 64, msg, 3, pub, 32, F25519_VERIFY_OPENSSL, F25519_ED25519PH_HASHED,
                                    ctx, 3), F25519_ERR_LENGTH);
    memset(out, 0xaa, 64);
    EXPECT(f25519_ed25519_sign_ex(out, msg, 3, seed, pub, F25519_ED25519CTX, NULL, 3), F25519_ERR_ARG);
    EXPECT_ZERO(out);
    EXPECT(f25519_ed25519_sign_ex(NULL, msg, 3, seed, pub, F25519_ED25519, NULL, 0), F25519_ERR_ARG);
    EXPECT(f25519_ed25519_verify_ex(sig, 64, msg, 3, pub, 32, F25519_VERIFY_OPENSSL, F25519_ED25519CTX, NULL, 3),
           F25519_ERR_ARG);
}

static void ed25519_verify_bad(void)
{
    uint8_t s[96], a[33];
    memcpy(s, sig, 64);
    for (int mode = 0; mode < 3; mode++) {
        EXPECT(f25519_ed25519_verify(sig, 64, msg, sizeof msg, pub, 32, mode), F25519_OK);
        EXPECT(f25519_ed25519_verify(NULL, 64, msg, sizeof msg, pub, 32, mode), F25519_ERR_ARG);
        EXPECT(f25519_ed25519_verify(sig, 64, msg, sizeof msg, NULL, 32, mode), F25519_ERR_ARG);
        EXPECT(f25519_ed25519_verify(sig, 64, NULL, 5, pub, 32, mode), F25519_ERR_ARG);
        static const size_t bad_sig_lens[] = {0, 32, 63, 65, 96};
        for (size_t i = 0; i < 5; i++)
            EXPECT(f25519_ed25519_verify(s, bad_sig_lens[i], msg, sizeof msg, pub, 32, mode), F25519_ERR_LENGTH);
        memcpy(a, pub, 32);
        a[32] = 0;
        EXPECT(f25519_ed25519_verify(sig, 64, msg, sizeof msg, a, 31, mode), F25519_ERR_LENGTH);
        EXPECT(f25519_ed25519_verify(sig, 64, msg, sizeof msg, a, 33, mode), F25519_ERR_LENGTH);
        EXPECT(f25519_ed25519_verify(sig, 64, msg, sizeof msg, a, 0, mode), F25519_ERR_LENGTH);
        /* S >= L: ERR_ENCODING in every mode. */
        for (int w = 0; w < 4; w++) {
            memcpy(s, sig, 64);
            set_big_s(s + 32, w);
            EXPECT(f25519_ed25519_verify(s, 64, msg, sizeof msg, pub, 32, mode), F25519_ERR_ENCODING);
        }
        /* A or R not on the curve (y = 2): ERR_ENCODING in every mode. */
        uint8_t y2[32] = {2};
        EXPECT(f25519_ed25519_verify(sig, 64, msg, sizeof msg, y2, 32, mode), F25519_ERR_ENCODING);
        memcpy(s, sig, 64);
        memcpy(s, y2, 32);
        CHECK(f25519_ed25519_verify(s, 64, msg, sizeof msg, pub, 32, mode) != F25519_OK,
                 "verify mode %d: R with y = 2 (not on the curve) accepted", mode);
        /* Non-canonical R (y = p + 3, a point with y = 3 exists): never OK here (the equation
         * cannot hold), ERR_ENCODING in strict mode. */
        uint8_t ncan[32];
        hex32(ncan, "f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
        memcpy(s, sig, 64);
        memcpy(s, ncan, 32);
        int rc = f25519_ed25519_verify(s, 64, msg, sizeof msg, pub, 32, mode);
        CHECK(rc != F25519_OK, "verify mode %d: non-canonical R accepted", mode);
        if (mode == F25519_VERIFY_STRICT) CHECK(rc == F25519_ERR_ENCODING, "strict: non-canonical R rc=%d", rc);
        rc = f25519_ed25519_verify(sig, 64, msg, sizeof msg, ncan, 32, mode);
        CHECK(rc != F25519_OK, "verify mode %d: non-canonical A accepted", mode);
        if (mode == F25519_VERIFY_STRICT) CHECK(rc == F25519_ERR_ENCODING, "strict: non-canonical A rc=%d", rc);
        /* x = 0 with the sign bit set (y = 1 and y = -1): strict rejects them. Both are also
         * small-order points, so ERR_SMALL_ORDER (libsodium's check order) is as good as
         * ERR_ENCODING. openssl mode decodes them as OpenSSL 3.0 does (compared with OpenSSL
         * itself in f25519_differential); zip215 accepts them by design. */
        uint8_t x0s[2][32];
        hex32(x0s[0], "0100000000000000000000000000000000000000000000000000000000000080");
        hex32(x0s[1], "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff");
        for (int j = 0; j < 2; j++) {
            rc = f25519_ed25519_verify(sig, 64, msg, sizeof msg, x0s[j], 32, mode);
            CHECK(rc != F25519_OK, "verify mode %d: A = x0/sign-bit encoding %d accepted", mode, j);
            if (mode == F25519_VERIFY_STRICT)
                CHECK(rc == F25519_ERR_ENCODING || rc == F25519_ERR_SMALL_ORDER,
                         "strict: A with x = 0 and sign bit (%d) rc=%d", j, rc);
            memcpy(s, sig, 64);
            memcpy(s, x0s[j], 32);
            rc = f25519_ed25519_verify(s, 64, msg, sizeof msg, pub, 32, mode);
            CHECK(rc != F25519_OK, "verify mode %d: R = x0/sign-bit encoding %d accepted", mode, j);
            if (mode == F25519_VERIFY_STRICT)
                CHECK(rc == F25519_ERR_ENCODING || rc == F25519_ERR_SMALL_ORDER,
                         "strict: R with x = 0 and sign bit (%d) rc=%d", j, rc);
        }
        /* Small-order A (the 8 canonical torsion points: identity, order 2/4/8): strict says SMALL_ORDER. */
        for (int j = 0; j < TU_ED25519_TORSION_N; j++) {
            uint8_t sa[32];
            hex32(sa, tu_ed25519_low_order[j]);
            rc = f25519_ed25519_verify(sig, 64, msg, sizeof msg, sa, 32, mode);
            if (mode == F25519_VERIFY_STRICT)
                CHECK(rc == F25519_ERR_SMALL_ORDER, "strict: small-order A %d rc=%d, want SMALL_ORDER", j, rc);
            else
                CHECK(rc == F25519_ERR_VERIFY, "mode %d: small-order A %d with an unrelated signature rc=%d, want VERIFY",
                         mode, j, rc);
        }
        /* Wrong message / flipped bit: ERR_VERIFY. */
        uint8_t m2[sizeof msg];
        memcpy(m2, msg, sizeof msg);
        m2[0] ^= 1;
        EXPECT(f25519_ed25519_verify(sig, 64, m2, sizeof m2, pub, 32, mode), F25519_ERR_VERIFY);
    }
    static const int bad_modes[] = {-1, 3, 42};
    for (int i = 0; i < 3; i++) {
        EXPECT(f25519_ed25519_verify(sig, 64, msg, sizeof msg, pub, 32, bad_modes[i]), F25519_ERR_ARG);
        EXPECT(f25519_ed25519_verify_ex(sig, 64, msg, sizeof msg, pub, 32, bad_modes[i], F25519_ED25519, NULL, 0),
               F25519_ERR_ARG);
    }
}

static void dispatch_api(void)
{
    CHECK(f25519_backend_available("portable") == 1, "portable must always be available");
    CHECK(f25519_backend_available("bogus") == 0, "backend_available(bogus) != 0");
    CHECK(f25519_backend_available(NULL) == 0, "backend_available(NULL) != 0");
    EXPECT(f25519_select_backend(NULL), F25519_ERR_ARG);
    EXPECT(f25519_select_backend("bogus"), F25519_ERR_ARG);
#if F25519_EMU
    /* the emulated library: its ifma-emu is reachable only by name, the native name is not served */
    CHECK(f25519_backend_available("ifma-emu") == 1, "ifma-emu missing from the emulated library");
    CHECK(f25519_backend_available("ifma") == 0, "native ifma served by the emulated library");
    /* avx2-emu: the vector code emulated, its borrowed mulx entries native (BMI2 + ADX) */
    {
        uint32_t mx = F25519_CPU_BMI2 | F25519_CPU_ADX;
        if ((f25519_cpu_features() & mx) == mx)
            CHECK(f25519_backend_available("avx2-emu") == 1, "avx2-emu missing from the emulated library");
        CHECK(f25519_backend_available("avx2") == 0, "native avx2 served by the emulated library");
    }
#else
    /* The automatic choice: the first available of the speed order ifma > avx2 > mulx > portable
     * (on a host without IFMA and with AVX2 + BMI2 + ADX: avx2); avx2 never without AVX2. */
    {
        uint32_t f = f25519_cpu_features();
        const char *want = f25519_backend_available("ifma") ? "ifma"
                         : f25519_backend_available("avx2") ? "avx2"
                         : f25519_backend_available("mulx") ? "mulx" : "portable";
        if (f25519_backend_available("avx2"))
            CHECK(f & F25519_CPU_AVX2, "avx2 available on a CPU without AVX2");
        if (f25519_backend_available("mulx") && (f & F25519_CPU_AVX2))
            CHECK(f25519_backend_available("avx2"), "mulx and AVX2 present but avx2 unavailable");
        EXPECT(f25519_select_backend("auto"), F25519_OK);
        CHECK(!strcmp(f25519_backend(), want), "auto choice %s, expected %s (features 0x%x)", f25519_backend(), want,
              (unsigned)f);
        printf("dispatch: auto choice on this CPU: %s\n", f25519_backend());
    }
    /* the real library: the test-only emulated backends do not exist in it */
    CHECK(f25519_backend_available("ifma-emu") == 0, "backend_available(ifma-emu) != 0 in libfast25519");
    EXPECT(f25519_select_backend("ifma-emu"), F25519_ERR_ARG);
    CHECK(f25519_backend_available("avx2-emu") == 0, "backend_available(avx2-emu) != 0 in libfast25519");
    EXPECT(f25519_select_backend("avx2-emu"), F25519_ERR_ARG);
#endif
    for (int i = 0; tu_backends[i]; i++) {
        int rc = f25519_select_backend(tu_backends[i]);
        CHECK(rc == (f25519_backend_available(tu_backends[i]) ? F25519_OK : F25519_ERR_UNSUPPORTED),
                 "select_backend(%s) rc=%d", tu_backends[i], rc);
    }
    CHECK(f25519_strerror(12345) != NULL && f25519_strerror(F25519_ERR_ARG) != NULL, "strerror NULL");
}

/* Run under FAST25519_BACKEND=bogus: every operation fails closed. */
static int forced_missing(void)
{
    uint8_t k[32] = {1}, out[32], s64[64], o8[8][32], k8[8][32] = {{1}};
    const char *be = getenv("FAST25519_BACKEND"), *old = getenv("FAST25519_IMPL");
    printf("forced-missing: FAST25519_BACKEND=%s, FAST25519_IMPL=%s, f25519_backend() = %s\n", be ? be : "(unset)",
           old ? old : "(unset)", f25519_backend());
    CHECK(!strcmp(f25519_backend(), "unsupported"), "f25519_backend() = %s, want unsupported", f25519_backend());
#define FAILS_CLOSED(call, buf) do { memset(buf, 0xaa, sizeof buf); EXPECT(call, F25519_ERR_UNSUPPORTED); EXPECT_ZERO(buf); } while (0)
    FAILS_CLOSED(f25519_x25519_public(out, k), out);
    FAILS_CLOSED(f25519_x25519_keygen(k, out), out);
    FAILS_CLOSED(f25519_x25519_derive(out, k, k, 32), out);
    FAILS_CLOSED(f25519_x25519_keygen_x8(o8, (const uint8_t(*)[32])k8), o8);
    FAILS_CLOSED(f25519_x25519_derive_x8(o8, (const uint8_t(*)[32])k8, (const uint8_t(*)[32])k8, NULL), o8);
    FAILS_CLOSED(f25519_ed25519_public(out, k), out);
    FAILS_CLOSED(f25519_ed25519_keygen(k, out), out);
    FAILS_CLOSED(f25519_ed25519_keygen_x8(o8, (const uint8_t(*)[32])k8), o8);
    FAILS_CLOSED(f25519_ed25519_sign(s64, msg, 3, k, NULL), s64);
    FAILS_CLOSED(f25519_ed25519_sign_ex(s64, msg, 3, k, NULL, F25519_ED25519CTX, msg, 3), s64);
    memset(s64, 0, sizeof s64);
    EXPECT(f25519_ed25519_verify(s64, 64, msg, 3, k, 32, F25519_VERIFY_OPENSSL), F25519_ERR_UNSUPPORTED);
    /* Selecting a real backend recovers. */
    EXPECT(f25519_select_backend("portable"), F25519_OK);
    EXPECT(f25519_x25519_public(out, k), F25519_OK);
    CHECK(!strcmp(f25519_backend(), "portable"), "after select_backend(portable): %s", f25519_backend());
    return tu_finish("bad input (forced missing backend)");
}

int main(int argc, char **argv)
{
    for (size_t i = 0; i < sizeof msg; i++) msg[i] = (uint8_t)(i * 7 + 1);
    for (size_t i = 0; i < sizeof ctx; i++) ctx[i] = (uint8_t)i;
    memset(seed, 0x42, 32);
    if (argc > 1 && !strcmp(argv[1], "--forced-missing")) return forced_missing();
    tu_backend_setup("bad input");
    if (f25519_ed25519_public(pub, seed) != F25519_OK ||
        f25519_ed25519_sign(sig, msg, sizeof msg, seed, pub) != F25519_OK) {
        printf("FAIL: cannot make a reference signature\n");
        return 1;
    }
    x25519_bad();
    ed25519_sign_bad();
    ed25519_verify_bad();
    dispatch_api();
    return tu_finish("bad input");
}
