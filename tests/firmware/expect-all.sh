#!/usr/bin/env bash
# Usage: tests/firmware/expect-all.sh CODE REGEX... -- CMD [ARGS...]
# Runs CMD once, echoes its stdout+stderr, and fails (exit 1) unless it
# exits with CODE and its output matches every extended REGEX (each on
# some line). Says which check failed.
set -u
if [ $# -lt 3 ]; then echo "usage: $0 CODE REGEX... -- CMD [ARGS...]" >&2; exit 2; fi
want=$1; shift
res=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do res+=("$1"); shift; done
if [ $# -lt 2 ]; then echo "$0: missing '-- CMD'" >&2; exit 2; fi
shift
out=$("$@" 2>&1); got=$?
printf '%s\n' "$out"
ok=0
if [ "$got" -ne "$want" ]; then echo "expected exit $want, got $got: $*" >&2; ok=1; fi
for re in "${res[@]}"; do
  if ! grep -Eq -- "$re" <<<"$out"; then echo "output does not match /$re/" >&2; ok=1; fi
done
exit $ok
