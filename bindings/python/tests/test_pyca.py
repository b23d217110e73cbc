# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Random inputs against pyca/cryptography (OpenSSL): the same signatures byte for byte, the same
verdicts in openssl mode (valid and corrupted signatures, keys, messages), the same X25519
secrets; and against PyNaCl (libsodium) in strict mode."""
import random

import pytest
from cryptography.exceptions import InvalidSignature as PycaInvalid
from cryptography.hazmat.primitives.asymmetric import ed25519 as pyca_ed, x25519 as pyca_x

import fast25519
from conftest import load_json, h

N = 300


def pyca_ok(pk, sig, msg):
    try:
        pyca_ed.Ed25519PublicKey.from_public_bytes(pk).verify(sig, msg)
        return True
    except PycaInvalid:
        return False


def ours_ok(pk, sig, msg, mode="openssl"):
    try:
        fast25519.Ed25519PublicKey.from_public_bytes(pk).verify(sig, msg, mode=mode)
        return True
    except fast25519.InvalidSignature:
        return False


def corrupt(rng, pk, msg, sig):
    """One random corruption of a valid (pk, msg, sig), or none."""
    kind = rng.randrange(7)
    if kind == 1:
        b = bytearray(sig); b[rng.randrange(64)] ^= 1 << rng.randrange(8); sig = bytes(b)
    elif kind == 2:
        b = bytearray(pk); b[rng.randrange(32)] ^= 1 << rng.randrange(8); pk = bytes(b)
    elif kind == 3 and msg:
        b = bytearray(msg); b[rng.randrange(len(msg))] ^= 1; msg = bytes(b)
    elif kind == 4:  # random R
        sig = rng.randbytes(32) + sig[32:]
    elif kind == 5:  # top bits of S set (S >= L)
        sig = sig[:63] + bytes([sig[63] | 0xF0])
    return pk, msg, sig


def test_sign_matches_pyca():
    rng = random.Random(7)
    for i in range(N):
        seed = rng.randbytes(32)
        msg = rng.randbytes(rng.randrange(0, 300))
        ours = fast25519.Ed25519PrivateKey.from_private_bytes(seed)
        theirs = pyca_ed.Ed25519PrivateKey.from_private_bytes(seed)
        assert ours.public_key().public_bytes_raw() == theirs.public_key().public_bytes_raw()
        assert ours.private_bytes_raw() == seed
        assert ours.sign(msg) == theirs.sign(msg), i


def test_generated_keys_interoperate():
    for _ in range(20):
        k = fast25519.Ed25519PrivateKey.generate()
        msg = b"interop"
        theirs = pyca_ed.Ed25519PrivateKey.from_private_bytes(k.private_bytes_raw())
        assert theirs.sign(msg) == k.sign(msg)
        pyca_ed.Ed25519PublicKey.from_public_bytes(k.public_key().public_bytes_raw()).verify(k.sign(msg), msg)


def test_verdicts_match_pyca_openssl_mode():
    rng = random.Random(11)
    rows, want = [], []
    for i in range(N):
        k = pyca_ed.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32))
        msg = rng.randbytes(rng.randrange(0, 300))
        pk, msg, sig = corrupt(rng, k.public_key().public_bytes_raw(), msg, k.sign(msg))
        expect = pyca_ok(pk, sig, msg)
        assert ours_ok(pk, sig, msg) == expect, (i, pk.hex(), sig.hex())
        rows.append((pk, msg, sig)); want.append(expect)
    assert any(want) and not all(want)
    got = fast25519.verify_batch([r[0] for r in rows], [r[1] for r in rows], [r[2] for r in rows])
    assert got == want


def test_edge_sets_match_pyca():
    """speccheck and the ZIP-215 small-order set: openssl mode gives OpenSSL's verdicts."""
    for c in load_json("speccheck/cases.json"):
        pk, msg, sig = h(c["pub_key"]), h(c["message"]), h(c["signature"])
        assert ours_ok(pk, sig, msg) == pyca_ok(pk, sig, msg)
    doc = load_json("zip215/zip215_small_order.json")
    for c in doc["cases"]:
        pk, sig = h(c["public_key"]), h(c["signature"])
        assert ours_ok(pk, sig, h(doc["message"])) == pyca_ok(pk, sig, h(doc["message"]))


def test_x25519_matches_pyca():
    rng = random.Random(3)
    for _ in range(N):
        a, b = rng.randbytes(32), rng.randbytes(32)
        ours_a = fast25519.X25519PrivateKey.from_private_bytes(a)
        ta, tb = pyca_x.X25519PrivateKey.from_private_bytes(a), pyca_x.X25519PrivateKey.from_private_bytes(b)
        assert ours_a.public_key().public_bytes_raw() == ta.public_key().public_bytes_raw()
        peer = tb.public_key().public_bytes_raw()
        assert ours_a.exchange(fast25519.X25519PublicKey.from_public_bytes(peer)) == ta.exchange(tb.public_key())
        # a random u (on the curve or its twist), as pyca takes it
        u = rng.randbytes(32)
        assert ours_a.exchange(fast25519.X25519PublicKey.from_public_bytes(u)) == ta.exchange(
            pyca_x.X25519PublicKey.from_public_bytes(u))


def test_x25519_zero_shared_like_pyca():
    k = fast25519.X25519PrivateKey.generate()
    with pytest.raises(ValueError):
        pyca_x.X25519PrivateKey.generate().exchange(pyca_x.X25519PublicKey.from_public_bytes(bytes(32)))
    with pytest.raises(ValueError):
        k.exchange(fast25519.X25519PublicKey.from_public_bytes(bytes(32)))


def test_strict_mode_matches_pynacl():
    nacl_signing = pytest.importorskip("nacl.signing")
    from nacl.exceptions import BadSignatureError

    def nacl_ok(pk, sig, msg):
        try:
            nacl_signing.VerifyKey(pk).verify(msg, sig)
            return True
        except (BadSignatureError, ValueError):
            return False

    rng = random.Random(5)
    for i in range(N):
        k = fast25519.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32))
        msg = rng.randbytes(rng.randrange(0, 100))
        pk, msg, sig = corrupt(rng, k.public_key().public_bytes_raw(), msg, k.sign(msg))
        assert ours_ok(pk, sig, msg, "strict") == nacl_ok(pk, sig, msg), i
    for c in load_json("speccheck/cases.json"):
        pk, msg, sig = h(c["pub_key"]), h(c["message"]), h(c["signature"])
        assert ours_ok(pk, sig, msg, "strict") == nacl_ok(pk, sig, msg)
