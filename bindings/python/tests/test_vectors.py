# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The repository's vector files (tests/vectors/) through the Python package: RFC 8032, RFC 7748,
Wycheproof v1 ed25519/x25519, speccheck, ZIP-215, SUPERCOP sign.input."""
import hashlib

import pytest

import fast25519
from fast25519 import Ed25519PrivateKey, Ed25519PublicKey, X25519PrivateKey, X25519PublicKey
from conftest import MODES, VECTORS, h, load_json


def test_rfc8032_ed25519():
    doc = load_json("rfc/rfc8032_ed25519.json")
    assert len(doc["ed25519"]) == 5
    for v in doc["ed25519"]:
        k = Ed25519PrivateKey.from_private_bytes(h(v["secret_key"]))
        assert k.public_key().public_bytes_raw() == h(v["public_key"])
        assert k.sign(h(v["message"])) == h(v["signature"]), v["name"]
        for mode in MODES:
            k.public_key().verify(h(v["signature"]), h(v["message"]), mode=mode)
        assert fast25519.verify_batch([h(v["public_key"])], [h(v["message"])], [h(v["signature"])]) == [True]


def test_rfc8032_ctx_ph():
    doc = load_json("rfc/rfc8032_ed25519.json")
    assert len(doc["ed25519ctx"]) == 4 and len(doc["ed25519ph"]) == 1
    for v in doc["ed25519ctx"]:
        k = Ed25519PrivateKey.from_private_bytes(h(v["secret_key"]))
        ctx, msg, sig = h(v["context"]), h(v["message"]), h(v["signature"])
        assert k.sign(msg, context=ctx) == sig, v["name"]
        for mode in MODES:
            k.public_key().verify(sig, msg, mode=mode, context=ctx)
        with pytest.raises(fast25519.InvalidSignature):
            k.public_key().verify(sig, msg)  # pure Ed25519 over the same bytes
        with pytest.raises(fast25519.InvalidSignature):
            k.public_key().verify(sig, msg, context=ctx + b"!")
    for v in doc["ed25519ph"]:
        k = Ed25519PrivateKey.from_private_bytes(h(v["secret_key"]))
        ctx = h(v["context"]) if v.get("context") else None
        msg, sig = h(v["message"]), h(v["signature"])
        assert k.sign(msg, context=ctx, prehashed=True) == sig
        digest = hashlib.sha512(msg).digest()
        assert k.sign(digest, context=ctx, prehashed="digest") == sig
        k.public_key().verify(sig, msg, context=ctx, prehashed=True)
        k.public_key().verify(sig, digest, context=ctx, prehashed="digest")
        with pytest.raises(fast25519.InvalidSignature):
            k.public_key().verify(sig, msg)


def test_rfc7748_x25519():
    doc = load_json("rfc/rfc7748_x25519.json")
    for v in doc["x25519"]:
        k = X25519PrivateKey.from_private_bytes(h(v["scalar"]))
        assert k.exchange(X25519PublicKey.from_public_bytes(h(v["u"]))) == h(v["output"]), v["name"]
    it = doc["iterated"]
    k, u = h(it["k"]), h(it["u"])
    for i in range(1, 1001):
        k, u = X25519PrivateKey.from_private_bytes(k).exchange(X25519PublicKey.from_public_bytes(u)), k
        if str(i) in it["results"]:
            assert k == h(it["results"][str(i)]), i
    dh = doc["dh"]
    a = X25519PrivateKey.from_private_bytes(h(dh["alice_private"]))
    b = X25519PrivateKey.from_private_bytes(h(dh["bob_private"]))
    assert a.public_key().public_bytes_raw() == h(dh["alice_public"])
    assert b.public_key().public_bytes_raw() == h(dh["bob_public"])
    assert a.exchange(b.public_key()) == b.exchange(a.public_key()) == h(dh["shared"])


def wycheproof_ed25519_cases():
    doc = load_json("wycheproof/v1/ed25519_test.json")
    cases = []
    for g in doc["testGroups"]:
        pk = h(g["publicKey"]["pk"])
        for t in g["tests"]:
            cases.append((t["tcId"], pk, h(t["msg"]), h(t["sig"]), t["result"] == "valid"))
    return cases


def single_ok(pk, sig, msg, mode):
    try:
        Ed25519PublicKey.from_public_bytes(pk).verify(sig, msg, mode=mode)
        return True
    except fast25519.InvalidSignature:
        return False


def test_wycheproof_ed25519():
    cases = wycheproof_ed25519_cases()
    assert len(cases) == 151
    assert sum(c[4] for c in cases) == 88
    for tc, pk, msg, sig, valid in cases:
        assert single_ok(pk, sig, msg, "openssl") == valid, tc
        assert single_ok(pk, sig, msg, "strict") == valid, tc
        if valid:
            assert single_ok(pk, sig, msg, "zip215"), tc
    # the 64-byte ones as one batch: the same verdicts as single verification, in every mode
    full = [c for c in cases if len(c[3]) == 64]
    for mode in MODES:
        got = fast25519.verify_batch([c[1] for c in full], [c[2] for c in full], [c[3] for c in full], mode=mode)
        assert got == [single_ok(c[1], c[3], c[2], mode) for c in full], mode


def test_wycheproof_x25519():
    doc = load_json("wycheproof/v1/x25519_test.json")
    n = 0
    for g in doc["testGroups"]:
        for t in g["tests"]:
            n += 1
            k = X25519PrivateKey.from_private_bytes(h(t["private"]))
            peer = X25519PublicKey.from_public_bytes(h(t["public"]))
            want = h(t["shared"])
            if want == bytes(32):
                assert t["result"] == "acceptable"
                with pytest.raises(ValueError) as e:
                    k.exchange(peer)
                assert e.value.code == fast25519.ERR_ZERO_SHARED
                assert str(e.value) == fast25519.strerror(fast25519.ERR_ZERO_SHARED)
            else:
                assert t["result"] in ("valid", "acceptable")
                assert k.exchange(peer) == want, t["tcId"]
    assert n == 518


SPECCHECK = {"openssl": "VVVVXXXXXXXV", "strict": "XXXVXXXXXXXX", "zip215": "VVVVVVXXXVVV"}


@pytest.mark.parametrize("mode", MODES)
def test_speccheck(mode):
    cases = load_json("speccheck/cases.json")
    assert len(cases) == 12
    got = "".join("V" if single_ok(h(c["pub_key"]), h(c["signature"]), h(c["message"]), mode) else "X"
                  for c in cases)
    assert got == SPECCHECK[mode]
    batch = fast25519.verify_batch([h(c["pub_key"]) for c in cases], [h(c["message"]) for c in cases],
                                   [h(c["signature"]) for c in cases], mode=mode)
    assert "".join("V" if b else "X" for b in batch) == SPECCHECK[mode]


def test_zip215_small_order():
    doc = load_json("zip215/zip215_small_order.json")
    msg = h(doc["message"])
    cases = doc["cases"]
    assert len(cases) == 196
    pks = [h(c["public_key"]) for c in cases]
    sigs = [h(c["signature"]) for c in cases]
    assert fast25519.verify_batch(pks, [msg] * 196, sigs, mode="zip215") == [True] * 196
    assert not any(fast25519.verify_batch(pks, [msg] * 196, sigs, mode="strict"))
    st = fast25519.verify_batch_status(pks, [msg] * 196, sigs, mode="strict")
    assert set(st) <= {fast25519.ERR_SMALL_ORDER, fast25519.ERR_ENCODING}
    openssl = fast25519.verify_batch(pks, [msg] * 196, sigs, mode="openssl")
    assert sum(openssl) == 12  # pyca/OpenSSL accepts 12 (tests/vectors/README.md)
    for pk, sig, ok in zip(pks, sigs, openssl):
        assert single_ok(pk, sig, msg, "openssl") == ok
        assert single_ok(pk, sig, msg, "zip215")


def test_supercop_sign_input():
    lines = (VECTORS / "supercop" / "sign.input").read_text().split("\n")
    lines = [l for l in lines if l]
    assert len(lines) == 1024
    pks, msgs, sigs = [], [], []
    for i, line in enumerate(lines):
        sk, pk, msg, sm = (h(x) for x in line.split(":")[:4])
        k = Ed25519PrivateKey.from_private_bytes(sk[:32])
        assert k.public_key().public_bytes_raw() == pk == sk[32:]
        assert len(msg) == i
        sig = k.sign(msg)
        assert sig + msg == sm, i
        pks.append(pk); msgs.append(msg); sigs.append(sig)
    for mode in MODES:
        assert fast25519.verify_batch(pks, msgs, sigs, mode=mode) == [True] * 1024
