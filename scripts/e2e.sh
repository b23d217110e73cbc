#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# End-to-end benchmark: TLS 1.3 handshakes (openssl s_server) and DNS-over-TLS (unbound) with and
# without the fast25519 provider, on this machine, in interleaved rounds.
#
#   scripts/e2e.sh            short run (< 5 min on a fresh machine): installs deps, builds, prints the table
#   scripts/e2e.sh --full     15-25 min: also writes plots, JSON, raw data, command/date/machine to docs/results/
#   scripts/e2e.sh --openssl35 [--full]   adds the OpenSSL 3.5 hybrid (X25519MLKEM768) handshake configs
#
# Options:
#   --full                 the long run (docs/results/)
#   --openssl35            also `hybrid` and `fast25519-hybrid`: OpenSSL 3.5's s_server and a tls-bench
#                          built against 3.5, group X25519MLKEM768 (handshakes only; builds 3.5 with
#                          scripts/openssl35.sh and the 3.5 build tree if missing)
#   --json FILE            write {"configs": {...}, "ceiling": {...}} to FILE
#   --out DIR              where the report, plots and raw data go (default: a temp dir; --full: docs/results)
#   --configs "A B ..."    subset of: p256 x25519 fast25519 fast25519-server fast25519-warmup x25519-waker
#                          hybrid fast25519-hybrid (default: the first four; --full adds the two controls
#                          fast25519-warmup and x25519-waker; --openssl35 adds the two hybrid configs)
#   --build-dir DIR        build tree (default: build); the provider is DIR/lib/fast25519.so
#   --build-dir-35 DIR     build tree against OpenSSL 3.5 (default: build-ossl35, as scripts/test.sh)
#   --no-install           do not run scripts/install-deps.sh e2e (nor ... openssl35)
#   --no-build             do not run cmake
#   --no-ceiling           do not run fast25519-evp-seq (no zero-crypto ceiling)
#   --no-dot               handshakes only: no DNS-over-TLS tests (unbound not needed)
# Environment (optional): E2E_SERVER_WARMUP (the provider's warm-up mode in the fast25519-warmup
#   control, default on; the headline fast25519 configs use the provider's defaults),
#   E2E_SERVER_CPU / E2E_CLIENT_CPU (default 0 / 1), E2E_PORT_BASE, E2E_ROUNDS, E2E_HS_SAMPLES,
#   E2E_HS_PER, E2E_DOT_SAMPLES, E2E_DOT_PER, E2E_PEAK_WINDOWS, E2E_PEAK_WINDOW_MS, E2E_PEAK_CLIENTS,
#   E2E_WARM (unmeasured connections before each measured chunk), E2E_EVP_RUNS (ceiling: EVP
#   sequences per provider and side), F25519_OPENSSL35_PREFIX (see scripts/openssl35.sh).
# What each configuration is: docs/e2e.md.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CMDLINE="scripts/e2e.sh${*:+ $*}"
MODE=short JSON_OUT="" OUT="" INSTALL=1 BUILD=1 CEILING=1 OSSL35=0 DOT=1
BUILD_DIR="$ROOT/build"
BUILD_DIR35="$ROOT/build-ossl35"
# Order matters only for the port numbers (port_of); hybrid configs need OpenSSL 3.5.
ALL_CONFIGS="p256 x25519 fast25519 fast25519-server fast25519-warmup x25519-waker hybrid fast25519-hybrid"
CONFIGS=""
while [ $# -gt 0 ]; do
  case "$1" in
    --full) MODE=full ;;
    --openssl35) OSSL35=1 ;;
    --json) JSON_OUT=$(realpath -m "$2"); shift ;;
    --out) OUT=$(realpath -m "$2"); shift ;;
    --configs) CONFIGS="$2"; shift ;;
    --build-dir) BUILD_DIR=$(realpath -m "$2"); shift ;;
    --build-dir-35) BUILD_DIR35=$(realpath -m "$2"); shift ;;
    --no-install) INSTALL=0 ;;
    --no-build) BUILD=0 ;;
    --no-ceiling) CEILING=0 ;;
    --no-dot) DOT=0 ;;
    -h|--help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "e2e: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
if [ -z "$CONFIGS" ]; then
  CONFIGS="p256 x25519 fast25519 fast25519-server"
  [ "$MODE" = full ] && CONFIGS+=" fast25519-warmup x25519-waker"
  [ "$OSSL35" = 1 ] && CONFIGS+=" hybrid fast25519-hybrid"
fi
for c in $CONFIGS; do
  case " $ALL_CONFIGS " in *" $c "*) ;; *) echo "e2e: unknown config '$c' (fast25519-server-warmoff is now fast25519-server: docs/e2e.md)" >&2; exit 2 ;; esac
  case "$c" in *hybrid) OSSL35=1 ;; esac   # a hybrid config asked for by name implies --openssl35
done

# ---- sizes: short keeps the whole script under 5 minutes; full is the long run ----
if [ "$MODE" = full ]; then
  ROUNDS=${E2E_ROUNDS:-10} HS_SAMPLES=${E2E_HS_SAMPLES:-100} HS_PER=${E2E_HS_PER:-200}
  DOT_SAMPLES=${E2E_DOT_SAMPLES:-100} DOT_PER=${E2E_DOT_PER:-100}
  PEAK_WINDOWS=${E2E_PEAK_WINDOWS:-60} PEAK_WINDOW_MS=${E2E_PEAK_WINDOW_MS:-1000}
  EVP_RUNS=${E2E_EVP_RUNS:-4000}
  [ -n "$OUT" ] || OUT="$ROOT/docs/results"
else
  ROUNDS=${E2E_ROUNDS:-4} HS_SAMPLES=${E2E_HS_SAMPLES:-20} HS_PER=${E2E_HS_PER:-50}
  DOT_SAMPLES=${E2E_DOT_SAMPLES:-20} DOT_PER=${E2E_DOT_PER:-25}
  PEAK_WINDOWS=${E2E_PEAK_WINDOWS:-8} PEAK_WINDOW_MS=${E2E_PEAK_WINDOW_MS:-500}
  EVP_RUNS=${E2E_EVP_RUNS:-600}
fi
PEAK_CLIENTS=${E2E_PEAK_CLIENTS:-8}
WARM=${E2E_WARM:-20}
SERVER_CPU=${E2E_SERVER_CPU:-0} CLIENT_CPU=${E2E_CLIENT_CPU:-1}
# The fast25519-warmup control: "on" (ENG25519's T = 500 us thread; docs/references.md); at a
# 2-vCPU machine's rates `auto` would sit in ENG25519 eq. 9's low band. The headline fast25519
# configs set no warm-up (the provider's default).
SERVER_WARMUP=${E2E_SERVER_WARMUP:-on}
WAKER_US=500   # x25519-waker: a process on the server CPU waking as often as the warm-up thread
for v in HS_SAMPLES DOT_SAMPLES PEAK_WINDOWS; do
  if [ $(( ${!v} % ROUNDS )) -ne 0 ]; then echo "e2e: $v=${!v} is not a multiple of ROUNDS=$ROUNDS" >&2; exit 2; fi
done

say() { printf '[e2e %s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }
die() { say "ERROR: $*"; exit 1; }

# ---- 1. dependencies and build ----
if [ "$INSTALL" = 1 ]; then
  sets=(e2e)
  [ "$MODE" = full ] && sets+=(e2e-plots)
  say "installing dependencies (scripts/install-deps.sh ${sets[*]})"
  bash "$ROOT/scripts/install-deps.sh" "${sets[@]}"
fi
need=(openssl taskset python3)
[ "$MODE" = full ] && need+=(gnuplot)   # plots: --full only
# unbound serves the DoT tests of the system-OpenSSL configs (the hybrid ones run handshakes only)
[ "$DOT" = 1 ] && [ -n "$(for c in $CONFIGS; do [[ $c == *hybrid ]] || echo "$c"; done)" ] && need+=(unbound)
for t in "${need[@]}"; do
  command -v "$t" >/dev/null || die "'$t' not found (run scripts/install-deps.sh e2e as root)"
done
if [ "$BUILD" = 1 ]; then
  say "building (cmake Release in $BUILD_DIR)"
  cmake -S "$ROOT" -B "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release >/dev/null
  # Only what this run uses; each target is optional except the benchmark client.
  cmake --build "$BUILD_DIR" -j2 --target fast25519-tls-bench >/dev/null
  for t in fast25519_provider fast25519_cli fast25519-evp-seq; do
    cmake --build "$BUILD_DIR" -j2 --target "$t" >/dev/null 2>&1 || say "warning: target $t did not build"
  done
fi
TB="$BUILD_DIR/bin/fast25519-tls-bench"
PROV="$BUILD_DIR/lib/fast25519.so"
CLI="$BUILD_DIR/bin/fast25519"
EVPSEQ="$BUILD_DIR/bin/fast25519-evp-seq"
[ -x "$TB" ] || die "$TB missing (build it: cmake --build $BUILD_DIR --target fast25519-tls-bench)"

# OpenSSL 3.5 (--openssl35): scripts/openssl35.sh (cached install, built on first use) and a second
# build tree against it: its tls-bench is the hybrid client, its provider module the one the
# fast25519-hybrid processes load (the module built against the OpenSSL that loads it).
OSSL35_BIN="" TB35="" PROV35="" OSSL35_PREFIX=""
if [ "$OSSL35" = 1 ]; then
  if [ "$INSTALL" = 1 ]; then
    say "installing dependencies (scripts/install-deps.sh openssl35)"
    bash "$ROOT/scripts/install-deps.sh" openssl35
  fi
  say "OpenSSL 3.5 (scripts/openssl35.sh; the first run builds it, several minutes)"
  OSSL35_PREFIX=$(bash "$ROOT/scripts/openssl35.sh") || die "scripts/openssl35.sh failed"
  OSSL35_BIN="$OSSL35_PREFIX/bin/openssl"   # its RUNPATH finds the 3.5 libraries
  if [ -f "$BUILD_DIR35/CMakeCache.txt" ] &&
     ! grep -qx "OPENSSL_INCLUDE_DIR:PATH=$OSSL35_PREFIX/include" "$BUILD_DIR35/CMakeCache.txt"; then
    die "$BUILD_DIR35 is not configured against $OSSL35_PREFIX (remove it or pass --build-dir-35)"
  fi
  if [ "$BUILD" = 1 ] || [ ! -f "$BUILD_DIR35/CMakeCache.txt" ]; then
    say "building against OpenSSL 3.5 (cmake Release in $BUILD_DIR35)"
    cmake -S "$ROOT" -B "$BUILD_DIR35" -DCMAKE_BUILD_TYPE=Release -DOPENSSL_ROOT_DIR="$OSSL35_PREFIX" >/dev/null
    for t in fast25519-tls-bench fast25519_provider; do
      cmake --build "$BUILD_DIR35" -j2 --target "$t" >/dev/null || die "target $t did not build in $BUILD_DIR35"
    done
  fi
  TB35="$BUILD_DIR35/bin/fast25519-tls-bench"
  PROV35="$BUILD_DIR35/lib/fast25519.so"
  [ -x "$TB35" ] || die "$TB35 missing (cmake --build $BUILD_DIR35 --target fast25519-tls-bench)"
fi
[ "$(nproc)" -ge 2 ] || say "warning: fewer than 2 CPUs: server and client share one CPU"

# ---- 2. scratch dir, certificate, OpenSSL configs ----
WORK=$(mktemp -d /tmp/fast25519-e2e.XXXXXX)
PIDS=()
cleanup() {
  local p
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
if [ -z "$OUT" ]; then OUT="$WORK/out"; KEEP_OUT=0; else KEEP_OUT=1; fi
mkdir -p "$OUT" "$WORK/raw"
RAW="$WORK/raw/runs.tsv"
: > "$RAW"

# Every process (servers, clients, openssl req) gets an explicit OPENSSL_CONF: base.cnf = default
# provider only; prov-*.cnf = default + fast25519 preferred.  All set NumTickets = 0 for servers
# that take libssl's system_default (unbound), so no server sends session tickets.
write_conf() {  # file, module ("" = no provider), warmup ("" = the provider's default: no line)
  {
    echo "openssl_conf = openssl_init"
    echo "[openssl_init]"
    if [ -n "$2" ]; then
      echo "providers = provider_sect"
      echo "alg_section = algorithm_sect"
    fi
    echo "ssl_conf = ssl_sect"
    if [ -n "$2" ]; then
      echo "[provider_sect]"
      echo "default = default_sect"
      echo "fast25519 = fast25519_sect"
      echo "[default_sect]"
      echo "activate = 1"
      echo "[fast25519_sect]"
      echo "module = $2"
      echo "activate = 1"
      [ -n "${3:-}" ] && echo "warmup = $3"
      echo "[algorithm_sect]"
      echo "default_properties = ?provider=fast25519"
    fi
    echo "[ssl_sect]"
    echo "system_default = system_default_sect"
    echo "[system_default_sect]"
    echo "NumTickets = 0"
  } > "$1"
}
# prov.cnf: the provider as a user gets it (README configuration, every provider setting at its
# default); prov-warmup.cnf: the same with warmup = $SERVER_WARMUP (the fast25519-warmup control).
write_conf "$WORK/base.cnf" ""
write_conf "$WORK/prov.cnf" "$PROV"
write_conf "$WORK/prov-warmup.cnf" "$PROV" "$SERVER_WARMUP"
[ "$OSSL35" = 1 ] && write_conf "$WORK/prov35.cnf" "$PROV35"

OPENSSL_CONF="$WORK/base.cnf" openssl req -x509 -newkey ed25519 -nodes -days 2 -subj /CN=localhost \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null || die "openssl req (Ed25519 certificate) failed"
mkfifo -m 600 "$WORK/stdin"   # s_server's stdin: open, never readable, never EOF

# ---- 3. which configurations can run ----
RUN_CONFIGS=""
SKIPPED=""
for c in $CONFIGS; do
  case "$c" in
    hybrid|fast25519-hybrid)
      if ! OPENSSL_CONF="$WORK/base.cnf" "$OSSL35_BIN" list -kem-algorithms 2>/dev/null | grep -q X25519MLKEM768; then
        say "SKIP $c: $OSSL35_BIN has no X25519MLKEM768"; SKIPPED+="$c "; continue
      fi
      if [ "$c" = fast25519-hybrid ] &&
         ! OPENSSL_CONF="$WORK/prov35.cnf" "$OSSL35_BIN" list -providers 2>/dev/null | grep -q 'fast25519'; then
        say "SKIP $c: OpenSSL 3.5 does not load $PROV35"; SKIPPED+="$c "; continue
      fi ;;
    fast25519*)
      if [ ! -f "$PROV" ]; then
        say "SKIP $c: $PROV missing (the provider is not built)"
        SKIPPED+="$c "; continue
      fi
      if ! OPENSSL_CONF="$WORK/prov.cnf" openssl list -providers 2>/dev/null | grep -q 'fast25519'; then
        say "SKIP $c: OpenSSL does not load $PROV (OPENSSL_CONF=prov.cnf openssl list -providers)"
        SKIPPED+="$c "; continue
      fi ;;
  esac
  RUN_CONFIGS+="$c "
done
[ -n "$RUN_CONFIGS" ] || die "no configuration can run"

# config -> server conf, client conf, group, server openssl, client binary
srv_conf() {
  case "$1" in
    fast25519|fast25519-server) echo "$WORK/prov.cnf" ;;
    fast25519-warmup) echo "$WORK/prov-warmup.cnf" ;;
    fast25519-hybrid) echo "$WORK/prov35.cnf" ;;
    *) echo "$WORK/base.cnf" ;;
  esac
}
cli_conf() {
  case "$1" in
    fast25519|fast25519-warmup) echo "$WORK/prov.cnf" ;;
    fast25519-hybrid) echo "$WORK/prov35.cnf" ;;
    *) echo "$WORK/base.cnf" ;;
  esac
}
group_of() { case "$1" in p256) echo P-256 ;; *hybrid) echo X25519MLKEM768 ;; *) echo X25519 ;; esac; }
ossl_of() { case "$1" in *hybrid) echo "$OSSL35_BIN" ;; *) echo openssl ;; esac; }
tb_of() { case "$1" in *hybrid) echo "$TB35" ;; *) echo "$TB" ;; esac; }

# ---- 4. helpers: ports, server CPU time, server start/stop ----
# Below the kernel's ephemeral range (32768-60999), where our own clients' ports would collide.
PORT_BASE=${E2E_PORT_BASE:-$(( 20000 + ($$ % 1000) * 10 ))}
PORT_TRY=0   # bumped when a bind fails (another process took the port): ports move by 10000
port_of() {  # config, kind (hs|dot)
  local i=0 c off=0
  for c in $ALL_CONFIGS; do [ "$c" = "$1" ] && break; i=$((i + 1)); done
  [ "$2" = dot ] && off=1
  echo $(( (PORT_BASE + PORT_TRY * 137 - 20000) % 12000 + 20000 + 2 * i + off ))
}
listening() {  # port: is a TCP socket listening on 127.0.0.1:port?
  local hex; hex=$(printf '%04X' "$1")
  awk -v h=":$hex" '$2 ~ h"$" && $4 == "0A" { f = 1 } END { exit !f }' /proc/net/tcp
}
wait_listen() {  # pid port
  local i
  for i in $(seq 1 200); do
    listening "$2" && return 0
    kill -0 "$1" 2>/dev/null || return 1
    sleep 0.05
  done
  return 1
}
# CPU time of a process, all threads: run time in ns from schedstat (precise), and utime+stime ticks.
cpu_ns() { cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{ s += $1 } END { printf "%d\n", s }'; }
cpu_ticks() { sed 's/.*) //' /proc/"$1"/stat | awk '{ print $12 + $13 }'; }
CLK_TCK=$(getconf CLK_TCK)

SPID="" SPORT=""
# Starts a server (s_server / unbound) and waits until it listens; if its port is taken (another
# process, or a socket still holding it) it moves to other ports, up to 5 tries.
start_server() {  # kind(hs|dot) config args...
  local kind=$1 c=$2 try; shift 2
  for try in 1 2 3 4 5; do
    SPORT=$(port_of "$c" "$kind")
    if ! listening "$SPORT"; then
      "start_$kind" "$c" "$@"
      SPID=$!; PIDS+=("$SPID")
      wait_listen "$SPID" "$SPORT" && return 0
      kill "$SPID" 2>/dev/null; wait "$SPID" 2>/dev/null || true
    fi
    say "port $SPORT unavailable for $c, trying another"
    PORT_TRY=$((PORT_TRY + 1))
  done
  tail -5 "${!#}" >&2
  die "$kind server for $c did not start"
}
start_hs() {  # config naccept log
  env OPENSSL_CONF="$(srv_conf "$1")" FAST25519_STATS="$WORK/stats.$1.server" \
    taskset -c "$SERVER_CPU" "$(ossl_of "$1")" s_server -accept "127.0.0.1:$SPORT" -cert "$WORK/cert.pem" \
    -key "$WORK/key.pem" -tls1_3 -num_tickets 0 -quiet -naccept "$2" 0<>"$WORK/stdin" >>"$3" 2>&1 &
}
start_dot() {  # config log
  local c=$1 port=$SPORT
  cat > "$WORK/unbound.$c.conf" <<EOF
server:
  verbosity: 0
  num-threads: 1
  interface: 127.0.0.1@$port
  tls-port: $port
  tls-service-key: "$WORK/key.pem"
  tls-service-pem: "$WORK/cert.pem"
  do-ip6: no
  so-reuseport: no
  incoming-num-tcp: $(( PEAK_CLIENTS * 4 + 16 ))
  username: ""
  chroot: ""
  directory: "$WORK"
  pidfile: ""
  use-syslog: no
  logfile: ""
  do-daemonize: no
  module-config: "iterator"
  do-not-query-localhost: yes
  access-control: 127.0.0.0/8 allow
  local-zone: "bench.test." static
  local-data: "www.bench.test. 3600 IN A 192.0.2.1"
remote-control:
  control-enable: no
EOF
  env OPENSSL_CONF="$(srv_conf "$c")" FAST25519_STATS="$WORK/stats.$c.server" \
    taskset -c "$SERVER_CPU" unbound -d -c "$WORK/unbound.$c.conf" >>"$2" 2>&1 &
}
stop_server() {  # pid [signal]: unbound exits cleanly on TERM; s_server exits by itself after -naccept
  local p=$1 i
  [ -n "${2:-}" ] && kill -"$2" "$p" 2>/dev/null
  for i in $(seq 1 100); do kill -0 "$p" 2>/dev/null || break; sleep 0.05; done
  if kill -0 "$p" 2>/dev/null; then say "warning: server $p did not exit, killing it"; kill -9 "$p" 2>/dev/null; fi
  wait "$p" 2>/dev/null || true
}
client() {  # config port args...: runs the benchmark client on the client CPU
  local c=$1 port=$2; shift 2
  env OPENSSL_CONF="$(cli_conf "$c")" FAST25519_STATS="$WORK/stats.$c.client" \
    taskset -c "$CLIENT_CPU" "$(tb_of "$c")" --port "$port" --groups "$(group_of "$c")" --sigalgs ed25519 \
    --warmup 0 "$@"
}

# One measured chunk: start server, warm it, read its CPU time, run the measured client, read CPU
# time again, stop the server; appends "config test round cpu_ns cpu_ticks json" to RAW.
chunk() {  # config test(hs|dot|peak) round samples per_sample
  local c=$1 t=$2 r=$3 k=$4 m=$5 port log="$WORK/server.$1.$2.log" out n0 t0 n1 t1
  local extra=() waker=""
  if [ "$c" = x25519-waker ]; then
    taskset -c "$SERVER_CPU" "$TB" --idle-waker-us "$WAKER_US" & waker=$!; PIDS+=("$waker")
  fi
  case "$t" in
    # Sequential clients verify the server's chain (a real client does); the peak clients skip the
    # chain check (not the CertificateVerify signature) to keep the load generator light.
    hs)  start_server hs "$c" $(( WARM + k * m + 1 )) "$log"; extra=(--cafile "$WORK/cert.pem") ;;
    dot) start_server dot "$c" "$log"; extra=(--dot --cafile "$WORK/cert.pem") ;;
    peak) start_server dot "$c" "$log"; extra=(--dot) ;;
  esac
  port=$SPORT
  client "$c" "$port" "${extra[@]}" --samples 1 --per-sample "$WARM" >/dev/null \
    || die "$c/$t: warm-up connections failed"
  n0=$(cpu_ns "$SPID"); t0=$(cpu_ticks "$SPID")
  if [ "$t" = peak ]; then
    out=$(client "$c" "$port" "${extra[@]}" --clients "$PEAK_CLIENTS" --window-ms "$PEAK_WINDOW_MS" --samples "$k" --json --keep-going) \
      || die "$c/$t: client failed"
  else
    out=$(client "$c" "$port" "${extra[@]}" --samples "$k" --per-sample "$m" --json) || die "$c/$t: client failed"
  fi
  n1=$(cpu_ns "$SPID"); t1=$(cpu_ticks "$SPID")
  if [ "$t" = hs ]; then
    client "$c" "$port" --samples 1 --per-sample 1 >/dev/null || true   # the last -naccept connection
    stop_server "$SPID"
  else
    stop_server "$SPID" TERM
  fi
  if [ -n "$waker" ]; then kill "$waker" 2>/dev/null; wait "$waker" 2>/dev/null || true; fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$c" "$t" "$r" $(( n1 - n0 )) $(( t1 - t0 )) "$out" >> "$RAW"
}

# ---- 5. the interleaved rounds ----
say "configs: $RUN_CONFIGS${SKIPPED:+(skipped: $SKIPPED)}; mode $MODE, $ROUNDS rounds; server CPU $SERVER_CPU, client CPU $CLIENT_CPU"
if [ "$DOT" = 1 ]; then
  say "handshakes: $HS_SAMPLES samples x $HS_PER; DoT: $DOT_SAMPLES x $DOT_PER; peak: $PEAK_CLIENTS clients, $PEAK_WINDOWS windows x $PEAK_WINDOW_MS ms"
else
  say "handshakes: $HS_SAMPLES samples x $HS_PER; DoT: not run (--no-dot)"
fi
START_DATE=$(date -u '+%Y-%m-%d %H:%M:%S UTC')
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
read -r -a CFG_ARR <<< "$RUN_CONFIGS"
NC=${#CFG_ARR[@]}
for r in $(seq 1 "$ROUNDS"); do
  # Rotate the order each round so no config always runs first (or right after another).
  order=()
  for i in $(seq 0 $((NC - 1))); do order+=("${CFG_ARR[$(( (i + r - 1) % NC ))]}"); done
  say "round $r/$ROUNDS: ${order[*]}"
  for c in "${order[@]}"; do chunk "$c" hs "$r" $(( HS_SAMPLES / ROUNDS )) "$HS_PER"; done
  # DoT runs unbound, linked to the system OpenSSL: the hybrid (3.5) configs measure handshakes only.
  [ "$DOT" = 1 ] || continue
  for c in "${order[@]}"; do [[ $c == *hybrid ]] || chunk "$c" dot "$r" $(( DOT_SAMPLES / ROUNDS )) "$DOT_PER"; done
  for c in "${order[@]}"; do [[ $c == *hybrid ]] || chunk "$c" peak "$r" $(( PEAK_WINDOWS / ROUNDS )) 0; done
done
LOAD_AFTER=$(cut -d' ' -f1-3 /proc/loadavg)

# ---- 6. the zero-crypto ceiling: libssl's per-handshake EVP sequences, default provider vs fast25519 ----
# fast25519-evp-seq times the X25519 + Ed25519 EVP calls libssl makes per handshake (server and client
# side) in a libctx loaded from base.cnf and from prov.cnf (the configs the servers use), pinned to the
# server CPU; docs/e2e.md gives the formula.
EVP_JSON=""
if [ "$CEILING" = 1 ]; then
  if [ -x "$EVPSEQ" ] && grep -q fast25519 <<< "$RUN_CONFIGS"; then
    say "fast25519-evp-seq --runs $EVP_RUNS (libssl's EVP sequences per handshake, for the ceiling)"
    if taskset -c "$SERVER_CPU" "$EVPSEQ" --runs "$EVP_RUNS" --json default="$WORK/base.cnf" \
        fast25519="$WORK/prov.cnf" > "$WORK/raw/evp_seq.json" 2>"$WORK/evp_seq.err"; then
      EVP_JSON="$WORK/raw/evp_seq.json"
    else
      say "warning: fast25519-evp-seq failed: $(tail -1 "$WORK/evp_seq.err")"
    fi
  elif [ ! -x "$EVPSEQ" ]; then
    say "warning: $EVPSEQ missing: no ceiling"
  fi
fi

# ---- 7. report ----
for f in "$WORK"/stats.*; do [ -f "$f" ] && cp "$f" "$WORK/raw/"; done
{
  echo "command: $CMDLINE"
  echo "date: $START_DATE"
  echo "cpu: $(lscpu | sed -n 's/^Model name: *//p' | head -1) ($(nproc) CPUs; server on CPU $SERVER_CPU, client on CPU $CLIENT_CPU)"
  echo "kernel: $(uname -sr)"
  echo "openssl: $(openssl version)"
  [ "$OSSL35" = 1 ] && echo "openssl35: $(OPENSSL_CONF="$WORK/base.cnf" "$OSSL35_BIN" version) ($OSSL35_PREFIX; hybrid configs: its s_server, $TB35, group X25519MLKEM768, provider $PROV35)"
  echo "unbound: $( [ "$DOT" = 1 ] && unbound -V 2>/dev/null | sed -n 's/^Version //p' || echo "not run (--no-dot)")"
  echo "provider: $( [ -f "$PROV" ] && echo "$PROV (fast25519, fast25519-server, fast25519-hybrid: the provider's defaults on every side; fast25519-warmup: server warmup = $SERVER_WARMUP; x25519-waker: x25519 + a process on the server CPU waking every $WAKER_US us)" || echo "not built")"
  echo "backend: $( [ -x "$CLI" ] && "$CLI" info 2>/dev/null | tr '\n' ' ' | cut -c1-200 || echo unknown)"
  echo "git: $(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C "$ROOT" diff --quiet HEAD 2>/dev/null || echo ' (uncommitted changes)')"
  echo "sizes: $ROUNDS rounds; handshakes $HS_SAMPLES x $HS_PER; $( [ "$DOT" = 1 ] && echo "DoT $DOT_SAMPLES x $DOT_PER; peak $PEAK_CLIENTS clients $PEAK_WINDOWS x $PEAK_WINDOW_MS ms" || echo "DoT not run (--no-dot)"); warm-up $WARM connections per chunk; ceiling: $EVP_RUNS EVP sequences per provider and side"
  echo "load average: before $LOAD_BEFORE, after $LOAD_AFTER"
  echo "skipped: ${SKIPPED:-none}"
} > "$WORK/raw/meta.txt"
REPORT_ARGS=(--raw "$RAW" --meta "$WORK/raw/meta.txt" --stats-dir "$WORK/raw" --clk-tck "$CLK_TCK" --md "$OUT/e2e.md")
[ -n "$EVP_JSON" ] && REPORT_ARGS+=(--evp "$EVP_JSON")
[ -n "$JSON_OUT" ] && REPORT_ARGS+=(--json "$JSON_OUT")
if [ "$MODE" = full ]; then
  REPORT_ARGS+=(--json "$OUT/e2e.json" --plots "$OUT")
  mkdir -p "$OUT/raw"
  cp "$WORK"/raw/* "$OUT/raw/"
  for f in "$WORK"/server.*.log; do   # server output, kept only if it holds more than info lines
    grep -qv -e ' info: ' -e ' notice: ' "$f" 2>/dev/null && cp "$f" "$OUT/raw/"
  done
fi
python3 "$ROOT/bench/tls/e2e_report.py" "${REPORT_ARGS[@]}"
cat "$OUT/e2e.md"
[ "$KEEP_OUT" = 1 ] && say "report written to $OUT"
exit 0
