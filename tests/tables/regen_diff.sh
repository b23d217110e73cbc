#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# usage: regen_diff.sh COMMITTED_FILE GENERATOR_COMMAND...
# Runs the generator (it prints the table to stdout) and compares its output byte for byte
# with the committed file. Any difference, or a generator that fails, is a test failure:
# a committed table must be exactly what its generator makes.
set -u
committed=$1
shift
out=$(mktemp)
trap 'rm -f "$out"' EXIT
if ! "$@" > "$out"; then
  echo "FAIL: generator failed: $*"
  exit 1
fi
if ! cmp -s "$out" "$committed"; then
  echo "FAIL: $committed differs from what its generator makes ($*):"
  diff -u "$committed" "$out" | head -n 40
  exit 1
fi
echo "ok: $committed is what its generator makes ($(wc -l < "$committed") lines)"
