// SPDX-License-Identifier: Apache-2.0 OR MIT
use core::ffi::c_int;
use core::fmt;
use fast25519_sys as sys;

/// Every status the C library returns besides `F25519_OK`. `Display` is the library's own text
/// (`f25519_strerror`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Error {
    /// `F25519_ERR_LENGTH`: an input has the wrong length (a ctx out of range for the variant).
    Length,
    /// `F25519_ERR_ENCODING`: a key or R not a valid encoding under the mode, or S >= L.
    Encoding,
    /// `F25519_ERR_SMALL_ORDER`: small-order A or R (strict mode).
    SmallOrder,
    /// `F25519_ERR_VERIFY`: the signature does not verify.
    Verify,
    /// `F25519_ERR_ZERO_SHARED`: the X25519 shared secret is all zero (a low-order peer key).
    ZeroShared,
    /// `F25519_ERR_UNSUPPORTED`: `FAST25519_BACKEND` forced a backend this CPU or build lacks.
    Unsupported,
    /// `F25519_ERR_ARG`: an invalid argument (unknown backend name, ...).
    Arg,
    /// `F25519_ERR_RANDOM`: the OS random source failed.
    Random,
    /// A code this version of the binding does not know (a newer library).
    Other(i32),
}

impl Error {
    /// The error of a C status, `None` for `F25519_OK`.
    pub fn from_code(rc: c_int) -> Option<Error> {
        Some(match rc {
            sys::F25519_OK => return None,
            sys::F25519_ERR_LENGTH => Error::Length,
            sys::F25519_ERR_ENCODING => Error::Encoding,
            sys::F25519_ERR_SMALL_ORDER => Error::SmallOrder,
            sys::F25519_ERR_VERIFY => Error::Verify,
            sys::F25519_ERR_ZERO_SHARED => Error::ZeroShared,
            sys::F25519_ERR_UNSUPPORTED => Error::Unsupported,
            sys::F25519_ERR_ARG => Error::Arg,
            sys::F25519_ERR_RANDOM => Error::Random,
            other => Error::Other(other),
        })
    }

    /// `Ok(())` for `F25519_OK`, else the error.
    pub fn check(rc: c_int) -> Result<(), Error> {
        match Error::from_code(rc) {
            None => Ok(()),
            Some(e) => Err(e),
        }
    }

    /// The C status code (`F25519_ERR_*`).
    pub fn code(self) -> i32 {
        match self {
            Error::Length => sys::F25519_ERR_LENGTH,
            Error::Encoding => sys::F25519_ERR_ENCODING,
            Error::SmallOrder => sys::F25519_ERR_SMALL_ORDER,
            Error::Verify => sys::F25519_ERR_VERIFY,
            Error::ZeroShared => sys::F25519_ERR_ZERO_SHARED,
            Error::Unsupported => sys::F25519_ERR_UNSUPPORTED,
            Error::Arg => sys::F25519_ERR_ARG,
            Error::Random => sys::F25519_ERR_RANDOM,
            Error::Other(c) => c,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: f25519_strerror returns a static NUL-terminated string for any code.
        let s = unsafe { core::ffi::CStr::from_ptr(sys::f25519_strerror(self.code())) };
        f.write_str(&s.to_string_lossy())
    }
}

impl std::error::Error for Error {}

impl From<Error> for signature::Error {
    fn from(e: Error) -> signature::Error {
        signature::Error::from_source(e)
    }
}
