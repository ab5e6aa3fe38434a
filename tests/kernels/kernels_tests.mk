# What tests/kernels.tests and tests/grid.tests need (`make kernels-tests`;
# included from tests/tests.mk): the kernels, the self-test DTBs
# tests/kernels/*.dts (c4 board + /chosen/uvmsoc,selftest), the host unit
# test of the CRC-32C arithmetic (cmocka, ASan/UBSan, against
# $(KRN_PARTS_LIB_SAN), firmware/kernels/kernels.mk), and a kernel without
# its entry symbol.
KRN_TEST_DTBS := $(patsubst tests/kernels/%.dts,$(KRN_OUT)/tests/%.dtb,$(wildcard tests/kernels/*.dts))
KRN_CRC_UNIT  := $(KRN_OUT)/tests/crc32c-unit

$(KRN_OUT)/tests/%.dtb: tests/kernels/%.dts $(wildcard boards/sim/*.dts boards/sim/*.dtsi)
	@mkdir -p $(@D)
	cpp -nostdinc -undef -x assembler-with-cpp -P -I boards/sim -I tests/kernels $< \
		| dtc -I dts -O dtb -o $@ -

$(KRN_CRC_UNIT): tests/kernels/crc32c_unit.c $(KRN_PARTS_LIB_SAN) firmware/kernels/crc32c_math.h
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -Ifirmware/kernels -o $@ $< $(KRN_PARTS_LIB_SAN) -lcmocka

# fill.elf with its entry symbol _start removed from the symbol table (the
# image and e_entry unchanged): `uvmsoc run` must refuse it before anything
# runs (tests/grid.tests).
KRN_NOENTRY := $(KRN_OUT)/tests/noentry.elf

$(KRN_NOENTRY): $(KRN_OUT)/fill.elf
	@mkdir -p $(@D)
	$(RV_PREFIX)objcopy --strip-symbol=_start $< $@

.PHONY: kernels-tests
kernels-tests: kernels $(KRN_TEST_DTBS) $(KRN_CRC_UNIT) $(KRN_NOENTRY)
