#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Merges the rounds of scripts/bench-peers.sh into one table and one JSON document.

Inputs: the JSON of every round of `f25519-peers bench` and `f25519-peers-simd bench --peers-rows`
(--peers) and of `fast25519 bench --json` (--fast), all of the schema {"tsc_ghz": X, "results": [{"op", "impl", "path", "ticks_median",
"ops_per_sec", "samples", ...}]}. Each (op, impl, path) gets the median of its per-round medians
(ticks per operation; per key / derive / signature for the x8 and batch rows). The harness times
fast25519's backends too (linked in, in the same interleaved slices as the peers); where it has a
fast25519 row, that row is used and `fast25519 bench`'s row for the same (op, path) is not, so that
every ratio compares rows measured in the same slices (`fast25519 bench` then serves the OpenSSL
and libsodium columns and whatever the harness lacks). A row marked "pair_only" (fast25519's rows
of the ed25519-simd program, timed beside ed25519-simd's) serves only the paired ratios of its own
file: the figures are the main harness's.
A peer's row for an op is its own call of that op; where no peer has one (the x8 rows, the
zip215 batch rows without zebra or ed25519-simd), the peers' call of the base op (BASE_OP).
Output: a Markdown table on stdout (rows = ops, columns = OpenSSL, libsodium, aws-lc, ring, dalek
and every fast25519 backend; the last columns: the fastest peer (by its median), the fast25519
backend compared (the one a user gets: the dispatcher's pick on this CPU, or the one FAST25519_BACKEND
names; "fast25519_default" of the harness;
the best backend by median when a harness output lacks it), the ratio peer ticks / our ticks
(> 1 = fast25519 faster) and in how many sweeps fast25519 was faster), and with --json FILE the
merged results in the same schema (plus "rounds" per row, the ratios against OpenSSL and
libsodium, and on the compared backend's rows the paired ratio against the fastest peer).
The ratio is PAIRED: the harness times every library's case of one op side by side in each
sweep and reports each slice's median ("slices", index = sweep), so the ratio of the peer's and
fast25519's slices of one sweep compares calls made a few hundred milliseconds apart, in the same
spell of the host; the table gives the median of those ratios over all sweeps of all rounds.
(Ratios of medians taken over the whole run mix spells: on a shared 2-vCPU host two backends
running the SAME code can read 20-25% apart that way.) Without slices, the ratio of the medians.
Every input is checked against the schema first; a malformed one is an error (exit 1).
"""
import argparse
import json
import statistics
import sys

PEER_IMPLS = ["aws-lc", "ring", "dalek", "zebra", "ed25519-simd", "lib25519"]
HARNESS_IMPLS = PEER_IMPLS + ["fast25519"]
FAST_IMPLS = ["fast25519", "openssl", "libsodium"]
COLUMN_NAMES = {"openssl": "OpenSSL", "libsodium": "libsodium", "aws-lc": "aws-lc", "ring": "ring", "dalek": "dalek",
                "zebra": "zebra", "ed25519-simd": "ed25519-simd", "lib25519": "lib25519"}
OP_ORDER = [
    "x25519_keygen", "x25519_keygen_x8", "x25519_derive", "x25519_derive_x8",
    "ed25519_keygen", "ed25519_keygen_x8", "ed25519_sign", "ed25519_verify",
    "ed25519_verify_batch8", "ed25519_verify_batch64", "ed25519_verify_batch1024",
    "ed25519_verify_batch1024_mt", "ed25519_verify_batch8_zip215", "ed25519_verify_batch64_zip215", "ed25519_verify_batch1024_zip215",
    "ed25519_verify_batch1024_zip215_mt", "ed25519_verify_batch1024_mt_pool",
    "ed25519_verify_batch1024_zip215_mt_pool",
]
PATH_ORDER = ["portable", "mulx", "avx2", "ifma"]
# Rows the peers have no call of their own for, and the peers' op they are compared with: the x8
# rows with the single call (as fast25519 bench does); the zip215 batch rows with dalek's
# verify_batch at the same n (dalek's one batch mode). The multi-threaded rows have no peer.
BASE_OP = {"x25519_keygen_x8": "x25519_keygen", "x25519_derive_x8": "x25519_derive",
           "ed25519_keygen_x8": "ed25519_keygen",
           "ed25519_verify_batch8_zip215": "ed25519_verify_batch8",
           "ed25519_verify_batch64_zip215": "ed25519_verify_batch64",
           "ed25519_verify_batch1024_zip215": "ed25519_verify_batch1024",
           "ed25519_verify_batch1024_mt": None, "ed25519_verify_batch1024_zip215_mt": None,
           "ed25519_verify_batch1024_mt_pool": None, "ed25519_verify_batch1024_zip215_mt_pool": None}


class SchemaError(Exception):
    pass


def load(path, impls):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise SchemaError(f"{path}: not readable JSON: {e}")
    if not isinstance(doc, dict) or not isinstance(doc.get("tsc_ghz"), (int, float)) or doc["tsc_ghz"] <= 0:
        raise SchemaError(f"{path}: no positive number 'tsc_ghz'")
    res = doc.get("results")
    if not isinstance(res, list) or not res:
        raise SchemaError(f"{path}: 'results' is not a non-empty list")
    for i, r in enumerate(res):
        where = f"{path}: results[{i}]"
        if not isinstance(r, dict):
            raise SchemaError(f"{where}: not an object")
        for k in ("op", "impl", "path"):
            if not isinstance(r.get(k), str) or not r[k]:
                raise SchemaError(f"{where}: '{k}' is not a non-empty string")
        for k in ("ticks_median", "samples"):
            if not isinstance(r.get(k), int) or isinstance(r.get(k), bool) or r[k] <= 0:
                raise SchemaError(f"{where}: '{k}' is not a positive integer")
        if not isinstance(r.get("ops_per_sec"), (int, float)) or r["ops_per_sec"] <= 0:
            raise SchemaError(f"{where}: 'ops_per_sec' is not a positive number")
        if r["impl"] not in impls:
            raise SchemaError(f"{where}: impl '{r['impl']}' is not one of {impls}")
        if "pair_only" in r and not isinstance(r["pair_only"], bool):
            raise SchemaError(f"{where}: 'pair_only' is not a boolean")
        sl = r.get("slices")
        if sl is not None and (not isinstance(sl, list) or
                               not all(isinstance(t, int) and not isinstance(t, bool) and t > 0 for t in sl)):
            raise SchemaError(f"{where}: 'slices' is not a list of positive integers")
    d = doc.get("fast25519_default")
    if d is not None and (not isinstance(d, str) or not d):
        raise SchemaError(f"{path}: 'fast25519_default' is not a non-empty string")
    return doc


def median_int(v):
    return int(round(statistics.median(v)))


def fmt(t):
    return f"{t:,}" if t else "–"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--peers", nargs="+", required=True)
    ap.add_argument("--fast", nargs="+", required=True)
    ap.add_argument("--json", dest="json_out")
    ap.add_argument("--title", default="")
    ap.add_argument("--require", default="",
                    help="comma-separated op:impl pairs that must be present (self-check)")
    a = ap.parse_args()
    try:
        docs = [load(p, HARNESS_IMPLS) for p in a.peers] + [load(p, FAST_IMPLS) for p in a.fast]
    except SchemaError as e:
        print(f"merge.py: schema error: {e}", file=sys.stderr)
        return 1

    in_harness = {(r["op"], r["impl"], r["path"]) for d in docs[:len(a.peers)] for r in d["results"]
                  if not r.get("pair_only")}
    per = {}  # (op, impl, path) -> [per-round medians], [samples]
    for n, d in enumerate(docs):
        for r in d["results"]:
            k = (r["op"], r["impl"], r["path"])
            if r.get("pair_only"):
                continue  # fast25519 beside ed25519-simd: for the paired ratios only
            if n >= len(a.peers) and k in in_harness:
                continue  # measured in the harness's slices, with the peers
            per.setdefault(k, ([], []))
            per[k][0].append(r["ticks_median"])
            per[k][1].append(r["samples"])
    hz = statistics.median([d["tsc_ghz"] for d in docs[len(a.peers):]]) * 1e9  # fast25519 bench's estimates
    med = {k: median_int(v[0]) for k, v in per.items()}
    rounds = max(len(v[0]) for v in per.values())  # the ed25519-simd program adds a file per round

    ops = [o for o in OP_ORDER if any(k[0] == o for k in med)]
    ops += [o for o in dict.fromkeys(k[0] for k in med) if o not in ops]
    paths = [p for p in PATH_ORDER if ("fast25519", p) in {(k[1], k[2]) for k in med}]
    paths += [p for p in dict.fromkeys(k[2] for k in med if k[1] == "fast25519") if p not in paths]

    peer_impls = set(PEER_IMPLS)

    def peer_op(op):
        """The op whose peer rows a row is compared with: its own when a peer has it, else BASE_OP's."""
        if any(o == op and i in peer_impls for (o, i, _) in med):
            return op
        return BASE_OP.get(op, op)

    def peer(op, impl):
        """The peer's ticks for op (x8 rows: its single-call op), or 0."""
        base = peer_op(op)
        if base is None:
            return 0
        vals = [t for (o, i, _), t in med.items() if o == base and i == impl]
        return vals[0] if vals else 0

    def fast(op, path):
        return med.get((op, "fast25519", path), 0)

    harness = docs[:len(a.peers)]
    defaults = {d.get("fast25519_default") for d in harness} - {None}
    default = defaults.pop() if len(defaults) == 1 else None

    def paired(op, peer_impl, path):
        """Ratios peer slice / fast25519 slice of one sweep, over every sweep of every round."""
        base = peer_op(op)
        out = []
        for d in harness:
            ps = next((r.get("slices") for r in d["results"] if r["op"] == base and r["impl"] == peer_impl), None)
            fs = next((r.get("slices") for r in d["results"]
                       if r["op"] == op and r["impl"] == "fast25519" and r["path"] == path), None)
            if ps and fs and len(ps) == len(fs):
                out += [p / f for p, f in zip(ps, fs)]
        return out

    missing = []
    for req in filter(None, a.require.split(",")):
        op, impl = req.split(":")
        if not any(k[0] == op and k[1] == impl for k in med):
            missing.append(req)
    if missing:
        print(f"merge.py: rows missing from the runs: {', '.join(missing)}", file=sys.stderr)
        return 1

    peers = ["openssl", "libsodium"] + PEER_IMPLS
    dalek_path = next((k[2] for k in med if k[1] == "dalek"), "-")
    head = [COLUMN_NAMES[p] + (f" ({dalek_path})" if p == "dalek" and dalek_path != "-" else "") for p in peers]
    head = ["op"] + head + [f"fast25519 {p}" for p in paths] + ["fastest peer", "fast25519", "ratio",
                                                               "faster in"]
    rows = []
    pair = {}  # op -> (peer impl, path, median paired ratio, sweeps, sweeps won)
    for op in ops:
        label = op + (" (per key)" if op.endswith("keygen_x8") else " (per derive)" if op.endswith("derive_x8")
                      else " (per sig.)" if "batch" in op else "")
        pv = {p: peer(op, p) for p in peers}
        fv = {p: fast(op, p) for p in paths}
        cand = [(t, p) for p, t in pv.items() if t]
        best_peer = min(cand) if cand else None
        fcand = [(t, p) for p, t in fv.items() if t]
        best_fast = (fv[default], default) if default in fv and fv[default] else min(fcand) if fcand else None
        ratio, won = "–", "–"
        if best_peer and best_fast:
            pr = paired(op, best_peer[1], best_fast[1]) if best_peer[1] in PEER_IMPLS else []
            if pr:
                w = sum(1 for x in pr if x > 1)
                pair[op] = (best_peer[1], best_fast[1], statistics.median(pr), len(pr), w)
                ratio, won = f"{pair[op][2]:.2f}x", f"{w}/{len(pr)}"
            else:
                ratio = f"{best_peer[0] / best_fast[0]:.2f}x"
        x8 = peer_op(op) != op  # the peers have no such call: their cells stay empty, the ratio uses their base op
        rows.append([label] + [fmt(0 if x8 else pv[p]) for p in peers] + [fmt(fv[p]) for p in paths] +
                    [(COLUMN_NAMES[best_peer[1]] + (f" ({BASE_OP[op].replace('ed25519_verify_', '')})"
                                                     if x8 and "batch" in op else " (1 call)" if x8 else ""))
                     if best_peer else "–",
                     best_fast[1] if best_fast else "–", ratio, won])
    widths = [max(len(str(r[i])) for r in rows + [head]) for i in range(len(head))]

    def line(cells):
        return "| " + " | ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)
                                 for i, (c, w) in enumerate(zip(cells, widths))) + " |"
    if a.title:
        print(a.title)
    print(f"median TSC ticks per operation, median of {rounds} rounds' medians (TSC {hz / 1e9:.3f} GHz); "
          "ratio = fastest peer's ticks / fast25519's ticks (> 1: fast25519 faster), fast25519 = the backend "
          f"a user gets here: the dispatcher's pick, or FAST25519_BACKEND's ({default or 'not reported: the best by median'}); the ratio is the median "
          "of the paired ratios of the two libraries' slices of one sweep (timed side by side), 'faster in' = "
          "the sweeps where fast25519 was faster")
    print()
    print(line(head))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print(line(r))
    print()
    print("x8 rows: one 8-lane call / 8, compared with lib25519's nPbatch on 8 points where it ran, else the "
          "fastest peer's single call. batch rows: ticks per "
          "signature of one call on n signatures (fast25519: f25519_ed25519_verify_batch, openssl mode unless "
          "_zip215; _mt: all threads, no peer), compared with the peers' batch verifiers at the same n: dalek's "
          "verify_batch (random linear combination, cofactorless, one verdict), ed25519-simd's Dalek policy "
          "(exact rows) and Zip215 policy (_zip215 rows; 8 lanes, a verdict per signature, timed in its own "
          "AVX-512 program beside fast25519), zebra's batch verifier (_zip215 rows, one verdict); lib25519 has "
          "no batch verification. fast25519's rows: timed by the harness (linked in) in the same "
          "interleaved slices as aws-lc, ring and dalek; OpenSSL and libsodium: fast25519 bench's rounds. "
          "'–': not measured or no such API.")

    if a.json_out:
        out = []
        for op in ops:
            for (o, impl, path), t in sorted(med.items(), key=lambda kv: (FAST_IMPLS + PEER_IMPLS).index(kv[0][1])):
                if o != op:
                    continue
                r = {"op": op, "impl": impl, "path": path, "ticks_median": t,
                     "ops_per_sec": round(hz / t), "samples": sum(per[(o, impl, path)][1]),
                     "rounds": len(per[(o, impl, path)][0])}
                # as fast25519 bench --json: x8 rows against the single call, batch rows against single verify
                c_base = "ed25519_verify" if "verify_batch" in op else BASE_OP.get(op) or op
                for ref in ("openssl", "libsodium"):
                    rt = med.get(next((k for k in med if k[0] == c_base and k[1] == ref), None), 0)
                    if rt:
                        r[f"ratio_vs_{ref}"] = round(rt / t, 3)
                if impl == "fast25519" and op in pair and pair[op][1] == path:
                    pi, _, pm, ns, nw = pair[op]
                    r.update({"fastest_peer": pi, "ratio_vs_fastest_peer_paired": round(pm, 3),
                              "sweeps": ns, "sweeps_faster": nw})
                out.append(r)
        with open(a.json_out, "w") as f:
            top = {"tsc_ghz": round(hz / 1e9, 4), "rounds": rounds}
            if default:
                top["fast25519_default"] = default
            json.dump({**top, "results": out}, f, indent=1)
            f.write("\n")
        load(a.json_out, FAST_IMPLS + PEER_IMPLS)  # what we wrote passes the same schema check
    return 0


if __name__ == "__main__":
    sys.exit(main())
