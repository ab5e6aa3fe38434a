#!/usr/bin/env bash
# Obtain upstream libfdt sources for the firmware build (not committed here).
# Usage: fetch-libfdt.sh DESTDIR
# Source: Debian's linux-source-6.1 binary package, scripts/dtc/libfdt/.
# The .deb is cached in DESTDIR/../; only the libfdt folder is extracted.
set -eu
[ $# -eq 1 ] || { echo "usage: $0 DESTDIR" >&2; exit 2; }
dest=$1
[ -f "$dest/fdt.c" ] && exit 0
work=$(dirname "$dest")
mkdir -p "$work"
# Absolute paths: the script changes into $work below.
work=$(cd "$work" && pwd)
dest=$work/$(basename "$dest")
cd "$work"
deb=$(ls linux-source-6.1_*.deb 2>/dev/null | head -n1 || true)
if [ -z "$deb" ]; then
  if ! apt-get download linux-source-6.1 >/dev/null 2>&1; then
    [ "$(id -u)" -eq 0 ] && apt-get update -qq && apt-get download linux-source-6.1 >/dev/null 2>&1 || {
      echo "uvmsoc: cannot download linux-source-6.1 (libfdt sources); run: apt-get update && apt-get download linux-source-6.1 in $work" >&2; exit 1; }
  fi
  deb=$(ls linux-source-6.1_*.deb | head -n1)
fi
rm -rf linux-source-6.1
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/src/linux-source-6.1.tar.xz \
  | tar -xJ --wildcards 'linux-source-6.1/scripts/dtc/libfdt/*'
rm -rf "$dest"
mv linux-source-6.1/scripts/dtc/libfdt "$dest"
rm -rf linux-source-6.1
