# Helpers for tests/grid.tests (source after tests/lib.sh and
# tests/cosim/lib.sh): grid launches `uvmsoc run --kernel K --grid B[xT]`.
#
# SIM_C4MT      the c4mt simulator (4 compute harts x 16 hardware threads)
# rejected_early CODE REGEX CMD...
#   CMD must exit CODE with REGEX in its output and must not have reached a
#   device (no "device:" line: nothing was started or run).

export BUILD=${BUILD:-build}
export SIM_C4MT=${SIM_C4MT:-${BUILD:-build}/c4mt/uvmsoc-sim}
export SIM_C4=${SIM_C4:-${BUILD:-build}/c4/uvmsoc-sim}
GRID_CLI=${BUILD:-build}/host/uvmsoc
export GRID_CLI

rejected_early() {
  local want=$1 re=$2 out got; shift 2
  out=$("$@" 2>&1); got=$?; echo "$out"
  if [ "$got" -ne "$want" ]; then echo "expected exit $want, got $got: $*" >&2; return 1; fi
  if ! grep -Eq -- "$re" <<<"$out"; then echo "output does not match /$re/: $*" >&2; return 1; fi
  if grep -q '^device:' <<<"$out"; then echo "a device was used before the error: $*" >&2; return 1; fi
}
export -f rejected_early
