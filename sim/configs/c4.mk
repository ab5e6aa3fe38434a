# Configuration "c4": management hart + 4 compute harts, every hart on the
# pipelined core uvs_pipe_core (CFG_CORE := pipe).
CFG_COMPUTE_HARTS := 4
CFG_SRAM_KIB      := 65536
CFG_MTIME_DIV     := 100
CFG_DTS           := boards/sim/uvmsoc-c4.dts
CFG_CORE          := pipe
CFG_SPAD_KIB        := 256
