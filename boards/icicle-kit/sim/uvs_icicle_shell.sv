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
//   - the host side: BAR0 stays with the lockstep transport (uvs_host_port
//     inside the core, by DPI, until the core has its AXI4-Lite BAR0
//     slave), so bar0_axil is idle and fic0_ini_axi is never driven.
`include "uvs_shell_axi.svh"

module uvs_icicle_shell (
  input  logic REF_CLK_50MHz,
  input  logic MSS_RESET_N_M2F,
  output logic core_clk,
  output logic core_rstn,
  input  logic iommu_aclk,
  input  logic iommu_aresetn,
  input  logic mem_aresetn,
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
  /* verilator lint_off UNUSEDSIGNAL */
  `UVS_SHELL_AXIL_M_PORTS(bar0_axil),
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

  // Idle host-side and MSS-side interfaces (see above).
  assign bar0_axil_awvalid = 1'b0;
  assign bar0_axil_awaddr  = '0;
  assign bar0_axil_awprot  = '0;
  assign bar0_axil_wvalid  = 1'b0;
  assign bar0_axil_wdata   = '0;
  assign bar0_axil_wstrb   = '0;
  assign bar0_axil_bready  = 1'b1;
  assign bar0_axil_arvalid = 1'b0;
  assign bar0_axil_araddr  = '0;
  assign bar0_axil_arprot  = '0;
  assign bar0_axil_rready  = 1'b1;
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
