SUMMARY = "uvmsoc host driver: libuvmsoc and the uvmsoc CLI"
DESCRIPTION = "Host driver of the uvmsoc accelerator: the static library \
libuvmsoc (headers, uvmsoc.pc) and the CLI uvmsoc, which loads the device \
firmware, runs kernels and serves the device's page faults. With \
PACKAGECONFIG firmware: the device firmware and kernels in ${datadir}/uvmsoc."
# The uvmsoc tree carries no license file yet: set LICENSE and
# LIC_FILES_CHKSUM here when it does.
LICENSE = "CLOSED"

DEPENDS = "elfutils dtc"

inherit pkgconfig externalsrc

# The source tree this layer lives in (packaging/yocto/meta-uvmsoc/ of it);
# set EXTERNALSRC:pn-uvmsoc in local.conf to build another checkout.
EXTERNALSRC ?= "${@os.path.abspath(os.path.join(d.getVar('THISDIR'), '../../../../..'))}"

# The device firmware and kernels are RISC-V bare-metal images built with the
# build machine's riscv64-unknown-elf-gcc and picolibc (Debian:
# gcc-riscv64-unknown-elf, picolibc-riscv64-unknown-elf), which must be in
# HOSTTOOLS; OE-core has no recipe for that toolchain.
PACKAGECONFIG ??= ""
PACKAGECONFIG[firmware] = "CROSS_FIRMWARE=1,,"

# host/cross.mk: CROSS=toolchain links -lelf -lfdt from the recipe sysroot;
# the ABI header generator runs on the build machine (BUILD_CC).
EXTRA_OEMAKE = "CROSS=toolchain CROSS_CC='${CC}' CROSS_AR='${AR}' \
                CROSS_CFLAGS='${CFLAGS}' CROSS_LDFLAGS='${LDFLAGS}' \
                HOST_CC='${BUILD_CC}' BUILD='${B}/build' PREFIX='${prefix}' \
                ${PACKAGECONFIG_CONFARGS}"

do_compile() {
    oe_runmake -C ${S} cross-host
}

do_install() {
    oe_runmake -C ${S} DESTDIR=${D} cross-install
}

FILES:${PN} += "${datadir}/uvmsoc"
