#!/usr/bin/env bash
# uvmsoc test runner.
# Usage: tests/run.sh LOGDIR MANIFEST...
# A manifest holds one test per line: "name | shell command" ('#' starts a
# comment line). Each command runs from the repository root in bash with
# tests/lib.sh sourced and must exit 0 to pass; it sees the environment that
# `make test` exports (SIM, SIM_C4, FIRMWARE_ELF, BUILD, ...). Each test's
# output goes to LOGDIR/<name>.log.
#
# Tests run TEST_JOBS at a time (default: the number of CPUs), so a test must
# not share fixed file paths, sockets or ports with another (use mktemp).
# TEST_TIMEOUT (seconds, default 600) bounds each test. Prints one line per
# test as it finishes ("PASS name (12 s)"), then the ten slowest tests, and
# last "N passed, N failed". Exit status 1 if any test failed or a manifest
# line is malformed.
set -u
logdir=$1; shift
mkdir -p "$logdir"
rm -f "$logdir"/*.result
jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
export TEST_TIMEOUT=${TEST_TIMEOUT:-600} RUN_LOGDIR=$logdir

declare -A seen=()
queue="$logdir/.queue"; : > "$queue"
bad=0
for manifest in "$@"; do
  lineno=0
  while IFS= read -r line || [ -n "$line" ]; do
    lineno=$((lineno + 1))
    case "$line" in ''|'#'*) continue ;; esac
    name=$(printf '%s' "${line%%|*}" | xargs)
    if [ "$name" = "$line" ] || [ -z "$name" ] || [ -n "${seen[$name]:-}" ]; then
      echo "FAIL $manifest:$lineno: needs a unique name, '|', then a command"; bad=$((bad + 1)); continue
    fi
    seen[$name]=1
    printf '%s\0%s\0' "$name" "${line#*|}" >> "$queue"
  done < "$manifest"
done
xargs -0 -n 2 -P "$jobs" tests/run-one.sh < "$queue"

pass=0; fail=$bad; failed=()
for r in "$logdir"/*.result; do
  [ -e "$r" ] || continue
  read -r rc secs name < "$r"
  if [ "$rc" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); failed+=("$name"); fi
done
echo "slowest:"; sort -k2,2nr "$logdir"/*.result 2>/dev/null | head -n 10 | awk '{printf "  %5d s  %s\n", $2, $3}'
[ ${#failed[@]} -eq 0 ] || echo "failed: ${failed[*]}"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
