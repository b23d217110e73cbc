// SPDX-License-Identifier: Apache-2.0 OR MIT
//! The three peer libraries behind one shape per primitive, so that the self-check and the timed
//! loops call exactly the same code. Every function takes encoded bytes in and writes encoded
//! bytes out, as `fast25519`'s API does (and OpenSSL's, libsodium's in `fast25519 bench`):
//!
//! * aws-lc: its raw C API through `aws-lc-sys` (`X25519_keypair`, `X25519`,
//!   `X25519_public_from_private`, `ED25519_keypair`, `ED25519_keypair_from_seed`, `ED25519_sign`,
//!   `ED25519_verify`); keygen draws from aws-lc's own RNG; its Ed25519 private key is the 64-byte
//!   seed || public key (the seed is hashed again in every signature, as in fast25519).
//! * ring: `agreement::EphemeralPrivateKey` (+ `compute_public_key` / `agree_ephemeral`) and
//!   `signature::Ed25519KeyPair` / `UnparsedPublicKey`. ring only takes X25519 private keys from an
//!   RNG, so a derive with a given private key goes through ring's own fixed-slice test RNG (a
//!   32-byte copy inside the timed call). `Ed25519KeyPair` keeps the expanded secret, so ring's
//!   sign does one SHA-512 block less per call than the others.
//! * zebra: `ed25519-zebra` (the ZIP-215 rules): `VerificationKey::verify` and its batch verifier
//!   (`batch::Verifier`: queue n items, one random linear combination, one verdict for the batch).
//! * lib25519 (when built with it: scripts/lib25519.sh, cfg `have_lib25519`): its C API
//!   (`lib25519_dh_keypair` = randombytes + nG, `lib25519_dh` = nP, `lib25519_nPbatch_montgomery25519`,
//!   `lib25519_sign_keypair`, `lib25519_sign`, `lib25519_sign_open`); its Ed25519 secret key is
//!   seed || public key and its signatures come as signature || message, as in NaCl. Its signing
//!   nonce is randomized (two signatures of one message differ), so the cross-check verifies its
//!   signatures rather than comparing them.
//! * dalek: `x25519-dalek` (`StaticSecret`, `PublicKey`) and `ed25519-dalek` (`SigningKey`,
//!   `VerifyingKey`, `verify_batch`); keygen draws its secret with getrandom(2) (the OS RNG, as
//!   fast25519 and ring do). Verification starts from the encoded public key (`VerifyingKey::
//!   from_bytes` decodes the point inside the timed call), as every other library's does.
use std::hint::black_box;

use ring::agreement;
use ring::rand::{SecureRandom, SystemRandom};
use ring::signature::{self as rsig, KeyPair};

/// The curve25519-dalek backend the dalek rows run: the same choice `curve25519-dalek` makes at
/// run time (AVX-512IFMA+VL when built with `curve25519_dalek_backend="avx512"`, else AVX2, else
/// the serial code; only the serial code when built with `curve25519_dalek_backend="serial"`,
/// bench-peers.sh --dalek-backend serial). The build's rustflags set the cfg for this crate too.
pub fn dalek_backend() -> &'static str {
    if cfg!(curve25519_dalek_backend = "serial") {
        return "serial";
    }
    #[cfg(target_arch = "x86_64")]
    {
        if cfg!(curve25519_dalek_backend = "avx512")
            && std::is_x86_feature_detected!("avx512ifma")
            && std::is_x86_feature_detected!("avx512vl")
        {
            return "avx512ifma";
        }
        if std::is_x86_feature_detected!("avx2") {
            return "avx2";
        }
    }
    "serial"
}

// ---------------------------------------------------------------- aws-lc (raw C API)
pub mod awslc {
    use aws_lc_sys as sys;

    pub fn x25519_keygen(public: &mut [u8; 32], private: &mut [u8; 32]) -> bool {
        unsafe { sys::X25519_keypair(public.as_mut_ptr(), private.as_mut_ptr()) };
        true
    }
    pub fn x25519_public(public: &mut [u8; 32], private: &[u8; 32]) -> bool {
        unsafe { sys::X25519_public_from_private(public.as_mut_ptr(), private.as_ptr()) };
        true
    }
    pub fn x25519_derive(out: &mut [u8; 32], private: &[u8; 32], peer: &[u8; 32]) -> bool {
        unsafe { sys::X25519(out.as_mut_ptr(), private.as_ptr(), peer.as_ptr()) == 1 }
    }
    /// `private` = seed || public key (aws-lc's 64-byte Ed25519 private key).
    pub fn ed25519_keygen(public: &mut [u8; 32], private: &mut [u8; 64]) -> bool {
        unsafe { sys::ED25519_keypair(public.as_mut_ptr(), private.as_mut_ptr()) };
        true
    }
    pub fn ed25519_from_seed(public: &mut [u8; 32], private: &mut [u8; 64], seed: &[u8; 32]) -> bool {
        unsafe { sys::ED25519_keypair_from_seed(public.as_mut_ptr(), private.as_mut_ptr(), seed.as_ptr()) };
        true
    }
    pub fn ed25519_sign(sig: &mut [u8; 64], msg: &[u8], private: &[u8; 64]) -> bool {
        unsafe { sys::ED25519_sign(sig.as_mut_ptr(), msg.as_ptr(), msg.len(), private.as_ptr()) == 1 }
    }
    pub fn ed25519_verify(msg: &[u8], sig: &[u8; 64], public: &[u8; 32]) -> bool {
        unsafe { sys::ED25519_verify(msg.as_ptr(), msg.len(), sig.as_ptr(), public.as_ptr()) == 1 }
    }
}

// ---------------------------------------------------------------- ring
pub mod ringp {
    use super::*;

    /// A fresh key pair from the OS RNG (`SystemRandom`); ring does not hand out the private key.
    pub fn x25519_keygen(rng: &SystemRandom, public: &mut [u8; 32]) -> bool {
        let Ok(k) = agreement::EphemeralPrivateKey::generate(&agreement::X25519, rng) else { return false };
        match k.compute_public_key() {
            Ok(p) => {
                public.copy_from_slice(p.as_ref());
                true
            }
            Err(_) => false,
        }
    }
    #[allow(deprecated)]
    fn fixed_key(private: &[u8; 32]) -> Option<agreement::EphemeralPrivateKey> {
        // ring's own deterministic RNG (ring::test::rand): the only way to give ring a private key.
        let rng = ring::test::rand::FixedSliceRandom { bytes: private };
        agreement::EphemeralPrivateKey::generate(&agreement::X25519, &rng).ok()
    }
    pub fn x25519_public(public: &mut [u8; 32], private: &[u8; 32]) -> bool {
        let Some(k) = fixed_key(private) else { return false };
        match k.compute_public_key() {
            Ok(p) => {
                public.copy_from_slice(p.as_ref());
                true
            }
            Err(_) => false,
        }
    }
    pub fn x25519_derive(out: &mut [u8; 32], private: &[u8; 32], peer: &[u8; 32]) -> bool {
        let Some(k) = fixed_key(private) else { return false };
        let peer = agreement::UnparsedPublicKey::new(&agreement::X25519, peer);
        agreement::agree_ephemeral(k, &peer, |s| out.copy_from_slice(s)).is_ok()
    }
    /// Seed from the OS RNG, then the key pair (public key computed).
    pub fn ed25519_keygen(rng: &SystemRandom, public: &mut [u8; 32], seed: &mut [u8; 32]) -> bool {
        if rng.fill(seed).is_err() {
            return false;
        }
        match rsig::Ed25519KeyPair::from_seed_unchecked(seed) {
            Ok(kp) => {
                public.copy_from_slice(kp.public_key().as_ref());
                true
            }
            Err(_) => false,
        }
    }
    pub fn ed25519_keypair(seed: &[u8; 32]) -> Option<rsig::Ed25519KeyPair> {
        rsig::Ed25519KeyPair::from_seed_unchecked(seed).ok()
    }
    pub fn ed25519_sign(sig: &mut [u8; 64], msg: &[u8], kp: &rsig::Ed25519KeyPair) -> bool {
        sig.copy_from_slice(kp.sign(msg).as_ref());
        true
    }
    pub fn ed25519_verify(msg: &[u8], sig: &[u8; 64], public: &[u8; 32]) -> bool {
        rsig::UnparsedPublicKey::new(&rsig::ED25519, public).verify(msg, sig).is_ok()
    }
}

// ---------------------------------------------------------------- dalek
pub mod dalek {
    use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
    use x25519_dalek::{PublicKey, StaticSecret};

    fn os_random(buf: &mut [u8]) -> bool {
        getrandom::getrandom(buf).is_ok()
    }
    pub fn x25519_keygen(public: &mut [u8; 32], private: &mut [u8; 32]) -> bool {
        if !os_random(private) {
            return false;
        }
        let s = StaticSecret::from(*private);
        *public = PublicKey::from(&s).to_bytes();
        true
    }
    pub fn x25519_public(public: &mut [u8; 32], private: &[u8; 32]) -> bool {
        *public = PublicKey::from(&StaticSecret::from(*private)).to_bytes();
        true
    }
    pub fn x25519_derive(out: &mut [u8; 32], private: &[u8; 32], peer: &[u8; 32]) -> bool {
        let s = StaticSecret::from(*private);
        *out = s.diffie_hellman(&PublicKey::from(*peer)).to_bytes();
        true
    }
    pub fn ed25519_keygen(public: &mut [u8; 32], seed: &mut [u8; 32]) -> bool {
        if !os_random(seed) {
            return false;
        }
        *public = SigningKey::from_bytes(seed).verifying_key().to_bytes();
        true
    }
    pub fn ed25519_public(public: &mut [u8; 32], seed: &[u8; 32]) -> bool {
        *public = SigningKey::from_bytes(seed).verifying_key().to_bytes();
        true
    }
    pub fn ed25519_sign(sig: &mut [u8; 64], msg: &[u8], key: &SigningKey) -> bool {
        *sig = key.sign(msg).to_bytes();
        true
    }
    pub fn ed25519_verify(msg: &[u8], sig: &[u8; 64], public: &[u8; 32]) -> bool {
        match VerifyingKey::from_bytes(public) {
            Ok(vk) => vk.verify(msg, &Signature::from_bytes(sig)).is_ok(),
            Err(_) => false,
        }
    }
    /// `verify_batch` over items given as bytes (keys decoded inside, as for single verification).
    /// Its scratch vectors are the caller's, so the timed call allocates nothing of its own.
    pub fn ed25519_verify_batch(
        items: &[super::BatchItem],
        msgs: &mut Vec<&'static [u8]>,
        sigs: &mut Vec<Signature>,
        vks: &mut Vec<VerifyingKey>,
    ) -> bool {
        msgs.clear();
        sigs.clear();
        vks.clear();
        for it in items {
            match VerifyingKey::from_bytes(&it.public) {
                Ok(vk) => vks.push(vk),
                Err(_) => return false,
            }
            sigs.push(Signature::from_bytes(&it.sig));
            msgs.push(it.msg);
        }
        ed25519_dalek::verify_batch(msgs, sigs, vks).is_ok()
    }
}

// ---------------------------------------------------------------- ed25519-zebra (ZIP-215)
pub mod zebra {
    use ed25519_zebra::{batch, Signature, VerificationKey, VerificationKeyBytes};

    pub fn ed25519_verify(msg: &[u8], sig: &[u8; 64], public: &[u8; 32]) -> bool {
        match VerificationKey::try_from(&public[..]) {
            Ok(vk) => vk.verify(&Signature::from_bytes(sig), msg).is_ok(),
            Err(_) => false,
        }
    }
    /// Its batch verifier: one verdict for the batch (keys decoded inside, as everywhere).
    pub fn ed25519_verify_batch(items: &[super::BatchItem]) -> bool {
        let mut v = batch::Verifier::new();
        for it in items {
            v.queue((VerificationKeyBytes::from(it.public), Signature::from_bytes(&it.sig), it.msg));
        }
        v.verify(rand::rng()).is_ok()
    }
}

// ---------------------------------------------------------------- lib25519 (C API)
#[cfg(have_lib25519)]
pub mod lib25519 {
    use std::os::raw::{c_int, c_longlong};
    extern "C" {
        fn lib25519_dh_x25519_keypair(pk: *mut u8, sk: *mut u8);
        fn lib25519_dh_x25519(k: *mut u8, pk: *const u8, sk: *const u8);
        fn lib25519_nPbatch_montgomery25519(q: *mut u8, n: *const u8, p: *const u8, len: c_longlong);
        fn lib25519_sign_ed25519_keypair(pk: *mut u8, sk: *mut u8);
        fn lib25519_sign_ed25519(sm: *mut u8, smlen: *mut c_longlong, m: *const u8, mlen: c_longlong, sk: *const u8);
        fn lib25519_sign_ed25519_open(m: *mut u8, mlen: *mut c_longlong, sm: *const u8, smlen: c_longlong,
                                      pk: *const u8) -> c_int;
    }
    pub fn x25519_keygen(public: &mut [u8; 32], private: &mut [u8; 32]) -> bool {
        unsafe { lib25519_dh_x25519_keypair(public.as_mut_ptr(), private.as_mut_ptr()) };
        true
    }
    pub fn x25519_derive(out: &mut [u8; 32], private: &[u8; 32], peer: &[u8; 32]) -> bool {
        unsafe { lib25519_dh_x25519(out.as_mut_ptr(), peer.as_ptr(), private.as_ptr()) };
        true
    }
    /// n = 8 shared secrets in one call (the scalars are clamped here, as X25519 does).
    pub fn x25519_derive_x8(out: &mut [[u8; 32]; 8], private: &[[u8; 32]; 8], peer: &[[u8; 32]; 8]) -> bool {
        let mut n = *private;
        for k in n.iter_mut() {
            k[0] &= 248;
            k[31] &= 127;
            k[31] |= 64;
        }
        unsafe { lib25519_nPbatch_montgomery25519(out.as_mut_ptr() as *mut u8, n.as_ptr() as *const u8,
                                                  peer.as_ptr() as *const u8, 8) };
        true
    }
    /// `private` = seed || public key.
    pub fn ed25519_keygen(public: &mut [u8; 32], private: &mut [u8; 64]) -> bool {
        unsafe { lib25519_sign_ed25519_keypair(public.as_mut_ptr(), private.as_mut_ptr()) };
        true
    }
    /// `sm`: scratch of 64 + msg.len() bytes (the signed message); the signature is its head.
    pub fn ed25519_sign(sig: &mut [u8; 64], sm: &mut [u8], msg: &[u8], private: &[u8; 64]) -> bool {
        let mut smlen: c_longlong = 0;
        unsafe { lib25519_sign_ed25519(sm.as_mut_ptr(), &mut smlen, msg.as_ptr(), msg.len() as c_longlong, private.as_ptr()) };
        sig.copy_from_slice(&sm[..64]);
        smlen as usize == 64 + msg.len()
    }
    /// `sm` = signature || message (made once, outside the timed call); `m`: scratch of sm.len() bytes.
    pub fn ed25519_open(sm: &[u8], m: &mut [u8], public: &[u8; 32]) -> bool {
        let mut mlen: c_longlong = 0;
        unsafe { lib25519_sign_ed25519_open(m.as_mut_ptr(), &mut mlen, sm.as_ptr(), sm.len() as c_longlong, public.as_ptr()) == 0 }
    }
    pub fn ed25519_verify(msg: &[u8], sig: &[u8; 64], public: &[u8; 32]) -> bool {
        let sm: Vec<u8> = sig.iter().chain(msg.iter()).copied().collect();
        let mut m = vec![0u8; sm.len()];
        ed25519_open(&sm, &mut m, public)
    }
}

/// One signed message of the batch inputs (messages live for the whole run).
#[derive(Clone)]
pub struct BatchItem {
    pub public: [u8; 32],
    pub msg: &'static [u8],
    pub sig: [u8; 64],
}

pub fn keep<T>(x: T) -> T {
    black_box(x)
}
