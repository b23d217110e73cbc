#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Report for scripts/e2e.sh: medians, ratios, the zero-crypto ceiling, JSON and gnuplot plots.

Input (--raw): one line per measured chunk, tab-separated:
    config  test(hs|dot|peak)  round  server_cpu_ns  server_cpu_ticks  client_json
client_json is fast25519-tls-bench --json output (per-sample connections/s, connection counts).
--evp: fast25519-evp-seq --json output (libssl's per-handshake EVP sequences, default provider and
fast25519), the input of the zero-crypto ceiling (docs/e2e.md gives the formula).
"""
import argparse
import glob
import json
import math
import os
import statistics
import subprocess
import sys

BASE_CONFIGS = ["p256", "x25519", "fast25519", "fast25519-server"]   # always in the JSON (null: not run)
HYBRID_CONFIGS = ["hybrid", "fast25519-hybrid"]   # OpenSSL 3.5, X25519MLKEM768 (--openssl35); also always
JSON_CONFIGS = BASE_CONFIGS + HYBRID_CONFIGS       # the --json contract
CONTROLS = ["fast25519-warmup", "x25519-waker"]   # Markdown only
CONFIGS = BASE_CONFIGS + CONTROLS + HYBRID_CONFIGS
# Provider configs whose server runs the system OpenSSL with fast25519: the ceiling applies to them.
CEILING_CONFIGS = ["fast25519", "fast25519-server", "fast25519-warmup"]
CLIENT_PROVIDER_CONFIGS = ["fast25519", "fast25519-warmup"]   # the provider on the client side too


def quantile(v, q):
    s = sorted(v)
    if not s:
        return None
    i = (len(s) - 1) * q
    lo, hi = math.floor(i), math.ceil(i)
    return s[lo] + (s[hi] - s[lo]) * (i - lo)


def load_runs(path):
    runs = {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            cfg, test, rnd, ns, ticks, js = line.split("\t", 5)
            d = runs.setdefault(cfg, {}).setdefault(test, {
                "samples": [], "measured": 0, "cpu_ns": 0, "cpu_ticks": 0, "seconds": 0.0,
                "failures": 0, "chunks": 0, "client_cpu_s": 0.0})
            j = json.loads(js)
            d["samples"] += j["samples"]
            d["measured"] += j["measured_connections"]
            d["cpu_ns"] += int(ns)
            d["cpu_ticks"] += int(ticks)
            d["seconds"] += j["seconds"]
            d["failures"] += j["failures"]
            d["chunks"] += 1
            d["client_cpu_s"] += j.get("client_cpu_s", 0.0)
    return runs


def metrics(runs, clk_tck):
    out = {}
    for cfg in CONFIGS:
        r = runs.get(cfg)
        if not r:
            continue
        m = {}
        hs, dot, peak = r.get("hs"), r.get("dot"), r.get("peak")
        if hs:
            m["handshakes_per_s"] = statistics.median(hs["samples"])
            m["hs_p10"], m["hs_p90"] = quantile(hs["samples"], 0.1), quantile(hs["samples"], 0.9)
            m["hs_n"] = len(hs["samples"])
            m["server_cpu_us_per_handshake"] = hs["cpu_ns"] / 1e3 / hs["measured"]
            m["server_cpu_us_per_handshake_stat"] = hs["cpu_ticks"] * 1e6 / clk_tck / hs["measured"]
            m["client_cpu_us_per_handshake"] = hs["client_cpu_s"] * 1e6 / hs["measured"]
        if dot:
            m["dot_seq_qps"] = statistics.median(dot["samples"])
            m["dot_p10"], m["dot_p90"] = quantile(dot["samples"], 0.1), quantile(dot["samples"], 0.9)
            m["dot_n"] = len(dot["samples"])
            m["unbound_cpu_us_per_query_seq"] = dot["cpu_ns"] / 1e3 / dot["measured"]
        if peak:
            m["dot_peak_qps"] = statistics.median(peak["samples"])
            m["peak_n"] = len(peak["samples"])
            m["peak_failures"] = peak["failures"]
            m["unbound_cpu_us_per_query_peak"] = peak["cpu_ns"] / 1e3 / max(peak["measured"], 1)
            m["peak_server_util"] = peak["cpu_ns"] / 1e9 / peak["seconds"] if peak["seconds"] else None
            m["peak_client_util"] = peak["client_cpu_s"] / peak["seconds"] if peak["seconds"] else None
        out[cfg] = m
    return out


def load_evp(path):
    """fast25519-evp-seq --json: CPU us per handshake of each side's EVP sequence, per provider."""
    with open(path) as f:
        e = json.load(f)
    c = e.get("configs", {})
    if "default" not in c or "fast25519" not in c:
        return None
    if c["fast25519"].get("x25519_provider") != "fast25519" or c["default"].get("x25519_provider") != "default":
        print("e2e: WARNING: fast25519-evp-seq: X25519 was not served by the expected providers "
              f"({c['default'].get('x25519_provider')}, {c['fast25519'].get('x25519_provider')})", file=sys.stderr)
    res = {"openssl": e.get("openssl"), "runs": e.get("runs")}
    for prov in ("default", "fast25519"):
        for side in ("server", "client"):
            d = c[prov][side]
            res[f"{prov}_{side}_us"] = d["cpu_ns_per_handshake"] / 1e3
            res[f"{prov}_{side}_steps_us"] = {k: round(v / 1e3, 3) for k, v in d["steps_wall_ns_median"].items()}
    return res


def load_stats(stats_dir):
    """Provider counters (FAST25519_STATS lines) summed per config and side."""
    out = {}
    for f in sorted(glob.glob(os.path.join(stats_dir, "stats.*"))):
        base = os.path.basename(f)[len("stats."):]
        cfg, side = base.rsplit(".", 1)
        tot, impls, warm, lines = {}, set(), set(), 0
        with open(f) as fh:
            for line in fh:
                try:
                    j = json.loads(line)
                except ValueError:
                    continue
                lines += 1
                for k, v in j.items():
                    if k == "backend" or (k == "impl" and "backend" not in j):  # impl: the former name
                        impls.add(v)
                    elif k == "warmup":
                        warm.add(v)
                    elif isinstance(v, (int, float)) and k not in ("pid", "pool_size"):
                        tot[k] = tot.get(k, 0) + v
        tot["processes"] = lines
        tot["impl"] = ",".join(sorted(impls))
        tot["warmup"] = ",".join(sorted(warm))
        out[(cfg, side)] = tot
    return out


def pct(a, b):
    if a is None or b is None or b == 0:
        return None
    return (a / b - 1.0) * 100.0


def fmt(v, nd=0):
    if v is None:
        return "n/a"
    return f"{v:,.{nd}f}"


def fmt_pct(v):
    return "n/a" if v is None else f"{v:+.1f}%"


def ceiling(m, evp):
    """The zero-crypto ceiling from libssl's measured EVP sequences (docs/e2e.md):
    S_d, S_f = CPU of the server-side EVP sequence of one handshake with the default provider / fast25519;
    X = x25519's server CPU per handshake (default provider);
    ceiling = X - S_d (the handshake if those EVP calls cost nothing);
    fraction of the way of a config with server CPU C = (X - C) / S_d;
    predicted (what fast25519's measured sequence allows) = (S_d - S_f) / S_d."""
    if evp is None or "x25519" not in m or "server_cpu_us_per_handshake" not in m["x25519"]:
        return None
    x = m["x25519"]["server_cpu_us_per_handshake"]
    sd, sf = evp["default_server_us"], evp["fast25519_server_us"]
    cpu = x - sd
    c = {
        "source": "fast25519-evp-seq: libssl's server-side EVP sequence per TLS 1.3 handshake "
                  "(X25519 peer share, keygen, derive; Ed25519 sign), process CPU per sequence, "
                  "default provider vs fast25519 (prov.cnf), pinned to the server CPU",
        "openssl": evp["openssl"],
        "evp_runs": evp["runs"],
        "default_evp_server_us_per_handshake": round(sd, 3),
        "fast25519_evp_server_us_per_handshake": round(sf, 3),
        "default_evp_client_us_per_handshake": round(evp["default_client_us"], 3),
        "fast25519_evp_client_us_per_handshake": round(evp["fast25519_client_us"], 3),
        "evp_steps_wall_us_median": {p: {"server": evp[f"{p}_server_steps_us"], "client": evp[f"{p}_client_steps_us"]}
                                     for p in ("default", "fast25519")},
        "x25519_server_cpu_us_per_handshake": round(x, 3),
        "ceiling_server_cpu_us_per_handshake": round(cpu, 3),
        "ceiling_handshakes_per_s": round(1e6 / cpu, 1) if cpu > 0 else None,
        "predicted_server_cpu_us_per_handshake": round(x - sd + sf, 3),
        "predicted_fraction_of_way": round((sd - sf) / sd, 4),
        "fraction_of_way": {},
    }
    for cfg in CEILING_CONFIGS:
        if cfg in m and "server_cpu_us_per_handshake" in m[cfg]:
            c["fraction_of_way"][cfg] = round((x - m[cfg]["server_cpu_us_per_handshake"]) / sd, 4)
    # The client side, for the configs with the provider in the client too (client CPU: getrusage).
    xc = m["x25519"].get("client_cpu_us_per_handshake")
    cd, cf = evp["default_client_us"], evp["fast25519_client_us"]
    if xc is not None:
        c["x25519_client_cpu_us_per_handshake"] = round(xc, 3)
        c["client_ceiling_cpu_us_per_handshake"] = round(xc - cd, 3)
        c["client_predicted_fraction_of_way"] = round((cd - cf) / cd, 4)
        c["client_fraction_of_way"] = {}
        for cfg in CLIENT_PROVIDER_CONFIGS:
            if cfg in m and m[cfg].get("client_cpu_us_per_handshake") is not None:
                c["client_fraction_of_way"][cfg] = round((xc - m[cfg]["client_cpu_us_per_handshake"]) / cd, 4)
    # The same computation on unbound's CPU per DoT query under the peak load: the server never
    # idles between connections there, so the figure depends less on the client's speed.
    xu = m["x25519"].get("unbound_cpu_us_per_query_peak")
    if xu is not None:
        c["x25519_unbound_cpu_us_per_query_peak"] = round(xu, 3)
        c["fraction_of_way_unbound_peak"] = {}
        for cfg in CEILING_CONFIGS:
            if cfg in m and m[cfg].get("unbound_cpu_us_per_query_peak") is not None:
                c["fraction_of_way_unbound_peak"][cfg] = round(
                    (xu - m[cfg]["unbound_cpu_us_per_query_peak"]) / sd, 4)
    return c


def ratios(m, cfg, ref):
    """Percent change of cfg against ref (same run): handshakes/s and server CPU per handshake."""
    if cfg not in m or ref not in m:
        return None
    a, b = m[cfg], m[ref]
    r = {k: pct(a.get(k), b.get(k)) for k in ("handshakes_per_s", "server_cpu_us_per_handshake")}
    return {k: (round(v, 2) if v is not None else None) for k, v in r.items()}


def json_doc(m, ceil):
    keys = ["handshakes_per_s", "server_cpu_us_per_handshake", "dot_seq_qps", "dot_peak_qps"]
    doc = {"configs": {}, "ceiling": ceil if ceil is not None else {}}
    for cfg in JSON_CONFIGS:
        doc["configs"][cfg] = {k: (round(m[cfg][k], 3) if cfg in m and m[cfg].get(k) is not None else None)
                               for k in keys}
    # The hybrid configs (handshakes only: their DoT fields stay null) carry their ratios, in percent:
    # fast25519-hybrid vs hybrid (the provider's effect on 3.5), both vs x25519 (run on the system OpenSSL).
    for cfg, refs in (("hybrid", ("x25519",)), ("fast25519-hybrid", ("hybrid", "x25519"))):
        doc["configs"][cfg]["ratios_pct"] = {f"vs_{ref}": ratios(m, cfg, ref) for ref in refs}
    return doc


def markdown(m, ceil, stats, meta):
    L = []
    L.append("# fast25519 end-to-end: TLS 1.3 handshakes and DNS-over-TLS")
    L.append("")
    L.append("```")
    L.extend(meta)
    L.append("```")
    L.append("")
    L.append("## Medians")
    L.append("")
    L.append("| config | handshakes/s (p10-p90) | server CPU us/handshake | client CPU us/handshake | "
             "DoT seq q/s (p10-p90) | DoT peak q/s | unbound CPU us/query (seq / peak) | CPU use at peak: unbound / clients |")
    L.append("|---|---|---|---|---|---|---|---|")
    for cfg in CONFIGS:
        if cfg not in m:
            if cfg in BASE_CONFIGS:
                L.append(f"| {cfg} | not run | | | | | | |")
            continue
        d = m[cfg]
        L.append(
            f"| {cfg} | {fmt(d.get('handshakes_per_s'))} ({fmt(d.get('hs_p10'))}-{fmt(d.get('hs_p90'))}, "
            f"n={d.get('hs_n', 0)}) | {fmt(d.get('server_cpu_us_per_handshake'), 1)} "
            f"(stat: {fmt(d.get('server_cpu_us_per_handshake_stat'), 1)}) | "
            f"{fmt(d.get('client_cpu_us_per_handshake'), 1)} | "
            f"{fmt(d.get('dot_seq_qps'))} ({fmt(d.get('dot_p10'))}-{fmt(d.get('dot_p90'))}, n={d.get('dot_n', 0)}) | "
            f"{fmt(d.get('dot_peak_qps'))} (n={d.get('peak_n', 0)}{', failed ' + str(d['peak_failures']) if d.get('peak_failures') else ''}) | "
            f"{fmt(d.get('unbound_cpu_us_per_query_seq'), 1)} / {fmt(d.get('unbound_cpu_us_per_query_peak'), 1)} | "
            f"{fmt(100 * d['peak_server_util'] if d.get('peak_server_util') is not None else None)}% / "
            f"{fmt(100 * d['peak_client_util'] if d.get('peak_client_util') is not None else None)}% |")
    L.append("")
    L.append("Server CPU: all threads of the server process (`/proc/PID/task/*/schedstat`, ns); "
             "`stat:` is the same from `/proc/PID/stat` utime+stime (10 ms ticks). Client CPU: the benchmark "
             "client's own user+system time (getrusage). CPU use at peak: CPU seconds per wall second of the "
             "peak windows (1.0 = one CPU saturated); below ~90% for unbound the peak is not server-bound.")
    if any(c in m for c in HYBRID_CONFIGS):
        L.append("`hybrid`, `fast25519-hybrid`: OpenSSL 3.5 (s_server and a tls-bench built against it), group "
                 "X25519MLKEM768, handshakes only (unbound runs on the system OpenSSL); compare them with each "
                 "other, and with `x25519` only as different OpenSSL versions and groups.")
    L.append("")
    for ref in ("x25519", "p256", "x25519-waker", "hybrid"):
        if ref not in m:
            continue
        L.append(f"## Ratios vs `{ref}` (same run)")
        L.append("")
        L.append("| config | handshakes/s | server CPU/handshake | DoT seq q/s | DoT peak q/s |")
        L.append("|---|---|---|---|---|")
        for cfg in CONFIGS:
            if cfg not in m or cfg == ref or (ref == "hybrid" and cfg not in HYBRID_CONFIGS):
                continue
            a, b = m[cfg], m[ref]
            L.append(f"| {cfg} | {fmt_pct(pct(a.get('handshakes_per_s'), b.get('handshakes_per_s')))} | "
                     f"{fmt_pct(pct(a.get('server_cpu_us_per_handshake'), b.get('server_cpu_us_per_handshake')))} | "
                     f"{fmt_pct(pct(a.get('dot_seq_qps'), b.get('dot_seq_qps')))} | "
                     f"{fmt_pct(pct(a.get('dot_peak_qps'), b.get('dot_peak_qps')))} |")
        L.append("")
    L.append("## Zero-crypto ceiling (libssl's EVP sequences, measured)")
    L.append("")
    if ceil is None:
        L.append("Not computed (no `fast25519-evp-seq` result or no `x25519` run).")
    else:
        sd, sf = ceil["default_evp_server_us_per_handshake"], ceil["fast25519_evp_server_us_per_handshake"]
        L.append(f"- server-side EVP sequence of one handshake (X25519 peer share + keygen + derive, Ed25519 "
                 f"sign; `fast25519-evp-seq`, OpenSSL {ceil['openssl']}, {ceil['evp_runs']} runs, process CPU): "
                 f"default provider S_d = {sd:.1f} us, fast25519 S_f = {sf:.1f} us")
        for p in ("default", "fast25519"):
            st = ceil["evp_steps_wall_us_median"][p]["server"]
            L.append(f"  - {p} steps (wall medians): " + ", ".join(f"{k} {v:.1f} us" for k, v in st.items()))
        L.append(f"- `x25519` server CPU per handshake X = {ceil['x25519_server_cpu_us_per_handshake']:.1f} us; "
                 f"ceiling X - S_d = {ceil['ceiling_server_cpu_us_per_handshake']:.1f} us "
                 f"= {fmt(ceil['ceiling_handshakes_per_s'])} handshakes/s per server CPU if those EVP calls cost nothing")
        L.append(f"- predicted for the fast25519 provider: X - S_d + S_f = "
                 f"{ceil['predicted_server_cpu_us_per_handshake']:.1f} us, "
                 f"(S_d - S_f) / S_d = {100 * ceil['predicted_fraction_of_way']:.1f}% of the way")
        for cfg, f in ceil["fraction_of_way"].items():
            L.append(f"- `{cfg}` goes {100 * f:.1f}% of the way from `x25519` to the ceiling "
                     f"((X - its server CPU) / S_d)")
        for cfg, f in ceil.get("fraction_of_way_unbound_peak", {}).items():
            L.append(f"- the same on unbound's CPU per DoT query at peak load (x25519 "
                     f"{ceil['x25519_unbound_cpu_us_per_query_peak']:.1f} us): `{cfg}` {100 * f:.1f}% of the way")
        if "client_fraction_of_way" in ceil:
            L.append(f"- client side (tls-bench CPU, client EVP sequence: default "
                     f"{ceil['default_evp_client_us_per_handshake']:.1f} us, fast25519 "
                     f"{ceil['fast25519_evp_client_us_per_handshake']:.1f} us; predicted "
                     f"{100 * ceil['client_predicted_fraction_of_way']:.1f}%): " +
                     (", ".join(f"`{k}` {100 * v:.1f}% of the way" for k, v in ceil["client_fraction_of_way"].items())
                      or "no provider config on the client"))
    L.append("")
    L.append("## Summary (provider on both sides, `fast25519`, vs `x25519`)")
    L.append("")
    if "fast25519" in m and "x25519" in m:
        a, b = m["fast25519"], m["x25519"]
        hs = pct(a.get("handshakes_per_s"), b.get("handshakes_per_s"))
        pk = pct(a.get("dot_peak_qps"), b.get("dot_peak_qps"))
        fr = ceil["fraction_of_way"].get("fast25519") if ceil else None
        L.append(f"- sequential handshakes/s: {fmt_pct(hs)}")
        L.append(f"- server CPU/handshake: {'n/a' if fr is None else f'{100 * fr:.1f}%'} of the way to the ceiling")
        L.append(f"- DoT peak q/s: {fmt_pct(pk)}")
    else:
        L.append("- not evaluated (`fast25519` or `x25519` did not run)")
    L.append("")
    if stats:
        L.append("## Provider counters (FAST25519_STATS, summed over processes)")
        L.append("")
        cols = ["x25519_keygen", "x25519_derive", "ed25519_sign", "ed25519_verify", "pool_hits", "pool_misses",
                "pool_refills", "warmup_ticks"]
        L.append("| config | side | processes | impl | warmup | " + " | ".join(cols) + " |")
        L.append("|---|---|---|---|---|" + "---|" * len(cols))
        for (cfg, side), t in sorted(stats.items()):
            L.append(f"| {cfg} | {side} | {t['processes']} | {t['impl']} | {t['warmup']} | " +
                     " | ".join(str(t.get(k, 0)) for k in cols) + " |")
        L.append("")
    return "\n".join(L) + "\n"


def warn_counters(stats):
    for cfg, sides in (("fast25519", ("server", "client")), ("fast25519-server", ("server",)),
                       ("fast25519-warmup", ("server", "client")), ("fast25519-hybrid", ("server", "client"))):
        for side in sides:
            t = stats.get((cfg, side))
            if t is None:
                continue
            if t.get("x25519_keygen", 0) == 0:
                print(f"e2e: WARNING: {cfg} {side}: the provider served no X25519 keygen", file=sys.stderr)


def plots(runs, m, ceil, outdir):
    """Writes raw/*.dat and raw/plots.gp (paths relative to outdir) and runs gnuplot in outdir."""
    data = os.path.join(outdir, "raw")
    os.makedirs(data, exist_ok=True)
    present = [c for c in CONFIGS if c in runs]
    for test in ("hs", "dot", "peak"):
        for cfg in present:
            s = sorted(runs[cfg].get(test, {}).get("samples", []))
            with open(os.path.join(data, f"cdf.{test}.{cfg}.dat"), "w") as f:
                for i, v in enumerate(s):
                    f.write(f"{v:.3f} {(i + 1) / len(s):.5f}\n")
    with open(os.path.join(data, "server_cpu.dat"), "w") as f:
        for i, cfg in enumerate(present):
            v = m[cfg].get("server_cpu_us_per_handshake")
            if v is not None:
                f.write(f"{i} \"{cfg}\" {v:.3f}\n")
    titles = {"hs": ("handshakes_cdf.png", "TLS 1.3 handshakes (sequential, one client)", "connections/s"),
              "dot": ("dot_cdf.png", "DNS-over-TLS queries (sequential, unbound)", "queries/s"),
              "peak": ("dot_peak_cdf.png", "DNS-over-TLS peak throughput (concurrent clients, unbound)", "queries/s")}
    script = ["set terminal pngcairo size 1000,600 font ',11' noenhanced", "set key bottom right", "set grid",
              "set ylabel 'cumulative fraction of samples'", "set yrange [0:1]"]
    for test, (png, title, xl) in titles.items():
        curves = [f"'raw/cdf.{test}.{c}.dat' using 1:2 with steps lw 2 title '{c}'" for c in present
                  if os.path.getsize(os.path.join(data, f"cdf.{test}.{c}.dat")) > 0]
        if not curves:
            continue
        script += [f"set output '{png}'", f"set title '{title}'", f"set xlabel '{xl}'",
                   "plot " + ", ".join(curves)]
    script += ["unset yrange", "set autoscale y", "set yrange [0:*]", "set key top right",
               "set output 'server_cpu.png'",
               "set title 'Server CPU time per TLS 1.3 handshake (openssl s_server, all threads)'",
               "set xlabel ''", "set ylabel 'microseconds per handshake'", "set style fill solid 0.6",
               "set boxwidth 0.6", "set xrange [-0.6:%f]" % (len(present) - 0.4),
               "set xtics rotate by -15 offset -1,0", "set bmargin 5"]
    plot = ["'raw/server_cpu.dat' using 1:3:xtic(2) with boxes notitle",
            f"'' using 1:3:(sprintf('%.0f', $3)) with labels offset 0,1 notitle"]
    if ceil is not None:
        script.append(f"ceil = {ceil['ceiling_server_cpu_us_per_handshake']}")
        plot.append("ceil with lines dt 2 lw 2 title 'zero-crypto ceiling'")
    script.append("plot " + ", ".join(plot))
    with open(os.path.join(data, "plots.gp"), "w") as f:
        f.write("\n".join(script) + "\n")
    subprocess.run(["gnuplot", os.path.join("raw", "plots.gp")], check=True, cwd=outdir)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--raw", required=True)
    ap.add_argument("--meta")
    ap.add_argument("--stats-dir")
    ap.add_argument("--evp")
    ap.add_argument("--clk-tck", type=int, default=100)
    ap.add_argument("--md", required=True)
    ap.add_argument("--json", action="append", default=[])
    ap.add_argument("--plots")
    a = ap.parse_args()
    runs = load_runs(a.raw)
    m = metrics(runs, a.clk_tck)
    evp = load_evp(a.evp) if a.evp else None
    ceil = ceiling(m, evp)
    stats = load_stats(a.stats_dir) if a.stats_dir else {}
    warn_counters(stats)
    meta = open(a.meta).read().splitlines() if a.meta else []
    with open(a.md, "w") as f:
        f.write(markdown(m, ceil, stats, meta))
    for j in a.json:
        with open(j, "w") as f:
            json.dump(json_doc(m, ceil), f, indent=2)
            f.write("\n")
    if a.plots:
        plots(runs, m, ceil, a.plots)


if __name__ == "__main__":
    main()
