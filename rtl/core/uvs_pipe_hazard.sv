// uvs_pipe_hazard: load-use interlock of uvs_pipe_core. The instruction in
// decode waits while an older instruction whose result comes from the data
// port (load, LR, SC, AMO: wb_sel = WB_MEM) and writes one of its source
// registers is in execute or memory, or is in commit without its response
// this cycle. In the response cycle the register-file write is bypassed
// into decode, so a consumer issues then: a load followed at once by its
// consumer costs 2 cycles, with one instruction in between 1 cycle.
// Every other result is forwarded in execute (uvs_pipe_fwd).
module uvs_pipe_hazard (
  input  logic [4:0] rs1_i,       // decode: source registers and whether they are read
  input  logic       use_rs1_i,
  input  logic [4:0] rs2_i,
  input  logic       use_rs2_i,
  input  logic       e_ld_i,      // execute holds a valid data-port instruction writing e_rd_i
  input  logic [4:0] e_rd_i,
  input  logic       m_ld_i,      // memory stage, likewise
  input  logic [4:0] m_rd_i,
  input  logic       w_ld_i,      // commit stage, likewise, its data not arriving this cycle
  input  logic [4:0] w_rd_i,
  output logic       stall_o      // decode must wait
);
  function automatic logic dep(input logic ld, input logic [4:0] rd, input logic [4:0] rs1,
                               input logic u1, input logic [4:0] rs2, input logic u2);
    return ld && rd != 5'd0 && ((u1 && rd == rs1) || (u2 && rd == rs2));
  endfunction

  assign stall_o = dep(e_ld_i, e_rd_i, rs1_i, use_rs1_i, rs2_i, use_rs2_i) ||
                   dep(m_ld_i, m_rd_i, rs1_i, use_rs1_i, rs2_i, use_rs2_i) ||
                   dep(w_ld_i, w_rd_i, rs1_i, use_rs1_i, rs2_i, use_rs2_i);
endmodule
