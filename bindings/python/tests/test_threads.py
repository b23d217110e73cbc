# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Threads calling at once (ThreadPoolExecutor): sign, verify, verify_batch, a shared VerifyPool,
X25519, all giving the single-threaded results; and the GIL released during verify_batch."""
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import fast25519
from conftest import mixed_batch


def test_concurrent_calls():
    rows = mixed_batch(400, seed=9)
    pks, msgs, sigs = (list(x) for x in zip(*rows))
    want = fast25519.verify_batch_status(pks, msgs, sigs, threads=1)
    keys = [fast25519.Ed25519PrivateKey.from_private_bytes(bytes([i]) * 32) for i in range(8)]
    want_sigs = [k.sign(b"concurrent") for k in keys]
    xk = fast25519.X25519PrivateKey.from_private_bytes(bytes(range(32)))
    peer = fast25519.X25519PrivateKey.from_private_bytes(bytes(range(1, 33))).public_key()
    want_shared = xk.exchange(peer)
    pool = fast25519.VerifyPool(2)

    def job(i):
        kind = i % 5
        if kind == 0:
            return fast25519.verify_batch_status(pks, msgs, sigs, mode="openssl", threads=(i % 3)) == want
        if kind == 1:
            return pool.verify_batch_status(pks, msgs, sigs) == want
        if kind == 2:
            return all(keys[j].sign(b"concurrent") == want_sigs[j] for j in range(8))
        if kind == 3:
            ok = True
            for pk, m, s, w in zip(pks[:100], msgs[:100], sigs[:100], want[:100]):
                try:
                    fast25519.Ed25519PublicKey.from_public_bytes(pk).verify(s, m)
                    ok &= w == 0
                except fast25519.InvalidSignature as e:
                    ok &= w == e.code
            return ok
        return xk.exchange(peer) == want_shared

    with ThreadPoolExecutor(max_workers=8) as ex:
        results = list(ex.map(job, range(60)))
    pool.close()
    assert all(results), [i for i, r in enumerate(results) if not r]


def test_gil_released_during_batch():
    """Another Python thread keeps running while a long verify_batch is inside the C library."""
    rows = mixed_batch(64, seed=4)
    pks, msgs, sigs = (list(x) for x in zip(*rows))
    reps = 120  # ~8000 items on one thread: tens of milliseconds or more on any backend
    pks, msgs, sigs = pks * reps, msgs * reps, sigs * reps
    span = {}

    def worker():
        t0 = time.perf_counter()
        fast25519.verify_batch(pks, msgs, sigs, threads=1)
        span["t"] = (t0, time.perf_counter())

    ticks = []
    t = threading.Thread(target=worker)
    t.start()
    while t.is_alive():
        ticks.append(time.perf_counter())
        time.sleep(0.0005)
    t.join()
    t0, t1 = span["t"]
    inside = [x for x in ticks if t0 + 0.002 < x < t1 - 0.002]
    assert t1 - t0 > 0.01
    assert len(inside) >= 3, (t1 - t0, len(ticks))


def test_portable_backend_subprocess():
    """FAST25519_BACKEND=portable: the dispatcher's portable code, same answers, no SIGILL."""
    code = (
        "import fast25519 as f\n"
        "assert f.backend() == 'portable', f.backend()\n"
        "k = f.Ed25519PrivateKey.from_private_bytes(bytes(32))\n"
        "s = k.sign(b'x'); k.public_key().verify(s, b'x')\n"
        "pk = k.public_key().public_bytes_raw()\n"
        "print(s.hex(), f.verify_batch([pk]*9, [b'x']*8 + [b'y'], [s]*9, mode='zip215'))\n"
    )
    env = dict(os.environ, FAST25519_BACKEND="portable")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    k = fast25519.Ed25519PrivateKey.from_private_bytes(bytes(32))
    assert out.stdout.split(" ", 1)[0] == k.sign(b"x").hex()
    assert out.stdout.split(" ", 1)[1].strip() == str([True] * 8 + [False])


def test_forced_missing_backend_fails_closed():
    """A FAST25519_BACKEND the library cannot run raises the library's error (fail closed)."""
    code = (
        "import fast25519 as f\n"
        "assert f.backend() == 'unsupported', f.backend()\n"
        "try:\n"
        "    f.Ed25519PrivateKey.generate()\n"
        "except f.Error as e:\n"
        "    assert e.code == f.ERR_UNSUPPORTED and str(e) == f.strerror(f.ERR_UNSUPPORTED), e\n"
        "else:\n"
        "    raise SystemExit('no error')\n"
        "try:\n"
        "    f.verify_batch([bytes(32)], [b''], [bytes(64)])\n"
        "except f.Error as e:\n"
        "    assert e.code == f.ERR_UNSUPPORTED\n"
        "else:\n"
        "    raise SystemExit('no error from verify_batch')\n"
        "print('ok')\n"
    )
    env = dict(os.environ, FAST25519_BACKEND="no-such-backend")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr + out.stdout
