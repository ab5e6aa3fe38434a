# dma_tb.mk: the standalone testbench of the DMA engine's data path
# rtl/soc/uvs_dma_xfer.sv (sim/dma_tb/: tb.c drives it through two AXI4 slave
# models and compares every descriptor with the reference model
# sim/dma_exec.c). Included from the top Makefile (uses BUILD, GEN_RTL,
# GEN_INC, ABI_H, HOST_CC, HOST_CFLAGS, SAN_FLAGS, SETUP_STAMP, JOBS). The C
# parts and the Verilated model are built with ASan/UBSan.
#
#   make dma-tb     $(DMA_TB): uvs-dma-tb [--descs N] [--seed S] | --bench
#   make dma-lint   verilator --lint-only -Wall of uvs_dma_xfer (two parameter sets)
#   tests/dma_rtl.tests runs it (tests/run.sh)

DMA_TB_DIR  := $(BUILD)/dma_tb
DMA_TB      := $(DMA_TB_DIR)/uvs-dma-tb
DMA_TB_RTL  := $(GEN_RTL)/uvs_dma_pkg.sv $(GEN_RTL)/uvs_memmap_pkg.sv rtl/soc/uvs_dma_xfer.sv
DMA_TB_CSRC := sim/dma_tb/tb.c sim/dma_exec.c sim/mem.c sim/memsys.c sim/link.c
DMA_TB_COBJ := $(patsubst %.c,$(DMA_TB_DIR)/c/%.o,$(notdir $(DMA_TB_CSRC)))
DMA_TB_CFLAGS := $(HOST_CFLAGS) -O1 $(SAN_FLAGS) -MMD -MP -Isim -Isim/dma_tb

.PHONY: dma-tb dma-lint
dma-tb: $(DMA_TB)
test: dma-tb
lint: dma-lint

dma-lint: $(DMA_TB_RTL) $(RTL_LINT_VLT) | $(SETUP_STAMP)
	verilator --lint-only -Wall -Irtl/soc --top-module uvs_dma_xfer $(RTL_LINT_VLT) $(DMA_TB_RTL)
	verilator --lint-only -Wall -Irtl/soc -GFIFO_BEATS=128 -GBURST_BEATS=64 --top-module uvs_dma_xfer $(RTL_LINT_VLT) $(DMA_TB_RTL)

$(DMA_TB_DIR)/c/%.o: sim/dma_tb/%.c $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(DMA_TB_CFLAGS) -c $< -o $@
$(DMA_TB_DIR)/c/%.o: sim/%.c $(ABI_H) | $(SETUP_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(DMA_TB_CFLAGS) -c $< -o $@

$(DMA_TB): $(DMA_TB_RTL) $(RTL_LINT_VLT) $(DMA_TB_COBJ) sim/dma_tb/main.cpp sim/dma_tb/tb_hw.h sim/dma_tb/dma_tb.mk | $(SETUP_STAMP)
	@mkdir -p $(DMA_TB_DIR)/obj
	verilator --cc --exe -O3 --x-assign fast --x-initial fast -Irtl/soc --top-module uvs_dma_xfer \
	  -Mdir $(DMA_TB_DIR)/obj -o ../uvs-dma-tb \
	  -CFLAGS "-O1 $(SAN_FLAGS) -I$(abspath sim/dma_tb)" \
	  -LDFLAGS "$(SAN_FLAGS) $(abspath $(DMA_TB_COBJ))" \
	  $(RTL_LINT_VLT) $(DMA_TB_RTL) $(abspath sim/dma_tb/main.cpp)
	+$(call vmake_quiet,$(DMA_TB_DIR)/obj,-f Vuvs_dma_xfer.mk -j$(JOBS) ../uvs-dma-tb)

-include $(DMA_TB_COBJ:.o=.d)
