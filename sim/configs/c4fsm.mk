# Configuration "c4fsm": management hart + 4 compute harts, like "c4",
# every hart on the multi-cycle reference core uvs_core (CFG_CORE := fsm).
CFG_COMPUTE_HARTS := 4
CFG_SRAM_KIB      := 65536
CFG_MTIME_DIV     := 100
CFG_DTS           := boards/sim/uvmsoc-c4.dts
CFG_CORE          := fsm
