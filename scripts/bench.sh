#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The README's main command: installs the missing Debian packages (as root on a
# fresh Debian 12), builds fast25519 (Release, in build/) and prints the benchmark
# table of fast25519 (every backend this CPU has) against OpenSSL and libsodium.
# Usage: bash scripts/bench.sh [--json] [--seconds S] [--cold]   (arguments go to `fast25519 bench`)
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh bench

log=build/bench-build.log
mkdir -p build
echo "== building fast25519 (Release, build/; log: $log)" >&2
if ! { cmake -S . -B build -DCMAKE_BUILD_TYPE=Release &&
       cmake --build build --target fast25519_cli -j2; } >"$log" 2>&1; then
  tail -n 40 "$log" >&2
  echo "bench.sh: build failed (full log: $log)" >&2
  exit 1
fi

bin=build/bin/fast25519
"$bin" info >&2 || true
# Pin to CPU 1 (the bench also pins itself to the CPU it starts on); without
# taskset or a CPU 1, run unpinned by taskset.
if command -v taskset >/dev/null 2>&1 && taskset -c 1 true 2>/dev/null; then
  echo "== taskset -c 1 $bin bench $*" >&2
  exec taskset -c 1 "$bin" bench "$@"
fi
echo "== $bin bench $* (taskset unavailable: not pinned to CPU 1)" >&2
exec "$bin" bench "$@"
