#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Renders the figures of README.md and docs/*.md from the results files docs/results/<host>/*.json.
#
#   bash scripts/results.sh            rewrite every rendered region in place (prints what changed)
#   bash scripts/results.sh --check    exit 1, printing a diff, when a rendered region is out of date
#   bash scripts/results.sh --list     the regions found and the files they read
#   --root DIR                         another checkout (default: this script's)
#
# A rendered region sits between two HTML comments, each alone on its line,
#   <!-- results:begin NAME -->  ...  <!-- results:end NAME -->
# and NAME says what goes there: RENDERER or RENDERER:HOST/FILE (FILE without .json), e.g.
# peers:intel-xeon-ifma/peers. Renderers: peers (a bench-peers.sh table), ratios (the paired ratios
# alone), batch (bench-batch.sh), batch-peers (bench-batch.sh's peer batch verifiers), e2e (one host's end-to-end medians), evp (one host's EVP call
# sequences, from its e2e.json), e2e-hosts and e2e-hosts-short (every host's e2e.json side by side),
# test-times (every host's test-times.json). Each results file holds at least
# {"host": {"name", "label", "cpu", "kind", ...}, "date", "commit", "command", ...the figures}; an
# e2e.json written by scripts/e2e.sh without them is read with its raw/meta.txt. Docs: docs/benchmarks.md.
# Needs bash and python3 only.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
exec python3 - "$root" "$@" <<'PY'
import difflib
import glob
import json
import os
import re
import sys

root, args = sys.argv[1], sys.argv[2:]
mode = "write"
while args:
    a = args.pop(0)
    if a in ("--check", "--list"):
        mode = a[2:]
    elif a == "--root" and args:
        root = args.pop(0)
    else:
        sys.exit("usage: bash scripts/results.sh [--check | --list] [--root DIR]")

RESULTS = os.path.join(root, "docs", "results")
DOCS = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
REGION = re.compile(r"^<!-- results:begin (\S+) -->\n(.*?)^<!-- results:end \1 -->$", re.S | re.M)
NONE = "–"


class Bad(Exception):
    pass


def meta_txt(path):
    """The command/date/git/cpu lines of scripts/e2e.sh's raw/meta.txt."""
    m = {}
    try:
        with open(path) as f:
            for line in f:
                k, _, v = line.partition(": ")
                m[k.strip()] = v.strip()
    except OSError:
        pass
    return m


_cache = {}


def load(rel):
    """docs/results/<rel>.json, checked for the common keys."""
    if rel in _cache:
        return _cache[rel]
    path = os.path.join(RESULTS, rel + ".json")
    try:
        with open(path) as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        raise Bad(f"{os.path.relpath(path, root)}: {e}")
    if not isinstance(d, dict):
        raise Bad(f"{rel}.json: not an object")
    if "host" not in d and os.path.basename(rel) == "e2e":  # as scripts/e2e.sh writes it
        m = meta_txt(os.path.join(RESULTS, os.path.dirname(rel), "raw", "meta.txt"))
        impl = re.search(r"(?:implementation|backend): (\S+)", m.get("backend", ""))
        name = os.path.dirname(rel)
        d = dict(d, host={"name": name, "label": name, "cpu": m.get("cpu", "?"),
                          "kind": impl.group(1) if impl else "?"},
                 date=m.get("date", ""), commit=m.get("git", ""), command=m.get("command", ""))
    for k in ("host", "date", "commit", "command"):
        if not d.get(k):
            raise Bad(f"{rel}.json: no '{k}'")
    for k in ("name", "cpu", "kind"):
        if not d["host"].get(k):
            raise Bad(f"{rel}.json: no host '{k}'")
    d["host"].setdefault("label", d["host"]["name"])
    _cache[rel] = d
    return d


def hosts_with(fname):
    return sorted(os.path.basename(os.path.dirname(p)) for p in glob.glob(os.path.join(RESULTS, "*", fname + ".json")))


def num(v, nd=0):
    if v is None:
        return NONE
    return f"{v:,.{nd}f}"


def pct(a, b):
    if a is None or b is None or not b:
        return None
    return 100.0 * (a / b - 1.0)


def fpct(v):
    return NONE if v is None else f"{v:+.1f}%"


def table(head, rows, align=None):
    align = align or ["l"] + ["r"] * (len(head) - 1)
    out = ["| " + " | ".join(head) + " |",
           "|" + "|".join("---:" if a == "r" else "---" for a in align) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return out


def host_line(h):
    bits = [h["cpu"]]
    if h.get("vcpus"):
        bits.append(f"{h['vcpus']}-vCPU {h.get('machine', 'machine')}")
    if h.get("features"):
        bits.append(h["features"])
    return ", ".join(bits)


def source(d, extra=""):
    sw = d.get("software") or {}
    sw = "; " + ", ".join(f"{k} {v}" for k, v in sw.items()) if sw else ""
    note = f"; {d['note']}" if d.get("note") else ""
    return (f"<sub>{d['host']['label']}: {host_line(d['host'])}. `{d['command']}`, commit {d['commit']}, "
            f"{d['date'][:10]}{sw}{extra}{note}.</sub>")


LABEL = {"openssl": "OpenSSL", "libsodium": "libsodium", "aws-lc": "aws-lc", "ring": "ring", "dalek": "dalek",
         "zebra": "zebra", "ed25519-simd": "ed25519-simd", "lib25519": "lib25519"}
PEERS = ["openssl", "libsodium", "aws-lc", "ring", "dalek", "zebra", "ed25519-simd", "lib25519"]
PATHS = ["portable", "mulx", "avx2", "ifma"]


def op_label(op):
    if op.endswith("keygen_x8"):
        return f"`{op}` (per key)"
    if op.endswith("derive_x8"):
        return f"`{op}` (per derive)"
    if "batch" in op:
        return f"`{op}` (per sig.)"
    return f"`{op}`"


def ops_of(res):
    return list(dict.fromkeys(r["op"] for r in res))


def ratio_cells(r):
    if not r or r.get("ratio_vs_fastest_peer_paired") is None:
        return [NONE, NONE]
    won = f"{r['sweeps_faster']}/{r['sweeps']}" if r.get("sweeps") and r.get("sweeps_faster") is not None else NONE
    return [f"{r['ratio_vs_fastest_peer_paired']:.2f}x", won]


def r_peers(rel):
    d = load(rel)
    res, default = d["results"], d.get("fast25519_default")
    tick = {(r["op"], r["impl"], r["path"] if r["impl"] == "fast25519" else "-"): r.get("ticks_median") for r in res}
    peers = [p for p in PEERS if any(r["impl"] == p and r.get("ticks_median") for r in res)]
    paths = [p for p in PATHS if any(r["impl"] == "fast25519" and r["path"] == p and r.get("ticks_median") for r in res)]
    dalek = next((r["path"] for r in res if r["impl"] == "dalek"), "-")
    head = ["op"] + [LABEL[p] + (f" ({dalek})" if p == "dalek" and dalek != "-" else "") for p in peers]
    head += [f"fast25519 `{p}`" for p in paths] + [f"ratio vs fastest peer", "faster in"]
    rows = []
    for op in ops_of(res):
        mine = next((r for r in res if r["op"] == op and r["impl"] == "fast25519" and r["path"] == default), None)
        base = (mine or {}).get("compared_with_op")
        cells = []
        for p in peers:
            if base:  # no such call: the compared peer's figure for the op it is compared with, in parentheses
                t = tick.get((base, p, "-")) if mine.get("fastest_peer") == p else None
                cells.append(f"({num(t)})" if t else NONE)
            else:
                cells.append(num(tick.get((op, p, "-"))))
        cells += [num(tick.get((op, "fast25519", p))) for p in paths]
        rows.append([op_label(op)] + cells + ratio_cells(mine))
    out = table(head, rows)
    out += ["", source(d, f"; fast25519 `{default}` is the backend the dispatcher picks there")]
    return out


def r_ratios(rel):
    d = load(rel)
    res, default = d["results"], d.get("fast25519_default")
    tick = {(r["op"], r["impl"]): r.get("ticks_median") for r in res if r["impl"] != "fast25519"}
    rows = []
    for r in res:
        if r["impl"] != "fast25519" or r["path"] != default or r.get("ratio_vs_fastest_peer_paired") is None:
            continue
        base = r.get("compared_with_op")
        peer = LABEL.get(r["fastest_peer"], r["fastest_peer"])
        what = peer + (f" `{base.replace('ed25519_verify_', '').replace('x25519_', '')}`" if base else "")
        rows.append([op_label(r["op"]), what, num(tick.get((base or r["op"], r["fastest_peer"]))),
                     num(r.get("ticks_median"))] + ratio_cells(r))
    out = table(["op", "compared with", "its ticks", f"fast25519 `{default}` ticks", "ratio", "faster in"], rows)
    return out + ["", source(d)]


def rng(v):
    if not v or v[0] is None:
        return NONE
    s = f"{v[0]:.3f}"
    if len(v) == 3 and v[1] is not None and v[2] is not None:
        s += f" ({v[1]:.3f}-{v[2]:.3f})"
    return s


def r_batch(rel):
    d = load(rel)
    rows = []
    for r in d["results"]:
        name = f"`{r['backend']}`" + (f" ({r['note']})" if r.get("note") else "")
        rows.append([name, rng(r.get("exact_n64")), rng(r.get("zip215_n64")), rng(r.get("zip215_n1024")),
                     f"{rng(r.get('threads_zip215_plain'))} / {rng(r.get('threads_zip215_pool'))} "
                     f"({rng(r.get('threads_zip215_ceiling'))})",
                     f"{rng(r.get('threads_exact_plain'))} / {rng(r.get('threads_exact_pool'))} "
                     f"({rng(r.get('threads_exact_ceiling'))})"])
    head = ["backend", "exact n = 64", "`zip215` n = 64", "`zip215` n = 1024",
            "2 threads `zip215`: call / pool (two processes)", "2 threads exact: call / pool (two processes)"]
    return table(head, rows, ["l"] * 6) + ["", source(d, f"; medians of {d.get('runs', '?')} runs (range)")]


def r_batch_peers(rel):
    d = load(rel)
    res = d["results"]
    cols = list(dict.fromkeys(c for r in res for c in r["ticks_per_signature"]))
    ratios = list(dict.fromkeys(k for r in res for k in r["ratios_paired"]))
    rows = []
    for r in res:
        t, q = r["ticks_per_signature"], r["ratios_paired"]
        rows.append([str(r["msg_len"]), str(r["n"])] + [num(t[c][0]) if c in t else NONE for c in cols] +
                    [f"{q[k]['median']:.2f}x ({q[k]['fast25519_faster']}/{q[k]['sweeps']})" if k in q else NONE
                     for k in ratios])
    head = ["msg bytes", "n"] + cols + ratios
    return table(head, rows) + ["", source(d, f"; fast25519 `{d.get('fast25519_backend')}`; ticks per signature, "
                                              f"medians of {d.get('runs', '?')} runs; ratios fast25519 / peer, "
                                              "paired per sweep (sweeps fast25519 won / sweeps)")]


E2E_ROWS = ["p256", "x25519", "fast25519", "fast25519-server", "hybrid", "fast25519-hybrid"]


def r_e2e(rel):
    d = load(rel)
    c = d["configs"]
    x = c.get("x25519") or {}
    rows = []
    for k in E2E_ROWS:
        m = c.get(k) or {}
        if m.get("handshakes_per_s") is None:
            continue
        ref = c.get("hybrid") if k == "fast25519-hybrid" else x
        vs = "vs `hybrid`" if k == "fast25519-hybrid" else "vs `x25519`"
        rows.append([f"`{k}`", num(m.get("handshakes_per_s")), num(m.get("server_cpu_us_per_handshake"), 1),
                     num(m.get("dot_seq_qps")), num(m.get("dot_peak_qps")),
                     NONE if k in ("x25519", "hybrid") else
                     f"{fpct(pct(m.get('handshakes_per_s'), ref.get('handshakes_per_s')))} / "
                     f"{fpct(pct(m.get('server_cpu_us_per_handshake'), ref.get('server_cpu_us_per_handshake')))} {vs}"])
    head = ["config", "handshakes/s", "server CPU us/handshake", "DoT seq q/s", "DoT peak q/s",
            "handshakes/s / server CPU"]
    return table(head, rows) + ["", source(d)]


def e2e_figs(d):
    c, ce = d["configs"], d.get("ceiling") or {}
    x, f, fs = c.get("x25519") or {}, c.get("fast25519") or {}, c.get("fast25519-server") or {}
    h, fh = c.get("hybrid") or {}, c.get("fast25519-hybrid") or {}
    fw = ce.get("fraction_of_way") or {}
    g = lambda m, k: m.get(k)
    return {
        "x_hs": num(g(x, "handshakes_per_s")),
        "f_hs": f"{num(g(f, 'handshakes_per_s'))} ({fpct(pct(g(f, 'handshakes_per_s'), g(x, 'handshakes_per_s')))})",
        "f_hs_pct": fpct(pct(g(f, "handshakes_per_s"), g(x, "handshakes_per_s"))),
        "fs_hs": f"{num(g(fs, 'handshakes_per_s'))} ({fpct(pct(g(fs, 'handshakes_per_s'), g(x, 'handshakes_per_s')))})",
        "x_cpu": num(g(x, "server_cpu_us_per_handshake"), 1),
        "f_cpu": f"{num(g(f, 'server_cpu_us_per_handshake'), 1)} "
                 f"({fpct(pct(g(f, 'server_cpu_us_per_handshake'), g(x, 'server_cpu_us_per_handshake')))})",
        "f_cpu_pct": fpct(pct(g(f, "server_cpu_us_per_handshake"), g(x, "server_cpu_us_per_handshake"))),
        "way": NONE if fw.get("fast25519") is None else f"{100 * fw['fast25519']:.1f}%",
        "way_w": NONE if fw.get("fast25519-warmup") is None else f"{100 * fw['fast25519-warmup']:.1f}%",
        "evp": f"{num(ce.get('default_evp_server_us_per_handshake'), 1)} / "
               f"{num(ce.get('fast25519_evp_server_us_per_handshake'), 1)}" if ce else NONE,
        "dot_seq": fpct(pct(g(f, "dot_seq_qps"), g(x, "dot_seq_qps"))),
        "dot_peak": fpct(pct(g(f, "dot_peak_qps"), g(x, "dot_peak_qps"))),
        "hyb": fpct(pct(g(fh, "handshakes_per_s"), g(h, "handshakes_per_s"))),
        "hyb_cpu": fpct(pct(g(fh, "server_cpu_us_per_handshake"), g(h, "server_cpu_us_per_handshake"))),
    }


E2E_HOST_ROWS = [
    ("`x25519` handshakes/s", "x_hs"), ("`fast25519` handshakes/s", "f_hs"),
    ("`fast25519-server` handshakes/s", "fs_hs"), ("`x25519` server CPU us/handshake", "x_cpu"),
    ("`fast25519` server CPU us/handshake", "f_cpu"),
    ("`fast25519`: of the way to the zero-crypto ceiling", "way"),
    ("the same with the server's warm-up thread on (`fast25519-warmup`)", "way_w"),
    ("server EVP sequence, default / fast25519 (us)", "evp"),
    ("DoT sequential q/s, `fast25519` vs `x25519`", "dot_seq"), ("DoT peak q/s, `fast25519` vs `x25519`", "dot_peak"),
    ("OpenSSL 3.5 X25519MLKEM768: `fast25519-hybrid` vs `hybrid` handshakes/s", "hyb"),
    ("... server CPU per handshake", "hyb_cpu"),
]
E2E_SHORT_ROWS = [
    ("TLS 1.3 handshakes/s, provider on both sides vs OpenSSL's X25519", "f_hs_pct"),
    ("server CPU per handshake", "f_cpu_pct"),
    ("of the way to the zero-crypto ceiling", "way"),
    ("DNS-over-TLS peak queries/s (unbound)", "dot_peak"),
    ("OpenSSL 3.5 hybrid X25519MLKEM768 handshakes/s", "hyb"),
]


def r_e2e_hosts(rows_spec):
    hosts = hosts_with("e2e")
    if not hosts:
        raise Bad("no docs/results/*/e2e.json")
    ds = [load(f"{h}/e2e") for h in hosts]
    figs = [e2e_figs(d) for d in ds]
    head = [""] + [f"{d['host']['label']} (`{d.get('fast25519_default', d['host']['kind'])}`)" for d in ds]
    out = table(head, [[name] + [f[k] for f in figs] for name, k in rows_spec])
    return out + ["", "<br>\n".join(source(d) for d in ds)]


def r_evp(rel):
    d = load(rel)
    ce = d.get("ceiling") or {}
    st = ce.get("evp_steps_wall_us_median") or {}
    df, ff = st.get("default") or {}, st.get("fast25519") or {}
    rows = []
    for side in ("server", "client"):
        for step, t in (df.get(side) or {}).items():
            u = (ff.get(side) or {}).get(step)
            rows.append([side, step, num(t, 1), num(u, 1), NONE if not u else f"{t / u:.1f}x"])
        rows.append([side, "**whole sequence, process CPU**", num(ce.get(f"default_evp_{side}_us_per_handshake"), 1),
                     num(ce.get(f"fast25519_evp_{side}_us_per_handshake"), 1),
                     NONE if not ce.get(f"fast25519_evp_{side}_us_per_handshake") else
                     f"{ce[f'default_evp_{side}_us_per_handshake'] / ce[f'fast25519_evp_{side}_us_per_handshake']:.1f}x"])
    out = table(["side", "step (libssl's EVP calls)", "default provider (us)", "fast25519 (us)", "ratio"], rows,
                ["l", "l", "r", "r", "r"])
    return out + ["", source(d, f"; {ce.get('evp_runs', '?')} sequences per provider and side, OpenSSL "
                                f"{ce.get('openssl', '?')}; steps: wall-clock medians")]


def dur(s):
    if s is None:
        return "not measured yet"
    s = int(round(s))
    if s < 60:
        return f"{s} s"
    m, s = divmod(s, 60)
    return f"{m} min" + (f" {s} s" if s else "")


def r_test_times():
    hosts = hosts_with("test-times")
    if not hosts:
        raise Bad("no docs/results/*/test-times.json")
    ds = [load(f"{h}/test-times") for h in hosts]
    rows = [[f"{d['host']['label']} ({d['host'].get('vcpus', '?')} vCPU, {d['host']['kind']})",
             dur(d.get("full_seconds")), dur(d.get("quick_seconds")), dur(d.get("demo_seconds")),
             dur(d.get("fresh_machine_seconds"))] for d in ds]
    out = table(["host", "`bash scripts/test.sh`", "`bash scripts/test.sh --quick`", "`bash scripts/demo.sh`",
                 "fresh-machine check"], rows)
    return out + ["", "<br>\n".join(source(d) for d in ds)]


def render(name):
    kind, _, rel = name.partition(":")
    simple = {"e2e-hosts": lambda: r_e2e_hosts(E2E_HOST_ROWS), "e2e-hosts-short": lambda: r_e2e_hosts(E2E_SHORT_ROWS),
              "test-times": r_test_times}
    withfile = {"peers": r_peers, "ratios": r_ratios, "batch": r_batch, "batch-peers": r_batch_peers, "e2e": r_e2e, "evp": r_evp}
    if kind in simple and not rel:
        lines = simple[kind]()
    elif kind in withfile and rel:
        lines = withfile[kind](rel)
    else:
        raise Bad(f"unknown region '{name}' (renderers: {', '.join(sorted(simple) + sorted(withfile))})")
    return "\n".join(lines) + "\n"


def regions_of(text):
    return [(m.group(1), m.start(2), m.end(2)) for m in REGION.finditer(text)]


status, errors = 0, []
for path in DOCS:
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        continue
    rel = os.path.relpath(path, root)
    begins = re.findall(r"^<!-- results:begin (\S+) -->$", text, re.M)
    found = regions_of(text)
    if len(begins) != len(found):
        errors.append(f"{rel}: a results:begin without its results:end")
        continue
    if mode == "list":
        for name, _, _ in found:
            print(f"{rel}: {name}")
        continue
    new, last = [], 0
    for name, s, e in found:
        try:
            body = render(name)
        except Bad as ex:
            errors.append(f"{rel}: {name}: {ex}")
            body = text[s:e]
        new.append(text[last:s] + body)
        last = e
    new.append(text[last:])
    new = "".join(new)
    if new != text:
        if mode == "check":
            sys.stdout.writelines(difflib.unified_diff(text.splitlines(True), new.splitlines(True),
                                                       f"a/{rel}", f"b/{rel} (rendered)"))
            status = 1
        else:
            with open(path, "w") as f:
                f.write(new)
            print(f"results.sh: rendered {rel}")

# every results file must carry its provenance, whether a document shows it yet or not
for p in sorted(glob.glob(os.path.join(RESULTS, "*", "*.json"))):
    try:
        load(os.path.relpath(p, RESULTS)[:-5])
    except Bad as ex:
        if not any(e.endswith(str(ex)) for e in errors):
            errors.append(str(ex))
for e in errors:
    print(f"results.sh: {e}", file=sys.stderr)
if errors:
    sys.exit(2)
if mode == "check" and status:
    print("results.sh --check: rendered regions are out of date; run bash scripts/results.sh", file=sys.stderr)
sys.exit(status)
PY
