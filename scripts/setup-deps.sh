#!/usr/bin/env bash
# Install the Debian packages uvmsoc's build and tests need, when missing.
# As root: apt-get installs them. Otherwise: print the exact command, exit 1.
# Usage: scripts/setup-deps.sh [GROUP]; no GROUP: the build and test packages;
# bench: what the benchmarks alone need (make bench-sweep: GNU parallel runs
# the jobs, gnuplot draws the PNG plots).
set -eu
group=${1:-}
case $group in
  "") ;;
  bench) ;;
  *) echo "scripts/setup-deps.sh: unknown group '$group' (use none or bench)" >&2; exit 2 ;;
esac
pkgs=(make gcc g++ python3 pkg-config xz-utils ca-certificates clang-14 libclang-rt-14-dev
      verilator gcc-riscv64-unknown-elf binutils-riscv64-unknown-elf
      picolibc-riscv64-unknown-elf device-tree-compiler libfdt-dev
      libelf-dev libcmocka-dev zlib1g-dev qemu-user qemu-system-misc opensbi dt-schema yosys)
[ "$group" = bench ] && pkgs=(parallel gnuplot-nox)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
cmd="apt-get install -y --no-install-recommends ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "uvmsoc: missing Debian packages; run as root:" >&2
  echo "  apt-get update && $cmd" >&2
  exit 1
fi
echo "uvmsoc: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
