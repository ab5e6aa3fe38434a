# Configuration "fsm": the management hart alone, like "base", on the
# multi-cycle reference core uvs_core (CFG_CORE := fsm; the default
# configurations use the pipelined uvs_pipe_core).
CFG_COMPUTE_HARTS := 0
CFG_SRAM_KIB      := 65536
CFG_MTIME_DIV     := 100
CFG_DTS           := boards/sim/uvmsoc-base.dts
CFG_CORE          := fsm
