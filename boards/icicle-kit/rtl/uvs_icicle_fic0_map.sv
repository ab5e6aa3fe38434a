// uvs_icicle_fic0_map: the device's memory windows placed in the Icicle
// Kit's DDR (docs/boards.md, "Icicle memory placement"). Inside the fabric
// shell (libero/shell_sd.tcl) between the CoreAXI4Interconnect that merges
// the core's memory masters and the MSS's FIC0 target, whose addresses are
// the MSS memory map: there the device's own addresses (memmap.def) would
// land on the DDR that Linux uses (low DDR at 0x8000_0000) or on MSS
// peripherals (0x2000_0000). AR and AW addresses are rewritten:
//   device SRAM [SRAM_BASE, + SRAM_BYTES)   -> SRAM_DDR + offset
//   scratchpads [SPAD_BASE, + SPAD_SIZE)     -> SPAD_DDR + offset
//   host window [HOSTWIN_BASE, + its size)   -> offset (the host's physical
//                                               address: memmap.def HOSTWIN)
// SRAM_DDR .. and SPAD_DDR .. are reserved-memory (no-map) in
// ../uvmsoc-overlay.dtso, so Linux leaves them alone. Any other address (the
// SRAM window past its populated size, the HBM window: the kit has none) is
// answered here with DECERR (ARM IHI 0022, A3.4.4), after every transaction
// passed on before it was answered (AXI same-ID order), one beat per
// ARLEN + 1 for a read, after its W beats (to WLAST) for a write (W beats
// are assumed not to come before their AW, as the interconnect sends them;
// while a write to no window waits to be taken, no W goes down). All other
// signals pass through unchanged; readies and answers of passed-on
// transactions are the FIC0 target's.
// IDs: the interconnect in front delivers IDW-bit IDs (its masters' IDs and
// its routing bits); FIC0's target takes MIDW. Every transaction goes down
// with ID 0, so the target answers reads and writes each in the order they
// were passed on (same-ID ordering, ARM IHI 0022 A6.2), and the map gives
// each answer the ID of its transaction from a queue per direction (at most
// OUT reads and OUT writes passed on and unanswered: AR or AW waits while
// its queue is full). The answers the interconnect gets keep the order AXI
// requires per ID (every ID's in order); only answers of different IDs lose
// the freedom to overtake each other.
// Not co-simulated (the shell is a behavioral model there): checked by its
// own testbench, tests/boards/uvs_icicle_fic0_map_tb.sv.
module uvs_icicle_fic0_map #(
  parameter int          IDW        = 11,  // AXI ID bits of the slave side (uvs_mem_xbar's: 8 + 3 routing)
  parameter int          MIDW       = 6,   // AXI ID bits of the master side, as the shell's fic0_tgt_axi
  parameter int          OUT        = 16,  // reads, and writes, passed on and unanswered at most (a power of two)
  parameter int          UW         = 6,   // AxUSER bits (AWATOP, docs/boards.md)
  parameter logic [63:0] SRAM_BYTES = 64'h400_0000,        // populated SRAM (c4: 64 MiB)
  parameter logic [63:0] SRAM_DDR   = 64'h0000_0000_b000_0000,
  parameter logic [63:0] SPAD_DDR   = 64'h0000_0000_b400_0000
) (
  input  logic           clk_i,
  input  logic           rst_ni,      // synchronous, active low
  // AXI4 slave (from the interconnect)
  input  logic           s_awvalid_i,
  input  logic [IDW-1:0] s_awid_i,
  input  logic [63:0]    s_awaddr_i,
  input  logic [7:0]     s_awlen_i,
  input  logic [2:0]     s_awsize_i,
  input  logic [1:0]     s_awburst_i,
  input  logic           s_awlock_i,
  input  logic [3:0]     s_awcache_i,
  input  logic [2:0]     s_awprot_i,
  input  logic [UW-1:0]  s_awuser_i,
  output logic           s_awready_o,
  input  logic           s_wvalid_i,
  input  logic [63:0]    s_wdata_i,
  input  logic [7:0]     s_wstrb_i,
  input  logic           s_wlast_i,
  output logic           s_wready_o,
  output logic           s_bvalid_o,
  output logic [IDW-1:0] s_bid_o,
  output logic [1:0]     s_bresp_o,
  input  logic           s_bready_i,
  input  logic           s_arvalid_i,
  input  logic [IDW-1:0] s_arid_i,
  input  logic [63:0]    s_araddr_i,
  input  logic [7:0]     s_arlen_i,
  input  logic [2:0]     s_arsize_i,
  input  logic [1:0]     s_arburst_i,
  input  logic           s_arlock_i,
  input  logic [3:0]     s_arcache_i,
  input  logic [2:0]     s_arprot_i,
  output logic           s_arready_o,
  output logic           s_rvalid_o,
  output logic [IDW-1:0] s_rid_o,
  output logic [63:0]    s_rdata_o,
  output logic [1:0]     s_rresp_o,
  output logic           s_rlast_o,
  input  logic           s_rready_i,
  // AXI4 master (to the MSS FIC0 target)
  output logic           m_awvalid_o,
  output logic [MIDW-1:0] m_awid_o,
  output logic [63:0]    m_awaddr_o,
  output logic [7:0]     m_awlen_o,
  output logic [2:0]     m_awsize_o,
  output logic [1:0]     m_awburst_o,
  output logic           m_awlock_o,
  output logic [3:0]     m_awcache_o,
  output logic [2:0]     m_awprot_o,
  output logic [UW-1:0]  m_awuser_o,
  input  logic           m_awready_i,
  output logic           m_wvalid_o,
  output logic [63:0]    m_wdata_o,
  output logic [7:0]     m_wstrb_o,
  output logic           m_wlast_o,
  input  logic           m_wready_i,
  input  logic           m_bvalid_i,
  input  logic [MIDW-1:0] m_bid_i,
  input  logic [1:0]     m_bresp_i,
  output logic           m_bready_o,
  output logic           m_arvalid_o,
  output logic [MIDW-1:0] m_arid_o,
  output logic [63:0]    m_araddr_o,
  output logic [7:0]     m_arlen_o,
  output logic [2:0]     m_arsize_o,
  output logic [1:0]     m_arburst_o,
  output logic           m_arlock_o,
  output logic [3:0]     m_arcache_o,
  output logic [2:0]     m_arprot_o,
  input  logic           m_arready_i,
  input  logic           m_rvalid_i,
  input  logic [MIDW-1:0] m_rid_i,
  input  logic [63:0]    m_rdata_i,
  input  logic [1:0]     m_rresp_i,
  input  logic           m_rlast_i,
  output logic           m_rready_o
);
  localparam logic [1:0] DECERR = 2'b11;

  // The MSS address of a device address; ok = 0: in no window.
  function automatic logic [64:0] map(input logic [63:0] a);
    if (a - uvs_memmap_pkg::UVS_SRAM_BASE < SRAM_BYTES)
      map = {1'b1, SRAM_DDR + (a - uvs_memmap_pkg::UVS_SRAM_BASE)};
    else if (a - uvs_memmap_pkg::UVS_SPAD_BASE < uvs_memmap_pkg::UVS_SPAD_SIZE)
      map = {1'b1, SPAD_DDR + (a - uvs_memmap_pkg::UVS_SPAD_BASE)};
    else if (a - uvs_memmap_pkg::UVS_HOSTWIN_BASE < uvs_memmap_pkg::UVS_HOSTWIN_SIZE)
      map = {1'b1, a - uvs_memmap_pkg::UVS_HOSTWIN_BASE};
    else
      map = {1'b0, 64'd0};
  endfunction

  logic [64:0] ar_map, aw_map;
  logic        ar_bad, aw_bad, take_ar, take_aw;
  logic [15:0] out_q;                  // passed on, not yet answered (reads + writes)
  logic        lr_q, lb_q, lw_q;       // local R beats / B / W beats to consume
  logic [7:0]  lr_left_q;              // local R beats after the current one
  logic [IDW-1:0] lr_id_q, lb_id_q;

  // The IDs of the reads / writes passed on, in order (answered in order).
  localparam int OW = $clog2(OUT);
  logic [IDW-1:0] rq_ram [OUT];
  logic [IDW-1:0] bq_ram [OUT];
  logic [OW:0]    rq_w, rq_r, bq_w, bq_r;
  logic           rq_full, bq_full, ar_down, aw_down, r_done, b_done;
  assign rq_full = rq_w - rq_r == (OW + 1)'(OUT);
  assign bq_full = bq_w - bq_r == (OW + 1)'(OUT);
  assign ar_down = m_arvalid_o && m_arready_i;
  assign aw_down = m_awvalid_o && m_awready_i;
  assign r_done  = m_rvalid_i && m_rready_o && m_rlast_i;
  assign b_done  = m_bvalid_i && m_bready_o;

  assign ar_map  = map(s_araddr_i);
  assign aw_map  = map(s_awaddr_i);
  assign ar_bad  = s_arvalid_i && !ar_map[64];
  assign aw_bad  = s_awvalid_i && !aw_map[64];
  assign take_ar = ar_bad && out_q == '0 && !lr_q;
  assign take_aw = aw_bad && out_q == '0 && !lw_q && !lb_q;

  assign m_awvalid_o = s_awvalid_i && !aw_bad && !bq_full;
  assign m_awid_o    = '0;
  assign m_awaddr_o  = aw_map[63:0];
  assign m_awlen_o   = s_awlen_i;
  assign m_awsize_o  = s_awsize_i;
  assign m_awburst_o = s_awburst_i;
  assign m_awlock_o  = s_awlock_i;
  assign m_awcache_o = s_awcache_i;
  assign m_awprot_o  = s_awprot_i;
  assign m_awuser_o  = s_awuser_i;
  assign s_awready_o = aw_bad ? take_aw : (m_awready_i && !bq_full);
  // W beats follow their AW in order (AXI4 has no write interleaving): those
  // of a local write are taken here, the others go down.
  assign m_wvalid_o  = s_wvalid_i && !lw_q && !aw_bad;
  assign m_wdata_o   = s_wdata_i;
  assign m_wstrb_o   = s_wstrb_i;
  assign m_wlast_o   = s_wlast_i;
  assign s_wready_o  = lw_q ? 1'b1 : (m_wready_i && !aw_bad);
  assign m_arvalid_o = s_arvalid_i && !ar_bad && !rq_full;
  assign m_arid_o    = '0;
  assign m_araddr_o  = ar_map[63:0];
  assign m_arlen_o   = s_arlen_i;
  assign m_arsize_o  = s_arsize_i;
  assign m_arburst_o = s_arburst_i;
  assign m_arlock_o  = s_arlock_i;
  assign m_arcache_o = s_arcache_i;
  assign m_arprot_o  = s_arprot_i;
  assign s_arready_o = ar_bad ? take_ar : (m_arready_i && !rq_full);

  // Answers: a local one belongs to a transaction taken while nothing passed
  // on was unanswered, so it goes first; answers from below wait behind it.
  assign s_rvalid_o = lr_q || m_rvalid_i;
  assign s_rid_o    = lr_q ? lr_id_q : rq_ram[rq_r[OW-1:0]];
  assign s_rdata_o  = lr_q ? 64'd0 : m_rdata_i;
  assign s_rresp_o  = lr_q ? DECERR : m_rresp_i;
  assign s_rlast_o  = lr_q ? lr_left_q == 8'd0 : m_rlast_i;
  assign m_rready_o = s_rready_i && !lr_q;
  assign s_bvalid_o = lb_q || m_bvalid_i;
  assign s_bid_o    = lb_q ? lb_id_q : bq_ram[bq_r[OW-1:0]];
  assign s_bresp_o  = lb_q ? DECERR : m_bresp_i;
  assign m_bready_o = s_bready_i && !lb_q;

  always_ff @(posedge clk_i) begin
    if (ar_down) rq_ram[rq_w[OW-1:0]] <= s_arid_i;
    if (aw_down) bq_ram[bq_w[OW-1:0]] <= s_awid_i;
    if (!rst_ni) begin
      rq_w <= '0; rq_r <= '0; bq_w <= '0; bq_r <= '0;
    end else begin
      rq_w <= rq_w + (OW + 1)'(ar_down);
      rq_r <= rq_r + (OW + 1)'(r_done);
      bq_w <= bq_w + (OW + 1)'(aw_down);
      bq_r <= bq_r + (OW + 1)'(b_done);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      out_q <= '0;
      lr_q  <= 1'b0;
      lb_q  <= 1'b0;
      lw_q  <= 1'b0;
    end else begin
      out_q <= out_q + 16'(ar_down) + 16'(aw_down) - 16'(r_done) - 16'(b_done);
      if (take_ar) begin
        lr_q      <= 1'b1;
        lr_id_q   <= s_arid_i;
        lr_left_q <= s_arlen_i;
      end else if (lr_q && s_rready_i) begin
        if (lr_left_q == 8'd0) lr_q <= 1'b0;
        else                   lr_left_q <= lr_left_q - 8'd1;
      end
      if (take_aw) begin
        lw_q    <= 1'b1;
        lb_id_q <= s_awid_i;
      end else if (lw_q && s_wvalid_i && s_wlast_i) begin
        lw_q <= 1'b0;
        lb_q <= 1'b1;
      end else if (lb_q && s_bready_i) begin
        lb_q <= 1'b0;
      end
    end
  end
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_mid;  // the target's answer IDs: all 0 (every transaction went down with ID 0)
  assign unused_mid = ^{m_rid_i, m_bid_i};
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
