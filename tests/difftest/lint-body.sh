#!/usr/bin/env bash
# tests/difftest/lint-body.sh BODY.S... - checks a generated body's register
# invariant (difftest.h): after the register set-up (up to .L0), no
# instruction names x8 (DT_BASE_REG) as its destination. Stores, branches,
# fences, c.j/c.jr/c.jalr/c.nop and the epilogue write no first operand.
# Prints each offending line with its file and line number; exit 1 if any,
# 2 if a file cannot be read.
set -u
[ $# -gt 0 ] || { echo "usage: $0 BODY.S..." >&2; exit 2; }
status=0
for f in "$@"; do
  [ -r "$f" ] || { echo "lint-body: cannot read $f" >&2; exit 2; }
  awk -v file="$f" '
    /^\.L0:/ { body = 1 }
    /DT_EPILOGUE/ { body = 0 }
    !body || /^\.L[0-9]+:$/ { next }
    {
      line = $0
      sub(/\/\*.*\*\//, "", line)                       # comments
      gsub(/\.option (push|pop);|\.option arch, \+c;/, "", line)
      sub(/^[ \t]*[0-9]+:/, "", line)                   # numeric label
      gsub(/;/, "", line)
      n = split(line, w, /[ \t,]+/)
      i = (w[1] == "") ? 2 : 1
      mn = w[i]; rd = w[i + 1]
      if (mn ~ /^(sb|sh|sw|sd|beq|bne|blt|bge|bltu|bgeu|fence|fence\.i|\.skip)$/) next
      if (mn ~ /^c\.(sw|sd|swsp|sdsp|j|beqz|bnez|jr|jalr|nop)$/) next
      if (rd == "x8") { printf "%s:%d: writes x8: %s\n", file, NR, $0; bad = 1 }
    }
    END { exit bad }' "$f" || status=1
done
exit $status
