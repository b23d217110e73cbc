#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Verify a Parquet dataset of Ed25519 signatures on a Dask distributed cluster.

Each row holds ``public_key`` (32 bytes), ``message`` (bytes) and ``signature`` (64 bytes)
(column names configurable). The dataset is verified partition by partition: every partition
becomes one ``fast25519.verify_batch`` call on a worker (the C library's batch verifier, with the
GIL released), and the output dataset is the input with a boolean verdict column (``valid``),
in the same row order.

    # a local cluster (LocalCluster, one worker process per CPU, or --workers N):
    python examples/dask_verify.py --input rows.parquet --output verdicts.parquet
    # a real cluster: every worker needs `pip install ./bindings/python` (the same package)
    python examples/dask_verify.py --scheduler tcp://scheduler:8786 --input s3://bucket/rows/ \\
        --output s3://bucket/verdicts/ --mode zip215
    # no Dask at all (one process, one batch), e.g. to check a cluster's output:
    python examples/dask_verify.py --local --input rows.parquet --output verdicts.parquet
"""
from __future__ import annotations

import argparse
import sys
import time

import fast25519


def verify_partition(df, mode="openssl", threads=1, pk="public_key", msg="message", sig="signature",
                     out="valid"):
    """One partition (a pandas DataFrame) -> the same rows with the verdict column added.
    Runs on a worker; `threads` is the C library's per-call thread count (1: Dask already runs one
    task per worker thread; 0: one per CPU)."""
    verdicts = fast25519.verify_batch(df[pk].tolist(), df[msg].tolist(), df[sig].tolist(),
                                      mode=mode, threads=threads)
    return df.assign(**{out: verdicts})


def verify_local(input_path, mode="openssl", pk="public_key", msg="message", sig="signature",
                 out="valid", threads=0):
    """The whole dataset in this process (pandas + one verify_batch call): the reference."""
    import pandas as pd

    df = pd.read_parquet(input_path)
    return verify_partition(df, mode=mode, threads=threads, pk=pk, msg=msg, sig=sig, out=out)


def verify_dask(input_path, output_path, mode="openssl", scheduler=None, workers=None, threads=1,
                pk="public_key", msg="message", sig="signature", out="valid", blocksize=None):
    """Read `input_path` as a Dask DataFrame, verify each partition on the cluster and write
    `output_path` (Parquet, the input's columns + `out`). Returns the number of rows written."""
    import dask
    import dask.dataframe as dd
    import pandas as pd
    from dask.distributed import Client, LocalCluster

    cluster = None
    if scheduler:
        client = Client(scheduler)
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        # binary columns stay bytes: no conversion of object columns to Arrow strings
        with dask.config.set({"dataframe.convert-string": False}):
            kw = {"blocksize": blocksize} if blocksize else {}
            ddf = dd.read_parquet(input_path, **kw)
            for c in (pk, msg, sig):
                if c not in ddf.columns:
                    raise SystemExit(f"dask_verify: no column {c!r} in {input_path} (has {list(ddf.columns)})")
            meta = ddf._meta.assign(**{out: pd.Series(dtype=bool)})
            result = ddf.map_partitions(verify_partition, mode=mode, threads=threads, pk=pk, msg=msg,
                                        sig=sig, out=out, meta=meta)
            # The Arrow schema of the output, from the first partition's rows (the byte columns
            # are object columns in pandas, which Dask cannot type from its empty meta).
            import pyarrow as pa

            first = verify_partition(ddf.partitions[0].head(1, compute=True), mode=mode, pk=pk, msg=msg,
                                     sig=sig, out=out)
            if len(first):
                schema = pa.Schema.from_pandas(first, preserve_index=False)
            else:  # an empty first partition: type the byte columns, let Dask infer the others
                schema = {pk: pa.binary(), msg: pa.binary(), sig: pa.binary(), out: pa.bool_()}
            result.to_parquet(output_path, write_index=False, schema=schema)
        return int(dd.read_parquet(output_path, columns=[out]).shape[0].compute())
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--input", required=True, help="Parquet file or directory (any path Dask reads)")
    ap.add_argument("--output", required=True, help="Parquet directory to write (input + verdict column)")
    ap.add_argument("--mode", default="openssl", choices=sorted(fast25519.MODES),
                    help="verification rules (default openssl)")
    ap.add_argument("--scheduler", help="address of a running Dask scheduler (tcp://host:8786); "
                                        "default: a LocalCluster on this machine")
    ap.add_argument("--workers", type=int, default=None, help="LocalCluster worker processes (default: CPUs)")
    ap.add_argument("--threads", type=int, default=1,
                    help="threads of each verify_batch call (default 1; 0 = one per CPU of the worker)")
    ap.add_argument("--local", action="store_true", help="no Dask: verify in this process")
    ap.add_argument("--public-key-column", default="public_key")
    ap.add_argument("--message-column", default="message")
    ap.add_argument("--signature-column", default="signature")
    ap.add_argument("--verdict-column", default="valid")
    a = ap.parse_args(argv)
    cols = dict(pk=a.public_key_column, msg=a.message_column, sig=a.signature_column, out=a.verdict_column)
    t0 = time.perf_counter()
    if a.local:
        df = verify_local(a.input, mode=a.mode, threads=a.threads, **cols)
        df.to_parquet(a.output, index=False)
        n, bad = len(df), int((~df[a.verdict_column]).sum())
    else:
        n = verify_dask(a.input, a.output, mode=a.mode, scheduler=a.scheduler, workers=a.workers,
                        threads=a.threads, **cols)
        bad = None
    dt = time.perf_counter() - t0
    extra = f", {bad} invalid" if bad is not None else ""
    print(f"dask_verify: {n} rows verified ({a.mode}, backend {fast25519.backend()} here){extra} "
          f"in {dt:.2f} s -> {a.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
