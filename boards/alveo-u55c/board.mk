# Board "alveo-u55c": AMD Alveo U55C (docs/boards.md, boards/alveo-u55c/README.md).
BOARD_KIND.alveo-u55c     := fpga
BOARD_FAMILY.alveo-u55c   := xcup
BOARD_PART.alveo-u55c     := xcu55c-fsvh2892-2L-e
# Capacity of the XCU55C (AMD DS978, Alveo U55C data sheet, and the
# UltraScale+ VU47P it shares its die with, DS923): 1,303,680 LUTs, 2,607,360
# flip-flops, 2,016 block RAM tiles (36 Kb), 960 UltraRAMs, 9,024 DSP slices.
BOARD_CAPACITY.alveo-u55c := lut=1303680,ff=2607360,bram=2016,uram=960,dsp=9024
BOARD_TOP.alveo-u55c      := uvs_top_u55c
BOARD_SRCS.alveo-u55c     := boards/alveo-u55c/rtl/uvs_top_u55c.sv
BOARD_STUBS.alveo-u55c    := boards/alveo-u55c/ip/uvs_u55c_shell.sv
COSIM_TOP.alveo-u55c      := uvs_cosim_u55c
COSIM_SRCS.alveo-u55c     := boards/alveo-u55c/rtl/uvs_top_u55c.sv \
                             boards/alveo-u55c/sim/uvs_u55c_shell.sv \
                             boards/alveo-u55c/sim/uvs_cosim_u55c.sv
# Vendor flow: Vivado in batch mode (project, block design, bitstream), and
# the programmer: openFPGALoader (Debian package; -c for the cable), else
# Vivado's hardware manager.
BOARD_TOOL.alveo-u55c     := vivado
BOARD_BIT_EXT.alveo-u55c  := bit
