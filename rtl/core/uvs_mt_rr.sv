// uvs_mt_rr: round-robin picker over N requesters (N a power of two) for
// the multithreaded core: the issue scheduler and the fetch-port arbiter
// of uvs_mt_core. Combinational choice, registered priority pointer.
//
// idx_o is the first requester after the last one taken (circular order
// last+1, last+2, ..., last); valid_o says whether any requests. When the
// caller takes the choice (advance_i), that index becomes the lowest
// priority for the next cycle, so every steady requester is served within
// N picks (starvation-free).
module uvs_mt_rr #(
  parameter int N = 16,                          // requesters; must be 2**W
  localparam int W = (N > 1) ? $clog2(N) : 1     // index width
) (
  input  logic         clk_i,
  input  logic         rst_ni,     // synchronous, active low
  input  logic [N-1:0] req_i,      // request mask
  input  logic         advance_i,  // the choice of this cycle was taken
  output logic         valid_o,    // some request
  output logic [W-1:0] idx_o       // chosen requester
);
  logic [W-1:0]   last_q, first, gap;
  logic [2*N-1:0] twice;     // upper half: bits shifted out, unused
  logic [N-1:0]   rot, lowest;

  // Requests rotated so that bit 0 is the one after last_q; the lowest set
  // bit of that is the winner, its position counted as the ones below it
  // (a loop-free find-first-set, cheap in a cycle-based simulator).
  assign first   = last_q + W'(1);
  assign twice   = {req_i, req_i} >> first;
  assign rot     = twice[N-1:0];
  assign lowest  = rot & (~rot + N'(1));
  assign gap    = W'($countones(lowest - N'(1)));
  assign valid_o = |req_i;
  assign idx_o   = first + gap;

  logic unused;
  assign unused = ^twice[2*N-1:N];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) last_q <= W'(N - 1);
    else if (advance_i && valid_o) last_q <= idx_o;
  end
endmodule
