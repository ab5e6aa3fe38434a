# Helpers of tests/trace.tests.

# min_not_below_lru OUTPUT: Belady's MIN hit rate >= LRU's and CLOCK's in a trace report (it is optimal).
min_not_below_lru() {
  local lru clk min
  lru=$(sed -nE 's/^  LRU hit rate +([0-9.]+)%.*/\1/p' <<<"$1")
  clk=$(sed -nE 's/^  CLOCK hit rate +([0-9.]+)%.*/\1/p' <<<"$1")
  min=$(sed -nE 's/^  Belady MIN hit rate +([0-9.]+)%.*/\1/p' <<<"$1")
  [ -n "$lru" ] && [ -n "$clk" ] && [ -n "$min" ] || { echo "no LRU/CLOCK/MIN lines" >&2; return 1; }
  awk -v l="$lru" -v c="$clk" -v m="$min" 'BEGIN { exit !(m >= l && m >= c) }' || { echo "MIN $min below LRU $lru or CLOCK $clk" >&2; return 1; }
}

# demand_not_above_min OUTPUT: for a run without prefetch (ondemand), the device's hit rate in the trace report
# cannot beat Belady's MIN (the demand-paging optimum at the same frames; the device has at most as many), and
# every fault has at least one access that waited for its page request.
demand_not_above_min() {
  local dev min waited faults
  dev=$(sed -nE 's/^  HBM hit rate \(accesses\) +([0-9.]+)%.*/\1/p' <<<"$1")
  min=$(sed -nE 's/^  Belady MIN hit rate +([0-9.]+)%.*/\1/p' <<<"$1")
  waited=$(sed -nE 's/.*\(([0-9]+) waited for a page request.*/\1/p' <<<"$1")
  faults=$(sed -nE 's/^  faults +([0-9]+) .*/\1/p' <<<"$1")
  [ -n "$dev" ] && [ -n "$min" ] && [ -n "$waited" ] && [ -n "$faults" ] || { echo "no device/MIN/waited/faults lines" >&2; return 1; }
  awk -v d="$dev" -v m="$min" 'BEGIN { exit !(d <= m) }' || { echo "device hit rate $dev% above MIN $min% without prefetch: misses lost in the trace" >&2; return 1; }
  [ "$waited" -ge "$faults" ] || { echo "$faults faults but only $waited accesses waited for a page request" >&2; return 1; }
}
