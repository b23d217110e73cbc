#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# `openssl list -providers` shows fast25519 active, loaded with the
# openssl.cnf snippet the README gives (falling back to docs/provider.md
# while the README has none); only the module path is replaced.
. "$(dirname "$0")/common.sh"

python3 - "$F25519_SOURCE_DIR" "$F25519_PROVIDER_MODULE" > "$TMP/readme.cnf" <<'EOF2'
import re, sys
root, module = sys.argv[1], sys.argv[2]
for doc in ("README.md", "docs/provider.md"):
    try:
        text = open(f"{root}/{doc}").read()
    except FileNotFoundError:
        continue
    for block in re.findall(r"```[a-z]*\n(.*?)```", text, re.S):
        if "[fast25519_sect]" in block and "default_properties" in block:
            print(f"# snippet from {doc}", file=sys.stderr)
            print(re.sub(r"(?m)^(\s*module\s*=).*$", lambda m: f"{m.group(1)} {module}", block))
            raise SystemExit(0)
raise SystemExit("no openssl.cnf snippet with [fast25519_sect] in README.md or docs/provider.md")
EOF2

OPENSSL_CONF=$TMP/readme.cnf "$OPENSSL" list -providers > "$TMP/list.txt"
cat "$TMP/list.txt"
python3 - "$TMP/list.txt" <<'EOF2'
import sys
text = open(sys.argv[1]).read()
blocks = {}
cur = None
for line in text.splitlines():
    if line.startswith("  ") and not line.startswith("    "):
        cur = line.strip(); blocks[cur] = ""
    elif cur:
        blocks[cur] += line + "\n"
assert "fast25519" in blocks, "fast25519 not listed"
assert "status: active" in blocks["fast25519"], "fast25519 not active"
assert "default" in blocks and "status: active" in blocks["default"], "default provider not active"
EOF2
# The algorithms are registered under fast25519.
OPENSSL_CONF=$TMP/readme.cnf "$OPENSSL" list -key-managers -key-exchange-algorithms -signature-algorithms \
    | grep -c "@ fast25519" | { read -r n; [ "$n" -ge 4 ] || fail "only $n fast25519 algorithms listed"; echo "fast25519 algorithms listed: $n"; }
echo "ok"
