#!/usr/bin/env bash
# The build that Buildroot and Yocto run (packaging/): make CROSS=toolchain
# with an outside compiler whose sysroot has libelf and libfdt (here
# aarch64-linux-gnu-gcc with the arm64 sysroot of make CROSS=aarch64), then
# cross-install into a staging tree, checked by tests/cross/check-stage.sh.
set -u
B=${BUILD:-build}
sys=$(realpath "$B/cross-aarch64/sysroot")
[ -f "$sys/.uvmsoc-sysroot" ] || { echo "no arm64 sysroot: run make CROSS=aarch64 first"; exit 1; }
lib=$sys/usr/lib/aarch64-linux-gnu
work=$(mktemp -d /tmp/uvs-tc.XXXXXX)
trap 'rm -rf "$work"' EXIT
make -s CROSS=toolchain CROSS_CC=aarch64-linux-gnu-gcc CROSS_AR=aarch64-linux-gnu-ar \
  CROSS_CFLAGS="-I$sys/usr/include" CROSS_LDFLAGS="-L$lib -Wl,-rpath-link,$lib:$sys/lib/aarch64-linux-gnu" \
  BUILD="$work/build" PREFIX=/usr DESTDIR="$work/stage" cross-host cross-install || { echo "make CROSS=toolchain failed"; exit 1; }
tests/cross/check-stage.sh "$work/stage" "$sys"
