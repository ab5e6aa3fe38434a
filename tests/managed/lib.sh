# Helpers for tests/managed.tests (source after tests/lib.sh). Each reads the
# output of `uvmsoc run` (its statistics table) from the variable $out.

# figure NAME: the first number after "  NAME" in the table (e.g. figure evictions).
figure() {
  sed -nE "s/^  $1 +([0-9]+).*/\1/p" <<<"$out" | head -n 1
}

# stat_gt NAME MIN: fail unless the figure NAME is greater than MIN.
stat_gt() {
  local v; v=$(figure "$1")
  [ -n "$v" ] && [ "$v" -gt "$2" ] || { echo "expected $1 > $2, got '${v}'"; return 1; }
}

# stat_eq NAME WANT: fail unless the figure NAME equals WANT.
stat_eq() {
  local v; v=$(figure "$1")
  [ -n "$v" ] && [ "$v" -eq "$2" ] || { echo "expected $1 = $2, got '${v}'"; return 1; }
}

# migrated_pages: the pages copied host -> HBM ("migrations N units, P pages").
migrated_pages() {
  sed -nE 's/^  migrations +[0-9]+ +units, ([0-9]+) pages.*/\1/p' <<<"$out"
}

# accounting_balance: parse the fault-accounting line of $out into u m rm r o
# ff f h d x (the caller's locals; ff: faults of failed units, x: failed units) and check that it adds up: every unique fault
# was migrated, mapped remotely, already resident, outside or a faulted page
# of a failed unit (a migration that failed cleanly is counted, not lost); every record is a
# unique fault or a duplicate folded on the host; the device forwarded
# exactly the records the host read.
accounting_balance() {
  local l
  l=$(grep -E '^  fault accounting' <<<"$out") || { echo "no fault accounting line"; return 1; }
  local re='unique ([0-9]+) = migrated ([0-9]+) \+ remote ([0-9]+) \+ already resident ([0-9]+) \+ outside ([0-9]+) \+ failed ([0-9]+); records ([0-9]+) = unique \+ ([0-9]+) folded on the host; forwarded by the device ([0-9]+); failures ([0-9]+)'
  [[ $l =~ $re ]] && read -r u m rm r o ff f h d x <<<"${BASH_REMATCH[*]:1}"
  [ -n "$x" ] || { echo "cannot parse: $l"; return 1; }
  [ "$u" -eq $((m + rm + r + o + ff)) ] || { echo "unique $u != migrated $m + remote $rm + resident $r + outside $o + failed $ff"; return 1; }
  [ "$f" -eq $((u + h)) ] || { echo "records $f != unique $u + folded $h"; return 1; }
  [ "$d" -eq "$f" ] || { echo "device forwarded $d records, host read $f"; return 1; }
}

# accounting_holds [PAGES]: the accounting adds up (accounting_balance) and no
# unit failed. With PAGES given: exactly PAGES faults migrated.
accounting_holds() {
  local u m rm r o ff f h d x
  accounting_balance || return 1
  [ "$x" -eq 0 ] || { echo "$x units failed"; return 1; }
  [ -z "${1:-}" ] || [ "$m" -eq "$1" ] || { echo "migrated faults $m, want $1"; return 1; }
}

# accounting_with_failures N: the accounting adds up (accounting_balance) with
# at least N failed units (how many units the failing descriptor carried
# depends on how the firmware merges copies; tests/faultinj.tests).
accounting_with_failures() {
  local u m rm r o ff f h d x
  accounting_balance || return 1
  [ "$x" -ge "$1" ] || { echo "failures $x, want at least $1"; return 1; }
}
