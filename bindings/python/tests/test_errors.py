# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Bad input: wrong lengths raise ValueError, wrong types TypeError, the library's errors carry
f25519_strerror's message; a bad signature raises InvalidSignature (an Exception, as in pyca)."""
import pytest

import fast25519
from fast25519 import Ed25519PrivateKey, Ed25519PublicKey, X25519PrivateKey, X25519PublicKey


@pytest.fixture(scope="module")
def key():
    return Ed25519PrivateKey.generate()


def test_exception_classes():
    assert issubclass(fast25519.InvalidSignature, Exception)
    assert not issubclass(fast25519.InvalidSignature, ValueError)
    assert issubclass(fast25519.InputError, ValueError)
    assert issubclass(fast25519.InputError, fast25519.Error)


@pytest.mark.parametrize("n", [0, 31, 33, 64])
def test_key_lengths(n):
    for cls in (Ed25519PrivateKey, Ed25519PublicKey, X25519PrivateKey, X25519PublicKey):
        factory = cls.from_private_bytes if hasattr(cls, "from_private_bytes") else cls.from_public_bytes
        with pytest.raises(ValueError):
            factory(bytes(n))


@pytest.mark.parametrize("bad", ["a" * 32, 32, None, [0] * 32, 1.5])
def test_key_types(bad):
    for factory in (Ed25519PrivateKey.from_private_bytes, Ed25519PublicKey.from_public_bytes,
                    X25519PrivateKey.from_private_bytes, X25519PublicKey.from_public_bytes):
        with pytest.raises(TypeError):
            factory(bad)


def test_bytes_like_keys():
    k = Ed25519PrivateKey.from_private_bytes(bytearray(32))
    assert Ed25519PrivateKey.from_private_bytes(memoryview(bytes(32))).public_key() == k.public_key()


def test_sign_verify_types(key):
    pub = key.public_key()
    sig = key.sign(b"m")
    for bad in ("m", 5, None):
        with pytest.raises(TypeError):
            key.sign(bad)
        with pytest.raises(TypeError):
            pub.verify(sig, bad)
        with pytest.raises(TypeError):
            pub.verify(bad, b"m")
    with pytest.raises(TypeError):
        X25519PrivateKey.generate().exchange(bytes(32))


def test_verify_failures_carry_status(key):
    pub = key.public_key()
    sig = key.sign(b"m")
    for bad_sig, code in ((sig[:63], fast25519.ERR_LENGTH), (sig + b"\0", fast25519.ERR_LENGTH),
                          (sig[:63] + b"\xff", fast25519.ERR_ENCODING)):
        with pytest.raises(fast25519.InvalidSignature) as e:
            pub.verify(bad_sig, b"m")
        assert e.value.code == code
        assert str(e.value) == fast25519.strerror(code)
    with pytest.raises(fast25519.InvalidSignature) as e:
        pub.verify(sig, b"n")
    assert e.value.code == fast25519.ERR_VERIFY
    assert str(e.value) == fast25519.strerror(fast25519.ERR_VERIFY) != ""
    pub.verify(bytearray(sig), memoryview(b"m"))


def test_modes_and_options(key):
    pub = key.public_key()
    sig = key.sign(b"m")
    for mode in ("openssl", "strict", "zip215", "STRICT", fast25519.MODES["zip215"]):
        pub.verify(sig, b"m", mode=mode)
    with pytest.raises(ValueError):
        pub.verify(sig, b"m", mode="bogus")
    with pytest.raises(ValueError):
        fast25519.verify_batch([], [], [], mode=7)
    with pytest.raises(TypeError):
        pub.verify(sig, b"m", mode=None)
    with pytest.raises(TypeError):
        key.sign(b"m", prehashed="yes")
    # context length rules (the library's ERR_LENGTH, as ValueError with its message)
    with pytest.raises(ValueError) as e:
        key.sign(b"m", context=b"")  # Ed25519ctx needs 1..255 bytes
    assert str(e.value) == fast25519.strerror(fast25519.ERR_LENGTH)
    assert e.value.code == fast25519.ERR_LENGTH
    with pytest.raises(ValueError):
        key.sign(b"m", context=bytes(256))
    with pytest.raises(ValueError):
        key.sign(b"short", prehashed="digest")  # the digest is 64 bytes
    s = key.sign(b"m", context=bytes(255))
    pub.verify(s, b"m", context=bytes(255))
    with pytest.raises(fast25519.InvalidSignature):
        pub.verify(s, b"m", context=bytes(256))


def test_batch_bad_input(key):
    pk, sig = key.public_key().public_bytes_raw(), key.sign(b"m")
    ok = ([pk], [b"m"], [sig])
    assert fast25519.verify_batch(*ok) == [True]
    with pytest.raises(ValueError):
        fast25519.verify_batch([pk[:31]], [b"m"], [sig])
    with pytest.raises(ValueError):
        fast25519.verify_batch([pk], [b"m"], [sig + b"\0"])
    with pytest.raises(ValueError):
        fast25519.verify_batch([pk, pk], [b"m"], [sig])  # lengths differ
    with pytest.raises(ValueError):
        fast25519.verify_batch(pk + b"\0", [b"m"], sig)  # flat buffer of the wrong size
    with pytest.raises(ValueError):
        fast25519.verify_batch(pk, [b"m"], sig[:-1])
    with pytest.raises(TypeError):
        fast25519.verify_batch([pk], ["m"], [sig])
    with pytest.raises(TypeError):
        fast25519.verify_batch([pk], [None], [sig])
    with pytest.raises(TypeError):
        fast25519.verify_batch([pk], b"m", [sig])  # messages as one buffer is ambiguous
    with pytest.raises(TypeError):
        fast25519.verify_batch([pk], "m", [sig])
    with pytest.raises(TypeError):
        fast25519.verify_batch(5, [b"m"], [sig])
    with pytest.raises(TypeError):
        fast25519.verify_batch([pk], 5, [sig])
    with pytest.raises(TypeError):
        fast25519.verify_batch([pk], [b"m"])
    with pytest.raises(TypeError):
        fast25519.verify_batch([pk], [b"m"], [sig], threads="2")
    with pytest.raises(ValueError):
        fast25519.verify_batch([pk], [b"m"], [sig], threads=-1)
    with pytest.raises(ValueError):
        fast25519.verify_batch([pk], [b"m"], [sig], mode="bogus")


def test_misc():
    assert fast25519.__version__.count(".") == 2
    assert fast25519.backend() in ("portable", "mulx", "avx2", "ifma")
    c = fast25519._fast25519  # the extension's former names still answer (deprecated)
    assert c.impl() == c.backend() == fast25519.backend()
    assert c.impl_available("portable") is c.backend_available("portable") is True
    assert fast25519.strerror(0) and fast25519.strerror(fast25519.ERR_VERIFY)
    assert repr(Ed25519PrivateKey.generate()) == "<fast25519.Ed25519PrivateKey>"
    k = X25519PrivateKey.generate()
    assert len(k.private_bytes_raw()) == 32
    assert k.public_key() == X25519PublicKey.from_public_bytes(k.public_key().public_bytes_raw())
    assert len({k.public_key(), k.public_key()}) == 1
