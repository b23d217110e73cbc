// SPDX-License-Identifier: Apache-2.0 OR MIT
//! Ticks exactly as `fast25519 bench` reads them (bench/fast25519/bench_ticks.h + bench_timer.c):
//! lfence; rdtsc; lfence in an out-of-line function, the TSC rate estimated against
//! CLOCK_MONOTONIC over ~100 ms with the tightest of 16 bracketed reads, and the median.
use std::time::{Duration, Instant};

#[cfg(target_arch = "x86_64")]
#[inline(never)]
pub fn ticks() -> u64 {
    use core::arch::x86_64::{_mm_lfence, _rdtsc};
    // lfence before: earlier instructions are done; after: later ones wait.
    unsafe {
        _mm_lfence();
        let t = _rdtsc();
        _mm_lfence();
        t
    }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(never)]
pub fn ticks() -> u64 {
    use std::sync::OnceLock;
    static T0: OnceLock<Instant> = OnceLock::new();
    T0.get_or_init(Instant::now).elapsed().as_nanos() as u64
}

/// TSC ticks per second (1e9 where ticks are nanoseconds).
pub fn tsc_hz() -> f64 {
    if !cfg!(target_arch = "x86_64") {
        return 1e9;
    }
    let pair = || {
        let mut best = u64::MAX;
        let (mut tk, mut t) = (0u64, Instant::now());
        for _ in 0..16 {
            let a = ticks();
            let now = Instant::now();
            let b = ticks();
            if b - a < best {
                best = b - a;
                tk = a + (b - a) / 2;
                t = now;
            }
        }
        (tk, t)
    };
    let (c0, t0) = pair();
    std::thread::sleep(Duration::from_millis(100));
    let (c1, t1) = pair();
    (c1 - c0) as f64 / (t1 - t0).as_secs_f64()
}

/// Median as fast25519 bench computes it (mean of the two middle values for an even count).
pub fn median(v: &mut [u64]) -> u64 {
    if v.is_empty() {
        return 0;
    }
    v.sort_unstable();
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2
    }
}
