#!/usr/bin/env bash
# Simulation speed benchmark: runs a CPU-bound program on each simulator given
# (triples HARTS SIM ELF) in the same invocation and prints simulated MHz
# (cycles per wall-clock second) and retired instructions per second.
# Usage: bench/sim_speed.sh HARTS1 SIM1 ELF1 [HARTS2 SIM2 ELF2 ...]
set -euo pipefail
printf '%-28s %6s %12s %12s %8s %10s %12s\n' simulator harts cycles retired wall_s sim_MHz retired/s
first_mhz=
while [ $# -ge 3 ]; do
  harts=$1 sim=$2 elf=$3; shift 3
  line=$("$sim" --stats --max-cycles 500000000 "$elf" 2>&1 >/dev/null | grep 'stats:')
  read -r cycles retired wall mhz < <(sed -E 's/.*cycles ([0-9]+) .*retired ([0-9]+).*wall ([0-9.]+) s, ([0-9.]+) simulated MHz.*/\1 \2 \3 \4/' <<<"$line")
  ips=$(awk -v r="$retired" -v w="$wall" 'BEGIN { printf "%.3g", (w > 0 ? r / w : 0) }')
  printf '%-28s %6s %12s %12s %8s %10s %12s\n' "$sim" "$harts" "$cycles" "$retired" "$wall" "$mhz" "$ips"
  if [ -z "$first_mhz" ]; then first_mhz=$mhz; else
    awk -v a="$mhz" -v b="$first_mhz" 'BEGIN { printf "  speed relative to the first simulator: %.2f\n", a / b }'
  fi
done
