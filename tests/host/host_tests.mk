# The host driver's tests (included from the top Makefile after host/host.mk,
# whose library names the prerequisites need): the cmocka unit tests of
# tests/host/test_*.c against libuvmsoc, plain and ASan/UBSan, their test data,
# and the end-to-end helpers of tests/e2e.tests and tests/managed*.tests.
#
#   make host-unit-tests  build the unit tests normally and under ASan/UBSan, run both

HOST_TEST_BUILD := $(BUILD)/tests/host
HOST_TESTS      := $(notdir $(basename $(wildcard tests/host/test_*.c)))
.PHONY: host-unit-tests

# ---- unit tests: test_<name>.c, each built plain and with $(SAN_FLAGS) ----
# Test firmware: tiny bare-metal RISC-V ELFs inside and outside device memory.
$(HOST_TEST_BUILD)/fw-good.elf: tests/host/fw_tiny.S
	@mkdir -p $(@D)
	$(RV_CC) $(RV_ARCH) -nostdlib -nostartfiles -Wl,-N -Wl,--no-warn-rwx-segments -Wl,-Ttext=0x80000000 -Wl,--build-id=none $< -o $@
$(HOST_TEST_BUILD)/fw-outside.elf: tests/host/fw_tiny.S
	@mkdir -p $(@D)
	$(RV_CC) $(RV_ARCH) -nostdlib -nostartfiles -Wl,-N -Wl,--no-warn-rwx-segments -Wl,-Ttext=0x20000000 -Wl,--build-id=none $< -o $@
$(HOST_TEST_BUILD)/fw-payload.elf: tests/host/fw_tiny.S
	@mkdir -p $(@D)
	$(RV_CC) $(RV_ARCH) -nostdlib -nostartfiles -Wl,-N -Wl,--no-warn-rwx-segments -Wl,-Ttext=0x80200000 -Wl,--build-id=none $< -o $@
$(HOST_TEST_BUILD)/test.dtb: tests/host/test.dts
	@mkdir -p $(@D)
	dtc -q -I dts -O dtb -o $@ $<
# Board DTBs the hardware backends' discovery is tested against: the c4
# simulator board (no host-side node) and the Icicle Kit's DTB from Linux 6.1
# with the uvmsoc overlay applied (boards/icicle-kit/, as tests/overlay.tests).
$(HOST_TEST_BUILD)/board-c4.dtb: boards/sim/uvmsoc-c4.dts boards/sim/uvmsoc.dtsi
	@mkdir -p $(@D)
	cpp -nostdinc -undef -x assembler-with-cpp -P -I boards/sim $< | dtc -q -I dts -O dtb -o $@ -
$(BUILD)/tests/overlay/mpfs-icicle-kit.dtb: boards/icicle-kit/base-dtb.sh
	boards/icicle-kit/base-dtb.sh $(BUILD)/third_party $@
$(HOST_TEST_BUILD)/icicle-uvmsoc.dtb: boards/icicle-kit/uvmsoc-overlay.dtso $(BUILD)/tests/overlay/mpfs-icicle-kit.dtb
	@mkdir -p $(@D)
	dtc -@ -q -I dts -O dtb -o $@.dtbo $<
	fdtoverlay -i $(BUILD)/tests/overlay/mpfs-icicle-kit.dtb -o $@ $@.dtbo
	@rm -f $@.dtbo
HOST_TEST_DATA := $(HOST_TEST_BUILD)/fw-good.elf $(HOST_TEST_BUILD)/fw-outside.elf $(HOST_TEST_BUILD)/fw-payload.elf \
                  $(HOST_TEST_BUILD)/test.dtb $(HOST_TEST_BUILD)/board-c4.dtb $(HOST_TEST_BUILD)/icicle-uvmsoc.dtb

HOST_TEST_CFLAGS = $(HOST_CFLAGS) -Ihost/lib -DTEST_DATA='"$(HOST_TEST_BUILD)"'
$(HOST_TEST_BUILD)/%: tests/host/%.c $(wildcard tests/host/*.h) $(HOST_LIB) $(HOST_LIB_HDRS) $(HOST_ABI_H) | $(HOST_TEST_DATA)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_TEST_CFLAGS) $< $(HOST_LIB) $(HOST_LDLIBS) -lcmocka -lpthread -o $@
$(HOST_TEST_BUILD)/san/%: tests/host/%.c $(wildcard tests/host/*.h) $(HOST_LIB_SAN) $(HOST_LIB_HDRS) $(HOST_ABI_H) | $(HOST_TEST_DATA)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_TEST_CFLAGS) $(SAN_FLAGS) $< $(HOST_LIB_SAN) $(HOST_LDLIBS) -lcmocka -lpthread -o $@

HOST_TEST_BINS := $(foreach t,$(HOST_TESTS),$(HOST_TEST_BUILD)/$(t) $(HOST_TEST_BUILD)/san/$(t))
.PHONY: host-unit-tests-build
host-unit-tests-build: $(HOST_TEST_BINS) $(HOST_TEST_DATA)
host-unit-tests: host-unit-tests-build host
	@set -e; for t in $(HOST_TEST_BINS); do echo "== $$t"; $$t; done

# ---- end-to-end test helpers (tests/e2e.tests) ----
# crc32c-file: reference CRC-32C of a file (host/cli/crc32c.c, from $(HOST_CLI_PARTS_LIB_SAN));
E2E_BUILD := $(BUILD)/tests/e2e
E2E_BINS  := $(E2E_BUILD)/crc32c-file
# Against a co-simulated device, plain and ASan/UBSan: managed_free, managed allocation and (double) free
# (tests/managed.tests); coherence, kernels and host code alternating on managed memory with no sync
# (tests/coherence.tests). Static pattern rules over the list: a plain pattern rule would also match san/.
MANAGED_E2E := managed_free coherence
E2E_BINS    += $(MANAGED_E2E:%=$(BUILD)/tests/managed/%) $(MANAGED_E2E:%=$(BUILD)/tests/managed/san/%)
$(MANAGED_E2E:%=$(BUILD)/tests/managed/%): $(BUILD)/tests/managed/%: tests/managed/%.c $(HOST_LIB) $(HOST_LIB_HDRS) $(HOST_ABI_H)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) -Ihost/lib $< $(HOST_LIB) $(HOST_LDLIBS) -o $@
$(MANAGED_E2E:%=$(BUILD)/tests/managed/san/%): $(BUILD)/tests/managed/san/%: tests/managed/%.c $(HOST_LIB_SAN) $(HOST_LIB_HDRS) $(HOST_ABI_H)
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -Ihost/lib $< $(HOST_LIB_SAN) $(HOST_LDLIBS) -o $@
.PHONY: e2e-tests-build
e2e-tests-build: $(E2E_BINS)
$(E2E_BUILD)/crc32c-file: tests/e2e/crc32c_file.c $(HOST_CLI_PARTS_LIB_SAN) host/cli/crc32c.h
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -Ihost/cli $< $(HOST_CLI_PARTS_LIB_SAN) -o $@
# `make test` builds host-unit-tests-build: bring the e2e helpers along.
host-unit-tests-build: e2e-tests-build
