// uvs_icicle_shell (black box): port list of the Libero SmartDesign of
// libero/shell_sd.tcl (PF_CCC, CORERESET_PF, CoreAXI4Interconnect). For
// synthesis outside Libero (make BOARD=icicle-kit synth-report): no
// contents, so the vendor IP is not counted.
`include "uvs_shell_axi.svh"

(* blackbox *)
module uvs_icicle_shell (
  input  logic REF_CLK_50MHz,
  input  logic MSS_RESET_N_M2F,
  output logic core_clk,        // PF_CCC OUT0_FABCLK_0, 100 MHz
  output logic core_rstn,       // CORERESET_PF FABRIC_RESET_N (synchronous to core_clk)
  input  logic iommu_aclk,      // the IOMMU master's (gated) clock
  input  logic iommu_aresetn,
  input  logic mem_aresetn,     // reset of the harts' memory masters
  input  logic dma_aclk,        // the DMA engine's clock (the core's gated host clock)
  input  logic dma_aresetn,     // and its reset
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
  `UVS_SHELL_AXIL_M_PORTS(bar0_axil),   // BAR0: to the core's AXI4-Lite slave s_axil
  `UVS_SHELL_HOST_PORTS,                // constant 0 in the design (no simulator side channel)
  `UVS_SHELL_AXI4_M_PORTS(fic0_tgt_axi),
  `UVS_SHELL_AXI4_S_PORTS(fic0_ini_axi)
);
endmodule
