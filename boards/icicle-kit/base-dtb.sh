#!/usr/bin/env bash
# The PolarFire SoC Icicle Kit's devicetree from the Linux 6.1 sources
# (arch/riscv/boot/dts/microchip/mpfs-icicle-kit.dts, Debian's linux-source-6.1
# package, the one scripts/fetch-libfdt.sh downloads), preprocessed with cpp
# and compiled with dtc -@ (symbols, so overlays can refer to &plic).
# Usage: base-dtb.sh WORKDIR OUT.dtb   (WORKDIR: where the .deb is cached, e.g. build/third_party)
set -eu
[ $# -eq 2 ] || { echo "usage: $0 WORKDIR OUT.dtb" >&2; exit 2; }
work=$1 out=$2
src=$work/icicle-linux/linux-source-6.1   # not $work/linux-source-6.1: fetch-libfdt.sh uses and removes that
dts=$src/arch/riscv/boot/dts/microchip
if [ ! -f "$dts/mpfs-icicle-kit.dts" ]; then
  ls "$work"/linux-source-6.1_*.deb >/dev/null 2>&1 || scripts/fetch-libfdt.sh "$work/libfdt" ||
    { echo "uvmsoc: no linux-source-6.1 package in $work" >&2; exit 1; }
  deb=$(ls "$work"/linux-source-6.1_*.deb | head -n1)
  deb=$(realpath "$deb"); mkdir -p "$work/icicle-linux"
  (cd "$work/icicle-linux" && dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/src/linux-source-6.1.tar.xz |
    tar -xJ --wildcards 'linux-source-6.1/arch/riscv/boot/dts/microchip/*' 'linux-source-6.1/include/dt-bindings/*')
fi
mkdir -p "$(dirname "$out")"
cpp -nostdinc -I"$src/include" -I"$dts" -undef -D__DTS__ -x assembler-with-cpp "$dts/mpfs-icicle-kit.dts" -o "$out.pp"
dtc -@ -q -I dts -O dtb -o "$out" "$out.pp"
rm -f "$out.pp"
