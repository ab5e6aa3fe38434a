# Cross builds of the host driver (libuvmsoc and the CLI uvmsoc) for Linux on
# another architecture (issue 16 item 2; docs/embedded-linux.md).
#
#   make CROSS=aarch64        Debian's aarch64-linux-gnu-gcc; libelf, libfdt and
#                             zlib from Debian 12's arm64 packages
#   make CROSS=riscv64        Debian's riscv64-linux-gnu-gcc; zlib and libelf
#                             built from Debian's source packages, libfdt from
#                             the upstream sources the firmware uses
#   make cross-clis           both of the above (make test needs them)
#   make CROSS=toolchain CROSS_CC=... CROSS_AR=... [CROSS_CFLAGS=... CROSS_LDFLAGS=...]
#        cross-host cross-install
#                             another toolchain whose sysroot has libelf and
#                             libfdt (Buildroot, Yocto): links -lelf -lfdt
#
# Output: $(BUILD)/cross-$(CROSS)/host/{libuvmsoc.a,uvmsoc}; the target
# libraries of aarch64/riscv64 go to $(BUILD)/cross-$(CROSS)/sysroot
# (scripts/cross-sysroot.sh) and are linked statically, so the CLI needs only
# the target's C library (qemu-user: -L /usr/$(CROSS)-linux-gnu).
# The generated ABI headers are built for the build machine as usual (abigen
# runs there); only the library and the CLI are cross-compiled.
#
# cross-install: library, headers, CLI and uvmsoc.pc under $(DESTDIR)$(PREFIX),
# plus the firmware and kernels when they were built (CROSS_FIRMWARE=1 builds
# them: they are RISC-V bare-metal images, the same for every host
# architecture, and need the build machine's riscv64-unknown-elf-gcc).
#
# Needs: HOST_CFLAGS, HOST_LIB_SRCS, HOST_LIB_HDRS, HOST_CLI_SRCS, ABI_H
# (host/host.mk), FIRMWARE_ELF, KERNEL_ELFS, LIBFDT_STAMP, LIBFDT_SRC.

CROSS_ARCHS := aarch64 riscv64
CROSS_BUILD_ROOT = $(BUILD)/cross-$(CROSS)

.PHONY: cross-clis cross-host cross-install
# The sub-makes share the ABI headers and the libfdt sources with this make:
# made here first, so that a parallel `make test` does not make them twice at once.
cross-clis: $(ABI_H) $(LIBFDT_STAMP) | $(SETUP_STAMP)
	set -e; for a in $(CROSS_ARCHS); do $(MAKE) CROSS=$$a BUILD=$(BUILD) cross-host; done

ifneq ($(CROSS),)
.DEFAULT_GOAL := cross-host

ifeq ($(CROSS),toolchain)
ifeq ($(CROSS_CC),)
$(error CROSS=toolchain needs CROSS_CC (and CROSS_AR) naming the target compiler)
endif
CROSS_AR        ?= ar
CROSS_LDLIBS    ?= -lelf -lfdt -lz
CROSS_SYSROOT_OK :=
CROSS_INC       :=
else ifneq ($(filter $(CROSS),$(CROSS_ARCHS)),)
CROSS_TRIPLE    := $(CROSS)-linux-gnu
CROSS_CC        ?= $(CROSS_TRIPLE)-gcc
CROSS_AR        ?= $(CROSS_TRIPLE)-ar
CROSS_SYSROOT   := $(CROSS_BUILD_ROOT)/sysroot
CROSS_SYSROOT_OK := $(CROSS_SYSROOT)/.uvmsoc-sysroot
CROSS_INC       := -I$(CROSS_SYSROOT)/usr/include
CROSS_LDLIBS    := -L$(CROSS_SYSROOT)/usr/lib/$(CROSS_TRIPLE) -Wl,-Bstatic -lelf -lfdt -lz -Wl,-Bdynamic
# riscv64 builds libfdt from the sources the firmware build fetches.
CROSS_SYSROOT_DEPS := $(if $(filter riscv64,$(CROSS)),$(LIBFDT_STAMP))
$(CROSS_SYSROOT_OK): scripts/cross-sysroot.sh $(CROSS_SYSROOT_DEPS) | $(SETUP_STAMP)
	JOBS=$(JOBS) scripts/cross-sysroot.sh $(CROSS) $(CROSS_SYSROOT) $(BUILD)/third_party/cross-$(CROSS) $(LIBFDT_SRC)
else
$(error CROSS=$(CROSS): unknown; use one of $(CROSS_ARCHS), or CROSS=toolchain CROSS_CC=...)
endif

CROSS_HOST_BUILD := $(CROSS_BUILD_ROOT)/host
CROSS_LIB        := $(CROSS_HOST_BUILD)/libuvmsoc.a
CROSS_CLI        := $(CROSS_HOST_BUILD)/uvmsoc
CROSS_CFLAGS     ?=
CROSS_LDFLAGS    ?=

cross-host: $(CROSS_LIB) $(CROSS_CLI)

$(CROSS_HOST_BUILD)/obj/%.o: host/lib/%.c $(HOST_LIB_HDRS) $(ABI_H) $(CROSS_SYSROOT_OK)
	@mkdir -p $(@D)
	$(CROSS_CC) $(HOST_CFLAGS) $(CROSS_CFLAGS) $(CROSS_INC) -c $< -o $@
# with the shared library's objects (include/lib/lib.mk), as the native libuvmsoc
$(CROSS_LIB): $(patsubst host/lib/%.c,$(CROSS_HOST_BUILD)/obj/%.o,$(HOST_LIB_SRCS)) \
              $(patsubst include/lib/%.c,$(CROSS_HOST_BUILD)/common-obj/%.o,$(COMMON_SRCS))
	@rm -f $@
	$(CROSS_AR) rcs $@ $^
$(CROSS_HOST_BUILD)/common-obj/%.o: include/lib/%.c $(COMMON_HDRS) $(CROSS_SYSROOT_OK)
	@mkdir -p $(@D)
	$(CROSS_CC) $(HOST_CFLAGS) $(CROSS_CFLAGS) $(CROSS_INC) -c $< -o $@
$(CROSS_CLI): $(HOST_CLI_SRCS) $(wildcard host/cli/*.h) $(CROSS_LIB) $(HOST_LIB_HDRS) $(ABI_H)
	$(CROSS_CC) $(HOST_CFLAGS) $(CROSS_CFLAGS) $(CROSS_INC) -Ihost/lib -Iinclude/lib $(HOST_CLI_SRCS) $(CROSS_LIB) $(CROSS_LDFLAGS) $(CROSS_LDLIBS) -lm -o $@

CROSS_DEVICE_FILES := $(if $(CROSS_FIRMWARE),$(FIRMWARE_ELF) $(KERNEL_ELFS))
cross-install: cross-host $(ABI_H) $(CROSS_DEVICE_FILES)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/include/uvmsoc
	install -m 755 $(CROSS_CLI) $(DESTDIR)$(PREFIX)/bin/uvmsoc
	install -m 644 $(CROSS_LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(ABI_H) include/uvmsoc/*.h $(DESTDIR)$(PREFIX)/include/uvmsoc/
	printf 'prefix=%s\nincludedir=$${prefix}/include\nlibdir=$${prefix}/lib\n\nName: uvmsoc\nDescription: uvmsoc host driver library\nVersion: 0.1.0\nLibs: -L$${libdir} -luvmsoc -lelf -lfdt\nCflags: -I$${includedir}\n' \
	  '$(PREFIX)' > $(DESTDIR)$(PREFIX)/lib/pkgconfig/uvmsoc.pc
	if [ -n "$(CROSS_DEVICE_FILES)" ]; then \
	  install -d $(DESTDIR)$(PREFIX)/share/uvmsoc/kernels && \
	  install -m 644 $(FIRMWARE_ELF) $(DESTDIR)$(PREFIX)/share/uvmsoc/ && \
	  install -m 644 $(KERNEL_ELFS) $(DESTDIR)$(PREFIX)/share/uvmsoc/kernels/; fi
endif

# tests/cross.tests runs both cross-built CLIs.
test: cross-clis
