#!/usr/bin/env bash
# The build that Buildroot and Yocto run (packaging/): make CROSS=toolchain
# with an outside compiler whose sysroot has libelf and libfdt (here
# aarch64-linux-gnu-gcc with the arm64 sysroot of make CROSS=aarch64), then
# cross-install into a staging tree. Checks the installed files and
# uvmsoc.pc, and runs the installed CLI under qemu-aarch64 against the
# dynamic libelf/libfdt of that sysroot (mock backend).
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
rc=0
for f in usr/bin/uvmsoc usr/lib/libuvmsoc.a usr/include/uvmsoc/uvmsoc.h usr/include/uvmsoc/hostif.h usr/lib/pkgconfig/uvmsoc.pc; do
  [ -f "$work/stage/$f" ] || { echo "missing $f in the staging tree"; rc=1; }
done
[ $rc -eq 0 ] || exit 1
readelf -h "$work/stage/usr/bin/uvmsoc" | grep -Eq 'Machine: +AArch64$' || { echo "the installed CLI is not AArch64"; exit 1; }
needed=$(readelf -d "$work/stage/usr/bin/uvmsoc" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p' | tr '\n' ' ')
echo "installed CLI needs: $needed"
grep -q 'libelf.so.1' <<<"$needed" && grep -q 'libfdt.so.1' <<<"$needed" || { echo "expected libelf and libfdt from the toolchain's sysroot"; exit 1; }
pc=$(PKG_CONFIG_SYSROOT_DIR="$work/stage" PKG_CONFIG_LIBDIR="$work/stage/usr/lib/pkgconfig" pkg-config --cflags --libs uvmsoc | sed "s/ *$//")
echo "pkg-config: $pc"
[ "$pc" = "-I$work/stage/usr/include -L$work/stage/usr/lib -luvmsoc -lelf -lfdt" ] || { echo "unexpected pkg-config output"; exit 1; }
out=$(qemu-aarch64 -L /usr/aarch64-linux-gnu -E LD_LIBRARY_PATH="$lib:$sys/lib/aarch64-linux-gnu" "$work/stage/usr/bin/uvmsoc" --backend mock info 2>&1); r=$?
echo "$out"
[ $r -eq 0 ] && grep -Eq '^device id: +0x55564d53$' <<<"$out"
