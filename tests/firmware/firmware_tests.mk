# What tests/firmware.tests needs (`make firmware-tests`; included from
# tests/tests.mk): the firmware, the test DTBs tests/firmware/*.dts, and the
# host unit tests (cmocka, ASan/UBSan) of platform discovery, the PLIC probe
# and host command execution, linked against the firmware's host-testable
# parts ($(FW_PARTS_LIB_SAN), firmware/firmware.mk); the kernels' tests too.

# Test DTBs, built like the board DTS (sim/sim.mk).
FW_TEST_DTS  := $(wildcard tests/firmware/*.dts)
FW_TEST_DTBS := $(patsubst tests/firmware/%.dts,$(FW_OUT)/tests/%.dtb,$(FW_TEST_DTS))

$(FW_OUT)/tests/%.dtb: tests/firmware/%.dts $(wildcard boards/sim/*.dts boards/sim/*.dtsi)
	@mkdir -p $(@D)
	cpp -nostdinc -undef -x assembler-with-cpp -P -I boards/sim -I tests/firmware $< \
		| dtc -I dts -O dtb -o $@ -

FW_PLATFORM_UNIT := $(FW_OUT)/tests/platform-unit
FW_PLIC_UNIT     := $(FW_OUT)/tests/plic-unit
FW_CMD_UNIT      := $(FW_OUT)/tests/cmd-unit
# platform-unit: platform discovery against trees; plic-unit: the PLIC probe
# against small trees; cmd-unit: host command execution with a fake launcher.
$(FW_OUT)/tests/%-unit: tests/firmware/%_unit.c $(FW_PARTS_LIB_SAN) $(wildcard firmware/*.h) $(ABI_H)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -Ifirmware -o $@ $< $(FW_PARTS_LIB_SAN) -lfdt -lcmocka

firmware-tests: $(FIRMWARE_ELF) $(FW_TEST_DTBS) $(FW_PLATFORM_UNIT) $(FW_PLIC_UNIT) $(FW_CMD_UNIT) kernels-tests
