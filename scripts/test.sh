#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The fast25519 test command (README): bash scripts/test.sh [--quick]
#
#  --quick: the quick tier only, for a person changing code: the test packages, the Release build in
#     build/ (configured -DF25519_BUILD_TESTING=ON -DF25519_TEST_TIER=quick) and its `ctest` (the
#     suites of a few minutes; a plain `ctest` in that tree runs the same). Stages 2-3d are skipped.
# Without it (the full tier, .ci/run's), in order:
#
#  1. installs missing Debian packages (scripts/install-deps.sh test; needs root on a fresh Debian 12)
#  2. ASan+UBSan build in build-asan/ and its CTest (without the slow, ct, valgrind and nosan labels)
#  2b. ThreadSanitizer build in build-tsan/ (clang -fsanitize=thread): the tests that run helper threads
#     (ctest -L thread: spawn and teams, batch verification, the msm window sums), native backends
#  3. MemorySanitizer constant-time build in build-msan/ (clang, whole library with -fsanitize=memory):
#     the ct_msan tests, secrets poisoned with __msan_poison, on every backend incl. ifma
#  3b. OpenSSL 3.5 (scripts/openssl35.sh, cached outside the repo), build-ossl35/ against it and its
#     `ctest -L provider` (F25519_TEST_OPENSSL35=0 skips it)
#  3c. coverage-guided fuzzing: scripts/fuzz.sh (build-fuzz/, clang libFuzzer + ASan + UBSan), each
#     tests/fuzz harness for 20 s (F25519_FUZZ_SECONDS; F25519_TEST_FUZZ=0 skips it)
#  3d. scripts/prove.sh: machine-checked field arithmetic (tools/prove/, src/field/bounds.toml) and its
#     self-check (CTest prove_field, prove_selfcheck; label prove)
#  4. Release build in build/; the peer benchmark's self-check (scripts/bench-peers.sh --check:
#     the Rust harness of aws-lc, ring and dalek built with cargo and cross-checked against
#     fast25519; F25519_TEST_PEERS=0 skips it); the batch benchmark's self-check (scripts/bench-batch.sh
#     --check: one tiny pass, every figure parsed, no speed asserted); the language bindings
#     (bindings/{rust,python,go}/test.sh); then
#     `ctest --output-on-failure -LE 'slow|prove'` there
#     (prove ran in 3d): vectors, differential vs OpenSSL, bad input, CLI, valgrind constant-time, dudect,
#     unit, ifma and provider tests. It runs last, so CTest's summary ends the output.
# Exits non-zero if any build or test of any stage failed.
#
# Environment: JOBS (parallel build/test jobs, default 2); F25519_VECTORS (test-vector directory,
# default <repo>/tests/vectors); F25519_TEST_SANITIZERS=0 skips stages 2-3 (developer shortcut);
# F25519_TEST_OPENSSL35=0 the OpenSSL 3.5 stage; F25519_TEST_PEERS=0 the peer benchmark self-check;
# F25519_TEST_FUZZ=0 the fuzzing stage (F25519_FUZZ_SECONDS: seconds per harness, default 20);
# F25519_TEST_BINDINGS=0 the language bindings' tests (bindings/*/test.sh).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
quick=0
for a in "$@"; do
  case "$a" in
    --quick) quick=1 ;;
    -h|--help) sed -n '3,9p' "$0"; exit 0 ;;
    *) echo "usage: bash scripts/test.sh [--quick]" >&2; exit 2 ;;
  esac
done
jobs=${JOBS:-2}
failed=()
t0=$(date +%s)

say() { printf '\n==== test.sh: %s (%ss)\n' "$*" "$(( $(date +%s) - t0 ))"; }

deps=(test prove)
[ "$quick" = 1 ] && deps=(test)
say "installing missing Debian packages (scripts/install-deps.sh ${deps[*]})"
if ! bash scripts/install-deps.sh "${deps[@]}"; then
  echo "test.sh: dependency installation failed (run as root, or install the packages listed above)" >&2
  exit 1
fi

vectors=${F25519_VECTORS:-$root/tests/vectors}
if [ ! -d "$vectors" ]; then
  echo "test.sh: ERROR: test-vector directory '$vectors' not found; set F25519_VECTORS." >&2
  echo "test.sh: every vector test will FAIL (they never skip)." >&2
fi

# configure_build DIR [cmake args...]: configure + build; records a failure and returns 1 on error.
configure_build() {
  local dir=$1; shift
  mkdir -p "$dir"
  if ! cmake -S "$root" -B "$dir" -DF25519_BUILD_TESTING=ON -DF25519_TEST_TIER=full "$@" >"$dir/configure.log" 2>&1; then
    cat "$dir/configure.log"; failed+=("configure $dir"); return 1
  fi
  return 0
}

# ---- the quick tier: one Release build and its plain ctest ----
if [ "$quick" = 1 ]; then
  say "Release build (build, quick tier)"
  if configure_build build -DCMAKE_BUILD_TYPE=Release -DF25519_TEST_TIER=quick &&
     { cmake --build build -j"$jobs" 2>&1 | tail -n 3; [ "${PIPESTATUS[0]}" -eq 0 ]; }; then
    say "quick ctest (build)"
    ctest --test-dir build --output-on-failure -j"$jobs" || failed+=("quick tests")
  else
    failed+=("Release build")
  fi
  say "done"
  if [ ${#failed[@]} -gt 0 ]; then
    echo "test.sh: FAILED: ${failed[*]}" >&2
    exit 1
  fi
  exit 0
fi

run_sanitizers=${F25519_TEST_SANITIZERS:-1}
if [ "$run_sanitizers" != 0 ]; then
  # ---- 2. ASan + UBSan ----
  say "ASan+UBSan build (build-asan)"
  if configure_build build-asan -DCMAKE_BUILD_TYPE=Release -DF25519_SANITIZE=address,undefined; then
    if cmake --build build-asan -j"$jobs" 2>&1 | tail -n 3; [ "${PIPESTATUS[0]}" -eq 0 ]; then
      say "ASan+UBSan ctest (-LE 'slow|ct|valgrind|nosan')"
      ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        ctest --test-dir build-asan --output-on-failure -j"$jobs" -LE 'slow|ct|valgrind|nosan' \
        || failed+=("ASan+UBSan tests")
    else
      failed+=("ASan+UBSan build")
    fi
  fi

  # clang_stage NAME DIR SANITIZER LABEL CTEST_JOBS TARGETS...: a clang build of TARGETS with
  # -fsanitize=SANITIZER in DIR and its `ctest -L LABEL -j CTEST_JOBS`; failures recorded under NAME.
  clang_stage() {
    local name=$1 dir=$2 san=$3 label=$4 cjobs=$5; shift 5
    local cc
    cc=$(command -v clang || command -v clang-14 || true)
    if [ -z "$cc" ]; then
      echo "test.sh: clang not found: the $name stage cannot run" >&2
      failed+=("$name (no clang)"); return
    fi
    configure_build "$dir" -DCMAKE_C_COMPILER="$cc" -DCMAKE_BUILD_TYPE=Release -DF25519_SANITIZE="$san" || return
    if cmake --build "$dir" -j"$jobs" --target "$@" 2>&1 | tail -n 3; [ "${PIPESTATUS[0]}" -eq 0 ]; then
      say "$name ctest (-L $label)"
      ctest --test-dir "$dir" --output-on-failure -j"$cjobs" -L "$label" || failed+=("$name tests")
    else
      failed+=("$name build")
    fi
  }

  # ---- 2b. ThreadSanitizer: the helper threads of the batch APIs (common/spawn.h, common/team.h);
  #      native backends only: sanitizer builds leave the emulated ones to the Release stage ----
  say "ThreadSanitizer build (build-tsan, clang -fsanitize=thread, the thread-labelled tests)"
  TSAN_OPTIONS=halt_on_error=1:exitcode=66 clang_stage TSan build-tsan thread thread "$jobs" \
    test_spawn test_verify_batch test_verify_lanes test_msm_pippenger

  # ---- 3. MemorySanitizer constant-time build ----
  say "MSan constant-time build (build-msan, clang -fsanitize=memory)"
  clang_stage MSan build-msan memory msan 1 ct_valgrind
fi

# ---- OpenSSL 3.5: the provider built and tested a second time (scripts/openssl35.sh) ----
# Self-contained block: OpenSSL 3.5 from Debian 13's source package, cached in
# /var/cache/fast25519/openssl-3.5 (F25519_OPENSSL35_PREFIX); build-ossl35/ against it;
# `ctest -L provider` there. F25519_TEST_OPENSSL35=0 skips it (developer shortcut).
if [ "${F25519_TEST_OPENSSL35:-1}" != 0 ]; then
  say "OpenSSL 3.5 (scripts/openssl35.sh; first run builds it, several minutes)"
  if ossl35=$(bash scripts/install-deps.sh openssl35 && bash scripts/openssl35.sh); then
    say "provider build against $ossl35 (build-ossl35)"
    if configure_build build-ossl35 -DCMAKE_BUILD_TYPE=Release -DOPENSSL_ROOT_DIR="$ossl35"; then
      if cmake --build build-ossl35 -j"$jobs" --target f25519_provider_tests 2>&1 | tail -n 3; [ "${PIPESTATUS[0]}" -eq 0 ]; then
        say "OpenSSL 3.5 provider ctest (build-ossl35, -L provider)"
        ctest --test-dir build-ossl35 --output-on-failure -L provider || failed+=("OpenSSL 3.5 provider tests")
      else
        failed+=("OpenSSL 3.5 provider build")
      fi
    fi
  else
    failed+=("OpenSSL 3.5 (scripts/openssl35.sh)")
  fi
fi

# ---- 3c. coverage-guided fuzzing: scripts/fuzz.sh (build-fuzz/, clang libFuzzer + ASan + UBSan),
# every harness of tests/fuzz for a short fixed time (F25519_FUZZ_SECONDS, default 20 s each;
# F25519_TEST_FUZZ=0 skips it). The replay of tests/fuzz/regress runs in the CTest stages (fuzz label).
if [ "${F25519_TEST_FUZZ:-1}" != 0 ]; then
  say "fuzzing (scripts/fuzz.sh --seconds ${F25519_FUZZ_SECONDS:-20}: every harness, libFuzzer+ASan+UBSan)"
  bash scripts/fuzz.sh --seconds "${F25519_FUZZ_SECONDS:-20}" || failed+=("fuzzing (scripts/fuzz.sh)")
fi

# ---- 3d. Machine-checked field arithmetic (scripts/prove.sh: the table routine x property, then the
#      self-check on deliberately broken copies). The same two checks are the CTest tests prove_field and
#      prove_selfcheck (label prove), which the main run below therefore excludes.
say "machine-checked field arithmetic (scripts/prove.sh)"
bash scripts/prove.sh || failed+=("prove.sh (field arithmetic proofs)")

# ---- 4. Release build and the main run (last: its summary ends the output) ----
say "Release build (build)"
if configure_build build -DCMAKE_BUILD_TYPE=Release -DF25519_TEST_TIER=full; then
  if cmake --build build -j"$jobs" 2>&1 | tail -n 3; [ "${PIPESTATUS[0]}" -eq 0 ]; then
    if [ ${#failed[@]} -gt 0 ]; then
      say "earlier stages FAILED: ${failed[*]} (see above); main run follows"
    fi
    # Which backends this host runs natively, which not (their *_<name> suites are skipped; a vector
    # backend's *_<name>-emu suites run its sources compiled against SIMDe on every host).
    if [ -x build/bin/fast25519 ]; then
      backends=$(build/bin/fast25519 info | sed -n 's/^backends: //p')
      native=$(printf '%s\n' $backends | sed -n 's/=available$//p' | xargs)
      missing=$(printf '%s\n' $backends | sed -n 's/=unavailable$//p' | xargs)
      say "backends tested natively: ${native:-none}; not on this CPU/build: ${missing:-none} (their -emu twins, if vector code, still run); $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
    fi
    # The peer benchmark's Rust harness (scripts/bench-peers.sh --check): builds it (cargo; the first
    # run compiles aws-lc-sys, ring and dalek, a few minutes), cross-checks aws-lc, ring, dalek and
    # fast25519's CLI on the RFC vectors and random inputs, and the harness's linked-in fast25519
    # (every backend here) on its timed calls, and runs two tiny rounds of the whole pipeline with
    # the JSON schema checked. No speed is asserted. F25519_TEST_PEERS=0 skips it.
    if [ "${F25519_TEST_PEERS:-1}" != 0 ]; then
      say "peer benchmark self-check (scripts/bench-peers.sh --check)"
      F25519_VECTORS="$vectors" bash scripts/bench-peers.sh --check || failed+=("peers self-check (scripts/bench-peers.sh --check)")
    fi
    # The batch benchmark (scripts/bench-batch.sh --check): one tiny pass of every figure it
    # prints (paired batch / single ratios per native vector backend, 2 threads / 1), parsed. No
    # speed is asserted.
    say "batch benchmark self-check (scripts/bench-batch.sh --check)"
    bash scripts/bench-batch.sh --check || failed+=("batch benchmark self-check (scripts/bench-batch.sh --check)")
    # The language bindings (bindings/<language>/test.sh: each installs its toolchain, builds the
    # library of this checkout, runs its tests natively and with FAST25519_BACKEND=portable).
    # F25519_TEST_BINDINGS=0 skips them.
    if [ "${F25519_TEST_BINDINGS:-1}" != 0 ]; then
      for lang in rust python go; do
        [ -f "bindings/$lang/test.sh" ] || continue
        say "$lang binding (bash bindings/$lang/test.sh)"
        bash "bindings/$lang/test.sh" || failed+=("$lang binding (bindings/$lang/test.sh)")
      done
    fi
    say "main ctest (build, -LE slow)"
    ctest --test-dir build --output-on-failure -j"$jobs" -LE 'slow|prove' || failed+=("main tests")
  else
    failed+=("Release build")
    say "FAILED: ${failed[*]}"
  fi
else
  say "FAILED: ${failed[*]}"
fi
if [ ${#failed[@]} -gt 0 ]; then
  echo "test.sh: FAILED: ${failed[*]}" >&2
  exit 1
fi
