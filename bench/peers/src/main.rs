// SPDX-License-Identifier: Apache-2.0 OR MIT
//! f25519-peers: aws-lc, ring and dalek timed the way `fast25519 bench` times OpenSSL and
//! libsodium, for scripts/bench-peers.sh (which interleaves runs of this program with runs of
//! `fast25519 bench` and merges the JSON).
//!
//!   f25519-peers bench [--slice-ms MS] [--slices N] [--ops OP,OP..]   JSON on stdout
//!   f25519-peers check --fast25519 BIN [--vectors DIR] [--random N]   cross-check, exit 0/1
//!   f25519-peers info                                                 backends, one line
//!
//! ed25519-simd needs AVX-512 at compile time: its rows come from a second program built with
//! those target features (bench/peers/simd/, `f25519-peers-simd`), in the same JSON schema.
//!
//! `bench` first checks every timed call's output on the run's inputs (abort on a mismatch),
//! then measures each (op, library) in N slices of MS milliseconds: N sweeps, each timing one
//! slice of every case, op by op (every library's case of one op side by side), so that a slow
//! spell of the host hits every row alike and the rows merge.py compares are timed a few hundred
//! milliseconds apart in every sweep; it prints `{"tsc_ghz": X, "fast25519_default": BACKEND,
//! "results": [{"op", "impl", "path", "ticks_median", "ops_per_sec", "samples", "slices"}]}` (the
//! schema of `fast25519 bench --json`, plus the backend the dispatcher picks here and each slice's
//! median, index = sweep, for merge.py's paired ratios). Batch rows report ticks per signature, x8 rows ticks
//! per key / derive. fast25519 is linked in (src/fast.rs): each of its backends available here is
//! one more library in the same interleaved slices (impl "fast25519", path = the backend), with its
//! x8 and zip215 batch rows (FAST_OPS), so that its rows and the peers' see the same spells.
mod check;
mod fast;
mod peers;
mod timer;

use std::process::exit;

use ed25519_dalek::{Signature, VerifyingKey};
use peers::{awslc, dalek, keep, ringp, zebra, BatchItem};
use ring::rand::SystemRandom;

pub const BATCH_SIZES: [usize; 3] = [8, 64, 1024];
pub const OPS: [&str; 8] = [
    "x25519_keygen",
    "x25519_derive",
    "ed25519_keygen",
    "ed25519_sign",
    "ed25519_verify",
    "ed25519_verify_batch8",
    "ed25519_verify_batch64",
    "ed25519_verify_batch1024",
];

/// Rows only fast25519 has (no peer call of that name; bench/peers/merge.py compares them with the
/// peers' single call or dalek's verify_batch at the same n).
/// zebra's batch verifier has the zip215 rows too, lib25519's nPbatch the x25519_derive_x8 row.
pub const FAST_OPS: [&str; 5] = [
    "x25519_keygen_x8",
    "x25519_derive_x8",
    "ed25519_verify_batch8_zip215",
    "ed25519_verify_batch64_zip215",
    "ed25519_verify_batch1024_zip215",
];

pub fn die(msg: &str) -> ! {
    eprintln!("f25519-peers: {msg}");
    exit(1)
}

pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut b = [0u8; N];
    getrandom::getrandom(&mut b).unwrap_or_else(|_| die("getrandom failed"));
    b
}

/// The run's fixed inputs (random at start-up, as in fast25519 bench); messages are 32 bytes.
pub struct Inputs {
    pub x_priv: [u8; 32],
    pub x_peer_pub: [u8; 32],
    pub x_shared: [u8; 32],
    pub ed_seed: [u8; 32],
    pub ed_pub: [u8; 32],
    pub ed_priv64: [u8; 64],
    pub msg: [u8; 32],
    pub sig: [u8; 64],
    pub batch: Vec<BatchItem>, // 1024 distinct keys and messages
    pub x8_priv: [[u8; 32]; 8],
    pub x8_peer: [[u8; 32]; 8], // public keys (aws-lc's) of eight other random private keys
}

impl Inputs {
    pub fn new() -> Inputs {
        let x_priv = random_bytes::<32>();
        let peer_priv = random_bytes::<32>();
        let mut x_peer_pub = [0u8; 32];
        let mut x_shared = [0u8; 32];
        awslc::x25519_public(&mut x_peer_pub, &peer_priv);
        if !awslc::x25519_derive(&mut x_shared, &x_priv, &x_peer_pub) {
            die("aws-lc X25519 failed on the run's inputs");
        }
        let ed_seed = random_bytes::<32>();
        let (mut ed_pub, mut ed_priv64) = ([0u8; 32], [0u8; 64]);
        awslc::ed25519_from_seed(&mut ed_pub, &mut ed_priv64, &ed_seed);
        let msg = random_bytes::<32>();
        let mut sig = [0u8; 64];
        awslc::ed25519_sign(&mut sig, &msg, &ed_priv64);
        let batch = (0..*BATCH_SIZES.iter().max().unwrap())
            .map(|_| {
                let seed = random_bytes::<32>();
                let m: &'static [u8] = Box::leak(Box::new(random_bytes::<32>()));
                let (mut public, mut priv64, mut sig) = ([0u8; 32], [0u8; 64], [0u8; 64]);
                awslc::ed25519_from_seed(&mut public, &mut priv64, &seed);
                awslc::ed25519_sign(&mut sig, m, &priv64);
                BatchItem { public, msg: m, sig }
            })
            .collect();
        let x8_priv: [[u8; 32]; 8] = std::array::from_fn(|_| random_bytes::<32>());
        let x8_peer: [[u8; 32]; 8] = std::array::from_fn(|_| {
            let mut p = [0u8; 32];
            awslc::x25519_public(&mut p, &random_bytes::<32>());
            p
        });
        Inputs { x_priv, x_peer_pub, x_shared, ed_seed, ed_pub, ed_priv64, msg, sig, batch, x8_priv, x8_peer }
    }
}

/// One timed (op, library): `run` performs one call (`lanes` signatures for the batch rows).
struct Case {
    op: &'static str,
    imp: &'static str,
    path: &'static str,
    lanes: u64,
    backend: Option<&'static str>, // fast25519's backend, selected at the start of each slice
    run: Box<dyn FnMut() -> bool>,
    samples: Vec<u64>,
    slice_meds: Vec<u64>, // per slice: the median of its calls, per lane (index = sweep)
}

fn cases(inp: &Inputs, ops: &[&str]) -> Vec<Case> {
    let dpath = peers::dalek_backend();
    let mut v: Vec<Case> = Vec::new();
    let mut add = |op: &'static str, imp: &'static str, lanes: u64, run: Box<dyn FnMut() -> bool>| {
        if ops.contains(&op) {
            let path = if imp == "dalek" { dpath } else { "-" };
            v.push(Case { op, imp, path, lanes, backend: None, run, samples: Vec::new(), slice_meds: Vec::new() });
        }
    };
    let (xp, xpeer, seed, edpub, priv64, msg, sig) =
        (inp.x_priv, inp.x_peer_pub, inp.ed_seed, inp.ed_pub, inp.ed_priv64, inp.msg, inp.sig);
    let rng = SystemRandom::new();

    add("x25519_keygen", "aws-lc", 1, Box::new(|| {
        let (mut p, mut s) = ([0u8; 32], [0u8; 32]);
        let ok = awslc::x25519_keygen(&mut p, &mut s);
        keep((p, s));
        ok
    }));
    let r = rng.clone();
    add("x25519_keygen", "ring", 1, Box::new(move || {
        let mut p = [0u8; 32];
        let ok = ringp::x25519_keygen(&r, &mut p);
        keep(p);
        ok
    }));
    add("x25519_keygen", "dalek", 1, Box::new(|| {
        let (mut p, mut s) = ([0u8; 32], [0u8; 32]);
        let ok = dalek::x25519_keygen(&mut p, &mut s);
        keep((p, s));
        ok
    }));

    add("x25519_derive", "aws-lc", 1, Box::new(move || {
        let mut o = [0u8; 32];
        let ok = awslc::x25519_derive(&mut o, keep(&xp), keep(&xpeer));
        keep(o);
        ok
    }));
    add("x25519_derive", "ring", 1, Box::new(move || {
        let mut o = [0u8; 32];
        let ok = ringp::x25519_derive(&mut o, keep(&xp), keep(&xpeer));
        keep(o);
        ok
    }));
    add("x25519_derive", "dalek", 1, Box::new(move || {
        let mut o = [0u8; 32];
        let ok = dalek::x25519_derive(&mut o, keep(&xp), keep(&xpeer));
        keep(o);
        ok
    }));

    add("ed25519_keygen", "aws-lc", 1, Box::new(|| {
        let (mut p, mut s) = ([0u8; 32], [0u8; 64]);
        let ok = awslc::ed25519_keygen(&mut p, &mut s);
        keep((p, s));
        ok
    }));
    let r = rng.clone();
    add("ed25519_keygen", "ring", 1, Box::new(move || {
        let (mut p, mut s) = ([0u8; 32], [0u8; 32]);
        let ok = ringp::ed25519_keygen(&r, &mut p, &mut s);
        keep((p, s));
        ok
    }));
    add("ed25519_keygen", "dalek", 1, Box::new(|| {
        let (mut p, mut s) = ([0u8; 32], [0u8; 32]);
        let ok = dalek::ed25519_keygen(&mut p, &mut s);
        keep((p, s));
        ok
    }));

    add("ed25519_sign", "aws-lc", 1, Box::new(move || {
        let mut s = [0u8; 64];
        let ok = awslc::ed25519_sign(&mut s, keep(&msg), keep(&priv64));
        keep(s);
        ok
    }));
    let kp = ringp::ed25519_keypair(&seed).unwrap_or_else(|| die("ring rejected the run's seed"));
    add("ed25519_sign", "ring", 1, Box::new(move || {
        let mut s = [0u8; 64];
        let ok = ringp::ed25519_sign(&mut s, keep(&msg), keep(&kp));
        keep(s);
        ok
    }));
    let sk = ed25519_dalek::SigningKey::from_bytes(&seed);
    add("ed25519_sign", "dalek", 1, Box::new(move || {
        let mut s = [0u8; 64];
        let ok = dalek::ed25519_sign(&mut s, keep(&msg), keep(&sk));
        keep(s);
        ok
    }));

    add("ed25519_verify", "aws-lc", 1, Box::new(move || awslc::ed25519_verify(keep(&msg), keep(&sig), keep(&edpub))));
    add("ed25519_verify", "ring", 1, Box::new(move || ringp::ed25519_verify(keep(&msg), keep(&sig), keep(&edpub))));
    add("ed25519_verify", "dalek", 1, Box::new(move || dalek::ed25519_verify(keep(&msg), keep(&sig), keep(&edpub))));

    for (n, op) in BATCH_SIZES.iter().zip(&OPS[5..]) {
        let items: Vec<BatchItem> = inp.batch[..*n].to_vec();
        let (mut m, mut s, mut k): (Vec<&'static [u8]>, Vec<Signature>, Vec<VerifyingKey>) =
            (Vec::with_capacity(*n), Vec::with_capacity(*n), Vec::with_capacity(*n));
        add(op, "dalek", *n as u64, Box::new(move || dalek::ed25519_verify_batch(keep(&items), &mut m, &mut s, &mut k)));
    }
    add("ed25519_verify", "zebra", 1, Box::new(move || zebra::ed25519_verify(keep(&msg), keep(&sig), keep(&edpub))));
    for (n, op) in BATCH_SIZES.iter().zip(&FAST_OPS[2..]) {
        let items: Vec<BatchItem> = inp.batch[..*n].to_vec();
        add(op, "zebra", *n as u64, Box::new(move || zebra::ed25519_verify_batch(keep(&items))));
    }
    #[cfg(have_lib25519)]
    lib25519_cases(&mut v, inp, ops);
    for b in fast::BACKENDS.iter().filter(|b| fast::available(b)) {
        fast_cases(&mut v, inp, ops, b);
    }
    v
}

/// lib25519's rows (scripts/lib25519.sh; build.rs links it when F25519_LIB25519_DIR is set).
#[cfg(have_lib25519)]
fn lib25519_cases(v: &mut Vec<Case>, inp: &Inputs, ops: &[&str]) {
    use peers::lib25519 as l;
    let mut add = |op: &'static str, lanes: u64, run: Box<dyn FnMut() -> bool>| {
        if ops.contains(&op) {
            v.push(Case {
                op, imp: "lib25519", path: "-", lanes, backend: None, run, samples: Vec::new(), slice_meds: Vec::new(),
            });
        }
    };
    let (xp, xpeer, msg, sig, edpub, priv64) = (inp.x_priv, inp.x_peer_pub, inp.msg, inp.sig, inp.ed_pub, inp.ed_priv64);
    add("x25519_keygen", 1, Box::new(|| {
        let (mut p, mut s) = ([0u8; 32], [0u8; 32]);
        let ok = l::x25519_keygen(&mut p, &mut s);
        keep((p, s));
        ok
    }));
    add("x25519_derive", 1, Box::new(move || {
        let mut o = [0u8; 32];
        let ok = l::x25519_derive(&mut o, keep(&xp), keep(&xpeer));
        keep(o);
        ok
    }));
    let (x8_priv, x8_peer) = (inp.x8_priv, inp.x8_peer);
    add("x25519_derive_x8", 8, Box::new(move || {
        let mut o = [[0u8; 32]; 8];
        let ok = l::x25519_derive_x8(&mut o, keep(&x8_priv), keep(&x8_peer));
        keep(o);
        ok
    }));
    add("ed25519_keygen", 1, Box::new(|| {
        let (mut p, mut s) = ([0u8; 32], [0u8; 64]);
        let ok = l::ed25519_keygen(&mut p, &mut s);
        keep((p, s));
        ok
    }));
    let mut sm = vec![0u8; 64 + msg.len()];
    add("ed25519_sign", 1, Box::new(move || {
        let mut s = [0u8; 64];
        let ok = l::ed25519_sign(&mut s, &mut sm, keep(&msg), keep(&priv64));
        keep(s);
        ok
    }));
    let signed: Vec<u8> = sig.iter().chain(msg.iter()).copied().collect();
    let mut m = vec![0u8; signed.len()];
    add("ed25519_verify", 1, Box::new(move || l::ed25519_open(keep(&signed), &mut m, keep(&edpub))));
}

/// fast25519's rows for backend b, the calls `fast25519 bench` times (bench/fast25519/bench_ops.c).
fn fast_cases(v: &mut Vec<Case>, inp: &Inputs, ops: &[&str], b: &'static str) {
    let mut add = |op: &'static str, lanes: u64, run: Box<dyn FnMut() -> bool>| {
        if ops.contains(&op) {
            v.push(Case {
                op, imp: "fast25519", path: b, lanes, backend: Some(b), run, samples: Vec::new(), slice_meds: Vec::new(),
            });
        }
    };
    let (xp, xpeer, seed, edpub, msg, sig) = (inp.x_priv, inp.x_peer_pub, inp.ed_seed, inp.ed_pub, inp.msg, inp.sig);
    add("x25519_keygen", 1, Box::new(|| {
        let (mut p, mut s) = ([0u8; 32], [0u8; 32]);
        let ok = fast::x25519_keygen(&mut p, &mut s);
        keep((p, s));
        ok
    }));
    add("x25519_derive", 1, Box::new(move || {
        let mut o = [0u8; 32];
        let ok = fast::x25519_derive(&mut o, keep(&xp), keep(&xpeer));
        keep(o);
        ok
    }));
    add("ed25519_keygen", 1, Box::new(|| {
        let (mut p, mut s) = ([0u8; 32], [0u8; 32]);
        let ok = fast::ed25519_keygen(&mut p, &mut s);
        keep((p, s));
        ok
    }));
    add("ed25519_sign", 1, Box::new(move || {
        let mut s = [0u8; 64];
        let ok = fast::ed25519_sign(&mut s, keep(&msg), keep(&seed), keep(&edpub));
        keep(s);
        ok
    }));
    add("ed25519_verify", 1, Box::new(move || fast::ed25519_verify(keep(&msg), keep(&sig), keep(&edpub))));
    let (x8_priv, x8_peer) = (inp.x8_priv, inp.x8_peer);
    add("x25519_keygen_x8", 8, Box::new(move || {
        let mut o = [[0u8; 32]; 8];
        let ok = fast::x25519_keygen_x8(&mut o, keep(&x8_priv));
        keep(o);
        ok
    }));
    add("x25519_derive_x8", 8, Box::new(move || {
        let mut o = [[0u8; 32]; 8];
        let ok = fast::x25519_derive_x8(&mut o, keep(&x8_priv), keep(&x8_peer));
        keep(o);
        ok
    }));
    for (n, op) in BATCH_SIZES.iter().zip(&OPS[5..]) {
        let mut bt = fast::Batch::new(&inp.batch[..*n]);
        add(op, *n as u64, Box::new(move || keep(&mut bt).verify(fast::VERIFY_OPENSSL)));
    }
    for (n, op) in BATCH_SIZES.iter().copied().zip(&FAST_OPS[2..]) {
        let mut bt = fast::Batch::new(&inp.batch[..n]);
        add(op, n as u64, Box::new(move || keep(&mut bt).verify(fast::VERIFY_ZIP215)));
    }
}

/// One slice of one case: a short warm-up, then one tick pair per call for `budget` ticks.
fn measure_slice(c: &mut Case, budget: u64, min_calls: usize) {
    if let Some(b) = c.backend {
        if !fast::select(b) {
            die(&format!("fast25519 refused backend {b}"));
        }
    }
    let start = timer::ticks();
    let warm_end = start + budget / 20;
    let mut i = 0;
    while i < 1 || timer::ticks() < warm_end {
        if !(c.run)() {
            die(&format!("{} {}: a call failed during timing", c.op, c.imp));
        }
        i += 1;
    }
    let end = timer::ticks() + budget;
    let mut got = 0;
    let first = c.samples.len();
    while got < min_calls || timer::ticks() < end {
        let t0 = timer::ticks();
        let ok = (c.run)();
        let t1 = timer::ticks();
        if !ok {
            die(&format!("{} {}: a call failed during timing", c.op, c.imp));
        }
        c.samples.push(t1 - t0);
        got += 1;
    }
    let mut this: Vec<u64> = c.samples[first..].to_vec();
    let m = timer::median(&mut this);
    c.slice_meds.push(((m + c.lanes / 2) / c.lanes).max(1));
}

/// The peers' op a row is compared with (merge.py's BASE_OP): a row is timed next to the rows of
/// that op, so that their slices of one sweep are adjacent in time.
fn group_of(op: &str) -> &str {
    match op {
        "x25519_keygen_x8" => "x25519_keygen",
        "x25519_derive_x8" => "x25519_derive",
        "ed25519_verify_batch8_zip215" => "ed25519_verify_batch8",
        "ed25519_verify_batch64_zip215" => "ed25519_verify_batch64",
        "ed25519_verify_batch1024_zip215" => "ed25519_verify_batch1024",
        o => o,
    }
}

fn usage() -> ! {
    eprintln!(
        "usage: f25519-peers bench [--slice-ms MS] [--slices N] [--ops OP,OP..]\n       \
         f25519-peers check --fast25519 BIN [--vectors DIR] [--random N]\n       f25519-peers info"
    );
    exit(2)
}

fn arg_num(v: Option<&String>, lo: f64, hi: f64) -> f64 {
    match v.and_then(|s| s.parse::<f64>().ok()) {
        Some(x) if x >= lo && x <= hi => x,
        _ => usage(),
    }
}

fn bench(args: &[String]) {
    let (mut slice_ms, mut slices) = (40.0, 3usize);
    let known: Vec<&str> = OPS.iter().chain(FAST_OPS.iter()).copied().collect();
    let mut ops: Vec<String> = known.iter().map(|s| s.to_string()).collect();
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--slice-ms" => slice_ms = arg_num(args.get(i + 1), 0.1, 60000.0),
            "--slices" => slices = arg_num(args.get(i + 1), 1.0, 1000.0) as usize,
            "--ops" => {
                ops = args.get(i + 1).unwrap_or_else(|| usage()).split(',').map(|s| s.to_string()).collect();
                if let Some(bad) = ops.iter().find(|o| !known.contains(&o.as_str())) {
                    die(&format!("unknown op '{bad}' (known: {})", known.join(", ")));
                }
            }
            _ => usage(),
        }
        i += 2;
    }
    let inp = Inputs::new();
    // The timed calls' own outputs on these inputs, across the three libraries; abort on a mismatch.
    if let Err(e) = check::run_inputs(&inp) {
        die(&format!("self-check on the benchmark inputs FAILED: {e}"));
    }
    let hz = timer::tsc_hz();
    let opref: Vec<&str> = ops.iter().map(|s| s.as_str()).collect();
    let default = fast::default_backend();
    let mut cs = cases(&inp, &opref);
    // Op-major: every library's (and backend's) case of one op, and the x8 / zip215 rows compared
    // with it, next to each other, so that one sweep times them within a few hundred milliseconds:
    // merge.py pairs the slices of one sweep (the host's slow spells last seconds).
    let order: Vec<&str> = OPS.to_vec();
    cs.sort_by_key(|c| order.iter().position(|o| *o == group_of(c.op)).unwrap_or(order.len()));
    let mut groups: Vec<(usize, usize)> = Vec::new(); // [start, end) of each op group in cs
    for (k, c) in cs.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if group_of(cs[g.0].op) == group_of(c.op) => g.1 = k + 1,
            _ => groups.push((k, k + 1)),
        }
    }
    let budget = (slice_ms * 1e-3 * hz) as u64;
    for s in 0..slices {
        // One sweep: every group once, the group order rotating from sweep to sweep, and within a
        // group forwards in even sweeps and backwards in odd ones, so that no case always comes
        // first after another group or always before the case it is compared with.
        let ng = groups.len();
        for gj in 0..ng {
            let (lo, hi) = groups[(gj + s) % ng];
            for k in 0..hi - lo {
                let idx = if s % 2 == 0 { lo + k } else { hi - 1 - k };
                measure_slice(&mut cs[idx], budget, 3);
            }
        }
    }
    let mut out = format!("{{\"tsc_ghz\": {:.4}, \"fast25519_default\": \"{}\", \"results\": [", hz / 1e9, default);
    for (k, c) in cs.iter_mut().enumerate() {
        let m = timer::median(&mut c.samples);
        let per = ((m + c.lanes / 2) / c.lanes).max(1);
        out += &format!(
            "{}\n  {{\"op\": \"{}\", \"impl\": \"{}\", \"path\": \"{}\", \"ticks_median\": {}, \"ops_per_sec\": {:.0}, \"samples\": {}, \"slices\": [{}]}}",
            if k == 0 { "" } else { "," },
            c.op, c.imp, c.path, per, hz / per as f64, c.samples.len(),
            c.slice_meds.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
        );
    }
    out += "\n]}";
    println!("{out}");
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(|s| s.as_str()) {
        Some("bench") => bench(&args[1..]),
        Some("check") => exit(check::main(&args[1..])),
        Some("info") => println!(
            "aws-lc (aws-lc-sys, raw C API), ring, dalek (curve25519-dalek backend: {}), zebra, {}, fast25519 ({})",
            peers::dalek_backend(),
            if cfg!(have_lib25519) { "lib25519" } else { "lib25519: skipped (not built: scripts/lib25519.sh)" },
            fast::BACKENDS.iter().filter(|b| fast::available(b)).copied().collect::<Vec<_>>().join(", ")
        ),
        _ => usage(),
    }
}
