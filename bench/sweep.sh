#!/usr/bin/env bash
# Oversubscription sweep (issue 14 item 5): every workload x policy x ratio
# (managed bytes / HBM, `uvmsoc run --oversub R`) as one independent job run
# by GNU parallel (all local cores; SWEEP_HOSTS=FILE: its --sshloginfile, the
# hosts sharing this directory's filesystem). Each run records its page-access
# trace (--trace) for the LRU and Belady MIN hit rates at the same HBM.
#   crc32c:   sequential scan, tile variant, SIZE bytes (read only)
#   strided:  64-byte elements every 256 bytes, SIZE/256 of them, packed out
#   gather:   Zipf gather (alpha 0.99, 128-byte rows, 16 batches of 256) over
#             a SIZE-byte table
#   bfs, pagerank: Kronecker graph (`uvmsoc graph convert --kronecker SCALE`);
#             bfs load variant, pagerank tile with PR_ITERS iterations
# Slowdown = kernel cycles / cycles of the same workload and policy at ratio
# 0.5 (the data fits in HBM twice over). Results: OUT/sweep.csv, sweep.md
# (a Markdown table per workload), W-slowdown.png and W-hitrate.png (gnuplot),
# written into a temporary directory and moved to OUT only when complete.
# A ratio whose HBM would fall below the managed minimum (uvmsoc run raises
# it and says so) fails the sweep: its numbers would belong to another ratio.
# Usage: bench/sweep.sh UVMSOC_CLI SIMULATOR OUT_DIR
# Environment: SWEEP=short (default; a few minutes of CPU) or full;
#   SWEEP_WORKLOADS, SWEEP_POLICIES, SWEEP_RATIOS: space-separated subsets;
#   SWEEP_HOSTS: a GNU parallel sshloginfile; SWEEP_JOBS: jobs per host.
set -euo pipefail
me=bench/sweep.sh
die() { echo "$me: $*" >&2; exit 2; }

# One job (run by parallel): LOG CLI SIM ARGS...; exit 0 when the result matched.
if [ "${1:-}" = --job ]; then
  shift
  log=$1 cli=$2 sim=$3; shift 3
  trace=$log.trace
  rc=0
  UVMSOC_SBI=none "$cli" --sim "$sim" run "$@" --trace "$trace" >"$log" 2>&1 || rc=$?
  rm -f "$trace"
  if grep -q '^uvmsoc run: note: --oversub .* HBM raised to' "$log"; then
    echo "$me: the ratio is not reachable at this size (HBM would be below the managed minimum): $cli run $*" >&2
    grep '^uvmsoc run: note: --oversub' "$log" >&2
    exit 1
  fi
  grep -Eq -- '-> MATCH( |$)' "$log" || { echo "$me: no MATCH (exit $rc): $cli run $*; its last lines:" >&2; tail -n 20 "$log" >&2; exit 1; }
  exit 0
fi

[ $# -eq 3 ] || die "usage: $me UVMSOC_CLI SIMULATOR OUT_DIR"
cli=$1 sim=$2 out=$3
all_workloads="crc32c strided gather bfs pagerank"
all_policies="adaptive uvm-baseline ondemand"
workloads=${SWEEP_WORKLOADS:-$all_workloads}
policies=${SWEEP_POLICIES:-$all_policies}
ratios=${SWEEP_RATIOS:-0.5 1.0 1.5 2.0 3.0}
case ${SWEEP:-short} in
  short) size=524288 scale=12 iters=2 ;;
  full)  size=8388608 scale=16 iters=5 ;;
  *) die "SWEEP=${SWEEP}: use short or full" ;;
esac
# Bad input before any simulation.
for w in $workloads; do
  [[ " $all_workloads " == *" $w "* ]] || die "unknown workload '$w' (valid: $all_workloads)"
done
for p in $policies; do
  [[ " $all_policies " == *" $p "* ]] || die "unknown policy '$p' (valid: $all_policies)"
done
for r in $ratios; do
  awk -v r="$r" 'BEGIN { exit !(r ~ /^[0-9]+(\.[0-9]+)?$/ && r >= 0.25 && r <= 16) }' ||
    die "ratio '$r' out of range (managed bytes / HBM: 0.25..16)"
done
if [ -z "$workloads" ] || [ -z "$policies" ] || [ -z "$ratios" ]; then die "empty workload, policy or ratio list"; fi
[ -x "$cli" ] || die "$cli: not an executable (make host)"
[ -x "$sim" ] || die "$sim: not an executable (make sim-c4)"
if [ -n "${SWEEP_HOSTS:-}" ]; then [ -r "$SWEEP_HOSTS" ] || die "SWEEP_HOSTS=$SWEEP_HOSTS: no such file"; fi
command -v parallel >/dev/null || die "GNU parallel missing (scripts/setup-deps.sh bench)"
command -v gnuplot >/dev/null || die "gnuplot missing (scripts/setup-deps.sh bench)"

parent=$(dirname "$out")
mkdir -p "$parent"
tmp=$(mktemp -d "$parent/.sweep.XXXXXX")   # results: moved to OUT when complete
work=$(mktemp -d "$parent/.sweep-work.XXXXXX")   # logs, graphs
trap 'rm -rf "$tmp" "$work"' EXIT
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
cli=$(abs "$cli") sim=$(abs "$sim") work=$(abs "$work")

declare -A args
count=$((size / 256))
args[crc32c]="--kernel crc32c --variant tile --size $size"
args[strided]="--kernel strided --elem-size 64 --stride 256 --count $count"
args[gather]="--kernel gather --variant tile --size $size --row-size 128 --batch 256 --batches 16 --alpha 0.99 --seed 1"
if [[ " $workloads " == *" bfs "* || " $workloads " == *" pagerank "* ]]; then
  "$cli" graph convert --kronecker "$scale" -o "$work/kron.csr" >"$work/convert.log" 2>&1 ||
    { cat "$work/convert.log" >&2; echo "$me: graph conversion failed" >&2; exit 1; }
  args[bfs]="--kernel bfs --variant load --graph $work/kron.csr"
  args[pagerank]="--kernel pagerank --variant tile --graph $work/kron.csr --iterations $iters"
fi

jobs=$work/jobs
: >"$jobs"
for w in $workloads; do
  for p in $policies; do
    for r in $ratios; do
      # shellcheck disable=SC2086
      printf '%q ' "$0" --job "$work/$w.$p.$r.log" "$cli" "$sim" ${args[$w]} --managed --oversub "$r" --policy "$p" >>"$jobs"
      echo >>"$jobs"
    done
  done
done
popt=(--halt "now,fail=1" --will-cite)
[ -n "${SWEEP_JOBS:-}" ] && popt+=(-j "$SWEEP_JOBS")
[ -n "${SWEEP_HOSTS:-}" ] && popt+=(--sshloginfile "$SWEEP_HOSTS" --workdir "$PWD")
echo "$me: $(wc -l <"$jobs") runs (SWEEP=${SWEEP:-short}: size $size, Kronecker scale $scale) with GNU parallel"
parallel "${popt[@]}" <"$jobs" || { echo "$me: a run failed; nothing written to $out" >&2; exit 1; }

# Parse: one CSV row per run.
num() { sed -nE "s#$1#\\1#p" "$2" | head -n 1; }
csv=$tmp/sweep.csv
echo "workload,policy,ratio,hbm_frames,kernel_cycles,slowdown,link_util_pct,hbm_hit_pct,lru_hit_pct,min_hit_pct,faults,batches,faults_per_batch,fault_to_replay_mean,fault_to_replay_p99_max" >"$csv"
for w in $workloads; do
  for p in $policies; do
    base=""
    [ -f "$work/$w.$p.0.5.log" ] && base=$(num '^  kernel \(launch->event\) +([0-9]+) cycles.*' "$work/$w.$p.0.5.log")
    for r in $ratios; do
      l=$work/$w.$p.$r.log
      cyc=$(num '^  kernel \(launch->event\) +([0-9]+) cycles.*' "$l")
      hbm=$(num '^managed memory \(HBM .*, ([0-9]+) frames\):$' "$l")
      lu=$(num '^  link utilisation +([0-9.]+)%.*' "$l")
      hit=$(num '^  HBM hit rate \(accesses\) +([0-9.]+)%.*' "$l")
      lru=$(num '^  LRU hit rate +([0-9.]+)%.*' "$l")
      mn=$(num '^  Belady MIN hit rate +([0-9.]+)%.*' "$l")
      f=$(num '^  faults +([0-9]+).*' "$l")
      b=$(num '^  batches +([0-9]+).*' "$l")
      f2r=$(num '^  fault-to-replay +([0-9]+) .*' "$l")
      p99=$(num '^  fault-to-replay p99 +([0-9]+) .*' "$l")
      if [ -z "$cyc" ] || [ -z "$hit" ] || [ -z "$mn" ] || [ -z "$f" ]; then echo "$me: $l: statistics missing" >&2; exit 1; fi
      awk -v w="$w" -v p="$p" -v r="$r" -v h="$hbm" -v c="$cyc" -v base="$base" -v lu="${lu:-0}" -v hit="$hit" \
          -v lru="$lru" -v mn="$mn" -v f="$f" -v b="${b:-0}" -v f2r="${f2r:-0}" -v p99="${p99:-0}" 'BEGIN {
        printf "%s,%s,%s,%d,%d,%s,%s,%s,%s,%s,%d,%d,%s,%d,%d\n", w, p, r, h, c,
          (base > 0 ? sprintf("%.3f", c / base) : ""), lu, hit, lru, mn, f, b, (b > 0 ? sprintf("%.1f", f / b) : ""), f2r, p99 }' >>"$csv"
    done
  done
done

# Markdown: a table per workload.
md=$tmp/sweep.md
{
  echo "# Oversubscription sweep (SWEEP=${SWEEP:-short})"
  echo
  echo "Ratio = managed bytes / HBM (\`--oversub\`); slowdown against the same policy at ratio 0.5; hit rates over accesses from the run's access trace (LRU and Belady MIN replayed at the same HBM frames); faults/batch = faults / host batches; fault-to-replay mean and p99 in device cycles (p99: the upper bound of its histogram bucket, at most 25 % above the true value)."
  for w in $workloads; do
    echo
    echo "## $w: \`uvmsoc run ${args[$w]//$work\//} --managed --oversub R --policy P\`"
    echo
    echo "| ratio | policy | HBM frames | kernel cycles | slowdown | link util % | HBM hit % | LRU % | MIN % | faults | batches | faults/batch | fault-to-replay mean | p99 <= |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
    awk -F, -v w="$w" 'NR > 1 && $1 == w { printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $3, $2, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15 }' "$csv"
  done
} >"$md"

# Plots per workload: slowdown vs ratio per policy; hit rate vs ratio per policy with LRU and MIN.
for w in $workloads; do
  plot_s="" plot_h="" first=""
  for p in $policies; do
    awk -F, -v w="$w" -v p="$p" 'NR > 1 && $1 == w && $2 == p { print $3, ($6 == "" ? "NaN" : $6), $8, $9, $10 }' "$csv" >"$work/$w.$p.dat"
    plot_s+="${plot_s:+, }'$work/$w.$p.dat' using 1:2 with linespoints title '$p'"
    plot_h+="${plot_h:+, }'$work/$w.$p.dat' using 1:3 with linespoints title '$p'"
    [ -n "$first" ] || first=$p
  done
  plot_h+=", '$work/$w.$first.dat' using 1:5 with lines dashtype 2 title 'Belady MIN ($first trace)'"
  plot_h+=", '$work/$w.$first.dat' using 1:4 with lines dashtype 3 title 'LRU ($first trace)'"
  gnuplot <<EOF || { echo "$me: gnuplot failed" >&2; exit 1; }
set terminal pngcairo size 800,500 noenhanced
set xlabel 'managed bytes / HBM'
set grid
set key left top
set output '$tmp/$w-slowdown.png'
set title '$w: slowdown against ratio 0.5'
set ylabel 'kernel cycles / cycles at 0.5'
plot $plot_s
set output '$tmp/$w-hitrate.png'
set title '$w: HBM hit rate over accesses'
set ylabel 'hit rate (%)'
set key left bottom
plot $plot_h
EOF
done

chmod 755 "$tmp"
rm -rf "$out"
mv "$tmp" "$out"
echo "$me: wrote $out (sweep.csv, sweep.md, $(find "$out" -name '*.png' | wc -l) plots)"
cat "$out/sweep.md"
