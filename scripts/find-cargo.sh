#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Prints the path of a cargo that can build the peer benchmark's harness (bench/peers/), or exits 1.
#
# Requirement: rustc >= 1.85, the rust-version of the newest crates in bench/peers/Cargo.lock
# (x25519-dalek 3.0, ed25519-dalek 3.0, curve25519-dalek 5.0; aws-lc-sys 0.47 needs 1.71, ring
# 0.17 1.66). Debian 12's own `cargo`/`rustc` packages (1.63) are too old; Debian 12's
# `cargo-web`/`rustc-web` (1.85 in bookworm, 1.96 in bookworm-security) and any rustup toolchain
# from 1.85 on are fine. With rustc >= 1.89, scripts/bench-peers.sh also builds dalek's
# AVX-512IFMA backend (stable from 1.89); older ones give dalek's AVX2 backend.
# Candidates, first good one wins: $CARGO, ~/.cargo/bin/cargo (rustup), cargo on PATH, /usr/bin/cargo.
# The rustc used is the one beside that cargo.
set -uo pipefail
min_minor=85

cands=()
[ -n "${CARGO:-}" ] && cands+=("$CARGO")
cands+=("$HOME/.cargo/bin/cargo")
c=$(command -v cargo 2>/dev/null) && cands+=("$c")
cands+=(/usr/bin/cargo)

for c in "${cands[@]}"; do
  [ -x "$c" ] || continue
  rustc="$(dirname "$c")/rustc"
  [ -x "$rustc" ] || continue
  v=$("$rustc" --version 2>/dev/null | awk '{print $2}') || continue
  major=${v%%.*}; rest=${v#*.}; minor=${rest%%.*}
  [[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ ]] || continue
  if [ "$major" -gt 1 ] || { [ "$major" -eq 1 ] && [ "$minor" -ge "$min_minor" ]; }; then
    echo "$c"
    exit 0
  fi
  echo "find-cargo: $c uses rustc $v (< 1.$min_minor): too old for bench/peers" >&2
done
exit 1
