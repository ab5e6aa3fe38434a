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
