#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# The fresh-machine check: what a new user runs, in a pristine Debian 12 root.
#
#   bash scripts/fresh-machine.sh [--keep] [--skip-demo]        (as root; .ci/run runs it after the tests)
#
# Makes a minimal Debian 12 root (mmdebstrap --variant=minbase bookworm; debootstrap if mmdebstrap
# cannot) in a temporary directory under /var/tmp, from the mirrors of this machine's own apt sources
# (/etc/apt/sources.list, /etc/apt/sources.list.d/*.list and *.sources: the bookworm suites), copies
# a clean export of the checkout into it (`git archive HEAD`: committed files only, no build
# directories, nothing from outside the repository) and runs in it with chroot, as root, in order:
#   demo             the README's main command: bash scripts/demo.sh --quick
#   deps-build       bash scripts/install-deps.sh build
#   cmake-install    the README's: cmake -S . -B build && cmake --build build -j2 && cmake --install build
#                    (after the demo, in its build directory, as a user would)
#   prog-pkgconfig   a short C program (Ed25519 keygen/sign/verify, X25519 keygen/derive) built with
#                    cc prog.c $(pkg-config --cflags --libs fast25519), and run
#   prog-cmake       the same program through find_package(fast25519) + fast25519::fast25519
#   package          bash scripts/package.sh (a fresh build in build-pkg/)
#   uninstall-cmake  the files of build/install_manifest.txt removed
#   deb-install      libsodium purged, then apt-get install -y ./build-pkg/fast25519_*_amd64.deb: apt
#                    pulls the declared dependencies (libsodium23 back among them); fast25519 --version,
#                    the man page, the program built against the package
#   provider-list    OPENSSL_CONF=/usr/share/doc/fast25519/openssl-fast25519.cnf openssl list -providers
#                    shows fast25519 active
#   tls-handshake    one TLS 1.3 handshake, group X25519, Ed25519 certificate: openssl s_server -www
#                    and s_client (an HTTP GET) both with that configuration; FAST25519_STATS shows
#                    that both sides' X25519 keygen and derive, the server's Ed25519 signature and
#                    the client's verification were fast25519's
#   binding-go       the Go binding's README example (bindings/go/README.md), built against the
#                    installed package through pkg-config (Go from scripts/install-deps.sh go-binding)
#   binding-rust     the Rust binding's README example in a new cargo project depending on
#                    bindings/rust/fast25519 (the crate builds the checkout's C library)
#   binding-python   pip install ./bindings/python in a venv, then its README example
#   purge            apt-get purge -y fast25519; none of the files dpkg -L listed is left
# Each step is timed and logged (logs in build-fresh/ of this checkout); it prints
# `PASS <step> (<seconds> s)`, or FAIL with the last 60 lines of the step's log and exits 1 at the
# first failure. The mounts (proc, sys, devpts, shm) and the root are removed on every exit path.
#   --keep    keep the root (its path is printed; the mounts are still removed)
#   --skip-demo  leave out the demo step (to iterate on the install and package steps; not the check)
#
# Deliberate breakage, to see the check fail (applied to the exported copy only):
#   F25519_FRESH_BREAK=drop-pkg:NAME   removes package NAME from every set of scripts/install-deps.sh
#                                      (e.g. drop-pkg:libssl-dev: the demo's build fails)
#   F25519_FRESH_BREAK=test-dep        adds a test-only dependency to the plain build: the top-level
#                                      CMakeLists.txt gets find_package(PkgConfig REQUIRED) +
#                                      pkg_check_modules(J REQUIRED jansson) after project()
# Environment: F25519_FRESH_DIR (default /var/tmp) holds the temporary root; F25519_FRESH_LOGS
# (default build-fresh/) the logs.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
keep=0 quick=0
for a in "$@"; do
  case "$a" in
    --keep) keep=1 ;;
    --skip-demo) quick=1 ;;
    -h|--help) sed -n '3,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "fresh-machine: unknown argument '$a' (--keep, --skip-demo)" >&2; exit 2 ;;
  esac
done
if [ "$(id -u)" -ne 0 ]; then
  echo "fresh-machine: must run as root (debootstrap, chroot, mounts)" >&2
  exit 1
fi
break_spec=${F25519_FRESH_BREAK:-}
case "$break_spec" in
  ''|test-dep|drop-pkg:?*) ;;
  *) echo "fresh-machine: F25519_FRESH_BREAK='$break_spec': want drop-pkg:NAME or test-dep" >&2; exit 2 ;;
esac

T0=$(date +%s.%N)
logs=${F25519_FRESH_LOGS:-$here/build-fresh}
rm -rf "$logs"; mkdir -p "$logs"
work=$(mktemp -d "${F25519_FRESH_DIR:-/var/tmp}/fast25519-fresh.XXXXXX")
root=$work/root

kill_root_procs() {  # processes left running inside the root (servers started by a step): by pid
  local p pids=()
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] && pids+=("${p#/proc/}")
  done
  [ ${#pids[@]} -gt 0 ] || return 0
  kill -TERM "${pids[@]}" 2>/dev/null || true
  sleep 1
  kill -KILL "${pids[@]}" 2>/dev/null || true
}
cleanup() {
  local rc=$? m
  trap - EXIT INT TERM
  set +e
  if [ -n "$step_pid" ]; then  # interrupted in a step: its process group (mmdebstrap, chroot, builds)
    echo "INTERRUPTED $step_name (exit $rc)"
    kill -TERM -- "-$step_pid" 2>/dev/null && sleep 1
    kill -KILL -- "-$step_pid" 2>/dev/null
    wait "$step_pid" 2>/dev/null
  fi
  kill_root_procs
  # every mount under the root, deepest first (ours, and any a failed bootstrap left)
  for m in $(awk -v r="$root" '$2 == r || index($2, r "/") == 1 { print $2 }' /proc/mounts | sort -r); do
    umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null
  done
  if grep -qF " $root/" /proc/mounts || grep -qF " $root " /proc/mounts; then
    echo "fresh-machine: mounts left under $root; not removing it:" >&2
    grep -F " $root" /proc/mounts >&2
  elif [ "$keep" = 1 ]; then
    echo "fresh-machine: root kept in $root (--keep); remove with: rm -rf $work" >&2
  else
    rm -rf "$work"
  fi
  echo "fresh-machine: total $(secs "$T0") s ($([ $rc = 0 ] && echo passed || echo FAILED); logs in $logs)"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

set -m
step_pid= step_name=
secs() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.0f", b - a }'; }
n=0
# step NAME CMD...: run CMD with its output in the step's log; PASS/FAIL line with its time.
step() {
  local name=$1; shift
  n=$((n + 1))
  local log; log=$logs/$(printf '%02d' $n)-$name.log
  local t; t=$(date +%s.%N)
  local rc=0
  # a subshell outside any condition, so that `set -e` holds inside the step's functions; in the
  # background, in its own process group (set -m), so that a signal to this script runs cleanup at
  # once and cleanup can stop the whole step
  ( "$@" ) > "$log" 2>&1 &
  step_pid=$! step_name=$name
  wait "$step_pid" || rc=$?
  step_pid=
  if [ $rc = 0 ]; then
    echo "PASS $name ($(secs "$t") s)"
    echo "$name $(secs "$t")" >> "$logs/times"
  else
    echo "FAIL $name ($(secs "$t") s, exit $rc; log: $log), last 60 lines:"
    tail -n 60 "$log" | sed 's/^/  | /'
    exit 1
  fi
}
# inroot 'SCRIPT': bash -euo pipefail in the root, in the exported checkout, with a clean environment.
# The machine's own way to the package registries goes along: its proxy settings and the CA files
# its clients are told to trust (the certificates themselves are copied by prepare_root).
pass_env=()
for v in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY SSL_CERT_FILE PIP_CERT \
         REQUESTS_CA_BUNDLE CURL_CA_BUNDLE CARGO_HTTP_CAINFO GOPROXY; do
  [ -n "${!v:-}" ] && pass_env+=("$v=${!v}")
done
inroot() {
  chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "${pass_env[@]}" \
    /bin/bash -euo pipefail -c "cd /src/fast25519; set -x; $1"
}
# readme_block FILE LANG: the first LANG code block of FILE's "## Example" section (its smallest example).
readme_block() {
  awk -v lang="$2" '/^## Example/ { sec = 1; next } sec && /^## / { exit }
                    sec && !inb && $0 ~ "^```" lang "([ ,].*)?$" { inb = 1; next }
                    inb && /^```/ { exit } inb { print }' "$1"
}

# ---- the machine's own apt sources (bookworm suites), as one-line entries ----
sources() {
  local f
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -r "$f" ] || continue
    sed -n -E 's/^[[:space:]]*(deb[[:space:]].*)$/\1/p' "$f"
  done | awk '{ s = ($2 ~ /^\[/) ? 4 : 3; for (i = 1; i <= NF; i++) if ($i ~ /^\]/) s = i + 2
               if ($s ~ /^bookworm/) print }'
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -r "$f" ] || continue
    awk 'function flush() {
           if (types ~ /(^| )deb( |$)/ && enabled != "no")
             for (u in U) for (s in S) if (S[s] ~ /^bookworm/)
               print "deb " (sb ~ /^\// ? "[signed-by=" sb "] " : "") U[u] " " S[s] " " comps
           delete U; delete S; types = ""; comps = ""; sb = ""; enabled = ""
         }
         /^[[:space:]]*#/ { next }
         /^[[:space:]]*$/ { flush(); next }
         /^[A-Za-z-]+:/ { key = tolower($1); sub(/:$/, "", key); $1 = ""; sub(/^ +/, "")
           if (key == "types") types = $0
           else if (key == "uris") { nu = split($0, a, " "); for (i = 1; i <= nu; i++) U[i] = a[i] }
           else if (key == "suites") { ns = split($0, a, " "); for (i = 1; i <= ns; i++) S[i] = a[i] }
           else if (key == "components") comps = $0
           else if (key == "signed-by") sb = $0
           else if (key == "enabled") enabled = tolower($0) }
         END { flush() }' "$f"
  done
}
mapfile -t mirrors < <(sources)
if [ ${#mirrors[@]} -eq 0 ]; then
  echo "fresh-machine: no bookworm entry in this machine's apt sources: using http://deb.debian.org" >&2
  mirrors=("deb http://deb.debian.org/debian bookworm bookworm-updates main"
           "deb http://deb.debian.org/debian-security bookworm-security main")
fi
echo "fresh-machine: $(git -C "$here" log -1 --format='%h %s' | cut -c1-72)"
echo "fresh-machine: root $root, apt sources:"; printf '  %s\n' "${mirrors[@]}"
[ -z "$break_spec" ] || echo "fresh-machine: F25519_FRESH_BREAK=$break_spec (this run must fail)"

make_root() {
  local inc=()
  if printf '%s\n' "${mirrors[@]}" | grep -q 'https://'; then inc=(--include=ca-certificates); fi
  if ! command -v mmdebstrap >/dev/null && ! command -v debootstrap >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends mmdebstrap
  fi
  if command -v mmdebstrap >/dev/null &&
     mmdebstrap --mode=root --variant=minbase "${inc[@]}" bookworm "$root" "${mirrors[@]}"; then
    return 0
  fi
  echo "fresh-machine: mmdebstrap failed; trying debootstrap" >&2
  rm -rf "$root"
  command -v debootstrap >/dev/null ||
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap
  local first; read -r -a first <<<"${mirrors[0]#deb }"
  [[ ${first[0]} == \[* ]] && first=("${first[@]:1}")
  debootstrap --variant=minbase bookworm "$root" "${first[0]}"
  printf '%s\n' "${mirrors[@]}" > "$root/etc/apt/sources.list"
}
# Mounts, resolver, the exported checkout (and the deliberate breakage, if asked for).
prepare_root() {
  local kr
  # keyrings named by signed-by: the root's apt needs them as the host's does
  for kr in $(printf '%s\n' "${mirrors[@]}" | sed -n 's/.*signed-by=\([^] ]*\).*/\1/p' | sort -u); do
    [ -e "$root$kr" ] || install -D -m 644 "$kr" "$root$kr"
  done
  mount -t proc proc "$root/proc"
  mount -t sysfs -o ro sysfs "$root/sys"
  mkdir -p "$root/dev/pts" "$root/dev/shm"
  mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$root/dev/pts"
  mount -t tmpfs -o mode=1777 shm "$root/dev/shm"
  grep -F " $root/" /proc/mounts
  rm -f "$root/etc/resolv.conf"; cp -L /etc/resolv.conf "$root/etc/resolv.conf"
  # the local CA certificates this machine trusts (its registries may be reached through them):
  # ca-certificates' postinst in the root adds them to its bundle, as on this machine
  if compgen -G "/usr/local/share/ca-certificates/*.crt" > /dev/null; then
    mkdir -p "$root/usr/local/share/ca-certificates"
    cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
  fi
  [ -e "$root/etc/hosts" ] || printf '127.0.0.1\tlocalhost\n::1\tlocalhost ip6-localhost ip6-loopback\n' > "$root/etc/hosts"
  mkdir -p "$root/src/fast25519"
  git -C "$here" archive HEAD | tar -x -C "$root/src/fast25519"
  case "$break_spec" in
    drop-pkg:*)
      local name=${break_spec#drop-pkg:} f=$root/src/fast25519/scripts/install-deps.sh
      NAME=$name perl -pi -e 's/(?<=[( ])\Q$ENV{NAME}\E(?=[ )])//g if /want\+?=\(/' "$f"
      if cmp -s "$f" <(git -C "$here" show HEAD:scripts/install-deps.sh); then
        echo "fresh-machine: drop-pkg: '$name' is in no set of scripts/install-deps.sh" >&2; return 1
      fi
      echo "break: '$name' removed from install-deps.sh's sets:"; grep -n 'want+\?=(' "$f" ;;
    test-dep)
      local f=$root/src/fast25519/CMakeLists.txt
      sed -i '/^project(/a find_package(PkgConfig REQUIRED)\npkg_check_modules(J REQUIRED jansson)' "$f"
      echo "break: test-only dependency in the plain build:"; grep -n -A2 '^project(' "$f" ;;
  esac
}

# ---- in the root ----
prog_c='#include <stdio.h>
#include <string.h>
#include <fast25519.h>
int main(void) {
    uint8_t seed[32], pub[32], sig[64], a[32], A[32], b[32], B[32], s1[32], s2[32];
    const uint8_t msg[] = "hello from a fresh machine";
    if (f25519_ed25519_keygen(seed, pub) || f25519_ed25519_sign(sig, msg, sizeof msg, seed, pub) ||
        f25519_ed25519_verify(sig, 64, msg, sizeof msg, pub, 32, F25519_VERIFY_OPENSSL)) return 1;
    sig[0] ^= 1;
    if (f25519_ed25519_verify(sig, 64, msg, sizeof msg, pub, 32, F25519_VERIFY_OPENSSL) == F25519_OK) return 1;
    if (f25519_x25519_keygen(a, A) || f25519_x25519_keygen(b, B) || f25519_x25519_derive(s1, a, B, 32) ||
        f25519_x25519_derive(s2, b, A, 32) || memcmp(s1, s2, 32)) return 1;
    printf("fast25519 %s (%s): Ed25519 sign/verify and X25519 derive ok\n", f25519_version(), f25519_backend());
    return 0;
}'
cmake_proj='cmake_minimum_required(VERSION 3.20)
project(p C)
find_package(fast25519 REQUIRED)
add_executable(p prog.c)
target_link_libraries(p fast25519::fast25519)'

step root make_root
step prepare prepare_root
if [ "$quick" = 1 ]; then
  echo "SKIP demo (--skip-demo)"
else
  # the main command's two tables: the primitives with the libsodium rows, the end-to-end summary
  step demo inroot 'bash scripts/demo.sh --quick 2>&1 | tee /tmp/demo.out
grep -E "^x25519_keygen +libsodium " /tmp/demo.out
grep -E "^## Summary" /tmp/demo.out'
fi
step deps-build inroot 'bash scripts/install-deps.sh build'
step cmake-install inroot 'cmake -S . -B build && cmake --build build -j2 && cmake --install build'
step prog-pkgconfig inroot "rm -rf /tmp/prog && mkdir -p /tmp/prog && cd /tmp/prog && cat > prog.c <<'EOF'
$prog_c
EOF
pkg-config --cflags --libs fast25519
cc prog.c \$(pkg-config --cflags --libs fast25519) -o prog
ldd ./prog | grep -F 'libfast25519.so.0 => /usr/local/'
./prog"
step prog-cmake inroot "cd /tmp/prog && cat > CMakeLists.txt <<'EOF'
$cmake_proj
EOF
cmake -S . -B build && cmake --build build && ./build/p"
step package inroot 'bash scripts/package.sh'
step uninstall-cmake inroot 'test -s build/install_manifest.txt
xargs -d "\n" rm -vf < build/install_manifest.txt
rmdir -v /usr/local/lib/cmake/fast25519 /usr/local/share/doc/fast25519 /usr/local/lib/ossl-modules 2>/dev/null || true
ldconfig
while read -r f; do test ! -e "$f"; done < build/install_manifest.txt
! pkg-config --exists fast25519'
step deb-install inroot 'deb=$(ls build-pkg/fast25519_*_amd64.deb); dpkg-deb -I "$deb"
apt-get purge -y libsodium23
apt-get install -y "./$deb" | tee /tmp/apt-install.log
sed -n "/NEW packages/,/upgraded/p" /tmp/apt-install.log | grep -w libsodium23
dpkg -s fast25519 | grep -E "^(Status|Version|Depends):"
fast25519 --version
fast25519 --version | grep -qx "fast25519 $(dpkg-query -W -f="\${Version}" fast25519)"
zcat /usr/share/man/man1/fast25519.1.gz > /tmp/fast25519.1; grep "^\.SH NAME" /tmp/fast25519.1
cd /tmp/prog && cc prog.c $(pkg-config --cflags --libs fast25519) -o prog-deb
ldd ./prog-deb | grep -E "libfast25519.so.0 => (/usr)?/lib/x86_64-linux-gnu/libfast25519.so.0"
./prog-deb'
cnf=/usr/share/doc/fast25519/openssl-fast25519.cnf
step provider-list inroot "cat $cnf
OPENSSL_CONF=$cnf openssl list -providers | tee /tmp/providers
grep -A3 '^ *fast25519\$' /tmp/providers | grep 'status: active' > /dev/null"
step tls-handshake inroot "export OPENSSL_CONF=$cnf
rm -rf /tmp/tls && mkdir -p /tmp/tls && cd /tmp/tls
openssl req -x509 -newkey ed25519 -nodes -keyout ed.key -out ed.crt -days 2 -subj /CN=localhost 2>&1
port=\$((20000 + RANDOM % 20000))
FAST25519_STATS=/tmp/tls/stats.jsonl timeout 60 openssl s_server -accept 127.0.0.1:\$port -cert ed.crt -key ed.key -tls1_3 -groups X25519 -naccept 1 -www > server.log 2>&1 &
srv=\$!
for i in \$(seq 100); do grep -q ACCEPT server.log && break; sleep 0.1; done
printf 'GET / HTTP/1.0\\r\\n\\r\\n' |
  FAST25519_STATS=/tmp/tls/stats.jsonl timeout 30 openssl s_client -connect 127.0.0.1:\$port -tls1_3 -groups X25519 -brief -ign_eof > client.log 2>&1
wait \$srv
cat client.log; echo '-- server:'; cat server.log
grep -q 'Protocol version: TLSv1.3' client.log
grep -Eq 'Peer Temp Key: X25519|Server Temp Key: X25519' client.log
grep -q '^HTTP/1.0 200 ok' client.log
echo '-- FAST25519_STATS:'; cat stats.jsonl
test \$(wc -l < stats.jsonl) -eq 2
! grep -v '\"x25519_keygen\":[1-9]' stats.jsonl
! grep -v '\"x25519_derive\":[1-9]' stats.jsonl
grep -q '\"ed25519_sign\":1,' stats.jsonl
grep -q '\"ed25519_verify\":1,' stats.jsonl"
# The language bindings' smallest README examples: Go against the installed package (pkg-config),
# Rust through the crate's build script (the checkout's sources), Python through pip (a venv).
go_main=$(readme_block "$here/bindings/go/README.md" go)
step binding-go inroot "bash scripts/install-deps.sh go-binding
rm -rf /tmp/goex && mkdir -p /tmp/goex && cd /tmp/goex
cat > main.go <<'GOEOF'
$go_main
GOEOF
export GOTOOLCHAIN=local GOFLAGS=-mod=mod
go mod init example.com/goex
go mod edit -require fast25519@v0.0.0 -replace fast25519=/src/fast25519/bindings/go
go build -o goex . && ./goex | tee out.txt
grep -q '^true <nil> true \[true\]' out.txt"
rs_main=$(readme_block "$here/bindings/rust/README.md" rust)
step binding-rust inroot "bash scripts/install-deps.sh rust-binding
cargo=\$(bash scripts/find-cargo.sh)
rm -rf /tmp/rsex && mkdir -p /tmp/rsex/src && cd /tmp/rsex
cat > Cargo.toml <<'TOMLEOF'
[package]
name = \"rsex\"
version = \"0.1.0\"
edition = \"2021\"

[dependencies]
fast25519 = { path = \"/src/fast25519/bindings/rust/fast25519\" }
TOMLEOF
{ echo 'fn main() {'; cat <<'RSEOF'
$rs_main
RSEOF
echo '    println!(\"fast25519 {} ({}): the README example ran\", fast25519::version(), fast25519::backend());'
echo '}'; } > src/main.rs
cat src/main.rs
\"\$cargo\" run --release"
py_main=$(readme_block "$here/bindings/python/README.md" python)
step binding-python inroot "bash scripts/install-deps.sh python-binding
rm -rf /tmp/pyvenv && python3 -m venv /tmp/pyvenv
/tmp/pyvenv/bin/pip install ./bindings/python
cd /tmp && cat > example.py <<'PYEOF'
$py_main
PYEOF
/tmp/pyvenv/bin/python example.py | tee out.txt
grep -qx '\[True, False\]' out.txt"
step purge inroot 'dpkg -L fast25519 > /tmp/fast25519.files
apt-get purge -y fast25519
! dpkg -s fast25519 2>/dev/null | grep -q "^Status: install ok"
left=0
while read -r f; do
  if [ -d "$f" ] && [ ! -L "$f" ]; then
    case "$f" in *fast25519*) [ ! -e "$f" ] || { echo "left: $f/"; left=1; } ;; esac
  elif [ -e "$f" ] || [ -L "$f" ]; then echo "left: $f"; left=1; fi
done < /tmp/fast25519.files
echo "$(wc -l < /tmp/fast25519.files) paths listed, left behind: $left"
[ "$left" = 0 ]'
echo "fresh-machine: every step passed"
