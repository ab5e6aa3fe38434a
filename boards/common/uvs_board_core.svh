// uvs_board_core.svh: the core hookup of a board top (boards/<board>/rtl/uvs_top_<board>.sv),
// included inside the top's module body. It declares the signals of every
// uvs_soc_core port and instantiates the core; the top connects those
// signals to its vendor shell. Before including, the top defines
//   localparam int BOARD_HARTS   (NUM_HARTS: 1 management + compute harts)
//   localparam int BOARD_MTIME_DIV (core clock cycles per mtime tick)
//   logic core_clk, core_rstn    (the core clock and its synchronous reset)
//
// ======================= CORE HOOKUP (lead: adapt here) ====================
// When BAR0 becomes an AXI4-Lite slave of uvs_soc_core (helper axi2), add its
// ports to the instance below (bar0_axil_* signals, declared here) and drop
// the SLVERR responder of the top (uvs_axil_slverr). Everything else of the
// core's boundary is already AXI4 (docs/architecture.md, "SoC boundary (AXI)").
// ==========================================================================
logic                              mem_aresetn, iommu_aclk, iommu_aresetn;
logic [2*BOARD_HARTS-1:0]          mem_axi_awvalid, mem_axi_awready, mem_axi_awlock;
logic [2*BOARD_HARTS-1:0][5:0]     mem_axi_awid, mem_axi_awatop;
logic [2*BOARD_HARTS-1:0][63:0]    mem_axi_awaddr;
logic [2*BOARD_HARTS-1:0][7:0]     mem_axi_awlen;
logic [2*BOARD_HARTS-1:0][2:0]     mem_axi_awsize, mem_axi_awprot;
logic [2*BOARD_HARTS-1:0][1:0]     mem_axi_awburst;
logic [2*BOARD_HARTS-1:0][3:0]     mem_axi_awcache;
logic [2*BOARD_HARTS-1:0]          mem_axi_wvalid, mem_axi_wlast, mem_axi_wready;
logic [2*BOARD_HARTS-1:0][63:0]    mem_axi_wdata;
logic [2*BOARD_HARTS-1:0][7:0]     mem_axi_wstrb;
logic [2*BOARD_HARTS-1:0]          mem_axi_bvalid, mem_axi_bready;
logic [2*BOARD_HARTS-1:0][5:0]     mem_axi_bid;
logic [2*BOARD_HARTS-1:0][1:0]     mem_axi_bresp;
logic [2*BOARD_HARTS-1:0]          mem_axi_arvalid, mem_axi_arready, mem_axi_arlock;
logic [2*BOARD_HARTS-1:0][5:0]     mem_axi_arid;
logic [2*BOARD_HARTS-1:0][63:0]    mem_axi_araddr;
logic [2*BOARD_HARTS-1:0][7:0]     mem_axi_arlen;
logic [2*BOARD_HARTS-1:0][2:0]     mem_axi_arsize, mem_axi_arprot;
logic [2*BOARD_HARTS-1:0][1:0]     mem_axi_arburst;
logic [2*BOARD_HARTS-1:0][3:0]     mem_axi_arcache;
logic [2*BOARD_HARTS-1:0]          mem_axi_rvalid, mem_axi_rlast, mem_axi_rready;
logic [2*BOARD_HARTS-1:0][5:0]     mem_axi_rid;
logic [2*BOARD_HARTS-1:0][63:0]    mem_axi_rdata;
logic [2*BOARD_HARTS-1:0][1:0]     mem_axi_rresp;
logic                              iommu_axi_awvalid, iommu_axi_awready, iommu_axi_awlock;
logic [5:0]                        iommu_axi_awid, iommu_axi_awatop;
logic [63:0]                       iommu_axi_awaddr;
logic [7:0]                        iommu_axi_awlen;
logic [2:0]                        iommu_axi_awsize, iommu_axi_awprot;
logic [1:0]                        iommu_axi_awburst;
logic [3:0]                        iommu_axi_awcache;
logic                              iommu_axi_wvalid, iommu_axi_wlast, iommu_axi_wready;
logic [63:0]                       iommu_axi_wdata;
logic [7:0]                        iommu_axi_wstrb;
logic                              iommu_axi_bvalid, iommu_axi_bready;
logic [5:0]                        iommu_axi_bid;
logic [1:0]                        iommu_axi_bresp;
logic                              iommu_axi_arvalid, iommu_axi_arready, iommu_axi_arlock;
logic [5:0]                        iommu_axi_arid;
logic [63:0]                       iommu_axi_araddr;
logic [7:0]                        iommu_axi_arlen;
logic [2:0]                        iommu_axi_arsize, iommu_axi_arprot;
logic [1:0]                        iommu_axi_arburst;
logic [3:0]                        iommu_axi_arcache;
logic                              iommu_axi_rvalid, iommu_axi_rlast, iommu_axi_rready;
logic [5:0]                        iommu_axi_rid;
logic [63:0]                       iommu_axi_rdata;
logic [1:0]                        iommu_axi_rresp;
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
/* verilator lint_on UNUSEDSIGNAL */
logic [31:0]                       msi;

uvs_soc_core #(
  .NUM_HARTS (BOARD_HARTS),
  .MTIME_DIV (BOARD_MTIME_DIV),
  .MT_THREADS(0),
  .PIPE      (1)
) u_core (
  .clk_i (core_clk), .rst_ni (core_rstn),
  .cycle_o (cycle), .retired_o (retired),
  .mem_aresetn_o (mem_aresetn),
  .mem_axi_awvalid_o (mem_axi_awvalid), .mem_axi_awid_o (mem_axi_awid),
  .mem_axi_awaddr_o (mem_axi_awaddr), .mem_axi_awlen_o (mem_axi_awlen),
  .mem_axi_awsize_o (mem_axi_awsize), .mem_axi_awburst_o (mem_axi_awburst),
  .mem_axi_awlock_o (mem_axi_awlock), .mem_axi_awcache_o (mem_axi_awcache),
  .mem_axi_awprot_o (mem_axi_awprot), .mem_axi_awatop_o (mem_axi_awatop),
  .mem_axi_awready_i (mem_axi_awready),
  .mem_axi_wvalid_o (mem_axi_wvalid), .mem_axi_wdata_o (mem_axi_wdata),
  .mem_axi_wstrb_o (mem_axi_wstrb), .mem_axi_wlast_o (mem_axi_wlast),
  .mem_axi_wready_i (mem_axi_wready),
  .mem_axi_bvalid_i (mem_axi_bvalid), .mem_axi_bid_i (mem_axi_bid),
  .mem_axi_bresp_i (mem_axi_bresp), .mem_axi_bready_o (mem_axi_bready),
  .mem_axi_arvalid_o (mem_axi_arvalid), .mem_axi_arid_o (mem_axi_arid),
  .mem_axi_araddr_o (mem_axi_araddr), .mem_axi_arlen_o (mem_axi_arlen),
  .mem_axi_arsize_o (mem_axi_arsize), .mem_axi_arburst_o (mem_axi_arburst),
  .mem_axi_arlock_o (mem_axi_arlock), .mem_axi_arcache_o (mem_axi_arcache),
  .mem_axi_arprot_o (mem_axi_arprot), .mem_axi_arready_i (mem_axi_arready),
  .mem_axi_rvalid_i (mem_axi_rvalid), .mem_axi_rid_i (mem_axi_rid),
  .mem_axi_rdata_i (mem_axi_rdata), .mem_axi_rresp_i (mem_axi_rresp),
  .mem_axi_rlast_i (mem_axi_rlast), .mem_axi_rready_o (mem_axi_rready),
  .iommu_aclk_o (iommu_aclk), .iommu_aresetn_o (iommu_aresetn),
  .iommu_axi_awvalid_o (iommu_axi_awvalid), .iommu_axi_awid_o (iommu_axi_awid),
  .iommu_axi_awaddr_o (iommu_axi_awaddr), .iommu_axi_awlen_o (iommu_axi_awlen),
  .iommu_axi_awsize_o (iommu_axi_awsize), .iommu_axi_awburst_o (iommu_axi_awburst),
  .iommu_axi_awlock_o (iommu_axi_awlock), .iommu_axi_awcache_o (iommu_axi_awcache),
  .iommu_axi_awprot_o (iommu_axi_awprot), .iommu_axi_awatop_o (iommu_axi_awatop),
  .iommu_axi_awready_i (iommu_axi_awready),
  .iommu_axi_wvalid_o (iommu_axi_wvalid), .iommu_axi_wdata_o (iommu_axi_wdata),
  .iommu_axi_wstrb_o (iommu_axi_wstrb), .iommu_axi_wlast_o (iommu_axi_wlast),
  .iommu_axi_wready_i (iommu_axi_wready),
  .iommu_axi_bvalid_i (iommu_axi_bvalid), .iommu_axi_bid_i (iommu_axi_bid),
  .iommu_axi_bresp_i (iommu_axi_bresp), .iommu_axi_bready_o (iommu_axi_bready),
  .iommu_axi_arvalid_o (iommu_axi_arvalid), .iommu_axi_arid_o (iommu_axi_arid),
  .iommu_axi_araddr_o (iommu_axi_araddr), .iommu_axi_arlen_o (iommu_axi_arlen),
  .iommu_axi_arsize_o (iommu_axi_arsize), .iommu_axi_arburst_o (iommu_axi_arburst),
  .iommu_axi_arlock_o (iommu_axi_arlock), .iommu_axi_arcache_o (iommu_axi_arcache),
  .iommu_axi_arprot_o (iommu_axi_arprot), .iommu_axi_arready_i (iommu_axi_arready),
  .iommu_axi_rvalid_i (iommu_axi_rvalid), .iommu_axi_rid_i (iommu_axi_rid),
  .iommu_axi_rdata_i (iommu_axi_rdata), .iommu_axi_rresp_i (iommu_axi_rresp),
  .iommu_axi_rlast_i (iommu_axi_rlast), .iommu_axi_rready_o (iommu_axi_rready),
  .uart_tx_valid_o (uart_tx_valid), .uart_tx_data_o (uart_tx_data),
  .msi_o (msi),
  .rvfi_valid_o (rvfi_valid), .rvfi_pc_o (rvfi_pc), .rvfi_insn_o (rvfi_insn),
  .rvfi_rd_o (rvfi_rd), .rvfi_wdata_o (rvfi_wdata),
  .xlat_valid_o (xlat_valid), .xlat_id_o (xlat_id), .xlat_va_o (xlat_va),
  .xlat_pa_o (xlat_pa), .xlat_flags_o (xlat_flags)
);
// ===================== END OF CORE HOOKUP ==================================
