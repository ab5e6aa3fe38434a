# Boards (docs/boards.md): boards/<name>/board.mk describes each; included
# from the top Makefile after everything else.
#
#   make BOARD=<b> synth-report  Yosys resource report of the board top for its
#                                FPGA family, vendor IP as black boxes:
#                                build/boards/<b>/summary.md (part of make bench);
#                                one Yosys process per block (BOARD_SYNTH_FLAGS:
#                                options of bench/board_synth.py, e.g. --jobs 1, --flat)
#   make BOARD=<b> run           make run on the board top's co-simulation
#                                (configuration <b>, sim/configs/<b>.mk)
#   make BOARD=<b> bitstream     the vendor flow (boards/flow.sh bitstream)
#   make BOARD=<b> flash         program the board (boards/flow.sh flash;
#                                BIT=<file> another bitstream, DTB=<file> a
#                                host DTB to check for the device node first)
#   make BOARD=<b> dtb-check DTB=<file>   the DTB check alone
#   make boards-lint             Verilator -Wall lint of the board tops (part of make lint,
#                                default CONFIG)
#
# BOARD defaults to sim (the simulator: synth-report is the core's estimate,
# bench/synth.mk). An unknown BOARD stops make at once with the list of
# boards. boards/flow.sh's exit codes are listed in docs/boards.md.

BOARD  ?= sim
BOARDS := $(sort $(patsubst boards/%/board.mk,%,$(wildcard boards/*/board.mk)))
ifeq ($(filter $(BOARD),$(BOARDS)),)
$(error BOARD '$(BOARD)' does not exist: expected one of: $(BOARDS) (boards/<name>/board.mk))
endif
include $(foreach b,$(BOARDS),boards/$(b)/board.mk)

# uvs_board_cfg has a board (boards/common/) and a co-simulation twin
# (boards/common/sim/): the straps from constants or from the simulator.
# The boot ROM's code package is generated from the simulator's image (sim/sim.mk).
BOARD_COMMON_SRCS := $(BOOTROM_PKG) boards/common/uvs_msi_irq.sv boards/common/uvs_board_cfg.sv \
                     boards/common/uvs_rr_pick.sv boards/common/uvs_axi_bootrom.sv boards/common/uvs_axi_atomic.sv
BOARD_COSIM_COMMON := $(BOOTROM_PKG) boards/common/uvs_msi_irq.sv boards/common/sim/uvs_board_cfg.sv \
                      boards/common/sim/uvs_cosim_sidechan.sv boards/common/uvs_rr_pick.sv boards/common/uvs_axi_bootrom.sv \
                      boards/common/uvs_axi_atomic.sv
BOARD_INCS        := $(wildcard boards/common/*.svh)
BOARD_BUILD       := $(BUILD)/boards/$(BOARD)
BOARD_SYNTH_FLAGS ?=
# The synthesizable core's sources (no rtl/sim/), then the board's.
BOARD_CORE_SRCS   := $(RTL_PKGS) $(filter-out rtl/core/uvs_mt_%,$(RTL_CORE_SRCS)) \
                     $(RTL_IOMMU_SRCS) $(filter-out rtl/soc/uvs_mt_hart.sv,$(RTL_SOC_SRCS))

# ---- co-simulation configurations (CONFIG=<board>: CFG_BOARD set) ----
# The configuration's simulator is built by sim/sim.mk as usual, with the
# board's co-simulation top as Verilator top under the harness's class name
# Vuvs_soc (--prefix), the board top and its shell model added.
ifneq ($(CFG_BOARD),)
BOARD_COSIM_SRCS := $(BOARD_COSIM_COMMON) $(COSIM_SRCS.$(CFG_BOARD))
SIM_VFLAGS := $(subst --top-module $(RTL_TOP) $(RTL_PARAMS),--top-module $(COSIM_TOP.$(CFG_BOARD)) \
                --prefix V$(RTL_TOP) -I$(abspath boards/common),$(SIM_VFLAGS))
RTL_SRCS   += $(BOARD_COSIM_SRCS)
$(SIM_VMK) $(SIM_DPI_H): $(BOARD_COSIM_SRCS) $(BOARD_INCS)
endif

.PHONY: board-sim board-synth-report boards-synth-report bitstream flash dtb-check boards-lint
ifneq ($(BOARD),sim)
SIM_C4 := $(BUILD)/$(BOARD)/uvmsoc-sim
run: board-sim
synth-report: board-synth-report
endif
board-sim:
	$(MAKE) CONFIG=$(BOARD) BUILD=$(BUILD) sim

board-synth-report: $(IOMMU_YOWASP) $(BOARD_CORE_SRCS) $(BOARD_COMMON_SRCS) $(BOARD_INCS) \
                    $(BOARD_SRCS.$(BOARD)) $(BOARD_STUBS.$(BOARD)) bench/board_synth.py bench/synth_core.py \
                    bench/synth_hier.py bench/synth_report.py
	python3 bench/board_synth.py $(BOARD_SYNTH_FLAGS) $(IOMMU_YOWASP) $(BOARD_BUILD) $(BOARD_FAMILY.$(BOARD)) \
	  $(BOARD_TOP.$(BOARD)) $(BOARD_PART.$(BOARD)) $(BOARD_CAPACITY.$(BOARD)) boards/common:rtl/soc \
	  $(BOARD_CORE_SRCS) $(BOARD_COMMON_SRCS) $(BOARD_STUBS.$(BOARD)) $(BOARD_SRCS.$(BOARD))
	@echo "board-synth: $(BOARD_BUILD)/summary.md"

# Both FPGA boards' reports (make bench).
boards-synth-report:
	$(foreach b,$(filter-out sim,$(BOARDS)),$(MAKE) BOARD=$(b) BUILD=$(BUILD) board-synth-report &&) true
bench: boards-synth-report

# The vendor flow and programming (boards/flow.sh; exit codes in docs/boards.md).
BOARD_FLOW = BOARD=$(BOARD) BOARD_KIND=$(BOARD_KIND.$(BOARD)) BOARD_TOOL=$(BOARD_TOOL.$(BOARD)) \
             BOARD_PART=$(BOARD_PART.$(BOARD)) BOARD_BIT_EXT=$(BOARD_BIT_EXT.$(BOARD)) \
             BOARD_BUILD=$(BOARD_BUILD) BOARD_SRCS="$(BOARD_CORE_SRCS) $(BOARD_COMMON_SRCS) $(BOARD_SRCS.$(BOARD))" \
             BOARDS="$(BOARDS)" boards/flow.sh
bitstream: $(RTL_PKGS) $(BOOTROM_PKG)
	$(BOARD_FLOW) bitstream
flash:
	$(BOARD_FLOW) flash $(BIT) $(if $(DTB),--dtb $(DTB))
dtb-check:
	$(BOARD_FLOW) dtb-check $(DTB)

# Lint of every board's co-simulation top (and so of the board top in it).
BOARDS_FPGA := $(foreach b,$(BOARDS),$(if $(COSIM_TOP.$(b)),$(b)))
boards-lint: $(RTL_PKGS) $(BOOTROM_PKG) $(RTL_LINT_VLT) | $(SETUP_STAMP)
	$(foreach b,$(BOARDS_FPGA),verilator --lint-only -Wall --top-module $(COSIM_TOP.$(b)) \
	  -Iboards/common -Irtl/soc $(RTL_LINT_VLT) $(filter-out $(BOARD_COSIM_SRCS),$(RTL_SRCS)) \
	  $(BOARD_COSIM_COMMON) $(COSIM_SRCS.$(b)) &&) true
# With the default configuration only: tests/lint.tests lints every
# configuration, and the board tops do not depend on it.
ifeq ($(CONFIG),base)
lint: boards-lint
endif

# make test: tests/boards.tests runs both board tops' co-simulations.
SIM_U55C   := $(BUILD)/alveo-u55c/uvmsoc-sim
SIM_ICICLE := $(BUILD)/icicle-kit/uvmsoc-sim
.PHONY: board-cosims
board-cosims:
	$(MAKE) CONFIG=alveo-u55c BUILD=$(BUILD) sim
	$(MAKE) CONFIG=icicle-kit BUILD=$(BUILD) sim
test: board-cosims
TEST_ENV += SIM_U55C=$(SIM_U55C) SIM_ICICLE=$(SIM_ICICLE)
