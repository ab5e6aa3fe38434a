#!/usr/bin/env bash
# Migration policies at one oversubscription (issue 14, docs/policies.md):
# each workload under each policy with HBM = working set / RATIO, plus the
# fitting run (HBM = 2 x working set, default policy) of the scans, and a
# table of kernel cycles, slowdown against the fitting run and the default's
# speedup over uvm-baseline.
#   sequential scan: crc32c over SIZE bytes (read only), stream (SIZE bytes
#     read and written in place, tile variant);
#   Zipf gather: table of SIZE bytes, 128-byte rows, 16 batches of 256
#     lookups, alpha 0.99 (embedding lookups).
# More workloads (e.g. BFS of the graphs branch): POLICY_BENCH_EXTRA holds
# lines "LABEL|uvmsoc run arguments" (managed; --hbm is appended), run like
# the others when set.
# Usage: bench/policies.sh UVMSOC_CLI SIMULATOR SIZE_BYTES [RATIO (default 1.5)] [POLICIES...]
set -euo pipefail
cli=$1 sim=$2 size=$3 ratio=${4:-1.5}
shift $(( $# < 4 ? $# : 4 ))
policies=("$@")
[ ${#policies[@]} -gt 0 ] || policies=(adaptive uvm-baseline ondemand)
export UVMSOC_SBI=none
page=4096
awk -v r="$ratio" 'BEGIN { exit !(r >= 0.25 && r <= 16) }' || { echo "bench/policies.sh: RATIO $ratio: use 0.25..16" >&2; exit 2; }
[ "$size" -ge $((256 << 10)) ] 2>/dev/null || { echo "bench/policies.sh: SIZE $size: at least 262144 bytes" >&2; exit 2; }
hbm=$(awk -v s="$size" -v r="$ratio" -v p=$page 'BEGIN { h = int(s / r / p) * p; if (h < 131072) h = 131072; print h }')
fit=$(( (2 * size + page - 1) / page * page ))

declare -A cyc
bad=0
run() { # KEY ARGS...: kernel cycles into cyc[KEY]
  local key=$1; shift
  echo "== $key: $cli --sim $sim run $*"
  local out
  out=$("$cli" --sim "$sim" run "$@" 2>&1) || true
  echo "$out"
  if ! grep -q -- '-> MATCH$' <<<"$out"; then
    echo "bench/policies.sh: $key: no MATCH"
    bad=$((bad + 1))
  fi
  cyc[$key]=$(sed -nE 's#^  kernel \(launch->event\) +([0-9]+) cycles.*#\1#p' <<<"$out" | head -n 1)
}

declare -A args=(
  [crc32c]="--kernel crc32c --managed --size $size --variant tile"
  [stream]="--kernel stream --managed --size $size --variant tile"
  [gather]="--kernel gather --managed --size $size --row-size 128 --batch 256 --batches 16 --alpha 0.99 --seed 1 --variant tile"
)
names=(crc32c stream gather)
if [ -n "${POLICY_BENCH_EXTRA:-}" ]; then
  while IFS='|' read -r label a; do
    [ -n "$label" ] || continue
    args[$label]=$a
    names+=("$label")
  done <<<"$POLICY_BENCH_EXTRA"
fi

for w in crc32c stream; do
  # shellcheck disable=SC2086
  run "$w/fit" ${args[$w]} --hbm "$fit"
done
for w in "${names[@]}"; do
  for p in "${policies[@]}"; do
    # shellcheck disable=SC2086
    run "$w/$p" ${args[$w]} --hbm "$hbm" --policy "$p"
  done
done

ratio_of() { awk -v a="${1:-0}" -v b="${2:-0}" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else printf "-" }'; }
echo
echo "policies at ${ratio}x oversubscription: working set $size bytes, HBM $hbm bytes (fitting runs: $fit); kernel cycles"
printf '%-10s' workload
for p in "${policies[@]}"; do printf ' %14s' "$p"; done
printf ' %12s %14s\n' "fit" "base/default"
for w in "${names[@]}"; do
  printf '%-10s' "$w"
  for p in "${policies[@]}"; do printf ' %14s' "${cyc[$w/$p]:--}"; done
  printf ' %12s %14s\n' "${cyc[$w/fit]:--}" "$(ratio_of "${cyc[$w/uvm-baseline]:-}" "${cyc[$w/${policies[0]}]:-}")"
done
for w in crc32c stream; do
  echo "$w: ${policies[0]} at ${ratio}x is $(ratio_of "${cyc[$w/${policies[0]}]:-}" "${cyc[$w/fit]:-}")x the fitting run (goal <= 1.3)"
done
echo "gather: uvm-baseline / ${policies[0]} = $(ratio_of "${cyc[gather/uvm-baseline]:-}" "${cyc[gather/${policies[0]}]:-}") (goal >= 2)"
[ "$bad" -eq 0 ] || { echo "bench/policies.sh: $bad run(s) without a matching result" >&2; exit 1; }
