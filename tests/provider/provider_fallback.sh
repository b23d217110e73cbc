#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# With "?provider=fast25519" a missing module is not fatal: the default
# provider serves every operation (same config, module path broken).
. "$(dirname "$0")/common.sh"
F25519_PROVIDER_MODULE=$TMP/does-not-exist/fast25519.so write_conf "$TMP/missing.cnf"
export OPENSSL_CONF=$TMP/missing.cnf
"$OPENSSL" list -providers | tee "$TMP/list.txt"
grep -q "fast25519" "$TMP/list.txt" && grep -A3 fast25519 "$TMP/list.txt" | grep -q "status: active" \
    && fail "a missing module is listed active"
"$OPENSSL" genpkey -algorithm X25519 -out "$TMP/a.pem"
"$OPENSSL" genpkey -algorithm X25519 -out "$TMP/b.pem"
"$OPENSSL" pkey -in "$TMP/b.pem" -pubout -out "$TMP/b.pub"
"$OPENSSL" pkeyutl -derive -inkey "$TMP/a.pem" -peerkey "$TMP/b.pub" -out "$TMP/s"
[ "$(wc -c < "$TMP/s")" -eq 32 ] || fail "derive"
"$OPENSSL" genpkey -algorithm ED25519 -out "$TMP/e.pem"
echo msg > "$TMP/m"
"$OPENSSL" pkeyutl -sign -rawin -inkey "$TMP/e.pem" -in "$TMP/m" -out "$TMP/sig"
"$OPENSSL" pkeyutl -verify -rawin -inkey "$TMP/e.pem" -in "$TMP/m" -sigfile "$TMP/sig"
echo "ok: default provider used when the module is missing"
