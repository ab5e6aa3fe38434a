# Configuration "icicle-kit": co-simulation of the PolarFire SoC Icicle Kit
# fabric top (boards/icicle-kit/, docs/boards.md): the c4 SoC inside
# uvs_top_icicle, its fabric shell (PF_CCC, CORERESET_PF,
# CoreAXI4Interconnect towards the MSS) replaced by the behavioral model
# boards/icicle-kit/sim/uvs_icicle_shell.sv. Same harts, memory and DTS as
# c4; the device clock is the board's fabric clock, 100 MHz (the PF_CCC
# output of boards/icicle-kit/libero/shell_sd.tcl), so the memory system's
# and link's figures, stated in ns, become fewer cycles (sim/link.h); mtime
# keeps the 10 MHz timebase. boards/boards.mk swaps the Verilator top for
# boards/icicle-kit/sim/uvs_cosim_icicle.sv.
include sim/configs/c4.mk
CFG_CLOCK_MHZ := 100
CFG_MTIME_DIV := $(shell echo $$(($(CFG_CLOCK_MHZ) / 10)))
CFG_BOARD     := icicle-kit
