// uvs_top_u55c: FPGA top of uvmsoc on the AMD Alveo U55C (xcu55c-fsvh2892-2L-e;
// boards/alveo-u55c/README.md). The c4 SoC (uvs_soc_core: management hart +
// 4 compute harts on uvs_pipe_core, default IOMMU) inside the vendor shell
// uvs_u55c_shell, a Vivado block design (vivado/shell_bd.tcl) holding
//   - the DMA/Bridge Subsystem for PCI Express (XDMA, PG195), Gen3 x16:
//     BAR0 as an AXI4-Lite master (the core's BAR0 slave s_axil), user
//     interrupts for the MSIs, and its
//     AXI bridge slave for the core's host-memory window;
//   - the AXI High Bandwidth Memory controller (HBM, PG276) with 16 GB of
//     HBM2 (UG1469), behind an AXI SmartConnect (PG247) that takes the
//     core's 11 AXI4 masters (64-bit) to the HBM's 256-bit AXI3 ports;
//   - the clocking wizard (PG065): the core clock, 200 MHz (sim/configs/c4.mk
//     CFG_CLOCK_MHZ), from the card's 100 MHz SYSCLK2, and the processor
//     system reset (PG164) for the core's synchronous reset.
// The shell is a black box here (ip/uvs_u55c_shell.sv) and a behavioral
// model in co-simulation (sim/uvs_u55c_shell.sv).
`include "uvs_axi_ports.svh"
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
  localparam int BOARD_SPAD_BYTES = 262144;  // scratchpad per compute hart (c4.mk CFG_SPAD_KIB 256)
  localparam int BOARD_DMA_BEAT_BYTES = 64;  // DMA data width (XDMA's AXI bridge and the HBM ports: 512-bit)
  localparam int BOARD_TILE_BEAT_BYTES = 64; // tile engines' data width (HBM ports and BRAM scratchpads: 512-bit)
  localparam BOARD_IOMMU_RAM_STYLE = "auto"; // IOTLB RAMs: the tool's choice (LUT-RAM: RAM32M16/RAM64M8)
  localparam int BOARD_HPM_WIDTH = 64;       // mhpmcounter3..10 bits: full (the part has room)
  localparam int BOARD_HPM_COUNT = 8;        // mhpmcounter3..10: all (hpm.def HPM_COUNTERS)
  localparam BOARD_HART_RAM_STYLE = "auto";  // harts' fetch queues: the tool's choice
  localparam int BOARD_ATOMIC_GW = 48;       // atomic unit's compares: every address (memmap.def: below 2^48)
  // Straps (uvs_board_cfg): SRAM as c4 (sim/configs/c4.mk CFG_SRAM_KIB), the
  // card's 16 GiB of HBM2 (UG1469), the core clock; the link and HBM
  // figures are the simulator's models (sim/link.h, sources there) at
  // 200 MHz: 500 ns -> 100 cycles, 25000 MB/s -> 125 B/cycle, MPS 256 B,
  // HBM 100 ns -> 20 cycles and 4 ports x 64 B -> 256 B/cycle.
  localparam logic [63:0] BOARD_BOOT_ENTRY   = uvs_memmap_pkg::UVS_SBI_BASE;
  localparam logic [63:0] BOARD_SRAM_SIZE    = 64'd65536 * 64'd1024;
  localparam logic [63:0] BOARD_HBM_SIZE     = 64'd16 << 30;
  localparam logic [63:0] BOARD_CAPS         = uvs_hostif_pkg::UVS_HOSTIF_CAP_DMA |
      uvs_hostif_pkg::UVS_HOSTIF_CAP_CMDQ | uvs_hostif_pkg::UVS_HOSTIF_CAP_EVQ |
      uvs_hostif_pkg::UVS_HOSTIF_CAP_MSI | uvs_hostif_pkg::UVS_HOSTIF_CAP_HBM;
  localparam logic [31:0] BOARD_CLOCK_KHZ    = 32'd200000;
  localparam logic [31:0] BOARD_LINK_LATENCY = 32'd100;
  localparam logic [31:0] BOARD_LINK_BW      = 32'd125 << 16;
  localparam logic [31:0] BOARD_LINK_MPS     = 32'd256;
  localparam logic [31:0] BOARD_HBM_LATENCY  = 32'd20;
  localparam logic [31:0] BOARD_HBM_BW       = 32'd256 << 16;

  logic core_clk, core_rstn;
  logic [MSI_LINES-1:0] usr_irq_req, usr_irq_ack;
  /* verilator lint_off UNUSEDSIGNAL */
  logic user_lnk_up;
  /* verilator lint_on UNUSEDSIGNAL */
`include "uvs_board_core.svh"

  uvs_u55c_shell u_shell (
    .sysclk2_clk_p, .sysclk2_clk_n, .pcie_refclk_clk_p, .pcie_refclk_clk_n, .pcie_perstn,
    .pci_exp_rxp, .pci_exp_rxn, .pci_exp_txp, .pci_exp_txn, .hbm_cattrip,
    .core_clk, .core_rstn, .user_lnk_up,
    .iommu_aclk, .iommu_aresetn, .mem_aresetn, .dma_aclk, .dma_aresetn,
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
    `UVS_SHELL_AXI4W_S_CONNECT(core_dma_h_axi, dma_h_axi),
    `UVS_SHELL_AXI4W_S_CONNECT(core_dma_d_axi, dma_d_axi),
    `UVS_SHELL_TILE_CONNECT,
    `UVS_SHELL_HOST_CONNECT,
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
endmodule
