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
# --quick keeps both stages but shortens them (a 0.05 s slice per benchmark row; 2 rounds of a few
# handshakes and DNS queries per configuration): it checks that everything runs, its figures are
# rough. The fresh-machine check (scripts/fresh-machine.sh) runs it.
# Other arguments go to scripts/e2e.sh (e.g. --full for the ~30 min run that writes docs/results/).
set -euo pipefail
cd "$(dirname "$0")/.."
t0=$(date +%s)
peers=0 quick=0
e2e_args=() bench_args=()
for a in "$@"; do
  case "$a" in
    --peers) peers=1 ;;
    --quick) quick=1 ;;
    *) e2e_args+=("$a") ;;
  esac
done
if [ "$quick" = 1 ]; then
  bench_args=(--seconds 0.05)
  export E2E_ROUNDS=${E2E_ROUNDS:-2} E2E_HS_SAMPLES=${E2E_HS_SAMPLES:-4} E2E_HS_PER=${E2E_HS_PER:-10}
  export E2E_DOT_SAMPLES=${E2E_DOT_SAMPLES:-4} E2E_DOT_PER=${E2E_DOT_PER:-10}
  export E2E_PEAK_WINDOWS=${E2E_PEAK_WINDOWS:-2} E2E_PEAK_WINDOW_MS=${E2E_PEAK_WINDOW_MS:-250}
  export E2E_EVP_RUNS=${E2E_EVP_RUNS:-100} E2E_WARM=${E2E_WARM:-5}
fi
if [ "$peers" = 1 ]; then
  echo "==== 1/2: primitives against OpenSSL, libsodium, aws-lc, ring, dalek (scripts/bench-peers.sh)"
  bash scripts/bench-peers.sh
else
  echo "==== 1/2: primitives (scripts/bench.sh)"
  bash scripts/bench.sh "${bench_args[@]}"
fi
echo
echo "==== 2/2: TLS 1.3 handshakes and DNS-over-TLS (scripts/e2e.sh ${e2e_args[*]})"
bash scripts/e2e.sh "${e2e_args[@]}"
echo "demo.sh: done in $(( $(date +%s) - t0 )) s"
