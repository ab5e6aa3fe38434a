# Board "icicle-kit": Microchip PolarFire SoC Icicle Kit (docs/boards.md,
# boards/icicle-kit/README.md).
BOARD_KIND.icicle-kit     := fpga
BOARD_FAMILY.icicle-kit   := polarfire
BOARD_PART.icicle-kit     := MPFS250T-FCVG484E
# Capacity of the MPFS250T (Microchip PolarFire SoC product overview and the
# PolarFire SoC FPGA fabric user guide, "Interface Logic" table): 254 K
# logic elements as the overview rounds it (4-input LUT + flip-flop each), 812 LSRAM (20 Kb), 2,352
# uSRAM (64 x 12), 784 math blocks (18 x 18 MACC).
BOARD_CAPACITY.icicle-kit := lut=254000,ff=254000,bram=812,usram=2352,dsp=784
BOARD_TOP.icicle-kit      := uvs_top_icicle
BOARD_SRCS.icicle-kit     := boards/icicle-kit/rtl/uvs_top_icicle.sv
BOARD_STUBS.icicle-kit    := boards/icicle-kit/ip/uvs_icicle_shell.sv
COSIM_TOP.icicle-kit      := uvs_cosim_icicle
COSIM_SRCS.icicle-kit     := boards/icicle-kit/rtl/uvs_top_icicle.sv \
                             boards/icicle-kit/sim/uvs_icicle_shell.sv \
                             boards/icicle-kit/sim/uvs_cosim_icicle.sv
# Vendor flow: Libero SoC in batch mode (libero SCRIPT:...), and the
# programmer: openFPGALoader (Debian package, FlashPro5/6 on the kit's
# embedded programmer), else Libero's FlashPro Express (FPExpress).
BOARD_TOOL.icicle-kit     := libero
BOARD_BIT_EXT.icicle-kit  := job
