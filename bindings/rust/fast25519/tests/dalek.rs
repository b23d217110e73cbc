// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Random inputs against ed25519-dalek 3 (keys, signatures, verify = openssl mode, verify_strict
//! = strict mode) and x25519-dalek 3. Where the rules differ on edge cases, the exact set of
//! differing cases is pinned (tests/README.md says why).
mod common;
use common::*;
use ed25519_dalek as dalek;
use fast25519::ed25519::{self, Mode, Signature, Signer, SigningKey, Verifier, VerifyingKey};
use fast25519::x25519;

const N: usize = 300;

/// A signature made invalid in one of several ways (or left valid).
fn corrupt(r: &mut Rng, msg: &mut Vec<u8>, sig: &mut [u8; 64], pk: &mut [u8; 32]) -> &'static str {
    match r.below(8) {
        0 | 1 => "valid",
        2 => {
            let i = r.below(64) as usize;
            sig[i] ^= 1 << r.below(8);
            "sig bit"
        }
        3 => {
            msg.push(r.next() as u8);
            "message"
        }
        4 => {
            let i = r.below(32) as usize;
            pk[i] ^= 1 << r.below(8);
            "key bit"
        }
        5 => {
            // S + L (non-canonical S, same equation)
            const L: [u8; 32] = [
                0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
            ];
            let mut c = 0u16;
            for i in 0..32 {
                let s = sig[32 + i] as u16 + L[i] as u16 + c;
                sig[32 + i] = s as u8;
                c = s >> 8;
            }
            "S+L"
        }
        6 => {
            sig[..32].copy_from_slice(&r.bytes::<32>());
            "random R"
        }
        _ => {
            *pk = r.bytes();
            "random key"
        }
    }
}

#[test]
fn ed25519_random_against_dalek() {
    let mut r = Rng::from_env();
    let mut counts = std::collections::BTreeMap::new();
    for i in 0..N {
        let seed: [u8; 32] = r.bytes();
        let mut msg = r.vec(300);
        let ours = SigningKey::from_bytes(&seed);
        let theirs = dalek::SigningKey::from_bytes(&seed);
        assert_eq!(ours.verifying_key().to_bytes(), theirs.verifying_key().to_bytes(), "item {i}");
        let sig = ours.sign(&msg);
        assert_eq!(sig, dalek::Signer::sign(&theirs, &msg), "item {i}: deterministic signatures differ");
        let mut sigb = sig.to_bytes();
        let mut pk = ours.verifying_key().to_bytes();
        let what = corrupt(&mut r, &mut msg, &mut sigb, &mut pk);
        *counts.entry(what).or_insert(0) += 1;
        let sig = Signature::from_bytes(&sigb);
        // key decoding: the same accept/reject as dalek's from_bytes
        let dk = dalek::VerifyingKey::from_bytes(&pk);
        let ok = VerifyingKey::from_bytes(&pk);
        assert_eq!(dk.is_ok(), ok.is_ok(), "item {i} ({what}): key decoding differs");
        let d_open = dk.as_ref().map(|k| dalek::Verifier::verify(k, &msg, &sig).is_ok()).unwrap_or(false);
        let d_strict = dk.as_ref().map(|k| k.verify_strict(&msg, &sig).is_ok()).unwrap_or(false);
        let f_open = ed25519::verify_raw(&pk, &msg, &sigb, Mode::OpenSsl).is_ok();
        let f_strict = ed25519::verify_raw(&pk, &msg, &sigb, Mode::Strict).is_ok();
        assert_eq!(f_open, d_open, "item {i} ({what}): openssl mode vs dalek verify");
        assert_eq!(f_strict, d_strict, "item {i} ({what}): strict mode vs dalek verify_strict");
        assert_eq!(f_open, what == "valid", "item {i} ({what})");
        if let Ok(k) = ok {
            assert_eq!(k.verify(&msg, &sig).is_ok(), f_open);
            assert_eq!(k.verify_strict(&msg, &sig).is_ok(), f_strict);
        }
    }
    eprintln!("corruptions: {counts:?}");
}

#[test]
fn ed25519_ph_against_dalek() {
    use sha2::{Digest, Sha512};
    let mut r = Rng::from_env();
    for _ in 0..50 {
        let seed: [u8; 32] = r.bytes();
        let msg = r.vec(200);
        let ctx = r.vec(40);
        let ctx = if ctx.is_empty() { None } else { Some(&ctx[..]) };
        let ours = SigningKey::from_bytes(&seed);
        let theirs = dalek::SigningKey::from_bytes(&seed);
        let a = ours.sign_prehashed(Sha512::new_with_prefix(&msg), ctx).unwrap();
        let b = theirs.sign_prehashed(Sha512::new_with_prefix(&msg), ctx).unwrap();
        assert_eq!(a, b);
        assert_eq!(ours.sign_ph(&msg, ctx).unwrap(), b);
        theirs.verifying_key().verify_prehashed(Sha512::new_with_prefix(&msg), ctx, &a).unwrap();
        ours.verifying_key().verify_prehashed_strict(Sha512::new_with_prefix(&msg), ctx, &b).unwrap();
    }
}

/// Edge cases (speccheck, ZIP-215 small order, Wycheproof): the cases where fast25519's openssl
/// mode and dalek's verify, or strict mode and verify_strict, differ. Pinned exactly.
#[test]
fn edge_cases_against_dalek() {
    let mut open_diff = Vec::new();
    let mut strict_diff = Vec::new();
    let cases = edge_cases();
    assert!(cases.len() >= 12 + 196 + 130, "{} edge cases", cases.len());
    for (name, pk, msg, sig) in cases {
        let s = Signature::from_bytes(&arr64(&sig));
        let dk = dalek::VerifyingKey::from_bytes(&arr32(&pk));
        assert_eq!(dk.is_ok(), VerifyingKey::from_bytes(&arr32(&pk)).is_ok(), "{name}: key decoding");
        let d_open = dk.as_ref().map(|k| dalek::Verifier::verify(k, &msg, &s).is_ok()).unwrap_or(false);
        let d_strict = dk.as_ref().map(|k| k.verify_strict(&msg, &s).is_ok()).unwrap_or(false);
        let f_open = ed25519::verify_raw(&pk, &msg, &sig, Mode::OpenSsl).is_ok();
        let f_strict = ed25519::verify_raw(&pk, &msg, &sig, Mode::Strict).is_ok();
        if f_open != d_open {
            open_diff.push(format!("{name}: fast25519 {f_open} dalek {d_open}"));
        }
        if f_strict != d_strict {
            strict_diff.push(format!("{name}: fast25519 {f_strict} dalek {d_strict}"));
        }
    }
    eprintln!("openssl mode vs dalek verify: {} differ: {open_diff:#?}", open_diff.len());
    eprintln!("strict mode vs dalek verify_strict: {} differ: {strict_diff:#?}", strict_diff.len());
    assert_eq!(open_diff, EXPECTED_OPEN_DIFF);
    assert_eq!(strict_diff, EXPECTED_STRICT_DIFF);
}

const EXPECTED_OPEN_DIFF: &[&str] = &[];
const EXPECTED_STRICT_DIFF: &[&str] = &[];

#[test]
fn dalek_batch_agrees_on_all_valid() {
    let mut r = Rng::from_env();
    let keys: Vec<SigningKey> = (0..64).map(|_| SigningKey::from_bytes(&r.bytes())).collect();
    let msgs: Vec<Vec<u8>> = (0..64).map(|_| r.vec(100)).collect();
    let m: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
    let mut sigs: Vec<Signature> = keys.iter().zip(&msgs).map(|(k, m)| k.sign(m)).collect();
    let vks: Vec<VerifyingKey> = keys.iter().map(|k| k.verifying_key()).collect();
    let dvks: Vec<dalek::VerifyingKey> = vks.iter().map(|k| dalek::VerifyingKey::from_bytes(k.as_bytes()).unwrap()).collect();
    for mode in [Mode::OpenSsl, Mode::Strict, Mode::Zip215] {
        assert!(ed25519::verify_batch(&m, &sigs, &vks, mode).iter().all(Result::is_ok));
    }
    dalek::verify_batch(&m, &sigs, &dvks).unwrap();
    sigs[17] = keys[3].sign(b"other");
    let ours = ed25519::verify_batch(&m, &sigs, &vks, Mode::OpenSsl);
    assert!(dalek::verify_batch(&m, &sigs, &dvks).is_err());
    assert_eq!(ours.iter().filter(|r| r.is_err()).count(), 1);
    assert!(ours[17].is_err());
}

#[test]
fn x25519_random_against_dalek() {
    let mut r = Rng::from_env();
    for i in 0..N {
        let a: [u8; 32] = r.bytes();
        let b: [u8; 32] = r.bytes();
        let sa = x25519::StaticSecret::from(a);
        let da = x25519_dalek::StaticSecret::from(a);
        let pa = x25519::PublicKey::from(&sa);
        assert_eq!(pa.to_bytes(), x25519_dalek::PublicKey::from(&da).to_bytes(), "item {i}");
        // the peer: a real public key, or random bytes (any u, top bit set, u >= p)
        let peer: [u8; 32] = if i % 2 == 0 {
            x25519_dalek::PublicKey::from(&x25519_dalek::StaticSecret::from(b)).to_bytes()
        } else {
            b
        };
        let ours = sa.diffie_hellman(&x25519::PublicKey::from(peer));
        let theirs = da.diffie_hellman(&x25519_dalek::PublicKey::from(peer));
        assert_eq!(ours.as_bytes(), theirs.as_bytes(), "item {i}");
        assert_eq!(ours.was_contributory(), theirs.was_contributory());
        assert_eq!(x25519::x25519(a, peer), x25519_dalek::x25519(a, peer));
    }
    // low-order peer (u = 0): all zero, not contributory, in both
    let s = x25519::StaticSecret::random();
    assert!(!s.diffie_hellman(&x25519::PublicKey::from([0; 32])).was_contributory());
    assert_eq!(s.try_diffie_hellman(&x25519::PublicKey::from([0; 32])).unwrap_err(), fast25519::Error::ZeroShared);
}

#[test]
fn x25519_x8_against_single() {
    let mut r = Rng::from_env();
    for round in 0..20 {
        let secrets: [x25519::StaticSecret; 8] = core::array::from_fn(|_| x25519::StaticSecret::from(r.bytes()));
        let pubs = x25519::keygen_x8(&secrets);
        for i in 0..8 {
            assert_eq!(pubs[i], x25519::PublicKey::from(&secrets[i]));
        }
        let mut peers: [x25519::PublicKey; 8] = core::array::from_fn(|_| x25519::PublicKey::from(r.bytes()));
        peers[round % 8] = x25519::PublicKey::from([0; 32]); // one low-order lane
        let shared = x25519::derive_x8(&secrets, &peers);
        for i in 0..8 {
            let d = x25519_dalek::StaticSecret::from(secrets[i].to_bytes())
                .diffie_hellman(&x25519_dalek::PublicKey::from(peers[i].to_bytes()));
            assert_eq!(shared[i].as_bytes(), d.as_bytes(), "round {round} lane {i}");
            assert_eq!(shared[i].was_contributory(), i != round % 8);
        }
    }
    // ephemeral secrets
    let e = x25519::EphemeralSecret::random();
    let s = x25519::StaticSecret::random_from_rng(&mut rand::rng());
    let pe = x25519::PublicKey::from(&e);
    let k1 = e.diffie_hellman(&x25519::PublicKey::from(&s));
    assert_eq!(k1.as_bytes(), s.diffie_hellman(&pe).as_bytes());
}
