# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Shared helpers: where the repository's vector files are, and random batches."""
import json
import os
import random
from pathlib import Path

import pytest

import fast25519

# tests/vectors of this checkout (three levels up from this file); F25519_VECTORS overrides it,
# as for the C tests.
VECTORS = Path(os.environ.get("F25519_VECTORS") or Path(__file__).resolve().parents[3] / "tests" / "vectors")
MODES = ("openssl", "strict", "zip215")


def load_json(rel):
    path = VECTORS / rel
    if not path.exists():
        pytest.fail(f"vector file missing: {path}")
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def h(s):
    return bytes.fromhex(s)


def mixed_batch(n, seed=1, keys=4):
    """n (public key, message, signature, expected-valid) rows, some corrupted in different ways:
    a flipped signature bit, a changed message, the wrong key, S >= L, a non-canonical R."""
    rng = random.Random(seed)
    privs = [fast25519.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32)) for _ in range(keys)]
    pubs = [k.public_key().public_bytes_raw() for k in privs]
    rows = []
    for i in range(n):
        j = rng.randrange(keys)
        msg = rng.randbytes(rng.randrange(0, 200))
        sig = privs[j].sign(msg)
        pk = pubs[j]
        kind = rng.randrange(8)
        if kind == 1:
            b = bytearray(sig)
            b[rng.randrange(64)] ^= 1 << rng.randrange(8)
            sig = bytes(b)
        elif kind == 2:
            msg = msg + b"x"
        elif kind == 3:
            pk = pubs[(j + 1) % keys]
        elif kind == 4:  # S + L: same equation, S >= L (rejected in every mode)
            s = int.from_bytes(sig[32:], "little") + (2**252 + 27742317777372353535851937790883648493)
            if s < 2**256:
                sig = sig[:32] + s.to_bytes(32, "little")
        rows.append((pk, msg, sig))
    return rows
