#!/usr/bin/env bash
# uvmsoc test runner.
# Usage: tests/run.sh LOGDIR MANIFEST...
# A manifest holds one test per line: "name | shell command" ('#' starts a
# comment line). Each command runs from the repository root in bash with
# tests/lib.sh sourced and must exit 0 to pass; it sees the environment that
# `make test` exports (SIM, SIM_C4, FIRMWARE_ELF, BUILD, ...). Each test's
# output goes to LOGDIR/<name>.log. Prints one line per test and, last,
# "N passed, N failed". Exit status 1 if any test failed.
set -u
logdir=$1; shift
mkdir -p "$logdir"
timeout_s=${TEST_TIMEOUT:-600}
pass=0; fail=0; failed=()
for manifest in "$@"; do
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in ''|'#'*) continue ;; esac
    name=$(printf '%s' "${line%%|*}" | xargs)
    cmd=${line#*|}
    log="$logdir/$name.log"
    if timeout "$timeout_s" bash -c "source tests/lib.sh; $cmd" >"$log" 2>&1 </dev/null; then
      pass=$((pass + 1)); echo "PASS $name"
    else
      rc=$?
      fail=$((fail + 1)); failed+=("$name")
      echo "FAIL $name (exit $rc; log $log)"
      tail -n 5 "$log" | sed 's/^/    /'
    fi
  done < "$manifest"
done
[ $fail -eq 0 ] || echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
