// SPDX-License-Identifier: Apache-2.0 OR MIT
//! X25519 (RFC 7748) with x25519-dalek's names (`StaticSecret`, `EphemeralSecret`, `PublicKey`,
//! `SharedSecret`, `x25519`), plus eight key pairs or eight shared secrets at once
//! ([`keygen_x8`], [`derive_x8`]). Secrets are wiped on drop.
use core::fmt;

use fast25519_sys as sys;
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::Error;

/// A public key (a u-coordinate; the top bit is ignored and u >= p reduced when it is used).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[repr(transparent)]
pub struct PublicKey([u8; 32]);

impl PublicKey {
    /// The encoding.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0
    }
    /// The encoding, borrowed.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl From<[u8; 32]> for PublicKey {
    fn from(bytes: [u8; 32]) -> PublicKey {
        PublicKey(bytes)
    }
}

impl AsRef<[u8]> for PublicKey {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

fn public_of(secret: &[u8; 32]) -> PublicKey {
    let mut p = PublicKey([0; 32]);
    // SAFETY: 32-byte arrays.
    let rc = unsafe { sys::f25519_x25519_public(&mut p.0, secret) };
    if let Err(e) = Error::check(rc) {
        panic!("fast25519: {e}");
    }
    p
}

fn random_secret() -> [u8; 32] {
    let (mut s, mut p) = ([0u8; 32], [0u8; 32]);
    // SAFETY: 32-byte arrays.
    let rc = unsafe { sys::f25519_x25519_keygen(&mut s, &mut p) };
    if let Err(e) = Error::check(rc) {
        panic!("fast25519: {e}");
    }
    s
}

fn derive(secret: &[u8; 32], peer: &PublicKey) -> SharedSecret {
    let mut out = SharedSecret([0; 32]);
    // SAFETY: 32-byte arrays; peer with its length.
    let rc = unsafe { sys::f25519_x25519_derive(&mut out.0, secret, peer.0.as_ptr(), 32) };
    match Error::from_code(rc) {
        None | Some(Error::ZeroShared) => out, // all zero: was_contributory() is false
        Some(e) => panic!("fast25519: {e}"),
    }
}

/// A secret usable for many exchanges (32 bytes; clamped when used, as RFC 7748 says).
#[derive(Clone)]
#[repr(transparent)]
pub struct StaticSecret([u8; 32]);

impl StaticSecret {
    /// A fresh secret from the OS random source (panics if it fails).
    pub fn random() -> StaticSecret {
        StaticSecret(random_secret())
    }

    /// A fresh secret from the given generator.
    pub fn random_from_rng<R: rand_core::CryptoRng + ?Sized>(csprng: &mut R) -> StaticSecret {
        let mut s = StaticSecret([0; 32]);
        csprng.fill_bytes(&mut s.0);
        s
    }

    /// X25519 with the peer's public key. The result is all zero for a low-order peer key:
    /// check [`SharedSecret::was_contributory`], or use [`StaticSecret::try_diffie_hellman`].
    pub fn diffie_hellman(&self, their_public: &PublicKey) -> SharedSecret {
        derive(&self.0, their_public)
    }

    /// X25519 that returns [`Error::ZeroShared`] instead of an all-zero secret.
    pub fn try_diffie_hellman(&self, their_public: &PublicKey) -> Result<SharedSecret, Error> {
        let s = derive(&self.0, their_public);
        if s.was_contributory() {
            Ok(s)
        } else {
            Err(Error::ZeroShared)
        }
    }

    /// The secret bytes.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0
    }

    /// The secret bytes, borrowed.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
}

impl From<[u8; 32]> for StaticSecret {
    fn from(bytes: [u8; 32]) -> StaticSecret {
        StaticSecret(bytes)
    }
}

impl<'a> From<&'a StaticSecret> for PublicKey {
    fn from(secret: &'a StaticSecret) -> PublicKey {
        public_of(&secret.0)
    }
}

impl AsRef<[u8]> for StaticSecret {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for StaticSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("StaticSecret(..)")
    }
}

impl Drop for StaticSecret {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}
impl ZeroizeOnDrop for StaticSecret {}

/// A secret for one exchange: [`EphemeralSecret::diffie_hellman`] consumes it.
pub struct EphemeralSecret([u8; 32]);

impl EphemeralSecret {
    /// A fresh secret from the OS random source (panics if it fails).
    pub fn random() -> EphemeralSecret {
        EphemeralSecret(random_secret())
    }

    /// A fresh secret from the given generator.
    pub fn random_from_rng<R: rand_core::CryptoRng + ?Sized>(csprng: &mut R) -> EphemeralSecret {
        let mut s = EphemeralSecret([0; 32]);
        csprng.fill_bytes(&mut s.0);
        s
    }

    /// X25519 with the peer's public key (all zero for a low-order peer key).
    pub fn diffie_hellman(self, their_public: &PublicKey) -> SharedSecret {
        derive(&self.0, their_public)
    }
}

impl<'a> From<&'a EphemeralSecret> for PublicKey {
    fn from(secret: &'a EphemeralSecret) -> PublicKey {
        public_of(&secret.0)
    }
}

impl fmt::Debug for EphemeralSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("EphemeralSecret(..)")
    }
}

impl Drop for EphemeralSecret {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}
impl ZeroizeOnDrop for EphemeralSecret {}

/// The result of an exchange (wiped on drop).
#[repr(transparent)]
pub struct SharedSecret([u8; 32]);

impl SharedSecret {
    /// The secret bytes.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.0
    }
    /// The secret bytes, borrowed.
    pub fn as_bytes(&self) -> &[u8; 32] {
        &self.0
    }
    /// False when the secret is all zero (the peer's key had low order, RFC 7748 6.1).
    pub fn was_contributory(&self) -> bool {
        self.0.iter().fold(0u8, |a, b| a | b) != 0
    }
}

impl AsRef<[u8]> for SharedSecret {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl fmt::Debug for SharedSecret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedSecret(..)")
    }
}

impl Drop for SharedSecret {
    fn drop(&mut self) {
        self.0.zeroize();
    }
}
impl ZeroizeOnDrop for SharedSecret {}

/// X25519(k, u) (RFC 7748 5), x25519-dalek's `x25519`: all zero for a low-order u.
pub fn x25519(k: [u8; 32], u: [u8; 32]) -> [u8; 32] {
    let mut k = StaticSecret(k);
    let s = derive(&k.0, &PublicKey(u));
    k.0.zeroize();
    s.0
}

/// The public keys of eight secrets at once (`f25519_x25519_keygen_x8`).
pub fn keygen_x8(secrets: &[StaticSecret; 8]) -> [PublicKey; 8] {
    let mut out = [PublicKey([0; 32]); 8];
    // SAFETY: StaticSecret and PublicKey are repr(transparent) over [u8; 32], so the arrays are
    // [[u8; 32]; 8] in memory.
    let rc = unsafe {
        sys::f25519_x25519_keygen_x8(
            out.as_mut_ptr() as *mut [[u8; 32]; 8],
            secrets.as_ptr() as *const [[u8; 32]; 8],
        )
    };
    if let Err(e) = Error::check(rc) {
        panic!("fast25519: {e}");
    }
    out
}

/// Eight independent exchanges at once (`f25519_x25519_derive_x8`): lane `i` is
/// `secrets[i].diffie_hellman(&peers[i])` (all zero, `was_contributory() == false`, for a
/// low-order peer key).
pub fn derive_x8(secrets: &[StaticSecret; 8], peers: &[PublicKey; 8]) -> [SharedSecret; 8] {
    let mut out: [SharedSecret; 8] = core::array::from_fn(|_| SharedSecret([0; 32]));
    let mut status = [0i32; 8];
    // SAFETY: StaticSecret, PublicKey and SharedSecret are repr(transparent) over [u8; 32].
    let rc = unsafe {
        sys::f25519_x25519_derive_x8(
            out.as_mut_ptr() as *mut [[u8; 32]; 8],
            secrets.as_ptr() as *const [[u8; 32]; 8],
            peers.as_ptr() as *const [[u8; 32]; 8],
            status.as_mut_ptr(),
        )
    };
    match Error::from_code(rc) {
        None | Some(Error::ZeroShared) => out,
        Some(e) => panic!("fast25519: {e}"),
    }
}
