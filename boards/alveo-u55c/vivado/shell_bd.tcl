# The Alveo U55C vendor shell: block design "uvs_u55c_shell" (UG994), whose
# generated module has the ports of ip/uvs_u55c_shell.sv (the board top
# instantiates it; boards/common/uvs_shell_axi.svh explains the names).
# Written from AMD's product guides: PG195 (DMA/Bridge Subsystem for PCI
# Express, XDMA), PG276 (AXI High Bandwidth Memory controller), PG247
# (SmartConnect), PG065 (clocking wizard), PG164 (processor system reset),
# UG1469 (card: HBM 16 GB in two stacks,
# 512 MiB pseudo channels, PCIe Gen3 x16 in GTY quad 227, 100 MHz SYSCLK2).
# IP configuration names are those of Vivado 2023.2's IP; not run here.
#
# Contents and address map (the core's, include/uvmsoc/memmap.def):
#   core_m00..09_axi, core_iommu_axi (64-bit AXI4 slaves, ID 6, AWUSER 6 =
#     AWATOP), core_dma_h_axi, core_dma_d_axi (the DMA engine's data masters:
#     512-bit AXI4 slaves without ID, AxLOCK or AxUSER, on dma_aclk), xdma
#     M_AXI (host DMA into the card) and, through a second SmartConnect
#     tile_smc (PG247: at most 16 slave interfaces per instance), the tile
#     engines' core_tile_m0..3_axi / core_tile_s0..3_axi (memory and
#     scratchpad masters, 512-bit like the DMA ones, on core_clk) ->
#     SmartConnect ->
#       (BOOTROM 0x1000 is answered before the shell, in the board top:
#       boards/common/uvs_axi_bootrom.sv)
#       SPAD    0x2000_0000 + h MiB   compute hart h's scratchpad (h = 1..4):
#                                     256 KiB of block RAM (the top's
#                                     BOARD_SPAD_BYTES) behind an AXI BRAM
#                                     controller (PG078, 512-bit) and block
#                                     memory generator (PG058); the rest of
#                                     each 1 MiB window is unmapped (DECERR)
#       SRAM    0x8000_0000 (256 MiB) HBM, bytes 2 GiB .. 2.25 GiB (the HBM
#                                     controller decodes address bits [33:0])
#       HBM     0x10_0000_0000        HBM bytes 0 .. 16 GiB; the run-time
#                                     populated size must stay under 2 GiB
#                                     so as not to reach the SRAM's bytes
#       HOSTWIN 0x8000_0000_0000      XDMA AXI slave bridge (S_AXI_B) to host
#                                     memory: PCIe address = AXI address - base
#     each master sees SRAM, HBM and HOSTWIN but: core_dma_d_axi SRAM and HBM
#     only, core_dma_h_axi HOSTWIN only (host memory at HOSTWIN_BASE + host
#     bus address, as the other masters reach it), xdma M_AXI SRAM and HBM,
#     core_tile_s<k>_axi its hart's SPAD only; SPAD h is seen by hart h's
#     ports (core_m<2h>, core_m<2h+1>) and hart 0's (core_m00, core_m01),
#     as memmap.def has it (sim/mem.c answers other harts a bus error)
#   clocks of the SmartConnect's slave interfaces: core_clk (core_m*,
#     tile_smc and the SPAD BRAM controllers),
#     iommu_aclk (core_iommu_axi), xdma axi_aclk (M_AXI), dma_aclk (core_dma_*:
#     the core's gated host-block clock); one reset, mem_aresetn (PG247
#     resynchronizes it to each clock), so iommu_aresetn and dma_aresetn have
#     no load here
#   xdma M_AXI_LITE (BAR0, 64 KiB) -> SmartConnect (clock, 32 -> 64-bit data)
#     -> bar0_axil (the core's BAR0 AXI4-Lite slave s_axil)
#   perf_link_h2d, perf_link_d2h, perf_hbm, mgmt_halt, mgmt_exit: constant 0
#     (the core's counter and management-halt inputs; no simulator here)
#   usr_irq_req/ack[7:0] <-> xdma user interrupts (MSI)
#   clk_wiz (SYSCLK2 100 MHz) -> core_clk 200 MHz, 100 MHz HBM reference and APB clock
#   proc_sys_reset (core_clk, PCIe reset, MMCM locked, HBM calibration done)
#     -> core_rstn
# Not in this shell: an atomic unit. The HBM controller executes neither
# AXI exclusive accesses (LR/SC) nor AWATOP atomics (PG276 lists exclusive
# access as unsupported; AXI3 has no ATOP), and the SmartConnect passes
# AWUSER (= AWATOP) through unused: docs/boards.md, "Not done".

proc uvs_u55c_axi_port {name} {
  set p [create_bd_intf_port -mode Slave -vlnv xilinx.com:interface:aximm_rtl:1.0 $name]
  set_property -dict [list CONFIG.PROTOCOL AXI4 CONFIG.ADDR_WIDTH 64 CONFIG.DATA_WIDTH 64 \
    CONFIG.ID_WIDTH 6 CONFIG.AWUSER_WIDTH 6 CONFIG.ARUSER_WIDTH 0 CONFIG.WUSER_WIDTH 0 \
    CONFIG.RUSER_WIDTH 0 CONFIG.BUSER_WIDTH 0 CONFIG.HAS_REGION 0 CONFIG.HAS_QOS 0 \
    CONFIG.HAS_LOCK 1 CONFIG.HAS_CACHE 1 CONFIG.HAS_PROT 1 CONFIG.HAS_BURST 1 \
    CONFIG.SUPPORTS_NARROW_BURST 1 CONFIG.FREQ_HZ 200000000] $p
  return $p
}

# Slave port of one of the core's wide data masters (uvs_soc_core dma_h_axi /
# dma_d_axi on dma_aclk, tile_m_axi[k] / tile_s_axi[k] on core_clk, both
# 200 MHz; boards/common/uvs_shell_axi.svh UVS_SHELL_AXI4W_S_PORTS): AXI4 of
# $bytes-byte data without ID, AxLOCK, AxREGION, AxQOS or user signals. Its
# bursts are full-width (the tile engines send single full beats with byte
# strobes; only the DMA descriptor read and completion write are narrower).
proc uvs_u55c_axi4w_port {name bytes} {
  set p [create_bd_intf_port -mode Slave -vlnv xilinx.com:interface:aximm_rtl:1.0 $name]
  set_property -dict [list CONFIG.PROTOCOL AXI4 CONFIG.ADDR_WIDTH 64 CONFIG.DATA_WIDTH [expr {8 * $bytes}] \
    CONFIG.ID_WIDTH 0 CONFIG.AWUSER_WIDTH 0 CONFIG.ARUSER_WIDTH 0 CONFIG.WUSER_WIDTH 0 \
    CONFIG.RUSER_WIDTH 0 CONFIG.BUSER_WIDTH 0 CONFIG.HAS_REGION 0 CONFIG.HAS_QOS 0 \
    CONFIG.HAS_LOCK 0 CONFIG.HAS_CACHE 1 CONFIG.HAS_PROT 1 CONFIG.HAS_BURST 1 \
    CONFIG.SUPPORTS_NARROW_BURST 0 CONFIG.FREQ_HZ 200000000] $p
  return $p
}

proc uvs_u55c_create_shell {} {
  create_bd_design uvs_u55c_shell

  # ---- external ports (names: ip/uvs_u55c_shell.sv) ----
  create_bd_intf_port -mode Slave -vlnv xilinx.com:interface:diff_clock_rtl:1.0 sysclk2
  set_property CONFIG.FREQ_HZ 100000000 [get_bd_intf_ports sysclk2]
  create_bd_intf_port -mode Slave -vlnv xilinx.com:interface:diff_clock_rtl:1.0 pcie_refclk
  set_property CONFIG.FREQ_HZ 100000000 [get_bd_intf_ports pcie_refclk]
  create_bd_port -dir I -type rst pcie_perstn
  set_property CONFIG.POLARITY ACTIVE_LOW [get_bd_ports pcie_perstn]
  create_bd_port -dir I -from 15 -to 0 pci_exp_rxp
  create_bd_port -dir I -from 15 -to 0 pci_exp_rxn
  create_bd_port -dir O -from 15 -to 0 pci_exp_txp
  create_bd_port -dir O -from 15 -to 0 pci_exp_txn
  create_bd_port -dir O hbm_cattrip
  create_bd_port -dir O -type clk core_clk
  create_bd_port -dir O -type rst core_rstn
  create_bd_port -dir O user_lnk_up
  create_bd_port -dir I -type clk iommu_aclk
  create_bd_port -dir I -type rst iommu_aresetn
  create_bd_port -dir I -type rst mem_aresetn
  create_bd_port -dir I -type clk dma_aclk
  set_property CONFIG.FREQ_HZ 200000000 [get_bd_ports dma_aclk]
  create_bd_port -dir I -type rst dma_aresetn
  create_bd_port -dir I -from 7 -to 0 usr_irq_req
  create_bd_port -dir O -from 7 -to 0 usr_irq_ack
  set mem_ports {}
  for {set i 0} {$i < 10} {incr i} {
    lappend mem_ports [uvs_u55c_axi_port [format core_m%02d_axi $i]]
  }
  set iommu_port [uvs_u55c_axi_port core_iommu_axi]
  # The DMA engine's data masters, 64-byte data (XDMA's AXI bridge width;
  # the top's BOARD_DMA_BEAT_BYTES): host memory and device memory.
  set dma_h_port [uvs_u55c_axi4w_port core_dma_h_axi 64]
  set dma_d_port [uvs_u55c_axi4w_port core_dma_d_axi 64]
  # The tile engines' masters (64-byte data): memory m0..3, scratchpad s0..3.
  set tile_ports {}
  foreach kind {m s} {
    for {set k 0} {$k < 4} {incr k} {
      lappend tile_ports [uvs_u55c_axi4w_port core_tile_${kind}${k}_axi 64]
    }
  }
  set bar0 [create_bd_intf_port -mode Master -vlnv xilinx.com:interface:aximm_rtl:1.0 bar0_axil]
  set_property -dict [list CONFIG.PROTOCOL AXI4LITE CONFIG.ADDR_WIDTH 16 CONFIG.DATA_WIDTH 64] $bar0
  # The core's counter and management-halt inputs: 0 on the board (no
  # simulator side channel; boards/common/uvs_shell_axi.svh UVS_SHELL_HOST_PORTS).
  foreach {p w} {perf_link_h2d 64 perf_link_d2h 64 perf_hbm 64 mgmt_halt 1 mgmt_exit 32} {
    create_bd_port -dir O -from [expr {$w - 1}] -to 0 $p
    set z [create_bd_cell -type ip -vlnv xilinx.com:ip:xlconstant ${p}_zero]
    set_property -dict [list CONFIG.CONST_WIDTH $w CONFIG.CONST_VAL 0] $z
    connect_bd_net [get_bd_pins $z/dout] [get_bd_ports $p]
  }
  set_property CONFIG.ASSOCIATED_BUSIF \
    [join [concat [lmap p [concat $mem_ports $tile_ports] {get_property NAME $p}] bar0_axil] :] \
    [get_bd_ports core_clk]
  set_property CONFIG.ASSOCIATED_BUSIF core_iommu_axi [get_bd_ports iommu_aclk]
  set_property -dict [list CONFIG.ASSOCIATED_BUSIF core_dma_h_axi:core_dma_d_axi \
    CONFIG.ASSOCIATED_RESET dma_aresetn] [get_bd_ports dma_aclk]

  # ---- clocking and reset (PG065, PG164) ----
  set clk [create_bd_cell -type ip -vlnv xilinx.com:ip:clk_wiz clk_wiz_0]
  set_property -dict [list CONFIG.PRIM_SOURCE Differential_clock_capable_pin CONFIG.PRIM_IN_FREQ 100 \
    CONFIG.CLKOUT1_REQUESTED_OUT_FREQ 200 CONFIG.CLKOUT2_USED true CONFIG.CLKOUT2_REQUESTED_OUT_FREQ 100 \
    CONFIG.USE_RESET false CONFIG.USE_LOCKED true] $clk
  connect_bd_intf_net [get_bd_intf_ports sysclk2] [get_bd_intf_pins clk_wiz_0/CLK_IN1_D]
  connect_bd_net [get_bd_pins clk_wiz_0/clk_out1] [get_bd_ports core_clk]
  set rst [create_bd_cell -type ip -vlnv xilinx.com:ip:proc_sys_reset rst_core]
  connect_bd_net [get_bd_pins clk_wiz_0/clk_out1] [get_bd_pins rst_core/slowest_sync_clk]
  connect_bd_net [get_bd_ports pcie_perstn] [get_bd_pins rst_core/ext_reset_in]
  connect_bd_net [get_bd_pins rst_core/peripheral_aresetn] [get_bd_ports core_rstn]

  # ---- PCIe: XDMA Gen3 x16, AXI-MM, BAR0 AXI-Lite, AXI slave bridge (PG195) ----
  set buf [create_bd_cell -type ip -vlnv xilinx.com:ip:util_ds_buf refclk_buf]
  set_property CONFIG.C_BUF_TYPE IBUFDSGTE $buf
  connect_bd_intf_net [get_bd_intf_ports pcie_refclk] [get_bd_intf_pins refclk_buf/CLK_IN_D]
  set xdma [create_bd_cell -type ip -vlnv xilinx.com:ip:xdma xdma_0]
  set_property -dict [list \
    CONFIG.mode_selection Advanced \
    CONFIG.pcie_blk_locn X1Y0 CONFIG.select_quad GTY_Quad_227 \
    CONFIG.pl_link_cap_max_link_width X16 CONFIG.pl_link_cap_max_link_speed 8.0_GT/s \
    CONFIG.axi_data_width 512_bit CONFIG.axisten_freq 250 \
    CONFIG.xdma_axi_intf_mm AXI_Memory_Mapped \
    CONFIG.axilite_master_en true CONFIG.axilite_master_size 64 CONFIG.axilite_master_scale Kilobytes \
    CONFIG.xdma_num_usr_irq 8 \
    CONFIG.en_axi_slave_if true CONFIG.axibar_num 1 \
    CONFIG.axibar_0 0x0000800000000000 CONFIG.axibar_highaddr_0 0x0000FFFFFFFFFFFF \
    CONFIG.axibar2pciebar_0 0x0000000000000000 \
    CONFIG.pf0_device_id 9038 CONFIG.pf0_msi_enabled true CONFIG.pf0_msix_enabled false] $xdma
  connect_bd_net [get_bd_pins refclk_buf/IBUF_DS_ODIV2] [get_bd_pins xdma_0/sys_clk]
  connect_bd_net [get_bd_pins refclk_buf/IBUF_OUT] [get_bd_pins xdma_0/sys_clk_gt]
  connect_bd_net [get_bd_ports pcie_perstn] [get_bd_pins xdma_0/sys_rst_n]
  connect_bd_net [get_bd_ports pci_exp_rxp] [get_bd_pins xdma_0/pci_exp_rxp]
  connect_bd_net [get_bd_ports pci_exp_rxn] [get_bd_pins xdma_0/pci_exp_rxn]
  connect_bd_net [get_bd_pins xdma_0/pci_exp_txp] [get_bd_ports pci_exp_txp]
  connect_bd_net [get_bd_pins xdma_0/pci_exp_txn] [get_bd_ports pci_exp_txn]
  connect_bd_net [get_bd_pins xdma_0/user_lnk_up] [get_bd_ports user_lnk_up]
  connect_bd_net [get_bd_ports usr_irq_req] [get_bd_pins xdma_0/usr_irq_req]
  connect_bd_net [get_bd_pins xdma_0/usr_irq_ack] [get_bd_ports usr_irq_ack]
  # BAR0 crosses from the XDMA's axi_aclk (250 MHz) to core_clk and from
  # the XDMA's 32-bit AXI4-Lite data to the core's 64-bit BAR0 slave: an
  # AXI SmartConnect with two clocks (PG247 converts width and clock).
  set bar_sc [create_bd_cell -type ip -vlnv xilinx.com:ip:smartconnect bar0_sc]
  set_property -dict [list CONFIG.NUM_SI 1 CONFIG.NUM_MI 1 CONFIG.NUM_CLKS 2] $bar_sc
  connect_bd_intf_net [get_bd_intf_pins xdma_0/M_AXI_LITE] [get_bd_intf_pins bar0_sc/S00_AXI]
  connect_bd_intf_net [get_bd_intf_pins bar0_sc/M00_AXI] $bar0
  connect_bd_net [get_bd_pins xdma_0/axi_aclk] [get_bd_pins bar0_sc/aclk]
  connect_bd_net [get_bd_pins clk_wiz_0/clk_out1] [get_bd_pins bar0_sc/aclk1]
  connect_bd_net [get_bd_pins xdma_0/axi_aresetn] [get_bd_pins bar0_sc/aresetn]

  # ---- HBM: both stacks, global addressing through the switch (PG276) ----
  set hbm [create_bd_cell -type ip -vlnv xilinx.com:ip:hbm hbm_0]
  set_property -dict [list CONFIG.USER_HBM_DENSITY 16GB CONFIG.USER_HBM_STACK 2 \
    CONFIG.USER_SWITCH_ENABLE_00 TRUE CONFIG.USER_SWITCH_ENABLE_01 TRUE \
    CONFIG.USER_APB_EN false CONFIG.USER_CLK_SEL_LIST0 AXI_00_ACLK \
    CONFIG.USER_SAXI_00 true] $hbm
  connect_bd_net [get_bd_pins clk_wiz_0/clk_out2] [get_bd_pins hbm_0/HBM_REF_CLK_0]
  connect_bd_net [get_bd_pins clk_wiz_0/clk_out2] [get_bd_pins hbm_0/HBM_REF_CLK_1]
  connect_bd_net [get_bd_pins clk_wiz_0/clk_out2] [get_bd_pins hbm_0/APB_0_PCLK]
  connect_bd_net [get_bd_pins clk_wiz_0/clk_out2] [get_bd_pins hbm_0/APB_1_PCLK]
  connect_bd_net [get_bd_pins clk_wiz_0/locked] [get_bd_pins hbm_0/APB_0_PRESET_N]
  connect_bd_net [get_bd_pins clk_wiz_0/locked] [get_bd_pins hbm_0/APB_1_PRESET_N]
  connect_bd_net [get_bd_pins clk_wiz_0/clk_out1] [get_bd_pins hbm_0/AXI_00_ACLK]
  connect_bd_net [get_bd_pins rst_core/peripheral_aresetn] [get_bd_pins hbm_0/AXI_00_ARESET_N]
  # The core waits for HBM calibration: reset held until both stacks report done.
  set cal [create_bd_cell -type ip -vlnv xilinx.com:ip:util_vector_logic hbm_cal_done]
  set_property -dict [list CONFIG.C_OPERATION and CONFIG.C_SIZE 1] $cal
  connect_bd_net [get_bd_pins hbm_0/apb_complete_0] [get_bd_pins hbm_cal_done/Op1]
  connect_bd_net [get_bd_pins hbm_0/apb_complete_1] [get_bd_pins hbm_cal_done/Op2]
  connect_bd_net [get_bd_pins hbm_cal_done/Res] [get_bd_pins rst_core/dcm_locked]
  # CATTRIP: drive the card's HBM_CATTRIP pin from the stacks' temperature trip (UG1469).
  set trip [create_bd_cell -type ip -vlnv xilinx.com:ip:util_vector_logic hbm_trip]
  set_property -dict [list CONFIG.C_OPERATION or CONFIG.C_SIZE 1] $trip
  connect_bd_net [get_bd_pins hbm_0/DRAM_0_STAT_CATTRIP] [get_bd_pins hbm_trip/Op1]
  connect_bd_net [get_bd_pins hbm_0/DRAM_1_STAT_CATTRIP] [get_bd_pins hbm_trip/Op2]
  connect_bd_net [get_bd_pins hbm_trip/Res] [get_bd_ports hbm_cattrip]

  # ---- scratchpads: one block RAM per compute hart (PG078, PG058) ----
  # 512-bit AXI BRAM controller (the tile engines' beat) with both BRAM
  # ports (reads and writes in parallel); in IP integrator the block memory
  # generator is in BRAM controller mode and takes its depth from the
  # controller's address range (256K below: 4096 x 512 bits, 64 RAMB36).
  for {set h 1} {$h <= 4} {incr h} {
    set ctrl [create_bd_cell -type ip -vlnv xilinx.com:ip:axi_bram_ctrl spad_ctrl_$h]
    set_property -dict [list CONFIG.PROTOCOL AXI4 CONFIG.DATA_WIDTH 512 \
      CONFIG.SINGLE_PORT_BRAM 0 CONFIG.ECC_TYPE 0] $ctrl
    set ram [create_bd_cell -type ip -vlnv xilinx.com:ip:blk_mem_gen spad_mem_$h]
    set_property CONFIG.Memory_Type True_Dual_Port_RAM $ram
    connect_bd_intf_net [get_bd_intf_pins spad_ctrl_$h/BRAM_PORTA] [get_bd_intf_pins spad_mem_$h/BRAM_PORTA]
    connect_bd_intf_net [get_bd_intf_pins spad_ctrl_$h/BRAM_PORTB] [get_bd_intf_pins spad_mem_$h/BRAM_PORTB]
    connect_bd_net [get_bd_pins clk_wiz_0/clk_out1] [get_bd_pins spad_ctrl_$h/s_axi_aclk]
    connect_bd_net [get_bd_ports mem_aresetn] [get_bd_pins spad_ctrl_$h/s_axi_aresetn]
  }

  # ---- tile_smc: the tile engines' 8 masters, one clock, into axi_smc S14 ----
  # S00..S03 core_tile_m0..3 (memory), S04..S07 core_tile_s0..3 (scratchpad).
  # A second level because one SmartConnect takes at most 16 slave
  # interfaces (PG247) and axi_smc already has 14; the address map below
  # still gives each tile master its own segments through both levels.
  set tsmc [create_bd_cell -type ip -vlnv xilinx.com:ip:smartconnect tile_smc]
  set_property -dict [list CONFIG.NUM_SI 8 CONFIG.NUM_MI 1 CONFIG.NUM_CLKS 1] $tsmc
  for {set i 0} {$i < 8} {incr i} {
    connect_bd_intf_net [lindex $tile_ports $i] [get_bd_intf_pins tile_smc/[format S%02d_AXI $i]]
  }
  connect_bd_net [get_bd_pins clk_wiz_0/clk_out1] [get_bd_pins tile_smc/aclk]
  connect_bd_net [get_bd_ports mem_aresetn] [get_bd_pins tile_smc/aresetn]

  # ---- SmartConnect: 15 masters (core 13 + XDMA M_AXI + tile_smc), 6 slaves, 4 clocks (PG247) ----
  # S00..S09 core_m*, S10 IOMMU, S11 XDMA M_AXI, S12 DMA host, S13 DMA device,
  # S14 tile_smc; M00 HBM, M01 XDMA S_AXI_B, M02..M05 the scratchpads of
  # harts 1..4. The SmartConnect converts the 512-bit masters' data to the
  # HBM port's 256 bits and dma_aclk to the HBM's and the bridge's clocks.
  set smc [create_bd_cell -type ip -vlnv xilinx.com:ip:smartconnect axi_smc]
  set_property -dict [list CONFIG.NUM_SI 15 CONFIG.NUM_MI 6 CONFIG.NUM_CLKS 4] $smc
  for {set i 0} {$i < 10} {incr i} {
    connect_bd_intf_net [lindex $mem_ports $i] [get_bd_intf_pins axi_smc/[format S%02d_AXI $i]]
  }
  connect_bd_intf_net $iommu_port [get_bd_intf_pins axi_smc/S10_AXI]
  connect_bd_intf_net [get_bd_intf_pins xdma_0/M_AXI] [get_bd_intf_pins axi_smc/S11_AXI]
  connect_bd_intf_net $dma_h_port [get_bd_intf_pins axi_smc/S12_AXI]
  connect_bd_intf_net $dma_d_port [get_bd_intf_pins axi_smc/S13_AXI]
  connect_bd_intf_net [get_bd_intf_pins tile_smc/M00_AXI] [get_bd_intf_pins axi_smc/S14_AXI]
  connect_bd_intf_net [get_bd_intf_pins axi_smc/M00_AXI] [get_bd_intf_pins hbm_0/SAXI_00]
  connect_bd_intf_net [get_bd_intf_pins axi_smc/M01_AXI] [get_bd_intf_pins xdma_0/S_AXI_B]
  for {set h 1} {$h <= 4} {incr h} {
    connect_bd_intf_net [get_bd_intf_pins axi_smc/[format M%02d_AXI [expr {$h + 1}]]] \
      [get_bd_intf_pins spad_ctrl_$h/S_AXI]
  }
  connect_bd_net [get_bd_pins clk_wiz_0/clk_out1] [get_bd_pins axi_smc/aclk]
  connect_bd_net [get_bd_ports iommu_aclk] [get_bd_pins axi_smc/aclk1]
  connect_bd_net [get_bd_pins xdma_0/axi_aclk] [get_bd_pins axi_smc/aclk2]
  connect_bd_net [get_bd_ports dma_aclk] [get_bd_pins axi_smc/aclk3]
  connect_bd_net [get_bd_ports mem_aresetn] [get_bd_pins axi_smc/aresetn]

  # ---- address map (memmap.def) for every master ----
  # window name -> offset, range, segment
  set win [dict create \
    sram    {0x80000000 256M hbm_0/SAXI_00/HBM_MEM16} \
    hbm     {0x1000000000 16G hbm_0/SAXI_00/HBM_MEM00} \
    hostwin {0x800000000000 128T xdma_0/S_AXI_B/BAR0}]
  for {set h 1} {$h <= 4} {incr h} {
    dict set win spad$h [list [format 0x%x [expr {0x20000000 + $h * 0x100000}]] 256K \
      spad_ctrl_$h/S_AXI/Mem0]
  }
  # master address space -> the windows it sees
  set see [dict create \
    /core_m00_axi   {sram hbm hostwin spad1 spad2 spad3 spad4} \
    /core_m01_axi   {sram hbm hostwin spad1 spad2 spad3 spad4} \
    /core_iommu_axi {sram hbm hostwin} \
    /core_dma_d_axi {sram hbm} \
    /core_dma_h_axi {hostwin} \
    /xdma_0/M_AXI   {sram hbm}]
  for {set h 1} {$h <= 4} {incr h} {
    foreach p [list [expr {2 * $h}] [expr {2 * $h + 1}]] {
      dict set see [format /core_m%02d_axi $p] [list sram hbm hostwin spad$h]
    }
    dict set see /core_tile_m[expr {$h - 1}]_axi {sram hbm hostwin}
    dict set see /core_tile_s[expr {$h - 1}]_axi [list spad$h]
  }
  dict for {space names} $see {
    foreach n $names {
      lassign [dict get $win $n] offset range seg
      assign_bd_address -target_address_space $space -offset $offset -range $range [get_bd_addr_segs $seg]
    }
  }
  assign_bd_address -target_address_space /xdma_0/M_AXI_LITE -offset 0x0 -range 64K \
    [get_bd_addr_segs bar0_axil/Reg]

  validate_bd_design
  save_bd_design
}
