#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The peers' part of scripts/bench-batch.sh: runs of `f25519-peers-simd bench` -> one table and JSON.

Inputs (--runs): every run's JSON, one file per (run, message length), each with every verifier at
n = 8, 64, 1024 (ticks per signature, "slices" = per-sweep medians; bench/peers/simd). Each figure is
the median of the runs' medians with their range [median, low, high]. Each ratio is fast25519 /
peer (< 1: fast25519 faster), PAIRED: the two verifiers' slices of one sweep, timed side by side,
over every sweep of every run, the median of those ratios. Exact rows: fast25519's openssl and
strict modes against ed25519-simd's Dalek policy (a verdict per signature), dalek's verify_batch
(one verdict) and lib25519 (sign_open per item: it has no batch verification); zip215 rows:
fast25519's zip215 mode against ed25519-simd's Zip215 policy (per item) and zebra's batch verifier.
--json FILE writes {"host", "date", "commit", "command", "software", "unit", "runs", "results"}
(docs/benchmarks.md, batch-peers.json); --host-json gives the "host" object.
"""
import argparse
import json
import statistics
import sys

# (column key, impl, path suffix after the backend or exact path, rules); fast25519's path is its backend
COLUMNS = [
    ("fast25519 openssl", "fast25519", "", "exact"),
    ("fast25519 strict", "fast25519", "-strict", "exact"),
    ("fast25519 zip215", "fast25519", "", "zip215"),
    ("ed25519-simd Dalek", "ed25519-simd", "dalek-policy", "exact"),
    ("ed25519-simd Zip215", "ed25519-simd", "zip215-policy", "zip215"),
    ("dalek verify_batch", "dalek", "-", "exact"),
    ("zebra batch", "zebra", "-", "zip215"),
    ("lib25519 per item", "lib25519", "per-item", "exact"),
]
RATIOS = [
    ("fast25519 openssl", "ed25519-simd Dalek"), ("fast25519 strict", "ed25519-simd Dalek"),
    ("fast25519 zip215", "ed25519-simd Zip215"), ("fast25519 strict", "dalek verify_batch"),
    ("fast25519 zip215", "zebra batch"), ("fast25519 openssl", "lib25519 per item"),
]


def find(doc, key, n):
    """The result row of column `key` at batch size n in one run's document, or None."""
    _, impl, path, rules = next(c for c in COLUMNS if c[0] == key)
    op = f"ed25519_verify_batch{n}" + ("_zip215" if rules == "zip215" else "")
    if impl == "fast25519":
        path = doc["fast25519_default"] + path
    return next((r for r in doc["results"] if r["op"] == op and r["impl"] == impl and r["path"] == path), None)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", nargs="+", required=True)
    ap.add_argument("--json", dest="json_out")
    ap.add_argument("--host-json", default="{}")
    ap.add_argument("--date", default="")
    ap.add_argument("--commit", default="")
    ap.add_argument("--command", default="")
    ap.add_argument("--software", default="{}")
    ap.add_argument("--note", default="")
    a = ap.parse_args()
    docs = []
    for p in a.runs:
        try:
            d = json.load(open(p))
            if not isinstance(d.get("results"), list) or "msg_len" not in d or "fast25519_default" not in d:
                raise ValueError("not an f25519-peers-simd bench document")
        except (OSError, ValueError) as e:
            print(f"batch.py: {p}: {e}", file=sys.stderr)
            return 1
        docs.append(d)
    backends = {d["fast25519_default"] for d in docs}
    lens = sorted({d["msg_len"] for d in docs})
    sizes = sorted({int(r["op"].split("_")[2][5:]) for d in docs for r in d["results"]})
    cols = [c[0] for c in COLUMNS if any(find(d, c[0], n) for d in docs for n in sizes)]
    out, rows = [], []
    for ln in lens:
        ds = [d for d in docs if d["msg_len"] == ln]
        for n in sizes:
            ticks, ratios = {}, {}
            for c in cols:
                v = [r["ticks_median"] for r in (find(d, c, n) for d in ds) if r]
                if v:
                    ticks[c] = [int(statistics.median(v)), min(v), max(v)]
            for f, p in RATIOS:
                pr = []
                for d in ds:
                    fr, prw = find(d, f, n), find(d, p, n)
                    if fr and prw and len(fr.get("slices", [])) == len(prw.get("slices", [])):
                        pr += [x / y for x, y in zip(fr["slices"], prw["slices"])]
                if pr:
                    ratios[f"{f} / {p}"] = {"median": round(statistics.median(pr), 3), "sweeps": len(pr),
                                            "fast25519_faster": sum(1 for x in pr if x < 1)}
            out.append({"msg_len": ln, "n": n, "ticks_per_signature": ticks, "ratios_paired": ratios})
            rows.append([str(ln), str(n)] + [f"{ticks[c][0]:,}" if c in ticks else "–" for c in cols] +
                        [f"{ratios[k]['median']:.2f}x ({ratios[k]['fast25519_faster']}/{ratios[k]['sweeps']})"
                         if k in ratios else "–" for k in (f"{f} / {p}" for f, p in RATIOS)])
    head = ["msg bytes", "n"] + cols + [f"{f} / {p}" for f, p in RATIOS]
    print(f"batch verification against the peers' batch verifiers: ticks per signature, one thread, fast25519 = "
          f"{', '.join(sorted(backends))}; medians of {len(docs) // max(1, len(lens))} runs; ratios fast25519 / peer "
          "(< 1: fast25519 faster), paired per sweep, (sweeps where fast25519 was faster / sweeps)")
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join("---" for _ in head) + "|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    if a.json_out:
        doc = {"host": json.loads(a.host_json), "date": a.date, "commit": a.commit, "command": a.command,
               "software": json.loads(a.software),
               "unit": "TSC ticks per signature of one batch call (one thread), [median, low, high] over the runs; "
                       "ratios: fast25519 / peer, the median of the paired per-sweep ratios (< 1: fast25519 faster)",
               "fast25519_backend": sorted(backends)[0] if len(backends) == 1 else sorted(backends),
               "runs": len(docs) // max(1, len(lens)), "results": out}
        if a.note:
            doc["note"] = a.note
        with open(a.json_out, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
