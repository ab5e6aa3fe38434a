# Board "sim" (the default BOARD): the simulator itself (uvmsoc-sim, the
# configurations of sim/configs/); its device trees are here. No FPGA part:
# `make synth-report` is the core's estimate (bench/synth.mk), and there is
# no bitstream or flash.
BOARD_KIND.sim := simulator
