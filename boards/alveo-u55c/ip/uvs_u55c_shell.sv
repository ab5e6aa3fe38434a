// uvs_u55c_shell (black box): port list of the wrapper Vivado generates for
// the block design of vivado/shell_bd.tcl (XDMA PG195, HBM PG276, SmartConnect
// PG247, clocking wizard PG065, processor system reset PG164). For synthesis
// outside Vivado (make BOARD=alveo-u55c synth-report): no contents, so the
// vendor IP is not counted. Port directions are the shell's.
`include "uvs_shell_axi.svh"

(* blackbox *)
module uvs_u55c_shell (
  input  logic        sysclk2_clk_p,
  input  logic        sysclk2_clk_n,
  input  logic        pcie_refclk_clk_p,
  input  logic        pcie_refclk_clk_n,
  input  logic        pcie_perstn,
  input  logic [15:0] pci_exp_rxp,
  input  logic [15:0] pci_exp_rxn,
  output logic [15:0] pci_exp_txp,
  output logic [15:0] pci_exp_txn,
  output logic        hbm_cattrip,
  output logic        core_clk,       // clk_wiz clk_out1, 200 MHz
  output logic        core_rstn,      // proc_sys_reset peripheral_aresetn (synchronous to core_clk)
  output logic        user_lnk_up,    // XDMA: PCIe link up
  input  logic        iommu_aclk,     // the IOMMU master's (gated) clock
  input  logic        iommu_aresetn,
  input  logic        mem_aresetn,    // reset of the harts' memory masters
  input  logic        dma_aclk,       // the DMA engine's clock (the core's gated host clock)
  input  logic        dma_aresetn,    // and its reset
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
  `UVS_SHELL_AXI4W_S_PORTS(core_dma_h_axi, 64),
  `UVS_SHELL_AXI4W_S_PORTS(core_dma_d_axi, 64),
  `UVS_SHELL_TILE_PORTS(64),
  `UVS_SHELL_AXIL_M_PORTS(bar0_axil),   // BAR0: to the core's AXI4-Lite slave s_axil
  `UVS_SHELL_HOST_PORTS,                // constant 0 in the design (no simulator side channel)
  input  logic [7:0]  usr_irq_req,    // XDMA user interrupts (PG195)
  output logic [7:0]  usr_irq_ack
);
endmodule
