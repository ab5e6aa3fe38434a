# Configuration "c4mt": management hart + 4 multithreaded compute harts
# (uvs_mt_core, CFG_COMPUTE_THREADS hardware threads each; thread control
# through the MMIO blocks of include/uvmsoc/mt.def). The management hart is
# on the pipelined core uvs_pipe_core (CFG_CORE := pipe).
CFG_COMPUTE_HARTS   := 4
CFG_COMPUTE_THREADS := 16
CFG_SRAM_KIB        := 65536
CFG_MTIME_DIV       := 100
CFG_DTS             := boards/sim/uvmsoc-c4mt.dts
CFG_CORE            := pipe
CFG_SPAD_KIB        := 256
