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

# ---- kernel tests (tests/kernels.tests) ----
# Self-test DTBs tests/kernels/*.dts (c4 board + /chosen/uvmsoc,selftest) and
# the host unit test of the CRC-32C arithmetic.
KRN_TEST_DTBS := $(patsubst tests/kernels/%.dts,$(KRN_OUT)/tests/%.dtb,$(wildcard tests/kernels/*.dts))
KRN_CRC_UNIT  := $(KRN_OUT)/tests/crc32c-unit

$(KRN_OUT)/tests/%.dtb: tests/kernels/%.dts $(wildcard boards/sim/*.dts boards/sim/*.dtsi)
	@mkdir -p $(@D)
	cpp -nostdinc -undef -x assembler-with-cpp -P -I boards/sim -I tests/kernels $< \
		| dtc -I dts -O dtb -o $@ -

$(KRN_CRC_UNIT): tests/kernels/crc32c_unit.c firmware/kernels/crc32c_math.c firmware/kernels/crc32c_math.h
	@mkdir -p $(@D)
	$(HOST_CC) $(HOST_CFLAGS) $(SAN_FLAGS) -Ifirmware/kernels -o $@ \
		tests/kernels/crc32c_unit.c firmware/kernels/crc32c_math.c -lcmocka

.PHONY: kernels-tests
kernels-tests: kernels $(KRN_TEST_DTBS) $(KRN_CRC_UNIT)

# ---- grid tests (tests/grid.tests) ----
# fill.elf with its entry symbol _start removed from the symbol table (the
# image and e_entry unchanged): `uvmsoc run` must refuse it before anything runs.
KRN_NOENTRY := $(KRN_OUT)/tests/noentry.elf

$(KRN_NOENTRY): $(KRN_OUT)/fill.elf
	@mkdir -p $(@D)
	$(RV_PREFIX)objcopy --strip-symbol=_start $< $@

kernels-tests: $(KRN_NOENTRY)
