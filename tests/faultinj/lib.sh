# Helpers for tests/faultinj.tests (source after tests/lib.sh and
# tests/managed/lib.sh). Each reads the output of `uvmsoc run` from $out.

# accounting_with_failures N: the fault-accounting line adds up with at least
# N failed units (how many units the failing descriptor carried depends on how
# the firmware merges copies): every unique fault was migrated, mapped remotely, already resident,
# outside or failed (a migration that failed cleanly is counted, not lost);
# every record is a unique fault or a folded duplicate; the device forwarded
# exactly the records the host read; at least N units failed.
accounting_with_failures() {
  local l u m rm r o f h d x
  l=$(grep -E '^  fault accounting' <<<"$out") || { echo "no fault accounting line"; return 1; }
  read -r u m rm r o f h d x < <(sed -nE 's/.*unique ([0-9]+) = migrated ([0-9]+) \+ remote ([0-9]+) \+ already resident ([0-9]+) \+ outside ([0-9]+); records ([0-9]+) = unique \+ ([0-9]+) folded on the host; forwarded by the device ([0-9]+); failures ([0-9]+).*/\1 \2 \3 \4 \5 \6 \7 \8 \9/p' <<<"$l")
  [ -n "$x" ] || { echo "cannot parse: $l"; return 1; }
  [ "$x" -ge "$1" ] || { echo "failures $x, want at least $1"; return 1; }
  [ "$u" -eq $((m + rm + r + o + x)) ] || { echo "unique $u != migrated $m + remote $rm + resident $r + outside $o + failed $x"; return 1; }
  [ "$f" -eq $((u + h)) ] || { echo "records $f != unique $u + folded $h"; return 1; }
  [ "$d" -eq "$f" ] || { echo "device forwarded $d records, host read $f"; return 1; }
}
