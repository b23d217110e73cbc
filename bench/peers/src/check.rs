// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Correctness before timing: the three peers and fast25519 (its CLI) must give the same X25519
//! public keys and shared secrets and the same (deterministic) Ed25519 public keys and
//! signatures, on the RFC 7748 / RFC 8032 vectors read from the shared vector directory and on
//! random inputs; every signature must verify everywhere and a corrupted one nowhere; dalek's
//! `verify_batch` must accept valid batches and reject a batch with one bad signature. zebra (the
//! ZIP-215 rules) verifies beside them, and its batch verifier agrees with fast25519's zip215 batch
//! verdicts on batches with 2 corrupted signatures; lib25519, when linked, joins every comparison.
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::peers::{awslc, dalek, ringp, zebra, BatchItem};
use crate::{random_bytes, Inputs, BATCH_SIZES};
use ed25519_dalek::{Signature, SigningKey, VerifyingKey};

pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

pub fn unhex(s: &str) -> Result<Vec<u8>, String> {
    if s.len() % 2 != 0 {
        return Err(format!("odd-length hex '{s}'"));
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).map_err(|_| format!("bad hex '{s}'")))
        .collect()
}

fn arr<const N: usize>(s: &str) -> Result<[u8; N], String> {
    unhex(s)?.try_into().map_err(|_| format!("'{s}' is not {N} bytes"))
}

fn same(what: &str, got: &[(&str, Vec<u8>)]) -> Result<(), String> {
    let first = &got[0];
    for g in &got[1..] {
        if g.1 != first.1 {
            let all: Vec<String> = got.iter().map(|(n, v)| format!("  {n:>9}: {}", hex(v))).collect();
            return Err(format!("{what}: {} and {} differ\n{}", first.0, g.0, all.join("\n")));
        }
    }
    Ok(())
}

fn ok(what: &str, who: &str, good: bool) -> Result<(), String> {
    if good {
        Ok(())
    } else {
        Err(format!("{what}: {who} failed"))
    }
}

// ---- the three peers on one input

fn x25519_public_all(private: &[u8; 32]) -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    let (mut a, mut r, mut d) = ([0u8; 32], [0u8; 32], [0u8; 32]);
    ok("X25519 public key", "aws-lc", awslc::x25519_public(&mut a, private))?;
    ok("X25519 public key", "ring", ringp::x25519_public(&mut r, private))?;
    ok("X25519 public key", "dalek", dalek::x25519_public(&mut d, private))?;
    Ok(vec![("aws-lc", a.to_vec()), ("ring", r.to_vec()), ("dalek", d.to_vec())])
}

fn x25519_derive_all(private: &[u8; 32], peer: &[u8; 32]) -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    let (mut a, mut r, mut d) = ([0u8; 32], [0u8; 32], [0u8; 32]);
    ok("X25519", "aws-lc", awslc::x25519_derive(&mut a, private, peer))?;
    ok("X25519", "ring", ringp::x25519_derive(&mut r, private, peer))?;
    ok("X25519", "dalek", dalek::x25519_derive(&mut d, private, peer))?;
    #[allow(unused_mut)]
    let mut v = vec![("aws-lc", a.to_vec()), ("ring", r.to_vec()), ("dalek", d.to_vec())];
    #[cfg(have_lib25519)]
    {
        let mut l = [0u8; 32];
        ok("X25519", "lib25519", crate::peers::lib25519::x25519_derive(&mut l, private, peer))?;
        v.push(("lib25519", l.to_vec()));
    }
    Ok(v)
}

fn ed25519_public_all(seed: &[u8; 32]) -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    let (mut a, mut priv64, mut d) = ([0u8; 32], [0u8; 64], [0u8; 32]);
    awslc::ed25519_from_seed(&mut a, &mut priv64, seed);
    let kp = ringp::ed25519_keypair(seed).ok_or("Ed25519 key pair: ring rejected the seed")?;
    use ring::signature::KeyPair;
    dalek::ed25519_public(&mut d, seed);
    Ok(vec![("aws-lc", a.to_vec()), ("ring", kp.public_key().as_ref().to_vec()), ("dalek", d.to_vec())])
}

fn ed25519_sign_all(seed: &[u8; 32], msg: &[u8]) -> Result<Vec<(&'static str, Vec<u8>)>, String> {
    let (mut public, mut priv64) = ([0u8; 32], [0u8; 64]);
    awslc::ed25519_from_seed(&mut public, &mut priv64, seed);
    let (mut a, mut r, mut d) = ([0u8; 64], [0u8; 64], [0u8; 64]);
    ok("Ed25519 sign", "aws-lc", awslc::ed25519_sign(&mut a, msg, &priv64))?;
    let kp = ringp::ed25519_keypair(seed).ok_or("Ed25519 sign: ring rejected the seed")?;
    ok("Ed25519 sign", "ring", ringp::ed25519_sign(&mut r, msg, &kp))?;
    ok("Ed25519 sign", "dalek", dalek::ed25519_sign(&mut d, msg, &SigningKey::from_bytes(seed)))?;
    #[allow(unused_mut)]
    let mut v = vec![("aws-lc", a.to_vec()), ("ring", r.to_vec()), ("dalek", d.to_vec())];
    #[cfg(have_lib25519)]
    {
        let mut l = [0u8; 64];
        let mut sm = vec![0u8; 64 + msg.len()];
        ok("Ed25519 sign", "lib25519", crate::peers::lib25519::ed25519_sign(&mut l, &mut sm, msg, &priv64))?;
        // its nonce is randomized: the signature is checked by verifying it, not byte for byte
        ok("Ed25519 sign (lib25519's signature verified by aws-lc and fast25519)", "lib25519",
           awslc::ed25519_verify(msg, &l, &public) && crate::fast::ed25519_verify(msg, &l, &public))?;
    }
    Ok(v)
}

fn ed25519_verify_all(msg: &[u8], sig: &[u8; 64], public: &[u8; 32]) -> Vec<(&'static str, bool)> {
    #[allow(unused_mut)]
    let mut v = vec![
        ("aws-lc", awslc::ed25519_verify(msg, sig, public)),
        ("ring", ringp::ed25519_verify(msg, sig, public)),
        ("dalek", dalek::ed25519_verify(msg, sig, public)),
        ("zebra", zebra::ed25519_verify(msg, sig, public)),
    ];
    #[cfg(have_lib25519)]
    v.push(("lib25519", crate::peers::lib25519::ed25519_verify(msg, sig, public)));
    v
}

fn verify_expect(what: &str, msg: &[u8], sig: &[u8; 64], public: &[u8; 32], want: bool) -> Result<(), String> {
    for (who, v) in ed25519_verify_all(msg, sig, public) {
        if v != want {
            return Err(format!("{what}: {who} says {} (expected {})", verdict(v), verdict(want)));
        }
    }
    Ok(())
}

fn verdict(v: bool) -> &'static str {
    if v {
        "valid"
    } else {
        "invalid"
    }
}

fn batch_expect(what: &str, items: &[BatchItem], want: bool) -> Result<(), String> {
    let (mut m, mut s, mut k): (Vec<&'static [u8]>, Vec<Signature>, Vec<VerifyingKey>) = (vec![], vec![], vec![]);
    let v = dalek::ed25519_verify_batch(items, &mut m, &mut s, &mut k);
    if v != want {
        return Err(format!("{what}: dalek verify_batch says {} (expected {})", verdict(v), verdict(want)));
    }
    let z = zebra::ed25519_verify_batch(items);
    if z != want {
        return Err(format!("{what}: zebra's batch verifier says {} (expected {})", verdict(z), verdict(want)));
    }
    Ok(())
}

/// The timed calls' outputs on the benchmark's own inputs (run by `bench` before timing).
pub fn run_inputs(inp: &Inputs) -> Result<(), String> {
    let mut d = x25519_derive_all(&inp.x_priv, &inp.x_peer_pub)?;
    d.push(("reference", inp.x_shared.to_vec()));
    same("X25519 shared secret", &d)?;
    same("Ed25519 public key", &ed25519_public_all(&inp.ed_seed)?)?;
    let mut s = ed25519_sign_all(&inp.ed_seed, &inp.msg)?;
    s.push(("reference", inp.sig.to_vec()));
    same("Ed25519 signature", &s)?;
    verify_expect("Ed25519 verify", &inp.msg, &inp.sig, &inp.ed_pub, true)?;
    let mut bad = inp.sig;
    bad[5] ^= 1;
    verify_expect("Ed25519 verify of a corrupted signature", &inp.msg, &bad, &inp.ed_pub, false)?;
    // keygen: each library's key pair is consistent (private key -> the same public key elsewhere)
    let (mut p, mut s32, mut s64, mut q) = ([0u8; 32], [0u8; 32], [0u8; 64], [0u8; 32]);
    awslc::x25519_keygen(&mut p, &mut s32);
    dalek::x25519_public(&mut q, &s32);
    same("aws-lc X25519 keygen (public key vs dalek's)", &[("aws-lc", p.to_vec()), ("dalek", q.to_vec())])?;
    dalek::x25519_keygen(&mut p, &mut s32);
    awslc::x25519_public(&mut q, &s32);
    same("dalek X25519 keygen (public key vs aws-lc's)", &[("dalek", p.to_vec()), ("aws-lc", q.to_vec())])?;
    let rng = ring::rand::SystemRandom::new();
    ok("ring X25519 keygen", "ring", ringp::x25519_keygen(&rng, &mut p))?;
    ok("X25519 with ring's generated key", "aws-lc", awslc::x25519_derive(&mut q, &inp.x_priv, &p))?;
    awslc::ed25519_keygen(&mut p, &mut s64);
    dalek::ed25519_public(&mut q, s64[..32].try_into().unwrap());
    same("aws-lc Ed25519 keygen (public key vs dalek's)", &[("aws-lc", p.to_vec()), ("dalek", q.to_vec())])?;
    ringp::ed25519_keygen(&rng, &mut p, &mut s32);
    dalek::ed25519_public(&mut q, &s32);
    same("ring Ed25519 keygen (public key vs dalek's)", &[("ring", p.to_vec()), ("dalek", q.to_vec())])?;
    dalek::ed25519_keygen(&mut p, &mut s32);
    awslc::ed25519_from_seed(&mut q, &mut s64, &s32);
    same("dalek Ed25519 keygen (public key vs aws-lc's)", &[("dalek", p.to_vec()), ("aws-lc", q.to_vec())])?;
    // batches: valid ones accepted, one bad signature rejects the batch
    for n in BATCH_SIZES {
        batch_expect(&format!("batch of {n}"), &inp.batch[..n], true)?;
        let mut items = inp.batch[..n].to_vec();
        items[n / 2].sig[40] ^= 0x10;
        batch_expect(&format!("batch of {n} with one corrupted signature"), &items, false)?;
        items[1].sig[3] ^= 0x20;
        batch_expect(&format!("batch of {n} with 2 corrupted signatures"), &items, false)?;
        // every verdict against fast25519's zip215 batch statuses (the rules zebra follows)
        for (i, it) in items.iter().enumerate() {
            let want = crate::fast::ed25519_verify_mode(it.msg, &it.sig, &it.public, crate::fast::VERIFY_ZIP215);
            if zebra::ed25519_verify(it.msg, &it.sig, &it.public) != want || want != (i != 1 && i != n / 2) {
                return Err(format!("batch of {n}, item {i}: zebra's verdict differs from fast25519's zip215"));
            }
        }
    }
    #[cfg(have_lib25519)]
    {
        use crate::peers::lib25519 as l;
        let (mut o8, mut o) = ([[0u8; 32]; 8], [0u8; 32]);
        l::x25519_derive_x8(&mut o8, &inp.x8_priv, &inp.x8_peer);
        for k in 0..8 {
            awslc::x25519_derive(&mut o, &inp.x8_priv[k], &inp.x8_peer[k]);
            same(&format!("lib25519 nPbatch lane {k}"), &[("lib25519", o8[k].to_vec()), ("aws-lc", o.to_vec())])?;
        }
        l::x25519_keygen(&mut p, &mut s32);
        awslc::x25519_public(&mut q, &s32);
        same("lib25519 X25519 keygen (public key vs aws-lc's)", &[("lib25519", p.to_vec()), ("aws-lc", q.to_vec())])?;
        l::ed25519_keygen(&mut p, &mut s64);
        dalek::ed25519_public(&mut q, s64[..32].try_into().unwrap());
        same("lib25519 Ed25519 keygen (public key vs dalek's)", &[("lib25519", p.to_vec()), ("dalek", q.to_vec())])?;
    }
    // fast25519 linked in (its timed calls, every backend available here)
    crate::fast::check(inp)
}

// ---- fast25519 through its CLI

struct Fast(PathBuf);

impl Fast {
    fn run(&self, args: &[&str]) -> Result<(i32, String), String> {
        let out = Command::new(&self.0)
            .args(args)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.0.display()))?;
        Ok((out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).trim().to_string()))
    }
    fn value(&self, args: &[&str]) -> Result<Vec<u8>, String> {
        let (rc, out) = self.run(args)?;
        if rc != 0 {
            return Err(format!("fast25519 {} exited {rc}", args[0]));
        }
        unhex(&out)
    }
    fn verify(&self, public: &[u8], msg: &[u8], sig: &[u8]) -> Result<bool, String> {
        let (rc, out) = self.run(&["verify", &hex(public), &hex(msg), &hex(sig)])?;
        match (rc, out.as_str()) {
            (0, "valid") => Ok(true),
            (1, "invalid") => Ok(false),
            _ => Err(format!("fast25519 verify: unexpected exit {rc} / output '{out}'")),
        }
    }
}

fn x25519_case(f: &Fast, what: &str, private: &[u8; 32], peer: &[u8; 32], want: Option<&[u8]>) -> Result<(), String> {
    let mut got = x25519_derive_all(private, peer)?;
    got.push(("fast25519", f.value(&["derive", &hex(private), &hex(peer)])?));
    if let Some(w) = want {
        got.push(("expected", w.to_vec()));
    }
    same(what, &got)
}

fn ed25519_case(f: &Fast, what: &str, seed: &[u8; 32], msg: &[u8], want_pub: Option<&[u8]>, want_sig: Option<&[u8]>) -> Result<(), String> {
    let mut p = ed25519_public_all(seed)?;
    p.push(("fast25519", f.value(&["pubkey", "ed25519", &hex(seed)])?));
    if let Some(w) = want_pub {
        p.push(("expected", w.to_vec()));
    }
    same(&format!("{what}: public key"), &p)?;
    let public: [u8; 32] = p[0].1.clone().try_into().unwrap();
    let mut s = ed25519_sign_all(seed, msg)?;
    s.push(("fast25519", f.value(&["sign", &hex(seed), &hex(msg)])?));
    if let Some(w) = want_sig {
        s.push(("expected", w.to_vec()));
    }
    same(&format!("{what}: signature"), &s)?;
    let sig: [u8; 64] = s[0].1.clone().try_into().unwrap();
    verify_expect(&format!("{what}: verify"), msg, &sig, &public, true)?;
    if !f.verify(&public, msg, &sig)? {
        return Err(format!("{what}: verify: fast25519 says invalid"));
    }
    for (i, bit) in [(0usize, 1u8), (33, 0x80), (63, 0x01)] {
        let mut bad = sig;
        bad[i] ^= bit;
        let w = format!("{what}: verify of the signature with byte {i} flipped");
        verify_expect(&w, msg, &bad, &public, false)?;
        if f.verify(&public, msg, &bad)? {
            return Err(format!("{w}: fast25519 says valid"));
        }
    }
    Ok(())
}

fn load(dir: &Path, file: &str) -> Result<serde_json::Value, String> {
    let p = dir.join(file);
    let text = std::fs::read_to_string(&p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("{}: {e}", p.display()))
}

fn field<'a>(v: &'a serde_json::Value, k: &str) -> Result<&'a str, String> {
    v[k].as_str().ok_or_else(|| format!("vector field '{k}' missing"))
}

fn check_all(f: &Fast, vectors: &Path, random: usize) -> Result<(usize, usize), String> {
    let (mut nx, mut ne) = (0, 0);
    // RFC 7748 section 5.2 function vectors and the section 6.1 Diffie-Hellman example
    let x = load(vectors, "rfc/rfc7748_x25519.json")?;
    for v in x["x25519"].as_array().ok_or("rfc7748: no 'x25519' list")? {
        let what = format!("RFC 7748 {}", field(v, "name")?);
        x25519_case(f, &what, &arr(field(v, "scalar")?)?, &arr(field(v, "u")?)?, Some(&unhex(field(v, "output")?)?))?;
        nx += 1;
    }
    let dh = &x["dh"];
    for (who, private, public, peer_public) in [
        ("alice", "alice_private", "alice_public", "bob_public"),
        ("bob", "bob_private", "bob_public", "alice_public"),
    ] {
        let sk: [u8; 32] = arr(field(dh, private)?)?;
        let mut p = x25519_public_all(&sk)?;
        p.push(("fast25519", f.value(&["pubkey", "x25519", &hex(&sk)])?));
        p.push(("expected", unhex(field(dh, public)?)?));
        same(&format!("RFC 7748 6.1 {who}'s public key"), &p)?;
        let what = format!("RFC 7748 6.1 {who}'s shared secret");
        x25519_case(f, &what, &sk, &arr(field(dh, peer_public)?)?, Some(&unhex(field(dh, "shared")?)?))?;
        nx += 2;
    }
    // RFC 8032 section 7.1 (pure Ed25519)
    let e = load(vectors, "rfc/rfc8032_ed25519.json")?;
    for v in e["ed25519"].as_array().ok_or("rfc8032: no 'ed25519' list")? {
        let what = format!("RFC 8032 {}", field(v, "name")?);
        let seed = arr(field(v, "secret_key")?)?;
        let msg = unhex(field(v, "message")?)?;
        let (pk, sig) = (unhex(field(v, "public_key")?)?, unhex(field(v, "signature")?)?);
        ed25519_case(f, &what, &seed, &msg, Some(&pk), Some(&sig))?;
        ne += 1;
    }
    // random inputs: both sides of an exchange, and messages of many lengths
    for i in 0..random {
        let (a, b) = (random_bytes::<32>(), random_bytes::<32>());
        let mut pa = x25519_public_all(&a)?;
        pa.push(("fast25519", f.value(&["pubkey", "x25519", &hex(&a)])?));
        same(&format!("random X25519 case {i}: public key"), &pa)?;
        let mut pb = [0u8; 32];
        awslc::x25519_public(&mut pb, &b);
        let mut ab = [0u8; 32];
        awslc::x25519_derive(&mut ab, &a, &pb);
        x25519_case(f, &format!("random X25519 case {i}: a with B"), &a, &pb, Some(&ab))?;
        let pa: [u8; 32] = pa[0].1.clone().try_into().unwrap();
        x25519_case(f, &format!("random X25519 case {i}: b with A"), &b, &pa, Some(&ab))?;
        nx += 1;
        let seed = random_bytes::<32>();
        let len = (i * 37) % 300;
        let msg: Vec<u8> = (0..len).map(|_| random_bytes::<1>()[0]).collect();
        ed25519_case(f, &format!("random Ed25519 case {i} ({len}-byte message)"), &seed, &msg, None, None)?;
        ne += 1;
    }
    // the benchmark's own inputs, as `bench` checks them before timing
    run_inputs(&Inputs::new())?;
    Ok((nx, ne))
}

/// `check --fast25519 BIN [--vectors DIR] [--random N]`: exit status 0 if everything agrees.
pub fn main(args: &[String]) -> i32 {
    let (mut fast, mut vectors, mut random) = (None, None, 16usize);
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned();
        match (args[i].as_str(), v) {
            ("--fast25519", Some(v)) => fast = Some(PathBuf::from(v)),
            ("--vectors", Some(v)) => vectors = Some(PathBuf::from(v)),
            ("--random", Some(v)) => random = v.parse().unwrap_or(16),
            _ => {
                eprintln!("usage: f25519-peers check --fast25519 BIN [--vectors DIR] [--random N]");
                return 2;
            }
        }
        i += 2;
    }
    let Some(fast) = fast else {
        eprintln!("f25519-peers check: --fast25519 BIN is required");
        return 2;
    };
    let vectors = vectors
        .or_else(|| std::env::var_os("F25519_VECTORS").map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/vectors")));
    match check_all(&Fast(fast), &vectors, random) {
        Ok((nx, ne)) => {
            println!(
                "f25519-peers check: aws-lc, ring, dalek, zebra{} and fast25519 agree: {nx} X25519 cases (RFC 7748 + random; \
                 public keys, shared secrets), {ne} Ed25519 cases (RFC 8032 + random; public keys, identical \
                 signatures, verify, 3 corrupted signatures rejected each), dalek verify_batch and zebra's batch \
                 verifier at n = 8, 64, 1024 (valid accepted, 1 and 2 corrupted rejected; zebra's verdicts = \
                 fast25519's zip215 per item); the linked-in fast25519's timed calls on every backend \
                 here (the benchmark inputs, x8 lanes, batches in openssl and zip215 mode) agree with aws-lc",
                if cfg!(have_lib25519) { ", lib25519 (incl. nPbatch; its randomized signatures verified, not compared)" } else { " (lib25519 not built: skipped)" }
            );
            0
        }
        Err(e) => {
            eprintln!("f25519-peers check FAILED: {e}");
            1
        }
    }
}
