// uvs_mmio_arb: round-robin arbiter that shares one MMIO target bus (CLINT,
// PLIC, UART, IOMMU, HOSTIF, DMA, MTCTL) among N requesters (the harts' data ports and, in the
// SoC, the host link's BAR0 port as the last requester). At most one grant per
// cycle; the downstream target is always ready and answers one cycle after
// the request, or SLOW_WAIT cycles later when it flags the request slow
// (m_slow_i; no other request is granted meanwhile), and the answer goes back to
// the requester granted then (docs/architecture.md, "On-chip bus": single
// outstanding request per port).
// MMIO accesses are rare, so one shared bus costs nothing measurable.
module uvs_mmio_arb #(
  parameter int N  = 1,                     // number of requesters, >= 1
  parameter int IW = (N > 1) ? $clog2(N) : 1, // width of a requester index
  parameter int SLOW_WAIT = 2               // wait states of a slow request, 1..3
) (
  input  logic                clk_i,
  input  logic                rst_ni,     // synchronous, active low
  // requesters
  input  logic [N-1:0]        req_i,
  output logic [N-1:0]        gnt_o,
  input  logic [N-1:0][63:0]  addr_i,
  input  logic [N-1:0]        we_i,
  input  logic [N-1:0][7:0]   be_i,
  input  logic [N-1:0][63:0]  wdata_i,
  output logic [N-1:0]        rvalid_o,
  output logic [63:0]         rdata_o,    // for the requester with rvalid
  output logic                err_o,      // for the requester with rvalid
  // shared target bus
  output logic                m_req_o,
  output logic [IW-1:0]       m_src_o,    // index of the granted requester
  output logic [63:0]         m_addr_o,
  output logic                m_we_o,
  output logic [7:0]          m_be_o,
  output logic [63:0]         m_wdata_o,
  input  logic                m_slow_i,   // with m_req_o: the target answers SLOW_WAIT cycles later
  input  logic [63:0]         m_rdata_i,  // one (slow: 1 + SLOW_WAIT) cycles after m_req_o
  input  logic                m_err_i     // one (slow: 1 + SLOW_WAIT) cycles after m_req_o
);
  logic [IW-1:0] ptr_q;   // highest priority requester this cycle
  logic [IW-1:0] sel;     // granted requester
  logic          any;
  logic [IW-1:0] sel_q;   // requester whose response is due
  logic          pend_q;
  logic [1:0]    slow_q;  // cycles until a slow request's answer is due, minus one

  // Round robin: first requester at or after ptr_q, wrapping around.
  always_comb begin
    int i;
    i   = 0;
    sel = ptr_q;
    any = 1'b0;
    // (the scan is skipped in the cycles without a request: most of them)
    if (req_i != '0 && slow_q == 2'd0) begin
      for (int k = N - 1; k >= 0; k--) begin
        i = int'(ptr_q) + k;
        if (i >= N) i = i - N;
        if (req_i[i]) begin
          sel = IW'(i);
          any = 1'b1;
        end
      end
    end
  end

  always_comb begin
    gnt_o = '0;
    gnt_o[sel] = any;
  end

  assign m_req_o   = any;
  assign m_src_o   = sel;
  assign m_addr_o  = addr_i[sel];
  assign m_we_o    = we_i[sel];
  assign m_be_o    = be_i[sel];
  assign m_wdata_o = wdata_i[sel];

  always_comb begin
    rvalid_o = '0;
    rvalid_o[sel_q] = pend_q;
  end
  assign rdata_o = m_rdata_i;
  assign err_o   = m_err_i;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ptr_q  <= '0;
      sel_q  <= '0;
      pend_q <= 1'b0;
      slow_q <= 2'd0;
    end else begin
      pend_q <= (any && !m_slow_i) || slow_q == 2'd1;
      if (any && m_slow_i)      slow_q <= 2'(SLOW_WAIT);
      else if (slow_q != 2'd0)  slow_q <= slow_q - 2'd1;
      if (any) begin
        sel_q <= sel;
        ptr_q <= (int'(sel) == N - 1) ? '0 : sel + IW'(1);
      end
    end
  end

  if (SLOW_WAIT < 1 || SLOW_WAIT > 3)
    $error("uvs_mmio_arb: SLOW_WAIT must be 1..3");
endmodule
