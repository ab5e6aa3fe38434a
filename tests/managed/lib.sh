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

# accounting_holds: the fault-accounting line adds up: every unique fault was
# migrated, mapped remotely, already resident or outside; every record is a unique fault or a
# duplicate folded on the host; the device forwarded exactly the records the
# host read; no unit failed. With PAGES given: exactly PAGES faults migrated.
accounting_holds() {
  local l u m rm r o f h d x
  l=$(grep -E '^  fault accounting' <<<"$out") || { echo "no fault accounting line"; return 1; }
  read -r u m rm r o f h d x < <(sed -nE 's/.*unique ([0-9]+) = migrated ([0-9]+) \+ remote ([0-9]+) \+ already resident ([0-9]+) \+ outside ([0-9]+); records ([0-9]+) = unique \+ ([0-9]+) folded on the host; forwarded by the device ([0-9]+); failures ([0-9]+).*/\1 \2 \3 \4 \5 \6 \7 \8 \9/p' <<<"$l")
  [ -n "$x" ] || { echo "cannot parse: $l"; return 1; }
  [ "$u" -eq $((m + rm + r + o)) ] || { echo "unique $u != migrated $m + remote $rm + resident $r + outside $o"; return 1; }
  [ "$f" -eq $((u + h)) ] || { echo "records $f != unique $u + folded $h"; return 1; }
  [ "$d" -eq "$f" ] || { echo "device forwarded $d records, host read $f"; return 1; }
  [ "$x" -eq 0 ] || { echo "$x units failed"; return 1; }
  [ -z "${1:-}" ] || [ "$m" -eq "$1" ] || { echo "migrated faults $m, want $1"; return 1; }
}
