// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Batch verification: every item's result equals single verification's, in every mode, on
//! mixed valid/invalid batches (bad signatures, messages, keys, S >= L, small-order points,
//! non-canonical encodings), at sizes around the 8-lane width and the 4096-item zip215 chunk;
//! with threads and with a VerifyPool shared between threads.
mod common;
use common::*;
use fast25519::ed25519::{self, Mode, Signature, Signer, SigningKey, VerifyPool, VerifyingKey};
use fast25519::Error;

struct Items {
    msgs: Vec<Vec<u8>>,
    sigs: Vec<Signature>,
    keys: Vec<VerifyingKey>,
}

impl Items {
    fn msg_refs(&self) -> Vec<&[u8]> {
        self.msgs.iter().map(|m| &m[..]).collect()
    }
}

/// n items, about a third invalid in assorted ways, edge cases from the vector files mixed in.
fn make(r: &mut Rng, n: usize, edges: &[(String, Vec<u8>, Vec<u8>, Vec<u8>)], signers: &[SigningKey]) -> Items {
    let mut it = Items { msgs: Vec::new(), sigs: Vec::new(), keys: Vec::new() };
    for _ in 0..n {
        if r.below(10) == 0 && !edges.is_empty() {
            let (_, pk, msg, sig) = &edges[r.below(edges.len() as u64) as usize];
            it.msgs.push(msg.clone());
            it.sigs.push(Signature::from_bytes(&arr64(sig)));
            it.keys.push(VerifyingKey::from_bytes_unchecked(arr32(pk)));
            continue;
        }
        let k = &signers[r.below(signers.len() as u64) as usize];
        let mut msg = r.vec(120);
        let mut sig = k.sign(&msg).to_bytes();
        let mut pk = k.verifying_key().to_bytes();
        match r.below(9) {
            0 => sig[r.below(64) as usize] ^= 1 << r.below(8),
            1 => msg.push(0),
            2 => pk[r.below(32) as usize] ^= 1 << r.below(8),
            3 => sig[63] |= 0xf0, // S >= L
            4 => {
                pk = [0; 32];
                pk[0] = 1; // identity key (small order)
            }
            _ => {}
        }
        it.msgs.push(msg);
        it.sigs.push(Signature::from_bytes(&sig));
        it.keys.push(VerifyingKey::from_bytes_unchecked(pk));
    }
    it
}

fn singles(it: &Items, mode: Mode) -> Vec<Result<(), Error>> {
    (0..it.msgs.len()).map(|i| it.keys[i].verify_with(&it.msgs[i], &it.sigs[i], mode)).collect()
}

#[test]
fn batch_equals_single() {
    let mut r = Rng::from_env();
    let edges = edge_cases();
    let signers: Vec<SigningKey> = (0..16).map(|_| SigningKey::from_bytes(&r.bytes())).collect();
    let pool = VerifyPool::new(2);
    assert!(pool.threads() >= 1);
    for n in [0usize, 1, 2, 7, 8, 9, 15, 16, 17, 63, 64, 65, 200] {
        let it = make(&mut r, n, &edges, &signers);
        let m = it.msg_refs();
        for mode in [Mode::OpenSsl, Mode::Strict, Mode::Zip215] {
            let want = singles(&it, mode);
            assert_eq!(ed25519::verify_batch(&m, &it.sigs, &it.keys, mode), want, "n={n} {mode:?}");
            assert_eq!(ed25519::verify_batch_threads(&m, &it.sigs, &it.keys, mode, 0), want, "n={n} {mode:?} threads");
            assert_eq!(pool.verify_batch(&m, &it.sigs, &it.keys, mode), want, "n={n} {mode:?} pool");
            if n >= 64 {
                assert!(want.iter().any(Result::is_ok) && want.iter().any(Result::is_err), "n={n}: not mixed");
            }
        }
    }
}

#[test]
fn batch_all_valid_and_one_bad_zip215_chunk() {
    // more than one 4096-item chunk of the zip215 random linear combination: all valid, then one
    // invalid item in the second chunk (the chunk falls back to item by item)
    let mut r = Rng::from_env();
    let signers: Vec<SigningKey> = (0..8).map(|_| SigningKey::from_bytes(&r.bytes())).collect();
    let n = 4100;
    let msgs: Vec<Vec<u8>> = (0..n).map(|i| (i as u32).to_le_bytes().to_vec()).collect();
    let keys: Vec<VerifyingKey> = (0..n).map(|i| signers[i % 8].verifying_key()).collect();
    let mut sigs: Vec<Signature> = (0..n).map(|i| signers[i % 8].sign(&msgs[i])).collect();
    let m: Vec<&[u8]> = msgs.iter().map(|m| &m[..]).collect();
    let pool = VerifyPool::new(0);
    assert!(pool.verify_batch(&m, &sigs, &keys, Mode::Zip215).iter().all(Result::is_ok));
    sigs[4097] = signers[0].sign(b"not this one");
    let got = ed25519::verify_batch_threads(&m, &sigs, &keys, Mode::Zip215, 0);
    for (i, g) in got.iter().enumerate() {
        assert_eq!(g.is_err(), i == 4097, "item {i}");
    }
    assert_eq!(got[4097], Err(Error::Verify));
}

#[test]
fn pool_is_send_sync_and_shared() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<VerifyPool>();
    let pool = std::sync::Arc::new(VerifyPool::new(2));
    let mut r = Rng::from_env();
    let edges = edge_cases();
    let signers: Vec<SigningKey> = (0..4).map(|_| SigningKey::from_bytes(&r.bytes())).collect();
    let batches: Vec<Items> = (0..4).map(|_| make(&mut r, 100, &edges, &signers)).collect();
    let batches = std::sync::Arc::new(batches);
    let handles: Vec<_> = (0..4)
        .map(|t| {
            let pool = pool.clone();
            let batches = batches.clone();
            std::thread::spawn(move || {
                for round in 0..5 {
                    let it = &batches[(t + round) % 4];
                    let mode = [Mode::OpenSsl, Mode::Strict, Mode::Zip215][round % 3];
                    assert_eq!(pool.verify_batch(&it.msg_refs(), &it.sigs, &it.keys, mode), singles(it, mode));
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

#[test]
#[should_panic(expected = "lengths must be equal")]
fn batch_length_mismatch_panics() {
    let k = SigningKey::from_bytes(&[1; 32]);
    let _ = ed25519::verify_batch(&[b"a", b"b"], &[k.sign(b"a")], &[k.verifying_key()], Mode::OpenSsl);
}
