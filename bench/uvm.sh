#!/usr/bin/env bash
# Unified-memory benchmark (issue 5): the main job (crc32c over a file in
# managed memory, a sequential scan) on one input of SIZE bytes, first with
# HBM = SIZE / 4 (oversubscribed: pages are evicted as the scan goes), then
# with HBM = 2 x SIZE (the data fits), in the same invocation. Prints both
# statistics tables and a summary: kernel cycles of each run, the
# oversubscribed run's slowdown, link utilisation over the kernel (bytes over
# the link / (kernel cycles x link bandwidth)) and while migrating (bytes
# copied in / cycles the firmware's batch copies were in flight), mean
# fault-to-replay latency (firmware: page request drained -> PAGE_REPLAY).
# Usage: bench/uvm.sh UVMSOC_CLI SIMULATOR SIZE_BYTES [WORKDIR]
# The input is the simulator binary repeated and cut to SIZE (deterministic
# for one build). HBM is at least the managed minimum of 128 KiB.
set -euo pipefail
cli=$1 sim=$2 size=$3 work=${4:-$(dirname "$cli")/../bench}
mkdir -p "$work"
in=$work/uvm-input-$size.bin
if [ ! -f "$in" ] || [ "$(stat -c %s "$in")" != "$size" ]; then
  : >"$in"
  while [ "$(stat -c %s "$in")" -lt "$size" ]; do cat "$sim" >>"$in"; done
  truncate -s "$size" "$in"
fi
over=$(( size / 4 )); over=$(( (over + 4095) / 4096 * 4096 ))
[ "$over" -ge $((128 << 10)) ] || over=$((128 << 10))
fits=$(( 2 * size )); fits=$(( (fits + 4095) / 4096 * 4096 ))
[ "$fits" -ge $((128 << 10)) ] || fits=$((128 << 10))

run() { # HBM LABEL -> prints the table, sets cyc util lat
  local out
  echo "== $2: $cli --sim $sim run --kernel crc32c --input $in --hbm $1"
  out=$("$cli" --sim "$sim" run --kernel crc32c --input "$in" --hbm "$1" 2>&1) || { echo "$out"; exit 1; }
  echo "$out"
  grep -q -- '-> MATCH$' <<<"$out" || { echo "bench/uvm.sh: CRC mismatch"; exit 1; }
  cyc=$(sed -nE 's/^  kernel cycles +([0-9]+).*/\1/p' <<<"$out")
  util=$(sed -nE 's/^  link utilisation +([0-9.]+)%.*/\1/p' <<<"$out")
  lat=$(sed -nE 's/^  fault-to-replay +([0-9]+).*/\1/p' <<<"$out")
  mig=$(sed -nE 's/^  link during migration +([0-9.]+)%.*/\1/p' <<<"$out")
  ev=$(sed -nE 's/^  evictions +([0-9]+).*/\1/p' <<<"$out")
  mhz=$(sed -nE 's/^  simulation speed +([0-9.]+) MHz.*/\1/p' <<<"$out")
}
run "$over" "oversubscribed (HBM = size / 4)"
c1=$cyc u1=$util l1=$lat e1=$ev m1=$mhz g1=${mig:--}
run "$fits" "fits (HBM = 2 x size)"
c2=$cyc u2=$util l2=$lat e2=$ev m2=$mhz g2=${mig:--}
echo
echo "unified memory, crc32c over $size bytes (sequential scan), c4:"
printf '  %-34s %14s %10s %14s %12s %10s %8s\n' run kernel_cycles link_util link_migrating fault_to_rep evictions sim_MHz
printf '  %-34s %14s %9s%% %13s%% %12s %10s %8s\n' "HBM $over (oversubscribed)" "$c1" "$u1" "$g1" "${l1:--}" "$e1" "$m1"
printf '  %-34s %14s %9s%% %13s%% %12s %10s %8s\n' "HBM $fits (fits)" "$c2" "$u2" "$g2" "${l2:--}" "$e2" "$m2"
awk -v a="$c1" -v b="$c2" 'BEGIN { printf "  slowdown of the oversubscribed run: %.2fx\n", (b > 0 ? a / b : 0) }'
