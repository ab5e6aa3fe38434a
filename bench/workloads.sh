#!/usr/bin/env bash
# Workload benchmark of issue 13 (tile engines): the goal scenarios, each one
# `uvmsoc run` on the c4 simulator, with a summary table at the end.
#   1. resident stream: the data in HBM before the measured launch (managed,
#      HBM = 2 x data, --pre-touch: a first launch migrated it in), 4
#      compute harts, every word read and written in place;
#   2. managed stream that fits in HBM (HBM = 2 x data): first touch, every
#      page migrated in over the link while the kernel runs;
#   3. managed stream 4x oversubscribed (HBM = data / 4): dirty pages written
#      back as others come in; slowdown against run 2;
#   4. Zipf gather: alpha 0.99, table 4x HBM, 128-byte rows, 16 batches of
#      256 lookups: faults per batch, table pages touched, link utilisation.
# Bandwidth over the whole kernel (launch -> completion event, device
# cycles): stream moves 2 x SIZE bytes (read + write) on the HBM side; the
# link carries what the managed statistics count (pages in + written back).
# % of the models: achieved bytes/cycle over the HBM model's bytes/cycle (from
# the run's "kernel HBM" line when the simulator reports it, else 256, the
# model's figure at 1 GHz, sim/link.h) and over the link's (the run's
# "statistics" header). The firmware runs in M mode (--sbi none) to keep
# OpenSBI's boot out of the simulation time; it is outside the kernel cycles.
# Usage: bench/workloads.sh UVMSOC_CLI SIMULATOR SIZE_BYTES VARIANT(load|tile)
set -euo pipefail
cli=$1 sim=$2 size=$3 variant=${4:-load}
export UVMSOC_SBI=none
page=4096
fit=$(( (2 * size + page - 1) / page * page ))
over=$(( (size / 4 + page - 1) / page * page ))
[ "$over" -ge $((128 << 10)) ] || over=$((128 << 10))

rows=()   # one summary line per run

num() { sed -nE "s#$1#\1#p" <<<"$out" | head -n 1; }

bad=0      # runs whose result did not match the host's (reported in the table, exit status 1)
run() { # LABEL ARGS... -> $out, $cyc, $lbw, $hbw, $link, $ok ("" or "RESULT WRONG; ")
  local label=$1; shift
  echo "== $label: $cli --sim $sim run --variant $variant $*"
  ok=""
  out=$("$cli" --sim "$sim" run --variant "$variant" "$@" 2>&1) || true
  echo "$out"
  if ! grep -q -- '-> MATCH$' <<<"$out"; then
    grep -q '^  kernel (launch->event)' <<<"$out" || { echo "bench/workloads.sh: $label failed"; exit 1; }
    echo "bench/workloads.sh: $label: the result does not match the host's"
    ok="RESULT WRONG (no MATCH); " bad=$((bad + 1))
  fi
  cyc=$(num '^  kernel \(launch->event\) +([0-9]+) cycles.*')
  lbw=$(num '^statistics \(.*link ([0-9.]+) bytes/cycle.*')
  hbw=$(num '^  kernel HBM .*\(([0-9.]+) bytes/cycle\).*')
  hbw=${hbw:-256}
  link=$(num '^  bytes over the link +([0-9]+).*')
  link=${link:-0}
}

pct() { awk -v a="$1" -v c="$2" -v bw="$3" 'BEGIN { printf "%.1f", (c > 0 && bw > 0) ? 100 * a / (c * bw) : 0 }'; }

if [ "${WL_ONLY:-}" != graphs ]; then
# Resident: managed (the tile engines see only virtual addresses), HBM holds the
# data, a first launch brings it in (--pre-touch), the second is measured.
run "resident stream" --kernel stream --size "$size" --managed --hbm "$fit" --pre-touch
c_res=$cyc
rows+=("$(printf '%-34s %12s %12s %8s%% %8s%%  %s' "resident stream (in HBM)" "$cyc" "$((2 * size))" \
  "$(pct $((2 * size)) "$cyc" "$hbw")" "-" "${ok}HBM model $hbw B/cycle; bound: the harts' work per word (tile) / one load latency per word (load)")")

# The same with the engines alone moving the data (memcpy: copy-in, copy-out,
# no hart work per word): what the tile engines and HBM sustain.
run "resident copy" --kernel memcpy --size "$size" --managed --hbm $((2 * fit)) --pre-touch
rows+=("$(printf '%-34s %12s %12s %8s%% %8s%%  %s' "resident copy (memcpy, $variant)" "$cyc" "$((2 * size))" \
  "$(pct $((2 * size)) "$cyc" "$hbw")" "-" "${ok}HBM model $hbw B/cycle; bound (tile): the engines' beat rate, 4 x 64 B/cycle = the HBM model, less the launch's fixed cost (about 8,000 cycles)")")

run "managed stream, fits" --kernel stream --size "$size" --managed --hbm "$fit"
c_fit=$cyc
rows+=("$(printf '%-34s %12s %12s %8s%% %8s%%  %s' "managed stream, fits (first touch)" "$cyc" "$((2 * size))" \
  "$(pct $((2 * size)) "$cyc" "$hbw")" "$(pct "$link" "$cyc" "$lbw")" "${ok}link bytes $link, link $lbw B/cycle")")

run "managed stream, 4x oversubscribed" --kernel stream --size "$size" --managed --hbm "$over"
slow=$(awk -v a="$cyc" -v b="$c_fit" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
rows+=("$(printf '%-34s %12s %12s %8s%% %8s%%  %s' "managed stream, 4x oversubscribed" "$cyc" "$((2 * size))" \
  "$(pct $((2 * size)) "$cyc" "$hbw")" "$(pct "$link" "$cyc" "$lbw")" "${ok}link bytes $link; slowdown ${slow}x vs fits")")

table=$(( size / 128 * 128 ))   # the table is SIZE bytes: 4x the oversubscribed run's HBM
tdir=$(mktemp -d); trap 'rm -rf "$tdir"' EXIT   # the gather's access trace (HBM hit rate over accesses)
run "Zipf gather" --kernel gather --managed --size "$table" --hbm "$over" --row-size 128 --batch 256 --batches 16 --alpha 0.99 --seed 1 --trace "$tdir/gather.trace"
fpb=$(num '^  faults per batch +([0-9.]+).*')
touched=$(num '^  table pages touched +([0-9]+).*')
hit=$(num '^  HBM hit rate \(accesses\) +([0-9.]+)%.*')
minhit=$(num '^  Belady MIN hit rate +([0-9.]+)%.*')
gbytes=$(( 16 * 256 * 128 ))
rows+=("$(printf '%-34s %12s %12s %8s%% %8s%%  %s' "Zipf gather a=0.99, table 4x HBM" "$cyc" "$gbytes" \
  "$(pct "$gbytes" "$cyc" "$hbw")" "$(pct "$link" "$cyc" "$lbw")" "${ok}faults/batch $fpb; pages touched $touched; HBM hit rate (accesses) $hit%, Belady MIN $minhit%")")
fi

# Issue 14 workloads. Strided: SIZE / 256 elements of 64 bytes every 256 bytes (a quarter of the source
# read, every element written packed), resident (--pre-touch) and 1.5x oversubscribed. Graphs: bfs and pagerank
# (WL_PR_ITERS iterations, default 5: about 25 M cycles a launch) on this machine's package dependency graph (apt-cache dumpavail, converted by `uvmsoc graph
# convert --dumpavail`; bfs on its undirected form, --undirected), resident (HBM 2x the working set, --pre-touch) and 1.5x oversubscribed (HBM = working
# set / 1.5, first touch); bfs has only the load variant. Working set = the CSR image + the output/work region
# (host/cli/graph_wl.c): bfs 4(n+1) + 4m (each 8-aligned) + 16n bytes, pagerank that + 4n. WL_GRAPHS=0 skips
# the graph runs (tens of minutes), WL_ONLY=graphs runs only them.
pages() { echo $(( ($1 + page - 1) / page * page )); }
if [ "${WL_ONLY:-}" != graphs ]; then
  count=$(( size / 256 ))
  sws=$(( count * 256 + count * 64 ))
  run "strided, resident" --kernel strided --elem-size 64 --stride 256 --count "$count" --managed --hbm "$(pages $((2 * sws)))" --pre-touch
  rows+=("$(printf '%-34s %12s %12s %8s%% %8s%%  %s' "strided 64/256 B, resident" "$cyc" "$((count * 128))" \
    "$(pct $((count * 128)) "$cyc" "$hbw")" "-" "${ok}elements $count")")
  run "strided, 1.5x oversubscribed" --kernel strided --elem-size 64 --stride 256 --count "$count" --managed --hbm "$(pages $((sws * 2 / 3)))"
  rows+=("$(printf '%-34s %12s %12s %8s%% %8s%%  %s' "strided 64/256 B, 1.5x oversub." "$cyc" "$((count * 128))" \
    "$(pct $((count * 128)) "$cyc" "$hbw")" "$(pct "$link" "$cyc" "$lbw")" "${ok}link bytes $link")")
fi
if [ "${WL_GRAPHS:-1}" != 0 ]; then
  gdir=$(dirname "$cli")/../bench
  mkdir -p "$gdir"
  graph=$gdir/dumpavail.csr
  conv=$("$cli" graph convert --dumpavail -o "$graph") || { echo "bench/workloads.sh: graph conversion failed"; exit 1; }
  echo "$conv"
  # bfs on the undirected package graph (every dependency also stored reversed): from the default root, the
  # largest degree, it reaches the whole component instead of one package's dependency closure
  ugraph=$gdir/dumpavail-undirected.csr
  uconv=$("$cli" graph convert --dumpavail --undirected -o "$ugraph") || { echo "bench/workloads.sh: graph conversion failed"; exit 1; }
  echo "$uconv"
  nm() { sed -nE "s/^wrote .* \(([0-9]+) vertices, ([0-9]+) edges.*/\\$1/p" <<<"$2"; }
  n=$(nm 1 "$conv") m=$(nm 2 "$conv") un=$(nm 1 "$uconv") um=$(nm 2 "$uconv")
  a8() { echo $(( ($1 + 7) / 8 * 8 )); }
  bfs_ws=$(( $(a8 $((4 * (un + 1)))) + $(a8 $((4 * um))) + 16 * un ))
  pr_ws=$(( $(a8 $((4 * (n + 1)))) + $(a8 $((4 * m))) + $(a8 $((4 * n))) + 16 * n ))
  for k in bfs pagerank; do
    ws=$pr_ws kv=$variant g=$graph
    [ $k = bfs ] && ws=$bfs_ws kv=load g=$ugraph n=$un m=$um
    [ $k = pagerank ] && n=$(nm 1 "$conv") m=$(nm 2 "$conv") it=(--iterations "${WL_PR_ITERS:-5}")
    [ $k = bfs ] && it=()
    run "$k, resident" --kernel $k --variant $kv --graph "$g" "${it[@]}" --managed --hbm "$(pages $((2 * ws)))" --pre-touch
    rows+=("$(printf '%-34s %12s %12s %8s%% %8s%%  %s' "$k ($kv), packages, resident" "$cyc" "$ws" "-" "-" \
      "${ok}n $n, m $m")")
    run "$k, 1.5x oversubscribed" --kernel $k --variant $kv --graph "$g" "${it[@]}" --managed --hbm "$(pages $((ws * 2 / 3)))"
    flt=$(num '^  faults +([0-9]+).*')
    rows+=("$(printf '%-34s %12s %12s %8s%% %8s%%  %s' "$k ($kv), packages, 1.5x oversub." "$cyc" "$ws" "-" \
      "$(pct "$link" "$cyc" "$lbw")" "${ok}faults $flt, link bytes $link")")
  done
fi

echo
echo "workloads, $variant variant, c4 (4 compute harts), SIZE $size bytes, HBM fits $fit / oversubscribed $over:"
printf '%-34s %12s %12s %9s %9s  %s\n' run kernel_cycles bytes HBM_bw link_bw notes
for r in "${rows[@]}"; do echo "$r"; done
[ "$bad" -eq 0 ] || { echo "bench/workloads.sh: $bad run(s) computed a wrong result (see above)"; exit 1; }
