# SPDX-License-Identifier: Apache-2.0 OR MIT
# Shared helpers for the provider's shell tests (sourced, bash).
# Environment (set by CTest): F25519_PROVIDER_MODULE = path of fast25519.so,
# F25519_SOURCE_DIR = repository root. Servers listen on 127.0.0.1 high
# ports (44000-44999, checked free), run in the background and are stopped
# by pid; every wait is bounded.
set -euo pipefail

: "${F25519_PROVIDER_MODULE:?F25519_PROVIDER_MODULE must point to fast25519.so}"
F25519_SOURCE_DIR=${F25519_SOURCE_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
OPENSSL=${OPENSSL:-openssl}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/f25519-prov.XXXXXX")
PIDS=()
# Sanitizer build (CMake sets F25519_PRELOAD): openssl gets the runtime preloaded.
if [ -n "${F25519_PRELOAD:-}" ]; then
    real_openssl=$(command -v "$OPENSSL")
    printf '#!/bin/sh\nLD_PRELOAD=%s exec %s "$@"\n' "$F25519_PRELOAD" "$real_openssl" > "$TMP/openssl"
    chmod +x "$TMP/openssl"
    OPENSSL=$TMP/openssl
fi

cleanup() {
    local p
    for p in "${PIDS[@]:-}"; do
        [ -n "$p" ] && kill "$p" 2>/dev/null || true
    done
    if [ "${KEEP_TMP:-0}" != 1 ]; then rm -rf "$TMP"; else echo "kept $TMP"; fi
}
trap cleanup EXIT

fail() { echo "FAIL: $*" >&2; exit 1; }
note() { echo "-- $*"; }
skip() { echo "SKIP: $*"; exit 77; }

# write_conf FILE [extra lines for the fast25519 section]
# The openssl.cnf snippet of docs/provider.md with the module path filled in.
write_conf() {
    local f=$1
    shift
    cat > "$f" <<EOF
openssl_conf = openssl_init

[openssl_init]
providers = provider_sect
alg_section = algorithm_sect

[provider_sect]
default = default_sect
fast25519 = fast25519_sect

[default_sect]
activate = 1

[fast25519_sect]
module = $F25519_PROVIDER_MODULE
activate = 1
$(printf '%s\n' "$@")

[algorithm_sect]
default_properties = ?provider=fast25519
EOF
}

# A free TCP port in 44000-44999 on 127.0.0.1.
free_port() {
    python3 - <<'EOF'
import random, socket
for _ in range(200):
    p = random.randint(44000, 44999)
    s = socket.socket()
    try:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", p)); s.close(); print(p); break
    except OSError:
        s.close()
else:
    raise SystemExit("no free port")
EOF
}

# listening PORT: a TCP socket listens on PORT (read from /proc/net/tcp, so
# the check does not consume a connection of a server run with -naccept).
listening() {
    local hex
    hex=$(printf ':%04X ' "$1")
    awk -v p="$hex" '$4 == "0A" && index($2 " ", p) { f = 1 } END { exit !f }' \
        /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

# wait_port PORT PID: until something listens (max 15 s) or PID died.
wait_port() {
    local port=$1 pid=$2 i
    for i in $(seq 150); do
        kill -0 "$pid" 2>/dev/null || return 1
        listening "$port" && return 0
        sleep 0.1
    done
    return 1
}

# wait_exit PID SECONDS: wait for PID to exit by itself (bounded).
wait_exit() {
    local pid=$1 i
    for i in $(seq $(($2 * 10))); do
        kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
        sleep 0.1
    done
    return 1
}

# stop_pid PID [SIGNAL]: signal, then wait at most 15 s, then KILL.
stop_pid() {
    local pid=$1 sig=${2:-TERM} i
    kill -s "$sig" "$pid" 2>/dev/null || true
    for i in $(seq 150); do
        kill -0 "$pid" 2>/dev/null || { wait "$pid" 2>/dev/null || true; return 0; }
        sleep 0.1
    done
    kill -KILL "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    echo "warning: pid $pid needed SIGKILL" >&2
}

# stat_sum FILE KEY: sum of KEY over the JSON lines of a FAST25519_STATS file.
stat_sum() {
    python3 - "$1" "$2" <<'EOF'
import json, sys
total = 0
try:
    for line in open(sys.argv[1]):
        if line.strip():
            total += json.loads(line).get(sys.argv[2], 0)
except FileNotFoundError:
    pass
print(total)
EOF
}

# expect_stat FILE KEY MIN: the summed counter is at least MIN.
expect_stat() {
    local v
    v=$(stat_sum "$1" "$2")
    [ "$v" -ge "$3" ] || fail "counter $2 = $v in $(basename "$1"), expected >= $3"
    echo "   $2 = $v"
}

# An Ed25519 key and self-signed certificate for localhost in $TMP.
make_cert() {
    local conf=${1:-/dev/null}
    OPENSSL_CONF=$conf "$OPENSSL" genpkey -algorithm ED25519 -out "$TMP/key.pem"
    OPENSSL_CONF=$conf "$OPENSSL" req -x509 -new -key "$TMP/key.pem" -subj /CN=localhost \
        -addext subjectAltName=DNS:localhost -days 2 -out "$TMP/cert.pem"
}
