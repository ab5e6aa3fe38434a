// uvs_regfile: the 31 x 64-bit integer registers x1..x31 (x0 reads as zero),
// two combinational read ports and one write port (unprivileged spec 2.1).
// Architectural state of one hart. The array is a memory (no reset, one
// write port, two asynchronous reads; the name ends in `ram` so that the
// synthesis scripts keep it one, bench/iommu_synth.py): FPGA synthesis maps
// it to distributed RAM (UltraScale+ LUT-RAM; PolarFire uSRAM, which has
// two asynchronous read ports and one write port) instead of 1,984
// flip-flops and two 32-input multiplexer trees. A read of the register
// written in the same cycle returns the old value (the pipeline bypasses
// it, uvs_pipe_core's d_rs1/d_rs2).
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
  logic [63:0] regs_ram [32];

  assign rdata_a_o = (raddr_a_i == 5'd0) ? 64'd0 : regs_ram[raddr_a_i];
  assign rdata_b_o = (raddr_b_i == 5'd0) ? 64'd0 : regs_ram[raddr_b_i];

  always_ff @(posedge clk_i) begin
    if (we_i && waddr_i != 5'd0) regs_ram[waddr_i] <= wdata_i;
  end
endmodule
