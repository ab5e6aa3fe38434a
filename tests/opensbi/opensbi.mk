# opensbi.mk: Debian's OpenSBI 1.1 (package opensbi) booted on uvs_core with
# a directed S-mode payload (tests/opensbi.tests). Included from tests/tests.mk.
#
#   make opensbi-tests  $(OSBI_PAYLOAD): tests/opensbi/payload.S linked at
#                       0x80200000 (fw_jump's FW_JUMP_ADDR); the tests run it
#                       as `uvmsoc-sim --sbi fw_jump.elf payload.elf`.

OSBI_DIR     := tests/opensbi
OSBI_OUT     := $(BUILD)/tests/opensbi
OSBI_PAYLOAD := $(OSBI_OUT)/payload.elf

.PHONY: opensbi-tests
opensbi-tests: $(OSBI_PAYLOAD)

$(OSBI_PAYLOAD): $(OSBI_DIR)/payload.S $(OSBI_DIR)/link.ld | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(RV_CC) $(ISA_ARCH_C) -nostdlib -nostartfiles -static -T $(OSBI_DIR)/link.ld \
	  -Wl,--no-warn-rwx-segments $(OSBI_DIR)/payload.S -o $@
