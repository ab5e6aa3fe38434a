#!/usr/bin/env bash
# tests/cross/check-stage.sh STAGE SYSROOT: a staging tree installed by
# `make CROSS=toolchain ... cross-install PREFIX=/usr` with the aarch64
# toolchain and the arm64 sysroot SYSROOT (make CROSS=aarch64) holds the CLI
# (AArch64, linked to libelf and libfdt of the sysroot), library, headers and
# uvmsoc.pc; pkg-config gives the flags to build against it; the installed
# CLI runs under qemu-aarch64 (mock backend).
set -u
stage=$1 sys=$2
lib=$sys/usr/lib/aarch64-linux-gnu
for f in usr/bin/uvmsoc usr/lib/libuvmsoc.a usr/include/uvmsoc/uvmsoc.h usr/include/uvmsoc/hostif.h usr/lib/pkgconfig/uvmsoc.pc; do
  [ -f "$stage/$f" ] || { echo "missing $f in the staging tree $stage"; exit 1; }
done
readelf -h "$stage/usr/bin/uvmsoc" | grep -Eq 'Machine: +AArch64$' || { echo "the installed CLI is not AArch64"; exit 1; }
needed=$(readelf -d "$stage/usr/bin/uvmsoc" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p' | tr '\n' ' ')
echo "installed CLI needs: $needed"
grep -q 'libelf.so.1' <<<"$needed" && grep -q 'libfdt.so.1' <<<"$needed" || { echo "expected libelf and libfdt from the toolchain's sysroot"; exit 1; }
pc=$(PKG_CONFIG_SYSROOT_DIR="$stage" PKG_CONFIG_LIBDIR="$stage/usr/lib/pkgconfig" pkg-config --cflags --libs uvmsoc | sed "s/ *$//")
echo "pkg-config: $pc"
[ "$pc" = "-I$stage/usr/include -L$stage/usr/lib -luvmsoc -lelf -lfdt" ] || { echo "unexpected pkg-config output"; exit 1; }
out=$(qemu-aarch64 -L /usr/aarch64-linux-gnu -E LD_LIBRARY_PATH="$lib:$sys/lib/aarch64-linux-gnu" "$stage/usr/bin/uvmsoc" --backend mock info 2>&1); r=$?
echo "$out"
[ $r -eq 0 ] && grep -Eq '^device id: +0x55564d53$' <<<"$out"
