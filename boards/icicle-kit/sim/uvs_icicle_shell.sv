// uvs_icicle_shell (co-simulation model): behavioral model of the Icicle
// Kit fabric shell (ip/uvs_icicle_shell.sv has the port list; Libero builds
// the real one from libero/shell_sd.tcl), driven by the simulator harness:
//   - PF_CCC and CORERESET_PF: core_clk is the harness clock (REF_CLK_50MHz),
//     core_rstn the harness reset (MSS_RESET_N_M2F); no PLL lock delay;
//   - CoreAXI4Interconnect + MSS FIC0 + DDR: every core_m<p>_axi and
//     core_iommu_axi interface ends in the simulator's AXI4 memory model
//     (rtl/sim/uvs_axi_mem_model.sv) as C memory port p (the IOMMU's as
//     memmap.def MEM_PORT_IOMMU), with the memory system's timing of the
//     configuration (sim/configs/icicle-kit.mk: the clock is 100 MHz, so
//     every latency the memory system states in ns is fewer cycles). The
//     fic0_tgt_axi master (towards the MSS) is therefore idle;
//   - the host side: BAR0 (bar0_axil, on the board the MSS FIC0 initiator
//     through the CoreAXI4Interconnect's AXI4-Lite conversion) is driven by
//     the simulator's host link model rtl/sim/uvs_axil_host_model.sv, as in
//     the simulation top, which also drives the counter and management-halt
//     outputs (perf_*, mgmt_*); fic0_ini_axi is therefore never driven.
`include "uvs_axi_ports.svh"
`include "uvs_shell_axi.svh"

module uvs_icicle_shell (
  input  logic REF_CLK_50MHz,
  input  logic MSS_RESET_N_M2F,
  output logic core_clk,
  output logic core_rstn,
  input  logic iommu_aclk,
  input  logic iommu_aresetn,
  input  logic mem_aresetn,
  input  logic dma_aclk,
  input  logic dma_aresetn,
  `UVS_SHELL_AXI4_S_PORTS(core_m00_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m01_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m02_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m03_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m04_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m05_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m06_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m07_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m08_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_m09_axi),
  `UVS_SHELL_AXI4_S_PORTS(core_iommu_axi),
  `UVS_SHELL_AXI4W_S_PORTS(core_dma_h_axi, 8),
  `UVS_SHELL_AXI4W_S_PORTS(core_dma_d_axi, 8),
  `UVS_SHELL_TILE_PORTS(8),
  `UVS_SHELL_AXIL_M_PORTS(bar0_axil),
  `UVS_SHELL_HOST_PORTS,
  /* verilator lint_off UNUSEDSIGNAL */
  `UVS_SHELL_AXI4_M_PORTS(fic0_tgt_axi),
  `UVS_SHELL_AXI4_S_PORTS(fic0_ini_axi)
  /* verilator lint_on UNUSEDSIGNAL */
);
  import uvs_memmap_pkg::UVS_MEM_PORT_IOMMU;

  assign core_clk  = REF_CLK_50MHz;
  assign core_rstn = MSS_RESET_N_M2F;

  `UVS_SHELL_AXI4_S_MODEL(core_m00_axi, 0, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m01_axi, 1, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m02_axi, 2, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m03_axi, 3, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m04_axi, 4, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m05_axi, 5, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m06_axi, 6, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m07_axi, 7, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m08_axi, 8, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_m09_axi, 9, core_clk, mem_aresetn);
  `UVS_SHELL_AXI4_S_MODEL(core_iommu_axi, int'(UVS_MEM_PORT_IOMMU), iommu_aclk, iommu_aresetn);
  `UVS_SHELL_AXI4W_S_MODEL(core_dma_h_axi, 8, 1, dma_aclk, dma_aresetn);
  `UVS_SHELL_AXI4W_S_MODEL(core_dma_d_axi, 8, 0, dma_aclk, dma_aresetn);
  `UVS_SHELL_TILE_MODELS(8, core_clk, mem_aresetn);

  // BAR0: the simulator's host link model as the AXI4-Lite master (the
  // simulation top's rtl/sim/uvs_axil_host_model.sv), with the counters and
  // management-halt side channel it yields. It polls always: without a host
  // attached the link model offers no access and reports no halt
  // (uvs_dpi_host_poll, sim/dpi.c), as when the simulation top disables it.
  uvs_axil_host_model u_bar0 (
    .clk_i (core_clk), .rst_ni (core_rstn), .enable_i (1'b1),
    `UVS_AXIL_M_CONNECT(m_axil, bar0_axil),
    .mgmt_halt_o (mgmt_halt), .mgmt_exit_o (mgmt_exit),
    .perf_link_h2d_o (perf_link_h2d), .perf_link_d2h_o (perf_link_d2h), .perf_hbm_o (perf_hbm)
  );

  // Idle MSS-side interfaces (see above).
  assign fic0_tgt_axi_awvalid = 1'b0;
  assign fic0_tgt_axi_awid    = '0;
  assign fic0_tgt_axi_awaddr  = '0;
  assign fic0_tgt_axi_awlen   = '0;
  assign fic0_tgt_axi_awsize  = '0;
  assign fic0_tgt_axi_awburst = '0;
  assign fic0_tgt_axi_awlock  = 1'b0;
  assign fic0_tgt_axi_awcache = '0;
  assign fic0_tgt_axi_awprot  = '0;
  assign fic0_tgt_axi_awuser  = '0;
  assign fic0_tgt_axi_wvalid  = 1'b0;
  assign fic0_tgt_axi_wdata   = '0;
  assign fic0_tgt_axi_wstrb   = '0;
  assign fic0_tgt_axi_wlast   = 1'b0;
  assign fic0_tgt_axi_bready  = 1'b1;
  assign fic0_tgt_axi_arvalid = 1'b0;
  assign fic0_tgt_axi_arid    = '0;
  assign fic0_tgt_axi_araddr  = '0;
  assign fic0_tgt_axi_arlen   = '0;
  assign fic0_tgt_axi_arsize  = '0;
  assign fic0_tgt_axi_arburst = '0;
  assign fic0_tgt_axi_arlock  = 1'b0;
  assign fic0_tgt_axi_arcache = '0;
  assign fic0_tgt_axi_arprot  = '0;
  assign fic0_tgt_axi_rready  = 1'b1;
  assign fic0_ini_axi_awready = 1'b0;
  assign fic0_ini_axi_wready  = 1'b0;
  assign fic0_ini_axi_bvalid  = 1'b0;
  assign fic0_ini_axi_bid     = '0;
  assign fic0_ini_axi_bresp   = '0;
  assign fic0_ini_axi_arready = 1'b0;
  assign fic0_ini_axi_rvalid  = 1'b0;
  assign fic0_ini_axi_rid     = '0;
  assign fic0_ini_axi_rdata   = '0;
  assign fic0_ini_axi_rresp   = '0;
  assign fic0_ini_axi_rlast   = 1'b0;
endmodule
