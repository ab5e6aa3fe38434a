// uvs_iommu_memarb: shares the IOMMU's memory master port (page-table and
// directory reads, A/D LR/SC, queue records, IOFENCE.C data) among
// NUM_CLIENTS internal clients. Both sides follow the on-chip bus contract
// (docs/architecture.md "On-chip bus": req held until gnt, one outstanding
// request, response with rvalid at the earliest one cycle after gnt).
// Fixed priority, client 0 highest; the port is locked to the granted
// client until its response returns.
module uvs_iommu_memarb #(
  parameter int NUM_CLIENTS = 3
) (
  input  logic        clk_i,
  input  logic        rst_ni,  // synchronous, active low
  // clients
  input  logic        c_req_i    [NUM_CLIENTS],
  output logic        c_gnt_o    [NUM_CLIENTS],
  input  logic [63:0] c_addr_i   [NUM_CLIENTS],
  input  logic        c_we_i     [NUM_CLIENTS],
  input  logic [7:0]  c_be_i     [NUM_CLIENTS],
  input  logic [63:0] c_wdata_i  [NUM_CLIENTS],
  input  logic [3:0]  c_amo_i    [NUM_CLIENTS],
  output logic        c_rvalid_o [NUM_CLIENTS],
  output logic [63:0] c_rdata_o,  // shared: valid with the client's rvalid
  output logic        c_err_o,
  // memory port
  output logic        mem_req_o,
  input  logic        mem_gnt_i,
  output logic [63:0] mem_addr_o,
  output logic        mem_we_o,
  output logic [7:0]  mem_be_o,
  output logic [63:0] mem_wdata_o,
  output logic [3:0]  mem_amo_o,
  input  logic        mem_rvalid_i,
  input  logic [63:0] mem_rdata_i,
  input  logic        mem_err_i
);
  localparam int CW = (NUM_CLIENTS > 1) ? $clog2(NUM_CLIENTS) : 1;

  logic          busy_q;   // a request is outstanding
  logic [CW-1:0] owner_q;  // its client
  logic [CW-1:0] sel;
  logic          any;

  always_comb begin
    any = 1'b0;
    sel = '0;
    for (int c = NUM_CLIENTS - 1; c >= 0; c--) begin
      if (c_req_i[c]) begin
        any = 1'b1;
        sel = CW'(c);
      end
    end
  end

  assign mem_req_o   = !busy_q && any;
  assign mem_addr_o  = c_addr_i[sel];
  assign mem_we_o    = c_we_i[sel];
  assign mem_be_o    = c_be_i[sel];
  assign mem_wdata_o = c_wdata_i[sel];
  assign mem_amo_o   = c_amo_i[sel];
  assign c_rdata_o   = mem_rdata_i;
  assign c_err_o     = mem_err_i;

  always_comb begin
    for (int c = 0; c < NUM_CLIENTS; c++) begin
      c_gnt_o[c]    = mem_req_o && mem_gnt_i && sel == CW'(c);
      c_rvalid_o[c] = busy_q && mem_rvalid_i && owner_q == CW'(c);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q  <= 1'b0;
      owner_q <= '0;
    end else if (!busy_q) begin
      if (mem_req_o && mem_gnt_i) begin
        busy_q  <= 1'b1;
        owner_q <= sel;
      end
    end else if (mem_rvalid_i) begin
      busy_q <= 1'b0;
    end
  end
endmodule
