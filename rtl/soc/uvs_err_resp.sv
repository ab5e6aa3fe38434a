// uvs_err_resp: bus target for unmapped and reserved regions
// (docs/architecture.md, "Memory map"): grants every request and answers one
// cycle later with err = 1 and rdata = 0, so the hart takes an access fault
// (privileged spec 3.7, causes 1, 5, 7).
module uvs_err_resp (
  input  logic        clk_i,
  input  logic        rst_ni,   // synchronous, active low
  input  logic        req_i,
  output logic        gnt_o,
  output logic        rvalid_o,
  output logic [63:0] rdata_o,
  output logic        err_o
);
  logic rvalid_q;

  assign gnt_o    = req_i;
  assign rvalid_o = rvalid_q;
  assign rdata_o  = '0;
  assign err_o    = rvalid_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) rvalid_q <= 1'b0;
    else         rvalid_q <= req_i;
  end
endmodule
