# SPDX-License-Identifier: Apache-2.0 OR MIT
"""verify_batch == single verification, on mixed valid/invalid batches in all three modes, for
every input form (lists, tuples, flat buffers, NumPy arrays, a structured array), with and
without a VerifyPool."""
import pytest

import fast25519
from conftest import MODES, mixed_batch

np = pytest.importorskip("numpy")


def single_status(pk, msg, sig, mode):
    try:
        fast25519.Ed25519PublicKey.from_public_bytes(pk).verify(sig, msg, mode=mode)
        return fast25519.OK
    except fast25519.InvalidSignature as e:
        return e.code


@pytest.fixture(scope="module")
def rows():
    return mixed_batch(1000, seed=2)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("threads", [0, 1, 2])
def test_batch_equals_single(rows, mode, threads):
    pks, msgs, sigs = zip(*rows)
    want = [single_status(*r, mode) for r in rows]
    assert fast25519.OK in want and any(w != fast25519.OK for w in want)
    assert fast25519.verify_batch_status(list(pks), list(msgs), list(sigs), mode=mode, threads=threads) == want
    assert fast25519.verify_batch(pks, msgs, sigs, mode=mode, threads=threads) == [w == 0 for w in want]


@pytest.mark.parametrize("mode", MODES)
def test_batch_sizes(rows, mode):
    """Sizes around the 8-lane width and the ZIP-215 chunk, valid-only and mixed."""
    for n in (0, 1, 7, 8, 9, 63, 64, 65, 257):
        part = rows[:n]
        want = [single_status(*r, mode) for r in part]
        got = fast25519.verify_batch_status([r[0] for r in part], [r[1] for r in part], [r[2] for r in part],
                                            mode=mode)
        assert got == want, n
    k = fast25519.Ed25519PrivateKey.generate()
    msgs = [bytes([i % 256]) * i for i in range(300)]
    sigs = [k.sign(m) for m in msgs]
    assert fast25519.verify_batch([k.public_key().public_bytes_raw()] * 300, msgs, sigs, mode=mode) == [True] * 300


def test_input_forms(rows):
    pks, msgs, sigs = (list(x) for x in zip(*rows))
    want = fast25519.verify_batch(pks, msgs, sigs)
    n = len(rows)
    flat_pk, flat_sig = b"".join(pks), b"".join(sigs)
    assert fast25519.verify_batch(flat_pk, msgs, flat_sig) == want
    assert fast25519.verify_batch(bytearray(flat_pk), tuple(msgs), memoryview(flat_sig)) == want
    assert fast25519.verify_batch([bytearray(p) for p in pks], [memoryview(m) for m in msgs],
                                  [bytearray(s) for s in sigs]) == want
    a_pk = np.frombuffer(flat_pk, dtype=np.uint8).reshape(n, 32)
    a_sig = np.frombuffer(flat_sig, dtype=np.uint8).reshape(n, 64)
    assert fast25519.verify_batch(a_pk, msgs, a_sig) == want
    assert fast25519.verify_batch(a_pk.ravel(), np.array(msgs, dtype=object), a_sig.ravel()) == want
    assert fast25519.verify_batch(np.array(pks, dtype="S32"), msgs, np.array(sigs, dtype="S64")) == want
    assert fast25519.verify_batch(np.array(pks, dtype=object), msgs, np.array(sigs, dtype=object)) == want
    assert fast25519.verify_batch([np.frombuffer(p, np.uint8) for p in pks], msgs, a_sig) == want
    st = np.empty(n, dtype=[("public_key", "u1", (32,)), ("message", object), ("signature", "S64")])
    st["public_key"] = a_pk
    st["message"] = msgs
    st["signature"] = sigs
    assert fast25519.verify_batch(st) == want
    assert fast25519.verify_batch(st, mode="zip215") == fast25519.verify_batch(pks, msgs, sigs, mode="zip215")
    # generators and other iterables
    assert fast25519.verify_batch(iter(pks), (m for m in msgs), sigs) == want
    # a strided (non-contiguous) 2-D array is read row by row, as a sequence
    assert fast25519.verify_batch(a_pk[::2], msgs[::2], a_sig[::2]) == want[::2]


@pytest.mark.parametrize("mode", MODES)
def test_pool(rows, mode):
    pks, msgs, sigs = (list(x) for x in zip(*rows))
    want = [single_status(*r, mode) for r in rows]
    with fast25519.VerifyPool(2) as pool:
        assert pool.threads in (1, 2)
        for _ in range(3):
            assert pool.verify_batch_status(pks, msgs, sigs, mode=mode) == want
            assert pool.verify_batch(b"".join(pks), msgs, b"".join(sigs), mode=mode) == [w == 0 for w in want]
        assert pool.verify_batch([], [], []) == []
    assert pool.threads == 0
    with pytest.raises(ValueError):
        pool.verify_batch(pks, msgs, sigs)
    pool.close()  # twice is fine
    p1 = fast25519.VerifyPool(1)
    assert p1.threads == 1
    assert p1.verify_batch_status(pks, msgs, sigs, mode=mode) == want


def test_empty_batch():
    assert fast25519.verify_batch([], [], []) == []
    assert fast25519.verify_batch(b"", [], b"") == []
    assert fast25519.verify_batch_status(np.zeros((0, 32), np.uint8), [], np.zeros((0, 64), np.uint8)) == []
