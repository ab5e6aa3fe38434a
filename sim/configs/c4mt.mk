# Configuration "c4mt": management hart + 4 multithreaded compute harts
# (uvs_mt_core, CFG_COMPUTE_THREADS hardware threads each; thread control
# through the MMIO blocks of include/uvmsoc/mt.def). The management hart is
# on the pipelined core uvs_pipe_core (CFG_CORE := pipe).
CFG_COMPUTE_HARTS   := 4
CFG_COMPUTE_THREADS := 16
CFG_SRAM_KIB        := 65536
# Device clock (MHz): 200, estimated from the core's 13 LUT levels (sim/link.h,
# docs/architecture.md "Memory system timing"); every link, HBM and host-cost
# figure in cycles derives from it; mtime keeps the 10 MHz timebase of the DTS.
CFG_CLOCK_MHZ       := 200
CFG_MTIME_DIV       := $(shell echo $$(($(CFG_CLOCK_MHZ) / 10)))
CFG_DTS             := boards/sim/uvmsoc-c4mt.dts
CFG_CORE            := pipe
CFG_SPAD_KIB        := 256
