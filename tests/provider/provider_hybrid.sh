#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# OpenSSL 3.5's default TLS 1.3 group X25519MLKEM768: its X25519 half runs
# through EVP in the application's libctx, so with ?provider=fast25519 our
# keygen/derive serve it. s_server/s_client `-groups X25519MLKEM768` with the
# provider on the server only, the client only and both (counters checked on
# each side that loads it), then across versions: a 3.5 client with its
# default groups against a 3.0 server with the provider, and a 3.0 client
# with the provider against a 3.5 server with its defaults.
# Needs an openssl that knows X25519MLKEM768 (3.5+: the build-ossl35 tree);
# skips (77) otherwise. The 3.0 side is OPENSSL30 (default /usr/bin/openssl),
# skipped with a note if it is not a 3.0-3.4 openssl.
. "$(dirname "$0")/common.sh"
"$OPENSSL" list -kem-algorithms 2>/dev/null | grep -q X25519MLKEM768 \
    || skip "$("$OPENSSL" version) has no X25519MLKEM768 (needs 3.5: build-ossl35)"
write_conf "$TMP/ours.cnf"
make_cert "$TMP/ours.cnf"

# hs NAME SRV_OPENSSL SRV_CONF CLI_OPENSSL CLI_CONF GROUP_ARGS... ; client output in $TMP/cli-NAME.log
hs() {
    local name=$1 srv=$2 sc=$3 cli=$4 cc=$5 port pid
    shift 5
    port=$(free_port)
    note "$name (port $port)"
    OPENSSL_CONF=$sc FAST25519_STATS=$TMP/srv-$name.jsonl "$srv" s_server -accept "127.0.0.1:$port" \
        -cert "$TMP/cert.pem" -key "$TMP/key.pem" "${SRV_ARGS[@]}" -naccept 1 -quiet \
        > "$TMP/srv-$name.log" 2>&1 &
    pid=$!
    PIDS+=("$pid")
    wait_port "$port" "$pid" || { cat "$TMP/srv-$name.log"; fail "s_server did not start"; }
    echo "hello" | OPENSSL_CONF=$cc FAST25519_STATS=$TMP/cli-$name.jsonl timeout 30 "$cli" s_client \
        -connect "127.0.0.1:$port" -servername localhost -CAfile "$TMP/cert.pem" -verify_return_error \
        -verify_hostname localhost "$@" > "$TMP/cli-$name.log" 2>&1 \
        || { cat "$TMP/cli-$name.log" "$TMP/srv-$name.log"; stop_pid "$pid"; fail "$name: s_client failed"; }
    wait_exit "$pid" 15 || { stop_pid "$pid"; fail "s_server did not exit after one connection"; }
    grep -q "New, TLSv1.3," "$TMP/cli-$name.log" || fail "$name: not TLS 1.3"
    grep -q "Verify return code: 0 (ok)" "$TMP/cli-$name.log" || fail "$name: certificate not verified"
}
# group NAME WANT: the negotiated group as the client printed it
group() {
    local g
    g=$(grep -E "Negotiated TLS1.3 group:|(Server|Peer) Temp Key:" "$TMP/cli-$1.log" | head -1)
    echo "   $g"
    echo "$g" | grep -q "$2" || fail "$1: group is not $2"
}

SRV_ARGS=(-groups X25519MLKEM768)
hs hybrid-server "$OPENSSL" "$TMP/ours.cnf" "$OPENSSL" /dev/null -groups X25519MLKEM768
group hybrid-server X25519MLKEM768
for k in x25519_keygen x25519_derive ed25519_sign; do expect_stat "$TMP/srv-hybrid-server.jsonl" $k 1; done
hs hybrid-client "$OPENSSL" /dev/null "$OPENSSL" "$TMP/ours.cnf" -groups X25519MLKEM768
group hybrid-client X25519MLKEM768
for k in x25519_keygen x25519_derive ed25519_verify; do expect_stat "$TMP/cli-hybrid-client.jsonl" $k 1; done
hs hybrid-both "$OPENSSL" "$TMP/ours.cnf" "$OPENSSL" "$TMP/ours.cnf" -groups X25519MLKEM768
group hybrid-both X25519MLKEM768
for k in x25519_keygen x25519_derive ed25519_sign; do expect_stat "$TMP/srv-hybrid-both.jsonl" $k 1; done
for k in x25519_keygen x25519_derive ed25519_verify; do expect_stat "$TMP/cli-hybrid-both.jsonl" $k 1; done

# Default groups on both 3.5 sides, provider on both: X25519MLKEM768 is chosen.
SRV_ARGS=()
hs default-both "$OPENSSL" "$TMP/ours.cnf" "$OPENSSL" "$TMP/ours.cnf"
group default-both X25519MLKEM768
expect_stat "$TMP/srv-default-both.jsonl" x25519_derive 1
expect_stat "$TMP/cli-default-both.jsonl" x25519_derive 1

OPENSSL30=${OPENSSL30:-/usr/bin/openssl}
if [ -x "$OPENSSL30" ] && "$OPENSSL30" version | grep -qE "^OpenSSL 3\.[0-4]\."; then
    note "across versions: $("$OPENSSL30" version | cut -d' ' -f1-2) and $("$OPENSSL" version | cut -d' ' -f1-2)"
    # 3.5 client, default groups (key shares X25519MLKEM768 + X25519) -> 3.0 server with the provider
    hs cross-35c-30s "$OPENSSL30" "$TMP/ours.cnf" "$OPENSSL" /dev/null
    group cross-35c-30s X25519
    for k in x25519_keygen x25519_derive ed25519_sign; do expect_stat "$TMP/srv-cross-35c-30s.jsonl" $k 1; done
    # 3.0 client with the provider, default groups -> 3.5 server, default groups
    hs cross-30c-35s "$OPENSSL" /dev/null "$OPENSSL30" "$TMP/ours.cnf"
    group cross-30c-35s X25519
    for k in x25519_keygen x25519_derive ed25519_verify; do expect_stat "$TMP/cli-cross-30c-35s.jsonl" $k 1; done
    # and the reverse placement: 3.5 client with the provider -> 3.0 server with the provider
    hs cross-35cp-30sp "$OPENSSL30" "$TMP/ours.cnf" "$OPENSSL" "$TMP/ours.cnf"
    group cross-35cp-30sp X25519
    expect_stat "$TMP/cli-cross-35cp-30sp.jsonl" x25519_derive 1
else
    echo "NOTE: no OpenSSL 3.0-3.4 CLI at $OPENSSL30: the cross-version cells did not run"
fi
echo "ok"
