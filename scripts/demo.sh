#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The README's main command: shows the speed-up on this machine, in under 5 minutes on a fresh
# Debian 12 (as root; installs the packages it needs).
#   1. `fast25519 bench`: every primitive, every backend this CPU has, against OpenSSL 3 and
#      libsodium in the same run (median TSC ticks, ops/s, ratios)        -> scripts/bench.sh
#      With --peers instead: the same rows and aws-lc, ring and dalek beside them, in one table
#      (builds the Rust harness bench/peers/ first; a few minutes more)  -> scripts/bench-peers.sh
#   2. the short end-to-end run: TLS 1.3 handshakes (openssl s_server) and DNS-over-TLS (unbound)
#      with and without the fast25519 provider, in interleaved rounds      -> scripts/e2e.sh
# Other arguments go to scripts/e2e.sh (e.g. --full for the ~30 min run that writes docs/results/).
set -euo pipefail
cd "$(dirname "$0")/.."
peers=0
e2e_args=()
for a in "$@"; do
  if [ "$a" = --peers ]; then peers=1; else e2e_args+=("$a"); fi
done
if [ "$peers" = 1 ]; then
  echo "==== 1/2: primitives against OpenSSL, libsodium, aws-lc, ring, dalek (scripts/bench-peers.sh)"
  bash scripts/bench-peers.sh
else
  echo "==== 1/2: primitives (scripts/bench.sh)"
  bash scripts/bench.sh
fi
echo
echo "==== 2/2: TLS 1.3 handshakes and DNS-over-TLS (scripts/e2e.sh ${e2e_args[*]})"
bash scripts/e2e.sh "${e2e_args[@]}"
