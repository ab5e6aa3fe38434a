# opensbi.mk: Debian's OpenSBI 1.1 (package opensbi) booted on uvs_core with
# an S-mode payload (tests/opensbi.tests). Included from tests/tests.mk.
#
#   make opensbi-tests  $(OSBI_ELF): fw_jump.bin + tests/opensbi/payload.S
#                       in one ELF, and $(OSBI_SIM): the base configuration's
#                       simulator with 64 MiB of SRAM, because fw_jump copies
#                       the DTB to 0x82200000 (FW_JUMP_FDT_ADDR).

OSBI_DIR  := tests/opensbi
OSBI_OUT  := $(BUILD)/tests/opensbi
OSBI_BIN  := /usr/lib/riscv64-linux-gnu/opensbi/generic/fw_jump.bin
OSBI_ELF  := $(OSBI_OUT)/fw_jump-payload.elf
OSBI_SIM  := $(BUILD)/sbi/uvmsoc-sim

.PHONY: opensbi-tests sim-sbi
opensbi-tests: $(OSBI_ELF) sim-sbi

$(OSBI_OUT)/fw_jump.o: $(OSBI_BIN) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	cd $(<D) && $(RV_PREFIX)objcopy -I binary -O elf64-littleriscv -B riscv $(<F) $(abspath $@)

$(OSBI_ELF): $(OSBI_OUT)/fw_jump.o $(OSBI_DIR)/payload.S $(OSBI_DIR)/link.ld
	$(RV_CC) $(ISA_ARCH_C) -nostdlib -nostartfiles -static -T $(OSBI_DIR)/link.ld \
	  -Wl,--no-warn-rwx-segments $(OSBI_OUT)/fw_jump.o $(OSBI_DIR)/payload.S -o $@

# $(OSBI_SIM): the base configuration with 64 MiB of SRAM (same RTL, other
# C defines), built by a recursive make.
sim-sbi:
	$(MAKE) CONFIG=base BUILD=$(BUILD) CFG_BUILD=$(BUILD)/sbi CFG_SRAM_KIB=65536 sim
