#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Makes the packages: a Release build without tests in build-pkg/ (prefix /usr, the Debian multiarch
# libdir, the man page required), then cpack (cmake/F25519Package.cmake):
#   build-pkg/fast25519_<version>_amd64.deb          always
#   build-pkg/fast25519-<version>-1.x86_64.rpm       only where rpmbuild is present (else: skipped, said so)
# then checks the .deb's listing (every expected file, no build path, nothing test-only) and prints
# the paths of the packages made. As root on a fresh Debian 12 it first installs what it needs
# (scripts/install-deps.sh build package).
# Usage: bash scripts/package.sh            (F25519_PKG_BUILD=DIR: another build directory)
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
B=${F25519_PKG_BUILD:-build-pkg}

bash scripts/install-deps.sh build package

multiarch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch 2>/dev/null || true)
libdir_arg=()   # Debian's multiarch libdir; elsewhere GNUInstallDirs' choice (lib64 on Fedora/RHEL)
[ -z "$multiarch" ] || libdir_arg=(-DCMAKE_INSTALL_LIBDIR="lib/$multiarch")
mkdir -p "$B"
log=$B/package.log
: > "$log"
run() {  # run CMD...: output to the log; on failure its tail and exit 1
  echo "== $*" >> "$log"
  if ! "$@" >> "$log" 2>&1; then
    tail -n 60 "$log" >&2
    echo "package.sh: failed: $* (full log: $log)" >&2
    exit 1
  fi
}
echo "== configuring and building (Release, prefix /usr, $B/; log: $log)" >&2
# -ffile-prefix-map: no path of this checkout in the binaries (assert messages, debug info).
# Both spellings of the tests switch, so that no test (and no test-only dependency) is configured.
run cmake -S . -B "$B" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
  "${libdir_arg[@]}" -DF25519_MAN=ON \
  -DF25519_BUILD_TESTING=OFF -DF25519_BUILD_TESTS=OFF -DBUILD_TESTING=OFF \
  "-DCMAKE_C_FLAGS=-ffile-prefix-map=$src/=" --no-warn-unused-cli
run cmake --build "$B" -j2
rm -f "$B"/fast25519_*.deb "$B"/fast25519-*.rpm
echo "== cpack" >&2
run cpack -B "$B" --config "$B/CPackConfig.cmake"
if ! command -v rpmbuild >/dev/null; then
  echo "package.sh: rpmbuild not found: the .rpm is skipped" >&2
fi

shopt -s nullglob
debs=("$B"/fast25519_*_*.deb)
rpms=("$B"/fast25519-*.rpm)
[ ${#debs[@]} -eq 1 ] || { echo "package.sh: expected one .deb in $B, found ${#debs[@]}" >&2; exit 1; }
deb=${debs[0]}

# ---- sanity of the .deb ----
fail=0
listing=$(dpkg-deb -c "$deb" | awk '{print $6}' | sed 's|^\./|/|')
ver=$(dpkg-deb -f "$deb" Version)
libdir=/usr/lib/$multiarch
moddir=$(openssl version -m 2>/dev/null | sed -n 's/^MODULESDIR: "\(.*\)"$/\1/p')
moddir=${moddir:-$libdir/ossl-modules}
for f in "$libdir/libfast25519.so.0" "$libdir/libfast25519.so.$ver" "$libdir/libfast25519.so" \
         "$libdir/libfast25519.a" /usr/include/fast25519.h "$libdir/pkgconfig/fast25519.pc" \
         "$libdir/cmake/fast25519/fast25519Config.cmake" "$libdir/cmake/fast25519/fast25519Targets.cmake" \
         /usr/bin/fast25519 "$moddir/fast25519.so" /usr/share/doc/fast25519/openssl-fast25519.cnf \
         /usr/share/doc/fast25519/LICENSE /usr/share/doc/fast25519/copyright /usr/share/man/man1/fast25519.1.gz; do
  grep -qxF "$f" <<<"$listing" || { echo "package.sh: $deb lacks $f" >&2; fail=1; }
done
if bad=$(grep -vE '^/usr/(bin|include|lib|share)(/|$)|^/$|^/usr/$' <<<"$listing"); then
  echo "package.sh: $deb holds files outside /usr/{bin,include,lib,share}:" >&2; echo "$bad" >&2; fail=1
fi
if bad=$(grep -iE 'test|emu|bench|tls-bench|evp-seq|/build' <<<"$listing"); then
  echo "package.sh: $deb holds test, benchmark or build files:" >&2; echo "$bad" >&2; fail=1
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
dpkg-deb -x "$deb" "$tmp"
if bad=$(grep -rlF "$src" "$tmp"); then
  echo "package.sh: files in $deb name the build path $src:" >&2; echo "$bad" >&2; fail=1
fi
[ "$fail" = 0 ] || exit 1

echo "package.sh: $(dpkg-deb -f "$deb" Package) $ver, Depends: $(dpkg-deb -f "$deb" Depends)" >&2
for p in "$deb" "${rpms[@]}"; do echo "$p"; done
