// uvs_clk_gate: activity-based clock gating of a block that is idle most of
// the time (the IOMMU in a program that does not use it), so that neither
// hardware nor the Verilator model spends work on it while idle.
// The block's clock runs in every cycle in which act_i = 1 and for IDLE more
// cycles after the last one, so a block that works internally for at most
// IDLE cycles between externally visible events (requests, memory traffic,
// register accesses, reset) loses nothing. The enable goes through a latch
// that is transparent while clk_i is low (the usual integrated clock-gating
// cell), so clk_o has no glitch and rises together with clk_i.
module uvs_clk_gate #(
  parameter int IDLE = 64  // cycles the clock keeps running after activity, >= 1
) (
  input  logic clk_i,
  input  logic act_i,  // activity this cycle (also during reset: keep it 1)
  output logic clk_o   // gated clock
);
  localparam int CW = $clog2(IDLE + 1);

  logic [CW-1:0] left_q;  // cycles the clock still runs without activity
  logic          en, en_l;

  assign en = act_i || left_q != '0;

  always_ff @(posedge clk_i) begin
    if (act_i)              left_q <= CW'(IDLE);
    else if (left_q != '0)  left_q <= left_q - CW'(1);
  end

  always_latch begin
    if (!clk_i) en_l = en;
  end

  assign clk_o = clk_i && en_l;

  if (IDLE < 1)
    $error("uvs_clk_gate: IDLE must be >= 1");
endmodule
