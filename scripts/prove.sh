#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Machine-checked field arithmetic: bash scripts/prove.sh [--selfcheck-only | --no-selfcheck]
#
# Compiles each field routine listed in src/field/bounds.toml with clang 14 to LLVM IR (the build's
# flags), executes the IR symbolically (tools/prove/) and prints a table routine x property:
#   (a) no overflow of any word/lane, IFMA multiplicands < 2^52; (b) outputs within the documented
#   bounds; (c) the result congruent mod p to the intended function (CryptoLine's algebraic method,
#   sympy; z3 for the bit-precise encodings and where intervals are too coarse).
# Then the self-check (tools/prove/selfcheck.py): deliberately broken copies of the sources (dropped
# carry, fold constant 19 -> 18, a bound one bit too small, ...) must each be rejected.
# Nothing is cached: every run compiles from the current sources.
#
# Python deps (z3-solver, sympy from the Python package index) live in a venv outside the repo,
# ${F25519_PROVE_VENV:-/var/cache/fast25519/prove-venv}, made by `scripts/install-deps.sh prove`
# (Debian 12's python3 is "externally managed" (PEP 668): a venv, not --break-system-packages).
# Exit status 0 iff everything not marked `open` in bounds.toml is proved and every broken copy is rejected.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
venv=${F25519_PROVE_VENV:-/var/cache/fast25519/prove-venv}
if ! "$venv/bin/python" -c 'import z3, sympy' 2>/dev/null; then
  if ! bash scripts/install-deps.sh prove; then
    echo "SKIP: prove.sh: the prover's venv $venv cannot be set up (run scripts/install-deps.sh prove as root)" >&2
    exit 77
  fi
fi
py="$venv/bin/python"
rc=0
if [ "${1:-}" != --selfcheck-only ]; then
  "$py" tools/prove/prove.py || rc=1
fi
if [ "${1:-}" != --no-selfcheck ]; then
  echo
  "$py" tools/prove/selfcheck.py || rc=1
fi
exit $rc
