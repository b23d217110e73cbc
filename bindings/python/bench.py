#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Ed25519 verification throughput from Python: fast25519.verify_batch (each mode, and through a
VerifyPool), fast25519's single verify in a loop, pyca/cryptography's Ed25519PublicKey.verify in a
loop and PyNaCl's VerifyKey.verify in a loop, over the same n valid signatures (1024 keys, --msg-len
byte messages). Prints the median of --reps runs as signatures per second and the ratios.

Then the binding's overhead at --small (64) items: verify_batch through the extension against the
same call made straight into the C library (f25519_ed25519_verify_batch through ctypes on
libfast25519.so of this checkout, built on first use into build/clib, or --lib), both on the
calling thread (threads=1), medians of many calls.

Pin it to one CPU on a shared machine:  taskset -c 1 python bindings/python/bench.py --n 10000
"""
from __future__ import annotations

import argparse
import ctypes
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import fast25519

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def median_rate(fn, n, reps):
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return n / statistics.median(times)


def make_data(n, msg_len, keys=1024, seed=1):
    rng = random.Random(seed)
    privs = [fast25519.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32)) for _ in range(keys)]
    pubs = [k.public_key().public_bytes_raw() for k in privs]
    pks, msgs, sigs = [], [], []
    for i in range(n):
        m = rng.randbytes(msg_len)
        pks.append(pubs[i % keys]); msgs.append(m); sigs.append(privs[i % keys].sign(m))
    return pubs, pks, msgs, sigs


def find_lib(arg):
    if arg:
        return arg
    out = HERE / "build" / "clib"
    so = out / "lib" / "libfast25519.so"
    if not so.exists():
        print(f"bench: building {so} (the C library of {ROOT}, for the overhead measurement)", file=sys.stderr)
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(out), "-DCMAKE_BUILD_TYPE=Release",
                        "-DF25519_BUILD_PROVIDER=OFF"], check=True, stdout=subprocess.DEVNULL)
        subprocess.run(["cmake", "--build", str(out), "--target", "fast25519", "-j2"], check=True,
                       stdout=subprocess.DEVNULL)
    return str(so)


def c_batch_caller(lib_path, pks, msgs, sigs):
    """A zero-argument function calling f25519_ed25519_verify_batch on prepared arrays."""
    lib = ctypes.CDLL(lib_path)
    n = len(msgs)
    P = ctypes.c_char_p * n
    keep = (pks, msgs, sigs)
    sig_a, msg_a, pub_a = P(*sigs), P(*msgs), P(*pks)
    len_a = (ctypes.c_size_t * n)(*[len(m) for m in msgs])
    st = (ctypes.c_int * n)()
    f = lib.f25519_ed25519_verify_batch
    f.argtypes = [ctypes.c_size_t, P, P, ctypes.c_size_t * n, P, ctypes.c_int, ctypes.c_uint,
                  ctypes.c_int * n]
    f.restype = ctypes.c_int
    lib.f25519_backend.restype = ctypes.c_char_p

    def call():
        keep  # noqa: B018 (the buffers stay alive)
        return f(n, sig_a, msg_a, len_a, pub_a, 0, 1, st)

    return call, lib.f25519_backend().decode()


def small_median(fn, calls):
    ts = []
    for _ in range(calls):
        t0 = time.perf_counter_ns()
        fn()
        ts.append(time.perf_counter_ns() - t0)
    return statistics.median(ts) / 1e3  # microseconds


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=100_000, help="signatures per run (default 10^5)")
    ap.add_argument("--reps", type=int, default=3, help="runs per row; the median is printed")
    ap.add_argument("--msg-len", type=int, default=64)
    ap.add_argument("--threads", type=int, default=0, help="verify_batch threads (0: one per CPU)")
    ap.add_argument("--small", type=int, default=64, help="batch size of the overhead measurement")
    ap.add_argument("--small-calls", type=int, default=400)
    ap.add_argument("--lib", help="libfast25519.so for the overhead measurement (default: build one)")
    ap.add_argument("--skip-peers", action="store_true", help="no pyca/PyNaCl rows")
    a = ap.parse_args()
    t_start = time.perf_counter()

    cpus = len(os.sched_getaffinity(0))
    print(f"fast25519 {fast25519.__version__}, backend {fast25519.backend()}, Python {sys.version.split()[0]}, "
          f"{cpus} CPU(s) usable, n = {a.n}, {a.msg_len}-byte messages, median of {a.reps}")
    pubs, pks, msgs, sigs = make_data(a.n, a.msg_len)
    rows = []

    for mode in ("openssl", "strict", "zip215"):
        assert all(fast25519.verify_batch(pks[:256], msgs[:256], sigs[:256], mode=mode))
        rows.append((f"fast25519.verify_batch ({mode})",
                     median_rate(lambda m=mode: fast25519.verify_batch(pks, msgs, sigs, mode=m, threads=a.threads),
                                 a.n, a.reps)))
    with fast25519.VerifyPool(a.threads) as pool:
        rows.append(("fast25519.VerifyPool.verify_batch (openssl)",
                     median_rate(lambda: pool.verify_batch(pks, msgs, sigs), a.n, a.reps)))

    fkeys = [fast25519.Ed25519PublicKey.from_public_bytes(p) for p in pks]

    def fast_loop():
        for k, m, s in zip(fkeys, msgs, sigs):
            k.verify(s, m)
    rows.append(("fast25519 Ed25519PublicKey.verify loop", median_rate(fast_loop, a.n, a.reps)))

    ref = None
    if not a.skip_peers:
        from cryptography.hazmat.primitives.asymmetric import ed25519 as pyca
        import cryptography
        pkeys = {p: pyca.Ed25519PublicKey.from_public_bytes(p) for p in pubs}
        pk_objs = [pkeys[p] for p in pks]

        def pyca_loop():
            for k, m, s in zip(pk_objs, msgs, sigs):
                k.verify(s, m)
        ref = median_rate(pyca_loop, a.n, a.reps)
        rows.append((f"pyca/cryptography {cryptography.__version__} verify loop", ref))
        try:
            import nacl
            import nacl.signing
            nkeys = {p: nacl.signing.VerifyKey(p) for p in pubs}
            nk_objs = [nkeys[p] for p in pks]

            def nacl_loop():
                for k, m, s in zip(nk_objs, msgs, sigs):
                    k.verify(m, s)
            rows.append((f"PyNaCl {nacl.__version__} VerifyKey.verify loop", median_rate(nacl_loop, a.n, a.reps)))
        except ImportError:
            pass

    nacl_rate = next((r for name, r in rows if name.startswith("PyNaCl")), None)
    print(f"\n{'':46s} {'sig/s':>12s} {'x pyca':>8s} {'x PyNaCl':>9s}")
    for name, r in rows:
        x1 = f"{r / ref:8.2f}" if ref else ""
        x2 = f"{r / nacl_rate:9.2f}" if nacl_rate else ""
        print(f"{name:46s} {r:12,.0f} {x1} {x2}")

    # ---- binding overhead at a small batch --------------------------------------
    k = a.small
    sp, sm, ss = pks[:k], msgs[:k], sigs[:k]
    call_c, c_backend = c_batch_caller(find_lib(a.lib), sp, sm, ss)
    assert call_c() == 0
    flat_p, flat_s = b"".join(sp), b"".join(ss)
    for _ in range(20):  # warm-up
        call_c(); fast25519.verify_batch(sp, sm, ss, threads=1)
    c_us = small_median(call_c, a.small_calls)
    py_us = small_median(lambda: fast25519.verify_batch(sp, sm, ss, threads=1), a.small_calls)
    flat_us = small_median(lambda: fast25519.verify_batch(flat_p, sm, flat_s, threads=1), a.small_calls)
    raw_us = small_median(lambda: fast25519._fast25519.verify_batch(sp, sm, ss, 0, 1, False), a.small_calls)
    print(f"\nbinding overhead at n = {k} (threads=1, median of {a.small_calls} calls; C via ctypes, backend {c_backend}):")
    print(f"  C f25519_ed25519_verify_batch (ctypes)  {c_us:9.1f} us")
    for name, us in (("fast25519.verify_batch(lists)", py_us), ("fast25519.verify_batch(flat buffers)", flat_us),
                     ("_fast25519.verify_batch (no Python layer)", raw_us)):
        print(f"  {name:40s} {us:9.1f} us  overhead {100 * (us - c_us) / c_us:+.2f}%")
    print(f"\nbench: {time.perf_counter() - t_start:.1f} s")


if __name__ == "__main__":
    main()
