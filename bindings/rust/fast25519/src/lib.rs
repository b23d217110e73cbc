// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Safe Rust API of [fast25519](https://github.com/fast25519/fast25519): Ed25519 and X25519 by
//! FFI to the C library (no arithmetic here). The backend (portable C, MULX/ADX, AVX2,
//! AVX-512IFMA) is chosen at run time from CPUID, so a binary runs on any x86-64 CPU;
//! `FAST25519_BACKEND=portable` forces the portable one.
//!
//! - [`ed25519`]: [`ed25519::SigningKey`] / [`ed25519::VerifyingKey`] with the names and traits of
//!   ed25519-dalek, verification under three rule sets ([`ed25519::Mode`]), ctx/ph variants, and
//!   batch verification with one result per item ([`ed25519::verify_batch`],
//!   [`ed25519::VerifyPool`]).
//! - [`x25519`]: [`x25519::StaticSecret`], [`x25519::PublicKey`], [`x25519::SharedSecret`] with
//!   x25519-dalek's names, plus eight-at-once [`x25519::keygen_x8`] / [`x25519::derive_x8`].
#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

mod error;
pub mod ed25519;
pub mod x25519;

pub use error::Error;
pub use fast25519_sys as sys;

use core::ffi::{c_char, CStr};

fn static_str(p: *const c_char) -> &'static str {
    if p.is_null() {
        return "";
    }
    // SAFETY: the library returns NUL-terminated strings in static storage.
    unsafe { CStr::from_ptr(p) }.to_str().unwrap_or("")
}

/// The backend in use: `"portable"`, `"mulx"`, `"avx2"` or `"ifma"` (`"unsupported"` when
/// `FAST25519_BACKEND` forced one that this CPU or build lacks: every operation then fails with
/// [`Error::Unsupported`]).
pub fn backend() -> &'static str {
    // SAFETY: no arguments; returns a static string.
    static_str(unsafe { sys::f25519_backend() })
}

/// The linked C library's version, `"MAJOR.MINOR.PATCH"`.
pub fn version() -> &'static str {
    // SAFETY: no arguments; returns a static string.
    static_str(unsafe { sys::f25519_version() })
}

/// Whether the named backend (`"portable"`, `"mulx"`, `"avx2"`, `"ifma"`) can run on this CPU
/// and build.
pub fn backend_available(name: &str) -> bool {
    let Ok(c) = std::ffi::CString::new(name) else { return false };
    // SAFETY: c is a valid NUL-terminated string for the call's duration.
    unsafe { sys::f25519_backend_available(c.as_ptr()) == 1 }
}

/// Selects the backend for the whole process (`"auto"` for the CPUID choice). Call it before
/// other threads use the library. Errors: [`Error::Unsupported`] (the previous choice stays),
/// [`Error::Arg`] (unknown name).
pub fn select_backend(name: &str) -> Result<(), Error> {
    let c = std::ffi::CString::new(name).map_err(|_| Error::Arg)?;
    // SAFETY: c is a valid NUL-terminated string for the call's duration.
    Error::check(unsafe { sys::f25519_select_backend(c.as_ptr()) })
}

/// CPU features the dispatcher saw (bit set of `sys::F25519_CPU_*`).
pub fn cpu_features() -> u32 {
    // SAFETY: no arguments.
    unsafe { sys::f25519_cpu_features() }
}

/// The README's examples, compiled and run by `cargo test` (doctests).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;
