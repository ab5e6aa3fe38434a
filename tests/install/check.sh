#!/bin/bash
# tests/install/check.sh: `make install` into a staging tree (DESTDIR), check
# its layout, then build tests/install/consumer.c against it with nothing but
# `pkg-config --cflags --libs uvmsoc` (PKG_CONFIG_SYSROOT_DIR = the staging
# tree, as a cross build or a Buildroot/Yocto sysroot would) and run it on
# the mock backend. Exit 0 on success.
set -eu
BUILD=${BUILD:-build}
STAGE=$(mktemp -d /tmp/uvs-install-XXXXXX)
trap 'rm -rf "$STAGE"' EXIT
PREFIX=/usr
make -s BUILD="$BUILD" install DESTDIR="$STAGE" PREFIX=$PREFIX >/dev/null
for f in bin/uvmsoc bin/uvmsoc-sim-base lib/libuvmsoc.a lib/pkgconfig/uvmsoc.pc include/uvmsoc/uvmsoc.h \
         include/uvmsoc/hostif.h share/uvmsoc/uvmsoc-fw.elf share/uvmsoc/kernels/crc32c.elf share/uvmsoc/dtb/uvmsoc-base.dtb; do
  [ -e "$STAGE$PREFIX/$f" ] || { echo "install: missing $PREFIX/$f" >&2; exit 1; }
done
export PKG_CONFIG_LIBDIR=$STAGE$PREFIX/lib/pkgconfig PKG_CONFIG_PATH= PKG_CONFIG_SYSROOT_DIR=$STAGE
flags=$(pkg-config --cflags --libs uvmsoc)
echo "pkg-config: $flags"
case $flags in *"-I$STAGE$PREFIX/include"*) ;; *) echo "install: Cflags do not point into the staging tree" >&2; exit 1;; esac
# shellcheck disable=SC2086 # word splitting of the flags is intended
cc -std=c11 -Wall -Werror -o "$STAGE/consumer" tests/install/consumer.c $flags
"$STAGE/consumer"
