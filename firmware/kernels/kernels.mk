# uvmsoc compute-hart kernels (included by firmware/firmware.mk).
#
# Targets: kernels   $(KERNEL_ELFS): one RISC-V ELF per kernel, linked at
#                    UVS_KERNEL_BASE (include/uvmsoc/kernel.def) with the
#                    runtime kcrt0.S + kernel_rt.c, and a flat image
#                    $(KRN_OUT)/<name>.bin of each (objcopy -O binary) that
#                    the firmware carries for its kernel self-tests.
# Kernels are C11 built with $(RV_CFLAGS) and picolibc's headers, without
# libc: -ffreestanding, and no loop-to-memcpy rewriting.

KRN_OUT   := $(FW_OUT)/kernels
KERNELS   := memcpy fill crc32c axpy fault histogram reduce order pattern storm stream gather
# issue 14: strided access and the graph kernels (graph.h)
KERNELS   += strided bfs pagerank
# Tile variants (issue 13, `uvmsoc run --variant tile`): NAME_tile.elf, linked
# with the tile runtime tile.c (tile.h) and the pipelined chunk loop
# tile_pipe.c. crc32c has its tile mode in crc32c.c itself (argument 3 = 1).
TILE_KERNELS := memcpy_tile fill_tile axpy_tile pattern_tile stream_tile gather_tile strided_tile pagerank_tile
KERNELS   += $(TILE_KERNELS)
KERNEL_ELFS := $(addprefix $(KRN_OUT)/,$(addsuffix .elf,$(KERNELS)))
KERNEL_BINS := $(KERNEL_ELFS:.elf=.bin)

# Objects besides kcrt0 + kernel_rt + <name> that a kernel links.
KRN_EXTRA_crc32c := crc32c_math tile
$(foreach t,$(TILE_KERNELS),$(eval KRN_EXTRA_$(t) := tile tile_pipe))
KRN_EXTRA_fault  := tile

KRN_CFLAGS  := $(RV_CFLAGS) --specs=picolibc.specs -ffreestanding \
               -fno-tree-loop-distribute-patterns -Ifirmware/kernels -MMD -MP
KRN_LDFLAGS := -nostdlib -nostartfiles -static -Wl,--gc-sections \
               -Wl,--no-warn-rwx-segments -Wl,--build-id=none

.PHONY: kernels
kernels: $(KERNEL_ELFS) $(KERNEL_BINS)

$(KRN_OUT)/obj/%.o: firmware/kernels/%.c $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(KRN_CFLAGS) -c $< -o $@

$(KRN_OUT)/obj/%.o: firmware/kernels/%.S $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) $(RV_ARCH) -g -Iinclude -I$(GEN_INC) -MMD -MP -c $< -o $@

$(KRN_OUT)/kernel.ld: firmware/kernels/kernel.ld.S $(ABI_H)
	@mkdir -p $(@D)
	$(RV_CC) -E -P -x assembler-with-cpp -I$(GEN_INC) $< -o $@

.SECONDEXPANSION:
$(KRN_OUT)/%.elf: $(KRN_OUT)/obj/kcrt0.o $(KRN_OUT)/obj/kernel_rt.o $(KRN_OUT)/obj/%.o \
		$$(addprefix $(KRN_OUT)/obj/,$$(addsuffix .o,$$(KRN_EXTRA_$$*))) $(KRN_OUT)/kernel.ld
	$(RV_CC) $(RV_ARCH) $(KRN_LDFLAGS) -T $(KRN_OUT)/kernel.ld -o $@ $(filter %.o,$^) -lgcc

$(KRN_OUT)/%.bin: $(KRN_OUT)/%.elf
	$(RV_PREFIX)objcopy -O binary $< $@

-include $(wildcard $(KRN_OUT)/obj/*.d)

# The kernels' host-testable part (the CRC-32C arithmetic) as a host archive
# (ASan/UBSan) for its unit test; the kernel tests (`kernels-tests`) are built
# by tests/kernels/kernels_tests.mk.
KRN_PARTS          := firmware/kernels/crc32c_math.c
KRN_PARTS_LIB_SAN  := $(KRN_OUT)/parts/san/libkrnparts.a
KRN_PARTS_CFLAGS_SAN = $(HOST_CFLAGS) -O1 $(SAN_FLAGS)
$(eval $(call PARTS_ARCHIVE,$(KRN_PARTS_LIB_SAN),$(KRN_PARTS),$(KRN_OUT)/parts/san/obj,HOST_CC,KRN_PARTS_CFLAGS_SAN))
