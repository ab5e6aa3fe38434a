# Helpers for tests/e2e.tests (source after tests/lib.sh): the host CLI runs
# kernels end to end on the c4 simulator.
#
# crc_matches FILE [CLI OPTIONS...]
#   `uvmsoc run --kernel crc32c --input FILE` (the CLI starts its own
#   simulator): exit 0, "MATCH", and the device's CRC equal to the one the
#   separately built crc32c-file helper computes for FILE (whose check
#   vectors are verified first).
# cycle_lines CMD...
#   Run CMD and print only its statistics lines counted in cycles (the
#   wall-clock speed line left out), for comparing two runs.

E2E_CLI=${BUILD:-build}/host/uvmsoc
E2E_CRC=${BUILD:-build}/tests/e2e/crc32c-file
export SIM_C4=${SIM_C4:-${BUILD:-build}/c4/uvmsoc-sim}
unset UVMSOC_SOCKET  # every test picks its device explicitly

crc_matches() {
  local file=$1 out rc want got; shift
  "$E2E_CRC" --check >/dev/null || { echo "crc32c-file check vectors fail"; return 1; }
  want=$("$E2E_CRC" "$file") || return 1
  out=$("$E2E_CLI" run --kernel crc32c --input "$file" "$@" 2>&1); rc=$?
  echo "$out"
  [ $rc -eq 0 ] || { echo "expected exit 0, got $rc"; return 1; }
  grep -Eq '^crc32c: device 0x[0-9a-f]{8}, host 0x[0-9a-f]{8} -> MATCH$' <<<"$out" || { echo "no MATCH line"; return 1; }
  got=$(sed -nE 's/^crc32c: device 0x([0-9a-f]{8}),.*/\1/p' <<<"$out")
  [ "$got" = "$want" ] || { echo "device CRC $got, crc32c-file says $want"; return 1; }
  echo "device CRC $got = crc32c-file $want"
}

cycle_lines() {
  "$@" 2>&1 | grep -E ' cycles( |$)' | grep -v 'simulation speed'
}
