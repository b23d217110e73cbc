/*
 * The backend interface. A backend (portable, avx2, ifma) fills one
 * f25519_ops table; x25519.c and ed25519.c (hashing, scalar arithmetic,
 * encodings, verification rules) are shared and call only these entries.
 * Adding a backend = adding files + one line in dispatch.c.
 *
 * Contracts (all scalars little-endian 32 bytes):
 *  x25519:      out = X25519(k, u); k already clamped by the caller; the
 *               backend ignores bit 255 of u and reduces u >= p. Constant
 *               time in k. out is canonical.
 *  x25519_base: out = u-coordinate of [k]B (B: u = 9); any k < 2^255 (the
 *               caller passes the clamped key unreduced: [k]B = [k mod L]B,
 *               and the signed radix-16/32 recodings of every backend cover
 *               k < 2^255; tests/ifma/perf_base_clamped.c checks it against
 *               the ladder). Constant time in k.
 *  *_x8:        the same for 8 independent inputs (lane i = input i).
 *  ed25519_base: out = encoding of [a]B (Edwards base point); any a < 2^255
 *               (the clamped expanded key, unreduced). Constant time in a.
 *  ed25519_double_scalar: out = [a]A + [b]B; a, b < 2^253; public inputs,
 *               variable time allowed.
 *  ed25519_frombytes2: decodes two encodings s0, s1 exactly as
 *               ge51_frombytes_vartime(&out[i], s_i, lenient_i) does (same
 *               accept/reject decision, same point mod p). Returns a bit set:
 *               bit i set when encoding i was rejected (out[i] is then
 *               unspecified). Public inputs, variable time allowed. Used by
 *               verification to decode A and R together.
 */
#ifndef F25519_IMPL_H
#define F25519_IMPL_H
#include <stddef.h>
#include <stdint.h>
#include "point/ge51.h"

typedef struct f25519_ops {
    const char *name;
    void (*x25519)(uint8_t out[32], const uint8_t k[32], const uint8_t u[32]);
    void (*x25519_x8)(uint8_t out[8][32], const uint8_t k[8][32], const uint8_t u[8][32]);
    void (*x25519_base)(uint8_t out[32], const uint8_t k[32]);
    void (*x25519_base_x8)(uint8_t out[8][32], const uint8_t k[8][32]);
    void (*ed25519_base)(uint8_t out[32], const uint8_t a[32]);
    void (*ed25519_base_x8)(uint8_t out[8][32], const uint8_t a[8][32]);
    void (*ed25519_double_scalar)(ge51_p3 *out, const uint8_t a[32], const ge51_p3 *A,
                                  const uint8_t b[32]);
    int (*ed25519_frombytes2)(ge51_p3 out[2], const uint8_t s0[32], const uint8_t s1[32],
                              int lenient0, int lenient1);
} f25519_ops;

/* The backends. ifma/avx2 exist only when CMake compiled them in
 * (F25519_HAVE_IFMA / F25519_HAVE_AVX2 defined to 1); dispatch.c checks.
 * F25519_EMU is 1 only in the TEST-ONLY emulated library, where the vector
 * tables hold the SIMDe-emulated code (backends "ifma-emu", "avx2-emu"). */
#ifndef F25519_EMU
#define F25519_EMU 0
#endif
extern const f25519_ops f25519_ops_portable;
#if F25519_HAVE_IFMA
extern const f25519_ops f25519_ops_ifma;
#endif
#if F25519_HAVE_AVX2
extern const f25519_ops f25519_ops_avx2;
#endif

/* Current backend, or NULL when FAST25519_IMPL forced one that is missing. */
const f25519_ops *f25519_ops_get(void);

/* Utilities (util.c). */
void f25519_wipe(void *p, size_t n);          /* not optimized away */
int  f25519_randombytes(void *buf, size_t n); /* 0 or F25519_ERR_RANDOM */
/* Body of the random keygens: 32 secret bytes from the OS, then public_of().
 * On any error both outputs are zeroed (the secret wiped). */
int  f25519_keygen_random(uint8_t secret[32], uint8_t pub[32],
                          int (*public_of)(uint8_t pub[32], const uint8_t secret[32]));
#endif
