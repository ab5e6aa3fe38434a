// uvs_alu: RV64I integer ALU and branch comparator (unprivileged spec
// 20191213 sec. 2.4 and 5.2 for the *W forms, 2.5 for branches).
//
// fn_i uses the OP/OP-IMM funct3 encoding (000 add/sub, 001 sll, 010 slt,
// 011 sltu, 100 xor, 101 srl/sra, 110 or, 111 and); alt_i selects SUB/SRA.
// word_i: 32-bit operation (shift amount 5 bits), result sign-extended from
// bit 31. br_taken_o interprets fn_i as a BRANCH funct3 (000 beq, 001 bne,
// 100 blt, 101 bge, 110 bltu, 111 bgeu) on the same operands a_i, b_i.
// Purely combinational; no package import so it has no compile-order needs.
module uvs_alu (
  input  logic [63:0] a_i,         // operand a (rs1, pc or 0)
  input  logic [63:0] b_i,         // operand b (rs2 or immediate)
  input  logic [2:0]  fn_i,        // funct3
  input  logic        alt_i,       // insn[30]: SUB / SRA
  input  logic        word_i,      // *W instruction
  output logic [63:0] result_o,    // ALU result
  output logic        br_taken_o   // branch condition holds
);
  logic        eq, lt, ltu;
  logic [5:0]  shamt;
  logic [63:0] sh_in, sum, res, sr_out;
  logic [64:0] sr_in;

  assign eq  = (a_i == b_i);
  assign lt  = ($signed(a_i) < $signed(b_i));
  assign ltu = (a_i < b_i);

  assign sum   = alt_i ? (a_i - b_i) : (a_i + b_i);
  assign shamt = word_i ? {1'b0, b_i[4:0]} : b_i[5:0];
  // One right shifter serves all shifts: a left shift is the right shift
  // of the bit-reversed operand, reversed (an FPGA builds one barrel
  // shifter, not two; issue 15; the reversals are only evaluated for SLL).
  // Right-shift input: the low word, sign- or zero-extended, for *W forms;
  // SLLW's low word is SLL's.
  assign sh_in = word_i ? {{32{alt_i & a_i[31]}}, a_i[31:0]} : a_i;
  always_comb begin
    sr_in = {alt_i & sh_in[63], sh_in};
    if (fn_i == 3'b001) begin
      sr_in[64] = 1'b0;
      for (int i = 0; i < 64; i++) sr_in[i] = a_i[63 - i];
    end
  end
  assign sr_out = 64'($signed(sr_in) >>> shamt);

  always_comb begin
    case (fn_i)
      3'b000:  res = sum;
      3'b001:  for (int i = 0; i < 64; i++) res[i] = sr_out[63 - i];
      3'b010:  res = {63'b0, lt};
      3'b011:  res = {63'b0, ltu};
      3'b100:  res = a_i ^ b_i;
      3'b101:  res = sr_out;
      3'b110:  res = a_i | b_i;
      default: res = a_i & b_i;
    endcase
  end

  assign result_o = word_i ? {{32{res[31]}}, res[31:0]} : res;

  always_comb begin
    case (fn_i)
      3'b000:  br_taken_o = eq;
      3'b001:  br_taken_o = !eq;
      3'b100:  br_taken_o = lt;
      3'b101:  br_taken_o = !lt;
      3'b110:  br_taken_o = ltu;
      default: br_taken_o = !ltu;  // 3'b111 bgeu (010/011 are illegal)
    endcase
  end
endmodule
