// uvs_top_u55c: FPGA top of uvmsoc on the AMD Alveo U55C (xcu55c-fsvh2892-2L-e;
// boards/alveo-u55c/README.md). The c4 SoC (uvs_soc_core: management hart +
// 4 compute harts on uvs_pipe_core, default IOMMU) inside the vendor shell
// uvs_u55c_shell, a Vivado block design (vivado/shell_bd.tcl) holding
//   - the DMA/Bridge Subsystem for PCI Express (XDMA, PG195), Gen3 x16:
//     BAR0 as an AXI4-Lite master, user interrupts for the MSIs, and its
//     AXI bridge slave for the core's host-memory window;
//   - the AXI High Bandwidth Memory controller (HBM, PG276) with 16 GB of
//     HBM2 (UG1469), behind an AXI SmartConnect (PG247) that takes the
//     core's 11 AXI4 masters (64-bit) to the HBM's 256-bit AXI3 ports;
//   - the clocking wizard (PG065): the core clock, 200 MHz (sim/configs/c4.mk
//     CFG_CLOCK_MHZ), from the card's 100 MHz SYSCLK2, and the processor
//     system reset (PG164) for the core's synchronous reset.
// The shell is a black box here (ip/uvs_u55c_shell.sv) and a behavioral
// model in co-simulation (sim/uvs_u55c_shell.sv).
`include "uvs_shell_axi.svh"

module uvs_top_u55c (
  input  logic        sysclk2_clk_p,       // 100 MHz LVDS (UG1469 "Clocking")
  input  logic        sysclk2_clk_n,
  input  logic        pcie_refclk_clk_p,   // 100 MHz PCIe reference clock
  input  logic        pcie_refclk_clk_n,
  input  logic        pcie_perstn,         // PCIe fundamental reset, active low
  input  logic [15:0] pci_exp_rxp,
  input  logic [15:0] pci_exp_rxn,
  output logic [15:0] pci_exp_txp,
  output logic [15:0] pci_exp_txn,
  output logic        hbm_cattrip          // must stay low (UG1469: HBM_CATTRIP)
);
  localparam int BOARD_HARTS     = 5;   // c4: 1 management + 4 compute harts
  localparam int BOARD_MTIME_DIV = 20;  // 200 MHz core clock / 10 MHz timebase (c4.mk)
  localparam int MSI_LINES       = 8;   // uvs_hostif MSI_VECTORS default

  logic core_clk, core_rstn;
  logic [MSI_LINES-1:0] usr_irq_req, usr_irq_ack;
  /* verilator lint_off UNUSEDSIGNAL */
  logic user_lnk_up;
  /* verilator lint_on UNUSEDSIGNAL */
  logic bar0_axil_awvalid, bar0_axil_awready, bar0_axil_wvalid, bar0_axil_wready;
  logic bar0_axil_bvalid, bar0_axil_bready, bar0_axil_arvalid, bar0_axil_arready;
  logic bar0_axil_rvalid, bar0_axil_rready;
  logic [1:0] bar0_axil_bresp, bar0_axil_rresp;
  logic [31:0] bar0_axil_rdata;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] bar0_axil_awaddr, bar0_axil_araddr, bar0_axil_wdata;
  logic [3:0]  bar0_axil_wstrb;
  logic [2:0]  bar0_axil_awprot, bar0_axil_arprot;
  /* verilator lint_on UNUSEDSIGNAL */

`include "uvs_board_core.svh"

  uvs_u55c_shell u_shell (
    .sysclk2_clk_p, .sysclk2_clk_n, .pcie_refclk_clk_p, .pcie_refclk_clk_n, .pcie_perstn,
    .pci_exp_rxp, .pci_exp_rxn, .pci_exp_txp, .pci_exp_txn, .hbm_cattrip,
    .core_clk, .core_rstn, .user_lnk_up,
    .iommu_aclk, .iommu_aresetn, .mem_aresetn,
    `UVS_SHELL_AXI4_S_CONNECT_MEM(core_m00_axi, 0),
    `UVS_SHELL_AXI4_S_CONNECT_MEM(core_m01_axi, 1),
    `UVS_SHELL_AXI4_S_CONNECT_MEM(core_m02_axi, 2),
    `UVS_SHELL_AXI4_S_CONNECT_MEM(core_m03_axi, 3),
    `UVS_SHELL_AXI4_S_CONNECT_MEM(core_m04_axi, 4),
    `UVS_SHELL_AXI4_S_CONNECT_MEM(core_m05_axi, 5),
    `UVS_SHELL_AXI4_S_CONNECT_MEM(core_m06_axi, 6),
    `UVS_SHELL_AXI4_S_CONNECT_MEM(core_m07_axi, 7),
    `UVS_SHELL_AXI4_S_CONNECT_MEM(core_m08_axi, 8),
    `UVS_SHELL_AXI4_S_CONNECT_MEM(core_m09_axi, 9),
    `UVS_SHELL_AXI4_S_CONNECT_IOMMU(core_iommu_axi),
    .bar0_axil_awvalid, .bar0_axil_awaddr, .bar0_axil_awprot, .bar0_axil_awready,
    .bar0_axil_wvalid, .bar0_axil_wdata, .bar0_axil_wstrb, .bar0_axil_wready,
    .bar0_axil_bvalid, .bar0_axil_bresp, .bar0_axil_bready,
    .bar0_axil_arvalid, .bar0_axil_araddr, .bar0_axil_arprot, .bar0_axil_arready,
    .bar0_axil_rvalid, .bar0_axil_rdata, .bar0_axil_rresp, .bar0_axil_rready,
    .usr_irq_req, .usr_irq_ack
  );

  // MSIs: XDMA user interrupts, request held until acknowledged (PG195).
  uvs_msi_irq #(.N(MSI_LINES), .ACK(1)) u_msi (
    .clk_i (core_clk), .rst_ni (core_rstn), .msi_i (msi),
    .irq_req_o (usr_irq_req), .irq_ack_i (usr_irq_ack)
  );

  // BAR0: until the core has its AXI4-Lite slave (core hookup), SLVERR.
  uvs_axil_slverr u_bar0 (
    .clk_i (core_clk), .rst_ni (core_rstn),
    .awvalid_i (bar0_axil_awvalid), .awready_o (bar0_axil_awready),
    .wvalid_i (bar0_axil_wvalid), .wready_o (bar0_axil_wready),
    .bvalid_o (bar0_axil_bvalid), .bresp_o (bar0_axil_bresp), .bready_i (bar0_axil_bready),
    .arvalid_i (bar0_axil_arvalid), .arready_o (bar0_axil_arready),
    .rvalid_o (bar0_axil_rvalid), .rdata_o (bar0_axil_rdata), .rresp_o (bar0_axil_rresp),
    .rready_i (bar0_axil_rready)
  );
endmodule
