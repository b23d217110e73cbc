#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Installs the Debian 12 packages fast25519 needs, only those missing.
# Usage: scripts/install-deps.sh [build|test|bench|e2e|e2e-plots|openssl35|lib25519|peers|prove]...   (default: build)
# Each set is exactly what its stage uses (scripts/fresh-machine.sh proves it in a pristine root):
#   build: compiler, cmake, pkg-config, OpenSSL 3 headers and CLI (the library, the CLI, the provider, install)
#   test:  build + what only the tests use: libsodium (differential and CLI rows), libjansson (the
#          vector files), SIMDe (emulated backends), Python 3 (structure and CLI checks), valgrind,
#          clang (MSan/ASan/TSan, libFuzzer), TLS peers (nginx, unbound, kdig, curl), procps, iproute2
#   bench: build + libsodium (the CLI benchmark's libsodium rows; taskset is in util-linux)
#   e2e:   build + unbound (DNS-over-TLS), python3 (the report)
#   e2e-plots: gnuplot (scripts/e2e.sh --full draws the plots)
#   openssl35: what scripts/openssl35.sh needs to fetch and build OpenSSL 3.5 (dpkg-dev, perl, make)
#   lib25519: what scripts/lib25519.sh needs to fetch and build lib25519 and librandombytes from
#          Debian 13's sources (dpkg-dev: dpkg-source, dpkg-deb; python3: their ./configure; make;
#          libssl-dev: librandombytes-openssl)
#   prove: what scripts/prove.sh needs: clang 14, python3 + venv, and a Python venv with z3-solver and
#          sympy from the Python package index in ${F25519_PROVE_VENV:-/var/cache/fast25519/prove-venv}
#          (outside the repo; Debian 12's python3 is "externally managed" (PEP 668), so a venv rather
#          than pip --break-system-packages; the versions are pinned below)
#   peers: bench + what scripts/bench-peers.sh needs for its Rust harness (bench/peers/): a C
#          compiler (aws-lc-sys builds aws-lc with its `cc` builder from the generated sources it
#          ships: no cmake, Go, perl or NASM needed on x86-64 Linux; ring compiles its C/assembly
#          with gcc), ca-certificates (cargo fetches the crates from crates.io), python3 (the
#          merged table), util-linux (taskset), and a Rust toolchain >= 1.85 (scripts/find-cargo.sh
#          says why). When none is found: rustup, if present, installs the stable toolchain; else
#          Debian 12's cargo-web/rustc-web packages (1.85, or 1.96 from bookworm-security) are
#          installed (Debian's own cargo/rustc 1.63 are too old for the dalek 3 crates).
set -euo pipefail

PROVE_VENV=${F25519_PROVE_VENV:-/var/cache/fast25519/prove-venv}
PROVE_PIP=(z3-solver==5.4.1.0 sympy==1.14.0)
want_venv=0
# make_venv: the prover's Python packages (only when missing; pip from the package index)
make_venv() {
  [ "$want_venv" = 1 ] || return 0
  if "$PROVE_VENV/bin/python" -c 'import z3, sympy' 2>/dev/null; then return 0; fi
  mkdir -p "$(dirname "$PROVE_VENV")"
  /usr/bin/python3 -m venv "$PROVE_VENV"
  "$PROVE_VENV/bin/pip" install -q --disable-pip-version-check "${PROVE_PIP[@]}"
}

want=(build-essential cmake pkg-config libssl-dev openssl)
for set in "${@:-build}"; do
  case "$set" in
    build) ;;
    bench) want+=(libsodium-dev) ;;
    test)  want+=(libsodium-dev libjansson-dev libsimde-dev valgrind clang libclang-rt-14-dev python3 nginx-light unbound knot-dnsutils procps iproute2 curl) ;;
    e2e)   want+=(unbound util-linux python3) ;;
    e2e-plots) want+=(gnuplot-nox) ;;
    openssl35) want+=(dpkg-dev perl make) ;;
    lib25519) want+=(dpkg-dev python3 make libssl-dev) ;;
    prove) want+=(clang python3 python3-venv); want_venv=1 ;;
    package) want+=(dpkg-dev file scdoc libsodium-dev) ;;  # scripts/package.sh: dpkg-shlibdeps + file (cpack's Depends), scdoc (man page), libsodium (the CLI's bench rows: the same package on every build host)
    fresh) want+=(mmdebstrap) ;;             # scripts/fresh-machine.sh: the pristine Debian 12 root
    rust-binding) want+=(ca-certificates pkg-config); need_rust=1 ;;   # bindings/rust (cargo test, bench)
    python-binding) want+=(python3 python3-dev python3-venv ca-certificates) ;;  # bindings/python
    go-binding) want+=(ca-certificates pkg-config); command -v go >/dev/null || [ -x /usr/local/go/bin/go ] || want+=(golang-go) ;;  # bindings/go: cgo through pkg-config; Go >= 1.19 (go.mod says 1.19): the go on PATH, else Debian 12's golang-go (1.19)
    peers) want+=(libsodium-dev ca-certificates python3 util-linux); need_rust=1 ;;
    *) echo "install-deps: unknown set '$set'" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

# A Rust toolchain for the peers harness (see the header): nothing to do when one is good enough.
ensure_rust() {
  local here; here=$(dirname "${BASH_SOURCE[0]}")
  bash "$here/find-cargo.sh" >/dev/null 2>&1 && return 0
  local rustup; rustup=$(command -v rustup || echo "$HOME/.cargo/bin/rustup")
  if [ -x "$rustup" ]; then
    echo "install-deps: no Rust >= 1.85: rustup toolchain install stable" >&2
    "$rustup" toolchain install stable --profile minimal && "$rustup" default stable
    bash "$here/find-cargo.sh" >/dev/null 2>&1 && return 0
  fi
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
    echo "install-deps: no Rust >= 1.85: installing Debian's cargo-web and rustc-web" >&2
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends cargo-web rustc-web >/dev/null
    bash "$here/find-cargo.sh" >/dev/null 2>&1 && return 0
  fi
  echo "install-deps: no Rust toolchain >= 1.85 (cargo + rustc) found or installable: install one with" >&2
  echo "  rustup (https://rustup.rs) or, on Debian 12, 'apt-get install cargo-web rustc-web'" >&2
  return 1
}
need_rust=${need_rust:-0}

if [ ${#missing[@]} -eq 0 ]; then
  [ "$need_rust" = 1 ] && { ensure_rust || exit 1; }
  make_venv
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "install-deps: missing packages: ${missing[*]} (run as root or install them)" >&2
  exit 1
fi
# Servers installed from packages must not start system-wide instances: the tests start private ones.
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; created_policy=1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
[ "${created_policy:-0}" = 1 ] && rm -f /usr/sbin/policy-rc.d
[ "$need_rust" = 1 ] && { ensure_rust || exit 1; }
make_venv
exit 0
