#!/usr/bin/env bash
# The README's main command: shows the speed-up on this machine, in under 5 minutes on a fresh
# Debian 12 (as root; installs the packages it needs).
#   1. `fast25519 bench`: every primitive, every backend this CPU has, against OpenSSL 3 and
#      libsodium in the same run (median TSC ticks, ops/s, ratios)        -> scripts/bench.sh
#   2. the short end-to-end run: TLS 1.3 handshakes (openssl s_server) and DNS-over-TLS (unbound)
#      with and without the fast25519 provider, in interleaved rounds      -> scripts/e2e.sh
# Arguments go to scripts/e2e.sh (e.g. --full for the ~30 min run that writes docs/results/).
set -euo pipefail
cd "$(dirname "$0")/.."
echo "==== 1/2: primitives (scripts/bench.sh)"
bash scripts/bench.sh
echo
echo "==== 2/2: TLS 1.3 handshakes and DNS-over-TLS (scripts/e2e.sh $*)"
bash scripts/e2e.sh "$@"
