# Configuration "c1": management hart + 1 compute hart (with its tile engine
# and scratchpad), every hart on the pipelined core uvs_pipe_core. The
# smallest device that runs kernels: the fault-storm soak (tests/soak/storm.tests)
# uses it because one compute hart simulates several times faster than c4's
# four while the management hart's fault service, which bounds a storm, is the same.
CFG_COMPUTE_HARTS := 1
CFG_SRAM_KIB      := 65536
# Device clock (MHz): 200, as c4 (sim/link.h, docs/architecture.md "Memory system timing").
CFG_CLOCK_MHZ     := 200
CFG_MTIME_DIV     := $(shell echo $$(($(CFG_CLOCK_MHZ) / 10)))
CFG_DTS           := boards/sim/uvmsoc-c1.dts
CFG_CORE          := pipe
CFG_SPAD_KIB      := 256
