// uvs_regfile: the 31 x 64-bit integer registers x1..x31 (x0 reads as zero),
// two combinational read ports and one write port (unprivileged spec 2.1).
// Architectural state of one hart: a later multithreaded core indexes this
// array by thread.
module uvs_regfile (
  input  logic        clk_i,
  input  logic [4:0]  raddr_a_i,  // rs1 index
  output logic [63:0] rdata_a_o,  // x[rs1]
  input  logic [4:0]  raddr_b_i,  // rs2 index
  output logic [63:0] rdata_b_o,  // x[rs2]
  input  logic        we_i,       // write x[waddr] at the clock edge (ignored for x0)
  input  logic [4:0]  waddr_i,
  input  logic [63:0] wdata_i
);
  logic [63:0] regs [32];

  assign rdata_a_o = (raddr_a_i == 5'd0) ? 64'd0 : regs[raddr_a_i];
  assign rdata_b_o = (raddr_b_i == 5'd0) ? 64'd0 : regs[raddr_b_i];

  always_ff @(posedge clk_i) begin
    if (we_i && waddr_i != 5'd0) regs[waddr_i] <= wdata_i;
  end
endmodule
