// uvs_decode: combinational decoder of one 32-bit RV64IMA + Zicsr + Zifencei
// + privileged-system instruction into uvs_arch_pkg::decoded_t.
//
// Any encoding not listed in the unprivileged spec 20191213 ch. 24 (RV64I,
// RV64M, RV64A, Zicsr, Zifencei) or as ECALL/EBREAK/MRET/WFI (privileged
// spec v1.12 sec. 3.3), and with SUPERVISOR = 1 also SRET (3.3.2) and
// SFENCE.VMA (4.2.1), sets dec_o.illegal; the core then raises an illegal
// instruction exception with tval = the instruction bits. 16-bit encodings
// (insn[1:0] != 2'b11) are illegal here: a hart with the C extension
// expands them first (uvs_rvc).
// CSR existence and privilege (uvs_csr) and the privilege checks of MRET,
// SRET, SFENCE.VMA and WFI (uvs_core) are not the decoder's.
// FENCE and FENCE.I decode as no-operations apart from dec_o.fence_i
// (one outstanding access, no caches); their reserved fields are ignored
// as the spec requires.
module uvs_decode
  import uvs_arch_pkg::*;
#(
  parameter bit SUPERVISOR = 1'b0  // 1: decode SRET and SFENCE.VMA (hart with S mode)
) (
  input  logic [31:0] insn_i,  // instruction bits
  output decoded_t    dec_o    // decoded controls (see uvs_arch_pkg)
);
  logic [6:0]  opcode, funct7;
  logic [2:0]  funct3;
  logic [4:0]  funct5;
  logic [63:0] imm_i, imm_s, imm_b, imm_u, imm_j;

  assign opcode = insn_i[6:0];
  assign funct3 = insn_i[14:12];
  assign funct7 = insn_i[31:25];
  assign funct5 = insn_i[31:27];

  // Immediate formats (unprivileged spec 2.3, figure 2.4).
  assign imm_i = {{52{insn_i[31]}}, insn_i[31:20]};
  assign imm_s = {{52{insn_i[31]}}, insn_i[31:25], insn_i[11:7]};
  assign imm_b = {{51{insn_i[31]}}, insn_i[31], insn_i[7], insn_i[30:25], insn_i[11:8], 1'b0};
  assign imm_u = {{32{insn_i[31]}}, insn_i[31:12], 12'b0};
  assign imm_j = {{43{insn_i[31]}}, insn_i[31], insn_i[19:12], insn_i[20], insn_i[30:21], 1'b0};

  always_comb begin
    dec_o        = '0;
    dec_o.opa    = OPA_RS1;
    dec_o.wb_sel = WB_ALU;
    dec_o.amo    = AMO_NONE;
    case (opcode)
      OPC_LUI: begin
        dec_o.rd_we   = 1'b1;
        dec_o.opa     = OPA_ZERO;
        dec_o.opb_imm = 1'b1;
        dec_o.imm     = imm_u;
      end
      OPC_AUIPC: begin
        dec_o.rd_we   = 1'b1;
        dec_o.opa     = OPA_PC;
        dec_o.opb_imm = 1'b1;
        dec_o.imm     = imm_u;
      end
      OPC_JAL: begin
        dec_o.rd_we  = 1'b1;
        dec_o.jal    = 1'b1;
        dec_o.wb_sel = WB_LINK;
        dec_o.imm    = imm_j;
      end
      OPC_JALR: begin
        // Target = ALU (rs1 + imm) with bit 0 cleared.
        dec_o.rd_we   = 1'b1;
        dec_o.jalr    = 1'b1;
        dec_o.wb_sel  = WB_LINK;
        dec_o.opb_imm = 1'b1;
        dec_o.imm     = imm_i;
        dec_o.illegal = (funct3 != 3'b000);
      end
      OPC_BRANCH: begin
        // ALU compares rs1 with rs2; target = pc + imm.
        dec_o.branch  = 1'b1;
        dec_o.alu_fn  = funct3;
        dec_o.imm     = imm_b;
        dec_o.illegal = (funct3[2:1] == 2'b01);
      end
      OPC_LOAD: begin
        dec_o.rd_we        = 1'b1;
        dec_o.mem_en       = 1'b1;
        dec_o.wb_sel       = WB_MEM;
        dec_o.opb_imm      = 1'b1;
        dec_o.imm          = imm_i;
        dec_o.mem_size     = funct3[1:0];
        dec_o.mem_unsigned = funct3[2];
        dec_o.illegal      = (funct3 == 3'b111);
      end
      OPC_STORE: begin
        dec_o.mem_en   = 1'b1;
        dec_o.mem_we   = 1'b1;
        dec_o.opb_imm  = 1'b1;
        dec_o.imm      = imm_s;
        dec_o.mem_size = funct3[1:0];
        dec_o.illegal  = funct3[2];
      end
      OPC_OP_IMM: begin
        dec_o.rd_we   = 1'b1;
        dec_o.alu_fn  = funct3;
        dec_o.opb_imm = 1'b1;
        dec_o.imm     = imm_i;
        dec_o.alu_alt = (funct3 == 3'b101) & insn_i[30];
        if (funct3 == 3'b001) dec_o.illegal = (insn_i[31:26] != 6'b0);
        if (funct3 == 3'b101) dec_o.illegal = ({insn_i[31], insn_i[29:26]} != 5'b0);
      end
      OPC_OP_IMM_32: begin
        dec_o.rd_we   = 1'b1;
        dec_o.word    = 1'b1;
        dec_o.alu_fn  = funct3;
        dec_o.opb_imm = 1'b1;
        dec_o.imm     = imm_i;
        dec_o.alu_alt = (funct3 == 3'b101) & insn_i[30];
        case (funct3)
          3'b000:  dec_o.illegal = 1'b0;
          3'b001:  dec_o.illegal = (funct7 != 7'b0);
          3'b101:  dec_o.illegal = ({funct7[6], funct7[4:0]} != 6'b0);
          default: dec_o.illegal = 1'b1;
        endcase
      end
      OPC_OP: begin
        dec_o.rd_we   = 1'b1;
        dec_o.alu_fn  = funct3;
        dec_o.alu_alt = insn_i[30];
        if (funct7 == 7'b0000001) begin
          dec_o.muldiv = 1'b1;
          dec_o.wb_sel = WB_MULDIV;
        end else if (funct7 == 7'b0100000) begin
          dec_o.illegal = (funct3 != 3'b000) && (funct3 != 3'b101);
        end else begin
          dec_o.illegal = (funct7 != 7'b0);
        end
      end
      OPC_OP_32: begin
        dec_o.rd_we   = 1'b1;
        dec_o.word    = 1'b1;
        dec_o.alu_fn  = funct3;
        dec_o.alu_alt = insn_i[30];
        if (funct7 == 7'b0000001) begin
          dec_o.muldiv  = 1'b1;
          dec_o.wb_sel  = WB_MULDIV;
          dec_o.illegal = (funct3 != 3'b000) && !funct3[2];  // MULW, DIV[U]W, REM[U]W
        end else if (funct7 == 7'b0100000) begin
          dec_o.illegal = (funct3 != 3'b000) && (funct3 != 3'b101);
        end else begin
          dec_o.illegal = (funct7 != 7'b0) ||
                          ((funct3 != 3'b000) && (funct3 != 3'b001) && (funct3 != 3'b101));
        end
      end
      OPC_AMO: begin
        // Address = rs1 (+ 0); data = rs2. The memory performs the operation.
        dec_o.rd_we    = 1'b1;
        dec_o.mem_en   = 1'b1;
        dec_o.mem_we   = 1'b1;
        dec_o.wb_sel   = WB_MEM;
        dec_o.opb_imm  = 1'b1;
        dec_o.mem_size = funct3[1:0];
        dec_o.illegal  = (funct3 != 3'b010) && (funct3 != 3'b011);
        case (funct5)
          5'b00010: begin
            dec_o.amo    = AMO_LR;
            dec_o.mem_we = 1'b0;  // LR is a load for fault causes
            if (insn_i[24:20] != 5'b0) dec_o.illegal = 1'b1;
          end
          5'b00011: dec_o.amo = AMO_SC;
          5'b00001: dec_o.amo = AMO_SWAP;
          5'b00000: dec_o.amo = AMO_ADD;
          5'b00100: dec_o.amo = AMO_XOR;
          5'b01100: dec_o.amo = AMO_AND;
          5'b01000: dec_o.amo = AMO_OR;
          5'b10000: dec_o.amo = AMO_MIN;
          5'b10100: dec_o.amo = AMO_MAX;
          5'b11000: dec_o.amo = AMO_MINU;
          5'b11100: dec_o.amo = AMO_MAXU;
          default:  dec_o.illegal = 1'b1;
        endcase
      end
      OPC_MISC_MEM: begin
        // FENCE (000) and FENCE.I (001): no operation here.
        dec_o.illegal = (funct3[2:1] != 2'b00);
        dec_o.fence_i = (funct3 == 3'b001);
      end
      OPC_SYSTEM: begin
        if (funct3 == 3'b000) begin
          dec_o.ecall   = (insn_i == INSN_ECALL);
          dec_o.ebreak  = (insn_i == INSN_EBREAK);
          dec_o.mret    = (insn_i == INSN_MRET);
          dec_o.wfi     = (insn_i == INSN_WFI);
          // SFENCE.VMA rs1, rs2: funct7 0001001, rd = 0 (privileged 4.2.1).
          dec_o.sret       = SUPERVISOR && (insn_i == INSN_SRET);
          dec_o.sfence_vma = SUPERVISOR && (funct7 == 7'b0001001) && (insn_i[11:7] == 5'd0);
          dec_o.illegal = !(dec_o.ecall | dec_o.ebreak | dec_o.mret | dec_o.wfi |
                            dec_o.sret | dec_o.sfence_vma);
        end else begin
          dec_o.csr     = 1'b1;
          dec_o.rd_we   = 1'b1;
          dec_o.wb_sel  = WB_CSR;
          dec_o.illegal = (funct3 == 3'b100);
        end
      end
      default: dec_o.illegal = 1'b1;
    endcase
  end
endmodule
