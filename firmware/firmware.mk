# uvmsoc management-hart firmware (included by the top-level Makefile).
#
# Targets: firmware        $(FIRMWARE_ELF)
#          (firmware-tests, what tests/firmware.tests needs, is built by
#          tests/firmware/firmware_tests.mk from $(FW_PARTS_LIB_SAN).)
# libfdt comes from upstream sources fetched at build time by
# scripts/fetch-libfdt.sh into $(BUILD)/third_party/libfdt (never committed)
# and is built into $(FW_OUT)/libfdt.a with firmware/libfdt/libfdt_env.h.

FW_OUT       := $(BUILD)/firmware
FIRMWARE_ELF := $(FW_OUT)/uvmsoc-fw.elf

# Compute-hart kernels ($(KERNEL_ELFS), $(KERNEL_BINS)); the firmware embeds the .bin images.
include firmware/kernels/kernels.mk

FW_C_SRCS := main.c platform.c report.c console.c ns16550.c clint.c trap.c \
             htif.c selftest.c hart.c launch.c kernel_images.c selftest_kernels.c \
             cmd.c fwdma.c host_service.c uvm_dev.c pcache.c faultfwd.c plic.c priv.c sbi.c
FW_S_SRCS := crt0.S trap_entry.S hart_entry.S kimage_blobs.S
FW_OBJS   := $(addprefix $(FW_OUT)/obj/,$(FW_C_SRCS:.c=.o) $(FW_S_SRCS:.S=.o))

LIBFDT_SRC   := $(BUILD)/third_party/libfdt
LIBFDT_STAMP := $(LIBFDT_SRC)/fdt.c
LIBFDT_NAMES := fdt fdt_ro fdt_wip fdt_sw fdt_rw fdt_strerror fdt_empty_tree \
                fdt_addresses fdt_overlay
LIBFDT_OBJS  := $(addprefix $(FW_OUT)/libfdt/,$(addsuffix .o,$(LIBFDT_NAMES)))
LIBFDT_A     := $(FW_OUT)/libfdt.a

# The firmware runs only on the single-thread harts (uvs_core, uvs_pipe_core:
# RV64IMAC), never on the multithreaded ones: it is built with the C
# extension (picolibc has an rv64imac/lp64 multilib); kernels stay rv64ima.
FW_ARCH    := -misa-spec=2.2 -march=rv64imac -mabi=lp64 -mcmodel=medany
FW_RV_CFLAGS := $(FW_ARCH) $(filter-out $(RV_ARCH),$(RV_CFLAGS))
FW_LIBFDT_INC := -include firmware/libfdt/libfdt_env.h -Ifirmware/libfdt -I$(LIBFDT_SRC)
# picolibc's release build (speed-optimised: memset and memcpy move 8 bytes a
# store) instead of its default size-optimised one, whose memset is a byte
# loop: zeroing the fault forwarder's state (uvs_ffwd_init, 50 KiB) at
# UVM_OP_CTX_ATTACH took about 210,000 cycles of the management hart.
FW_PICOLIBC := --specs=picolibc.specs --picolibc-buildtype=release
FW_CFLAGS  := $(FW_RV_CFLAGS) $(FW_PICOLIBC) -Ifirmware -Iinclude/lib $(FW_LIBFDT_INC) -MMD -MP
FW_ASFLAGS := $(FW_ARCH) -g -Iinclude -I$(GEN_INC) -Ifirmware -MMD -MP
FW_LDFLAGS := -DPICOLIBC_INTEGER_PRINTF_SCANF -nostartfiles -Wl,--gc-sections -Wl,-Map=$(FW_OUT)/uvmsoc-fw.map

.PHONY: firmware firmware-tests
firmware: $(FIRMWARE_ELF)

$(LIBFDT_STAMP): scripts/fetch-libfdt.sh | $(SETUP_STAMP)
	scripts/fetch-libfdt.sh $(LIBFDT_SRC)
	@touch $@

$(FW_OUT)/libfdt/%.o: $(LIBFDT_STAMP) firmware/libfdt/libfdt_env.h firmware/firmware.mk
	@mkdir -p $(@D)
	$(RV_CC) $(FW_RV_CFLAGS) $(FW_PICOLIBC) $(FW_LIBFDT_INC) -c $(LIBFDT_SRC)/$*.c -o $@

$(LIBFDT_A): $(LIBFDT_OBJS)
	rm -f $@
	$(RV_PREFIX)ar rcs $@ $^

$(FW_OUT)/obj/%.o: firmware/%.c $(ABI_H) $(LIBFDT_STAMP) firmware/firmware.mk
	@mkdir -p $(@D)
	$(RV_CC) $(FW_CFLAGS) -c $< -o $@

$(FW_OUT)/obj/%.o: firmware/%.S $(ABI_H) firmware/firmware.mk
	@mkdir -p $(@D)
	$(RV_CC) $(FW_ASFLAGS) -c $< -o $@

# The firmware carries the kernel images for its kernel self-tests.
$(FW_OUT)/obj/kimage_blobs.o: firmware/kimage_blobs.S $(KERNEL_BINS) firmware/firmware.mk
	@mkdir -p $(@D)
	$(RV_CC) $(FW_ASFLAGS) -Wa,-I$(KRN_OUT) -c $< -o $@

$(FW_OUT)/link.ld: firmware/link.ld.S firmware/fw_layout.h $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) -E -P -x assembler-with-cpp -I$(GEN_INC) -Ifirmware $< -o $@

# The IOMMU record codec comes from the shared library's rv64 build (include/lib/lib.mk).
$(FIRMWARE_ELF): $(FW_OBJS) $(LIBFDT_A) $(COMMON_FW_LIB) $(FW_OUT)/link.ld
	$(RV_CC) $(FW_RV_CFLAGS) $(FW_PICOLIBC) $(FW_LDFLAGS) -T $(FW_OUT)/link.ld \
		-o $@ $(FW_OBJS) $(LIBFDT_A) $(COMMON_FW_LIB)

-include $(FW_OBJS:.o=.d)

# The firmware's host-testable parts (page cache, fault forwarder, host
# command parser, platform discovery, PLIC probe) as host archives (plain, ASan/UBSan, libFuzzer) for the unit
# tests and fuzz harnesses of tests/: they link these instead of compiling
# firmware/ sources.
FW_PARTS          := firmware/pcache.c firmware/faultfwd.c firmware/cmd.c firmware/platform.c firmware/plic.c
FW_PARTS_DIR      := $(BUILD)/firmware-parts
FW_PARTS_LIB      := $(FW_PARTS_DIR)/libfwparts.a
FW_PARTS_LIB_SAN  := $(FW_PARTS_DIR)/san/libfwparts.a
FW_PARTS_LIB_FUZZ := $(FW_PARTS_DIR)/fuzz/libfwparts.a
FW_PARTS_CFLAGS      = $(HOST_CFLAGS) -Ifirmware -Iinclude/lib
FW_PARTS_CFLAGS_SAN  = $(FW_PARTS_CFLAGS) -O1 $(SAN_FLAGS)
FW_PARTS_CFLAGS_FUZZ = $(FUZZ_CFLAGS) -Ifirmware -Iinclude/lib
$(eval $(call PARTS_ARCHIVE,$(FW_PARTS_LIB),$(FW_PARTS),$(FW_PARTS_DIR)/obj,HOST_CC,FW_PARTS_CFLAGS))
$(eval $(call PARTS_ARCHIVE,$(FW_PARTS_LIB_SAN),$(FW_PARTS),$(FW_PARTS_DIR)/san/obj,HOST_CC,FW_PARTS_CFLAGS_SAN))
$(eval $(call PARTS_ARCHIVE,$(FW_PARTS_LIB_FUZZ),$(FW_PARTS),$(FW_PARTS_DIR)/fuzz/obj,FUZZ_CC,FW_PARTS_CFLAGS_FUZZ))

# ---- firmware tests ----
# The test DTBs and host unit tests of tests/firmware.tests are built by
# tests/firmware/firmware_tests.mk (`firmware-tests`), against $(FW_PARTS_LIB_SAN).
