#!/usr/bin/env bash
# equiv.sh PROGRAM.elf: THREADS = 1 behaves like uvs_core on a kernel-style
# program: runs it on one uvs_mt_core with THREADS = 1 and on one uvs_core
# (the testbench's reference model), logs every retirement and compares
# the streams (pc, instruction, register written, value; traps) from the
# program's first instruction on (the reference core's boot-ROM stub is
# left out). Needs $BUILD (tests/run.sh); exit 0 when identical.
set -u
elf=$1
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
"$BUILD/mt_tb/mt1/mt-tb" --cores 1 --log-retired "$d/mt.log" "$elf" || { echo "equiv: uvs_mt_core run failed" >&2; exit 1; }
"$BUILD/mt_tb/ref/mt-tb" --cores 1 --log-retired "$d/ref.log" "$elf" || { echo "equiv: uvs_core run failed" >&2; exit 1; }
# drop core and thread columns; keep the program's addresses (RAM)
cut -d' ' -f3- "$d/mt.log" | grep '^000000008' > "$d/mt.txt"
cut -d' ' -f3- "$d/ref.log" | grep '^000000008' > "$d/ref.txt"
n=$(wc -l < "$d/mt.txt")
[ "$n" -gt 10 ] || { echo "equiv: only $n instructions logged" >&2; exit 1; }
if ! diff -q "$d/ref.txt" "$d/mt.txt" >/dev/null; then
  echo "equiv: retire streams differ (uvs_core < > uvs_mt_core):" >&2
  diff "$d/ref.txt" "$d/mt.txt" | head -5 >&2
  exit 1
fi
echo "equiv: $n retirements identical"
