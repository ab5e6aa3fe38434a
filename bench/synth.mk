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
core-synth-report: $(IOMMU_YOWASP) $(SYNTH_FSM_SRCS) $(SYNTH_PIPE_SRCS) bench/synth_core.py bench/iommu_synth.py
	python3 bench/synth_core.py $(IOMMU_YOWASP) $(SYNTH_DIR)/uvs_pipe_core uvs_pipe_core $(SYNTH_PIPE_SRCS)
	python3 bench/synth_core.py $(IOMMU_YOWASP) $(SYNTH_DIR)/uvs_core uvs_core $(SYNTH_FSM_SRCS)

bench: synth-report

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
