#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# unbound (Debian package) as a private DNS-over-TLS server on loopback:
# `unbound -d -c CONF`, Ed25519 certificate, OPENSSL_CONF loading fast25519.
# kdig +tls (knot-dnsutils, a GnuTLS client) queries a local name over
# TLS 1.3 / X25519 / Ed25519 with the certificate verified; the provider
# counters of the unbound process must show the handshakes' crypto.
. "$(dirname "$0")/common.sh"
command -v unbound > /dev/null || skip "unbound not installed (scripts/install-deps.sh test)"
command -v kdig > /dev/null || skip "kdig not installed (scripts/install-deps.sh test)"
write_conf "$TMP/ours.cnf"
make_cert /dev/null
port=$(free_port)
cat > "$TMP/unbound.conf" <<EOF2
server:
    verbosity: 1
    interface: 127.0.0.1@$port
    tls-port: $port
    tls-service-key: "$TMP/key.pem"
    tls-service-pem: "$TMP/cert.pem"
    do-ip6: no
    do-udp: no
    do-daemonize: no
    num-threads: 1
    username: ""
    chroot: ""
    directory: "$TMP"
    pidfile: "$TMP/unbound.pid"
    use-syslog: no
    logfile: ""
    access-control: 127.0.0.0/8 allow
    module-config: "iterator"
    local-zone: "fast25519.test." static
    local-data: "www.fast25519.test. 300 IN A 192.0.2.25"
remote-control:
    control-enable: no
EOF2
unbound-checkconf "$TMP/unbound.conf" > /dev/null
note "unbound -d on 127.0.0.1:$port (DoT)"
OPENSSL_CONF=$TMP/ours.cnf FAST25519_STATS=$TMP/unbound.jsonl unbound -d -c "$TMP/unbound.conf" \
    > "$TMP/unbound.log" 2>&1 &
pid=$!
PIDS+=("$pid")
wait_port "$port" "$pid" || { cat "$TMP/unbound.log"; fail "unbound did not start"; }

# GnuTLS 3.7 puts its P-256 key share before X25519 and OpenSSL 3.0 takes
# the first share it supports in the client's order: disable the NIST
# curves in this client (GnuTLS system priority overrides) so it offers
# X25519 only, as a modern client preferring X25519 would.
printf '[overrides]\ndisabled-curve = secp256r1\ndisabled-curve = secp384r1\ndisabled-curve = secp521r1\n' \
    > "$TMP/gnutls.cfg"
export GNUTLS_SYSTEM_PRIORITY_FILE=$TMP/gnutls.cfg
N=3
for i in $(seq $N); do
    timeout 20 kdig @127.0.0.1 -p "$port" +tls +tls-ca="$TMP/cert.pem" +tls-hostname=localhost \
        +time=5 +retry=0 www.fast25519.test A > "$TMP/kdig.$i" 2>&1 || { cat "$TMP/kdig.$i"; fail "kdig query $i"; }
    grep -q "192.0.2.25" "$TMP/kdig.$i" || { cat "$TMP/kdig.$i"; fail "no answer in query $i"; }
done
grep "TLS session" "$TMP/kdig.1" || true
grep -q "TLS1.3" "$TMP/kdig.1" || fail "not TLS 1.3"
grep -q "X25519" "$TMP/kdig.1" || fail "not X25519"
grep -qi "Ed25519" "$TMP/kdig.1" || fail "not Ed25519"
echo "   $N DoT queries answered"

stop_pid "$pid"
[ -s "$TMP/unbound.jsonl" ] || { cat "$TMP/unbound.log"; fail "unbound wrote no FAST25519_STATS line"; }
cat "$TMP/unbound.jsonl"
expect_stat "$TMP/unbound.jsonl" x25519_keygen $N
expect_stat "$TMP/unbound.jsonl" x25519_derive $N
expect_stat "$TMP/unbound.jsonl" ed25519_sign $N
echo "ok"
