// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Raw declarations of fast25519's C API (`include/fast25519.h`), written by hand and kept
//! exactly matching the header (tests/header.rs checks the constants and the function names
//! against it). Every function returns an `int` status: [`F25519_OK`] or a negative
//! `F25519_ERR_*` code. See the header for each function's contract; the safe API is the
//! `fast25519` crate.
#![no_std]
#![allow(non_camel_case_types)]

use core::ffi::{c_char, c_int, c_uint};

// ---- Version ----
pub const F25519_VERSION_MAJOR: c_int = 0;
pub const F25519_VERSION_MINOR: c_int = 9;
pub const F25519_VERSION_PATCH: c_int = 0;
pub const F25519_VERSION_STRING: &str = "0.9.0";
pub const F25519_VERSION_NUMBER: c_int =
    F25519_VERSION_MAJOR * 10000 + F25519_VERSION_MINOR * 100 + F25519_VERSION_PATCH;

// ---- Return codes ----
pub const F25519_OK: c_int = 0;
pub const F25519_ERR_LENGTH: c_int = -1;
pub const F25519_ERR_ENCODING: c_int = -2;
pub const F25519_ERR_SMALL_ORDER: c_int = -3;
pub const F25519_ERR_VERIFY: c_int = -4;
pub const F25519_ERR_ZERO_SHARED: c_int = -5;
pub const F25519_ERR_UNSUPPORTED: c_int = -6;
pub const F25519_ERR_ARG: c_int = -7;
pub const F25519_ERR_RANDOM: c_int = -8;

// ---- CPU features ----
pub const F25519_CPU_BMI2: u32 = 1 << 0;
pub const F25519_CPU_ADX: u32 = 1 << 1;
pub const F25519_CPU_AVX2: u32 = 1 << 2;
pub const F25519_CPU_AVX512F: u32 = 1 << 3;
pub const F25519_CPU_AVX512VL: u32 = 1 << 4;
pub const F25519_CPU_AVX512IFMA: u32 = 1 << 5;

// ---- Sizes, variants, modes ----
pub const F25519_X25519_KEY_BYTES: usize = 32;
pub const F25519_ED25519_SEED_BYTES: usize = 32;
pub const F25519_ED25519_PUBLIC_BYTES: usize = 32;
pub const F25519_ED25519_SIG_BYTES: usize = 64;

pub const F25519_ED25519: c_int = 0;
pub const F25519_ED25519CTX: c_int = 1;
pub const F25519_ED25519PH: c_int = 2;
pub const F25519_ED25519PH_HASHED: c_int = 0x12;

pub const F25519_VERIFY_OPENSSL: c_int = 0;
pub const F25519_VERIFY_STRICT: c_int = 1;
pub const F25519_VERIFY_ZIP215: c_int = 2;

/// Opaque batch-verification thread pool (`f25519_verify_pool`).
#[repr(C)]
pub struct f25519_verify_pool {
    _private: [u8; 0],
    _not_send_sync_unpin: core::marker::PhantomData<(*mut u8, core::marker::PhantomPinned)>,
}

extern "C" {
    pub fn f25519_version() -> *const c_char;
    pub fn f25519_strerror(rc: c_int) -> *const c_char;

    pub fn f25519_backend() -> *const c_char;
    pub fn f25519_select_backend(name: *const c_char) -> c_int;
    pub fn f25519_backend_available(name: *const c_char) -> c_int;
    /// Former name of `f25519_backend`, kept by the C library for one release.
    #[deprecated(note = "use f25519_backend")]
    pub fn f25519_impl() -> *const c_char;
    /// Former name of `f25519_select_backend`, kept by the C library for one release.
    #[deprecated(note = "use f25519_select_backend")]
    pub fn f25519_select_impl(name: *const c_char) -> c_int;
    /// Former name of `f25519_backend_available`, kept by the C library for one release.
    #[deprecated(note = "use f25519_backend_available")]
    pub fn f25519_impl_available(name: *const c_char) -> c_int;
    pub fn f25519_cpu_features() -> u32;

    pub fn f25519_x25519_keygen(priv_: *mut [u8; 32], pub_: *mut [u8; 32]) -> c_int;
    pub fn f25519_x25519_public(pub_: *mut [u8; 32], priv_: *const [u8; 32]) -> c_int;
    pub fn f25519_x25519_derive(
        shared: *mut [u8; 32],
        priv_: *const [u8; 32],
        peer: *const u8,
        peer_len: usize,
    ) -> c_int;
    pub fn f25519_x25519_keygen_x8(pub_: *mut [[u8; 32]; 8], priv_: *const [[u8; 32]; 8]) -> c_int;
    pub fn f25519_x25519_derive_x8(
        shared: *mut [[u8; 32]; 8],
        priv_: *const [[u8; 32]; 8],
        peer: *const [[u8; 32]; 8],
        status: *mut c_int,
    ) -> c_int;

    pub fn f25519_ed25519_keygen(seed: *mut [u8; 32], pub_: *mut [u8; 32]) -> c_int;
    pub fn f25519_ed25519_public(pub_: *mut [u8; 32], seed: *const [u8; 32]) -> c_int;
    pub fn f25519_ed25519_keygen_x8(pub_: *mut [[u8; 32]; 8], seed: *const [[u8; 32]; 8]) -> c_int;
    pub fn f25519_ed25519_sign(
        sig: *mut [u8; 64],
        msg: *const u8,
        msg_len: usize,
        seed: *const [u8; 32],
        pub_: *const [u8; 32],
    ) -> c_int;
    pub fn f25519_ed25519_sign_ex(
        sig: *mut [u8; 64],
        msg: *const u8,
        msg_len: usize,
        seed: *const [u8; 32],
        pub_: *const [u8; 32],
        variant: c_int,
        ctx: *const u8,
        ctx_len: usize,
    ) -> c_int;
    pub fn f25519_ed25519_verify(
        sig: *const u8,
        sig_len: usize,
        msg: *const u8,
        msg_len: usize,
        pub_: *const u8,
        pub_len: usize,
        mode: c_int,
    ) -> c_int;
    pub fn f25519_ed25519_verify_ex(
        sig: *const u8,
        sig_len: usize,
        msg: *const u8,
        msg_len: usize,
        pub_: *const u8,
        pub_len: usize,
        mode: c_int,
        variant: c_int,
        ctx: *const u8,
        ctx_len: usize,
    ) -> c_int;
    pub fn f25519_ed25519_verify_batch(
        n: usize,
        sig: *const *const u8,
        msg: *const *const u8,
        msg_len: *const usize,
        pub_: *const *const u8,
        mode: c_int,
        threads: c_uint,
        status: *mut c_int,
    ) -> c_int;

    pub fn f25519_verify_pool_new(threads: c_uint) -> *mut f25519_verify_pool;
    pub fn f25519_verify_pool_threads(pool: *const f25519_verify_pool) -> c_uint;
    pub fn f25519_verify_pool_free(pool: *mut f25519_verify_pool);
    pub fn f25519_ed25519_verify_batch_pool(
        pool: *mut f25519_verify_pool,
        n: usize,
        sig: *const *const u8,
        msg: *const *const u8,
        msg_len: *const usize,
        pub_: *const *const u8,
        mode: c_int,
        status: *mut c_int,
    ) -> c_int;
}
