// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Ed25519 (RFC 8032) with ed25519-dalek's names: code written for ed25519-dalek switches by
//! changing its imports (`use fast25519::ed25519::{Signature, Signer, SigningKey, Verifier,
//! VerifyingKey}`).
//!
//! Verification rules ([`Mode`]), chosen per call:
//! - [`Mode::OpenSsl`] (what [`Verifier::verify`] uses): exactly OpenSSL 3.0's verdicts;
//!   cofactorless, R canonical, S < L, small-order A/R accepted.
//! - [`Mode::Strict`] (what `verify_strict` uses): RFC 8032 strict plus libsodium's rules:
//!   canonical A and R, small-order A or R rejected, S < L, cofactorless.
//! - [`Mode::Zip215`]: the ZIP-215 consensus rules (cofactored, non-canonical A and R accepted,
//!   S < L), as ed25519-zebra and ed25519-consensus.
//!
//! Batch verification ([`verify_batch`], [`VerifyPool`]) gives one result per item, exactly the
//! result single verification gives, in every mode.
use core::ffi::{c_int, c_uint};
use core::fmt;
use core::ptr::NonNull;

use digest::{consts::U64, Digest};
use fast25519_sys as sys;
use zeroize::{Zeroize, ZeroizeOnDrop};

use crate::Error;

pub use ::ed25519::Signature;
pub use signature::{Signer, Verifier};

/// The error type of the `signature` traits (ed25519-dalek's `SignatureError`); its source is
/// the [`Error`] of the failed call.
pub type SignatureError = signature::Error;

/// The length of an Ed25519 secret key (seed).
pub const SECRET_KEY_LENGTH: usize = 32;
/// The length of an Ed25519 public key.
pub const PUBLIC_KEY_LENGTH: usize = 32;
/// The length of an Ed25519 signature.
pub const SIGNATURE_LENGTH: usize = 64;
/// The length of a seed followed by its public key.
pub const KEYPAIR_LENGTH: usize = 64;
/// An Ed25519 secret key: the 32-byte seed.
pub type SecretKey = [u8; SECRET_KEY_LENGTH];

/// Verification rules (see the [module](self) documentation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Mode {
    /// OpenSSL 3.0's verdicts (cofactorless; small-order A/R accepted). The default.
    #[default]
    OpenSsl,
    /// RFC 8032 strict plus libsodium's rules (canonical A and R, no small-order A or R).
    Strict,
    /// ZIP-215 (cofactored; non-canonical A and R accepted).
    Zip215,
}

impl Mode {
    /// The C constant (`F25519_VERIFY_*`).
    pub fn code(self) -> c_int {
        match self {
            Mode::OpenSsl => sys::F25519_VERIFY_OPENSSL,
            Mode::Strict => sys::F25519_VERIFY_STRICT,
            Mode::Zip215 => sys::F25519_VERIFY_ZIP215,
        }
    }
}

/// The RFC 8032 variant of a signature and its context string.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Variant<'a> {
    /// Pure Ed25519 (no context).
    #[default]
    Pure,
    /// Ed25519ctx with a context of 1 to 255 bytes.
    Ctx(&'a [u8]),
    /// Ed25519ph: the message is hashed with SHA-512 by the library; context of 0 to 255 bytes.
    Ph(&'a [u8]),
    /// Ed25519ph with the message already hashed: the message is the 64-byte SHA-512 digest.
    PhHashed(&'a [u8]),
}

impl Variant<'_> {
    fn parts(&self) -> (c_int, *const u8, usize) {
        match *self {
            Variant::Pure => (sys::F25519_ED25519, core::ptr::null(), 0),
            Variant::Ctx(c) => (sys::F25519_ED25519CTX, c.as_ptr(), c.len()),
            Variant::Ph(c) => (sys::F25519_ED25519PH, c.as_ptr(), c.len()),
            Variant::PhHashed(c) => (sys::F25519_ED25519PH_HASHED, c.as_ptr(), c.len()),
        }
    }
}

/// Verifies a signature given as byte slices (any lengths: wrong ones give [`Error::Length`]).
/// `verify_raw(pk, msg, sig, mode)` is `f25519_ed25519_verify`.
pub fn verify_raw(public_key: &[u8], message: &[u8], signature: &[u8], mode: Mode) -> Result<(), Error> {
    verify_raw_ex(public_key, message, signature, mode, Variant::Pure)
}

/// [`verify_raw`] for any variant (`f25519_ed25519_verify_ex`).
pub fn verify_raw_ex(
    public_key: &[u8],
    message: &[u8],
    signature: &[u8],
    mode: Mode,
    variant: Variant<'_>,
) -> Result<(), Error> {
    let (v, ctx, ctx_len) = variant.parts();
    // SAFETY: every pointer comes with the length of its live slice (ctx NULL only with length 0).
    Error::check(unsafe {
        sys::f25519_ed25519_verify_ex(
            signature.as_ptr(),
            signature.len(),
            message.as_ptr(),
            message.len(),
            public_key.as_ptr(),
            public_key.len(),
            mode.code(),
            v,
            ctx,
            ctx_len,
        )
    })
}

fn finalize_prehash<D: Digest<OutputSize = U64>>(d: D) -> [u8; 64] {
    let out = d.finalize();
    let mut h = [0u8; 64];
    h.copy_from_slice(out.as_slice());
    h
}

// ---------------------------------------------------------------------------------------------
// VerifyingKey

/// An Ed25519 public key (32 bytes, kept as given: verification hashes the encoding as given).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct VerifyingKey([u8; PUBLIC_KEY_LENGTH]);

impl VerifyingKey {
    /// A public key from its encoding, rejected (as ed25519-dalek does) when it is not the
    /// encoding of a curve point. Non-canonical encodings of points are accepted here; whether a
    /// signature verifies under them is the [`Mode`]'s decision.
    pub fn from_bytes(bytes: &[u8; PUBLIC_KEY_LENGTH]) -> Result<VerifyingKey, SignatureError> {
        // The library decodes A before anything else that can fail in openssl mode; with an R
        // that is no curve point the call stops after decoding (no scalar multiplication):
        // ERR_ENCODING means A is no point, ERR_VERIFY that A decoded and R did not.
        const R_NOT_ON_CURVE: [u8; 64] = {
            let mut s = [0u8; 64];
            s[0] = 2; // y = 2: (y^2 - 1)/(d y^2 + 1) is not a square mod p
            s
        };
        match verify_raw(bytes, &[], &R_NOT_ON_CURVE, Mode::OpenSsl) {
            Err(Error::Verify) | Ok(()) => Ok(VerifyingKey(*bytes)),
            Err(e) => Err(e.into()),
        }
    }

    /// A public key from 32 bytes without checking that they encode a point (verification
    /// reports [`Error::Encoding`] for those). For keys taken straight into a batch.
    pub const fn from_bytes_unchecked(bytes: [u8; PUBLIC_KEY_LENGTH]) -> VerifyingKey {
        VerifyingKey(bytes)
    }

    /// The encoding.
    pub fn to_bytes(&self) -> [u8; PUBLIC_KEY_LENGTH] {
        self.0
    }

    /// The encoding, borrowed.
    pub fn as_bytes(&self) -> &[u8; PUBLIC_KEY_LENGTH] {
        &self.0
    }

    /// Verifies a pure Ed25519 signature under the given rules.
    pub fn verify_with(&self, message: &[u8], signature: &Signature, mode: Mode) -> Result<(), Error> {
        self.verify_ex(message, signature, mode, Variant::Pure)
    }

    /// Verifies a signature of any variant under the given rules.
    pub fn verify_ex(
        &self,
        message: &[u8],
        signature: &Signature,
        mode: Mode,
        variant: Variant<'_>,
    ) -> Result<(), Error> {
        verify_raw_ex(&self.0, message, &signature.to_bytes(), mode, variant)
    }

    /// Strict verification ([`Mode::Strict`]), as ed25519-dalek's `verify_strict`.
    pub fn verify_strict(&self, message: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        Ok(self.verify_with(message, signature, Mode::Strict)?)
    }

    /// Verifies an Ed25519ctx signature (context of 1 to 255 bytes).
    pub fn verify_ctx(&self, message: &[u8], context: &[u8], signature: &Signature, mode: Mode) -> Result<(), Error> {
        self.verify_ex(message, signature, mode, Variant::Ctx(context))
    }

    /// Verifies an Ed25519ph signature of an unhashed message (the library applies SHA-512).
    pub fn verify_ph(
        &self,
        message: &[u8],
        context: Option<&[u8]>,
        signature: &Signature,
        mode: Mode,
    ) -> Result<(), Error> {
        self.verify_ex(message, signature, mode, Variant::Ph(context.unwrap_or(&[])))
    }

    /// Verifies an Ed25519ph signature given the SHA-512 state of the message, as ed25519-dalek
    /// (openssl rules; [`VerifyingKey::verify_prehashed_strict`] for strict ones).
    pub fn verify_prehashed<D: Digest<OutputSize = U64>>(
        &self,
        prehashed_message: D,
        context: Option<&[u8]>,
        signature: &Signature,
    ) -> Result<(), SignatureError> {
        let h = finalize_prehash(prehashed_message);
        Ok(self.verify_ex(&h, signature, Mode::OpenSsl, Variant::PhHashed(context.unwrap_or(&[])))?)
    }

    /// [`VerifyingKey::verify_prehashed`] under [`Mode::Strict`].
    pub fn verify_prehashed_strict<D: Digest<OutputSize = U64>>(
        &self,
        prehashed_message: D,
        context: Option<&[u8]>,
        signature: &Signature,
    ) -> Result<(), SignatureError> {
        let h = finalize_prehash(prehashed_message);
        Ok(self.verify_ex(&h, signature, Mode::Strict, Variant::PhHashed(context.unwrap_or(&[])))?)
    }
}

impl Verifier<Signature> for VerifyingKey {
    /// Openssl-mode verification (cofactorless, as ed25519-dalek's `verify`).
    fn verify(&self, message: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        Ok(self.verify_with(message, signature, Mode::OpenSsl)?)
    }
}

impl fmt::Debug for VerifyingKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VerifyingKey(")?;
        for b in &self.0 {
            write!(f, "{b:02x}")?;
        }
        write!(f, ")")
    }
}

impl AsRef<[u8]> for VerifyingKey {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

impl TryFrom<&[u8]> for VerifyingKey {
    type Error = SignatureError;
    fn try_from(bytes: &[u8]) -> Result<VerifyingKey, SignatureError> {
        let b: &[u8; 32] = bytes.try_into().map_err(|_| SignatureError::from(Error::Length))?;
        VerifyingKey::from_bytes(b)
    }
}

impl From<&SigningKey> for VerifyingKey {
    fn from(k: &SigningKey) -> VerifyingKey {
        k.public
    }
}

// ---------------------------------------------------------------------------------------------
// SigningKey

/// An Ed25519 signing key: the 32-byte seed (wiped on drop) and its public key.
#[derive(Clone)]
pub struct SigningKey {
    seed: SecretKey,
    public: VerifyingKey,
}

impl SigningKey {
    /// The key of a seed. Panics only when the library cannot run at all (a forced backend
    /// this CPU lacks); [`SigningKey::try_from_bytes`] returns that error instead.
    pub fn from_bytes(secret_key: &SecretKey) -> SigningKey {
        SigningKey::try_from_bytes(secret_key).unwrap_or_else(|e| panic!("fast25519: {e}"))
    }

    /// The key of a seed.
    pub fn try_from_bytes(secret_key: &SecretKey) -> Result<SigningKey, Error> {
        let mut k = SigningKey { seed: *secret_key, public: VerifyingKey([0; 32]) };
        // SAFETY: both pointers are to 32-byte arrays.
        Error::check(unsafe { sys::f25519_ed25519_public(&mut k.public.0, &k.seed) })?;
        Ok(k)
    }

    /// A fresh key from the OS random source (`f25519_ed25519_keygen`). Panics if the source fails.
    pub fn random() -> SigningKey {
        SigningKey::try_random().unwrap_or_else(|e| panic!("fast25519: {e}"))
    }

    /// A fresh key from the OS random source.
    pub fn try_random() -> Result<SigningKey, Error> {
        let mut k = SigningKey { seed: [0; 32], public: VerifyingKey([0; 32]) };
        // SAFETY: both pointers are to 32-byte arrays.
        Error::check(unsafe { sys::f25519_ed25519_keygen(&mut k.seed, &mut k.public.0) })?;
        Ok(k)
    }

    /// A fresh key from the given generator (ed25519-dalek's `generate`).
    pub fn generate<R: rand_core::CryptoRng + ?Sized>(csprng: &mut R) -> SigningKey {
        let mut seed = [0u8; 32];
        csprng.fill_bytes(&mut seed);
        let k = SigningKey::from_bytes(&seed);
        seed.zeroize();
        k
    }

    /// The key of `seed || public key`, rejected if the public key is not the seed's.
    pub fn from_keypair_bytes(bytes: &[u8; KEYPAIR_LENGTH]) -> Result<SigningKey, SignatureError> {
        let mut seed = [0u8; 32];
        seed.copy_from_slice(&bytes[..32]);
        let k = SigningKey::try_from_bytes(&seed);
        seed.zeroize();
        let k = k?;
        if k.public.0[..] != bytes[32..] {
            return Err(SignatureError::new());
        }
        Ok(k)
    }

    /// `seed || public key`.
    pub fn to_keypair_bytes(&self) -> [u8; KEYPAIR_LENGTH] {
        let mut b = [0u8; KEYPAIR_LENGTH];
        b[..32].copy_from_slice(&self.seed);
        b[32..].copy_from_slice(&self.public.0);
        b
    }

    /// The seed.
    pub fn to_bytes(&self) -> SecretKey {
        self.seed
    }

    /// The seed, borrowed.
    pub fn as_bytes(&self) -> &SecretKey {
        &self.seed
    }

    /// The public key.
    pub fn verifying_key(&self) -> VerifyingKey {
        self.public
    }

    /// Signs with any variant.
    pub fn sign_ex(&self, message: &[u8], variant: Variant<'_>) -> Result<Signature, Error> {
        let (v, ctx, ctx_len) = variant.parts();
        let mut sig = [0u8; 64];
        // SAFETY: fixed-size arrays and live slices with their lengths.
        Error::check(unsafe {
            sys::f25519_ed25519_sign_ex(
                &mut sig,
                message.as_ptr(),
                message.len(),
                &self.seed,
                &self.public.0,
                v,
                ctx,
                ctx_len,
            )
        })?;
        Ok(Signature::from_bytes(&sig))
    }

    /// An Ed25519ctx signature (context of 1 to 255 bytes, else [`Error::Length`]).
    pub fn sign_ctx(&self, message: &[u8], context: &[u8]) -> Result<Signature, Error> {
        self.sign_ex(message, Variant::Ctx(context))
    }

    /// An Ed25519ph signature of an unhashed message (the library applies SHA-512).
    pub fn sign_ph(&self, message: &[u8], context: Option<&[u8]>) -> Result<Signature, Error> {
        self.sign_ex(message, Variant::Ph(context.unwrap_or(&[])))
    }

    /// An Ed25519ph signature given the SHA-512 state of the message, as ed25519-dalek.
    pub fn sign_prehashed<D: Digest<OutputSize = U64>>(
        &self,
        prehashed_message: D,
        context: Option<&[u8]>,
    ) -> Result<Signature, SignatureError> {
        let h = finalize_prehash(prehashed_message);
        Ok(self.sign_ex(&h, Variant::PhHashed(context.unwrap_or(&[])))?)
    }

    /// Verifies with this key's public key ([`Mode::OpenSsl`]).
    pub fn verify(&self, message: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        self.public.verify(message, signature)
    }

    /// Verifies with this key's public key ([`Mode::Strict`]).
    pub fn verify_strict(&self, message: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        self.public.verify_strict(message, signature)
    }
}

impl Signer<Signature> for SigningKey {
    fn try_sign(&self, message: &[u8]) -> Result<Signature, SignatureError> {
        let mut sig = [0u8; 64];
        // SAFETY: fixed-size arrays and a live slice with its length.
        Error::check(unsafe {
            sys::f25519_ed25519_sign(&mut sig, message.as_ptr(), message.len(), &self.seed, &self.public.0)
        })?;
        Ok(Signature::from_bytes(&sig))
    }
}

impl Verifier<Signature> for SigningKey {
    fn verify(&self, message: &[u8], signature: &Signature) -> Result<(), SignatureError> {
        self.public.verify(message, signature)
    }
}

impl signature::KeypairRef for SigningKey {
    type VerifyingKey = VerifyingKey;
}

impl AsRef<VerifyingKey> for SigningKey {
    fn as_ref(&self) -> &VerifyingKey {
        &self.public
    }
}

impl From<SecretKey> for SigningKey {
    fn from(secret: SecretKey) -> SigningKey {
        SigningKey::from_bytes(&secret)
    }
}

impl From<&SecretKey> for SigningKey {
    fn from(secret: &SecretKey) -> SigningKey {
        SigningKey::from_bytes(secret)
    }
}

impl TryFrom<&[u8]> for SigningKey {
    type Error = SignatureError;
    fn try_from(bytes: &[u8]) -> Result<SigningKey, SignatureError> {
        let b: &[u8; 32] = bytes.try_into().map_err(|_| SignatureError::from(Error::Length))?;
        Ok(SigningKey::try_from_bytes(b)?)
    }
}

impl PartialEq for SigningKey {
    /// Compares the seeds without an early exit.
    fn eq(&self, other: &SigningKey) -> bool {
        self.seed.iter().zip(other.seed.iter()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
    }
}
impl Eq for SigningKey {}

impl fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SigningKey").field("verifying_key", &self.public).finish_non_exhaustive()
    }
}

impl Drop for SigningKey {
    fn drop(&mut self) {
        self.seed.zeroize();
    }
}
impl ZeroizeOnDrop for SigningKey {}

// ---------------------------------------------------------------------------------------------
// Batch verification

/// The arrays of one `f25519_ed25519_verify_batch*` call.
struct Batch {
    sigs: Vec<[u8; 64]>,
    sig_ptrs: Vec<*const u8>,
    msg_ptrs: Vec<*const u8>,
    msg_lens: Vec<usize>,
    pub_ptrs: Vec<*const u8>,
    status: Vec<c_int>,
}

impl Batch {
    fn new(messages: &[&[u8]], signatures: &[Signature], keys: &[VerifyingKey]) -> Batch {
        assert!(
            messages.len() == signatures.len() && signatures.len() == keys.len(),
            "verify_batch: {} messages, {} signatures, {} keys (the lengths must be equal)",
            messages.len(),
            signatures.len(),
            keys.len()
        );
        let n = messages.len();
        let sigs: Vec<[u8; 64]> = signatures.iter().map(Signature::to_bytes).collect();
        let sig_ptrs = sigs.iter().map(|s| s.as_ptr()).collect();
        Batch {
            sig_ptrs,
            sigs,
            msg_ptrs: messages.iter().map(|m| m.as_ptr()).collect(),
            msg_lens: messages.iter().map(|m| m.len()).collect(),
            pub_ptrs: keys.iter().map(|k| k.0.as_ptr()).collect(),
            status: vec![0; n],
        }
    }

    fn results(self, rc: c_int) -> Vec<Result<(), Error>> {
        debug_assert_eq!(self.sigs.len(), self.status.len());
        if rc == sys::F25519_OK {
            return vec![Ok(()); self.status.len()];
        }
        self.status.into_iter().map(Error::check).collect()
    }
}

/// Verifies `n` pure Ed25519 signatures under one rule set on the calling thread; item `i` is
/// (`messages[i]`, `signatures[i]`, `keys[i]`), messages and keys may all differ. Returns one
/// result per item, exactly [`VerifyingKey::verify_with`]'s (`Ok`, [`Error::Encoding`],
/// [`Error::SmallOrder`], [`Error::Verify`]; [`Error::Unsupported`] for all under a forced
/// missing backend). Eight items are verified at a time (one per vector lane); in zip215 mode a
/// chunk is first checked as a whole by a random linear combination, and item by item when that
/// fails. Panics if the three slices differ in length.
pub fn verify_batch(
    messages: &[&[u8]],
    signatures: &[Signature],
    keys: &[VerifyingKey],
    mode: Mode,
) -> Vec<Result<(), Error>> {
    verify_batch_threads(messages, signatures, keys, mode, 1)
}

/// [`verify_batch`] on `threads` threads started and joined inside the call (0 = one per online
/// CPU, 1 = the calling thread only). For batch after batch, a [`VerifyPool`] keeps them.
pub fn verify_batch_threads(
    messages: &[&[u8]],
    signatures: &[Signature],
    keys: &[VerifyingKey],
    mode: Mode,
    threads: u32,
) -> Vec<Result<(), Error>> {
    let mut b = Batch::new(messages, signatures, keys);
    // SAFETY: n-element arrays of pointers into live buffers (64-byte signatures, 32-byte keys,
    // messages with their lengths) and an n-element status array.
    let rc = unsafe {
        sys::f25519_ed25519_verify_batch(
            b.status.len(),
            b.sig_ptrs.as_ptr(),
            b.msg_ptrs.as_ptr(),
            b.msg_lens.as_ptr(),
            b.pub_ptrs.as_ptr(),
            mode.code(),
            threads as c_uint,
            b.status.as_mut_ptr(),
        )
    };
    b.results(rc)
}

/// Batch verification on helper threads kept between calls (`f25519_verify_pool_*`): use one
/// when verifying batch after batch. It may be shared between threads (`Send + Sync`); a call
/// that finds the pool busy with another thread's call verifies on its own thread, with the same
/// results.
pub struct VerifyPool {
    pool: NonNull<sys::f25519_verify_pool>,
}

// SAFETY: the C pool may be used from any thread, concurrently (a busy pool makes a call verify
// on the calling thread alone), and freed from any thread once no call uses it (Drop has &mut).
unsafe impl Send for VerifyPool {}
unsafe impl Sync for VerifyPool {}

impl VerifyPool {
    /// A pool of `threads` members: the calling thread of each call plus `threads - 1` helpers
    /// (0 = one per online CPU).
    pub fn new(threads: u32) -> VerifyPool {
        // SAFETY: no pointers.
        let p = unsafe { sys::f25519_verify_pool_new(threads as c_uint) };
        let pool = NonNull::new(p).unwrap_or_else(|| {
            std::alloc::handle_alloc_error(std::alloc::Layout::new::<[u8; 4096]>())
        });
        VerifyPool { pool }
    }

    /// Members: helpers + 1.
    pub fn threads(&self) -> u32 {
        // SAFETY: a live pool.
        unsafe { sys::f25519_verify_pool_threads(self.pool.as_ptr()) }
    }

    /// [`verify_batch`] on the pool's threads: the same results.
    pub fn verify_batch(
        &self,
        messages: &[&[u8]],
        signatures: &[Signature],
        keys: &[VerifyingKey],
        mode: Mode,
    ) -> Vec<Result<(), Error>> {
        let mut b = Batch::new(messages, signatures, keys);
        // SAFETY: as in verify_batch_threads; the pool is live and may be shared.
        let rc = unsafe {
            sys::f25519_ed25519_verify_batch_pool(
                self.pool.as_ptr(),
                b.status.len(),
                b.sig_ptrs.as_ptr(),
                b.msg_ptrs.as_ptr(),
                b.msg_lens.as_ptr(),
                b.pub_ptrs.as_ptr(),
                mode.code(),
                b.status.as_mut_ptr(),
            )
        };
        b.results(rc)
    }
}

impl Drop for VerifyPool {
    fn drop(&mut self) {
        // SAFETY: the pool is live and, with &mut self, used by no call.
        unsafe { sys::f25519_verify_pool_free(self.pool.as_ptr()) }
    }
}

impl fmt::Debug for VerifyPool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VerifyPool").field("threads", &self.threads()).finish()
    }
}
