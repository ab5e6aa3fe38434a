#!/usr/bin/env bash
# tests/packaging/buildroot.sh: the Buildroot BR2_EXTERNAL tree
# (packaging/buildroot) checked without Buildroot (not installable here):
#  1. the files and variables Buildroot's conventions require: external.desc
#     names UVMSOC, Config.in sources the package's Config.in, external.mk
#     includes the package .mk files; the package selects elfutils and dtc,
#     sets VERSION, SITE (this tree), SITE_METHOD local, DEPENDENCIES with
#     elfutils and dtc, INSTALL_STAGING, the BUILD/INSTALL_STAGING/
#     INSTALL_TARGET commands, and ends in $(eval $(generic-package));
#  2. the package's commands run as generic-package runs them: the source
#     copied into the package build dir ($(@D)), then BUILD_CMDS,
#     INSTALL_STAGING_CMDS and INSTALL_TARGET_CMDS, with Buildroot's variables
#     standing for an aarch64 toolchain (Debian's aarch64-linux-gnu-gcc and
#     the arm64 sysroot of make CROSS=aarch64); the staging tree is then
#     checked by tests/cross/check-stage.sh.
set -u
B=${BUILD:-build}
ext=${BR_EXTERNAL:-packaging/buildroot}
pkg=$ext/package/uvmsoc
err=0
need() { grep -Eq -- "$2" "$1" || { echo "$1: no line matching /$2/"; err=1; }; }
need $ext/external.desc '^name: UVMSOC$'
need $ext/external.desc '^desc: .+'
need $ext/Config.in '^source "\$BR2_EXTERNAL_UVMSOC_PATH/package/uvmsoc/Config.in"$'
need $ext/external.mk 'include \$\(sort \$\(wildcard \$\(BR2_EXTERNAL_UVMSOC_PATH\)/package/\*/\*\.mk\)\)'
need $pkg/Config.in '^config BR2_PACKAGE_UVMSOC$'
need $pkg/Config.in '^[[:space:]]+select BR2_PACKAGE_ELFUTILS$'
need $pkg/Config.in '^[[:space:]]+select BR2_PACKAGE_DTC$'
for v in VERSION SITE SITE_METHOD DEPENDENCIES INSTALL_STAGING; do need $pkg/uvmsoc.mk "^UVMSOC_$v = "; done
for c in BUILD_CMDS INSTALL_STAGING_CMDS INSTALL_TARGET_CMDS; do need $pkg/uvmsoc.mk "^define UVMSOC_$c$"; done
[ "$(grep -v '^$' $pkg/uvmsoc.mk | tail -n1)" = '$(eval $(generic-package))' ] || { echo "$pkg/uvmsoc.mk does not end in \$(eval \$(generic-package))"; err=1; }
[ $err -eq 0 ] || exit 1

sys=$(realpath "$B/cross-aarch64/sysroot")
[ -f "$sys/.uvmsoc-sysroot" ] || { echo "no arm64 sysroot: run make CROSS=aarch64 first"; exit 1; }
lib=$sys/usr/lib/aarch64-linux-gnu
w=$(mktemp -d /tmp/uvs-br.XXXXXX); trap 'rm -rf "$w"' EXIT
cat >"$w/harness.mk" <<HARNESS
BR2_EXTERNAL_UVMSOC_PATH := $(realpath $ext)
TARGET_CC := aarch64-linux-gnu-gcc
TARGET_AR := aarch64-linux-gnu-ar
TARGET_CFLAGS := -O2 -I$sys/usr/include
TARGET_LDFLAGS := -L$lib -Wl,-rpath-link,$lib:$sys/lib/aarch64-linux-gnu
HOSTCC := gcc
TARGET_MAKE_ENV := PATH="\$(PATH)"
STAGING_DIR := $w/staging
TARGET_DIR := $w/target
generic-package :=
include \$(BR2_EXTERNAL_UVMSOC_PATH)/external.mk
\$(info UVMSOC_SITE=\$(UVMSOC_SITE) UVMSOC_DEPENDENCIES=\$(UVMSOC_DEPENDENCIES))
$w/build/uvmsoc-custom/.stamp_target_installed:
	mkdir -p \$(@D)
	cd \$(UVMSOC_SITE) && git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C \$(@D)
	\$(UVMSOC_BUILD_CMDS)
	\$(UVMSOC_INSTALL_STAGING_CMDS)
	\$(UVMSOC_INSTALL_TARGET_CMDS)
	touch \$@
HARNESS
out=$(make -s -f "$w/harness.mk" "$w/build/uvmsoc-custom/.stamp_target_installed" 2>&1); rc=$?
echo "$out" | tail -n 20
[ $rc -eq 0 ] || { echo "the package's commands failed"; exit 1; }
site=$(sed -nE 's/^UVMSOC_SITE=([^ ]*) .*/\1/p' <<<"$out")
[ "$site" = "$(pwd)" ] || { echo "UVMSOC_SITE is '$site', expected this tree $(pwd)"; exit 1; }
grep -Eq 'UVMSOC_DEPENDENCIES=.*\belfutils\b' <<<"$out" && grep -Eq 'UVMSOC_DEPENDENCIES=.*\bdtc\b' <<<"$out" ||
  { echo "UVMSOC_DEPENDENCIES lacks elfutils or dtc"; exit 1; }
tests/cross/check-stage.sh "$w/staging" "$sys" || exit 1
cmp "$w/staging/usr/bin/uvmsoc" "$w/target/usr/bin/uvmsoc" || { echo "target and staging CLIs differ"; exit 1; }
echo "target tree: $(cd "$w/target" && find . -type f | sort | tr '\n' ' ')"
