// uvs_pipe_fwd: operand forwarding (bypass) for one source register of the
// instruction in uvs_pipe_core's execute stage: the youngest older result
// wins. Sources, youngest first: the memory stage's result register, the
// commit stage's result register, else the value read at decode (already
// bypassed from the register-file write of that cycle). Results that are
// not in those registers yet (loads, SC/AMOs, CSR reads) never reach here:
// uvs_pipe_hazard holds their consumers in decode. x0 is never forwarded.
module uvs_pipe_fwd (
  input  logic [4:0]  rs_i,        // source register index
  input  logic [63:0] rf_val_i,    // value read at decode
  input  logic        m_we_i,      // memory stage holds a valid instruction writing m_rd_i
  input  logic [4:0]  m_rd_i,
  input  logic [63:0] m_val_i,
  input  logic        w_we_i,      // commit stage holds a valid instruction writing w_rd_i
  input  logic [4:0]  w_rd_i,
  input  logic [63:0] w_val_i,
  output logic [63:0] val_o,       // forwarded operand
  output logic        hit_o        // val_o comes from the memory or commit stage
);
  logic m_hit, w_hit;
  assign m_hit = m_we_i && m_rd_i == rs_i && rs_i != 5'd0;
  assign w_hit = w_we_i && w_rd_i == rs_i && rs_i != 5'd0;
  assign hit_o = m_hit || w_hit;
  assign val_o = m_hit ? m_val_i : (w_hit ? w_val_i : rf_val_i);
endmodule
