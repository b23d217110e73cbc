#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 OR MIT
# Proves a constant-time harness can fail: runs a deliberately leaky toy
# (ct_valgrind --leak-branch / --leak-index, ct_dudect --selfcheck-leak) or a
# run that must not pass (ct_dudect with too small a budget) under the checker
# and exits 1 (a "failed" test, registered with WILL_FAIL) ONLY if the checker
# reported it with its expected exit code and its report line. Any other
# outcome (no report, a crash, a missing tool) exits 0, which WILL_FAIL turns
# into a visible test failure.
# usage: ct_selfcheck.sh [--report REGEX] EXPECTED_EXIT_CODE COMMAND...
#   REGEX (grep -E) defaults to the valgrind / MemorySanitizer report.
set -u
report='uninitialised value|use-of-uninitialized-value'
if [ "${1:-}" = --report ]; then report=$2; shift 2; fi
want=$1; shift
out=$("$@" 2>&1); rc=$?
printf '%s\n' "$out" | tail -n 25
if [ "$rc" -eq "$want" ] && printf '%s' "$out" | grep -Eq "$report"; then
  echo "ct self-check: reported as expected (exit $rc) - harness works"
  exit 1
fi
echo "ct self-check: BROKEN HARNESS - leak not reported as expected (exit $rc, wanted $want, report /$report/)"
exit 0
