#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Builds lib25519 (D. J. Bernstein et al.) from Debian 13 (trixie)'s source package and installs
# it to a cache directory outside the repository, for the peer benchmark's lib25519 rows
# (scripts/bench-peers.sh, scripts/bench-batch.sh). A no-op when the install is present and works.
# Prints the prefix on stdout; progress on stderr; exits non-zero with the reason when it cannot.
#
# Usage: scripts/lib25519.sh
# Environment:
#   F25519_LIB25519_PREFIX  install prefix (default /var/cache/fast25519/lib25519)
#   F25519_DEBIAN_MIRROR    Debian mirror (default http://deb.debian.org/debian)
#   JOBS                    parallel build jobs (default 2)
#   F25519_LIB25519_CHECK_ONLY=1   only report whether a working install is present (exit 0/1)
#
# Debian 12 has neither lib25519 nor its build dependencies, so all three come from trixie:
#   lib25519, librandombytes: trixie's source packages (`apt-get source --download-only` with
#     PRIVATE apt options, as scripts/openssl35.sh; the machine's apt state is not touched), built
#     with their own ./configure && make into the prefix. When a mirror serves the upstream tarball
#     (.orig.tar.gz) but not the .dsc or the Debian tarball, the tarball alone is built.
#   libcpucycles: lib25519 needs it only for its lib25519-speed command. Its trixie source, when
#     the mirror serves it; else trixie's binary packages libcpucycles1 + libcpucycles-dev
#     (libc6 >= 2.34, so they run on Debian 12), unpacked into the prefix with dpkg-deb -x.
# Needs dpkg-dev, python3, make, gcc, libssl-dev (scripts/install-deps.sh lib25519, run here). The
# build takes about 25 minutes on 2 busy cores: lib25519 compiles every implementation with each of
# its compilers and checks each object (instructions, namespace).
set -euo pipefail

prefix=${F25519_LIB25519_PREFIX:-/var/cache/fast25519/lib25519}
mirror=${F25519_DEBIAN_MIRROR:-http://deb.debian.org/debian}
jobs=${JOBS:-2}
log() { printf 'lib25519: %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# Present and working: the header, the library, and a key exchange through it (lib25519-test is
# lib25519's own self-test; its quick form runs in well under a second).
works() {
  [ -e "$prefix/include/lib25519.h" ] && [ -e "$prefix/lib/lib25519.so" ] || return 1
  LD_LIBRARY_PATH="$prefix/lib" "$prefix/bin/lib25519-test" dh >/dev/null 2>&1
}
if works; then
  log "present in $prefix ($(cat "$prefix/VERSION" 2>/dev/null))"
  echo "$prefix"; exit 0
fi
[ "${F25519_LIB25519_CHECK_ONLY:-0}" = 1 ] && { log "not present in $prefix"; exit 1; }
[ "$(uname -m)" = x86_64 ] || die "only x86-64 is supported here (uname -m: $(uname -m))"
bash "$(dirname "${BASH_SOURCE[0]}")/install-deps.sh" lib25519 >&2 || die "bash scripts/install-deps.sh lib25519 failed"
for tool in apt-get apt-cache dpkg-source dpkg-deb python3 make gcc; do
  command -v "$tool" >/dev/null || die "'$tool' not found (bash scripts/install-deps.sh lib25519)"
done
[ -e /usr/include/openssl/rand.h ] || die "OpenSSL headers missing (librandombytes-openssl): bash scripts/install-deps.sh lib25519"

work=${prefix}.work
rm -rf "$work"
mkdir -p "$work"/{etc/sources.list.d,etc/preferences.d,lists/partial,cache/archives/partial,src,deb}
printf 'deb-src %s trixie main\ndeb [arch=amd64] %s trixie main\n' "$mirror" "$mirror" > "$work/etc/sources.list"
apt_opts=(
  -o "Dir::Etc::SourceList=$work/etc/sources.list"
  -o "Dir::Etc::SourceParts=$work/etc/sources.list.d"
  -o "Dir::Etc::PreferencesParts=$work/etc/preferences.d"
  -o "Dir::State::Lists=$work/lists"
  -o "Dir::State::Status=/dev/null"
  -o "Dir::Cache=$work/cache"
  -o "Dir::Cache::archives=$work/cache/archives"
  -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache="
  -o "APT::Architecture=amd64"
  -o "APT::Sandbox::User=root"
  -o "Acquire::Languages=none"
)
log "fetching the trixie index from $mirror (private apt state in $work)"
apt-get "${apt_opts[@]}" update -qq >&2 || die "apt-get update of the trixie index failed"

# fetch_source PKG: the newest trixie version's source into $work/src/PKG, unpacked into
# $work/src/PKG/tree; returns 1 when the mirror serves neither the full package nor its tarball.
fetch_source() {
  local pkg=$1 v dir=$work/src/$1
  v=$(apt-cache "${apt_opts[@]}" showsrc "$pkg" 2>/dev/null | sed -n 's/^Version: //p' | sort -rV | head -n1)
  [ -n "$v" ] || { log "no $pkg source in the trixie index"; return 1; }
  got="$v (Debian 13 source package)"
  mkdir -p "$dir"
  log "$pkg $v: apt-get source --download-only"
  if (cd "$dir" && apt-get "${apt_opts[@]}" source --download-only -qq "$pkg=$v" >"$dir/fetch.log" 2>&1) \
     && ls "$dir"/*.dsc >/dev/null 2>&1; then
    (cd "$dir" && dpkg-source --no-check -x ./*.dsc tree >/dev/null) && return 0
  fi
  log "  $pkg $v: $(grep -m1 -E '^(E|Err):' "$dir/fetch.log" || echo 'no .dsc')"
  local orig
  orig=$(ls "$dir"/*.orig.tar.* 2>/dev/null | head -n1 || true)
  [ -n "$orig" ] || return 1
  log "  building the upstream tarball the mirror serves: $(basename "$orig")"
  got="$v (Debian 13's upstream tarball $(basename "$orig"); the mirror lacks its .dsc / Debian changes)"
  mkdir -p "$dir/tree" && tar -xf "$orig" -C "$dir/tree" --strip-components=1
}

# build PKG: ./configure --prefix && make install, in the unpacked tree (the djb build systems).
build() {
  local pkg=$1; shift
  log "building $pkg (nice -n 19 make -j$jobs; log $work/$pkg.log)"
  (cd "$work/src/$pkg/tree" && ./configure --prefix="$prefix" "$@" && nice -n 19 make -j"$jobs" install) \
    >"$work/$pkg.log" 2>&1 || { tail -n 30 "$work/$pkg.log" >&2; die "$pkg build failed (log $work/$pkg.log)"; }
}

t0=$(date +%s)
rm -rf "$prefix"; mkdir -p "$prefix"
export CPATH="$prefix/include" LIBRARY_PATH="$prefix/lib" LD_LIBRARY_PATH="$prefix/lib"

if fetch_source libcpucycles; then
  build libcpucycles
else
  log "libcpucycles: its trixie source does not download; unpacking trixie's binary packages"
  (cd "$work/deb" && apt-get "${apt_opts[@]}" download libcpucycles1 libcpucycles-dev >"$work/deb/fetch.log" 2>&1) \
    || { tail -n 3 "$work/deb/fetch.log" >&2; die "libcpucycles: neither its trixie source nor its binary packages download from $mirror"; }
  for d in "$work"/deb/*.deb; do dpkg-deb -x "$d" "$work/deb/root"; done
  mkdir -p "$prefix/include" "$prefix/lib"
  cp -a "$work"/deb/root/usr/include/. "$prefix/include/"
  cp -a "$work"/deb/root/usr/lib/x86_64-linux-gnu/. "$prefix/lib/"
fi
fetch_source librandombytes || die "librandombytes: its trixie source does not download from $mirror"
build librandombytes
fetch_source lib25519 || die "lib25519: its trixie source does not download from $mirror"
echo "$got" >"$prefix/VERSION"
valgrind=--no-valgrind
command -v valgrind >/dev/null && valgrind=--valgrind
build lib25519 "$valgrind"
log "built and installed in $(( $(date +%s) - t0 ))s"
works || die "the installed lib25519 in $prefix does not pass lib25519-test dh"
rm -rf "$work"
echo "$prefix"
