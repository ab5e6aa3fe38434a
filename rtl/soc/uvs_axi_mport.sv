// uvs_axi_mport: a hart's (or the IOMMU's) request/grant memory port as an
// AXI4 master (docs/architecture.md, "SoC boundary (AXI)"; the mapping of
// loads, stores, LR/SC and AMOs to AR/AW/W transactions is uvs_axi_pkg's).
// Every access is one single-beat transaction (the ports move one word per
// access; bursts would not shorten anything here). The request is
// presented on AR, or on AW and W together, while req_i = 1, and granted
// (gnt_o) in the cycle the slave has taken it: AR's handshake, or both AW's
// and W's (one of them taken earlier is remembered and not presented
// again). Requests are tagged with id_i (AxID); R and B are always
// accepted (RREADY = BREADY = 1). Answers: an R (load, LR, AMO: rdata = RDATA),
// or a B alone (store, SC: rdata 0 for EXOKAY, else 1, which is the SC's
// result: 0 stored, 1 failed; a store ignores it), one a cycle, with the id of the request (rid_o);
// SLVERR/DECERR is err_o. The slave must answer in the order it accepted
// (the SoC's simulation model does; a reordering slave needs a reorder
// stage in front of this port) and give an atomic's R and B in the same
// cycle. idle_o: nothing accepted is unanswered except an answer arriving
// now (the next grant's answer cannot overtake one).
module uvs_axi_mport #(
  parameter int IW = 1  // id bits used (<= uvs_axi_pkg::IDW)
) (
  input  logic               clk_i,
  input  logic               rst_ni,   // synchronous, active low
  input  logic               req_i,
  output logic               gnt_o,
  input  logic [63:0]         addr_i,   // byte address
  input  logic [IW-1:0]       id_i,     // requester (thread) of the request
  input  logic               we_i,
  input  logic [7:0]          be_i,     // byte enables in the aligned 8-byte word (0: fetch)
  input  logic [63:0]         wdata_i,
  input  logic [3:0]          amo_i,    // UVS_AMO_* (uvs_bus_pkg)
  output logic               idle_o,
  output logic               rvalid_o,
  output logic [IW-1:0]       rid_o,
  output logic [63:0]         rdata_o,  // aligned word; fetch: instruction in [31:0]
  output logic               err_o,    // bus error (access fault)
  // AXI4 master (uvs_axi_pkg); AxLEN = 0, AxBURST = INCR, RREADY = BREADY = 1
  output logic m_axi_awvalid_o,
  output logic [uvs_axi_pkg::IDW-1:0] m_axi_awid_o,
  output logic [63:0] m_axi_awaddr_o,
  output logic [7:0] m_axi_awlen_o,
  output logic [2:0] m_axi_awsize_o,
  output logic [1:0] m_axi_awburst_o,
  output logic m_axi_awlock_o,
  output logic [3:0] m_axi_awcache_o,
  output logic [2:0] m_axi_awprot_o,
  output logic [5:0] m_axi_awatop_o,
  input  logic m_axi_awready_i,
  output logic m_axi_wvalid_o,
  output logic [63:0] m_axi_wdata_o,
  output logic [7:0] m_axi_wstrb_o,
  output logic m_axi_wlast_o,
  input  logic m_axi_wready_i,
  input  logic m_axi_bvalid_i,
  input  logic [uvs_axi_pkg::IDW-1:0] m_axi_bid_i,
  input  logic [1:0] m_axi_bresp_i,
  output logic m_axi_bready_o,
  output logic m_axi_arvalid_o,
  output logic [uvs_axi_pkg::IDW-1:0] m_axi_arid_o,
  output logic [63:0] m_axi_araddr_o,
  output logic [7:0] m_axi_arlen_o,
  output logic [2:0] m_axi_arsize_o,
  output logic [1:0] m_axi_arburst_o,
  output logic m_axi_arlock_o,
  output logic [3:0] m_axi_arcache_o,
  output logic [2:0] m_axi_arprot_o,
  input  logic m_axi_arready_i,
  input  logic m_axi_rvalid_i,
  input  logic [uvs_axi_pkg::IDW-1:0] m_axi_rid_i,
  input  logic [63:0] m_axi_rdata_i,
  input  logic [1:0] m_axi_rresp_i,
  input  logic m_axi_rlast_i,
  output logic m_axi_rready_o
);
  // Package members by their full names (Yosys 0.23 reads no import).
  localparam int         IDW       = uvs_axi_pkg::IDW;
  localparam logic [3:0] AMO_NONE  = 4'(uvs_bus_pkg::UVS_AMO_NONE);
  localparam logic [3:0] AMO_LR    = 4'(uvs_bus_pkg::UVS_AMO_LR);
  localparam logic [3:0] AMO_SC    = 4'(uvs_bus_pkg::UVS_AMO_SC);
  localparam logic [3:0] AMO_AND   = 4'(uvs_bus_pkg::UVS_AMO_AND);

  logic      wr, aw_done_q, w_done_q, aw_ok, w_ok, answer;
  logic [3:0] out_q;  // accepted and not yet answered (at most 2 in flight here)

  // SC and the AMOs other than LR are writes; LR is a read.
  assign wr = (amo_i == AMO_NONE) ? we_i : (amo_i != AMO_LR);

  assign m_axi_awvalid_o = req_i && wr && !aw_done_q;
  assign m_axi_awid_o    = IDW'(id_i);
  assign m_axi_awaddr_o  = addr_i;
  assign m_axi_awlen_o   = 8'd0;
  assign m_axi_awsize_o  = uvs_axi_pkg::size_of(be_i);
  assign m_axi_awburst_o = uvs_axi_pkg::BURST_INCR;
  assign m_axi_awlock_o  = (amo_i == AMO_SC);
  assign m_axi_awcache_o = 4'b0011;  // normal, bufferable, non-cacheable (A4.4)
  assign m_axi_awprot_o  = 3'b000;
  assign m_axi_awatop_o  = uvs_axi_pkg::atop_of(amo_i);
  assign m_axi_wvalid_o  = req_i && wr && !w_done_q;
  assign m_axi_wdata_o   = (amo_i == AMO_AND) ? ~wdata_i : wdata_i;
  assign m_axi_wstrb_o   = be_i;
  assign m_axi_wlast_o   = 1'b1;
  assign m_axi_bready_o  = 1'b1;
  assign m_axi_arvalid_o = req_i && !wr;
  assign m_axi_arid_o    = IDW'(id_i);
  assign m_axi_araddr_o  = addr_i;
  assign m_axi_arlen_o   = 8'd0;
  assign m_axi_arsize_o  = uvs_axi_pkg::size_of(be_i);
  assign m_axi_arburst_o = uvs_axi_pkg::BURST_INCR;
  assign m_axi_arlock_o  = (amo_i == AMO_LR);
  assign m_axi_arcache_o = 4'b0011;
  assign m_axi_arprot_o  = 3'b000;
  assign m_axi_rready_o  = 1'b1;

  assign aw_ok = aw_done_q || m_axi_awready_i;
  assign w_ok  = w_done_q || m_axi_wready_i;
  assign gnt_o = req_i && (wr ? (aw_ok && w_ok) : m_axi_arready_i);

  assign answer   = m_axi_rvalid_i || m_axi_bvalid_i;
  assign rvalid_o = answer;
  assign rid_o    = IW'(m_axi_rvalid_i ? m_axi_rid_i : m_axi_bid_i);
  assign rdata_o  = m_axi_rvalid_i ? m_axi_rdata_i : 64'(m_axi_bresp_i != uvs_axi_pkg::RESP_EXOKAY);
  assign err_o    = (m_axi_rvalid_i && m_axi_rresp_i[1]) || (m_axi_bvalid_i && m_axi_bresp_i[1]);
  assign idle_o   = out_q == 4'd0 || (out_q == 4'd1 && answer);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      aw_done_q <= 1'b0;
      w_done_q  <= 1'b0;
      out_q     <= '0;
    end else begin
      // one of AW/W taken while the other waits: do not present it again
      aw_done_q <= req_i && wr && !gnt_o && aw_ok;
      w_done_q  <= req_i && wr && !gnt_o && w_ok;
      out_q     <= out_q + 4'(gnt_o) - 4'(answer);
    end
  end

  // The ID carries every thread of a multithreaded hart.
  if ((64'd1 << uvs_axi_pkg::IDW) < uvs_mt_pkg::UVS_MT_THREADS_MAX) begin : g_idw_check
    $error("uvs_axi_mport: uvs_axi_pkg::IDW too narrow for mt.def MT_THREADS_MAX");
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic unused;
  assign unused = m_axi_rlast_i | (|m_axi_rid_i) | (|m_axi_bid_i) | m_axi_rresp_i[0];
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
