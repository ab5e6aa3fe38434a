#!/usr/bin/env bash
# bench/link/run.sh SIM LINKBENCH: the host link benchmark (bench/link/linkbench.c)
# against simulators with the default link (PCIe Gen4 x16 at the default 200 MHz
# device clock: 100 cycles, 125 B/cycle; sim/link.h) and with a slower one (250
# cycles, 12.5 B/cycle), to show that the measured throughput follows the
# configured model. Markdown on stdout.
set -eu
sim=$1 bench=$2
for cfg in "" "--link-latency 250 --link-bw 12.5"; do
  dir=$(mktemp -d /tmp/uvs-linkbench.XXXXXX)
  # shellcheck disable=SC2086
  "$sim" --host-socket "$dir/s" --host-once $cfg >"$dir/log" 2>&1 &
  pid=$!
  for _ in $(seq 200); do [ -S "$dir/s" ] && break; sleep 0.05; done
  echo "### uvmsoc-sim ${cfg:-(default link)}"; echo
  "$bench" --socket "$dir/s" || { kill "$pid"; cat "$dir/log"; rm -rf "$dir"; exit 1; }
  wait "$pid"
  rm -rf "$dir"
  echo
done
