# dma_tb.mk: the standalone testbench of the DMA engine's data path
# rtl/soc/uvs_dma_xfer.sv (sim/dma_tb/: tb.c drives it through two AXI4 slave
# models and compares every descriptor with the reference model
# sim/dma_exec.c). Included from the top Makefile after sim/sim.mk (uses
# BUILD, GEN_RTL, GEN_INC, ABI_H, HOST_CC, HOST_CFLAGS, SAN_FLAGS,
# SETUP_STAMP, JOBS and the simulator's parts archive SIM_PARTS_LIB_SAN:
# reference model, memories, memory system, burst timing). The testbench's C
# and the Verilated model are built with ASan/UBSan.
#
#   make dma-tb     one testbench per beat width in DMA_TB_BEATS (bytes: 64 for
#                   an HBM port or XDMA's bridge, 8 for PolarFire SoC's FIC0,
#                   128 for a 128-byte data path):
#                   $(BUILD)/dma_tb/b<width>/uvs-dma-tb [--descs N] [--seed S] | --bench
#   make dma-lint   verilator --lint-only -Wall of uvs_dma_xfer at every width
#   tests/dma_rtl.tests runs them (tests/run.sh)

DMA_TB_OUT   := $(BUILD)/dma_tb
DMA_TB_BEATS := 64 8 128
# h_axi addresses in the host window as in the SoC (memmap.def HOSTWIN: base and 2^47 bytes)
DMA_TB_HOSTWIN := 800000000000
DMA_TB_RTL   := $(GEN_RTL)/uvs_dma_pkg.sv $(GEN_RTL)/uvs_memmap_pkg.sv rtl/soc/uvs_dma_xfer.sv
DMA_TB_CSRC  := sim/dma_tb/tb.c
DMA_TB_HDRS  := rtl/soc/uvs_axi_ports.svh sim/dma_tb/tb_hw.h sim/dma_tb/tb_rng.h sim/dma_slave.h include/lib/uvs_xorshift.h sim/dma_tb/main.cpp sim/dma_tb/dma_tb.mk

.PHONY: dma-tb dma-lint
dma-tb: $(foreach b,$(DMA_TB_BEATS),$(DMA_TB_OUT)/b$(b)/uvs-dma-tb)
test: dma-tb
lint: dma-lint

dma-lint: $(DMA_TB_RTL) $(RTL_LINT_VLT) | $(SETUP_STAMP)
	for b in 8 16 32 64 128; do \
	  verilator --lint-only -Wall -Irtl/soc -GBEAT_BYTES=$$b --top-module uvs_dma_xfer $(RTL_LINT_VLT) $(DMA_TB_RTL) || exit 1; \
	done
	verilator --lint-only -Wall -Irtl/soc -GFIFO_BEATS=128 -GBURST_BEATS=64 --top-module uvs_dma_xfer $(RTL_LINT_VLT) $(DMA_TB_RTL)

# $(call dma_tb_rules,WIDTH): the C objects and the model of one beat width.
define dma_tb_rules
$(DMA_TB_OUT)/b$(1)/c/%.o: sim/dma_tb/%.c $(DMA_TB_HDRS) $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $$(@D)
	$(HOST_CC) $(HOST_CFLAGS) -O1 $(SAN_FLAGS) -DTB_BEAT=$(1) -Isim -Isim/dma_tb -Iinclude/lib -c $$< -o $$@
$(DMA_TB_OUT)/b$(1)/uvs-dma-tb: $(DMA_TB_RTL) $(RTL_LINT_VLT) $(DMA_TB_HDRS) \
    $(patsubst %.c,$(DMA_TB_OUT)/b$(1)/c/%.o,$(notdir $(DMA_TB_CSRC))) $(SIM_PARTS_LIB_SAN) | $(SETUP_STAMP)
	@mkdir -p $(DMA_TB_OUT)/b$(1)/obj
	verilator --cc --exe -O3 --x-assign fast --x-initial fast -Irtl/soc --top-module uvs_dma_xfer \
	  -GBEAT_BYTES=$(1) -GHOST_BASE="64'h$(DMA_TB_HOSTWIN)" -GHOST_BITS=47 -Mdir $(DMA_TB_OUT)/b$(1)/obj -o ../uvs-dma-tb \
	  -CFLAGS "-O1 $(SAN_FLAGS) -DTB_BEAT=$(1) -I$(abspath sim/dma_tb) -I$(abspath sim) -I$(abspath $(GEN_INC))" \
	  -LDFLAGS "$(SAN_FLAGS) $(abspath $(patsubst %.c,$(DMA_TB_OUT)/b$(1)/c/%.o,$(notdir $(DMA_TB_CSRC)))) $(abspath $(SIM_PARTS_LIB_SAN))" \
	  $(RTL_LINT_VLT) $(DMA_TB_RTL) $(abspath sim/dma_tb/main.cpp)
	rm -f $$@  # relinked even when only the C objects changed (Verilator's make does not see them)
	+$$(call vmake_quiet,$(DMA_TB_OUT)/b$(1)/obj,-f Vuvs_dma_xfer.mk -j$(JOBS) ../uvs-dma-tb)
endef
$(foreach b,$(DMA_TB_BEATS),$(eval $(call dma_tb_rules,$(b))))
