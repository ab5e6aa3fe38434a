#!/usr/bin/env bash
# Builds the boards' atomic unit's testbench (tests/axi/uvs_axi_atomic_tb.sv,
# verilator --binary --timing, -Wall clean) in a temporary directory and runs
# it once per seed given (default 1). BUILD: the build folder with the
# generated uvs_bus_pkg (make all). Exit 0 when every run prints PASS; else
# the build log or the testbench's failure.
set -euo pipefail
build=${BUILD:-build}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
if ! verilator --binary --timing -Wall -Wno-DECLFILENAME -Wno-UNUSEDPARAM --top-module uvs_axi_atomic_tb \
     -Mdir "$d" -Irtl/soc "$build/gen/rtl/uvs_bus_pkg.sv" rtl/soc/uvs_axi_pkg.sv \
     boards/common/uvs_rr_pick.sv boards/common/uvs_axi_atomic.sv tests/axi/uvs_axi_atomic_tb.sv >"$d/build.log" 2>&1; then
  cat "$d/build.log" >&2
  exit 1
fi
for seed in "${@:-1}"; do
  "$d/Vuvs_axi_atomic_tb" +seed="$seed" | tee "$d/run.log"
  grep -q '^uvs_axi_atomic_tb: PASS, [0-9]* transactions$' "$d/run.log"
done
