// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Shared by the integration tests: the vector folder, hex, a seeded generator.
#![allow(dead_code)]
use std::path::PathBuf;

/// tests/vectors/ of the checkout (F25519_VECTORS points elsewhere, as for the C tests).
pub fn vectors_dir() -> PathBuf {
    if let Ok(p) = std::env::var("F25519_VECTORS") {
        return PathBuf::from(p);
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/vectors")
}

pub fn json(rel: &str) -> serde_json::Value {
    let p = vectors_dir().join(rel);
    let s = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&s).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

pub fn unhex(s: &str) -> Vec<u8> {
    hex::decode(s).unwrap_or_else(|e| panic!("bad hex {s:?}: {e}"))
}

pub fn hx(v: &serde_json::Value, key: &str) -> Vec<u8> {
    unhex(v[key].as_str().unwrap_or_else(|| panic!("no string field {key} in {v}")))
}

pub fn arr32(v: &[u8]) -> [u8; 32] {
    v.try_into().expect("32 bytes")
}

pub fn arr64(v: &[u8]) -> [u8; 64] {
    v.try_into().expect("64 bytes")
}

/// splitmix64: reproducible test inputs (the seed is printed by the tests that use it).
pub struct Rng(pub u64);

impl Rng {
    pub fn from_env() -> Rng {
        let seed = std::env::var("F25519_TEST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0x2551_9f25_519a_u64);
        Rng(seed)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn fill(&mut self, b: &mut [u8]) {
        for c in b.chunks_mut(8) {
            let v = self.next().to_le_bytes();
            c.copy_from_slice(&v[..c.len()]);
        }
    }
    pub fn bytes<const N: usize>(&mut self) -> [u8; N] {
        let mut b = [0u8; N];
        self.fill(&mut b);
        b
    }
    pub fn vec(&mut self, max_len: usize) -> Vec<u8> {
        let mut v = vec![0u8; self.below(max_len as u64 + 1) as usize];
        self.fill(&mut v);
        v
    }
}

/// The edge cases of the vector files as (public key, message, signature) byte triples:
/// speccheck's 12, ZIP-215's 196 small-order cases, Wycheproof's 64-byte-signature cases.
pub fn edge_cases() -> Vec<(String, Vec<u8>, Vec<u8>, Vec<u8>)> {
    let mut out = Vec::new();
    for (i, c) in json("speccheck/cases.json").as_array().unwrap().iter().enumerate() {
        out.push((format!("speccheck {i}"), hx(c, "pub_key"), hx(c, "message"), hx(c, "signature")));
    }
    let z = json("zip215/zip215_small_order.json");
    let msg = hx(&z, "message");
    for c in z["cases"].as_array().unwrap() {
        out.push((format!("zip215 {}", c["id"]), hx(c, "public_key"), msg.clone(), hx(c, "signature")));
    }
    let w = json("wycheproof/v1/ed25519_test.json");
    for g in w["testGroups"].as_array().unwrap() {
        let pk = hx(&g["publicKey"], "pk");
        for t in g["tests"].as_array().unwrap() {
            let sig = hx(t, "sig");
            if sig.len() == 64 && pk.len() == 32 {
                out.push((format!("wycheproof {}", t["tcId"]), pk.clone(), hx(t, "msg"), sig));
            }
        }
    }
    out
}
