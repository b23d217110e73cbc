#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Batch verification against single verification and 2 threads against 1, measured in one run on
# this host (a benchmark: it prints figures; its exit status says only whether the tools ran).
#
#   bash scripts/bench-batch.sh [--reps R] [--rounds N] [--runs K] [--all]
#   bash scripts/bench-batch.sh --check        quick self-check (the test command's Release stage)
#
# For each vector backend this CPU runs natively (ifma, avx2; --all adds mulx and portable):
#  1. per signature, one batch call against the same backend's single verify, PAIRED (the two timed
#     back to back, order alternating; the median of 4 x R ratios; bench/bench_batch.c, pinned with
#     taskset -c 1): exact (openssl mode) n = 64, zip215 n = 64 and n = 1024;
#  2. 2 threads against 1 (zip215 and exact, n = 1024; bench/bench_threads.c, N rounds of 4 calls):
#     the plain call f25519_ed25519_verify_batch(..., threads = 2) and the verify pool of 2, each
#     over the mean of the two CPUs' one-thread rates, and the two-process ceiling of the same rounds.
# The whole set is measured K times (--runs, default 3), the backends taking turns, and each figure
# is the median of its K values, printed with their range: the host's slow spells last seconds and
# can slow the vector code of one pair more than the scalar single verify it is paired with (one
# run of a pair can read half again its neighbours' ratio).
# On an AVX2 host the dispatcher picks avx2, whose single verify is the mulx backend's
# (src/backend/avx2/impl_avx2.c), so the avx2 row here is that host's figure; on an IFMA host the avx2 row runs
# the same code on another microarchitecture, and is marked so. The comparison with dalek's
# verify_batch is scripts/bench-peers.sh's.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

reps=15 rounds=30 runs=3 all=0 check=0
while [ $# -gt 0 ]; do
  case "$1" in
    --reps) reps=${2:?}; shift 2 ;;
    --rounds) rounds=${2:?}; shift 2 ;;
    --runs) runs=${2:?}; shift 2 ;;
    --all) all=1; shift ;;
    --check) check=1; shift ;;
    *) echo "usage: bash scripts/bench-batch.sh [--reps R] [--rounds N] [--runs K] [--all] | --check" >&2; exit 2 ;;
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
       cmake --build build --target fast25519_cli f25519_bench_batch f25519_bench_threads \
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

fail=0
[ -e "$tmp/failed" ] && fail=1
if [ "$check" = 1 ]; then # the pipeline ran and every figure parsed; no speed asserted
  if [ "$fail" = 0 ] && printf '%s\n' "${rows[@]}" | grep -q '^  zip215 n = 1024 *[0-9]'; then
    echo "bench-batch.sh --check: ok"
  else
    echo "bench-batch.sh --check: FAILED" >&2
    exit 1
  fi
fi
exit "$fail"
