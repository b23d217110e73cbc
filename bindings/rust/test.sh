#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The Rust binding's checks: installs what they need (scripts/install-deps.sh build rust-binding),
# runs `cargo test --release` natively and with FAST25519_BACKEND=portable (the dispatcher's portable
# backend: no SIGILL path), and compiles the criterion benchmark (`cargo build --benches`; it is
# not run here). Exits non-zero on the first failure.
# CARGO_TARGET_DIR defaults to bindings/rust/target (ignored by git).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

bash "$root/scripts/install-deps.sh" build rust-binding
cargo=$(bash "$root/scripts/find-cargo.sh")
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$here/target}
cd "$here"
start=$SECONDS

step() { echo "== bindings/rust: $*"; }

step "cargo test --release (backend chosen from CPUID)"
"$cargo" test --release --locked
step "cargo test --release with FAST25519_BACKEND=portable"
FAST25519_BACKEND=portable "$cargo" test --release --locked
step "cargo build --release --benches (compiled, not run)"
"$cargo" build --release --locked --benches
echo "bindings/rust: all passed in $((SECONDS - start)) s"
