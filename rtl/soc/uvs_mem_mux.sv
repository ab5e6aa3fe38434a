// uvs_mem_mux: lets a compute hart's direct data path (a: the bus demux's
// memory target) and its IOMMU downstream port (b: the translated request
// of a unified-range access) share the hart's one data memory port (AXI master), so both
// see the same LR/SC reservation and the same HBM latency
// (docs/architecture.md, "On-chip bus" and "IOMMU in the SoC").
// The hart has one outstanding request, so a and b never request in the
// same cycle; should they, b wins and a waits (no grant). The response
// (rvalid) goes to the requester granted last; rdata and err are shared and
// valid only with rvalid.
module uvs_mem_mux (
  input  logic        clk_i,
  input  logic        rst_ni,     // synchronous, active low
  // requester a: the hart's direct path (fields from the hart's data port)
  input  logic        a_req_i,
  output logic        a_gnt_o,
  input  logic [63:0] a_addr_i,
  input  logic        a_we_i,
  input  logic [7:0]  a_be_i,
  input  logic [63:0] a_wdata_i,
  input  logic [3:0]  a_amo_i,
  output logic        a_rvalid_o,
  // requester b: the IOMMU downstream port (physical address)
  input  logic        b_req_i,
  output logic        b_gnt_o,
  input  logic [63:0] b_addr_i,
  input  logic        b_we_i,
  input  logic [7:0]  b_be_i,
  input  logic [63:0] b_wdata_i,
  input  logic [3:0]  b_amo_i,
  output logic        b_rvalid_o,
  // the memory port
  output logic        m_req_o,
  input  logic        m_gnt_i,
  output logic [63:0] m_addr_o,
  output logic        m_we_o,
  output logic [7:0]  m_be_o,
  output logic [63:0] m_wdata_o,
  output logic [3:0]  m_amo_o,
  input  logic        m_rvalid_i
);
  logic sel_q;  // 1: the pending response belongs to b

  assign m_req_o   = a_req_i || b_req_i;
  assign m_addr_o  = b_req_i ? b_addr_i : a_addr_i;
  assign m_we_o    = b_req_i ? b_we_i : a_we_i;
  assign m_be_o    = b_req_i ? b_be_i : a_be_i;
  assign m_wdata_o = b_req_i ? b_wdata_i : a_wdata_i;
  assign m_amo_o   = b_req_i ? b_amo_i : a_amo_i;
  assign b_gnt_o   = b_req_i && m_gnt_i;
  assign a_gnt_o   = a_req_i && !b_req_i && m_gnt_i;

  assign a_rvalid_o = m_rvalid_i && !sel_q;
  assign b_rvalid_o = m_rvalid_i && sel_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni)                 sel_q <= 1'b0;
    else if (m_req_o && m_gnt_i) sel_q <= b_req_i;
  end
endmodule
