// uvs_top_icicle: fabric top of uvmsoc on the Microchip PolarFire SoC Icicle
// Kit (MPFS250T-FCVG484E; boards/icicle-kit/README.md). The c4 SoC
// (uvs_soc_core: management hart + 4 compute harts on uvs_pipe_core,
// default IOMMU) inside the fabric shell uvs_icicle_shell, a Libero
// SmartDesign (libero/shell_sd.tcl) holding
//   - PF_CCC (clock conditioning circuit): the core clock, 100 MHz, from the
//     kit's 50 MHz fabric reference clock;
//   - CORERESET_PF: the core's synchronous reset, released after the MSS
//     has released the fabric (MSS_RESET_N_M2F) and the PLL locked;
//   - CoreAXI4Interconnect: the core's 11 AXI4 masters to one AXI4 master
//     towards the MSS's fabric interface FIC0 (its AXI4 target port: the
//     kit's LPDDR4 through the MSS DDR controller, 64-bit), and the MSS's
//     FIC0 initiator (the Linux host on the U54 harts) to BAR0 as AXI4-Lite.
// This module is instantiated in the Libero root SmartDesign next to the MSS
// component (libero/project.tcl), which connects the fic0_* interfaces,
// FIC_0_ACLK, MSS_RESET_N_M2F and the interrupt lines (MSS_INT_F2M) to the
// MSS. The shell is a black box here (ip/uvs_icicle_shell.sv) and a
// behavioral model in co-simulation (sim/uvs_icicle_shell.sv).
`include "uvs_axi_ports.svh"
`include "uvs_shell_axi.svh"

module uvs_top_icicle (
  input  logic       REF_CLK_50MHz,     // the kit's 50 MHz fabric oscillator
  input  logic       MSS_RESET_N_M2F,   // MSS: fabric reset, active low
  output logic       FIC_0_ACLK,        // to the MSS: FIC0's clock (the core clock)
  output logic [7:0] MSS_INT_F2M,       // to the MSS PLIC: MSI lines (overlay: line 0)
  `UVS_SHELL_AXI4_M_PORTS(fic0_tgt_axi), // to the MSS FIC0 target (DDR)
  `UVS_SHELL_AXI4_S_PORTS(fic0_ini_axi)  // from the MSS FIC0 initiator (BAR0)
);
  localparam int BOARD_HARTS     = 5;   // c4: 1 management + 4 compute harts
  localparam int BOARD_MTIME_DIV = 10;  // 100 MHz core clock / 10 MHz timebase (DTS)
  localparam int MSI_LINES       = 8;   // uvs_hostif MSI_VECTORS default
  localparam int BOARD_SPAD_BYTES = 262144;  // scratchpad per compute hart (c4.mk CFG_SPAD_KIB 256)
  localparam int BOARD_DMA_BEAT_BYTES = 8;  // DMA data width (FIC0: 64-bit)
  localparam int BOARD_TILE_BEAT_BYTES = 8; // tile engines' data width (FIC0 again: memory and scratchpads in DDR)
  localparam BOARD_IOMMU_RAM_STYLE = "block"; // IOTLB RAMs in uSRAM (no LUT-RAM on PolarFire)
  localparam int BOARD_HPM_WIDTH = 40;  // mhpmcounter3..10 bits (WARL, privileged 3.1.10): 2^40 cycles
                                        // = 3 hours at 100 MHz; 24 bits less of 8 counters in 5 harts
  localparam int BOARD_HPM_COUNT = 4;  // mhpmcounter3..6 (7..10 read-only zero, privileged 3.1.10):
                                       // about 480 LUTs less per hart
  localparam BOARD_HART_RAM_STYLE = "block"; // harts' fetch queues in uSRAM (no LUT-RAM on PolarFire)
  localparam int BOARD_ATOMIC_GW = 32;  // atomic unit's compares on address bits 31:3: the device's
                                       // windows (SRAM, scratchpads) differ there; a host page (host
                                       // window, DDR up to 2^38) may alias one: a spurious SC failure
                                       // or a write held a few cycles at worst (about 690 LUTs less)
  // Straps (uvs_board_cfg): SRAM as c4 (sim/configs/c4.mk CFG_SRAM_KIB), no
  // HBM (the kit's LPDDR4 is behind the SRAM window), the core clock; the
  // link figures are the simulator's model (sim/link.h, sources there) at
  // 100 MHz: 500 ns -> 50 cycles, 25000 MB/s -> 250 B/cycle, MPS 256 B.
  localparam logic [63:0] BOARD_BOOT_ENTRY   = uvs_memmap_pkg::UVS_SBI_BASE;
  localparam logic [63:0] BOARD_SRAM_SIZE    = 64'd65536 * 64'd1024;
  localparam logic [63:0] BOARD_HBM_SIZE     = 64'd0;
  localparam logic [63:0] BOARD_CAPS         = uvs_hostif_pkg::UVS_HOSTIF_CAP_DMA |
      uvs_hostif_pkg::UVS_HOSTIF_CAP_CMDQ | uvs_hostif_pkg::UVS_HOSTIF_CAP_EVQ |
      uvs_hostif_pkg::UVS_HOSTIF_CAP_MSI;
  localparam logic [31:0] BOARD_CLOCK_KHZ    = 32'd100000;
  localparam logic [31:0] BOARD_LINK_LATENCY = 32'd50;
  localparam logic [31:0] BOARD_LINK_BW      = 32'd250 << 16;
  localparam logic [31:0] BOARD_LINK_MPS     = 32'd256;
  localparam logic [31:0] BOARD_HBM_LATENCY  = 32'd0;
  localparam logic [31:0] BOARD_HBM_BW       = 32'd0;

  logic core_clk, core_rstn;
`include "uvs_board_core.svh"

  uvs_icicle_shell u_shell (
    .REF_CLK_50MHz, .MSS_RESET_N_M2F,
    .core_clk, .core_rstn,
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
    `UVS_SHELL_AXI4_PASS(fic0_tgt_axi),
    `UVS_SHELL_AXI4_PASS(fic0_ini_axi)
  );
  assign FIC_0_ACLK = core_clk;

  // MSIs: level lines into the MSS PLIC, each raise held 16 core cycles:
  // 160 ns at 100 MHz, several periods of the MSS clock the PLIC's gateway
  // samples them with (the MSS runs its CPU and AXI clocks at hundreds of MHz;
  // PolarFire SoC MSS user guide, "Clocking"), so no raise is missed.
  uvs_msi_irq #(.N(MSI_LINES), .ACK(0), .HOLD(16)) u_msi (
    .clk_i (core_clk), .rst_ni (core_rstn), .msi_i (msi),
    .irq_req_o (MSS_INT_F2M), .irq_ack_i ('0)
  );
endmodule
