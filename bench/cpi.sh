#!/usr/bin/env bash
# CPI of cores: runs a program on each simulator given (pairs NAME SIM) and
# prints cycles, retired instructions (all harts) and cycles per retired
# instruction, from the simulator's --stats line.
# Usage: bench/cpi.sh PROGRAM.elf NAME1 SIM1 [NAME2 SIM2 ...]
set -euo pipefail
[ $# -ge 3 ] || { echo "usage: $0 PROGRAM.elf NAME SIM [NAME SIM...]" >&2; exit 2; }
elf=$1; shift
printf '%-10s %12s %12s %6s\n' core cycles retired CPI
while [ $# -ge 2 ]; do
  name=$1 sim=$2; shift 2
  line=$("$sim" --stats --max-cycles 500000000 "$elf" 2>&1 >/dev/null | grep 'stats:')
  read -r cycles retired < <(sed -E 's/.*cycles ([0-9]+) .*retired ([0-9]+).*/\1 \2/' <<<"$line")
  awk -v n="$name" -v c="$cycles" -v r="$retired" 'BEGIN { printf "%-10s %12d %12d %6.3f\n", n, c, r, c / r }'
done
