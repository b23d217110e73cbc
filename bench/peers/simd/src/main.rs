// SPDX-License-Identifier: Apache-2.0 OR MIT
//! f25519-peers-simd: every Ed25519 batch verifier in one process, timed as `f25519-peers bench`
//! times its rows (interleaved slices, TSC ticks per signature), for scripts/bench-batch.sh and
//! for ed25519-simd's rows of scripts/bench-peers.sh.
//!
//!   f25519-peers-simd bench [--slice-ms MS] [--slices N] [--msg-len L] [--sizes N,N..] [--peers-rows]
//!   f25519-peers-simd check                 verdicts of every verifier against fast25519's, exit 0/1
//!   f25519-peers-simd info                  what this build runs (and why ed25519-simd is skipped)
//!
//! The verifiers, each on n distinct keys and messages of L bytes (default 32):
//! * fast25519 `f25519_ed25519_verify_batch` (one thread) in openssl, strict and zip215 mode, the
//!   backend a user gets (FAST25519_BACKEND's, or its former name FAST25519_IMPL's, when set, else the dispatcher's): a verdict per item;
//! * ed25519-simd 0.1 (AVX-512IFMA, 8 lanes): `DalekVerifier` (canonical R, no small-order A or R)
//!   and `Zip215Verifier`, a verdict per item; only in a build with its target features, on a CPU
//!   with AVX-512IFMA;
//! * ed25519-dalek `verify_batch` and ed25519-zebra's `batch::Verifier` (ZIP-215): one verdict for
//!   the batch (a random linear combination);
//! * lib25519 `lib25519_sign_open` item by item (it has no batch verification), when linked.
//! Rows: op `ed25519_verify_batch<n>` (exact rules) or `ed25519_verify_batch<n>_zip215`, impl and
//! path as in the harness (fast25519's strict rows: path `<backend>-strict`). --peers-rows: only
//! ed25519-simd's rows and fast25519's, the latter marked `"pair_only": true` (merge.py pairs them
//! with ed25519-simd's slices and takes fast25519's figures from the main harness).
#[path = "../../src/timer.rs"]
mod timer;

use std::ffi::{CStr, CString};
use std::hint::black_box;
use std::os::raw::{c_char, c_int, c_uint};
use std::process::exit;

const OPENSSL: c_int = 0;
const STRICT: c_int = 1;
const ZIP215: c_int = 2;

extern "C" {
    fn f25519_select_backend(name: *const c_char) -> c_int;
    fn f25519_backend() -> *const c_char;
    fn f25519_ed25519_public(public: *mut u8, seed: *const u8) -> c_int;
    fn f25519_ed25519_sign(sig: *mut u8, msg: *const u8, msg_len: usize, seed: *const u8, public: *const u8)
                           -> c_int;
    fn f25519_ed25519_verify_batch(n: usize, sig: *const *const u8, msg: *const *const u8, msg_len: *const usize,
                                   public: *const *const u8, mode: c_int, threads: c_uint, status: *mut c_int)
                                   -> c_int;
}

#[cfg(have_lib25519)]
extern "C" {
    fn lib25519_sign_ed25519_open(m: *mut u8, mlen: *mut i64, sm: *const u8, smlen: i64, pk: *const u8) -> c_int;
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512bw",
          target_feature = "avx512dq", target_feature = "avx512ifma"))]
const SIMD_BUILT: bool = true;
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512bw",
              target_feature = "avx512dq", target_feature = "avx512ifma")))]
const SIMD_BUILT: bool = false;

fn die(msg: &str) -> ! {
    eprintln!("f25519-peers-simd: {msg}");
    exit(1)
}

/// Why ed25519-simd does not run here, or None when it does.
fn simd_skip() -> Option<&'static str> {
    if !SIMD_BUILT {
        return Some("built without AVX-512 F/BW/DQ/IFMA target features (the script builds them in only on a CPU with AVX-512IFMA)");
    }
    #[cfg(target_arch = "x86_64")]
    {
        if !(std::is_x86_feature_detected!("avx512ifma") && std::is_x86_feature_detected!("avx512bw")
             && std::is_x86_feature_detected!("avx512dq")) {
            return Some("this CPU lacks AVX-512IFMA (or BW/DQ)");
        }
    }
    None
}

#[derive(Clone)]
struct Item {
    public: [u8; 32],
    msg: Vec<u8>,
    sig: [u8; 64],
}

fn random<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    getrandom::getrandom(&mut b).unwrap_or_else(|_| die("getrandom failed"));
    b
}

/// n distinct keys, messages of `len` random bytes, signed by fast25519.
fn items(n: usize, len: usize) -> Vec<Item> {
    (0..n)
        .map(|_| {
            let seed = random::<32>();
            let mut msg = vec![0u8; len];
            getrandom::getrandom(&mut msg).unwrap_or_else(|_| die("getrandom failed"));
            let (mut public, mut sig) = ([0u8; 32], [0u8; 64]);
            unsafe {
                if f25519_ed25519_public(public.as_mut_ptr(), seed.as_ptr()) != 0
                    || f25519_ed25519_sign(sig.as_mut_ptr(), msg.as_ptr(), len, seed.as_ptr(), public.as_ptr()) != 0
                {
                    die("fast25519 failed to sign the inputs");
                }
            }
            Item { public, msg, sig }
        })
        .collect()
}

/// One verifier bound to one batch: `run` verifies it, returning the verdict per item (a whole-
/// batch verifier repeats its one verdict).
struct Verifier {
    imp: &'static str,
    path: String,
    zip215: bool,
    per_item: bool,
    run: Box<dyn FnMut() -> Vec<bool>>,
}

fn fast_verifier(it: &[Item], mode: c_int, backend: &str) -> Verifier {
    let it = it.to_vec();
    let sig: Vec<*const u8> = it.iter().map(|i| i.sig.as_ptr()).collect();
    let msg: Vec<*const u8> = it.iter().map(|i| i.msg.as_ptr()).collect();
    let len: Vec<usize> = it.iter().map(|i| i.msg.len()).collect();
    let public: Vec<*const u8> = it.iter().map(|i| i.public.as_ptr()).collect();
    let mut st: Vec<c_int> = vec![0; it.len()];
    let path = match mode {
        STRICT => format!("{backend}-strict"),
        _ => backend.to_string(),
    };
    Verifier {
        imp: "fast25519",
        path,
        zip215: mode == ZIP215,
        per_item: true,
        run: Box::new(move || {
            let _own = &it; // the pointers point into it
            unsafe {
                f25519_ed25519_verify_batch(sig.len(), sig.as_ptr(), msg.as_ptr(), len.as_ptr(), public.as_ptr(),
                                            mode, 1, st.as_mut_ptr());
            }
            st.iter().map(|&s| s == 0).collect()
        }),
    }
}

fn dalek_verifier(it: &[Item]) -> Verifier {
    use ed25519_dalek::{Signature, VerifyingKey};
    let it = it.to_vec();
    let n = it.len();
    Verifier {
        imp: "dalek",
        path: "-".into(),
        zip215: false,
        per_item: false,
        run: Box::new(move || {
            let mut vks: Vec<VerifyingKey> = Vec::with_capacity(n);
            for i in &it {
                match VerifyingKey::from_bytes(&i.public) {
                    Ok(k) => vks.push(k),
                    Err(_) => return vec![false; n],
                }
            }
            let sigs: Vec<Signature> = it.iter().map(|i| Signature::from_bytes(&i.sig)).collect();
            let msgs: Vec<&[u8]> = it.iter().map(|i| i.msg.as_slice()).collect();
            vec![ed25519_dalek::verify_batch(&msgs, &sigs, &vks).is_ok(); n]
        }),
    }
}

fn zebra_verifier(it: &[Item]) -> Verifier {
    use ed25519_zebra::{batch, Signature, VerificationKeyBytes};
    let it = it.to_vec();
    Verifier {
        imp: "zebra",
        path: "-".into(),
        zip215: true,
        per_item: false,
        run: Box::new(move || {
            let mut v = batch::Verifier::new();
            for i in &it {
                v.queue((VerificationKeyBytes::from(i.public), Signature::from_bytes(&i.sig), &i.msg));
            }
            vec![v.verify(rand::rng()).is_ok(); it.len()]
        }),
    }
}

#[cfg(have_lib25519)]
fn lib25519_verifier(it: &[Item]) -> Option<Verifier> {
    let signed: Vec<(Vec<u8>, [u8; 32])> =
        it.iter().map(|i| (i.sig.iter().chain(i.msg.iter()).copied().collect(), i.public)).collect();
    let mut m = vec![0u8; signed.iter().map(|s| s.0.len()).max().unwrap_or(0)];
    Some(Verifier {
        imp: "lib25519",
        path: "per-item".into(),
        zip215: false,
        per_item: true,
        run: Box::new(move || {
            signed.iter().map(|(sm, pk)| {
                let mut mlen = 0i64;
                unsafe { lib25519_sign_ed25519_open(m.as_mut_ptr(), &mut mlen, sm.as_ptr(), sm.len() as i64, pk.as_ptr()) == 0 }
            }).collect()
        }),
    })
}
#[cfg(not(have_lib25519))]
fn lib25519_verifier(_: &[Item]) -> Option<Verifier> {
    None
}

#[cfg(all(target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512bw",
          target_feature = "avx512dq", target_feature = "avx512ifma"))]
fn simd_verifiers(it: &[Item]) -> Vec<Verifier> {
    if simd_skip().is_some() {
        return Vec::new();
    }
    fn one<P: ed25519_simd::VerificationPolicy + 'static>(it: &[Item], path: &str, zip215: bool) -> Verifier {
        // its inputs borrow the messages: made once (the items live for the whole run)
        let it: &'static [Item] = Box::leak(it.to_vec().into_boxed_slice());
        let inputs: Vec<ed25519_simd::VerifyInput<'static>> = it
            .iter()
            .map(|i| ed25519_simd::VerifyInput { public_key: i.public, signature: i.sig, message: &i.msg })
            .collect();
        let mut v: ed25519_simd::Verifier<P> = ed25519_simd::Verifier::new();
        let mut out = vec![false; it.len()];
        Verifier {
            imp: "ed25519-simd",
            path: path.into(),
            zip215,
            per_item: true,
            run: Box::new(move || {
                v.verify_batch(black_box(&inputs), &mut out);
                out.clone()
            }),
        }
    }
    vec![one::<ed25519_simd::DalekPolicy>(it, "dalek-policy", false),
         one::<ed25519_simd::Zip215Policy>(it, "zip215-policy", true)]
}
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx512f", target_feature = "avx512bw",
              target_feature = "avx512dq", target_feature = "avx512ifma")))]
fn simd_verifiers(_: &[Item]) -> Vec<Verifier> {
    Vec::new()
}

/// The backend a user gets: FAST25519_BACKEND's (or FAST25519_IMPL's) when set (and not auto), else the dispatcher's.
fn backend() -> String {
    let set = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
    let name = set("FAST25519_BACKEND").or_else(|| set("FAST25519_IMPL")).unwrap_or_else(|| "auto".into());
    let c = CString::new(name.clone()).unwrap_or_else(|_| die("bad FAST25519_BACKEND"));
    unsafe {
        if f25519_select_backend(c.as_ptr()) != 0 {
            die(&format!("fast25519 refused backend {name}"));
        }
        CStr::from_ptr(f25519_backend()).to_string_lossy().into_owned()
    }
}

/// Every verifier on one batch; `peers_rows`: ed25519-simd's and fast25519's only.
fn verifiers(it: &[Item], b: &str, peers_rows: bool) -> Vec<Verifier> {
    let mut v = vec![fast_verifier(it, OPENSSL, b), fast_verifier(it, STRICT, b), fast_verifier(it, ZIP215, b)];
    v.extend(simd_verifiers(it));
    if !peers_rows {
        v.push(dalek_verifier(it));
        v.push(zebra_verifier(it));
        v.extend(lib25519_verifier(it));
    }
    v
}

/// The verdicts of every verifier on batches of n = 8, 64, 1024 (messages of 32 and 1024 bytes):
/// valid batches accepted everywhere; with 2 corrupted signatures (one in R, one in S), a
/// per-item verifier's verdicts equal fast25519's in the same rules, a whole-batch verdict is
/// false. Corruptions keep S canonical, so every rule set rejects them.
fn check() -> Result<String, String> {
    let b = backend();
    let mut names = std::collections::BTreeSet::new();
    for len in [32usize, 1024] {
        for n in [8usize, 64, 1024] {
            let good = items(n, len);
            let mut bad = good.clone();
            bad[1].sig[3] ^= 0x20; // R
            bad[n - 2].sig[40] ^= 0x01; // S, low byte: stays < L
            for (what, batch) in [("valid", &good), ("2 corrupted", &bad)] {
                let mut vs = verifiers(batch, &b, false);
                let want_exact = (vs[0].run)();
                let want_strict = (vs[1].run)();
                let want_zip = (vs[2].run)();
                let expect: Vec<bool> = (0..n).map(|i| what == "valid" || (i != 1 && i != n - 2)).collect();
                for (w, mode) in [(&want_exact, "openssl"), (&want_strict, "strict"), (&want_zip, "zip215")] {
                    if *w != expect {
                        return Err(format!("fast25519 {b} {mode}, n = {n}, {len}-byte messages, {what}: wrong verdicts"));
                    }
                }
                for v in vs.iter_mut().skip(3) {
                    names.insert(format!("{} {}", v.imp, v.path));
                    let got = (v.run)();
                    let want = if v.zip215 { &want_zip } else if v.imp == "ed25519-simd" { &want_strict } else { &want_exact };
                    let ok = if v.per_item { got == *want } else { got.len() == n && got.iter().all(|&g| g == want.iter().all(|&x| x)) };
                    if !ok {
                        return Err(format!("{} {} disagrees with fast25519 {b} on n = {n}, {len}-byte messages, {what}", v.imp, v.path));
                    }
                }
            }
        }
    }
    Ok(format!("f25519-peers-simd check: {} agree with fast25519 {b} (openssl, strict, zip215) at n = 8, 64, 1024, \
                messages of 32 and 1024 bytes, valid batches and batches with 2 corrupted signatures{}",
               names.into_iter().collect::<Vec<_>>().join(", "),
               simd_skip().map(|r| format!("; ed25519-simd skipped: {r}")).unwrap_or_default()))
}

struct Case {
    op: String,
    v: Verifier,
    lanes: u64,
    samples: Vec<u64>,
    slice_meds: Vec<u64>,
}

fn slice(c: &mut Case, budget: u64) {
    let warm_end = timer::ticks() + budget / 20;
    while timer::ticks() < warm_end {
        black_box((c.v.run)());
    }
    let end = timer::ticks() + budget;
    let first = c.samples.len();
    while c.samples.len() - first < 3 || timer::ticks() < end {
        let t0 = timer::ticks();
        let out = (c.v.run)();
        let t1 = timer::ticks();
        if !out.iter().all(|&x| x) {
            die(&format!("{} {} {}: a valid batch rejected during timing", c.op, c.v.imp, c.v.path));
        }
        c.samples.push(t1 - t0);
    }
    let mut this = c.samples[first..].to_vec();
    let m = timer::median(&mut this);
    c.slice_meds.push(((m + c.lanes / 2) / c.lanes).max(1));
}

fn usage() -> ! {
    eprintln!("usage: f25519-peers-simd bench [--slice-ms MS] [--slices N] [--msg-len L] [--sizes N,N..] [--peers-rows]\n       \
               f25519-peers-simd check | info");
    exit(2)
}

fn bench(args: &[String]) {
    let (mut slice_ms, mut slices, mut len, mut sizes, mut peers_rows) = (40.0f64, 3usize, 32usize, vec![8usize, 64, 1024], false);
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1);
        match args[i].as_str() {
            "--slice-ms" => slice_ms = v.and_then(|s| s.parse().ok()).filter(|x| *x > 0.0).unwrap_or_else(|| usage()),
            "--slices" => slices = v.and_then(|s| s.parse().ok()).filter(|x| *x > 0).unwrap_or_else(|| usage()),
            "--msg-len" => len = v.and_then(|s| s.parse().ok()).unwrap_or_else(|| usage()),
            "--sizes" => {
                sizes = v.unwrap_or_else(|| usage()).split(',').map(|s| s.parse().ok().filter(|n| *n > 0).unwrap_or_else(|| usage())).collect()
            }
            "--peers-rows" => {
                peers_rows = true;
                i += 1;
                continue;
            }
            _ => usage(),
        }
        i += 2;
    }
    if let Some(r) = simd_skip() {
        eprintln!("f25519-peers-simd: ed25519-simd skipped: {r}");
        if peers_rows {
            println!("{{\"skipped\": \"{r}\"}}");
            return;
        }
    }
    let b = backend();
    let hz = timer::tsc_hz();
    let mut cases: Vec<Case> = Vec::new();
    for &n in &sizes {
        let it = items(n, len);
        for mut v in verifiers(&it, &b, peers_rows) {
            let op = format!("ed25519_verify_batch{n}{}", if v.zip215 { "_zip215" } else { "" });
            let mut out = (v.run)();
            out.retain(|&x| !x);
            if !out.is_empty() {
                die(&format!("{op} {} {}: valid batch rejected", v.imp, v.path));
            }
            cases.push(Case { op, v, lanes: n as u64, samples: Vec::new(), slice_meds: Vec::new() });
        }
    }
    // Sweeps: every case once per sweep, those of one n side by side, the order alternating.
    let budget = (slice_ms * 1e-3 * hz) as u64;
    for s in 0..slices {
        let k = cases.len();
        for j in 0..k {
            let idx = if s % 2 == 0 { j } else { k - 1 - j };
            slice(&mut cases[idx], budget);
        }
    }
    let mut out = format!("{{\"tsc_ghz\": {:.4}, \"fast25519_default\": \"{b}\", \"msg_len\": {len}, \"results\": [", hz / 1e9);
    for (k, c) in cases.iter_mut().enumerate() {
        let m = timer::median(&mut c.samples);
        let per = ((m + c.lanes / 2) / c.lanes).max(1);
        out += &format!(
            "{}\n  {{\"op\": \"{}\", \"impl\": \"{}\", \"path\": \"{}\", \"ticks_median\": {}, \"ops_per_sec\": {:.0}, \"samples\": {}, \"slices\": [{}]{}}}",
            if k == 0 { "" } else { "," },
            c.op, c.v.imp, c.v.path, per, hz / per as f64, c.samples.len(),
            c.slice_meds.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "),
            if peers_rows && c.v.imp == "fast25519" { ", \"pair_only\": true" } else { "" }
        );
    }
    out += "\n]}";
    println!("{out}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(|s| s.as_str()) {
        Some("bench") => bench(&args[1..]),
        Some("check") => match check() {
            Ok(m) => println!("{m}"),
            Err(e) => die(&format!("check FAILED: {e}")),
        },
        Some("info") => println!(
            "fast25519 ({}), dalek verify_batch, zebra batch, {}, {}",
            backend(),
            match simd_skip() { None => "ed25519-simd (Dalek and Zip215 policies)".to_string(), Some(r) => format!("ed25519-simd: skipped: {r}") },
            if cfg!(have_lib25519) { "lib25519 (sign_open per item)" } else { "lib25519: skipped (not built: scripts/lib25519.sh)" }
        ),
        _ => usage(),
    }
}
