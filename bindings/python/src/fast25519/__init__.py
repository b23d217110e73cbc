# SPDX-License-Identifier: Apache-2.0 OR MIT
"""fast25519: X25519 (RFC 7748) and Ed25519 (RFC 8032) through the fast25519 C library.

The classes carry pyca/cryptography's names (``Ed25519PrivateKey``, ``Ed25519PublicKey``,
``X25519PrivateKey``, ``X25519PublicKey``, ``InvalidSignature``), so code written for
``cryptography.hazmat.primitives.asymmetric.ed25519`` switches by changing its imports. On top:

* ``verify_batch(public_keys, messages, signatures, mode="openssl", threads=0)``: one verdict
  per item, identical to single verification, with the GIL released while the C batch runs;
  ``VerifyPool`` keeps the helper threads between batches;
* three verification rule sets (``mode``): ``"openssl"`` (OpenSSL 3.0's verdicts, the
  default), ``"strict"`` (RFC 8032 strict + libsodium's rules), ``"zip215"`` (ZIP-215);
* Ed25519ctx and Ed25519ph (``context=``, ``prehashed=``).

Every operation is one call into the C library; the backend it uses (portable, mulx, avx2,
ifma) is chosen at run time from CPUID (``backend()``; ``FAST25519_BACKEND=portable`` forces one).
"""
from __future__ import annotations

import sys
from typing import Any, List, Optional, Sequence, Union

from . import _fast25519 as _c
from ._fast25519 import Error, InputError

__all__ = [
    "Ed25519PrivateKey",
    "Ed25519PublicKey",
    "X25519PrivateKey",
    "X25519PublicKey",
    "InvalidSignature",
    "Error",
    "InputError",
    "VerifyPool",
    "verify_batch",
    "verify_batch_status",
    "backend",
    "strerror",
    "MODES",
    "__version__",
]

__version__: str = _c.version()

#: The verification rule sets, by name, and their F25519_VERIFY_* values.
MODES = {"openssl": _c.VERIFY_OPENSSL, "strict": _c.VERIFY_STRICT, "zip215": _c.VERIFY_ZIP215}

#: The library's return codes (F25519_OK, F25519_ERR_*).
OK = _c.OK
ERR_LENGTH = _c.ERR_LENGTH
ERR_ENCODING = _c.ERR_ENCODING
ERR_SMALL_ORDER = _c.ERR_SMALL_ORDER
ERR_VERIFY = _c.ERR_VERIFY
ERR_ZERO_SHARED = _c.ERR_ZERO_SHARED
ERR_UNSUPPORTED = _c.ERR_UNSUPPORTED
ERR_ARG = _c.ERR_ARG
ERR_RANDOM = _c.ERR_RANDOM

BytesLike = Union[bytes, bytearray, memoryview]


class InvalidSignature(Exception):
    """The signature does not verify (pyca/cryptography's ``InvalidSignature``).

    ``code`` is the library's status (``ERR_VERIFY``, ``ERR_ENCODING``, ``ERR_SMALL_ORDER``,
    ``ERR_LENGTH``) and the message is ``f25519_strerror(code)``.
    """

    def __init__(self, message: str = "", code: int = ERR_VERIFY) -> None:
        super().__init__(message)
        self.code = code


def backend() -> str:
    """The backend the dispatcher chose: ``"portable"``, ``"mulx"``, ``"avx2"``,
    ``"ifma"`` (``"unsupported"`` when FAST25519_BACKEND forced one this CPU lacks)."""
    return _c.backend()


def strerror(code: int) -> str:
    """The library's description of a return code (``f25519_strerror``)."""
    return _c.strerror(code)


def _mode(mode: Union[str, int]) -> int:
    if isinstance(mode, str):
        try:
            return MODES[mode.lower()]
        except KeyError:
            raise ValueError(f"unknown mode {mode!r}: one of {', '.join(MODES)}") from None
    if isinstance(mode, int) and not isinstance(mode, bool) and mode in MODES.values():
        return mode
    if isinstance(mode, int) and not isinstance(mode, bool):
        raise ValueError(f"unknown mode {mode!r}")
    raise TypeError(f"mode must be a str, not {type(mode).__name__}")


def _variant(context: Optional[BytesLike], prehashed: Union[bool, str]) -> int:
    if prehashed == "digest":
        return _c.ED25519PH_HASHED
    if not isinstance(prehashed, bool):
        raise TypeError('prehashed must be True, False or "digest"')
    if prehashed:
        return _c.ED25519PH
    return _c.ED25519CTX if context is not None else _c.ED25519


def _check_bytes(value: Any, what: str) -> None:
    if isinstance(value, str) or not isinstance(value, (bytes, bytearray, memoryview)):
        try:
            memoryview(value)
        except TypeError:
            raise TypeError(f"{what} must be a bytes-like object, not {type(value).__name__}") from None


class Ed25519PublicKey:
    """An Ed25519 public key (32 bytes, as RFC 8032 encodes it)."""

    __slots__ = ("_pub",)

    def __init__(self, _pub: bytes) -> None:
        self._pub = _pub

    @classmethod
    def from_public_bytes(cls, data: BytesLike) -> "Ed25519PublicKey":
        """Wrap a 32-byte encoded public key. It is decoded (and, depending on the mode,
        rejected) at verification, as OpenSSL does; ValueError if not 32 bytes."""
        _check_bytes(data, "data")
        data = bytes(data)
        if len(data) != 32:
            raise ValueError("An Ed25519 public key is 32 bytes long")
        return cls(data)

    def public_bytes_raw(self) -> bytes:
        """The 32-byte encoding."""
        return self._pub

    def verify(
        self,
        signature: BytesLike,
        data: BytesLike,
        mode: Union[str, int] = "openssl",
        context: Optional[BytesLike] = None,
        prehashed: Union[bool, str] = False,
    ) -> None:
        """Verify ``signature`` over ``data``; raise :class:`InvalidSignature` if it is not valid
        (its ``code`` tells why). ``mode``: ``"openssl"`` (default), ``"strict"``, ``"zip215"``.
        ``context`` (1..255 bytes, or up to 255 with ``prehashed``) selects Ed25519ctx;
        ``prehashed=True`` Ed25519ph over ``data`` (SHA-512 applied by the library),
        ``prehashed="digest"`` Ed25519ph with ``data`` = SHA-512(message) (64 bytes).
        The GIL is released while the library verifies."""
        m = _mode(mode)
        variant = _variant(context, prehashed)
        rc = _c.ed25519_verify(self._pub, signature, data, m, variant, context)
        if rc != OK:
            if rc in (ERR_ARG, ERR_UNSUPPORTED):
                raise Error(_c.strerror(rc))
            raise InvalidSignature(_c.strerror(rc), rc)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ed25519PublicKey):
            return NotImplemented
        return self._pub == other._pub

    def __hash__(self) -> int:
        return hash(self._pub)

    def __repr__(self) -> str:
        return f"<fast25519.Ed25519PublicKey {self._pub.hex()}>"


class Ed25519PrivateKey:
    """An Ed25519 private key: the 32-byte seed of RFC 8032 (and its public key)."""

    __slots__ = ("_seed", "_pub")

    def __init__(self, _seed: bytes, _pub: bytes) -> None:
        self._seed = _seed
        self._pub = _pub

    @classmethod
    def generate(cls) -> "Ed25519PrivateKey":
        """A fresh key from the OS random source."""
        seed, pub = _c.ed25519_keygen()
        return cls(seed, pub)

    @classmethod
    def from_private_bytes(cls, data: BytesLike) -> "Ed25519PrivateKey":
        """The key of a 32-byte seed (ValueError otherwise)."""
        _check_bytes(data, "data")
        seed = bytes(data)
        if len(seed) != 32:
            raise ValueError("An Ed25519 private key is 32 bytes long")
        return cls(seed, _c.ed25519_public(seed))

    def private_bytes_raw(self) -> bytes:
        """The 32-byte seed."""
        return self._seed

    def public_key(self) -> Ed25519PublicKey:
        """The matching public key."""
        return Ed25519PublicKey(self._pub)

    def sign(
        self,
        data: BytesLike,
        context: Optional[BytesLike] = None,
        prehashed: Union[bool, str] = False,
    ) -> bytes:
        """The 64-byte signature of ``data`` (deterministic, RFC 8032). ``context`` and
        ``prehashed`` as in :meth:`Ed25519PublicKey.verify`. GIL released while signing."""
        return _c.ed25519_sign(self._seed, self._pub, data, _variant(context, prehashed), context)

    def __repr__(self) -> str:
        return "<fast25519.Ed25519PrivateKey>"


class X25519PublicKey:
    """An X25519 public key (a 32-byte u-coordinate)."""

    __slots__ = ("_pub",)

    def __init__(self, _pub: bytes) -> None:
        self._pub = _pub

    @classmethod
    def from_public_bytes(cls, data: BytesLike) -> "X25519PublicKey":
        """Wrap a 32-byte u-coordinate (ValueError otherwise)."""
        _check_bytes(data, "data")
        data = bytes(data)
        if len(data) != 32:
            raise ValueError("An X25519 public key is 32 bytes long")
        return cls(data)

    def public_bytes_raw(self) -> bytes:
        """The 32-byte encoding."""
        return self._pub

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, X25519PublicKey):
            return NotImplemented
        return self._pub == other._pub

    def __hash__(self) -> int:
        return hash(self._pub)

    def __repr__(self) -> str:
        return f"<fast25519.X25519PublicKey {self._pub.hex()}>"


class X25519PrivateKey:
    """An X25519 private key (32 bytes; clamped when used, as RFC 7748 says)."""

    __slots__ = ("_priv",)

    def __init__(self, _priv: bytes) -> None:
        self._priv = _priv

    @classmethod
    def generate(cls) -> "X25519PrivateKey":
        """A fresh key from the OS random source."""
        priv, _pub = _c.x25519_keygen()
        return cls(priv)

    @classmethod
    def from_private_bytes(cls, data: BytesLike) -> "X25519PrivateKey":
        """The key of 32 bytes (ValueError otherwise)."""
        _check_bytes(data, "data")
        data = bytes(data)
        if len(data) != 32:
            raise ValueError("An X25519 private key is 32 bytes long")
        return cls(data)

    def private_bytes_raw(self) -> bytes:
        """The 32 bytes as given (unclamped)."""
        return self._priv

    def public_key(self) -> X25519PublicKey:
        """X25519(private, 9)."""
        return X25519PublicKey(_c.x25519_public(self._priv))

    def exchange(self, peer_public_key: X25519PublicKey) -> bytes:
        """The 32-byte shared secret. ValueError (:class:`InputError`) when it is all zero (a
        low-order peer key), as pyca/cryptography raises."""
        if not isinstance(peer_public_key, X25519PublicKey):
            raise TypeError("peer_public_key must be an X25519PublicKey")
        return _c.x25519_derive(self._priv, peer_public_key._pub)

    def __repr__(self) -> str:
        return "<fast25519.X25519PrivateKey>"


_FIELDS = {
    "public_keys": ("public_key", "public_keys", "pk", "pub", "key"),
    "messages": ("message", "messages", "msg"),
    "signatures": ("signature", "signatures", "sig"),
}


def _from_structured(arr: Any) -> tuple:
    """(public_keys, messages, signatures) from a NumPy structured array's fields."""
    np = sys.modules.get("numpy")
    names = arr.dtype.names
    out = []
    for what, candidates in _FIELDS.items():
        name = next((c for c in candidates if c in names), None)
        if name is None:
            raise ValueError(f"structured array has no field for {what} (one of {candidates})")
        col = arr[name]
        if what != "messages" and np is not None:
            col = np.ascontiguousarray(col)
        out.append(col)
    return out[0], out[1], out[2]


def _batch_args(public_keys: Any, messages: Any, signatures: Any) -> tuple:
    if messages is None and signatures is None:
        dtype = getattr(public_keys, "dtype", None)
        if dtype is not None and getattr(dtype, "names", None):
            return _from_structured(public_keys)
        raise TypeError("verify_batch needs messages and signatures (or one structured array)")
    if messages is None or signatures is None:
        raise TypeError("verify_batch needs public_keys, messages and signatures")
    return public_keys, messages, signatures


def verify_batch(
    public_keys: Any,
    messages: Any = None,
    signatures: Any = None,
    mode: Union[str, int] = "openssl",
    threads: int = 0,
) -> List[bool]:
    """Verify n pure Ed25519 signatures at once; one bool per item, each equal to
    ``Ed25519PublicKey.verify`` under the same ``mode`` (``f25519_ed25519_verify_batch``).

    ``messages``: a sequence of bytes-like objects (any lengths). ``public_keys`` and
    ``signatures``: a sequence of 32- / 64-byte bytes-like objects, or one contiguous buffer of
    n*32 / n*64 bytes (bytes, a NumPy uint8 array of shape (n, 32), an ``S32`` array, ...). Or
    pass a NumPy structured array with fields ``public_key``, ``message``, ``signature`` as the
    only argument. ``threads``: 0 = one per online CPU, 1 = the calling thread only. The GIL is
    released while the library verifies. Wrong lengths raise ValueError, wrong types TypeError.
    """
    pk, msgs, sigs = _batch_args(public_keys, messages, signatures)
    return _c.verify_batch(pk, msgs, sigs, _mode(mode), _threads(threads), False)


def verify_batch_status(
    public_keys: Any,
    messages: Any = None,
    signatures: Any = None,
    mode: Union[str, int] = "openssl",
    threads: int = 0,
) -> List[int]:
    """As :func:`verify_batch`, but one library status per item: ``OK`` (0) or
    ``ERR_ENCODING``, ``ERR_SMALL_ORDER``, ``ERR_VERIFY`` (``strerror(code)`` says it)."""
    pk, msgs, sigs = _batch_args(public_keys, messages, signatures)
    return _c.verify_batch(pk, msgs, sigs, _mode(mode), _threads(threads), True)


def _threads(threads: int) -> int:
    if not isinstance(threads, int) or isinstance(threads, bool):
        raise TypeError("threads must be an int")
    if threads < 0 or threads > 0xFFFFFFFF:
        raise ValueError("threads must be >= 0")
    return threads


class VerifyPool:
    """Helper threads kept between batch calls (``f25519_verify_pool_new``): use one when
    verifying batch after batch. ``threads``: members including the caller (0 = one per online
    CPU). Usable as a context manager; ``close()`` stops the helpers. A pool busy in another
    thread's call verifies on the calling thread alone, with the same results."""

    def __init__(self, threads: int = 0) -> None:
        self._pool = _c.VerifyPool(_threads(threads))

    @property
    def threads(self) -> int:
        """Members of the pool (helpers + the caller); 0 once closed."""
        return self._pool.threads

    def verify_batch(
        self,
        public_keys: Any,
        messages: Any = None,
        signatures: Any = None,
        mode: Union[str, int] = "openssl",
    ) -> List[bool]:
        """:func:`verify_batch` on this pool's threads."""
        pk, msgs, sigs = _batch_args(public_keys, messages, signatures)
        return self._pool.verify_batch(pk, msgs, sigs, _mode(mode), False)

    def verify_batch_status(
        self,
        public_keys: Any,
        messages: Any = None,
        signatures: Any = None,
        mode: Union[str, int] = "openssl",
    ) -> List[int]:
        """:func:`verify_batch_status` on this pool's threads."""
        pk, msgs, sigs = _batch_args(public_keys, messages, signatures)
        return self._pool.verify_batch(pk, msgs, sigs, _mode(mode), True)

    def close(self) -> None:
        """Stop and join the helper threads (RuntimeError while a call is running)."""
        self._pool.close()

    def __enter__(self) -> "VerifyPool":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
