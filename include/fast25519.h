/* SPDX-License-Identifier: Apache-2.0 OR MIT */
/*
 * fast25519: X25519 (RFC 7748) and Ed25519 (RFC 8032) for x86-64 servers.
 *
 * One header, one prefix (f25519_). Every function returns an int status:
 * F25519_OK (0) on success, a negative F25519_ERR_* code otherwise. On any
 * error, output buffers are zeroed (never left holding partial results).
 *
 * Output buffers may overlap input buffers (signing in place over the
 * message, deriving into the private key's buffer): results are built in
 * internal storage and copied out last.
 *
 * Byte strings are little-endian as in the RFCs. Secret inputs (X25519
 * private keys, Ed25519 seeds) are read in constant time and every internal
 * copy of a secret is wiped before return.
 *
 * The backend (portable radix-2^51 C, mulx radix-2^64 MULX/ADX, AVX2,
 * AVX-512IFMA) is chosen
 * once, on first use, from CPUID; the environment variable
 * FAST25519_BACKEND=portable|mulx|avx2|ifma forces one (FAST25519_IMPL, its
 * former name, is still read). Forcing a backend this CPU or
 * build lacks makes every operation return F25519_ERR_UNSUPPORTED (fail
 * closed) until f25519_select_backend() picks one that exists.
 *
 * Thread safety: all functions are safe to call concurrently;
 * f25519_select_backend() changes the process-wide choice and should be called
 * before other threads use the library.
 */
#ifndef FAST25519_H
#define FAST25519_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && !defined(F25519_STATIC_BUILD)
#define F25519_API __attribute__((visibility("default")))
#else
#define F25519_API
#endif

/* Marks a name kept for one release after its replacement (the compiler
 * warns on use; the function still works). */
#if defined(__GNUC__)
#define F25519_DEPRECATED(msg) __attribute__((deprecated(msg)))
#else
#define F25519_DEPRECATED(msg)
#endif

/* ---- Version ---------------------------------------------------------- */
/* The version this header belongs to (semantic versioning; the project's
 * CMakeLists.txt is the one source, and configuring fails if these differ
 * from it). f25519_version() returns the version of the library actually
 * loaded, which may be newer than the header a program was compiled with. */
#define F25519_VERSION_MAJOR  0
#define F25519_VERSION_MINOR  9
#define F25519_VERSION_PATCH  0
#define F25519_VERSION_STRING "0.9.0"
#define F25519_VERSION_NUMBER \
    (F25519_VERSION_MAJOR * 10000 + F25519_VERSION_MINOR * 100 + F25519_VERSION_PATCH)

/* The loaded library's version, "MAJOR.MINOR.PATCH" (static storage). */
F25519_API const char *f25519_version(void);

/* ---- Return codes --------------------------------------------------- */
#define F25519_OK               0
#define F25519_ERR_LENGTH      -1 /* an input has the wrong length */
#define F25519_ERR_ENCODING    -2 /* non-canonical or invalid encoding: point not on
                                     the curve, y >= p where the mode forbids it,
                                     S >= L (x = 0 with the sign bit set: accepted in
                                     openssl and zip215 modes as OpenSSL and ZIP-215
                                     do; F25519_ERR_SMALL_ORDER in strict mode, since
                                     those encodings are small-order points) */
#define F25519_ERR_SMALL_ORDER -3 /* small-order point rejected (strict mode) */
#define F25519_ERR_VERIFY      -4 /* signature does not verify */
#define F25519_ERR_ZERO_SHARED -5 /* X25519 shared secret is all zero (RFC 8446 7.4.2) */
#define F25519_ERR_UNSUPPORTED -6 /* backend not available on this CPU/build */
#define F25519_ERR_ARG         -7 /* NULL pointer, unknown mode/variant/name */
#define F25519_ERR_RANDOM      -8 /* the OS random source failed */

/* Short English description of a return code (static string, never NULL). */
F25519_API const char *f25519_strerror(int rc);

/* ---- Backend dispatch ---------------------------------------------- */
/* Name of the backend in use: "portable", "mulx", "avx2" or "ifma";
 * "unsupported" when FAST25519_BACKEND forced one that does not exist here. */
F25519_API const char *f25519_backend(void);

/* Select a backend by name ("portable", "mulx", "avx2", "ifma", or "auto"
 * for the CPUID choice). Returns F25519_OK, F25519_ERR_UNSUPPORTED (CPU or
 * build lacks it; the previous choice stays) or F25519_ERR_ARG (unknown name). */
F25519_API int f25519_select_backend(const char *name);

/* 1 if the named backend can run on this CPU and build, else 0. */
F25519_API int f25519_backend_available(const char *name);

/* Deprecated, kept for one release: the former names of the three above,
 * same arguments, return values and behaviour. */
F25519_API const char *f25519_impl(void) F25519_DEPRECATED("use f25519_backend");
F25519_API int f25519_select_impl(const char *name) F25519_DEPRECATED("use f25519_select_backend");
F25519_API int f25519_impl_available(const char *name) F25519_DEPRECATED("use f25519_backend_available");

/* CPU features seen by the dispatcher (bit set of F25519_CPU_*). */
#define F25519_CPU_BMI2      (1u << 0)
#define F25519_CPU_ADX       (1u << 1)
#define F25519_CPU_AVX2      (1u << 2)
#define F25519_CPU_AVX512F   (1u << 3)
#define F25519_CPU_AVX512VL  (1u << 4)
#define F25519_CPU_AVX512IFMA (1u << 5)
F25519_API uint32_t f25519_cpu_features(void);

/* ---- X25519 (RFC 7748) ---------------------------------------------- */
#define F25519_X25519_KEY_BYTES 32

/* Fresh key pair from the OS random source. priv is stored as 32 random
 * bytes (clamping is applied when it is used, as RFC 7748 says).
 * Returns F25519_OK, F25519_ERR_RANDOM, F25519_ERR_ARG. */
F25519_API int f25519_x25519_keygen(uint8_t priv[32], uint8_t pub[32]);

/* pub = X25519(priv, 9). Returns F25519_OK, F25519_ERR_ARG. */
F25519_API int f25519_x25519_public(uint8_t pub[32], const uint8_t priv[32]);

/* shared = X25519(priv, peer). The peer's top bit is ignored and u >= p is
 * reduced (RFC 7748 5). Returns F25519_OK; F25519_ERR_LENGTH if
 * peer_len != 32; F25519_ERR_ZERO_SHARED if the result is all zero (a
 * low-order peer key; shared is zeroed); F25519_ERR_ARG. */
F25519_API int f25519_x25519_derive(uint8_t shared[32], const uint8_t priv[32],
                                    const uint8_t *peer, size_t peer_len);

/* Eight public keys from eight private keys at once (the batch used by key
 * pools). Returns F25519_OK, F25519_ERR_ARG. */
F25519_API int f25519_x25519_keygen_x8(uint8_t pub[8][32], const uint8_t priv[8][32]);

/* Eight independent derives. status[i] receives each lane's own code
 * (F25519_OK or F25519_ERR_ZERO_SHARED; a failed lane's output is zeroed).
 * Returns F25519_OK if every lane succeeded, F25519_ERR_ZERO_SHARED if any
 * lane failed, F25519_ERR_ARG. status may be NULL. */
F25519_API int f25519_x25519_derive_x8(uint8_t shared[8][32], const uint8_t priv[8][32],
                                       const uint8_t peer[8][32], int status[8]);

/* ---- Ed25519 (RFC 8032) --------------------------------------------- */
#define F25519_ED25519_SEED_BYTES 32
#define F25519_ED25519_PUBLIC_BYTES 32
#define F25519_ED25519_SIG_BYTES 64

/* Variants (RFC 8032 5.1): pure Ed25519, Ed25519ctx, Ed25519ph. */
#define F25519_ED25519      0 /* ctx must be empty */
#define F25519_ED25519CTX   1 /* 1 <= ctx_len <= 255 */
#define F25519_ED25519PH    2 /* msg is the unhashed message; SHA-512 is applied; ctx_len <= 255 */
#define F25519_ED25519PH_HASHED 0x12 /* Ed25519ph with msg = SHA-512(message) already computed by the
                                   * caller (msg_len must be 64, else F25519_ERR_LENGTH); ctx_len <= 255 */

/* Verification rules, chosen per call.
 * OPENSSL (default): exactly OpenSSL 3.0's verdicts. Cofactorless equation
 *   [S]B = R + [k]A checked by re-encoding R; S >= L rejected; R must be the
 *   canonical encoding (byte comparison); A decoded as OpenSSL does
 *   (non-canonical y accepted and hashed as given). Small-order A/R accepted.
 * STRICT: RFC 8032 strict plus libsodium's rules: canonical A and R,
 *   small-order A or R rejected (F25519_ERR_SMALL_ORDER), S < L, cofactorless.
 * ZIP215: the ZIP-215 consensus rules: cofactored equation
 *   [8][S]B = [8]R + [8][k]A, non-canonical A and R accepted (hashed as
 *   given), S < L required. */
#define F25519_VERIFY_OPENSSL 0
#define F25519_VERIFY_STRICT  1
#define F25519_VERIFY_ZIP215  2

/* Fresh seed from the OS random source and its public key.
 * Returns F25519_OK, F25519_ERR_RANDOM, F25519_ERR_ARG. */
F25519_API int f25519_ed25519_keygen(uint8_t seed[32], uint8_t pub[32]);

/* Public key of a seed. Returns F25519_OK, F25519_ERR_ARG. */
F25519_API int f25519_ed25519_public(uint8_t pub[32], const uint8_t seed[32]);

/* Eight public keys from eight seeds at once. Returns F25519_OK, F25519_ERR_ARG. */
F25519_API int f25519_ed25519_keygen_x8(uint8_t pub[8][32], const uint8_t seed[8][32]);

/* Pure Ed25519 signature. pub must be the public key of seed (as OpenSSL's
 * and libsodium's secret keys carry it); pass NULL to have it recomputed
 * (one extra fixed-base multiplication). Signing with a pub that does not
 * belong to seed leaks the key: never take pub from an untrusted source.
 * Returns F25519_OK, F25519_ERR_ARG (NULL sig/seed, or msg NULL with msg_len > 0). */
F25519_API int f25519_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                   const uint8_t seed[32], const uint8_t pub[32]);

/* Any variant. Returns F25519_OK; F25519_ERR_LENGTH (ctx length out of
 * range for the variant); F25519_ERR_ARG (unknown variant, NULL pointers). */
F25519_API int f25519_ed25519_sign_ex(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                      const uint8_t seed[32], const uint8_t pub[32],
                                      int variant, const uint8_t *ctx, size_t ctx_len);

/* Pure Ed25519 verification under the given rules (F25519_VERIFY_*).
 * Returns F25519_OK when the signature is valid; otherwise
 * F25519_ERR_LENGTH (sig_len != 64 or pub_len != 32), F25519_ERR_ENCODING
 * (A or R not a valid encoding under the mode, S >= L),
 * F25519_ERR_SMALL_ORDER (strict mode), F25519_ERR_VERIFY (equation fails),
 * F25519_ERR_ARG (unknown mode, NULL pointers). */
F25519_API int f25519_ed25519_verify(const uint8_t *sig, size_t sig_len,
                                     const uint8_t *msg, size_t msg_len,
                                     const uint8_t *pub, size_t pub_len, int mode);

/* Any variant; same return codes as f25519_ed25519_verify plus the ctx
 * length rules of f25519_ed25519_sign_ex. */
F25519_API int f25519_ed25519_verify_ex(const uint8_t *sig, size_t sig_len,
                                        const uint8_t *msg, size_t msg_len,
                                        const uint8_t *pub, size_t pub_len, int mode,
                                        int variant, const uint8_t *ctx, size_t ctx_len);

/* Batch verification of n pure Ed25519 signatures under one rule set:
 * item i is (sig[i]: 64 bytes, msg[i]: msg_len[i] bytes, pub[i]: 32 bytes).
 * status[i] receives exactly the code
 *   f25519_ed25519_verify(sig[i], 64, msg[i], msg_len[i], pub[i], 32, mode)
 * returns (F25519_OK, F25519_ERR_ENCODING, F25519_ERR_SMALL_ORDER,
 * F25519_ERR_VERIFY; F25519_ERR_ARG for an item with a NULL sig[i] or pub[i],
 * or msg[i] NULL with msg_len[i] > 0), in every mode. Items are verified
 * eight at a time (one per vector lane) on `threads` threads: 0 = one per
 * online CPU, 1 = the caller's thread only (more threads are started with
 * pthreads inside the call and joined before it returns; to keep them
 * between calls, see f25519_verify_pool_new below).
 * ZIP215 mode first checks the items of each chunk (up to 4096; not a chunk
 * so small that verifying its items on their own costs less) together by a
 * random linear combination of their cofactored equations (128-bit
 * coefficients from the OS random source, or from SHA-512 of a 256-bit seed
 * from it on the vector backends); an invalid item makes it fail
 * except with probability <= 2^-128, and then the chunk is verified item by
 * item, so the statuses are those of single verification. OPENSSL and STRICT
 * mode verify every item on its own (their cofactorless verdicts do not
 * follow from a combination).
 * Returns F25519_OK if every item is valid (also for n = 0, where the
 * arrays may be NULL); F25519_ERR_ARG if status is NULL (nothing written),
 * if an array is NULL or mode is unknown (every status = F25519_ERR_ARG),
 * or if any item had NULL pointers (the other items are still verified);
 * F25519_ERR_UNSUPPORTED (every status) when FAST25519_BACKEND forced a missing
 * backend; otherwise F25519_ERR_VERIFY if any item is not valid. */
F25519_API int f25519_ed25519_verify_batch(size_t n, const uint8_t *const sig[],
                                           const uint8_t *const msg[], const size_t msg_len[],
                                           const uint8_t *const pub[], int mode, unsigned threads,
                                           int status[]);

/* Batch verification on helper threads kept between calls. A pool is the
 * caller's object (the library starts no thread outside a call otherwise):
 * f25519_verify_pool_new starts threads - 1 helper threads (threads 0 = one
 * per online CPU; the caller's thread is the other member) that wait
 * between calls, spinning about a millisecond, then asleep;
 * f25519_ed25519_verify_batch_pool then verifies on them without starting
 * or joining threads in the call, which saves each call the helpers' start
 * (tens of microseconds, more when the other CPUs were idle). Use a pool
 * when verifying batch after batch; f25519_ed25519_verify_batch when the
 * calls are occasional. The helpers run on the CPUs the creating thread
 * may use; each call keeps them off the calling thread's CPU.
 * f25519_verify_pool_new returns NULL only when memory is short; a pool whose
 * helpers could not start (or threads = 1) still works, on the caller's
 * thread alone. f25519_verify_pool_threads returns the members (helpers + 1;
 * 1 for NULL). f25519_verify_pool_free stops and joins the helpers (NULL is
 * fine); no call may be using the pool then.
 * f25519_ed25519_verify_batch_pool has f25519_ed25519_verify_batch's
 * contract (the same statuses and return codes) with the pool's threads:
 * pool NULL, a pool in use by another thread's call, or a pool used in a
 * child of fork() (whose helpers stayed in the parent) verify on the
 * calling thread alone, with the same results. */
typedef struct f25519_verify_pool f25519_verify_pool;
F25519_API f25519_verify_pool *f25519_verify_pool_new(unsigned threads);
F25519_API unsigned f25519_verify_pool_threads(const f25519_verify_pool *pool);
F25519_API void f25519_verify_pool_free(f25519_verify_pool *pool);
F25519_API int f25519_ed25519_verify_batch_pool(f25519_verify_pool *pool, size_t n,
                                                const uint8_t *const sig[],
                                                const uint8_t *const msg[], const size_t msg_len[],
                                                const uint8_t *const pub[], int mode, int status[]);

#ifdef __cplusplus
}
#endif
#endif /* FAST25519_H */
