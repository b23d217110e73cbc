#!/usr/bin/env bash
# Proves the constant-time harness can fail: runs a deliberately leaky toy
# (ct_valgrind --leak-branch / --leak-index) under the checker and exits 1
# (a "failed" test, registered with WILL_FAIL) ONLY if the checker reported the
# leak with its expected exit code. Any other outcome (no report, a crash, a
# missing tool) exits 0, which WILL_FAIL turns into a visible test failure.
# usage: ct_selfcheck.sh EXPECTED_EXIT_CODE COMMAND...
set -u
want=$1; shift
out=$("$@" 2>&1); rc=$?
printf '%s\n' "$out" | tail -n 25
if [ "$rc" -eq "$want" ] && printf '%s' "$out" | grep -Eq 'uninitialised value|use-of-uninitialized-value'; then
  echo "ct self-check: the leak was reported (exit $rc) - harness works"
  exit 1
fi
echo "ct self-check: BROKEN HARNESS - leak not reported as expected (exit $rc, wanted $want)"
exit 0
