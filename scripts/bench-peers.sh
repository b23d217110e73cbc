#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# fast25519 against aws-lc, ring, dalek, zebra, ed25519-simd and lib25519 (and OpenSSL, libsodium),
# one table.
#
#   bash scripts/bench-peers.sh [--json FILE] [--rounds N] [--seconds S] [--dalek-backend B] [--no-lib25519]
#   bash scripts/bench-peers.sh --check        quick self-check (the test command's peers stage)
#
# ed25519-simd (8-lane AVX-512IFMA batch verification, its Dalek and Zip215 policies) compiles only
# with AVX-512 enabled for the whole build: its rows come from bench/peers/simd (f25519-peers-simd),
# built with -C target-feature=+avx512f,+avx512bw,+avx512dq,+avx512vl,+avx512ifma into
# build/peers-avx512 (the harness's target directory + "-avx512"), timed beside fast25519's batch calls in its own process, and skipped with the
# reason printed on a CPU without AVX-512IFMA, with rustc < 1.89 (the crate's minimum), or with
# --dalek-backend simd or serial (the comparison of a CPU without AVX-512).
# lib25519 (its dh, nG (keygen), nPbatch (x8 derive), sign, sign_open) is linked when
# scripts/lib25519.sh provides it (built from Debian 13's source package into
# /var/cache/fast25519/lib25519 on first use; --check only uses an existing install); when it
# cannot, its rows are skipped with the reason printed. --no-lib25519: skip it.
#
# --dalek-backend auto|simd|serial: how curve25519-dalek is built (its curve25519_dalek_backend cfg).
# auto (default): its AVX-512IFMA backend where rustc >= 1.89 (taken at run time on IFMA CPUs, else
# AVX2); simd: the AVX2 backend only; serial: no vector code. Each has its own target directory
# (build/peers, build/peers-simd, build/peers-serial). The fast25519 row the ratios use is the
# backend a user gets: FAST25519_BACKEND's (or its former name FAST25519_IMPL's) when set, else the
# dispatcher's pick. So on an IFMA host
# `FAST25519_BACKEND=avx2 bash scripts/bench-peers.sh --dalek-backend simd` makes the comparison an
# AVX2-only host makes, on this host's microarchitecture.
#
# 1. installs what is missing (scripts/install-deps.sh peers: Debian packages, a Rust >= 1.85);
# 2. builds fast25519 (Release, build/) and the Rust harness bench/peers/ (crates aws-lc-sys (raw
#    C API), ring, x25519-dalek, ed25519-dalek with `batch`, versions pinned by its Cargo.lock;
#    cargo build --release --locked into build/peers/; log build/peers-build.log);
# 3. runs N rounds (default 5), each one `f25519-peers bench` (every op of aws-lc, ring, dalek AND
#    of every fast25519 backend available here, which the harness links in (build/lib/
#    libfast25519.a), in 4 slices of 60 ms, the slices of all ops and libraries interleaved) and one
#    `fast25519 bench --json --seconds S` (default 0.25; its single-call ops, for the OpenSSL and
#    libsodium columns), alternating which goes first, both pinned with `taskset -c 1`; the host's
#    slow spells (1-6 s) then fall on a few slices of every row rather than on one row's whole
#    measurement, and fast25519's rows share their slices with the peers';
# 4. prints one table, the median over the rounds of each row's per-round median TSC ticks
#    (bench/peers/merge.py), and with --json FILE writes it in the schema of `fast25519 bench
#    --json` (impl = fast25519, openssl, libsodium, aws-lc, ring, dalek). Round files stay in
#    build/peers-run/.
# Before any timing the harness checks every timed call's output against the other libraries
# (a mismatch aborts the run). --check: the harness's full cross-check against fast25519's CLI
# (RFC 7748 / RFC 8032 vectors from tests/vectors or $F25519_VECTORS, random inputs,
# dalek's verify_batch), then two tiny rounds through the whole pipeline with the schema checked;
# it asserts no speed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD

json_out="" rounds=5 seconds=0.25 check=0 dalek_backend=auto use_lib25519=1
while [ $# -gt 0 ]; do
  case "$1" in
    --json) json_out=${2:?--json needs a file}; shift 2 ;;
    --rounds) rounds=${2:?}; shift 2 ;;
    --seconds) seconds=${2:?}; shift 2 ;;
    --check) check=1; shift ;;
    --no-lib25519) use_lib25519=0; shift ;;
    --dalek-backend) dalek_backend=${2:?--dalek-backend needs auto, simd or serial}; shift 2 ;;
    *) echo "usage: bash scripts/bench-peers.sh [--json FILE] [--rounds N] [--seconds S] [--dalek-backend auto|simd|serial] [--no-lib25519] | --check" >&2; exit 2 ;;
  esac
done
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "bench-peers.sh: --rounds needs a positive integer" >&2; exit 2; }
case "$dalek_backend" in
  auto|simd|serial) ;;
  *) echo "bench-peers.sh: --dalek-backend takes auto, simd or serial (not '$dalek_backend')" >&2; exit 2 ;;
esac
forced=${FAST25519_BACKEND:-${FAST25519_IMPL:-}}
if [ -n "$forced" ] && [ "$forced" != auto ]; then
  echo "bench-peers.sh: backend $forced forced: the ratios use fast25519's $forced rows" >&2
fi

bash scripts/install-deps.sh peers
cargo=$(bash scripts/find-cargo.sh) || { echo "bench-peers.sh: no usable cargo (see scripts/find-cargo.sh)" >&2; exit 1; }
export RUSTC="$(dirname "$cargo")/rustc"
rust_minor=$("$RUSTC" --version | awk '{print $2}' | cut -d. -f2)

mkdir -p build
t0=$(date +%s)
log=build/bench-build.log
echo "== building fast25519 (Release, build/; log: $log)" >&2
if ! { cmake -S . -B build -DCMAKE_BUILD_TYPE=Release &&
       cmake --build build --target fast25519_cli fast25519_static -j2; } >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "bench-peers.sh: fast25519 build failed (full log: $log)" >&2
  exit 1
fi
fast=build/bin/fast25519

# dalek: curve25519-dalek builds its AVX-512IFMA backend (picked at run time on CPUs with IFMA+VL,
# else AVX2) only when asked; stable rustc has the intrinsics from 1.89 on.
# --dalek-backend simd / serial: that backend only, in a target directory of its own.
cfg=()
target="$root/build/peers" dalek_cfg=""
case "$dalek_backend" in
  auto) if [ "$rust_minor" -ge 89 ]; then
          dalek_cfg='"--cfg", "curve25519_dalek_backend=\"avx512\""'
        fi ;;
  *) dalek_cfg="\"--cfg\", \"curve25519_dalek_backend=\\\"$dalek_backend\\\"\""
     target="$root/build/peers-$dalek_backend" ;;
esac
[ -z "${dalek_cfg:-}" ] || cfg=(--config "build.rustflags=[$dalek_cfg]")
export F25519_LIB_DIR="$root/build/lib"  # libfast25519.a for the harness (bench/peers/build.rs)
# lib25519: its install prefix for bench/peers/build.rs, or the reason it is skipped.
export F25519_LIB25519_DIR=""
l25_log=build/lib25519-build.log
if [ "$use_lib25519" = 0 ]; then
  echo "== lib25519: skipped (--no-lib25519)" >&2
elif [ "$check" = 1 ] && ! F25519_LIB25519_CHECK_ONLY=1 bash scripts/lib25519.sh >/dev/null 2>"$l25_log"; then
  echo "== lib25519: skipped (--check uses an existing install only: bash scripts/lib25519.sh builds it)" >&2
elif l25=$(bash scripts/lib25519.sh 2>>"$l25_log"); then
  F25519_LIB25519_DIR=$l25
  echo "== lib25519: $l25" >&2
else
  echo "== lib25519: skipped: scripts/lib25519.sh failed: $(grep -m1 'ERROR' "$l25_log" | sed 's/^lib25519: ERROR: //')" >&2
fi
plog=build/peers-build.log
echo "== building bench/peers with $cargo ($("$RUSTC" --version)); log: $plog" >&2
if ! (cd bench/peers && "$cargo" build --release --locked -j2 -p f25519-peers --target-dir "$target" "${cfg[@]}") >"$plog" 2>&1; then
  tail -n 40 "$plog" >&2
  echo "bench-peers.sh: the harness build failed (full log: $plog)" >&2
  exit 1
fi
peers=$target/release/f25519-peers
# ed25519-simd: its own program, AVX-512 enabled for its whole build (bench/peers/simd).
simd=""
if ! grep -qw avx512ifma /proc/cpuinfo 2>/dev/null; then
  echo "== ed25519-simd: skipped: this CPU lacks AVX-512IFMA (the crate has no run-time dispatch)" >&2
elif [ "$dalek_backend" != auto ]; then
  echo "== ed25519-simd: skipped: --dalek-backend $dalek_backend makes the comparison of a CPU without AVX-512" >&2
elif [ "$rust_minor" -lt 89 ]; then
  echo "== ed25519-simd: skipped: it needs rustc >= 1.89 ($("$RUSTC" --version))" >&2
else
  simd_flags="build.rustflags=[\"-C\", \"target-feature=+avx512f,+avx512bw,+avx512dq,+avx512vl,+avx512ifma\"${dalek_cfg:+, $dalek_cfg}]"
  slog=build/peers-avx512-build.log
  echo "== building bench/peers/simd (ed25519-simd; AVX-512 target features); log: $slog" >&2
  if ! (cd bench/peers && "$cargo" build --release --locked -j2 -p f25519-peers-simd \
          --target-dir "$target-avx512" --config "$simd_flags") >"$slog" 2>&1; then
    tail -n 40 "$slog" >&2
    echo "bench-peers.sh: the ed25519-simd program's build failed (full log: $slog)" >&2
    exit 1
  fi
  simd=$target-avx512/release/f25519-peers-simd
fi
echo "== builds done in $(( $(date +%s) - t0 )) s" >&2

pin=()
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then
  pin=(taskset -c 1)
else
  echo "bench-peers.sh: taskset or CPU 1 unavailable: not pinned" >&2
fi

run=build/peers-run
rm -rf "$run"; mkdir -p "$run"
slice_ms=60 slices=4
# fast25519 bench's ops: the single calls, which OpenSSL and libsodium have (fast25519's own rows
# come from the harness; merge.py uses these only where the harness has none). A fast25519 that
# lacks one of these names or --ops runs all its ops instead.
fast_ops=x25519_keygen,x25519_derive,ed25519_keygen,ed25519_sign,ed25519_verify
if [ "$check" = 1 ]; then
  "$peers" check --fast25519 "$fast" --vectors "${F25519_VECTORS:-$root/tests/vectors}"
  [ -z "$simd" ] || "$simd" check
  rounds=2 slice_ms=1 slices=1 seconds=0.01
fi
fast_args=(--ops "$fast_ops")

echo "== $rounds rounds: ${pin[*]} $peers bench --slice-ms $slice_ms --slices $slices / ${pin[*]} $fast bench --json --seconds $seconds --ops $fast_ops" >&2
for r in $(seq 1 "$rounds"); do
  t1=$(date +%s)
  peers_round() {
    "${pin[@]}" "$peers" bench --slice-ms "$slice_ms" --slices "$slices" >"$run/peers.$r.json"
    [ -z "$simd" ] || "${pin[@]}" "$simd" bench --peers-rows --slice-ms "$slice_ms" --slices "$slices" >"$run/simd.$r.json"
  }
  fast_round() {
    local rc=0
    "${pin[@]}" "$fast" bench --json --seconds "$seconds" "${fast_args[@]}" >"$run/fast.$r.json" 2>"$run/fast.$r.err" || rc=$?
    if [ "$rc" = 2 ] && [ ${#fast_args[@]} -gt 0 ]; then  # usage error: an op name or --ops unknown to it
      echo "   (fast25519 bench refused --ops $fast_ops: running all its ops)" >&2
      fast_args=()
      rc=0; "${pin[@]}" "$fast" bench --json --seconds "$seconds" >"$run/fast.$r.json" 2>"$run/fast.$r.err" || rc=$?
    fi
    [ "$rc" = 0 ] || { cat "$run/fast.$r.err" >&2; echo "bench-peers.sh: fast25519 bench failed (exit $rc)" >&2; exit 1; }
  }
  if [ $((r % 2)) = 1 ]; then peers_round; fast_round; else fast_round; peers_round; fi
  echo "   round $r/$rounds: $(( $(date +%s) - t1 )) s" >&2
done

cpu=$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | xargs || true)
vers=$(awk '/^name = /{n=$3} /^version = /{gsub(/"/,"",n); gsub(/"/,"",$3); if (n ~ /^(aws-lc-sys|ring|x25519-dalek|ed25519-dalek|curve25519-dalek|ed25519-zebra|ed25519-simd)$/) printf "%s %s, ", n, $3}' bench/peers/Cargo.lock)
[ -n "$F25519_LIB25519_DIR" ] && vers+="lib25519 $(cut -d' ' -f1 "$F25519_LIB25519_DIR/VERSION" 2>/dev/null || echo '?'), "
[ -n "$simd" ] || vers=${vers//ed25519-simd/(not run) ed25519-simd}
title="fast25519 vs peers on ${cpu:-this CPU}, $(date -u +%Y-%m-%d); ${vers%, }; $(openssl version 2>/dev/null | cut -d' ' -f1-2); $("$RUSTC" --version | cut -d' ' -f1-2)"
req=""
if [ "$check" = 1 ]; then
  for op in x25519_keygen x25519_derive ed25519_keygen ed25519_sign ed25519_verify; do
    req+="$op:aws-lc,$op:ring,$op:dalek,$op:fast25519,$op:openssl,"
  done
  req+="ed25519_verify_batch8:dalek,ed25519_verify_batch64:dalek,ed25519_verify_batch1024:dalek,"
  req+="ed25519_verify:zebra,ed25519_verify_batch8_zip215:zebra,ed25519_verify_batch1024_zip215:zebra,"
  [ -z "$simd" ] || req+="ed25519_verify_batch8:ed25519-simd,ed25519_verify_batch1024_zip215:ed25519-simd,"
  [ -z "$F25519_LIB25519_DIR" ] || req+="x25519_derive:lib25519,x25519_derive_x8:lib25519,ed25519_sign:lib25519,ed25519_verify:lib25519,"
  for op in x25519_keygen_x8 x25519_derive_x8 ed25519_verify_batch8 ed25519_verify_batch64_zip215; do
    req+="$op:fast25519,"
  done
  req=${req%,}
  json_out=${json_out:-$run/merged.json}
fi
simd_files=()
[ -z "$simd" ] || simd_files=("$run"/simd.*.json)
python3 bench/peers/merge.py --title "$title" --peers "$run"/peers.*.json "${simd_files[@]}" --fast "$run"/fast.*.json \
  ${json_out:+--json "$json_out"} --require "$req"
if [ "$check" = 1 ]; then
  echo "bench-peers.sh --check: harness cross-check passed; $rounds tiny rounds merged, schema checked ($json_out)"
fi
