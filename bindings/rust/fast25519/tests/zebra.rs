// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Zip215 mode against ed25519-zebra 5 (the ZIP-215 rules): random inputs, the ZIP-215
//! small-order set, speccheck and Wycheproof (every case must agree), and zebra's batch verifier.
mod common;
use common::*;
use ed25519_zebra as zebra;
use fast25519::ed25519::{self, Mode, Signature, Signer, SigningKey, VerifyingKey};

fn zebra_verify(pk: &[u8], msg: &[u8], sig: &[u8]) -> bool {
    let Ok(pk) = <[u8; 32]>::try_from(pk) else { return false };
    let Ok(sig) = <[u8; 64]>::try_from(sig) else { return false };
    match zebra::VerificationKey::try_from(pk) {
        Ok(k) => k.verify(&zebra::Signature::from_bytes(&sig), msg).is_ok(),
        Err(_) => false,
    }
}

#[test]
fn edge_cases_against_zebra() {
    let cases = edge_cases();
    let mut accepted = 0;
    for (name, pk, msg, sig) in &cases {
        let ours = ed25519::verify_raw(pk, msg, sig, Mode::Zip215).is_ok();
        assert_eq!(ours, zebra_verify(pk, msg, sig), "{name}");
        accepted += ours as usize;
    }
    assert!(accepted >= 196, "{accepted}");
}

#[test]
fn random_against_zebra() {
    let mut r = Rng::from_env();
    for i in 0..300 {
        let k = SigningKey::from_bytes(&r.bytes());
        let mut msg = r.vec(200);
        let mut sig = k.sign(&msg).to_bytes();
        let mut pk = k.verifying_key().to_bytes();
        // zebra signs the same bytes (deterministic Ed25519)
        let zk = zebra::SigningKey::from(k.to_bytes());
        assert_eq!(zk.sign(&msg).to_bytes(), sig, "item {i}");
        match r.below(6) {
            0 => sig[r.below(64) as usize] ^= 1 << r.below(8),
            1 => msg.push(1),
            2 => pk[r.below(32) as usize] ^= 1 << r.below(8),
            3 => sig[..32].copy_from_slice(&r.bytes::<32>()),
            _ => {}
        }
        assert_eq!(
            ed25519::verify_raw(&pk, &msg, &sig, Mode::Zip215).is_ok(),
            zebra_verify(&pk, &msg, &sig),
            "item {i}"
        );
    }
}

#[test]
fn zebra_batch_agrees() {
    let z = json("zip215/zip215_small_order.json");
    let msg = hx(&z, "message");
    let mut bv = zebra::batch::Verifier::new();
    let (mut m, mut s, mut k) = (Vec::new(), Vec::new(), Vec::new());
    for c in z["cases"].as_array().unwrap() {
        let (pk, sig) = (arr32(&hx(c, "public_key")), arr64(&hx(c, "signature")));
        bv.queue((zebra::VerificationKeyBytes::from(pk), zebra::Signature::from_bytes(&sig), &msg));
        m.push(&msg[..]);
        s.push(Signature::from_bytes(&sig));
        k.push(VerifyingKey::from_bytes_unchecked(pk));
    }
    bv.verify(rand::rng()).unwrap();
    let ours = ed25519::verify_batch(&m, &s, &k, Mode::Zip215);
    assert!(ours.iter().all(Result::is_ok));
    assert_eq!(ed25519::verify_batch(&m, &s, &k, Mode::Strict).iter().filter(|r| r.is_ok()).count(), 0);
}
