# uvmsoc top-level build. `make help` lists the targets.
#
# Variables: CONFIG=<name> selects sim/configs/<name>.mk (default: base).
#            BUILD=<dir> output directory (default: build).
#            PREFIX, DESTDIR for `make install`.
#            V=1 shows the commands (the build is quiet otherwise: only
#            tools' warnings, errors and the programs' own output).

ifneq ($(V),1)
.SILENT:
MAKEFLAGS += --no-print-directory
endif

CONFIG ?= base
BUILD  ?= build
PREFIX ?= /usr/local
DESTDIR ?=
JOBS   ?= $(shell nproc 2>/dev/null || echo 2)

include sim/configs/$(CONFIG).mk

CFG_BUILD := $(BUILD)/$(CONFIG)
GEN       := $(BUILD)/gen
GEN_INC   := $(GEN)/include
GEN_RTL   := $(GEN)/rtl

# Host C: C11, warnings as errors.
HOST_CC     ?= gcc
HOST_CFLAGS := -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror -Iinclude -I$(GEN_INC)
SAN_FLAGS   := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# libFuzzer builds (tests/fuzz/fuzz.mk): clang-14 (Debian clang-14 + libclang-rt-14-dev).
FUZZ_CC     := clang-14
FUZZ_CFLAGS := -std=c11 -D_GNU_SOURCE -g -O1 -Wall -Wextra -Werror -Iinclude -I$(GEN_INC) \
               -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all

# $(call PARTS_ARCHIVE,ARCHIVE,SOURCES,OBJDIR,CC_VAR,CFLAGS_VAR): rules that
# compile SOURCES (paths from the top) into OBJDIR with $(CC_VAR) $(CFLAGS_VAR)
# (variable names: expanded when the recipe runs) and archive them. A folder
# uses it to hand its testable C parts to tests/ and the fuzz harnesses
# (plain, ASan/UBSan, libFuzzer builds), so that no other folder compiles them.
define PARTS_ARCHIVE
$(1): $(patsubst %.c,$(3)/%.o,$(2))
	@rm -f $$@
	ar rcs $$@ $$^
$(patsubst %.c,$(3)/%.o,$(2)): $(3)/%.o: %.c $$(ABI_H) | $$(SETUP_STAMP)
	@mkdir -p $$(@D)
	$$($(4)) $$($(5)) -MMD -MP -c $$< -o $$@
-include $(patsubst %.c,$(3)/%.d,$(2))
endef

# $(call vmake_quiet,DIR,ARGS): runs a Verilator makefile in DIR with ARGS,
# without the line that its archive rule prints with $(info) (quiet build;
# V=1 keeps it); the exit status is the sub-make's. Under a parent `make -jN`
# the sub-make shares its job slots (a -j in ARGS is dropped).
vmake_args = -s -C $(1) $(if $(findstring jobserver,$(MAKEFLAGS)),$(filter-out -j%,$(2)),$(2))
ifeq ($(V),1)
vmake_quiet = $(MAKE) $(vmake_args)
else
vmake_quiet = { $(MAKE) $(vmake_args); echo $$? > $(1)/.vmake-rc; } | grep -v '^Archive ' || true; \
	exit $$(cat $(1)/.vmake-rc)
endif

# Bare-metal RISC-V (see ../shared/TOOLCHAIN-NOTES.md for the -misa-spec choice).
RV_PREFIX  := riscv64-unknown-elf-
RV_CC      := $(RV_PREFIX)gcc
RV_OBJDUMP := $(RV_PREFIX)objdump
RV_ARCH    := -misa-spec=2.2 -march=rv64ima -mabi=lp64 -mcmodel=medany
RV_CFLAGS  := -std=c11 $(RV_ARCH) -O2 -g -Wall -Wextra -Werror -ffunction-sections -fdata-sections \
              -Iinclude -I$(GEN_INC)

SETUP_STAMP := $(BUILD)/.deps-ok

.PHONY: all run test bench lint clean install help deps
all: deps sim firmware

help:
	@echo "make run      run the crc32c kernel on a real file end to end (host CLI + c4 simulator)"
	@echo "make test     build everything and run every test; ends with 'N passed, N failed'"
	@echo "make bench    benchmarks (simulated MHz, ...); see docs/benchmarks.md"
	@echo "make soak     the long suites (tests/soak/*.tests), not part of make test"
	@echo "make fuzz     libFuzzer harnesses, 1,000,000 executions each; see docs/reliability.md"
	@echo "make lint     Verilator -Wall lint of the RTL"
	@echo "make install  install the simulator, firmware and headers under DESTDIR/PREFIX"
	@echo "make clean    remove $(BUILD)/"
	@echo "configurations: $(notdir $(basename $(wildcard sim/configs/*.mk)))"

# Install missing Debian packages (apt-get as root, else print the command);
# not for CROSS=toolchain (Buildroot, Yocto: the build system brings them).
deps: $(SETUP_STAMP)
$(SETUP_STAMP): scripts/setup-deps.sh
	@$(if $(filter toolchain,$(CROSS)),true,scripts/setup-deps.sh)
	@mkdir -p $(@D) && touch $@

# ---- generated ABI headers and SV packages (from include/uvmsoc/*.def) ----
ABI_DEFS := $(wildcard include/uvmsoc/*.def)
ABI_NAMES := $(notdir $(basename $(ABI_DEFS)))
ABI_H    := $(foreach n,$(ABI_NAMES),$(GEN_INC)/uvmsoc/$(n).h)
ABI_SV   := $(foreach n,$(ABI_NAMES),$(GEN_RTL)/uvs_$(n)_pkg.sv)
$(GEN)/abigen-%: include/gen/abigen.c include/uvmsoc/%.def | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) -std=c11 -Wall -Wextra -Werror -Iinclude -DDEF_FILE='"uvmsoc/$*.def"' -DDEF_NAME=$* $< -o $@
$(GEN_INC)/uvmsoc/%.h: $(GEN)/abigen-%
	@mkdir -p $(@D)
	$< c > $@
$(GEN_RTL)/uvs_%_pkg.sv: $(GEN)/abigen-%
	@mkdir -p $(@D)
	$< sv > $@
.PHONY: abi
abi: $(ABI_H) $(ABI_SV)

# the shared library first: the simulator's link line (sim/sim.mk) names it
include include/lib/lib.mk
include rtl/rtl.mk
include sim/iommu_tb/iommu_tb.mk
include sim/mt_tb/mt_tb.mk
include sim/plic_tb/plic_tb.mk
include sim/sim.mk
include sim/dma_tb/dma_tb.mk
include firmware/firmware.mk
include tests/tests.mk
include bench/bench.mk
include bench/iommu.mk
include bench/synth.mk
include bench/link.mk
include sim/model/model.mk
include tests/iommu/iommu_tests.mk
include host/host.mk
include tests/host/host_tests.mk
include tests/uvm/uvm.mk
include tests/fuzz/fuzz.mk
include host/cross.mk
include tests/linux/linux.mk
include boards/boards.mk

# ---- main job: co-simulation end to end. The host CLI starts the c4
# simulator, loads Debian's OpenSBI and the firmware (its S-mode payload) and
# the crc32c kernel by DMA (the device console, OpenSBI's banner then the
# firmware's, is shown: --console -), puts a real file
# (RUN_INPUT, default the firmware ELF, present wherever the project builds)
# in managed memory (HBM a quarter of it, 4x oversubscribed: pages fault in
# and are evicted as the kernel reads), runs the kernel on the compute harts
# (its tile variant: each hart's tile engine streams the data through its
# scratchpad; RUN_VARIANT=load for the harts' own loads), checks the CRC
# against the host's own and prints the run's statistics.
RUN_INPUT ?= $(FIRMWARE_ELF)
RUN_VARIANT ?= tile
run: deps sim-c4 $(FIRMWARE_ELF) $(KERNEL_ELFS) $(HOST_CLI)
	$(HOST_CLI) --sim $(SIM_C4) run --console - --kernel crc32c --variant $(RUN_VARIANT) --input $(RUN_INPUT)

clean:
	rm -rf $(BUILD)

# Installs the simulator, firmware, kernels, the configuration's DTB, host
# library, CLI, public and ABI headers and a pkg-config file (uvmsoc.pc), under
# $(DESTDIR)$(PREFIX) (PREFIX default /usr/local; DESTDIR a staging tree).
# tests/install.tests builds a program against the staging tree with pkg-config.
install: $(SIM) $(SIM_DTB) $(FIRMWARE_ELF) $(KERNEL_ELFS) $(ABI_H) host
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/uvmsoc $(DESTDIR)$(PREFIX)/include/uvmsoc \
	           $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/share/uvmsoc/dtb
	install -m 644 $(SIM_DTB) $(DESTDIR)$(PREFIX)/share/uvmsoc/dtb/uvmsoc-$(CONFIG).dtb
	install -m 755 $(SIM) $(DESTDIR)$(PREFIX)/bin/uvmsoc-sim-$(CONFIG)
	install -m 755 $(HOST_CLI) $(DESTDIR)$(PREFIX)/bin/uvmsoc
	install -m 644 $(HOST_LIB) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(FIRMWARE_ELF) $(DESTDIR)$(PREFIX)/share/uvmsoc/
	install -d $(DESTDIR)$(PREFIX)/share/uvmsoc/kernels
	install -m 644 $(KERNEL_ELFS) $(DESTDIR)$(PREFIX)/share/uvmsoc/kernels/
	install -m 644 $(ABI_H) include/uvmsoc/*.h $(DESTDIR)$(PREFIX)/include/uvmsoc/
	printf 'prefix=%s\nincludedir=$${prefix}/include\nlibdir=$${prefix}/lib\n\nName: uvmsoc\nDescription: uvmsoc host driver library\nVersion: 0.1.0\nLibs: -L$${libdir} -luvmsoc -lelf -lfdt\nCflags: -I$${includedir}\n' \
	  '$(PREFIX)' > $(DESTDIR)$(PREFIX)/lib/pkgconfig/uvmsoc.pc

# Keep intermediate files (the abigen programs).
.SECONDARY:
