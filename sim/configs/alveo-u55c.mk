# Configuration "alveo-u55c": co-simulation of the Alveo U55C board top
# (boards/alveo-u55c/, docs/boards.md): the c4 SoC inside uvs_top_u55c, its
# vendor shell (XDMA, HBM, SmartConnect, clocking) replaced by the behavioral
# model boards/alveo-u55c/sim/uvs_u55c_shell.sv. Same harts, memory, clock
# (200 MHz: the board's clk_wiz output) and DTS as c4; boards/boards.mk
# swaps the Verilator top for boards/alveo-u55c/sim/uvs_cosim_u55c.sv.
include sim/configs/c4.mk
CFG_BOARD := alveo-u55c
