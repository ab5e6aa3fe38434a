# synth-report (part of `make bench`, not of `make test`): FPGA estimate of
# the pipelined core uvs_pipe_core and, for comparison, of the state-machine
# core uvs_core: Yosys 0.55 (npm @yowasp/yosys, installed by bench/iommu.mk)
# `synth_xilinx -family xcup -flatten` (UltraScale+), LUTs, FFs, DSPs, block
# RAMs and the longest path in LUT levels (bench/synth_core.py says how it
# is counted). Outputs: $(BUILD)/synth/<top>/ (rewritten sources, yosys.log,
# stat.txt, net.json, path.txt). Figures: docs/benchmarks.md.
# Also cpi-report (below).
SYNTH_DIR       := $(BUILD)/synth
SYNTH_PKGS      := $(ABI_SV) rtl/core/uvs_arch_pkg.sv
SYNTH_UNITS     := $(addprefix rtl/core/,uvs_alu.sv uvs_csr.sv uvs_decode.sv uvs_lsu.sv uvs_muldiv.sv uvs_regfile.sv uvs_retire.sv uvs_rvc.sv)
SYNTH_FSM_SRCS  := $(SYNTH_PKGS) $(SYNTH_UNITS) rtl/core/uvs_core.sv
SYNTH_PIPE_SRCS := $(SYNTH_PKGS) $(SYNTH_UNITS) \
                   $(filter-out rtl/core/uvs_pipe_sel.sv,$(sort $(wildcard rtl/core/uvs_pipe_*.sv)))

.PHONY: synth-report core-synth-report
# With BOARD=<fpga board>, synth-report is the board's (boards/boards.mk).
ifeq ($(filter-out sim,$(BOARD)),)
synth-report: core-synth-report
endif
core-synth-report: $(IOMMU_YOWASP) $(SYNTH_FSM_SRCS) $(SYNTH_PIPE_SRCS) bench/synth_core.py bench/iommu_synth.py bench/synth_report.py
	python3 bench/synth_core.py $(IOMMU_YOWASP) $(SYNTH_DIR)/uvs_pipe_core uvs_pipe_core $(SYNTH_PIPE_SRCS)
	python3 bench/synth_core.py $(IOMMU_YOWASP) $(SYNTH_DIR)/uvs_core uvs_core $(SYNTH_FSM_SRCS)

bench: synth-report

# dma-synth (part of `make bench` through core-synth-report): the DMA
# engine's data path uvs_dma_xfer (rtl/soc/) at its default parameters, the
# same flow and figures.
DMA_SYNTH_SRCS := $(GEN_RTL)/uvs_dma_pkg.sv $(GEN_RTL)/uvs_memmap_pkg.sv rtl/soc/uvs_axi_ports.svh rtl/soc/uvs_dma_xfer.sv
.PHONY: dma-synth
dma-synth: $(IOMMU_YOWASP) $(DMA_SYNTH_SRCS) bench/synth_core.py bench/iommu_synth.py bench/synth_report.py
	python3 bench/synth_core.py $(IOMMU_YOWASP) $(SYNTH_DIR)/uvs_dma_xfer uvs_dma_xfer $(DMA_SYNTH_SRCS)
core-synth-report: dma-synth

# cpi-report (part of `make bench`): cycles per retired instruction of the
# two cores on the CPU-bound program (bench/cpu/cpubound.c, one hart) with
# the SoC's single-cycle SRAM: configurations fsm (uvs_core) and base
# (uvs_pipe_core).
.PHONY: cpi-report
cpi-report: deps $(BENCH_BUILD)/cpubound-1h.elf
	$(MAKE) CONFIG=fsm sim
	$(MAKE) CONFIG=base sim
	bench/cpi.sh $(BENCH_BUILD)/cpubound-1h.elf fsm $(BUILD)/fsm/uvmsoc-sim pipe $(BUILD)/base/uvmsoc-sim

bench: cpi-report

# soc-core-elab / soc-core-synth (part of make bench / on demand): the
# synthesizable SoC core uvs_soc_core of the configuration (CONFIG: harts,
# MT_THREADS, PIPE) read by Yosys 0.55 (@yowasp/yosys, as above) after the
# rewriting of bench/iommu_synth.py and bench/synth_core.py: `hierarchy
# -check` (every module, port and parameter resolves), or with soc-core-synth
# `synth_xilinx -family xcup -flatten` as well (long: tens of minutes).
# bench/soc_core_synth.py says what would enter as a black box (modules
# calling DPI: none today) and what does not go through yet (MT_THREADS > 0).
# axi-synth: Debian's yosys 0.23 synthesizes the AXI4 master adapter
# uvs_axi_mport and the BAR0 AXI4-Lite slave uvs_host_port from the
# unpatched sources (`synth_xilinx -family xcup`), printing their cells.
SOC_CORE_SRCS := $(RTL_PKGS) $(RTL_CORE_SRCS) $(RTL_IOMMU_SRCS) $(RTL_SOC_SRCS)
SOC_CORE_ARGS  = $(IOMMU_YOWASP) $(BUILD)/soc_core_synth/$(CONFIG) $$((1 + $(CFG_COMPUTE_HARTS))) \
                 $(or $(CFG_COMPUTE_THREADS),0) $(if $(filter pipe,$(CFG_CORE)),1,0) $(RTL_INCS) -- $(SOC_CORE_SRCS)

.PHONY: soc-core-elab soc-core-synth axi-synth
soc-core-elab: $(IOMMU_YOWASP) $(SOC_CORE_SRCS) $(RTL_INCS) bench/soc_core_synth.py
	python3 bench/soc_core_synth.py $(SOC_CORE_ARGS)
soc-core-synth: $(IOMMU_YOWASP) $(SOC_CORE_SRCS) $(RTL_INCS) bench/soc_core_synth.py
	python3 bench/soc_core_synth.py --synth $(SOC_CORE_ARGS)
axi-synth: $(GEN_RTL)/uvs_bus_pkg.sv $(GEN_RTL)/uvs_mt_pkg.sv rtl/soc/uvs_axi_pkg.sv rtl/soc/uvs_axi_mport.sv rtl/soc/uvs_host_port.sv
	@mkdir -p $(BUILD)/axi_synth
	yosys -q -l $(BUILD)/axi_synth/mport.log -p "read_verilog -sv $(filter-out rtl/soc/uvs_host_port.sv,$^); \
	  synth_xilinx -family xcup -top uvs_axi_mport; tee -o $(BUILD)/axi_synth/mport.txt stat" >/dev/null
	yosys -q -l $(BUILD)/axi_synth/host_port.log -p "read_verilog -sv rtl/soc/uvs_host_port.sv; \
	  synth_xilinx -family xcup -top uvs_host_port; tee -o $(BUILD)/axi_synth/host_port.txt stat" >/dev/null
	@for m in mport host_port; do printf '%s: ' $$m; \
	  awk '/LUT[1-6] /{l+=$$2} /FD[CPRS]E? /{f+=$$2} END{printf "%d LUTs, %d FFs\n", l, f}' $(BUILD)/axi_synth/$$m.txt; done

bench: soc-core-elab axi-synth
