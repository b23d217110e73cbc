#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# TLS 1.3 with `-groups x25519 -sigalgs ed25519` and an Ed25519 certificate
# between `openssl s_server` and `openssl s_client`, fast25519 on the server
# only, on the client only, and on both; the other side is the default
# provider. The counters (FAST25519_STATS) prove our code ran:
#   server: x25519_keygen + x25519_derive + ed25519_sign
#   client: x25519_keygen + x25519_derive + ed25519_verify
# Then TLS 1.2 with tls_min_version = TLSv1.2 on both sides, TLS 1.2 with the
# README's configuration (the x25519 group is advertised for TLS 1.0 and up,
# as OpenSSL's own entry), TLS 1.1 and 1.0 at @SECLEVEL=0 (RSA certificate:
# Ed25519 needs TLS 1.2) wherever stock OpenSSL completes them.
# Last, hostile X25519 key shares (low-order from Wycheproof, all-zero,
# 31 and 33 bytes) get the same alert from a server with the provider as
# from one without, for TLS 1.0-1.3.
. "$(dirname "$0")/common.sh"
write_conf "$TMP/ours.cnf"
make_cert "$TMP/ours.cnf"   # key and certificate made through fast25519
OPENSSL_CONF=/dev/null "$OPENSSL" verify -check_ss_sig -CAfile "$TMP/cert.pem" "$TMP/cert.pem"

run_case() {
    local name=$1 srv_conf=$2 cli_conf=$3 ver=${4:--tls1_3} port pid
    local cert=${CERT:-$TMP/cert.pem} key=${KEY:-$TMP/key.pem} sig=(-sigalgs ed25519) cipher=()
    [ -n "${CIPHER:-}" ] && cipher=(-cipher "$CIPHER")
    [ "${CERT:-}" ] && sig=()
    port=$(free_port)
    note "$name (port $port)"
    OPENSSL_CONF=$srv_conf FAST25519_STATS=$TMP/srv-$name.jsonl \
        "$OPENSSL" s_server -accept "127.0.0.1:$port" -cert "$cert" -key "$key" "${cipher[@]}" \
        -groups x25519 "${sig[@]}" -naccept 1 -quiet > "$TMP/srv-$name.log" 2>&1 &
    pid=$!
    PIDS+=("$pid")
    wait_port "$port" "$pid" || { cat "$TMP/srv-$name.log"; fail "s_server did not start"; }
    echo "hello" | OPENSSL_CONF=$cli_conf FAST25519_STATS=$TMP/cli-$name.jsonl timeout 30 \
        "$OPENSSL" s_client -connect "127.0.0.1:$port" -servername localhost "$ver" -groups x25519 \
        "${sig[@]}" "${cipher[@]}" -CAfile "$cert" -verify_return_error -verify_hostname localhost \
        > "$TMP/cli-$name.log" 2>&1 || { cat "$TMP/cli-$name.log"; stop_pid "$pid"; return 1; }
    # -naccept 1: s_server exits by itself (and writes its stats line);
    # a signal would kill it before its atexit handlers run.
    wait_exit "$pid" 15 || { stop_pid "$pid"; fail "s_server did not exit after one connection"; }
    # 3.0 prints "Server Temp Key", 3.5 "Peer Temp Key"
    grep -qE "(Server|Peer) Temp Key: X25519" "$TMP/cli-$name.log" || fail "not X25519"
    [ "${CERT:-}" ] || grep -qi "Peer signature type: ed25519" "$TMP/cli-$name.log" || fail "not Ed25519"
    local v
    case "$ver" in -tls1_2) v=TLSv1.2 ;; -tls1_1) v=TLSv1.1 ;; -tls1) v=TLSv1 ;; *) v=TLSv1.3 ;; esac
    # "New, <cipher's version>" names TLSv1.0 for TLS 1.1 too: below 1.2 read the session's Protocol
    # (printed at the handshake there; for 1.3 it waits for a ticket, so it may be missing)
    case "$v" in
        TLSv1.3|TLSv1.2) grep -q "New, $v," "$TMP/cli-$name.log" || fail "not $v" ;;
        *) grep -qE "^ *Protocol *: *$v\$" "$TMP/cli-$name.log" || fail "not $v" ;;
    esac
    grep -q "Verify return code: 0 (ok)" "$TMP/cli-$name.log" || fail "certificate not verified"
    local ctype=Ed25519
    [ "${CERT:-}" ] && ctype=RSA
    echo "   handshake ok: $v, X25519, $ctype certificate verified"
}

run_case server "$TMP/ours.cnf" /dev/null || fail "s_client failed"
expect_stat "$TMP/srv-server.jsonl" x25519_keygen 1
expect_stat "$TMP/srv-server.jsonl" x25519_derive 1
expect_stat "$TMP/srv-server.jsonl" ed25519_sign 1
[ ! -e "$TMP/cli-server.jsonl" ] || fail "client without the provider wrote stats"

run_case client /dev/null "$TMP/ours.cnf" || fail "s_client failed"
expect_stat "$TMP/cli-client.jsonl" x25519_keygen 1
expect_stat "$TMP/cli-client.jsonl" x25519_derive 1
expect_stat "$TMP/cli-client.jsonl" ed25519_verify 1
[ ! -e "$TMP/srv-client.jsonl" ] || fail "server without the provider wrote stats"

run_case both "$TMP/ours.cnf" "$TMP/ours.cnf" || fail "s_client failed"
for k in x25519_keygen x25519_derive ed25519_sign; do expect_stat "$TMP/srv-both.jsonl" $k 1; done
for k in x25519_keygen x25519_derive ed25519_verify; do expect_stat "$TMP/cli-both.jsonl" $k 1; done
# TLS 1.2 ECDHE with x25519 through fast25519 needs tls_min_version = TLSv1.2
# (the default TLSv1.3 leaves TLS 1.2 key exchange to the default provider).
write_conf "$TMP/ours12.cnf" "tls_min_version = TLSv1.2"
run_case tls12 "$TMP/ours12.cnf" "$TMP/ours12.cnf" -tls1_2 || fail "s_client failed"
for k in x25519_keygen x25519_derive ed25519_sign; do expect_stat "$TMP/srv-tls12.jsonl" $k 1; done
for k in x25519_keygen x25519_derive ed25519_verify; do expect_stat "$TMP/cli-tls12.jsonl" $k 1; done

# TLS 1.2 with the README's configuration: provider on server, client, both.
for side in server client both; do
    sc=$TMP/ours.cnf; cc=$TMP/ours.cnf
    [ $side = client ] && sc=/dev/null
    [ $side = server ] && cc=/dev/null
    run_case "tls12-$side" "$sc" "$cc" -tls1_2 || fail "TLS 1.2 with the README's configuration failed"
    [ $side != client ] && for k in x25519_keygen x25519_derive ed25519_sign; do expect_stat "$TMP/srv-tls12-$side.jsonl" $k 1; done
    [ $side != server ] && for k in x25519_keygen x25519_derive ed25519_verify; do expect_stat "$TMP/cli-tls12-$side.jsonl" $k 1; done
done

# TLS 1.1 / 1.0 at @SECLEVEL=0 with an RSA certificate, where stock OpenSSL completes them.
OPENSSL_CONF=/dev/null "$OPENSSL" req -x509 -newkey rsa:2048 -nodes -keyout "$TMP/rsa.key" -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost -days 2 -out "$TMP/rsa.pem" 2>/dev/null
for v in tls1_1 tls1; do
    if ! CERT=$TMP/rsa.pem KEY=$TMP/rsa.key CIPHER='DEFAULT:@SECLEVEL=0' run_case "$v-stock" /dev/null /dev/null -$v; then
        echo "   stock OpenSSL does not complete -$v here: not tested through the provider"
        continue
    fi
    CERT=$TMP/rsa.pem KEY=$TMP/rsa.key CIPHER='DEFAULT:@SECLEVEL=0' run_case "$v" "$TMP/ours.cnf" "$TMP/ours.cnf" -$v \
        || fail "-$v through the provider failed where stock OpenSSL works"
    for k in x25519_keygen x25519_derive; do
        expect_stat "$TMP/srv-$v.jsonl" $k 1
        expect_stat "$TMP/cli-$v.jsonl" $k 1
    done
done

# Hostile key shares: the same alert with and without the provider.
vectors=${F25519_VECTORS:-$F25519_SOURCE_DIR/tests/vectors}
lowpub=$(python3 - "$vectors/wycheproof/v1/x25519_test.json" <<'EOF2'
import json, sys
d = json.load(open(sys.argv[1]))
for g in d["testGroups"]:
    for t in g["tests"]:
        if "LowOrderPublic" in t["flags"] and "ZeroSharedSecret" in t["flags"] and int(t["public"], 16):
            print(t["public"]); raise SystemExit(0)
raise SystemExit("no low-order public key in the Wycheproof x25519 file")
EOF2
) || fail "cannot read a low-order key from $vectors"
zero=$(printf '%064d' 0)
hostile_server() { # CONF NAME: a long-running server on all versions; prints "pid port"
    local port pid
    port=$(free_port)
    OPENSSL_CONF=$1 "$OPENSSL" s_server -accept "127.0.0.1:$port" -cert "$TMP/rsa.pem" -key "$TMP/rsa.key" \
        -cipher 'DEFAULT:@SECLEVEL=0' -min_protocol TLSv1 -groups x25519 -quiet > "$TMP/hostile-$2.log" 2>&1 &
    pid=$!
    PIDS+=("$pid")
    wait_port "$port" "$pid" || { cat "$TMP/hostile-$2.log"; fail "s_server did not start"; }
    echo "$pid $port"
}
read -r pid_d port_d < <(hostile_server /dev/null stock)
read -r pid_o port_o < <(hostile_server "$TMP/ours.cnf" ours)
note "hostile key shares (stock server port $port_d, fast25519 server port $port_o)"
for v in 1.3 1.2 1.1 1.0; do
    for case in "low-order:$lowpub" "all-zero:$zero" "short:${zero:2}" "long:${zero}00"; do
        share=${case#*:}
        a=$(python3 "$F25519_SOURCE_DIR/tests/provider/tls_hostile.py" "$port_d" $v "$share") || fail "client error"
        b=$(python3 "$F25519_SOURCE_DIR/tests/provider/tls_hostile.py" "$port_o" $v "$share") || fail "client error"
        printf '   TLS %s %-9s stock: %-12s fast25519: %s\n' $v "${case%%:*}" "$a" "$b"
        [ "$a" = "$b" ] || fail "TLS $v ${case%%:*} share: '$b' with the provider, '$a' without"
        case "$a" in alert*) ;; *) [ $v = 1.0 ] || [ $v = 1.1 ] || fail "TLS $v ${case%%:*}: no alert ($a)" ;; esac
    done
done
stop_pid "$pid_d"; stop_pid "$pid_o"

backend=$(python3 -c 'import json,sys; j=json.loads(open(sys.argv[1]).readline()); assert j["impl"] == j["backend"]; print(j["backend"])' "$TMP/srv-both.jsonl") \
  || fail "stats line: no backend key, or impl (its former name) differs"
echo "backend: $backend"
echo "ok"
