// uvs_pipe_ex: execute-stage datapath of uvs_pipe_core (combinational):
// ALU (uvs_alu), branch resolution and check of the fetch stage's
// prediction, the data request's lanes (uvs_lsu), and the synchronous
// exceptions known here, in the priority order of the privileged spec v1.12
// table 3.7 (as uvs_core): instruction access fault (fetch bus error),
// illegal instruction (encoding, 16-bit ones included; MRET below M; SRET,
// SFENCE.VMA, WFI in U or in S with TSR, TVM, TW), ECALL, EBREAK,
// load/store/AMO address misaligned (IALIGN = 16: no instruction address
// is misaligned, jump targets have bit 0 cleared or are pc-relative).
// CSR access checks and data access faults come later, at commit.
// Target of JAL and branches (pc + imm) and pc + length come from decode; their
// comparisons with the predicted next pc (from registers, in parallel with
// the ALU) select the prediction check, so only JALR's check waits for the
// ALU's 64-bit target.
module uvs_pipe_ex
  import uvs_arch_pkg::*;
(
  input  logic [63:0] pc_i,          // pc of the instruction
  input  logic [31:0] insn_i,        // its original bits (xtval of illegal instructions; 16-bit zero-extended)
  /* verilator lint_off UNUSEDSIGNAL */
  input  decoded_t    dec_i,         // its decoded controls (rd and CSR fields unused here)
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic        ifault_i,      // its fetch got a bus error
  input  logic        ifault_hi_i,   // ... on the upper half of a straddling instruction
  input  logic [63:0] rs1_i,         // forwarded source operands
  input  logic [63:0] rs2_i,
  input  logic [63:0] seq_i,         // pc + instruction length
  input  logic [63:0] tgt_i,         // pc + imm (JAL, branches)
  input  logic [63:0] pred_npc_i,    // next pc predicted by fetch
  input  logic        pred_seq_i,    // pred_npc_i == pc + 4
  input  logic        pred_tgt_i,    // pred_npc_i == pc + imm
  input  logic [1:0]  priv_i,        // current privilege level
  input  logic        tw_i,          // mstatus.TW
  input  logic        tsr_i,         // mstatus.TSR
  input  logic        tvm_i,         // mstatus.TVM
  output logic [63:0] alu_o,         // ALU result (data address for memory instructions)
  output logic [63:0] result_o,      // value for rd (ALU, or pc + 4 for jumps)
  output logic        jump_o,        // control transfer taken (JAL, JALR, taken branch)
  output logic [63:0] npc_o,         // actual next pc
  output logic        mispredict_o,  // npc_o differs from pred_npc_i
  output logic [7:0]  be_o,          // data request byte enables and write data
  output logic [63:0] wdata_o,
  output logic        exc_o,         // synchronous exception
  output logic        exc_early_o,   // ... one known without the operands (all but misaligned)
  output logic [5:0]  exc_code_o,    // its mcause code
  output logic [63:0] exc_tval_o     // its mtval
);
  logic [63:0] opa, opb, jtarget, target;
  logic        br_taken, misaligned, priv_illegal;

  // Privileged instructions (privileged spec 3.1.6.5, 3.3.2, 3.3.3, 4.2.1),
  // as uvs_core: MRET only in M; SRET and SFENCE.VMA not in U, nor in S with
  // TSR / TVM; WFI not in U, nor in S with TW. priv_i is current here: the
  // only instructions that change it (traps, xRET) flush everything younger.
  assign priv_illegal = (dec_i.mret && priv_i != PRIV_M) ||
                        ((dec_i.sret || dec_i.sfence_vma || dec_i.wfi) && priv_i == PRIV_U) ||
                        (priv_i == PRIV_S && ((dec_i.sret && tsr_i) || (dec_i.sfence_vma && tvm_i) ||
                                              (dec_i.wfi && tw_i)));

  always_comb begin
    case (dec_i.opa)
      OPA_PC:   opa = pc_i;
      OPA_ZERO: opa = 64'd0;
      default:  opa = rs1_i;
    endcase
  end
  assign opb = dec_i.opb_imm ? dec_i.imm : rs2_i;

  uvs_alu u_alu (
    .a_i(opa), .b_i(opb), .fn_i(dec_i.alu_fn), .alt_i(dec_i.alu_alt), .word_i(dec_i.word),
    .result_o(alu_o), .br_taken_o(br_taken)
  );

  assign jtarget  = {alu_o[63:1], 1'b0};
  assign target   = dec_i.jalr ? jtarget : tgt_i;
  assign jump_o   = dec_i.jal | dec_i.jalr | (dec_i.branch & br_taken);
  assign npc_o    = jump_o ? target : seq_i;
  assign result_o = (dec_i.wb_sel == WB_LINK) ? seq_i : alu_o;
  assign mispredict_o = dec_i.jalr ? (jtarget != pred_npc_i)
                                   : (jump_o ? !pred_tgt_i : !pred_seq_i);

  /* verilator lint_off UNUSEDSIGNAL */
  logic [63:0] unused_load;  // the request half of uvs_lsu only
  /* verilator lint_on UNUSEDSIGNAL */
  // The request's lanes from the address's low bits, added apart (a memory
  // instruction's ALU operation is that addition: the same bits) so that
  // they do not wait for the ALU's result multiplexer (the hart's longest
  // path on UltraScale+ ran forwarding -> SLT compare -> result mux -> lanes).
  logic [2:0] addr_lo;
  assign addr_lo = opa[2:0] + opb[2:0];
  uvs_lsu u_lsu (
    .addr_i(addr_lo), .size_i(dec_i.mem_size), .unsigned_i(dec_i.mem_unsigned), .amo_i(dec_i.amo),
    .store_data_i(rs2_i), .misaligned_o(misaligned), .be_o, .wdata_o,
    .rdata_i(64'd0), .load_data_o(unused_load)
  );

  // Exceptions that do not wait for the ALU (from registers and priv_i): the
  // stage's advance and the fetch redirect use these, so that the
  // forwarding muxes and the adder feed neither (the longest path).
  assign exc_early_o = ifault_i || dec_i.illegal || priv_illegal || dec_i.ecall || dec_i.ebreak;

  always_comb begin
    exc_o      = 1'b1;
    exc_code_o = EXC_ILLEGAL_INSN;
    exc_tval_o = 64'd0;
    if (ifault_i) begin
      exc_code_o = EXC_INSN_ACCESS;
      exc_tval_o = ifault_hi_i ? pc_i + 64'd2 : pc_i;  // the faulting half (sec. 3.1.16)
    end else if (dec_i.illegal || priv_illegal) begin
      exc_code_o = EXC_ILLEGAL_INSN;
      exc_tval_o = {32'd0, insn_i};
    end else if (dec_i.ecall) begin
      exc_code_o = (priv_i == PRIV_U) ? EXC_ECALL_U : ((priv_i == PRIV_S) ? EXC_ECALL_S : EXC_ECALL_M);
    end else if (dec_i.ebreak) begin
      exc_code_o = EXC_BREAKPOINT;
      exc_tval_o = pc_i;
    end else if (dec_i.mem_en && misaligned) begin
      exc_code_o = dec_i.mem_we ? EXC_STORE_MISALIGNED : EXC_LOAD_MISALIGNED;
      exc_tval_o = alu_o;
    end else begin
      exc_o = 1'b0;
    end
  end
endmodule
