// uvs_soc: the simulation top (docs/architecture.md, "SoC boundary (AXI)"):
// the synthesizable SoC core uvs_soc_core and, around its standard
// interfaces, the simulator's models, the only place below the C++ harness
// (sim/main.cpp) where memory, console and trace DPI are called:
//   - one AXI4 slave memory model (uvs_axi_mem_model, sim/mem.c and
//     sim/memsys.c behind it) per memory master of the core: port
//     2 * hart + (0 fetch, 1 data) on clk_i, and the IOMMU's memory master
//     (memmap.def MEM_PORT_IOMMU) on the core's iommu_aclk_o;
//   - the UART's transmit byte stream to stdout (uvs_dpi_uart_tx), the MSI
//     vector output to the host link model (uvs_dpi_msi);
//   - the retire trace of the single-thread harts (uvs_retire_hook, while
//     trace_retired_i = 1) and the access trace of translated accesses
//     (uvs_dpi_xlat_access, sim/trace_rec.h).
// Ports and parameters are those the harness has always driven.
module uvs_soc #(
  parameter int NUM_HARTS = 1,   // 1 management + N compute harts, 1..32
  parameter int MTIME_DIV = 100, // clock cycles per mtime tick, >= 1
  parameter int MT_THREADS = 0,  // 0: compute harts are uvs_core; else threads per uvs_mt_core
  parameter int PIPE = 0         // core of the single-thread harts: 1 uvs_pipe_core, 0 uvs_core
) (
  input  logic        clk_i,
  input  logic        rst_ni,           // synchronous, active low
  input  logic        trace_retired_i,  // 1: call uvs_dpi_retire per retirement
  output logic [63:0] cycle_o,          // clock cycles since reset
  output logic [63:0] retired_o         // instructions retired since reset, all harts
);
  import uvs_memmap_pkg::UVS_MEM_PORT_IOMMU;

  logic                                mem_aresetn, iommu_aclk, iommu_aresetn;
  logic [2*NUM_HARTS-1:0] mem_axi_awvalid;
  logic [2*NUM_HARTS-1:0][uvs_axi_pkg::IDW-1:0] mem_axi_awid;
  logic [2*NUM_HARTS-1:0][63:0] mem_axi_awaddr;
  logic [2*NUM_HARTS-1:0][7:0] mem_axi_awlen;
  logic [2*NUM_HARTS-1:0][2:0] mem_axi_awsize;
  logic [2*NUM_HARTS-1:0][1:0] mem_axi_awburst;
  logic [2*NUM_HARTS-1:0] mem_axi_awlock;
  logic [2*NUM_HARTS-1:0][3:0] mem_axi_awcache;
  logic [2*NUM_HARTS-1:0][2:0] mem_axi_awprot;
  logic [2*NUM_HARTS-1:0][5:0] mem_axi_awatop;
  logic [2*NUM_HARTS-1:0] mem_axi_awready;
  logic [2*NUM_HARTS-1:0] mem_axi_wvalid;
  logic [2*NUM_HARTS-1:0][63:0] mem_axi_wdata;
  logic [2*NUM_HARTS-1:0][7:0] mem_axi_wstrb;
  logic [2*NUM_HARTS-1:0] mem_axi_wlast;
  logic [2*NUM_HARTS-1:0] mem_axi_wready;
  logic [2*NUM_HARTS-1:0] mem_axi_bvalid;
  logic [2*NUM_HARTS-1:0][uvs_axi_pkg::IDW-1:0] mem_axi_bid;
  logic [2*NUM_HARTS-1:0][1:0] mem_axi_bresp;
  logic [2*NUM_HARTS-1:0] mem_axi_bready;
  logic [2*NUM_HARTS-1:0] mem_axi_arvalid;
  logic [2*NUM_HARTS-1:0][uvs_axi_pkg::IDW-1:0] mem_axi_arid;
  logic [2*NUM_HARTS-1:0][63:0] mem_axi_araddr;
  logic [2*NUM_HARTS-1:0][7:0] mem_axi_arlen;
  logic [2*NUM_HARTS-1:0][2:0] mem_axi_arsize;
  logic [2*NUM_HARTS-1:0][1:0] mem_axi_arburst;
  logic [2*NUM_HARTS-1:0] mem_axi_arlock;
  logic [2*NUM_HARTS-1:0][3:0] mem_axi_arcache;
  logic [2*NUM_HARTS-1:0][2:0] mem_axi_arprot;
  logic [2*NUM_HARTS-1:0] mem_axi_arready;
  logic [2*NUM_HARTS-1:0] mem_axi_rvalid;
  logic [2*NUM_HARTS-1:0][uvs_axi_pkg::IDW-1:0] mem_axi_rid;
  logic [2*NUM_HARTS-1:0][63:0] mem_axi_rdata;
  logic [2*NUM_HARTS-1:0][1:0] mem_axi_rresp;
  logic [2*NUM_HARTS-1:0] mem_axi_rlast;
  logic [2*NUM_HARTS-1:0] mem_axi_rready;
  logic iommu_axi_awvalid;
  logic [uvs_axi_pkg::IDW-1:0] iommu_axi_awid;
  logic [63:0] iommu_axi_awaddr;
  logic [7:0] iommu_axi_awlen;
  logic [2:0] iommu_axi_awsize;
  logic [1:0] iommu_axi_awburst;
  logic iommu_axi_awlock;
  logic [3:0] iommu_axi_awcache;
  logic [2:0] iommu_axi_awprot;
  logic [5:0] iommu_axi_awatop;
  logic iommu_axi_awready;
  logic iommu_axi_wvalid;
  logic [63:0] iommu_axi_wdata;
  logic [7:0] iommu_axi_wstrb;
  logic iommu_axi_wlast;
  logic iommu_axi_wready;
  logic iommu_axi_bvalid;
  logic [uvs_axi_pkg::IDW-1:0] iommu_axi_bid;
  logic [1:0] iommu_axi_bresp;
  logic iommu_axi_bready;
  logic iommu_axi_arvalid;
  logic [uvs_axi_pkg::IDW-1:0] iommu_axi_arid;
  logic [63:0] iommu_axi_araddr;
  logic [7:0] iommu_axi_arlen;
  logic [2:0] iommu_axi_arsize;
  logic [1:0] iommu_axi_arburst;
  logic iommu_axi_arlock;
  logic [3:0] iommu_axi_arcache;
  logic [2:0] iommu_axi_arprot;
  logic iommu_axi_arready;
  logic iommu_axi_rvalid;
  logic [uvs_axi_pkg::IDW-1:0] iommu_axi_rid;
  logic [63:0] iommu_axi_rdata;
  logic [1:0] iommu_axi_rresp;
  logic iommu_axi_rlast;
  logic iommu_axi_rready;
  logic                                uart_tx_valid;
  logic [7:0]                          uart_tx_data;
  logic [31:0]                         msi;
  logic [NUM_HARTS-1:0]                rv_valid, x_valid;
  logic [NUM_HARTS-1:0][63:0]          rv_pc, rv_wdata, x_va, x_pa;
  logic [NUM_HARTS-1:0][31:0]          rv_insn;
  logic [NUM_HARTS-1:0][4:0]           rv_rd;
  logic [NUM_HARTS-1:0][7:0]           x_id;
  logic [NUM_HARTS-1:0][1:0]           x_flags;

  uvs_soc_core #(
    .NUM_HARTS (NUM_HARTS),
    .MTIME_DIV (MTIME_DIV),
    .MT_THREADS(MT_THREADS),
    .PIPE      (PIPE)
  ) u_core (
    .clk_i,
    .rst_ni,
    .cycle_o,
    .retired_o,
    .mem_aresetn_o   (mem_aresetn),
    .mem_axi_awvalid_o (mem_axi_awvalid),
    .mem_axi_awid_o (mem_axi_awid),
    .mem_axi_awaddr_o (mem_axi_awaddr),
    .mem_axi_awlen_o (mem_axi_awlen),
    .mem_axi_awsize_o (mem_axi_awsize),
    .mem_axi_awburst_o (mem_axi_awburst),
    .mem_axi_awlock_o (mem_axi_awlock),
    .mem_axi_awcache_o (mem_axi_awcache),
    .mem_axi_awprot_o (mem_axi_awprot),
    .mem_axi_awatop_o (mem_axi_awatop),
    .mem_axi_awready_i (mem_axi_awready),
    .mem_axi_wvalid_o (mem_axi_wvalid),
    .mem_axi_wdata_o (mem_axi_wdata),
    .mem_axi_wstrb_o (mem_axi_wstrb),
    .mem_axi_wlast_o (mem_axi_wlast),
    .mem_axi_wready_i (mem_axi_wready),
    .mem_axi_bvalid_i (mem_axi_bvalid),
    .mem_axi_bid_i (mem_axi_bid),
    .mem_axi_bresp_i (mem_axi_bresp),
    .mem_axi_bready_o (mem_axi_bready),
    .mem_axi_arvalid_o (mem_axi_arvalid),
    .mem_axi_arid_o (mem_axi_arid),
    .mem_axi_araddr_o (mem_axi_araddr),
    .mem_axi_arlen_o (mem_axi_arlen),
    .mem_axi_arsize_o (mem_axi_arsize),
    .mem_axi_arburst_o (mem_axi_arburst),
    .mem_axi_arlock_o (mem_axi_arlock),
    .mem_axi_arcache_o (mem_axi_arcache),
    .mem_axi_arprot_o (mem_axi_arprot),
    .mem_axi_arready_i (mem_axi_arready),
    .mem_axi_rvalid_i (mem_axi_rvalid),
    .mem_axi_rid_i (mem_axi_rid),
    .mem_axi_rdata_i (mem_axi_rdata),
    .mem_axi_rresp_i (mem_axi_rresp),
    .mem_axi_rlast_i (mem_axi_rlast),
    .mem_axi_rready_o (mem_axi_rready),
    .iommu_aclk_o    (iommu_aclk),
    .iommu_aresetn_o (iommu_aresetn),
    .iommu_axi_awvalid_o (iommu_axi_awvalid),
    .iommu_axi_awid_o (iommu_axi_awid),
    .iommu_axi_awaddr_o (iommu_axi_awaddr),
    .iommu_axi_awlen_o (iommu_axi_awlen),
    .iommu_axi_awsize_o (iommu_axi_awsize),
    .iommu_axi_awburst_o (iommu_axi_awburst),
    .iommu_axi_awlock_o (iommu_axi_awlock),
    .iommu_axi_awcache_o (iommu_axi_awcache),
    .iommu_axi_awprot_o (iommu_axi_awprot),
    .iommu_axi_awatop_o (iommu_axi_awatop),
    .iommu_axi_awready_i (iommu_axi_awready),
    .iommu_axi_wvalid_o (iommu_axi_wvalid),
    .iommu_axi_wdata_o (iommu_axi_wdata),
    .iommu_axi_wstrb_o (iommu_axi_wstrb),
    .iommu_axi_wlast_o (iommu_axi_wlast),
    .iommu_axi_wready_i (iommu_axi_wready),
    .iommu_axi_bvalid_i (iommu_axi_bvalid),
    .iommu_axi_bid_i (iommu_axi_bid),
    .iommu_axi_bresp_i (iommu_axi_bresp),
    .iommu_axi_bready_o (iommu_axi_bready),
    .iommu_axi_arvalid_o (iommu_axi_arvalid),
    .iommu_axi_arid_o (iommu_axi_arid),
    .iommu_axi_araddr_o (iommu_axi_araddr),
    .iommu_axi_arlen_o (iommu_axi_arlen),
    .iommu_axi_arsize_o (iommu_axi_arsize),
    .iommu_axi_arburst_o (iommu_axi_arburst),
    .iommu_axi_arlock_o (iommu_axi_arlock),
    .iommu_axi_arcache_o (iommu_axi_arcache),
    .iommu_axi_arprot_o (iommu_axi_arprot),
    .iommu_axi_arready_i (iommu_axi_arready),
    .iommu_axi_rvalid_i (iommu_axi_rvalid),
    .iommu_axi_rid_i (iommu_axi_rid),
    .iommu_axi_rdata_i (iommu_axi_rdata),
    .iommu_axi_rresp_i (iommu_axi_rresp),
    .iommu_axi_rlast_i (iommu_axi_rlast),
    .iommu_axi_rready_o (iommu_axi_rready),
    .uart_tx_valid_o (uart_tx_valid),
    .uart_tx_data_o  (uart_tx_data),
    .msi_o           (msi),
    .rvfi_valid_o    (rv_valid),
    .rvfi_pc_o       (rv_pc),
    .rvfi_insn_o     (rv_insn),
    .rvfi_rd_o       (rv_rd),
    .rvfi_wdata_o    (rv_wdata),
    .xlat_valid_o    (x_valid),
    .xlat_id_o       (x_id),
    .xlat_va_o       (x_va),
    .xlat_pa_o       (x_pa),
    .xlat_flags_o    (x_flags)
  );

  for (genvar p = 0; p < 2 * NUM_HARTS; p++) begin : g_mem
    uvs_axi_mem_model #(.PORT(p)) u_mem (
      .clk_i,
      .rst_ni (mem_aresetn),
      .s_axi_awvalid_i (mem_axi_awvalid[p]),
      .s_axi_awid_i (mem_axi_awid[p]),
      .s_axi_awaddr_i (mem_axi_awaddr[p]),
      .s_axi_awlen_i (mem_axi_awlen[p]),
      .s_axi_awsize_i (mem_axi_awsize[p]),
      .s_axi_awburst_i (mem_axi_awburst[p]),
      .s_axi_awlock_i (mem_axi_awlock[p]),
      .s_axi_awcache_i (mem_axi_awcache[p]),
      .s_axi_awprot_i (mem_axi_awprot[p]),
      .s_axi_awatop_i (mem_axi_awatop[p]),
      .s_axi_awready_o (mem_axi_awready[p]),
      .s_axi_wvalid_i (mem_axi_wvalid[p]),
      .s_axi_wdata_i (mem_axi_wdata[p]),
      .s_axi_wstrb_i (mem_axi_wstrb[p]),
      .s_axi_wlast_i (mem_axi_wlast[p]),
      .s_axi_wready_o (mem_axi_wready[p]),
      .s_axi_bvalid_o (mem_axi_bvalid[p]),
      .s_axi_bid_o (mem_axi_bid[p]),
      .s_axi_bresp_o (mem_axi_bresp[p]),
      .s_axi_bready_i (mem_axi_bready[p]),
      .s_axi_arvalid_i (mem_axi_arvalid[p]),
      .s_axi_arid_i (mem_axi_arid[p]),
      .s_axi_araddr_i (mem_axi_araddr[p]),
      .s_axi_arlen_i (mem_axi_arlen[p]),
      .s_axi_arsize_i (mem_axi_arsize[p]),
      .s_axi_arburst_i (mem_axi_arburst[p]),
      .s_axi_arlock_i (mem_axi_arlock[p]),
      .s_axi_arcache_i (mem_axi_arcache[p]),
      .s_axi_arprot_i (mem_axi_arprot[p]),
      .s_axi_arready_o (mem_axi_arready[p]),
      .s_axi_rvalid_o (mem_axi_rvalid[p]),
      .s_axi_rid_o (mem_axi_rid[p]),
      .s_axi_rdata_o (mem_axi_rdata[p]),
      .s_axi_rresp_o (mem_axi_rresp[p]),
      .s_axi_rlast_o (mem_axi_rlast[p]),
      .s_axi_rready_i (mem_axi_rready[p])
    );
  end

  uvs_axi_mem_model #(.PORT(int'(UVS_MEM_PORT_IOMMU))) u_iommu_mem (
    .clk_i  (iommu_aclk),
    .rst_ni (iommu_aresetn),
    .s_axi_awvalid_i (iommu_axi_awvalid),
    .s_axi_awid_i (iommu_axi_awid),
    .s_axi_awaddr_i (iommu_axi_awaddr),
    .s_axi_awlen_i (iommu_axi_awlen),
    .s_axi_awsize_i (iommu_axi_awsize),
    .s_axi_awburst_i (iommu_axi_awburst),
    .s_axi_awlock_i (iommu_axi_awlock),
    .s_axi_awcache_i (iommu_axi_awcache),
    .s_axi_awprot_i (iommu_axi_awprot),
    .s_axi_awatop_i (iommu_axi_awatop),
    .s_axi_awready_o (iommu_axi_awready),
    .s_axi_wvalid_i (iommu_axi_wvalid),
    .s_axi_wdata_i (iommu_axi_wdata),
    .s_axi_wstrb_i (iommu_axi_wstrb),
    .s_axi_wlast_i (iommu_axi_wlast),
    .s_axi_wready_o (iommu_axi_wready),
    .s_axi_bvalid_o (iommu_axi_bvalid),
    .s_axi_bid_o (iommu_axi_bid),
    .s_axi_bresp_o (iommu_axi_bresp),
    .s_axi_bready_i (iommu_axi_bready),
    .s_axi_arvalid_i (iommu_axi_arvalid),
    .s_axi_arid_i (iommu_axi_arid),
    .s_axi_araddr_i (iommu_axi_araddr),
    .s_axi_arlen_i (iommu_axi_arlen),
    .s_axi_arsize_i (iommu_axi_arsize),
    .s_axi_arburst_i (iommu_axi_arburst),
    .s_axi_arlock_i (iommu_axi_arlock),
    .s_axi_arcache_i (iommu_axi_arcache),
    .s_axi_arprot_i (iommu_axi_arprot),
    .s_axi_arready_o (iommu_axi_arready),
    .s_axi_rvalid_o (iommu_axi_rvalid),
    .s_axi_rid_o (iommu_axi_rid),
    .s_axi_rdata_o (iommu_axi_rdata),
    .s_axi_rresp_o (iommu_axi_rresp),
    .s_axi_rlast_o (iommu_axi_rlast),
    .s_axi_rready_i (iommu_axi_rready)
  );

  // Hands one transmitted byte to the harness (stdout).
  import "DPI-C" function void uvs_dpi_uart_tx(input byte c);
  always_ff @(posedge clk_i) begin
    if (uart_tx_valid) uvs_dpi_uart_tx(uart_tx_data);
  end

  // MSI vectors raised this cycle: to the host link model.
  import "DPI-C" function void uvs_dpi_msi(input int vectors);
  always_ff @(posedge clk_i) begin
    if (msi != 32'd0) uvs_dpi_msi(msi);
  end

  // One translated access of a compute hart (sim/trace_rec.h).
  import "DPI-C" function void uvs_dpi_xlat_access(input int hart, input int id, input longint va,
                                                   input longint pa, input byte flags);
  for (genvar h = 1; h < NUM_HARTS; h++) begin : g_acc_trace
    always_ff @(posedge clk_i) begin
      if (x_valid[h])
        uvs_dpi_xlat_access(h, int'(x_id[h]), x_va[h], x_pa[h], {6'd0, x_flags[h]});
    end
  end

  // Retire trace of the single-thread harts (multithreaded ones count only).
  for (genvar h = 0; h < NUM_HARTS; h++) begin : g_retire
    if (MT_THREADS == 0 || h == 0) begin : g_st
      uvs_retire_hook #(.HART(h)) u_retire (
        .clk_i,
        .enable_i   (trace_retired_i),
        .cycle_i    (cycle_o),
        .valid_i    (rv_valid[h]),
        .trap_i     (1'b0),  // rvfi_valid_o counts retirements only
        .pc_i       (rv_pc[h]),
        .insn_i     (rv_insn[h]),
        .rd_i       (rv_rd[h]),
        .rd_wdata_i (rv_wdata[h])
      );
    end else begin : g_mt
      /* verilator lint_off UNUSEDSIGNAL */
      logic unused;
      assign unused = rv_valid[h] | (|rv_pc[h]) | (|rv_insn[h]) | (|rv_rd[h]) | (|rv_wdata[h]);
      /* verilator lint_on UNUSEDSIGNAL */
    end
  end
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_x;
  assign unused_x = x_valid[0] | (|x_id[0]) | (|x_va[0]) | (|x_pa[0]) | (|x_flags[0]);
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
