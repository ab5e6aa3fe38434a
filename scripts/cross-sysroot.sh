#!/usr/bin/env bash
# Target libraries for a cross build of the host driver (make CROSS=ARCH).
# Usage: cross-sysroot.sh ARCH SYSROOT WORKDIR LIBFDT_SRC
#   ARCH        aarch64 or riscv64
#   SYSROOT     where the target's headers and static libraries go
#               (SYSROOT/usr/include, SYSROOT/usr/lib/ARCH-linux-gnu)
#   WORKDIR     downloads and source builds (kept, so a rebuild is offline)
#   LIBFDT_SRC  upstream libfdt sources (scripts/fetch-libfdt.sh), riscv64 only
#
# libuvmsoc needs libelf (elfutils) and libfdt (dtc); libelf needs zlib.
#   aarch64: Debian 12's arm64 packages (libelf-dev, libelf1, zlib1g-dev,
#            zlib1g, libfdt-dev, libfdt1), fetched with `apt-get download`
#            and unpacked into SYSROOT: not installed with dpkg, because
#            libfdt-dev is not Multi-Arch: same and installing libfdt-dev:arm64
#            removes the build machine's libfdt-dev (checked with apt-get -s).
#   riscv64: Debian 12 has no riscv64 packages. zlib and elfutils are built
#            from Debian's source packages (zlib 1.2.13, elfutils 0.188: the
#            versions of the build machine's libraries), fetched with
#            `apt-get source` through a deb-src list private to WORKDIR (the
#            machine's apt configuration is not touched); libfdt from the
#            upstream sources the firmware build already extracts.
# Only static libraries are used: the cross-built CLI needs nothing on the
# target but its C library.
set -eu
[ $# -eq 4 ] || { echo "usage: $0 ARCH SYSROOT WORKDIR LIBFDT_SRC" >&2; exit 2; }
arch=$1 sysroot=$2 work=$3 libfdt_src=$4
triple=$arch-linux-gnu
case $arch in
  aarch64) debarch=arm64 ;;
  riscv64) debarch=riscv64 ;;
  *) echo "uvmsoc: CROSS=$arch: unknown target; use aarch64 or riscv64" >&2; exit 2 ;;
esac
libdir=$sysroot/usr/lib/$triple
stamp=$sysroot/.uvmsoc-sysroot
[ -f "$stamp" ] && exit 0
mkdir -p "$work" "$sysroot/usr/include" "$libdir"
work=$(cd "$work" && pwd); sysroot=$(cd "$sysroot" && pwd); libdir=$sysroot/usr/lib/$triple
log=$work/build.log
: >"$log"
say() { echo "uvmsoc: cross $arch: $*" >&2; }
fail() { say "$*"; [ -s "$log" ] && { echo "--- last lines of $log:" >&2; tail -n 20 "$log" >&2; }; exit 1; }

# Root runs apt-get; anybody else is told the exact command.
need_root() {
  [ "$(id -u)" -eq 0 ] || fail "needs: $*  (run it as root, then make CROSS=$arch again)"
  "$@" >>"$log" 2>&1 || fail "failed: $*"
}

# The cross compiler and C library (Debian packages of the build machine).
pkgs=(gcc-$triple libc6-dev-$debarch-cross qemu-user)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]}"
  need_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ "$arch" = aarch64 ]; then
  debs=(libelf-dev:arm64 libelf1:arm64 zlib1g-dev:arm64 zlib1g:arm64 libfdt-dev:arm64 libfdt1:arm64)
  mkdir -p "$work/debs"
  if ! ls "$work"/debs/libelf-dev_*_arm64.deb >/dev/null 2>&1; then
    if ! dpkg --print-foreign-architectures | grep -qx arm64; then
      say "adding the arm64 architecture to dpkg (packages are downloaded, not installed)"
      need_root dpkg --add-architecture arm64
      need_root apt-get update -qq
    fi
    (cd "$work/debs" && apt-get download "${debs[@]}") >>"$log" 2>&1 || {
      [ "$(id -u)" -eq 0 ] && apt-get update -qq >>"$log" 2>&1 &&
        (cd "$work/debs" && apt-get download "${debs[@]}") >>"$log" 2>&1; } ||
      fail "cannot download ${debs[*]}; run: apt-get update && (cd $work/debs && apt-get download ${debs[*]})"
  fi
  for d in "$work"/debs/*_arm64.deb; do dpkg-deb -x "$d" "$sysroot"; done
  for a in libelf.a libz.a libfdt.a; do [ -f "$libdir/$a" ] || fail "$libdir/$a missing after unpacking"; done
  touch "$stamp"
  exit 0
fi

# ---- riscv64: build zlib, libelf and libfdt from sources ----
cc=$triple-gcc
ar=$triple-ar
jobs=${JOBS:-2}
srcs=$work/src
mkdir -p "$srcs" "$work/apt/lists/partial"
# Debian's source packages through a deb-src list private to WORKDIR.
cat >"$work/apt/deb-src.sources" <<EOF
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
aptsrc=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$work/apt"
        -o "Dir::State::Lists=$work/apt/lists" -o Dir::State::Status=/var/lib/dpkg/status)
fetch_source() {  # fetch_source PACKAGE ORIG-GLOB: the upstream tarball in $srcs
  ls "$srcs"/$2 >/dev/null 2>&1 && return 0
  if ! ls "$work"/apt/lists/*Sources* >/dev/null 2>&1; then
    apt-get "${aptsrc[@]}" update >>"$log" 2>&1 || fail "apt-get update of the private deb-src list failed"
  fi
  (cd "$srcs" && apt-get "${aptsrc[@]}" source --download-only "$1") >>"$log" 2>&1 ||
    fail "apt-get source $1 failed (deb-src list $work/apt/deb-src.sources)"
  ls "$srcs"/$2 >/dev/null 2>&1 || fail "no $2 in $srcs after apt-get source $1"
}

fetch_source zlib 'zlib_*.orig.tar.*'
fetch_source elfutils 'elfutils_*.orig.tar.*'

say "building zlib"
rm -rf "$work/zlib" && mkdir -p "$work/zlib"
tar -xf "$(ls "$srcs"/zlib_*.orig.tar.* | head -n1)" -C "$work/zlib" --strip-components=1
(cd "$work/zlib" && CC=$cc AR=$ar CFLAGS="-O2 -fPIC" ./configure --static --prefix=/usr --libdir="/usr/lib/$triple" &&
  make -j"$jobs" libz.a && make install DESTDIR="$sysroot") >>"$log" 2>&1 || fail "zlib build failed"

say "building libelf (elfutils)"
rm -rf "$work/elfutils" && mkdir -p "$work/elfutils"
tar -xf "$(ls "$srcs"/elfutils_*.orig.tar.* | head -n1)" -C "$work/elfutils" --strip-components=1
(cd "$work/elfutils" &&
  ./configure --host="$triple" --prefix=/usr --libdir="/usr/lib/$triple" \
    --disable-debuginfod --disable-libdebuginfod --without-bzlib --without-lzma --without-zstd \
    --disable-nls --disable-symbol-versioning \
    CC="$cc" CFLAGS="-O2 -fPIC" CPPFLAGS="-I$sysroot/usr/include" LDFLAGS="-L$libdir" &&
  make -j"$jobs" -C lib && make -j"$jobs" -C libelf libelf.a) >>"$log" 2>&1 || fail "libelf build failed"
install -m 644 "$work/elfutils/libelf/libelf.a" "$libdir/"
install -m 644 "$work/elfutils/libelf/libelf.h" "$work/elfutils/libelf/gelf.h" \
  "$work/elfutils/libelf/nlist.h" "$sysroot/usr/include/"
install -d "$sysroot/usr/include/elfutils"
install -m 644 "$work/elfutils/libelf/elf-knowledge.h" "$work/elfutils/version.h" "$sysroot/usr/include/elfutils/"

say "building libfdt"
[ -f "$libfdt_src/fdt.c" ] || fail "no libfdt sources in $libfdt_src (scripts/fetch-libfdt.sh)"
rm -rf "$work/libfdt" && mkdir -p "$work/libfdt"
for c in "$libfdt_src"/fdt*.c; do
  "$cc" -O2 -fPIC -I"$libfdt_src" -c "$c" -o "$work/libfdt/$(basename "${c%.c}").o" >>"$log" 2>&1 ||
    fail "libfdt: $c does not compile"
done
rm -f "$libdir/libfdt.a"
"$ar" rcs "$libdir/libfdt.a" "$work"/libfdt/*.o
install -m 644 "$libfdt_src/libfdt.h" "$libfdt_src/fdt.h" "$libfdt_src/libfdt_env.h" "$sysroot/usr/include/"
touch "$stamp"
