#!/usr/bin/env bash
# tests/sim/mkdtb.sh HARTS OUT.dtb: compile (dtc) a minimal uvmsoc-like DTB
# whose /cpus node has HARTS cpu@N children, for simulator DTB checks.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 HARTS OUT.dtb" >&2; exit 2; }
harts=$1 out=$2
{
  echo '/dts-v1/;'
  echo '/ { #address-cells = <2>; #size-cells = <2>; compatible = "uvmsoc,sim";'
  echo '  cpus { #address-cells = <1>; #size-cells = <0>;'
  for ((i = 0; i < harts; i++)); do
    echo "    cpu@$i { device_type = \"cpu\"; reg = <$i>; compatible = \"riscv\"; };"
  done
  echo '  };'
  echo '};'
} | dtc -q -I dts -O dtb -o "$out" -
