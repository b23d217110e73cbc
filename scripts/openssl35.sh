#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Builds OpenSSL 3.5 from Debian 13 (trixie)'s source package and installs it to a cache directory
# outside the repository, for building and testing the provider against 3.5 (scripts/test.sh stage,
# scripts/e2e.sh --openssl35). A no-op when the install is present and works. Prints the prefix.
#
# Usage: scripts/openssl35.sh            (prints the install prefix on stdout; progress on stderr)
# Environment:
#   F25519_OPENSSL35_PREFIX  install prefix (default /var/cache/fast25519/openssl-3.5)
#   F25519_DEBIAN_MIRROR     Debian mirror (default http://deb.debian.org/debian)
#   JOBS                     parallel build jobs (default 2)
#
# The source comes from `apt-get source --download-only` with PRIVATE apt options (own sources.list,
# own lists/cache directories under the work directory): the machine's apt configuration and package
# lists are not touched. The index may list versions the mirror no longer keeps, so the newest 3.5.x
# that actually downloads is taken. Needs dpkg-dev (scripts/install-deps.sh openssl35).
set -euo pipefail

prefix=${F25519_OPENSSL35_PREFIX:-/var/cache/fast25519/openssl-3.5}
mirror=${F25519_DEBIAN_MIRROR:-http://deb.debian.org/debian}
jobs=${JOBS:-2}
log() { printf 'openssl35: %s\n' "$*" >&2; }

# Present and working: the binary runs from the prefix's own lib and reports 3.5.
works() {
  [ -x "$prefix/bin/openssl" ] && [ -e "$prefix/include/openssl/opensslv.h" ] || return 1
  local v
  v=$(LD_LIBRARY_PATH="$prefix/lib" "$prefix/bin/openssl" version 2>/dev/null) || return 1
  case "$v" in "OpenSSL 3.5."*) ;; *) return 1 ;; esac
  # The default provider must load (modules directory of this install).
  LD_LIBRARY_PATH="$prefix/lib" "$prefix/bin/openssl" list -providers -provider default >/dev/null 2>&1
}
if works; then
  log "present: $(LD_LIBRARY_PATH="$prefix/lib" "$prefix/bin/openssl" version) in $prefix"
  echo "$prefix"; exit 0
fi

for tool in apt-get apt-cache dpkg-source make perl; do
  command -v "$tool" >/dev/null || { log "ERROR: '$tool' not found (scripts/install-deps.sh openssl35)"; exit 1; }
done

work=${prefix}.work
rm -rf "$work"
mkdir -p "$work"/{etc/sources.list.d,etc/preferences.d,lists/partial,cache/archives/partial,src}
printf 'deb-src %s trixie main\n' "$mirror" > "$work/etc/sources.list"
apt_opts=(
  -o "Dir::Etc::SourceList=$work/etc/sources.list"
  -o "Dir::Etc::SourceParts=$work/etc/sources.list.d"
  -o "Dir::Etc::PreferencesParts=$work/etc/preferences.d"
  -o "Dir::State::Lists=$work/lists"
  -o "Dir::Cache=$work/cache"
  -o "Dir::Cache::archives=$work/cache/archives"
  -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache="
  -o "APT::Sandbox::User=root"
  -o "Acquire::Languages=none"
)
log "fetching the trixie source index from $mirror (private apt state in $work)"
apt-get "${apt_opts[@]}" update -qq >&2

# Every 3.5.x the index lists, newest first.
mapfile -t versions < <(apt-cache "${apt_opts[@]}" showsrc openssl 2>/dev/null \
  | sed -n 's/^Version: //p' | grep -E '^3\.5\.' | sort -u | sort -rV)
[ ${#versions[@]} -gt 0 ] || { log "ERROR: no openssl 3.5.x source in the trixie index"; exit 1; }
log "listed: ${versions[*]}"

got=
cd "$work/src"
for v in "${versions[@]}"; do
  log "trying openssl=$v"
  if apt-get "${apt_opts[@]}" source --download-only -qq "openssl=$v" >&2 2>"$work/fetch.log"; then
    got=$v; break
  fi
  log "  openssl=$v did not download: $(grep -m1 -E '^(E|Err|W):' "$work/fetch.log" || tail -n1 "$work/fetch.log")"
  rm -f ./*.dsc ./*.tar.* ./*.diff.*
done
[ -n "$got" ] || { log "ERROR: no listed 3.5.x version downloads from $mirror"; exit 1; }
dsc=$(ls ./openssl_*.dsc | head -n1)
log "unpacking $dsc"
dpkg-source --no-check -x "$dsc" tree >/dev/null
cd tree

t_build=$(date +%s)
log "configuring (shared no-tests no-docs, --prefix=$prefix --libdir=lib)"
./Configure shared no-tests no-docs --prefix="$prefix" --openssldir="$prefix/ssl" --libdir=lib \
  -Wl,-rpath,"$prefix/lib" >"$work/configure.log" 2>&1 \
  || { tail -n 30 "$work/configure.log" >&2; log "ERROR: Configure failed"; exit 1; }
log "building with nice -n 19 make -j$jobs (several minutes)"
nice -n 19 make -j"$jobs" >"$work/build.log" 2>&1 \
  || { tail -n 40 "$work/build.log" >&2; log "ERROR: build failed (log $work/build.log)"; exit 1; }
rm -rf "$prefix"
make install_sw install_ssldirs >"$work/install.log" 2>&1 \
  || { tail -n 20 "$work/install.log" >&2; log "ERROR: install failed"; exit 1; }
log "built and installed openssl $got in $(( $(date +%s) - t_build ))s"
if ! works; then log "ERROR: the installed openssl in $prefix does not run"; exit 1; fi
cd /
rm -rf "$work"
echo "$prefix"
