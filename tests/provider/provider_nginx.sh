#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# nginx (Debian package) with a private prefix on a high loopback port,
# `ssl_ecdh_curve X25519`, an Ed25519 certificate, and fast25519 loaded
# through OPENSSL_CONF alone (the systemd equivalent is
# Environment=OPENSSL_CONF=...). TLS 1.3 requests by curl (default
# provider) and by openssl s_client (fast25519 on the client too) succeed;
# the counters of the nginx processes (master + worker, one JSON line each)
# show the handshakes' keygen/derive/sign.
. "$(dirname "$0")/common.sh"
command -v nginx > /dev/null || skip "nginx not installed (scripts/install-deps.sh test)"
command -v curl > /dev/null || skip "curl not installed (scripts/install-deps.sh test)"
write_conf "$TMP/ours.cnf" "warmup = auto"
make_cert /dev/null
port=$(free_port)
P=$TMP/nginx
mkdir -p "$P/logs"
user_line=""
[ "$(id -u)" -eq 0 ] && user_line="user root root;"
cat > "$TMP/nginx.conf" <<EOF2
daemon off;
master_process on;
worker_processes 1;
$user_line
pid $P/nginx.pid;
error_log $P/logs/error.log info;
# nginx clears the environment of its workers: keep these two.
env OPENSSL_CONF;
env FAST25519_STATS;
events { worker_connections 64; }
http {
    access_log off;
    client_body_temp_path $P/client_body;
    proxy_temp_path $P/proxy;
    fastcgi_temp_path $P/fastcgi;
    uwsgi_temp_path $P/uwsgi;
    scgi_temp_path $P/scgi;
    server {
        listen 127.0.0.1:$port ssl;
        server_name localhost;
        ssl_certificate $TMP/cert.pem;
        ssl_certificate_key $TMP/key.pem;
        ssl_protocols TLSv1.3;
        ssl_ecdh_curve X25519;
        location / { return 200 "fast25519 ok\n"; }
    }
}
EOF2
export OPENSSL_CONF=$TMP/ours.cnf FAST25519_STATS=$TMP/nginx.jsonl
nginx -t -p "$P" -c "$TMP/nginx.conf" -e "$P/logs/error.log" 2>&1 | tail -1
rm -f "$FAST25519_STATS"   # nginx -t ran the provider too
note "nginx on 127.0.0.1:$port"
nginx -p "$P" -c "$TMP/nginx.conf" -e "$P/logs/error.log" &
pid=$!
PIDS+=("$pid")
wait_port "$port" "$pid" || { cat "$P/logs/error.log"; fail "nginx did not start"; }

N=3
for i in $(seq $N); do
    OPENSSL_CONF=/dev/null FAST25519_STATS= timeout 20 curl -sS --tlsv1.3 --curves X25519 \
        --cacert "$TMP/cert.pem" --resolve "localhost:$port:127.0.0.1" "https://localhost:$port/" \
        -w '%{http_code}\n' -o "$TMP/body.$i" > "$TMP/code.$i" || fail "curl request $i"
    grep -q 200 "$TMP/code.$i" && grep -q "fast25519 ok" "$TMP/body.$i" || fail "bad response $i"
done
echo "   $N curl requests: HTTP 200 over TLS 1.3"
printf 'GET / HTTP/1.0\r\nHost: localhost\r\n\r\n' | FAST25519_STATS=$TMP/client.jsonl timeout 20 \
    "$OPENSSL" s_client -connect "127.0.0.1:$port" -servername localhost -tls1_3 -groups x25519 \
    -CAfile "$TMP/cert.pem" -verify_return_error -ign_eof > "$TMP/sclient.log" 2>&1 \
    || { cat "$TMP/sclient.log"; fail "s_client"; }
# 3.0 prints "Server Temp Key", 3.5 "Peer Temp Key" or "Negotiated TLS1.3 group"
grep -qE "((Server|Peer) Temp Key|Negotiated TLS1.3 group): X25519\b" "$TMP/sclient.log" || { grep -E "Temp Key|group" "$TMP/sclient.log"; fail "not X25519"; }
grep -qi "Peer signature type: ed25519" "$TMP/sclient.log" || fail "not Ed25519"
grep -q "fast25519 ok" "$TMP/sclient.log" || fail "no body via s_client"
echo "   s_client (fast25519 on both sides): TLS 1.3, X25519, Ed25519"

stop_pid "$pid" QUIT  # graceful: workers finish and exit, running atexit handlers
cat "$FAST25519_STATS"
expect_stat "$FAST25519_STATS" x25519_keygen $((N + 1))
expect_stat "$FAST25519_STATS" x25519_derive $((N + 1))
expect_stat "$FAST25519_STATS" ed25519_sign $((N + 1))
expect_stat "$TMP/client.jsonl" ed25519_verify 1
echo "ok"
