#!/usr/bin/env bash
# Builds the Icicle Kit address-placement testbench
# (tests/boards/uvs_icicle_fic0_map_tb.sv, verilator --binary --timing, -Wall
# clean) in a temporary directory and runs it with the seed given (default
# 1). Exit 0 when it prints PASS; else the build log or the failure.
set -euo pipefail
seed=${1:-1}
B=${BUILD:-build}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
if ! verilator --binary --timing -Wall -Wno-DECLFILENAME -Wno-UNUSEDPARAM --top-module uvs_icicle_fic0_map_tb \
     -Mdir "$d" "$B/gen/rtl/uvs_memmap_pkg.sv" boards/icicle-kit/rtl/uvs_icicle_fic0_map.sv \
     tests/boards/uvs_icicle_fic0_map_tb.sv >"$d/build.log" 2>&1; then
  cat "$d/build.log" >&2
  exit 1
fi
"$d/Vuvs_icicle_fic0_map_tb" +verilator+seed+"$seed" | tee "$d/run.log"
grep -q '^uvs_icicle_fic0_map_tb: PASS, [0-9]* transactions$' "$d/run.log"
