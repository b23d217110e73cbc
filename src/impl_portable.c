/* The portable backend's ops table (radix 2^51 C, runs on any 64-bit target). */
#include <stdlib.h>
#include <string.h>
#include "fast25519.h"
#include "impl.h"
#include "scalarmult/scalarmult_portable.h"

/* Each entry uses the MULX/ADX radix-2^64 code where the CPU has BMI2 + ADX
 * (x86-64), otherwise the C radix-2^51 code. The feature word is computed
 * once by the dispatcher. */
#if F25519_HAVE_MULX_LADDER
/* 1 when the MULX code may run: BMI2 + ADX present and the testing knob
 * FAST25519_NO_MULX (non-empty, not "0") absent. Computed once; the benign
 * race writes the same value from every thread. */
int f25519_portable_use_mulx(void)
{
    static _Atomic int state; /* 0 unknown, 1 no, 2 yes */
    int s = state;
    if (s == 0) {
        const uint32_t need = F25519_CPU_BMI2 | F25519_CPU_ADX;
        const char *off = getenv("FAST25519_NO_MULX");
        int disabled = off && *off && strcmp(off, "0") != 0;
        s = ((f25519_cpu_features() & need) == need && !disabled) ? 2 : 1;
        state = s;
    }
    return s == 2;
}
#define use_mulx f25519_portable_use_mulx
#endif

static void p_x25519(uint8_t out[32], const uint8_t k[32], const uint8_t u[32])
{
#if F25519_HAVE_MULX_LADDER
    if (use_mulx()) {
        f25519_x25519_ladder_mulx(out, k, u);
        return;
    }
#endif
    f25519_x25519_ladder_portable(out, k, u);
}

static void p_x25519_x8(uint8_t out[8][32], const uint8_t k[8][32], const uint8_t u[8][32])
{
    for (int i = 0; i < 8; i++) p_x25519(out[i], k[i], u[i]);
}

/* u([k]B) via the Edwards fixed base and u = (Z + Y) / (Z - Y). */
static void p_x25519_base(uint8_t out[32], const uint8_t k[32])
{
#if F25519_HAVE_MULX_LADDER
    if (use_mulx()) {
        f25519_x25519_base_mulx(out, k);
        return;
    }
#endif
    ge51_p3 h;
    f25519_ge51_scalarmult_base(&h, k);
    ge51_to_montgomery_u(out, &h);
    f25519_wipe(&h, sizeof h);
}

static void p_x25519_base_x8(uint8_t out[8][32], const uint8_t k[8][32])
{
    for (int i = 0; i < 8; i++) p_x25519_base(out[i], k[i]);
}

static void p_ed25519_base(uint8_t out[32], const uint8_t a[32])
{
#if F25519_HAVE_MULX_LADDER
    if (use_mulx()) {
        f25519_ed25519_base_mulx(out, a);
        return;
    }
#endif
    ge51_p3 h;
    f25519_ge51_scalarmult_base(&h, a);
    ge51_tobytes(out, &h);
    f25519_wipe(&h, sizeof h);
}

static void p_ed25519_base_x8(uint8_t out[8][32], const uint8_t a[8][32])
{
    for (int i = 0; i < 8; i++) p_ed25519_base(out[i], a[i]);
}

static void p_double_scalar(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A,
                            const uint8_t b[32])
{
#if F25519_HAVE_MULX_LADDER
    if (use_mulx()) {
        f25519_double_scalarmult_mulx(out, a, A, b);
        return;
    }
#endif
    f25519_ge51_double_scalarmult_vartime(out, a, A, b);
}

/* Two independent decodes (the IFMA backend shares one exponentiation). */
static int p_frombytes2(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32], int lenient0,
                        int lenient1)
{
    int bad0 = ge51_frombytes_vartime(&out[0], s0, lenient0) != 0;
    int bad1 = ge51_frombytes_vartime(&out[1], s1, lenient1) != 0;
    return bad0 | (bad1 << 1);
}

const f25519_ops f25519_ops_portable = {
    .name = "portable",
    .x25519 = p_x25519,
    .x25519_x8 = p_x25519_x8,
    .x25519_base = p_x25519_base,
    .x25519_base_x8 = p_x25519_base_x8,
    .ed25519_base = p_ed25519_base,
    .ed25519_base_x8 = p_ed25519_base_x8,
    .ed25519_double_scalar = p_double_scalar,
    .ed25519_frombytes2 = p_frombytes2,
};
