// uvs_board_core.svh: the core hookup of a board top (boards/<board>/rtl/uvs_top_<board>.sv),
// included inside the top's module body. It declares the signals of every
// uvs_soc_core port and instantiates the core; the top connects those
// signals to its vendor shell. Before including, the top defines
//   localparam int BOARD_HARTS   (NUM_HARTS: 1 management + compute harts)
//   localparam int BOARD_MTIME_DIV (core clock cycles per mtime tick)
//   localparam int BOARD_DMA_BEAT_BYTES (DMA_BEAT_BYTES: the DMA engine's data width)
//   localparam int BOARD_SPAD_BYTES (SPAD_BYTES: scratchpad bytes per compute hart)
//   localparam int BOARD_TILE_BEAT_BYTES (TILE_BEAT_BYTES: the tile engines' data width)
//   localparam BOARD_IOMMU_RAM_STYLE (IOMMU_RAM_STYLE: "auto" or "block", the
//                           IOTLB RAMs' ram_style for the board's FPGA family)
//   localparam int BOARD_HPM_WIDTH (HPM_WIDTH: bits of the harts' mhpmcounter3..10,
//                           1..64; WARL precision, privileged spec 3.1.10)
//   localparam int BOARD_HPM_COUNT (HPM_COUNT: the harts' mhpmcounter3.. implemented,
//                           1..8; the others read-only zero, privileged spec 3.1.10)
//   localparam BOARD_HART_RAM_STYLE (HART_RAM_STYLE: "auto" or "block", the harts'
//                           fetch queue memories' ram_style)
//   localparam int BOARD_ATOMIC_GW (uvs_axi_atomic GW: address bits of its
//                           reservation and lock compares; every memory window the
//                           masters reach differs from the others below 2^GW)
//   localparam logic [63:0] BOARD_BOOT_ENTRY, BOARD_SRAM_SIZE, BOARD_HBM_SIZE,
//                           BOARD_CAPS (the straps, uvs_board_cfg parameters)
//   localparam logic [31:0] BOARD_CLOCK_KHZ, BOARD_LINK_LATENCY, BOARD_LINK_BW,
//                           BOARD_LINK_MPS, BOARD_HBM_LATENCY, BOARD_HBM_BW
//   logic core_clk, core_rstn    (the core clock and its synchronous reset)
// and connects to its shell:
//   dma_h_axi_*, dma_d_axi_*  the DMA engine's data masters (BOARD_DMA_BEAT_BYTES
//                 of data, on dma_aclk / dma_aresetn): host memory (the PCIe
//                 bridge's slave, or the SoC's memory) and SRAM/HBM;
//   tile_m_axi_*, tile_s_axi_*  the tile engines' data masters, element k for
//                 compute hart k + 1 (BOARD_TILE_BEAT_BYTES of data, on core_clk / mem_aresetn):
//                 memory (SRAM, HBM, host window) and the hart's scratchpad;
//   bar0_axil_*   BAR0, the core's AXI4-Lite slave s_axil (16-bit address,
//                 64-bit data), driven by the shell's host-side master;
//   perf_link_h2d, perf_link_d2h, perf_hbm (64-bit), mgmt_halt, mgmt_exit
//                 (32-bit): the shell's outputs for the core's counter and
//                 management-halt inputs (0 on a board; the host link model
//                 in co-simulation).
// The straps (cfg_*) come from uvs_board_cfg: the board's constants above,
// or the simulator's options in co-simulation (boards/common/sim/, built
// instead by boards/boards.mk), which also takes the boot-ROM write port and
// gives the boot ROM's data words. The boot ROM (uvs_axi_bootrom) sits
// between the core's hart memory masters (core_axi) and the atomic unit
// (atom_axi): the BOOTROM region is answered there, not by the shell's
// memory. The atomic unit (uvs_axi_atomic) takes those and the IOMMU's
// master (atom_axi[2*BOARD_HARTS]) and executes the AMOs (AWATOP) and LR/SC
// (exclusive accesses) with plain reads and writes on the shell's memory
// ports (mem_axi; the IOMMU's is mem_axi[2*BOARD_HARTS]).
// The AXI port lists are the core's macros (rtl/soc/uvs_axi_ports.svh; the
// top's include path has rtl/soc). docs/boards.md, "Core hookup".
// ==========================================================================
logic                              mem_aresetn, iommu_aclk, iommu_aresetn;
`UVS_AXI4_WIRES(core_axi, [2*BOARD_HARTS-1:0])
`UVS_AXI4_WIRES(atom_axi, [2*BOARD_HARTS:0])
`UVS_AXI4_WIRES(mem_axi, [2*BOARD_HARTS:0])
`UVS_AXIL_WIRES(bar0_axil)
logic                              dma_aclk, dma_aresetn;
`UVS_AXI4W_WIRES(dma_h_axi, BOARD_DMA_BEAT_BYTES)
`UVS_AXI4W_WIRES(dma_d_axi, BOARD_DMA_BEAT_BYTES)
`UVS_AXI4WD_WIRES(tile_m_axi, BOARD_TILE_BEAT_BYTES, [BOARD_HARTS-2:0])
`UVS_AXI4WD_WIRES(tile_s_axi, BOARD_TILE_BEAT_BYTES, [BOARD_HARTS-2:0])
logic                              cfg_host_link;
logic [63:0]                       cfg_boot_entry, cfg_sram_size, cfg_hbm_size, cfg_caps;
logic [31:0]                       cfg_clock_khz, cfg_link_latency, cfg_link_bw, cfg_link_mps;
logic [31:0]                       cfg_hbm_latency, cfg_hbm_bw;
logic [63:0]                       perf_link_h2d, perf_link_d2h, perf_hbm;
logic                              mgmt_halt, boot_valid;
logic [31:0]                       mgmt_exit;
logic [63:0]                       boot_entry, boot_dtb, boot_mentry;
logic [63:0]                       rom_entry, rom_dtb, rom_mentry;
// Console, MSIs, counters and the simulation side channels: read by the
// board's co-simulation wrapper (hierarchical names), unused on the board.
/* verilator lint_off UNUSEDSIGNAL */
logic                              uart_tx_valid;
logic [7:0]                        uart_tx_data;
logic [63:0]                       cycle, retired;
logic [BOARD_HARTS-1:0]            rvfi_valid, xlat_valid;
logic [BOARD_HARTS-1:0][63:0]      rvfi_pc, rvfi_wdata, xlat_va, xlat_pa;
logic [BOARD_HARTS-1:0][31:0]      rvfi_insn;
logic [BOARD_HARTS-1:0][4:0]       rvfi_rd;
logic [BOARD_HARTS-1:0][7:0]       xlat_id;
logic [BOARD_HARTS-1:0][1:0]       xlat_flags;
logic [BOARD_HARTS-1:0]            tile_trc_valid;
logic [BOARD_HARTS-1:0][63:0]      tile_trc_va, tile_trc_pa;
logic [BOARD_HARTS-1:0][2:0]       tile_trc_flags;
/* verilator lint_on UNUSEDSIGNAL */
logic [31:0]                       msi;

uvs_soc_core #(
  .NUM_HARTS (BOARD_HARTS),
  .MTIME_DIV (BOARD_MTIME_DIV),
  .MT_THREADS(0),
  .PIPE      (1),
  .DMA_BEAT_BYTES (BOARD_DMA_BEAT_BYTES),
  .SPAD_BYTES (BOARD_SPAD_BYTES),
  .TILE_BEAT_BYTES (BOARD_TILE_BEAT_BYTES),
  .IOMMU_RAM_STYLE (BOARD_IOMMU_RAM_STYLE),
  .HPM_WIDTH (BOARD_HPM_WIDTH),
  .HPM_COUNT (BOARD_HPM_COUNT),
  .HART_RAM_STYLE (BOARD_HART_RAM_STYLE)
) u_core (
  .clk_i (core_clk), .rst_ni (core_rstn),
  .cycle_o (cycle), .retired_o (retired),
  .mem_aresetn_o (mem_aresetn),
  `UVS_AXI4_M_CONNECT(mem_axi, core_axi),
  .iommu_aclk_o (iommu_aclk), .iommu_aresetn_o (iommu_aresetn),
  `UVS_AXI4_M_CONNECT_X(iommu_axi, atom_axi, [2*BOARD_HARTS]),
  .dma_aclk_o (dma_aclk), .dma_aresetn_o (dma_aresetn),
  `UVS_AXI4W_M_CONNECT(dma_h_axi, dma_h_axi),
  `UVS_AXI4W_M_CONNECT(dma_d_axi, dma_d_axi),
  `UVS_AXI4W_M_CONNECT(tile_m_axi, tile_m_axi),
  `UVS_AXI4W_M_CONNECT(tile_s_axi, tile_s_axi),
  `UVS_AXIL_CONNECT(s_axil, bar0_axil),
  .cfg_host_link_i (cfg_host_link), .cfg_boot_entry_i (cfg_boot_entry),
  .cfg_sram_size_i (cfg_sram_size), .cfg_hbm_size_i (cfg_hbm_size), .cfg_caps_i (cfg_caps),
  .cfg_clock_khz_i (cfg_clock_khz), .cfg_link_latency_i (cfg_link_latency),
  .cfg_link_bw_i (cfg_link_bw), .cfg_link_mps_i (cfg_link_mps),
  .cfg_hbm_latency_i (cfg_hbm_latency), .cfg_hbm_bw_i (cfg_hbm_bw),
  .perf_link_h2d_i (perf_link_h2d), .perf_link_d2h_i (perf_link_d2h), .perf_hbm_i (perf_hbm),
  .mgmt_halt_i (mgmt_halt), .mgmt_exit_i (mgmt_exit),
  .boot_valid_o (boot_valid), .boot_entry_o (boot_entry), .boot_dtb_o (boot_dtb),
  .boot_mentry_o (boot_mentry),
  .uart_tx_valid_o (uart_tx_valid), .uart_tx_data_o (uart_tx_data),
  .msi_o (msi),
  .rvfi_valid_o (rvfi_valid), .rvfi_pc_o (rvfi_pc), .rvfi_insn_o (rvfi_insn),
  .rvfi_rd_o (rvfi_rd), .rvfi_wdata_o (rvfi_wdata),
  .xlat_valid_o (xlat_valid), .xlat_id_o (xlat_id), .xlat_va_o (xlat_va),
  .xlat_pa_o (xlat_pa), .xlat_flags_o (xlat_flags),
  .tile_trc_valid_o (tile_trc_valid), .tile_trc_va_o (tile_trc_va), .tile_trc_pa_o (tile_trc_pa),
  .tile_trc_flags_o (tile_trc_flags)
);

uvs_board_cfg #(
  .BOOT_ENTRY (BOARD_BOOT_ENTRY), .SRAM_SIZE (BOARD_SRAM_SIZE), .HBM_SIZE (BOARD_HBM_SIZE),
  .CAPS (BOARD_CAPS), .CLOCK_KHZ (BOARD_CLOCK_KHZ), .LINK_LATENCY (BOARD_LINK_LATENCY),
  .LINK_BW (BOARD_LINK_BW), .LINK_MPS (BOARD_LINK_MPS), .HBM_LATENCY (BOARD_HBM_LATENCY),
  .HBM_BW (BOARD_HBM_BW)
) u_cfg (
  .clk_i (core_clk), .rst_ni (core_rstn),
  .boot_valid_i (boot_valid), .boot_entry_i (boot_entry), .boot_dtb_i (boot_dtb),
  .boot_mentry_i (boot_mentry),
  .cfg_host_link_o (cfg_host_link), .cfg_boot_entry_o (cfg_boot_entry),
  .cfg_sram_size_o (cfg_sram_size), .cfg_hbm_size_o (cfg_hbm_size), .cfg_caps_o (cfg_caps),
  .cfg_clock_khz_o (cfg_clock_khz), .cfg_link_latency_o (cfg_link_latency),
  .cfg_link_bw_o (cfg_link_bw), .cfg_link_mps_o (cfg_link_mps),
  .cfg_hbm_latency_o (cfg_hbm_latency), .cfg_hbm_bw_o (cfg_hbm_bw),
  .rom_entry_o (rom_entry), .rom_dtb_o (rom_dtb), .rom_mentry_o (rom_mentry)
);

// The ROM is reset with the harts' memory ports (mem_aresetn: the core's
// reset, HOLD and device reset), as the shell's memory ports are.
uvs_axi_bootrom #(.N(2 * BOARD_HARTS)) u_bootrom (
  .clk_i (core_clk), .rst_ni (mem_aresetn),
  .entry_i (rom_entry), .dtb_i (rom_dtb), .mentry_i (rom_mentry),
  `UVS_AXI4_S_CONNECT(s_axi, core_axi, ),
  `UVS_AXI4_M_CONNECT_X(m_axi, atom_axi, [2*BOARD_HARTS-1:0])
);

// The atomic unit on every memory master: port 2h + 1 is hart h's data
// port, 2*BOARD_HARTS the IOMMU's (the even ports fetch: passed through).
// Each port is reset with its master (mem_aresetn, iommu_aresetn).
localparam logic [2*BOARD_HARTS:0] ATOM_DATA = {1'b1, {BOARD_HARTS{2'b10}}};
uvs_axi_atomic #(.N(2 * BOARD_HARTS + 1), .DATA(ATOM_DATA), .GW(BOARD_ATOMIC_GW)) u_atomic (
  .clk_i (core_clk), .rst_ni ({iommu_aresetn, {2 * BOARD_HARTS{mem_aresetn}}}),
  `UVS_AXI4_S_CONNECT(s_axi, atom_axi, ),
  `UVS_AXI4_M_CONNECT(m_axi, mem_axi)
);
// ===================== END OF CORE HOOKUP ==================================
