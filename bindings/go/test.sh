#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Builds the C library of this checkout into a private prefix and tests the Go
# binding against it: go vet, then go test natively, with FAST25519_BACKEND=portable
# (no SIGILL anywhere), and linked statically (-tags fast25519_static).
# Needs only what `scripts/install-deps.sh build go-binding` installs (Go >= 1.19:
# Debian 12's golang-go or a newer go on PATH); modules come from the Go module proxy.
# Usage: bindings/go/test.sh          (F25519_GO_BUILD=dir: build directory, default bindings/go/build-go)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
start=$SECONDS

bash "$root/scripts/install-deps.sh" build go-binding

# A Go toolchain: the one on PATH, else the usual install places.
for d in "" /usr/local/go/bin /usr/lib/go/bin /usr/lib/go-1.19/bin; do
  if [ -z "$d" ]; then command -v go >/dev/null && break; continue; fi
  [ -x "$d/go" ] && { PATH=$d:$PATH; break; }
done
command -v go >/dev/null || { echo "bindings/go/test.sh: no go command (install-deps go-binding installs golang-go)" >&2; exit 1; }
export GOTOOLCHAIN=local    # the go.mod's `go 1.19` runs on any Go >= 1.19: never fetch a toolchain
echo "== $(go version)"

build=${F25519_GO_BUILD:-$here/build-go}
prefix=$build/prefix
echo "== C library -> $prefix"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
      -DF25519_BUILD_PROVIDER=OFF >"$build.log" 2>&1 || { cat "$build.log" >&2; exit 1; }
cmake --build "$build" -j"$(nproc)" >>"$build.log" 2>&1 || { tail -50 "$build.log" >&2; exit 1; }
rm -rf "$prefix"
cmake --install "$build" >>"$build.log" 2>&1 || { tail -50 "$build.log" >&2; exit 1; }
pcdir=$(dirname "$(find "$prefix" -name fast25519.pc | head -1)")
libdir=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=libdir fast25519)
export PKG_CONFIG_PATH=$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
export LD_LIBRARY_PATH=$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

cd "$here"
fail=0
step() { echo "== $*"; "$@" || { echo "FAILED: $*" >&2; fail=1; }; }
unformatted=$(gofmt -l .)
[ -z "$unformatted" ] || { echo "FAILED: gofmt -l: $unformatted" >&2; fail=1; }
step go vet ./...
step go vet -tags fast25519_static ./...
step go test -count=1 ./...
step env FAST25519_BACKEND=portable go test -count=1 ./...
step env -u LD_LIBRARY_PATH go test -count=1 -short -tags fast25519_static ./...
echo "== bindings/go: $((SECONDS - start)) s, $([ $fail = 0 ] && echo passed || echo FAILED)"
exit $fail
