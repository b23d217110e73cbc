// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Ed25519 verification, per batch of n = 1, 64, 1024 distinct keys and messages (divide a
//! row's time by n for the per-signature time; criterion's throughput line gives elements/s),
//! all on one thread:
//! - fast25519: `verify` (a loop of single verifications, openssl mode), `verify_batch` in
//!   openssl and zip215 modes, and the same C call made directly through fast25519-sys
//!   (`c_batch_*`: the binding's own overhead is the difference);
//! - ed25519-dalek 3: `verify` in a loop, `verify_batch`;
//! - ed25519-zebra 5: its batch verifier (queue n items, verify);
//! - ed25519-simd: its AVX-512IFMA `Zip215Verifier::verify_batch`, only in a build with
//!   RUSTFLAGS="-C target-feature=+avx512f,+avx512bw,+avx512dq,+avx512ifma" (the crate has no
//!   run-time dispatch and does not compile otherwise); without it the bench says so and skips it.
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use fast25519::ed25519::{self, Mode, Signature, Signer, SigningKey, VerifyingKey};
use fast25519::sys;
use std::hint::black_box;

const SIZES: [usize; 3] = [1, 64, 1024];
const MSG_LEN: usize = 100;

struct Set {
    msgs: Vec<Vec<u8>>,
    sigs: Vec<Signature>,
    keys: Vec<VerifyingKey>,
}

fn make(n: usize) -> Set {
    let mut s = Set { msgs: Vec::new(), sigs: Vec::new(), keys: Vec::new() };
    let mut x = 0x1234_5678_9abc_def0u64;
    for i in 0..n {
        let mut seed = [0u8; 32];
        for b in seed.iter_mut() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            *b = (x >> 56) as u8;
        }
        let k = SigningKey::from_bytes(&seed);
        let msg: Vec<u8> = (0..MSG_LEN).map(|j| (i * 31 + j * 7) as u8).collect();
        s.sigs.push(k.sign(&msg));
        s.keys.push(k.verifying_key());
        s.msgs.push(msg);
    }
    s
}

fn bench(c: &mut Criterion) {
    eprintln!("fast25519 {} backend {}", fast25519::version(), fast25519::backend());
    #[cfg(not(all(
        target_arch = "x86_64",
        target_feature = "avx512f",
        target_feature = "avx512bw",
        target_feature = "avx512dq",
        target_feature = "avx512ifma"
    )))]
    eprintln!(
        "ed25519-simd: skipped: it compiles only with AVX-512 F/BW/DQ/IFMA enabled for the whole \
         build (RUSTFLAGS=\"-C target-feature=+avx512f,+avx512bw,+avx512dq,+avx512ifma\"; such a \
         binary dies with SIGILL on CPUs without them)"
    );
    let mut g = c.benchmark_group("ed25519_verify");
    for n in SIZES {
        let s = make(n);
        let m: Vec<&[u8]> = s.msgs.iter().map(|m| &m[..]).collect();
        g.throughput(Throughput::Elements(n as u64));

        // ---- fast25519 ----
        g.bench_with_input(BenchmarkId::new("fast25519/verify", n), &n, |b, _| {
            b.iter(|| {
                for i in 0..n {
                    black_box(s.keys[i].verify_with(&m[i], &s.sigs[i], Mode::OpenSsl)).unwrap();
                }
            })
        });
        for (name, mode) in [("openssl", Mode::OpenSsl), ("zip215", Mode::Zip215)] {
            g.bench_with_input(BenchmarkId::new(format!("fast25519/verify_batch_{name}"), n), &n, |b, _| {
                b.iter(|| {
                    let r = ed25519::verify_batch(black_box(&m), &s.sigs, &s.keys, mode);
                    assert!(r.iter().all(Result::is_ok));
                })
            });
            // the C call alone, arrays prepared outside the loop: the binding's overhead is the
            // difference to the row above
            let sig_bytes: Vec<[u8; 64]> = s.sigs.iter().map(Signature::to_bytes).collect();
            let sp: Vec<*const u8> = sig_bytes.iter().map(|x| x.as_ptr()).collect();
            let mp: Vec<*const u8> = m.iter().map(|x| x.as_ptr()).collect();
            let ml: Vec<usize> = m.iter().map(|x| x.len()).collect();
            let kp: Vec<*const u8> = s.keys.iter().map(|k| k.as_bytes().as_ptr()).collect();
            let mut st = vec![0i32; n];
            g.bench_with_input(BenchmarkId::new(format!("fast25519/c_batch_{name}"), n), &n, |b, _| {
                b.iter(|| {
                    // SAFETY: n-element arrays into live buffers.
                    let rc = unsafe {
                        sys::f25519_ed25519_verify_batch(
                            n,
                            sp.as_ptr(),
                            mp.as_ptr(),
                            ml.as_ptr(),
                            kp.as_ptr(),
                            mode.code(),
                            1,
                            st.as_mut_ptr(),
                        )
                    };
                    assert_eq!(rc, 0);
                })
            });
        }

        // ---- ed25519-dalek ----
        let dk: Vec<ed25519_dalek::VerifyingKey> =
            s.keys.iter().map(|k| ed25519_dalek::VerifyingKey::from_bytes(k.as_bytes()).unwrap()).collect();
        g.bench_with_input(BenchmarkId::new("dalek/verify", n), &n, |b, _| {
            b.iter(|| {
                for i in 0..n {
                    ed25519_dalek::Verifier::verify(&dk[i], black_box(m[i]), &s.sigs[i]).unwrap();
                }
            })
        });
        g.bench_with_input(BenchmarkId::new("dalek/verify_batch", n), &n, |b, _| {
            b.iter(|| ed25519_dalek::verify_batch(black_box(&m), &s.sigs, &dk).unwrap())
        });

        // ---- ed25519-zebra ----
        let zk: Vec<ed25519_zebra::VerificationKeyBytes> =
            s.keys.iter().map(|k| ed25519_zebra::VerificationKeyBytes::from(k.to_bytes())).collect();
        let zs: Vec<ed25519_zebra::Signature> = s.sigs.iter().map(|x| ed25519_zebra::Signature::from_bytes(&x.to_bytes())).collect();
        g.bench_with_input(BenchmarkId::new("zebra/batch", n), &n, |b, _| {
            b.iter(|| {
                let mut v = ed25519_zebra::batch::Verifier::new();
                for i in 0..n {
                    v.queue((zk[i], zs[i], &m[i]));
                }
                v.verify(rand::rng()).unwrap();
            })
        });

        // ---- ed25519-simd (AVX-512IFMA builds only) ----
        #[cfg(all(
            target_arch = "x86_64",
            target_feature = "avx512f",
            target_feature = "avx512bw",
            target_feature = "avx512dq",
            target_feature = "avx512ifma"
        ))]
        {
            let inputs: Vec<ed25519_simd::VerifyInput> = (0..n)
                .map(|i| ed25519_simd::VerifyInput {
                    public_key: s.keys[i].to_bytes(),
                    signature: s.sigs[i].to_bytes(),
                    message: m[i],
                })
                .collect();
            let mut v = ed25519_simd::Zip215Verifier::new();
            let mut out = vec![false; n];
            g.bench_with_input(BenchmarkId::new("ed25519-simd/verify_batch_zip215", n), &n, |b, _| {
                b.iter(|| {
                    v.verify_batch(black_box(&inputs), &mut out);
                    assert!(out.iter().all(|&x| x));
                })
            });
        }
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = bench
}
criterion_main!(benches);
