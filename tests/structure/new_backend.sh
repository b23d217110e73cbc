#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# A new backend is one folder: copies the source tree (SRC) to a temporary directory, adds
# src/backend/dummy/ there as a copy of src/backend/portable/ with every "portable" renamed
# "dummy" (files, symbols, descriptor), configures and builds it, and requires, with no edit
# outside that folder:
#   - the test registration: ctest lists <test>_dummy for the per-backend suites, and two of
#     them (select_first_dummy, bad_input_dummy) pass;
#   - the dispatcher: FAST25519_BACKEND=dummy selects it (fast25519 info: "backend: dummy");
#   - fast25519 info lists dummy=available; fast25519 bench measures it;
#   - tests/structure/check_backends.py names: no shared file names a backend.
# Usage: new_backend.sh SRC   (builds with -j2; the temporary tree is removed at exit)
set -euo pipefail
src=$(cd "$1" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/f25519-newbackend.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
tar -C "$src" --exclude='./build*' --exclude=./.git -cf - . | tar -C "$tmp" -xf -
new="$tmp/src/backend/dummy"
mkdir "$new"
# Every global of a backend carries its name (f25519_<what>_portable), so the renamed copy links
# beside the original.
rename='s/portable/dummy/g'
for f in "$tmp"/src/backend/portable/*; do
  base=$(basename "$f")
  sed "$rename" "$f" > "$new/${base//portable/dummy}"
done
fail() { echo "FAIL: $*"; exit 1; }

python3 "$src/tests/structure/check_backends.py" names "$tmp" || fail "check_backends on the tree with dummy"
cmake -S "$tmp" -B "$tmp/build" -DCMAKE_BUILD_TYPE=Release -DF25519_BUILD_TESTING=ON >"$tmp/configure.log" 2>&1 \
  || { tail -n 30 "$tmp/configure.log"; fail "configure"; }
cmake --build "$tmp/build" -j2 --target fast25519_cli test_select_first test_bad_input >"$tmp/build.log" 2>&1 \
  || { tail -n 30 "$tmp/build.log"; fail "build"; }
cli="$tmp/build/bin/fast25519"

listed=$(cd "$tmp/build" && ctest -N | sed -n 's/^ *Test *#[0-9]*: //p' | grep -c '_dummy$' || true)
[ "$listed" -ge 10 ] || fail "only $listed tests registered for dummy"
echo "ok: $listed tests registered as <name>_dummy"
(cd "$tmp/build" && ctest -R '^(select_first|bad_input)_dummy$' --output-on-failure) || fail "the dummy's tests"

info=$("$cli" info)
echo "$info"
grep -q '^backends:.* dummy=available' <<<"$info" || fail "fast25519 info does not list dummy=available"
forced=$(FAST25519_BACKEND=dummy "$cli" info)
grep -q '^backend: dummy ' <<<"$forced" || fail "FAST25519_BACKEND=dummy did not select it: $forced"
echo "ok: the dispatcher selects dummy"
bench=$("$cli" bench --ops x25519_keygen --seconds 0.01)
echo "$bench"
grep -q 'dummy' <<<"$bench" || fail "fast25519 bench has no dummy row"
echo "new_backend: OK (src/backend/dummy/ alone made a backend: dispatcher, info, bench, tests)"
