# placeholder: replaced by its owner
FIRMWARE_ELF := $(BUILD)/firmware/uvmsoc-fw.elf
.PHONY: firmware firmware-tests
