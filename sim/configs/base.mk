# Configuration "base": the management hart alone (N = 0 compute harts), on
# the pipelined core uvs_pipe_core (CFG_CORE := pipe; "fsm" is the reference uvs_core).
CFG_COMPUTE_HARTS := 0
CFG_SRAM_KIB      := 65536
CFG_MTIME_DIV     := 100
CFG_DTS           := boards/sim/uvmsoc-base.dts
CFG_CORE          := pipe
