#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Batch verification against single verification, 2 threads against 1, and against the peers'
# batch verifiers, measured in one run on this host (a benchmark: it prints figures; its exit status
# says only whether the tools ran).
#
#   bash scripts/bench-batch.sh [--reps R] [--rounds N] [--runs K] [--all] [--no-peers] [--no-lib25519]
#                               [--host NAME] [--json FILE]
#   bash scripts/bench-batch.sh --check        quick self-check (the test command's Release stage)
#
# For each vector backend this CPU runs natively (ifma, avx2; --all adds mulx and portable):
#  1. per signature, one batch call against the same backend's single verify, PAIRED (the two timed
#     back to back, order alternating; the median of 4 x R ratios; bench/bench_batch.c, pinned with
#     taskset -c 1): exact (openssl mode) n = 64, zip215 n = 64 and n = 1024;
#  2. 2 threads against 1 (zip215 and exact, n = 1024; bench/bench_threads.c, N rounds of 4 calls):
#     the plain call f25519_ed25519_verify_batch(..., threads = 2) and the verify pool of 2, each
#     over the mean of the two CPUs' one-thread rates, and the two-process ceiling of the same rounds.
#  3. against the peers (bench/peers/simd: f25519-peers-simd, every batch verifier in one process,
#     pinned): per signature, fast25519's batch call (the backend a user gets; openssl, strict and
#     zip215 mode) beside ed25519-simd (its Dalek and Zip215 policies, a verdict per signature; built
#     with AVX-512 target features on a CPU with AVX-512IFMA, else skipped with the reason printed),
#     dalek's verify_batch, zebra's batch verifier and lib25519's sign_open item by item (no batch
#     API; scripts/lib25519.sh, skipped with the reason when it cannot be built), at n = 8, 64, 1024
#     with messages of 32 and 1024 bytes; in each sweep every verifier times one slice, side by side;
#     figures are medians, ratios fast25519 / peer paired per sweep (bench/peers/batch.py). Written
#     with host, date, commit and command to docs/results/<host>/batch-peers.json (--json FILE
#     elsewhere; --host NAME: the directory, default from the CPU: amd-zen5-ifma, intel-xeon-ifma,
#     ...). Needs a cargo >= 1.85 (scripts/find-cargo.sh; installed by install-deps.sh peers);
#     --no-peers skips this part.
# The whole set is measured K times (--runs, default 3), the backends taking turns, and each figure
# is the median of its K values, printed with their range: the host's slow spells last seconds and
# can slow the vector code of one pair more than the scalar single verify it is paired with (one
# run of a pair can read half again its neighbours' ratio).
# On an AVX2 host the dispatcher picks avx2, whose single verify is the mulx backend's
# (src/backend/avx2/ops_avx2.c), so the avx2 row here is that host's figure; on an IFMA host the avx2 row runs
# the same code on another microarchitecture, and is marked so. The comparison with dalek's
# verify_batch is scripts/bench-peers.sh's.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

cmdline="$*"
reps=15 rounds=30 runs=3 all=0 check=0 peers=1 use_lib25519=1 host="" json_out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --reps) reps=${2:?}; shift 2 ;;
    --rounds) rounds=${2:?}; shift 2 ;;
    --runs) runs=${2:?}; shift 2 ;;
    --all) all=1; shift ;;
    --check) check=1; shift ;;
    --no-peers) peers=0; shift ;;
    --no-lib25519) use_lib25519=0; shift ;;
    --host) host=${2:?--host needs a name}; shift 2 ;;
    --json) json_out=${2:?--json needs a file}; shift 2 ;;
    *) echo "usage: bash scripts/bench-batch.sh [--reps R] [--rounds N] [--runs K] [--all] [--no-peers] [--no-lib25519] [--host NAME] [--json FILE] | --check" >&2; exit 2 ;;
  esac
done
case "$reps$rounds$runs" in *[!0-9]*) echo "bench-batch.sh: --reps, --rounds and --runs take whole numbers" >&2; exit 2 ;; esac
if [ "$reps" -lt 1 ] || [ "$reps" -gt 64 ] || [ "$rounds" -lt 1 ] || [ "$runs" -lt 1 ] || [ "$runs" -gt 9 ]; then
  echo "bench-batch.sh: --reps 1..64, --rounds >= 1, --runs 1..9" >&2
  exit 2
fi
calls=4
if [ "$check" = 1 ]; then reps=1 rounds=2 calls=1 runs=2; fi

if [ "$check" = 0 ]; then bash scripts/install-deps.sh bench; fi
log=build/bench-batch-build.log
mkdir -p build
echo "== building fast25519 (Release, build/; log: $log)" >&2
if ! { cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DF25519_BUILD_BENCH=ON &&
       cmake --build build --target fast25519_cli fast25519_static f25519_bench_batch f25519_bench_threads \
             backend_available -j2; } >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "bench-batch.sh: build failed (full log: $log)" >&2
  exit 1
fi
bin=build/bin

pin=()
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then pin=(taskset -c 1); fi

backends=()
for i in ifma avx2; do "$bin/backend_available" "$i" && backends+=("$i"); done
if [ "$all" = 1 ] || [ "${#backends[@]}" = 0 ]; then
  for i in mulx portable; do "$bin/backend_available" "$i" && backends+=("$i"); done
fi
ifma_host=0
"$bin/backend_available" ifma && ifma_host=1

cpu=$(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -n 1)
echo "host: ${cpu:-unknown CPU}; $(nproc) CPUs; $("$bin/fast25519" info | sed -n 's/^backend: //p')"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); bench_batch reps $reps (4 x $reps pairs), bench_threads $rounds rounds of $calls calls; $runs runs, medians"
if [ "$check" = 1 ]; then
  echo "(--check: a self-check of the pipeline; runs this short give no meaningful figures)"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The median paired ratio of one bench_batch run (its "paired:" line), or "-" (and $tmp/failed:
# these run in command substitutions, so a variable would not reach the caller).
paired() { # backend n exact|zip
  local out=$tmp/batch.$1.$2.$3 extra=()
  [ "$3" = exact ] && extra=(exact)
  if ! "${pin[@]}" "$bin/f25519_bench_batch" "$1" "$2" "$reps" "${extra[@]}" >"$out" 2>&1; then
    echo "bench-batch.sh: f25519_bench_batch $1 $2 $3 failed:" >&2
    tail -n 5 "$out" >&2
    : >"$tmp/failed"
    echo "-"
    return
  fi
  local r
  r=$(awk '/^  paired: batch \//{for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+$/) {print $i; exit}}' "$out")
  if [ -z "$r" ]; then
    echo "bench-batch.sh: no paired ratio in f25519_bench_batch $1 $2 $3's output" >&2
    : >"$tmp/failed"
    r="-"
  fi
  echo "$r"
}

# "plain pool ceiling" from one bench_threads run's medians line, "- - -" when it cannot run.
threads() { # backend zip|exact
  local out=$tmp/threads.$1.$2 extra=()
  [ "$2" = exact ] && extra=(exact)
  local rc=0
  "$bin/f25519_bench_threads" "$1" 1024 "$rounds" "$calls" "${extra[@]}" >"$out" 2>&1 || rc=$?
  if grep -q "needs two CPUs" "$out"; then echo "- - -"; return; fi # one CPU: nothing to measure
  if [ "$rc" != 0 ]; then
    echo "bench-batch.sh: f25519_bench_threads $1 $2 failed:" >&2
    tail -n 5 "$out" >&2
    : >"$tmp/failed"
    echo "- - -"
    return
  fi
  local line
  line=$(grep '^medians of' "$out" || true)
  if [ -z "$line" ]; then
    echo "bench-batch.sh: no medians line in f25519_bench_threads $1 $2's output" >&2
    : >"$tmp/failed"
    echo "- - -"
    return
  fi
  awk '{
    for (i = 1; i <= NF; i++) {
      if ($i == "processes" && $(i + 1) == "/" && $(i + 2) == "one") ceil = $(i + 4)
      if ($i == "threads" && $(i + 1) == "/" && $(i + 2) == "one") plain = $(i + 4)
      if ($i == "2" && $(i - 1) == "of" && $(i - 2) == "pool" && $(i + 2) == "one") pool = $(i + 4)
    }
    gsub(",", "", ceil); gsub(",", "", plain); gsub(",", "", pool)
    print (plain == "" ? "-" : plain), (pool == "" ? "-" : pool), (ceil == "" ? "-" : ceil)
  }' <<<"$line"
}

# Each figure's values, one per run: vals[backend.figure] = "v1 v2 ..." ("-": not measured that run).
declare -A vals=()
add() { vals[$1]="${vals[$1]:-}${vals[$1]:+ }$2"; }
for ((run = 1; run <= runs; run++)); do
  for backend in "${backends[@]}"; do
    echo "== run $run/$runs, $backend: batch per signature / single verify (paired)" >&2
    add "$backend.e64" "$(paired "$backend" 64 exact)"
    add "$backend.z64" "$(paired "$backend" 64 zip)"
    add "$backend.z1024" "$(paired "$backend" 1024 zip)"
    echo "== run $run/$runs, $backend: 2 threads / 1 (n = 1024)" >&2
    read -r zp zq zc <<<"$(threads "$backend" zip)"
    read -r ep eq ec <<<"$(threads "$backend" exact)"
    add "$backend.zp" "$zp"; add "$backend.zq" "$zq"; add "$backend.zc" "$zc"
    add "$backend.ep" "$ep"; add "$backend.eq" "$eq"; add "$backend.ec" "$ec"
  done
done

# The median of a figure's values, "-" when a run did not measure it.
med() {
  awk '{
    for (i = 1; i <= NF; i++) { if ($i == "-") { print "-"; exit } v[i] = $i + 0 }
    for (i = 1; i <= NF; i++) for (j = i + 1; j <= NF; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    printf "%.3f\n", NF % 2 ? v[(NF + 1) / 2] : (v[NF / 2] + v[NF / 2 + 1]) / 2
  }' <<<"$1"
}
# The median with the range of the runs' values, " [lo-hi]" (nothing with one run).
fig() {
  local v m
  v=${vals[$1]}
  m=$(med "$v")
  [ "$runs" -lt 2 ] || [ "$m" = "-" ] && { printf '%s' "$m"; return; }
  awk -v m="$m" '{ lo = hi = $1 + 0; for (i = 2; i <= NF; i++) { if ($i + 0 < lo) lo = $i + 0; if ($i + 0 > hi) hi = $i + 0 }
                   printf "%s [%.3f-%.3f]", m, lo, hi }' <<<"$v"
}

rows=()
for backend in "${backends[@]}"; do
  note=""
  [ "$backend" = avx2 ] && [ "$ifma_host" = 1 ] && note=" (on an IFMA host: the AVX2 code on this microarchitecture)"
  f() { fig "$backend.$1"; }
  rows+=("$backend$note"
         "  exact (openssl) n = 64     $(f e64)"
         "  zip215 n = 64              $(f z64)"
         "  zip215 n = 1024            $(f z1024)"
         "  2 threads, zip215: plain call $(f zp), pool $(f zq); two-process ceiling $(f zc)"
         "  2 threads, exact:  plain call $(f ep), pool $(f eq); two-process ceiling $(f ec)")
done

echo
echo "batch verification (ratios: batch per signature / the backend's single verify; threads: throughput / one thread's; medians of $runs runs [their range])"
printf '%s\n' "${rows[@]}"

# ---- 3. against the peers' batch verifiers
# The host's directory name under docs/results: vendor, microarchitecture, widest vector backend.
host_name() {
  local fam model vendor arch kind
  fam=$(grep -m1 '^cpu family' /proc/cpuinfo | awk '{print $NF}')
  model=$(grep -m1 '^model[[:space:]]*:' /proc/cpuinfo | awk '{print $NF}')
  kind=avx2; grep -qw avx512ifma /proc/cpuinfo && kind=ifma
  case "$(grep -m1 '^vendor_id' /proc/cpuinfo | awk '{print $NF}')" in
    AuthenticAMD) vendor=amd
      case "$fam" in 23) arch=zen2 ;; 25) if [ "$model" -ge 16 ] && [ "$model" -le 31 ] || [ "$model" -ge 96 ]; then arch=zen4; else arch=zen3; fi ;;
                     26) arch=zen5 ;; *) arch=fam$fam ;; esac ;;
    GenuineIntel) vendor=intel; arch=$(grep -qi xeon /proc/cpuinfo && echo xeon || echo core) ;;
    *) vendor=cpu; arch=unknown ;;
  esac
  echo "$vendor-$arch-$kind"
}
peers_part() {
  local cargo rust_minor target flags="" prog l25="" l25_log=build/lib25519-build.log
  if [ "$check" = 0 ]; then bash scripts/install-deps.sh peers >&2 || return 1; fi
  if ! cargo=$(bash scripts/find-cargo.sh 2>/dev/null); then
    echo "peers: skipped: no cargo >= 1.85 (scripts/find-cargo.sh; bash scripts/install-deps.sh peers installs one)"
    return 0
  fi
  export RUSTC="$(dirname "$cargo")/rustc"
  rust_minor=$("$RUSTC" --version | awk '{print $2}' | cut -d. -f2)
  # lib25519: built on first use (--check: an existing install only)
  export F25519_LIB25519_DIR=""
  if [ "$use_lib25519" = 0 ]; then
    echo "peers: lib25519 skipped (--no-lib25519)"
  elif [ "$check" = 1 ] && ! F25519_LIB25519_CHECK_ONLY=1 bash scripts/lib25519.sh >/dev/null 2>"$l25_log"; then
    echo "peers: lib25519 skipped (--check uses an existing install only: bash scripts/lib25519.sh builds it)"
  elif l25=$(bash scripts/lib25519.sh 2>>"$l25_log"); then
    F25519_LIB25519_DIR=$l25
  else
    echo "peers: lib25519 skipped: scripts/lib25519.sh failed: $(grep -m1 'ERROR' "$l25_log" | sed 's/^lib25519: ERROR: //')"
  fi
  # the target directories and flags of scripts/bench-peers.sh (default dalek backend), so the builds are shared
  [ "$rust_minor" -ge 89 ] && flags='"--cfg", "curve25519_dalek_backend=\"avx512\""'
  target=$PWD/build/peers
  if ! grep -qw avx512ifma /proc/cpuinfo; then
    echo "peers: ed25519-simd skipped: this CPU lacks AVX-512IFMA (the crate has no run-time dispatch)"
  elif [ "$rust_minor" -lt 89 ]; then
    echo "peers: ed25519-simd skipped: it needs rustc >= 1.89 ($("$RUSTC" --version))"
  else
    target=$PWD/build/peers-avx512
    flags="\"-C\", \"target-feature=+avx512f,+avx512bw,+avx512dq,+avx512vl,+avx512ifma\"${flags:+, $flags}"
  fi
  local plog=build/peers-avx512-build.log
  echo "== building bench/peers/simd (f25519-peers-simd) with $cargo; log: $plog" >&2
  # F25519_LIB_DIR spelled as bench-peers.sh does: the same build-script inputs, nothing rebuilt
  if ! (libdir=$PWD/build/lib && cd bench/peers && F25519_LIB_DIR="$libdir" "$cargo" build --release --locked -j2 \
          -p f25519-peers-simd --target-dir "$target" --config "build.rustflags=[$flags]") >"$plog" 2>&1; then
    tail -n 30 "$plog" >&2
    echo "bench-batch.sh: the f25519-peers-simd build failed (log $plog)" >&2
    return 1
  fi
  prog=$target/release/f25519-peers-simd
  "$prog" check || return 1
  local sizes=8,64,1024 slice_ms=60 slices=4 k=$runs
  [ "$check" = 1 ] && sizes=8,64 slice_ms=1 slices=1 k=1
  local files=() r len
  for ((r = 1; r <= k; r++)); do
    for len in 32 1024; do
      echo "== peers run $r/$k, messages of $len bytes: ${pin[*]} $prog bench --sizes $sizes --msg-len $len --slice-ms $slice_ms --slices $slices" >&2
      "${pin[@]}" "$prog" bench --sizes "$sizes" --msg-len "$len" --slice-ms "$slice_ms" --slices "$slices" \
        >"$tmp/peers.$r.$len.json" || return 1
      files+=("$tmp/peers.$r.$len.json")
    done
  done
  local name out sw cpu_model
  name=${host:-$(host_name)}
  out=${json_out:-docs/results/$name/batch-peers.json}
  [ "$check" = 1 ] && out=$tmp/batch-peers.json
  mkdir -p "$(dirname "$out")"
  cpu_model=$(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^Model name:[[:space:]]*//p' | head -n 1)
  forced_backend=${FAST25519_BACKEND:-${FAST25519_IMPL:-}}
  sw=$(awk '/^name = /{n=$3} /^version = /{gsub(/"/,"",n); gsub(/"/,"",$3); if (n ~ /^(ed25519-dalek|curve25519-dalek|ed25519-zebra|ed25519-simd)$/) printf "\"%s\": \"%s\", ", n, $3}' bench/peers/Cargo.lock)
  [ -n "$F25519_LIB25519_DIR" ] && sw+="\"lib25519\": \"$(cat "$F25519_LIB25519_DIR/VERSION" 2>/dev/null)\", "
  sw+="\"rustc\": \"$("$RUSTC" --version | cut -d' ' -f2)\""
  python3 bench/peers/batch.py --runs "${files[@]}" --json "$out" \
    --host-json "$(python3 -c 'import json,sys; print(json.dumps(dict(name=sys.argv[1], label=sys.argv[1], cpu=sys.argv[2], kind=sys.argv[3], vcpus=int(sys.argv[4]), tsc_ghz=float(sys.argv[5]))))' \
                  "$name" "${cpu_model:-unknown}" "$(grep -qw avx512ifma /proc/cpuinfo && echo AVX-512IFMA || echo AVX2)" "$(nproc)" \
                  "$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tsc_ghz"])' "${files[0]}")")" \
    --date "$(date -u '+%Y-%m-%d %H:%M UTC')" --commit "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
    --command "bash scripts/bench-batch.sh${cmdline:+ $cmdline}" --software "{$sw}" \
    ${forced_backend:+--note "FAST25519_BACKEND=$forced_backend"} || return 1
  if [ "$check" = 1 ]; then
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["results"] and all(r["ticks_per_signature"] for r in d["results"])' "$out" || return 1
  else
    echo "peers: written to $out"
  fi
}
peers_ok=1
if [ "$peers" = 1 ]; then
  echo
  peers_ok=0
  if peers_part; then peers_ok=1; fi
fi

fail=0
[ -e "$tmp/failed" ] && fail=1
[ "$peers_ok" = 1 ] || fail=1
if [ "$check" = 1 ]; then # the pipeline ran and every figure parsed; no speed asserted
  if [ "$fail" = 0 ] && printf '%s\n' "${rows[@]}" | grep -q '^  zip215 n = 1024 *[0-9]'; then
    echo "bench-batch.sh --check: ok"
  else
    echo "bench-batch.sh --check: FAILED" >&2
    exit 1
  fi
fi
exit "$fail"
