#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 OR MIT
# CTest fuzz_replay_<harness>: the harness (built with replay_main.c, no libFuzzer) over its
# regression inputs (tests/fuzz/regress/<harness>/) and the seeds made from the external vectors.
# With F25519_FUZZ_SELFTEST=1 (CTest fuzz_selfcheck_<harness>) the harness corrupts a result of
# the library on purpose: the replay must then stop with a FUZZ MISMATCH report.
# usage: replay.sh BIN HARNESS SRCDIR VECTORS_DEFAULT SEED_DIR   ($F25519_VECTORS overrides)
set -eu
bin=$1 name=$2 src=$3 vec=${F25519_VECTORS:-$4} seeds=$5
rm -rf "$seeds"
python3 "$src/make_seeds.py" --vectors "$vec" --out "$seeds" --only "$name"
set -- "$seeds/$name"
[ -d "$src/regress/$name" ] && set -- "$src/regress/$name" "$@"
if [ "${F25519_FUZZ_SELFTEST:-0}" = 1 ]; then
  if "$bin" "$@" 2>"$seeds.log"; then
    echo "FAIL: $bin did not report the planted mismatch"; exit 1
  fi
  grep -m1 -A3 'FUZZ MISMATCH' "$seeds.log" || { tail -n 20 "$seeds.log"; echo "FAIL: no FUZZ MISMATCH report"; exit 1; }
  echo "self-check: the planted mismatch was reported"
  rm -rf "$seeds" "$seeds.log"
  exit 0
fi
"$bin" "$@" 2>"$seeds.log" || { tail -n 40 "$seeds.log"; echo "FAIL: $bin (inputs above)"; exit 1; }
grep -E 'backends|fuzz_provider_decode: [0-9]' "$seeds.log" || true
rm -rf "$seeds" "$seeds.log"
