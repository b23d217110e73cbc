#!/usr/bin/env bash
# TLS 1.3 with `-groups x25519 -sigalgs ed25519` and an Ed25519 certificate
# between `openssl s_server` and `openssl s_client`, fast25519 on the server
# only, on the client only, and on both; the other side is the default
# provider. The counters (FAST25519_STATS) prove our code ran:
#   server: x25519_keygen + x25519_derive + ed25519_sign
#   client: x25519_keygen + x25519_derive + ed25519_verify
# Last, TLS 1.2 with tls_min_version = TLSv1.2 on both sides.
. "$(dirname "$0")/common.sh"
write_conf "$TMP/ours.cnf"
make_cert "$TMP/ours.cnf"   # key and certificate made through fast25519
OPENSSL_CONF=/dev/null "$OPENSSL" verify -check_ss_sig -CAfile "$TMP/cert.pem" "$TMP/cert.pem"

run_case() {
    local name=$1 srv_conf=$2 cli_conf=$3 ver=${4:--tls1_3} port pid
    port=$(free_port)
    note "$name (port $port)"
    OPENSSL_CONF=$srv_conf FAST25519_STATS=$TMP/srv-$name.jsonl \
        "$OPENSSL" s_server -accept "127.0.0.1:$port" -cert "$TMP/cert.pem" -key "$TMP/key.pem" \
        -groups x25519 -sigalgs ed25519 -naccept 1 -quiet > "$TMP/srv-$name.log" 2>&1 &
    pid=$!
    PIDS+=("$pid")
    wait_port "$port" "$pid" || { cat "$TMP/srv-$name.log"; fail "s_server did not start"; }
    echo "hello" | OPENSSL_CONF=$cli_conf FAST25519_STATS=$TMP/cli-$name.jsonl timeout 30 \
        "$OPENSSL" s_client -connect "127.0.0.1:$port" -servername localhost "$ver" -groups x25519 \
        -sigalgs ed25519 -CAfile "$TMP/cert.pem" -verify_return_error -verify_hostname localhost \
        > "$TMP/cli-$name.log" 2>&1 || { cat "$TMP/cli-$name.log"; fail "s_client failed"; }
    # -naccept 1: s_server exits by itself (and writes its stats line);
    # a signal would kill it before its atexit handlers run.
    wait_exit "$pid" 15 || { stop_pid "$pid"; fail "s_server did not exit after one connection"; }
    grep -q "Server Temp Key: X25519" "$TMP/cli-$name.log" || fail "not X25519"
    grep -qi "Peer signature type: ed25519" "$TMP/cli-$name.log" || fail "not Ed25519"
    local v=TLSv1.3
    [ "$ver" = -tls1_2 ] && v=TLSv1.2
    grep -q "New, $v," "$TMP/cli-$name.log" || fail "not $v"
    grep -q "Verify return code: 0 (ok)" "$TMP/cli-$name.log" || fail "certificate not verified"
    echo "   handshake ok: $v, X25519, Ed25519, certificate verified"
}

run_case server "$TMP/ours.cnf" /dev/null
expect_stat "$TMP/srv-server.jsonl" x25519_keygen 1
expect_stat "$TMP/srv-server.jsonl" x25519_derive 1
expect_stat "$TMP/srv-server.jsonl" ed25519_sign 1
[ ! -e "$TMP/cli-server.jsonl" ] || fail "client without the provider wrote stats"

run_case client /dev/null "$TMP/ours.cnf"
expect_stat "$TMP/cli-client.jsonl" x25519_keygen 1
expect_stat "$TMP/cli-client.jsonl" x25519_derive 1
expect_stat "$TMP/cli-client.jsonl" ed25519_verify 1
[ ! -e "$TMP/srv-client.jsonl" ] || fail "server without the provider wrote stats"

run_case both "$TMP/ours.cnf" "$TMP/ours.cnf"
for k in x25519_keygen x25519_derive ed25519_sign; do expect_stat "$TMP/srv-both.jsonl" $k 1; done
for k in x25519_keygen x25519_derive ed25519_verify; do expect_stat "$TMP/cli-both.jsonl" $k 1; done
# TLS 1.2 ECDHE with x25519 through fast25519 needs tls_min_version = TLSv1.2
# (the default TLSv1.3 leaves TLS 1.2 key exchange to the default provider).
write_conf "$TMP/ours12.cnf" "tls_min_version = TLSv1.2"
run_case tls12 "$TMP/ours12.cnf" "$TMP/ours12.cnf" -tls1_2
for k in x25519_keygen x25519_derive ed25519_sign; do expect_stat "$TMP/srv-tls12.jsonl" $k 1; done
for k in x25519_keygen x25519_derive ed25519_verify; do expect_stat "$TMP/cli-tls12.jsonl" $k 1; done

echo "impl: $(python3 -c 'import json,sys; print(json.loads(open(sys.argv[1]).readline())["impl"])' "$TMP/srv-both.jsonl")"
echo "ok"
