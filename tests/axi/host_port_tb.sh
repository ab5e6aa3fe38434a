#!/usr/bin/env bash
# Builds the BAR0 AXI4-Lite slave's testbench (tests/axi/uvs_host_port_tb.sv,
# verilator --binary --timing, -Wall clean) in a temporary directory and runs
# it with the seed given (default 1). Exit 0 when it prints PASS; else the
# build log or the testbench's failure.
set -euo pipefail
seed=${1:-1}
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
if ! verilator --binary --timing -Wall -Wno-DECLFILENAME --top-module uvs_host_port_tb -Mdir "$d" \
     tests/axi/uvs_host_port_tb.sv rtl/soc/uvs_host_port.sv >"$d/build.log" 2>&1; then
  cat "$d/build.log" >&2
  exit 1
fi
"$d/Vuvs_host_port_tb" +seed="$seed" | tee "$d/run.log"
grep -q '^uvs_host_port_tb: PASS, [0-9]* transactions$' "$d/run.log"
