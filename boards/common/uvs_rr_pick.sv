// uvs_rr_pick: the round-robin choice of the boards' shared units (the boot
// ROM's read, uvs_axi_bootrom, and the atomic engine, uvs_axi_atomic) among
// N requesters, any N (rtl/core/uvs_mt_rr counts modulo 2^W: powers of two
// only). Combinational; the caller keeps the last index served.
//
// idx_o is the first requester above last_i, else the lowest requester
// (circular order last_i + 1, ..., N - 1, 0, ..., last_i); valid_o says
// whether any requests (idx_o = last_i when none). A caller that stores
// idx_o as last_i when it serves serves every steady requester within N
// picks.
module uvs_rr_pick #(
  parameter int  N = 2,                       // requesters, at least 1
  localparam int W = (N > 1) ? $clog2(N) : 1  // index width
) (
  input  logic [N-1:0] req_i,    // requests
  input  logic [W-1:0] last_i,   // the requester served last (lowest priority)
  output logic         valid_o,  // some request
  output logic [W-1:0] idx_o     // the chosen requester
);
  always_comb begin
    valid_o = 1'b0;
    idx_o   = last_i;
    for (int p = 0; p < N; p++)  // above last_i first ...
      if (!valid_o && req_i[p] && W'(p) > last_i) begin
        valid_o = 1'b1;
        idx_o   = W'(p);
      end
    for (int p = 0; p < N; p++)  // ... then from the lowest
      if (!valid_o && req_i[p]) begin
        valid_o = 1'b1;
        idx_o   = W'(p);
      end
  end
endmodule
