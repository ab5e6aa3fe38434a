// uvs_rvc: combinational expander of one 16-bit RV64C instruction into the
// 32-bit RV64 instruction it stands for (RISC-V unprivileged spec 20191213
// ch. 16, tables 16.5-16.7 "RVC opcode map" for RV64; instruction formats
// of sec. 16.2).
//
// c_i[1:0] must not be 2'b11 (that is a 32-bit instruction; the caller
// selects). illegal_o = 1, with insn_o = 0 (itself an illegal encoding),
// for every encoding the spec marks reserved or that this hart lacks:
//   - the all-zero halfword, C.ADDI4SPN with nzuimm = 0;
//   - C.ADDIW with rd = 0, C.LWSP/C.LDSP with rd = 0, C.JR with rs1 = 0;
//   - C.ADDI16SP and C.LUI with nzimm = 0;
//   - C.SUBW/C.ADDW's reserved neighbours (funct6 100111, funct2 1x) and
//     quadrant 0 funct3 100;
//   - C.FLD, C.FSD, C.FLDSP, C.FSDSP (no F/D: the hart has no FP registers).
// HINT encodings (e.g. C.NOP with nzimm != 0, C.LI/C.MV/C.ADD/C.SLLI with
// rd = 0, shift amounts of 0) are legal and expand to their 32-bit HINTs,
// which execute as no-operations.
module uvs_rvc (
  input  logic [15:0] c_i,        // compressed instruction bits
  output logic [31:0] insn_o,     // equivalent 32-bit instruction (0 if illegal_o)
  output logic        illegal_o   // reserved or unsupported encoding
);
  // 32-bit major opcodes (unprivileged table 24.1).
  localparam logic [6:0] OP_LOAD   = 7'b0000011;
  localparam logic [6:0] OP_IMM    = 7'b0010011;
  localparam logic [6:0] OP_IMM_32 = 7'b0011011;
  localparam logic [6:0] OP_STORE  = 7'b0100011;
  localparam logic [6:0] OP_OP     = 7'b0110011;
  localparam logic [6:0] OP_LUI    = 7'b0110111;
  localparam logic [6:0] OP_OP_32  = 7'b0111011;
  localparam logic [6:0] OP_BRANCH = 7'b1100011;
  localparam logic [6:0] OP_JALR   = 7'b1100111;
  localparam logic [6:0] OP_JAL    = 7'b1101111;
  localparam logic [4:0] X0 = 5'd0, RA = 5'd1, SP = 5'd2;

  // 32-bit formats (unprivileged sec. 2.3).
  function automatic logic [31:0] itype(logic [11:0] imm, logic [4:0] rs1, logic [2:0] f3,
                                        logic [4:0] rd, logic [6:0] op);
    return {imm, rs1, f3, rd, op};
  endfunction
  function automatic logic [31:0] stype(logic [11:0] imm, logic [4:0] rs2, logic [4:0] rs1,
                                        logic [2:0] f3, logic [6:0] op);
    return {imm[11:5], rs2, rs1, f3, imm[4:0], op};
  endfunction
  function automatic logic [31:0] rtype(logic [6:0] f7, logic [4:0] rs2, logic [4:0] rs1,
                                        logic [2:0] f3, logic [4:0] rd, logic [6:0] op);
    return {f7, rs2, rs1, f3, rd, op};
  endfunction
  function automatic logic [31:0] btype(logic [12:1] imm, logic [4:0] rs1, logic [2:0] f3);
    return {imm[12], imm[10:5], X0, rs1, f3, imm[4:1], imm[11], OP_BRANCH};
  endfunction

  // Register fields: full (CR/CI/CSS) and the 3-bit x8..x15 forms.
  logic [4:0]  rd, rs2, rdp, rs1p, rs2p;
  logic [2:0]  f3;
  logic [11:0] imm6;       // CI 6-bit signed immediate, sign-extended
  logic [5:0]  shamt;
  logic [11:0] off_lw, off_ld, off_lwsp, off_ldsp, off_swsp, off_sdsp, off_4spn, off_16sp;
  logic [12:1] off_b;
  logic [20:1] off_j;
  logic [19:0] lui_imm;

  assign rd    = c_i[11:7];
  assign rs2   = c_i[6:2];
  assign rdp   = {2'b01, c_i[4:2]};
  assign rs1p  = {2'b01, c_i[9:7]};
  assign rs2p  = {2'b01, c_i[4:2]};
  assign f3    = c_i[15:13];
  assign imm6  = {{7{c_i[12]}}, c_i[6:2]};
  assign shamt = {c_i[12], c_i[6:2]};
  // Scaled unsigned offsets (sec. 16.3 - 16.5).
  assign off_lw   = {5'd0, c_i[5], c_i[12:10], c_i[6], 2'b00};
  assign off_ld   = {4'd0, c_i[6:5], c_i[12:10], 3'b000};
  assign off_lwsp = {4'd0, c_i[3:2], c_i[12], c_i[6:4], 2'b00};
  assign off_ldsp = {3'd0, c_i[4:2], c_i[12], c_i[6:5], 3'b000};
  assign off_swsp = {4'd0, c_i[8:7], c_i[12:9], 2'b00};
  assign off_sdsp = {3'd0, c_i[9:7], c_i[12:10], 3'b000};
  assign off_4spn = {2'd0, c_i[10:7], c_i[12:11], c_i[5], c_i[6], 2'b00};
  // Signed offsets and immediates.
  assign off_16sp = {{3{c_i[12]}}, c_i[4:3], c_i[5], c_i[2], c_i[6], 4'b0000};
  assign off_b    = {{5{c_i[12]}}, c_i[6:5], c_i[2], c_i[11:10], c_i[4:3]};
  assign off_j    = {{10{c_i[12]}}, c_i[8], c_i[10:9], c_i[6], c_i[7], c_i[2], c_i[11],
                     c_i[5:3]};
  assign lui_imm  = {{14{c_i[12]}}, c_i[12], c_i[6:2]};

  always_comb begin
    insn_o    = 32'd0;
    illegal_o = 1'b0;
    case (c_i[1:0])
      // ---- quadrant 0 ----
      2'b00: begin
        case (f3)
          3'b000: begin  // C.ADDI4SPN: addi rd', x2, nzuimm
            insn_o    = itype(off_4spn, SP, 3'b000, rdp, OP_IMM);
            illegal_o = (off_4spn == 12'd0);  // also the all-zero halfword
          end
          3'b010: insn_o = itype(off_lw, rs1p, 3'b010, rdp, OP_LOAD);              // C.LW
          3'b011: insn_o = itype(off_ld, rs1p, 3'b011, rdp, OP_LOAD);              // C.LD
          3'b110: insn_o = stype(off_lw, rs2p, rs1p, 3'b010, OP_STORE);            // C.SW
          3'b111: insn_o = stype(off_ld, rs2p, rs1p, 3'b011, OP_STORE);            // C.SD
          default: illegal_o = 1'b1;  // C.FLD, C.FSD (no D), reserved 100
        endcase
      end
      // ---- quadrant 1 ----
      2'b01: begin
        case (f3)
          3'b000: insn_o = itype(imm6, rd, 3'b000, rd, OP_IMM);                    // C.ADDI, C.NOP
          3'b001: begin                                                            // C.ADDIW
            insn_o    = itype(imm6, rd, 3'b000, rd, OP_IMM_32);
            illegal_o = (rd == X0);
          end
          3'b010: insn_o = itype(imm6, X0, 3'b000, rd, OP_IMM);                    // C.LI
          3'b011: begin
            if (rd == SP) begin                                                    // C.ADDI16SP
              insn_o    = itype(off_16sp, SP, 3'b000, SP, OP_IMM);
              illegal_o = (off_16sp == 12'd0);
            end else begin                                                         // C.LUI
              insn_o    = {lui_imm, rd, OP_LUI};
              illegal_o = (shamt == 6'd0);  // nzimm[17:12] = 0
            end
          end
          3'b100: begin
            case (c_i[11:10])
              2'b00: insn_o = rtype(7'b0000000, shamt[4:0], rs1p, 3'b101, rs1p, OP_IMM) |
                              {6'd0, shamt[5], 25'd0};                             // C.SRLI
              2'b01: insn_o = rtype(7'b0100000, shamt[4:0], rs1p, 3'b101, rs1p, OP_IMM) |
                              {6'd0, shamt[5], 25'd0};                             // C.SRAI
              2'b10: insn_o = itype(imm6, rs1p, 3'b111, rs1p, OP_IMM);             // C.ANDI
              default: begin
                case ({c_i[12], c_i[6:5]})
                  3'b000: insn_o = rtype(7'b0100000, rs2p, rs1p, 3'b000, rs1p, OP_OP);    // C.SUB
                  3'b001: insn_o = rtype(7'b0000000, rs2p, rs1p, 3'b100, rs1p, OP_OP);    // C.XOR
                  3'b010: insn_o = rtype(7'b0000000, rs2p, rs1p, 3'b110, rs1p, OP_OP);    // C.OR
                  3'b011: insn_o = rtype(7'b0000000, rs2p, rs1p, 3'b111, rs1p, OP_OP);    // C.AND
                  3'b100: insn_o = rtype(7'b0100000, rs2p, rs1p, 3'b000, rs1p, OP_OP_32); // C.SUBW
                  3'b101: insn_o = rtype(7'b0000000, rs2p, rs1p, 3'b000, rs1p, OP_OP_32); // C.ADDW
                  default: illegal_o = 1'b1;  // reserved
                endcase
              end
            endcase
          end
          3'b101: insn_o = {off_j[20], off_j[10:1], off_j[11], off_j[19:12], X0, OP_JAL}; // C.J
          3'b110: insn_o = btype(off_b, rs1p, 3'b000);                             // C.BEQZ
          default: insn_o = btype(off_b, rs1p, 3'b001);                            // C.BNEZ
        endcase
      end
      // ---- quadrant 2 ----
      2'b10: begin
        case (f3)
          3'b000: insn_o = rtype({6'd0, shamt[5]}, shamt[4:0], rd, 3'b001, rd, OP_IMM); // C.SLLI
          3'b010: begin                                                            // C.LWSP
            insn_o    = itype(off_lwsp, SP, 3'b010, rd, OP_LOAD);
            illegal_o = (rd == X0);
          end
          3'b011: begin                                                            // C.LDSP
            insn_o    = itype(off_ldsp, SP, 3'b011, rd, OP_LOAD);
            illegal_o = (rd == X0);
          end
          3'b100: begin
            if (!c_i[12]) begin
              if (rs2 == X0) begin                                                 // C.JR
                insn_o    = itype(12'd0, rd, 3'b000, X0, OP_JALR);
                illegal_o = (rd == X0);
              end else begin                                                       // C.MV
                insn_o = rtype(7'd0, rs2, X0, 3'b000, rd, OP_OP);
              end
            end else begin
              if (rs2 == X0 && rd == X0) insn_o = 32'h0010_0073;                   // C.EBREAK
              else if (rs2 == X0) insn_o = itype(12'd0, rd, 3'b000, RA, OP_JALR);  // C.JALR
              else insn_o = rtype(7'd0, rs2, rd, 3'b000, rd, OP_OP);               // C.ADD
            end
          end
          3'b110: insn_o = stype(off_swsp, rs2, SP, 3'b010, OP_STORE);             // C.SWSP
          3'b111: insn_o = stype(off_sdsp, rs2, SP, 3'b011, OP_STORE);             // C.SDSP
          default: illegal_o = 1'b1;  // C.FLDSP, C.FSDSP (no D)
        endcase
      end
      default: illegal_o = 1'b1;  // 2'b11: not a compressed instruction
    endcase
    if (illegal_o) insn_o = 32'd0;
  end
endmodule
