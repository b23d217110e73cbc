# SPDX-License-Identifier: Apache-2.0 OR MIT
"""examples/dask_verify.py on a LocalCluster of 2 workers over 10^5 generated rows (a known subset
invalid): every verdict equals the single-process run and the known invalid set."""
import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import fast25519

pd = pytest.importorskip("pandas")
pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")
pytest.importorskip("dask.distributed")

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "dask_verify.py"
N = int(os.environ.get("F25519_DASK_ROWS", "100000"))
FILES = 8


def load_example():
    spec = importlib.util.spec_from_file_location("dask_verify", EXAMPLE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    """N rows in FILES Parquet files: 64 keys, random messages; every row whose id is in
    `invalid` has a flipped signature bit or a changed message."""
    rng = random.Random(2025)
    keys = [fast25519.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32)) for _ in range(64)]
    pubs = [k.public_key().public_bytes_raw() for k in keys]
    ids, pks, msgs, sigs, invalid = [], [], [], [], set()
    for i in range(N):
        j = rng.randrange(64)
        m = rng.randbytes(rng.randrange(16, 128))
        s = keys[j].sign(m)
        r = rng.random()
        if r < 0.05:  # a flipped bit of R or S
            b = bytearray(s)
            b[rng.randrange(64)] ^= 1 << rng.randrange(8)
            s = bytes(b)
            invalid.add(i)
        elif r < 0.08:  # signed a different message
            m = m + b"!"
            invalid.add(i)
        ids.append(i); pks.append(pubs[j]); msgs.append(m); sigs.append(s)
    d = tmp_path_factory.mktemp("dask") / "rows"
    d.mkdir()
    per = (N + FILES - 1) // FILES
    for f in range(FILES):
        sl = slice(f * per, min(N, (f + 1) * per))
        table = pa.table({"id": pa.array(ids[sl], pa.int64()), "public_key": pa.array(pks[sl], pa.binary(32)),
                          "message": pa.array(msgs[sl], pa.binary()),
                          "signature": pa.array(sigs[sl], pa.binary(64))})
        pq.write_table(table, d / f"part-{f:02d}.parquet")
    return d, invalid


def test_dask_example_local_cluster(dataset, tmp_path):
    src, invalid = dataset
    assert 0 < len(invalid) < N
    out = tmp_path / "verdicts"
    # as a user runs it: a subprocess with its own LocalCluster of 2 worker processes
    r = subprocess.run([sys.executable, str(EXAMPLE), "--input", str(src), "--output", str(out),
                        "--workers", "2", "--mode", "openssl"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"{N} rows verified" in r.stdout
    got = pd.read_parquet(out).sort_values("id")
    assert list(got["id"]) == list(range(N))
    assert got["valid"].dtype == bool
    # the known invalid set
    assert set(got.loc[~got["valid"], "id"]) == invalid
    # the single-process run (one verify_batch over everything), row for row
    ref = load_example().verify_local(src, mode="openssl").sort_values("id")
    assert list(ref["valid"]) == list(got["valid"])
    # the other columns came through unchanged
    assert list(ref["signature"]) == [bytes(x) for x in got["signature"]]


def test_dask_example_zip215_in_process(dataset, tmp_path):
    """The importable function, zip215 rules, a LocalCluster of 2 workers."""
    src, invalid = dataset
    ex = load_example()
    out = tmp_path / "verdicts-zip215"
    n = ex.verify_dask(str(src), str(out), mode="zip215", workers=2)
    assert n == N
    got = pd.read_parquet(out).sort_values("id")
    assert set(got.loc[~got["valid"], "id"]) == invalid
    ref = ex.verify_local(src, mode="zip215").sort_values("id")
    assert list(ref["valid"]) == list(got["valid"])
