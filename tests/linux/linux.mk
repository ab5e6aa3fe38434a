# Booted aarch64 Linux guest running the host driver against the co-simulated
# device (issue 16 item 3b; docs/embedded-linux.md, "Booted guest").
#
#   make linux-image  $(GUEST_DIR)/vmlinuz (Debian's arm64 kernel) and
#                     initramfs.cpio.gz (busybox, the aarch64 CLI, firmware,
#                     kernels, tests/linux/init): scripts/guest-image.sh
#   make linux-test   boot it under qemu-system-aarch64 against the c4
#                     simulator's --host-shm file (tests/linux/linux.tests);
#                     about 1.5-2 minutes, so not in the default `make test`:
#                     UVS_LINUX_TEST=1 make test runs it too (.ci/run sets it)
#
# Needs: BUILD, SIM_C4, FIRMWARE_ELF, KERNEL_ELFS, E2E_BUILD, HOST_CLI.

GUEST_DIR := $(BUILD)/guest-aarch64
GUEST_CLI := $(BUILD)/cross-aarch64/host/uvmsoc
LINUX_TESTS := tests/linux/linux.tests

.PHONY: linux-image linux-test linux-test-deps
# The CLI is built by the cross sub-make (host/cross.mk); the image is
# repacked every time (seconds: the downloaded packages are kept).
linux-image: $(FIRMWARE_ELF) $(KERNEL_ELFS) | $(SETUP_STAMP)
	$(MAKE) CROSS=aarch64 BUILD=$(BUILD) cross-host
	scripts/guest-image.sh $(GUEST_DIR) $(BUILD)/third_party/guest-aarch64 $(GUEST_CLI) $(FIRMWARE_ELF) \
	  $(FW_OUT)/kernels

linux-test-deps: sim-c4 host $(E2E_BUILD)/crc32c-file linux-image

linux-test: linux-test-deps
	@SIM_C4=$(SIM_C4) BUILD=$(BUILD) FIRMWARE_ELF=$(FIRMWARE_ELF) tests/run.sh $(BUILD)/tests/logs $(LINUX_TESTS)

ifeq ($(UVS_LINUX_TEST),1)
TESTS += $(LINUX_TESTS)
test: linux-test-deps
endif
