#!/usr/bin/env bash
# Kernel and initramfs of the booted aarch64 Linux guest (issue 16 item 3b;
# docs/embedded-linux.md, "Booted guest"; tests/linux/).
# Usage: guest-image.sh OUTDIR WORKDIR CLI FIRMWARE KERNEL_DIR
#   OUTDIR      gets vmlinuz (Debian's arm64 kernel) and initramfs.cpio.gz
#   WORKDIR     downloaded .debs (kept, so a rebuild is offline)
#   CLI         the aarch64 CLI (make CROSS=aarch64: build/cross-aarch64/host/uvmsoc)
#   FIRMWARE    the device firmware ELF; KERNEL_DIR the device kernels (*.elf)
#
# Debian 12 arm64 packages, downloaded with `apt-get download` and unpacked
# with dpkg-deb -x (not installed, as in scripts/cross-sysroot.sh):
# linux-image-arm64 (the kernel it depends on) and busybox-static. The
# initramfs holds busybox, the CLI with the cross C library it needs
# (/usr/aarch64-linux-gnu/lib: the CLI links libelf, libfdt and zlib
# statically), the firmware and kernels under /usr/share/uvmsoc (where the
# CLI looks next to /usr/bin/uvmsoc), and tests/linux/init.
# Needs on the build machine: qemu-system-arm (to boot it), cpio; root
# installs them, anybody else is told the command.
set -eu
[ $# -eq 5 ] || { echo "usage: $0 OUTDIR WORKDIR CLI FIRMWARE KERNEL_DIR" >&2; exit 2; }
out=$1 work=$2 cli=$3 fw=$4 kdir=$5
here=$(cd "$(dirname "$0")/.." && pwd)
say() { echo "uvmsoc: guest image: $*" >&2; }
fail() { say "$*"; exit 1; }
for f in "$cli" "$fw"; do [ -f "$f" ] || fail "$f missing (make CROSS=aarch64 cross-host; make firmware)"; done
ls "$kdir"/*.elf >/dev/null 2>&1 || fail "no kernels in $kdir (make kernels)"
sysroot=/usr/aarch64-linux-gnu

missing=()
for p in qemu-system-arm cpio libc6-arm64-cross; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  [ "$(id -u)" -eq 0 ] || fail "needs: apt-get install --no-install-recommends ${missing[*]} (as root)"
  say "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p "$work/debs" "$out"
work=$(cd "$work" && pwd)
if ! ls "$work"/debs/linux-image-*-arm64_*_arm64.deb "$work"/debs/busybox-static_*_arm64.deb >/dev/null 2>&1; then
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    [ "$(id -u)" -eq 0 ] || fail "needs: dpkg --add-architecture arm64 && apt-get update (as root)"
    dpkg --add-architecture arm64 && apt-get update -qq
  fi
  # linux-image-arm64 is a metapackage: the kernel is the package it depends on.
  kpkg=$(apt-cache depends linux-image-arm64:arm64 2>/dev/null | sed -nE 's/^ *Depends: (linux-image-[0-9].*-arm64)(:arm64)?$/\1/p' | head -n1)
  [ -n "$kpkg" ] || fail "cannot tell which kernel linux-image-arm64:arm64 depends on (apt-get update?)"
  say "downloading $kpkg and busybox-static (arm64)"
  (cd "$work/debs" && apt-get download "$kpkg:arm64" busybox-static:arm64) >"$work/download.log" 2>&1 ||
    fail "apt-get download $kpkg:arm64 busybox-static:arm64 failed (see $work/download.log)"
fi
kdeb=$(ls "$work"/debs/linux-image-*-arm64_*_arm64.deb | sort -V | tail -n1)
bdeb=$(ls "$work"/debs/busybox-static_*_arm64.deb | sort -V | tail -n1)

rm -rf "$work/kernel" "$work/root" && mkdir -p "$work/kernel"
dpkg-deb -x "$kdeb" "$work/kernel"
vmlinuz=$(ls "$work"/kernel/boot/vmlinuz-* | head -n1)
cp "$vmlinuz" "$out/vmlinuz"
basename "$kdeb" >"$out/kernel-package"

r=$work/root
mkdir -p "$r"/{bin,dev,proc,sys,tmp,lib,usr/bin,usr/share/uvmsoc/kernels}
dpkg-deb -x "$bdeb" "$work/bb"
cp "$work/bb/bin/busybox" "$r/bin/busybox"
rm -rf "$work/bb"
install -m 755 "$cli" "$r/usr/bin/uvmsoc"
install -m 644 "$fw" "$r/usr/share/uvmsoc/uvmsoc-fw.elf"
install -m 644 "$kdir"/*.elf "$r/usr/share/uvmsoc/kernels/"
# The CLI's shared libraries and its program interpreter (/lib/ld-linux-aarch64.so.1),
# from the cross C library, in /lib (a directory the dynamic loader always searches).
interp=$(aarch64-linux-gnu-readelf -l "$cli" | sed -nE 's/.*Requesting program interpreter: (.*)\]/\1/p')
[ "$interp" = /lib/ld-linux-aarch64.so.1 ] || fail "$cli asks for program interpreter '$interp', expected /lib/ld-linux-aarch64.so.1"
for lib in $(aarch64-linux-gnu-readelf -d "$cli" | sed -nE 's/.*\(NEEDED\).*\[(.*)\]/\1/p') ld-linux-aarch64.so.1; do
  [ -f "$sysroot/lib/$lib" ] || fail "$lib (needed by $cli) not in $sysroot/lib"
  cp -L "$sysroot/lib/$lib" "$r/lib/$lib"
done
install -m 755 "$here/tests/linux/init" "$r/init"
(cd "$r" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0 | gzip -1) >"$out/initramfs.cpio.gz.tmp"
mv "$out/initramfs.cpio.gz.tmp" "$out/initramfs.cpio.gz"
say "$out/vmlinuz ($(basename "$kdeb")), $out/initramfs.cpio.gz ($(du -k "$out/initramfs.cpio.gz" | cut -f1) KiB)"
