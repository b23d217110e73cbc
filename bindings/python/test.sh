#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Builds and tests the Python package (bindings/python) on a fresh Debian 12:
#   1. the Debian packages (scripts/install-deps.sh python-binding: compiler, cmake, Python headers, venv);
#   2. a venv at ${F25519_PY_VENV:-/var/cache/fast25519/py-venv} (outside the repo; Debian's python3
#      is "externally managed", PEP 668) with the pinned build and test packages from the Python
#      package index;
#   3. `pip install ./bindings/python` (the C library of this checkout + the extension);
#   4. pytest twice: natively (the dispatcher's CPUID choice) and with FAST25519_BACKEND=portable.
# Exits non-zero when any step or test fails. Usage: bindings/python/test.sh [pytest args...]
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
VENV=${F25519_PY_VENV:-/var/cache/fast25519/py-venv}
# Versions that support Python 3.9+ (3.11 is Debian 12's); the build backend pinned too, since the
# package is built without build isolation (the venv's scikit-build-core).
BUILD_PIP=(scikit-build-core==1.1.2)
TEST_PIP=(pytest==9.2.0 cryptography==50.0.2 pynacl==1.6.2 numpy==2.4.6
          "dask[distributed]==2026.8.0" pandas==3.1.1 pyarrow==26.0.1)
start=$SECONDS

bash "$root/scripts/install-deps.sh" python-binding

if ! "$VENV/bin/python" -c 'import sys; assert sys.version_info >= (3, 9)' 2>/dev/null; then
  mkdir -p "$(dirname "$VENV")"
  rm -rf "$VENV"
  /usr/bin/python3 -m venv "$VENV"
fi
PY="$VENV/bin/python"
pip=("$PY" -m pip -q --disable-pip-version-check)
"${pip[@]}" install "${BUILD_PIP[@]}" "${TEST_PIP[@]}"
echo "python-binding: building the package (C library of $root + extension)"
"${pip[@]}" install --no-build-isolation --force-reinstall --no-deps "$here"
"$PY" -c 'import fast25519 as f; print(f"python-binding: fast25519 {f.__version__}, backend {f.backend()}")'

rc=0
cd "$here"
echo "python-binding: pytest (native backend)"
"$PY" -m pytest -p no:cacheprovider -q "$@" tests || rc=1
echo "python-binding: pytest (FAST25519_BACKEND=portable)"
FAST25519_BACKEND=portable "$PY" -m pytest -p no:cacheprovider -q "$@" tests || rc=1
echo "python-binding: $([ $rc = 0 ] && echo passed || echo FAILED) in $((SECONDS - start)) s"
exit $rc
