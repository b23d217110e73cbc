#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Coverage-guided fuzzing of fast25519 (tests/fuzz, libFuzzer + ASan + UBSan, clang).
#
#   bash scripts/fuzz.sh [--minutes M | --seconds S] [HARNESS...]     (default: 20 s each, all)
#
# Configures build-fuzz/ (clang, -DF25519_FUZZ=ON: library and provider instrumented), builds the
# harnesses (target f25519_fuzzers), makes the seed corpora from the external vectors
# (tests/fuzz/make_seeds.py; tests/vectors or $F25519_VECTORS), then runs each harness
# binary (build-fuzz/fuzz/fuzz_<name>, and fuzz_<name>-emu: the emulated backends) for the given
# time over its working corpus build-fuzz/corpus/<binary>/ (kept between runs), the seeds and
# tests/fuzz/regress/<name>/. Prints per harness: executions, libFuzzer's coverage (cov: edges,
# ft: features) and corpus size. A crash or mismatch stops that harness; its input is saved under
# build-fuzz/artifacts/<binary>/ (copy it into tests/fuzz/regress/<name>/ with the fix: the
# ordinary test run replays that directory, CTest fuzz_replay_<name>). Exits 1 if any harness
# failed. scripts/test.sh runs this with the default 20 s. HARNESS names select binaries
# (x25519, ed25519_verify, x25519-emu ...).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
secs=20
sel=()
while [ $# -gt 0 ]; do
  case "$1" in
    --minutes) secs=$(awk -v m="$2" 'BEGIN { printf "%d", m * 60 }'); shift 2 ;;
    --seconds) secs=$2; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) sel+=("$1"); shift ;;
  esac
done
jobs=${JOBS:-2}
bd=$root/build-fuzz
cc=$(command -v clang || command -v clang-14 || true)
if [ -z "$cc" ]; then
  echo "fuzz.sh: clang not found (scripts/install-deps.sh test installs clang and libclang-rt-14-dev)" >&2
  exit 1
fi
vectors=${F25519_VECTORS:-$root/tests/vectors}

mkdir -p "$bd"
echo "fuzz.sh: configuring and building $bd (clang, F25519_FUZZ=ON)"
if ! cmake -S "$root" -B "$bd" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Release -DF25519_FUZZ=ON -DF25519_BUILD_TESTING=ON \
     >"$bd/configure.log" 2>&1; then
  cat "$bd/configure.log"; echo "fuzz.sh: configure failed" >&2; exit 1
fi
if ! cmake --build "$bd" -j"$jobs" --target f25519_fuzzers >"$bd/build.log" 2>&1; then
  tail -n 40 "$bd/build.log"; echo "fuzz.sh: build failed" >&2; exit 1
fi
bins=()
for b in "$bd"/fuzz/fuzz_*; do
  [ -x "$b" ] || continue
  n=${b##*/fuzz_}
  if [ ${#sel[@]} -gt 0 ]; then
    keep=0
    for s in "${sel[@]}"; do [ "$s" = "$n" ] && keep=1; done
    [ $keep = 1 ] || continue
  fi
  bins+=("$b")
done
[ ${#bins[@]} -gt 0 ] || { echo "fuzz.sh: no harness selected" >&2; exit 1; }
names=$(for b in "${bins[@]}"; do n=${b##*/fuzz_}; echo "${n%-emu}"; done | sort -u)
rm -rf "$bd/seeds"
# shellcheck disable=SC2086
python3 tests/fuzz/make_seeds.py --vectors "$vectors" --out "$bd/seeds" --only $names || exit 1

export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
failed=()
rows=()
echo "fuzz.sh: ${#bins[@]} harness binaries, ${secs} s each"
for b in "${bins[@]}"; do
  bn=${b##*/}           # fuzz_x25519-emu
  n=${bn#fuzz_}; n=${n%-emu}
  corpus=$bd/corpus/$bn art=$bd/artifacts/$bn log=$bd/logs/$bn.log
  mkdir -p "$corpus" "$art" "$bd/logs"
  dirs=("$corpus" "$bd/seeds/$n")
  [ -d "tests/fuzz/regress/$n" ] && dirs+=("tests/fuzz/regress/$n")
  echo "fuzz.sh: $bn for ${secs} s (log $log)"
  "$b" -max_total_time="$secs" -timeout=120 -rss_limit_mb=4096 -print_final_stats=1 \
       -artifact_prefix="$art/" "${dirs[@]}" >"$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
  cov=$(grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+' "$log" | tail -n1)
  rows+=("$(printf '%-28s %12s  %s' "$bn" "${execs:-?}" "${cov:-?}")")
  if [ $rc -ne 0 ]; then
    failed+=("$bn")
    echo "fuzz.sh: $bn FAILED (exit $rc):"
    grep -E -A12 'FUZZ MISMATCH|ERROR: AddressSanitizer|runtime error|ERROR: libFuzzer|deadly signal' "$log" | head -n 40
    grep -E 'Test unit written to' "$log" | tail -n1
    echo "fuzz.sh: keep the input as tests/fuzz/regress/$n/<name> with the fix"
  fi
done
printf '\nfuzz.sh: %s s per harness, host: %s\n' "$secs" "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
printf '%-28s %12s  %s\n' harness executions "coverage (libFuzzer: cov = edges, ft = features, corp = inputs)"
printf '%s\n' "${rows[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz.sh: FAILED: ${failed[*]}" >&2
  exit 1
fi
