#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""bench/peers/merge.py on made-up rounds: the paired ratio (median over the sweeps of the fastest
peer's slice / fast25519's slice of the same sweep), the backend compared (the harness's
fast25519_default, not the lowest median), the fallback to the ratio of medians when a harness
output has no slices, the schema check of the new fields, the "pair_only" rows of the
ed25519-simd program (paired with ed25519-simd's slices of their own file, never in the figures), and a
peer's own zip215 / x8 row preferred over the base op's. Usage: test_merge_peers.py MERGE_PY"""
import json
import os
import subprocess
import sys
import tempfile

fails = 0


def check(cond, what):
    global fails
    print(("ok   " if cond else "FAIL ") + what)
    fails += 0 if cond else 1


def row(op, impl, path, slices=None, ticks=None):
    r = {"op": op, "impl": impl, "path": path, "ticks_median": ticks or sorted(slices)[len(slices) // 2],
         "ops_per_sec": 1000.0, "samples": 10}
    if slices is not None:
        r["slices"] = slices
    return r


def run(merge, tmp, peers_docs, fast_docs, name):
    paths_p, paths_f = [], []
    for k, d in enumerate(peers_docs):
        p = os.path.join(tmp, f"{name}.peers.{k}.json")
        json.dump(d, open(p, "w"))
        paths_p.append(p)
    for k, d in enumerate(fast_docs):
        p = os.path.join(tmp, f"{name}.fast.{k}.json")
        json.dump(d, open(p, "w"))
        paths_f.append(p)
    out = os.path.join(tmp, f"{name}.merged.json")
    pr = subprocess.run([sys.executable, merge, "--peers", *paths_p, "--fast", *paths_f, "--json", out],
                        capture_output=True, text=True)
    doc = json.load(open(out)) if pr.returncode == 0 else None
    return pr, doc


def main():
    merge = sys.argv[1]
    fast_doc = {"tsc_ghz": 2.5, "results": [row("x25519_derive", "openssl", "-", ticks=100000)]}
    # aws-lc and the avx2 backend in two rounds of 3 sweeps; the host's spell changes from sweep to
    # sweep (both slow together): per sweep aws-lc / avx2 = 1.10, 1.10, 0.90 and 1.10, 0.90, 1.10,
    # median 1.10; the ratio of the medians would be 60,000 / 66,000 = 0.91. mulx (same code) read
    # lower by luck: the old "best backend" would have taken it.
    h1 = {"tsc_ghz": 2.5, "fast25519_default": "avx2", "results": [
        row("x25519_derive", "aws-lc", "-", [66000, 99000, 60000]),
        row("x25519_derive", "fast25519", "avx2", [60000, 90000, 66667]),
        row("x25519_derive", "fast25519", "mulx", [50000, 50000, 50000]),
        row("x25519_derive_x8", "fast25519", "avx2", [33000, 49500, 30000])]}
    h2 = {"tsc_ghz": 2.5, "fast25519_default": "avx2", "results": [
        row("x25519_derive", "aws-lc", "-", [66000, 60000, 99000]),
        row("x25519_derive", "fast25519", "avx2", [60000, 66667, 90000]),
        row("x25519_derive", "fast25519", "mulx", [50000, 50000, 50000]),
        row("x25519_derive_x8", "fast25519", "avx2", [33000, 30000, 49500])]}
    with tempfile.TemporaryDirectory() as tmp:
        pr, doc = run(merge, tmp, [h1, h2], [fast_doc, fast_doc], "paired")
        check(pr.returncode == 0, f"merge.py exits 0 ({pr.stderr.strip()[:200]})")
        if doc:
            r = next((x for x in doc["results"] if x["op"] == "x25519_derive" and x["path"] == "avx2"), {})
            check(doc.get("fast25519_default") == "avx2", "fast25519_default carried into the merged JSON")
            check(r.get("fastest_peer") == "aws-lc", "fastest peer aws-lc")
            check(abs(r.get("ratio_vs_fastest_peer_paired", 0) - 1.10) < 0.005,
                  f"paired ratio 1.10 (got {r.get('ratio_vs_fastest_peer_paired')})")
            check(r.get("sweeps") == 6 and r.get("sweeps_faster") == 4, "6 sweeps, 4 won")
            m = next((x for x in doc["results"] if x["op"] == "x25519_derive" and x["path"] == "mulx"), {})
            check("ratio_vs_fastest_peer_paired" not in m, "no ratio on a backend the dispatcher does not pick")
            x8 = next((x for x in doc["results"] if x["op"] == "x25519_derive_x8"), {})
            check(abs(x8.get("ratio_vs_fastest_peer_paired", 0) - 2.0) < 0.005,
                  f"x8 row paired with aws-lc's single derive: 2.00 (got {x8.get('ratio_vs_fastest_peer_paired')})")
            check("1.10x" in pr.stdout and "4/6" in pr.stdout, "the table prints 1.10x and 4/6")

        # no slices, no default (an older harness): the best backend's ratio of medians
        old = [{"tsc_ghz": 2.5, "results": [row("x25519_derive", "aws-lc", "-", ticks=66000),
                                            row("x25519_derive", "fast25519", "avx2", ticks=60000),
                                            row("x25519_derive", "fast25519", "mulx", ticks=55000)]}]
        pr, doc = run(merge, tmp, old, [fast_doc], "old")
        check(pr.returncode == 0 and "1.20x" in pr.stdout, "without slices: ratio of medians, best backend (1.20x)")

        bad = json.loads(json.dumps(h1))
        bad["results"][0]["slices"] = [66000, -1]
        pr, _ = run(merge, tmp, [bad], [fast_doc], "bad")
        check(pr.returncode == 1 and "slices" in pr.stderr, "negative slice rejected by the schema check")
        bad = json.loads(json.dumps(h1))
        bad["fast25519_default"] = ""
        pr, _ = run(merge, tmp, [bad], [fast_doc], "bad2")
        check(pr.returncode == 1 and "fast25519_default" in pr.stderr, "empty fast25519_default rejected")
        # The ed25519-simd program's file: its fast25519 rows are pair_only (slices 2x ed25519-simd's
        # over 2 sweeps, while the main harness's fast25519 row reads 1,000 and is the figure kept);
        # zebra's own zip215 row is compared rather than dalek's exact one (the base op).
        main = {"tsc_ghz": 2.5, "fast25519_default": "ifma", "results": [
            row("ed25519_verify_batch64", "dalek", "avx512ifma", [3000, 3000]),
            row("ed25519_verify_batch64", "fast25519", "ifma", [1000, 1000]),
            row("ed25519_verify_batch64_zip215", "zebra", "-", [9000, 9000]),
            row("ed25519_verify_batch64_zip215", "fast25519", "ifma", [900, 900]),
            row("x25519_derive_x8", "lib25519", "-", [4000, 4000]),
            row("x25519_derive_x8", "fast25519", "ifma", [2000, 2000]),
            row("x25519_derive", "aws-lc", "-", [50000, 50000])]}
        simd = {"tsc_ghz": 2.5, "fast25519_default": "ifma", "results": [
            row("ed25519_verify_batch64", "ed25519-simd", "dalek-policy", [2000, 2000]),
            dict(row("ed25519_verify_batch64", "fast25519", "ifma", [1000, 1000]), pair_only=True),
            row("ed25519_verify_batch64_zip215", "ed25519-simd", "zip215-policy", [1800, 1800]),
            dict(row("ed25519_verify_batch64_zip215", "fast25519", "ifma", [600, 600]), pair_only=True)]}
        simd["results"][1]["ticks_median"] = 5  # would show if pair_only rows reached the figures
        pr, doc = run(merge, tmp, [main, simd], [fast_doc], "simd")
        check(pr.returncode == 0, f"with the ed25519-simd program's file: exit 0 ({pr.stderr.strip()[:200]})")
        if doc:
            def get(op, impl):
                return next((x for x in doc["results"] if x["op"] == op and x["impl"] == impl), {})
            f64 = get("ed25519_verify_batch64", "fast25519")
            check(f64.get("ticks_median") == 1000 and f64.get("rounds") == 1, "pair_only row not in the figures")
            check(f64.get("fastest_peer") == "ed25519-simd" and
                  abs(f64.get("ratio_vs_fastest_peer_paired", 0) - 2.0) < 0.005,
                  f"exact row: ed25519-simd paired with its own file's fast25519 slices, 2.00 (got {f64})")
            z = get("ed25519_verify_batch64_zip215", "fast25519")
            check(z.get("fastest_peer") == "ed25519-simd" and abs(z.get("ratio_vs_fastest_peer_paired", 0) - 3.0) < 0.005,
                  f"zip215 row: ed25519-simd's own zip215 row, paired 3.00 (got {z})")
            x8 = get("x25519_derive_x8", "fast25519")
            check(x8.get("fastest_peer") == "lib25519" and abs(x8.get("ratio_vs_fastest_peer_paired", 0) - 2.0) < 0.005,
                  f"x8 row: lib25519's own nPbatch row, not aws-lc's single derive (got {x8})")
            check(get("ed25519_verify_batch64_zip215", "zebra").get("ticks_median") == 9000, "zebra's zip215 row kept")
            check(doc.get("rounds") == 1 and "median of 1 rounds" in pr.stdout, "the program's file is not a round")
        bad = json.loads(json.dumps(simd))
        bad["results"][1]["pair_only"] = "yes"
        pr, _ = run(merge, tmp, [main, bad], [fast_doc], "bad3")
        check(pr.returncode == 1 and "pair_only" in pr.stderr, "non-boolean pair_only rejected")
    print("PASS" if not fails else f"{fails} FAILED")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
