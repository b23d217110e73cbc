#!/usr/bin/env bash
# Installs the Debian 12 packages fast25519 needs, only those missing.
# Usage: scripts/install-deps.sh [build|test|bench|e2e|openssl35]...   (default: build)
#   build: compiler, cmake, OpenSSL 3 headers
#   test:  build + libsodium, libjansson (the vector files), SIMDe (emulated backends), valgrind, clang (MSan/ASan), OpenSSL CLI,
#          TLS peers (nginx, unbound, kdig)
#   bench: build + libsodium
#   e2e:   bench + TLS peers + plotting (gnuplot)
#   openssl35: what scripts/openssl35.sh needs to fetch and build OpenSSL 3.5 (dpkg-dev, perl, make)
#   prove: what scripts/prove.sh needs: clang 14, python3 + venv, and a Python venv with z3-solver and
#          sympy from the Python package index in ${F25519_PROVE_VENV:-/var/cache/fast25519/prove-venv}
#          (outside the repo; Debian 12's python3 is "externally managed" (PEP 668), so a venv rather
#          than pip --break-system-packages; the versions are pinned below)
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
    e2e)   want+=(libsodium-dev nginx-light unbound knot-dnsutils gnuplot-nox procps util-linux python3) ;;
    openssl35) want+=(dpkg-dev perl make) ;;
    prove) want+=(clang python3 python3-venv); want_venv=1 ;;
    *) echo "install-deps: unknown set '$set'" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${want[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then make_venv; exit 0; fi

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
make_venv
exit 0
