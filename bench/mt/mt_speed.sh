#!/usr/bin/env bash
# mt_speed.sh BUILD_DIR [RUNS]: simulation speed of the multithreaded
# compute hart against the single-thread core on the sim/mt_tb testbench
# (same C memory model, same program tests/mt/mt-bench.S, 1-cycle memory).
# Configurations: 1 and 4 harts of uvs_core (one thread each) and of
# uvs_mt_core with 16 threads each. Every configuration runs RUNS times
# (default 3), interleaved, and the best run counts (other load on the
# machine only slows runs down). Speeds use process CPU time; wall-clock
# figures are printed too. Prints a markdown table; exit 1 if a run fails.
set -u
b=${1:?usage: mt_speed.sh BUILD_DIR [RUNS]}; runs=${2:-3}
tb=$b/mt_tb
long=$tb/bench/mt-bench-long.elf   # ITERS 600000: keeps one-thread runs long enough
short=$tb/bench/mt-bench.elf       # ITERS 40000 for 16 threads a hart
declare -A cpu wall ipc
configs=("refc1:1:$long:uvs_core x1" "mt16c1:1:$short:uvs_mt_core x1, 16 threads"
         "ref:4:$long:uvs_core x4" "mt16:4:$short:uvs_mt_core x4, 16 threads")
for ((r = 0; r < runs; r++)); do
  for c in "${configs[@]}"; do
    IFS=: read -r v n elf _ <<<"$c"
    out=$("$tb/$v/mt-tb" --cores "$n" --grid "$n" --stats "$elf" 2>&1) || { echo "$out" >&2; exit 1; }
    line=$(grep 'cpu-MHz' <<<"$out")
    m=$(sed -E 's/.*cpu-MHz ([0-9.]+).*/\1/' <<<"$line")
    w=$(sed -E 's/.*sim-MHz ([0-9.]+).*/\1/' <<<"$line")
    ipc[$v]=$(sed -E 's/.*IPC ([0-9.]+).*/\1/' <<<"$line")
    if [ -z "${cpu[$v]:-}" ] || awk "BEGIN{exit !($m > ${cpu[$v]})}"; then cpu[$v]=$m; wall[$v]=$w; fi
  done
done
echo "| configuration | IPC (all harts) | sim-MHz (CPU time) | sim-MHz (wall) | vs single-thread | simulated MIPS | MIPS vs single-thread |"
echo "|---|---|---|---|---|---|---|"
for c in "${configs[@]}"; do
  IFS=: read -r v n elf name <<<"$c"
  case $v in mt16c1) base=refc1 ;; mt16) base=ref ;; *) base=$v ;; esac
  ratio=$(awk "BEGIN{printf \"%.0f%%\", 100 * ${cpu[$v]} / ${cpu[$base]}}")
  mips=$(awk "BEGIN{printf \"%.2f\", ${cpu[$v]} * ${ipc[$v]}}")
  mratio=$(awk "BEGIN{printf \"%.0f%%\", 100 * ${cpu[$v]} * ${ipc[$v]} / (${cpu[$base]} * ${ipc[$base]})}")
  echo "| $name | ${ipc[$v]} | ${cpu[$v]} | ${wall[$v]} | $ratio | $mips | $mratio |"
done
