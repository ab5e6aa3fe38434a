# The Icicle Kit fabric shell: SmartDesign "uvs_icicle_shell" whose generated
# module has the ports of ip/uvs_icicle_shell.sv (the board top instantiates
# it; boards/common/uvs_shell_axi.svh explains the names). Written from the
# handbooks of PF_CCC (PolarFire clocking resources user guide), CORERESET_PF
# and CoreAXI4Interconnect, and the PolarFire SoC MSS user guide (FIC0: AXI4,
# 64-bit, initiator and target). Core versions are those of Libero SoC
# 2023.2's catalog; not run here.
#
#   REF_CLK_50MHz -> PF_CCC -> core_clk 100 MHz (OUT0_FABCLK_0)
#   CORERESET_PF (EXT_RST_N = MSS_RESET_N_M2F, PLL_LOCK, INIT_DONE) -> core_rstn
#   core_m00..09_axi, core_iommu_axi (AXI4 slaves, 64-bit, ID 6, AWUSER 6),
#   core_dma_h_axi, core_dma_d_axi (the DMA engine's data masters: AXI4
#     slaves, 64-bit, without ID, AxLOCK or AxUSER), core_tile_m0..3_axi,
#     core_tile_s0..3_axi (the tile engines' memory and scratchpad masters:
#     the same, 64-bit: BOARD_TILE_BEAT_BYTES 8, on core_clk)
#     -> two levels of CoreAXI4Interconnect, as one takes at most 8 masters
#        and IDs of at most 8 bits, and its slave side adds log2(masters)
#        ID bits (HB0766; Libero's configurator has master slots 0..7):
#          "uvs_hart_xbar" HX0: core_m00..03, HX1: core_m04..07 (4 masters,
#            ID 6 -> 8); "uvs_hart4_xbar" HX2: core_m08, core_m09, the IOMMU
#            (master 2, on iommu_aclk with clock domain crossing, M_CLK2);
#          "uvs_tile_xbar" TX: core_tile_m0..3 (masters 0..3),
#            core_tile_s0..3 (4..7), 64-bit (no IDs: ID 5 -> 8);
#          "uvs_mem_xbar" MEMX (6 masters, ID 8 -> 11, 1 slave): 0..2 HX0..2,
#            3 TX, 4 DMA host and 5 DMA device on dma_aclk (the core's gated
#            host-block clock; clock domain crossing, M_CLK4/M_CLK5)
#        11 ID bits reach MAP (uvs_icicle_fic0_map IDW), which sends every
#        transaction to FIC0 with ID 0 and answers with the IDs it queued;
#        fic0_tgt_axi carries MIDW = 6 ID bits, to match the MSS FIC0
#        target's ID width: docs/boards.md, "Not done".
#        The scratchpad masters reach the scratchpad window the harts use
#        (in DDR, below); none of this runs in co-simulation
#     -> uvs_icicle_fic0_map "MAP" (rtl/uvs_icicle_fic0_map.sv): the device's
#        SRAM and scratchpad windows moved to the DDR carve-out 0xb000_0000
#        (reserved-memory no-map in ../uvmsoc-overlay.dtso), the host window
#        to host physical addresses, anything else answered DECERR; without
#        it the device's SRAM (0x8000_0000) would be Linux's low DDR. The DMA
#        device master's SRAM ranges land in the carve-out as the harts'
#        accesses do; the DMA host master reaches host memory through the
#        host window (HOSTWIN_BASE + host physical address), as the other
#        masters' host-window accesses do; the tile engines' memory masters
#        reach SRAM and the host window, their scratchpad masters the
#        scratchpad window, as the harts' accesses do
#     -> fic0_tgt_axi -> MSS FIC0 target (38-bit address into the MSS's
#        memory map)
#   fic0_ini_axi (MSS FIC0 initiator, the host) -> CoreAXI4Interconnect
#     "uvs_bar_xbar" with AXI4-Lite conversion -> bar0_axil (64 KiB BAR0 at
#     the FIC0 window 0x6000_0000, uvmsoc-overlay.dtso; 64-bit data as the
#     core's BAR0 slave; of the interconnect's 32-bit address the core's
#     16-bit s_axil takes bits [15:0], the stub's bar0_axil_*addr width)
#   perf_link_h2d, perf_link_d2h, perf_hbm, mgmt_halt, mgmt_exit: constant 0
#     (the core's counter and management-halt inputs; no simulator here)
# Not here: an atomic unit. The MSS FIC0 target does not keep exclusive
# monitors for fabric masters and has no AWATOP: docs/boards.md, "Not done".

# plain 1: without IDs, locks or user signals (the DMA engine's data masters,
# boards/common/uvs_shell_axi.svh UVS_SHELL_AXI4W_S_PORTS).
proc uvs_icicle_axi_bif {sd name role {plain 0}} {
  set sigs {AWVALID AWID AWADDR AWLEN AWSIZE AWBURST AWLOCK AWCACHE AWPROT AWUSER AWREADY
            WVALID WDATA WSTRB WLAST WREADY BVALID BID BRESP BREADY
            ARVALID ARID ARADDR ARLEN ARSIZE ARBURST ARLOCK ARCACHE ARPROT ARREADY
            RVALID RID RDATA RRESP RLAST RREADY}
  set map {}
  foreach s $sigs {
    if {$plain && $s in {AWID BID ARID RID AWLOCK ARLOCK AWUSER}} continue
    lappend map "${s}:${name}_[string tolower $s]"
  }
  sd_create_bif_port -sd_name $sd -port_name $name -port_bif_vlnv {AMBA:AMBA4:AXI4:r0p0_0} \
    -port_bif_role $role -port_bif_mapping $map
}

# The HDL core of rtl/uvs_icicle_fic0_map.sv with AXI4 bus interfaces S
# (slave: its s_* ports) and M (master: m_*), so that SmartDesign connects
# them as whole interfaces.
proc uvs_icicle_map_core {file} {
  create_hdl_core -file $file -module uvs_icicle_fic0_map -library work
  set from_master {AWVALID AWID AWADDR AWLEN AWSIZE AWBURST AWLOCK AWCACHE AWPROT AWUSER
                   WVALID WDATA WSTRB WLAST BREADY ARVALID ARID ARADDR ARLEN ARSIZE ARBURST
                   ARLOCK ARCACHE ARPROT RREADY}
  set from_slave  {AWREADY WREADY BVALID BID BRESP ARREADY RVALID RID RDATA RRESP RLAST}
  foreach {bif role pfx in out} {S slave s from_master from_slave M master m from_slave from_master} {
    set map {}
    foreach sig [set $in]  { lappend map "${sig}:${pfx}_[string tolower $sig]_i" }
    foreach sig [set $out] { lappend map "${sig}:${pfx}_[string tolower $sig]_o" }
    hdl_core_add_bif -hdl_core_name uvs_icicle_fic0_map -bif_definition "AXI4:AMBA:AMBA4:$role" \
      -bif_name $bif -signal_map $map
  }
}

# CoreAXI4Interconnect component $name: $masters masters of $idw-bit IDs,
# one slave (all addresses, 64-bit data), AxUSER 6 bits (AWATOP), and
# further parameters $params.
proc uvs_icicle_xbar {name masters idw {params {}}} {
  create_and_configure_core -core_vlnv {Actel:DirectCore:COREAXI4INTERCONNECT:2.8.103} -component_name $name \
    -params [concat [list "NUM_MASTERS:$masters" "NUM_SLAVES:1" "ADDR_WIDTH:64" "DATA_WIDTH:64" \
      "ID_WIDTH:$idw" "USER_WIDTH:6" "SLAVE0_START_ADDR:0x0" "SLAVE0_END_ADDR:0xFFFFFFFFFFFF"] $params]
}

proc uvs_icicle_create_shell {boarddir} {
  set sd uvs_icicle_shell
  uvs_icicle_map_core [file join $boarddir rtl uvs_icicle_fic0_map.sv]
  create_and_configure_core -core_vlnv {Actel:SgCore:PF_CCC:2.2.220} -component_name PF_CCC_C0 -params {
    "PLL_IN_FREQ_0:50" "GL0_0_IS_USED:true" "GL0_0_OUT_FREQ:100" "PLL_FEEDBACK_MODE_0:Post-VCO"}
  create_and_configure_core -core_vlnv {Actel:DirectCore:CORERESET_PF:2.3.100} -component_name CORERESET_PF_C0
  uvs_icicle_xbar uvs_hart_xbar 4 6
  uvs_icicle_xbar uvs_hart4_xbar 3 6 {"MASTER2_CLOCK_DOMAIN_CROSSING:true"}
  uvs_icicle_xbar uvs_tile_xbar 8 5
  uvs_icicle_xbar uvs_mem_xbar 6 8 {"MASTER4_CLOCK_DOMAIN_CROSSING:true" "MASTER5_CLOCK_DOMAIN_CROSSING:true"
    "MASTER4_DATA_WIDTH:64" "MASTER5_DATA_WIDTH:64"}
  create_and_configure_core -core_vlnv {Actel:DirectCore:COREAXI4INTERCONNECT:2.8.103} -component_name uvs_bar_xbar -params {
    "NUM_MASTERS:1" "NUM_SLAVES:1" "ADDR_WIDTH:32" "DATA_WIDTH:64" "SLAVE0_TYPE:AXI4LITE"
    "SLAVE0_DATA_WIDTH:64" "SLAVE0_START_ADDR:0x60000000" "SLAVE0_END_ADDR:0x6000FFFF"}

  create_smartdesign -sd_name $sd
  sd_instantiate_component -sd_name $sd -component_name PF_CCC_C0 -instance_name CCC
  sd_instantiate_component -sd_name $sd -component_name CORERESET_PF_C0 -instance_name RST
  sd_instantiate_component -sd_name $sd -component_name uvs_hart_xbar -instance_name HX0
  sd_instantiate_component -sd_name $sd -component_name uvs_hart_xbar -instance_name HX1
  sd_instantiate_component -sd_name $sd -component_name uvs_hart4_xbar -instance_name HX2
  sd_instantiate_component -sd_name $sd -component_name uvs_tile_xbar -instance_name TX
  sd_instantiate_component -sd_name $sd -component_name uvs_mem_xbar -instance_name MEMX
  sd_instantiate_component -sd_name $sd -component_name uvs_bar_xbar -instance_name BARX
  sd_instantiate_hdl_core -sd_name $sd -hdl_core_name uvs_icicle_fic0_map -instance_name MAP
  foreach {p d} {REF_CLK_50MHz IN MSS_RESET_N_M2F IN core_clk OUT core_rstn OUT
                 iommu_aclk IN iommu_aresetn IN mem_aresetn IN dma_aclk IN dma_aresetn IN} {
    sd_create_scalar_port -sd_name $sd -port_name $p -port_direction $d
  }
  for {set i 0} {$i < 10} {incr i} { uvs_icicle_axi_bif $sd [format core_m%02d_axi $i] slave }
  uvs_icicle_axi_bif $sd core_iommu_axi slave
  uvs_icicle_axi_bif $sd core_dma_h_axi slave 1
  uvs_icicle_axi_bif $sd core_dma_d_axi slave 1
  foreach kind {m s} {
    for {set k 0} {$k < 4} {incr k} { uvs_icicle_axi_bif $sd core_tile_${kind}${k}_axi slave 1 }
  }
  uvs_icicle_axi_bif $sd fic0_tgt_axi master
  uvs_icicle_axi_bif $sd fic0_ini_axi slave
  sd_create_bif_port -sd_name $sd -port_name bar0_axil -port_bif_vlnv {AMBA:AMBA4:AXI4Lite:r0p0_0} -port_bif_role master
  foreach {p w} {perf_link_h2d 64 perf_link_d2h 64 perf_hbm 64 mgmt_exit 32} {
    sd_create_bus_port -sd_name $sd -port_name $p -port_direction OUT -port_range "\[[expr {$w - 1}]:0\]"
    sd_connect_pins_to_constant -sd_name $sd -pin_names $p -value GND
  }
  sd_create_scalar_port -sd_name $sd -port_name mgmt_halt -port_direction OUT
  sd_connect_pins_to_constant -sd_name $sd -pin_names mgmt_halt -value GND

  sd_connect_pins -sd_name $sd -pin_names {REF_CLK_50MHz CCC:REF_CLK_0}
  sd_connect_pins -sd_name $sd -pin_names {CCC:OUT0_FABCLK_0 core_clk RST:CLK BARX:ACLK
                                            HX0:ACLK HX1:ACLK HX2:ACLK TX:ACLK MEMX:ACLK}
  sd_connect_pins -sd_name $sd -pin_names {CCC:PLL_LOCK_0 RST:PLL_LOCK}
  sd_connect_pins -sd_name $sd -pin_names {MSS_RESET_N_M2F RST:EXT_RST_N}
  sd_connect_pins -sd_name $sd -pin_names {RST:FABRIC_RESET_N core_rstn BARX:ARESETN}
  sd_connect_pins -sd_name $sd -pin_names {mem_aresetn HX0:ARESETN HX1:ARESETN HX2:ARESETN TX:ARESETN MEMX:ARESETN}
  # first level: hart ports 4 to an interconnect, then hart 4 and the IOMMU, the tile masters
  for {set i 0} {$i < 10} {incr i} {
    sd_connect_pins -sd_name $sd -pin_names [list [format core_m%02d_axi $i] "HX[expr {$i / 4}]:AXI4mmaster[expr {$i % 4}]"]
  }
  sd_connect_pins -sd_name $sd -pin_names {core_iommu_axi HX2:AXI4mmaster2}
  for {set k 0} {$k < 4} {incr k} {
    sd_connect_pins -sd_name $sd -pin_names [list core_tile_m${k}_axi TX:AXI4mmaster$k]
    sd_connect_pins -sd_name $sd -pin_names [list core_tile_s${k}_axi TX:AXI4mmaster[expr {$k + 4}]]
  }
  # second level: the first level's slaves and the DMA engine's masters
  foreach {from i} {HX0 0 HX1 1 HX2 2 TX 3} {
    sd_connect_pins -sd_name $sd -pin_names [list $from:AXI4mslave0 MEMX:AXI4mmaster$i]
  }
  sd_connect_pins -sd_name $sd -pin_names {core_dma_h_axi MEMX:AXI4mmaster4}
  sd_connect_pins -sd_name $sd -pin_names {core_dma_d_axi MEMX:AXI4mmaster5}
  sd_connect_pins -sd_name $sd -pin_names {MEMX:AXI4mslave0 MAP:S}
  sd_connect_pins -sd_name $sd -pin_names {MAP:M fic0_tgt_axi}
  sd_connect_pins -sd_name $sd -pin_names {core_clk MAP:clk_i}
  sd_connect_pins -sd_name $sd -pin_names {mem_aresetn MAP:rst_ni}
  sd_connect_pins -sd_name $sd -pin_names {fic0_ini_axi BARX:AXI4mmaster0}
  sd_connect_pins -sd_name $sd -pin_names {BARX:AXI4mslave0 bar0_axil}
  # The IOMMU master's clock domain: its own clock input of the interconnect.
  sd_connect_pins -sd_name $sd -pin_names {iommu_aclk HX2:M_CLK2}
  sd_connect_pins -sd_name $sd -pin_names {iommu_aresetn HX2:M_ARESETN2}
  # The DMA engine's masters' clock domain: the interconnect's clock inputs of
  # masters 4 and 5 (the core's gated host-block clock).
  sd_connect_pins -sd_name $sd -pin_names {dma_aclk MEMX:M_CLK4 MEMX:M_CLK5}
  sd_connect_pins -sd_name $sd -pin_names {dma_aresetn MEMX:M_ARESETN4 MEMX:M_ARESETN5}
  save_smartdesign -sd_name $sd
  generate_component -component_name $sd
}
