// uvs_core: uvmsoc's RV64IMAC + Zicsr + Zifencei + Zicntr/Zihpm hart with
// M, S and U modes (RISC-V unprivileged spec 20191213, privileged spec
// v1.12). Ports follow docs/architecture.md "The core (contract: ports)"
// and "On-chip bus".
//
// Microarchitecture: an in-order FSM that executes an instruction in the
// cycle its fetch response arrives (or, for the next instruction inside the
// 8-byte word fetched last, the cycle after the previous one) and issues
// the next fetch in that same cycle, so with a memory answering one cycle
// after the grant:
//   ALU, LUI/AUIPC, jumps and branches (taken or not), CSR, FENCE[.I],
//   MRET/SRET, SFENCE.VMA: 1 cycle; loads, stores, LR/SC/AMO: 2 cycles;
//   MUL*: 2 cycles; DIV/REM: 34 cycles (W forms 18; division by zero 2);
//   WFI: >= 2 cycles; trap entry: 1 cycle (the handler's first fetch is
//   issued at once); a 32-bit instruction whose upper half lies in the next
//   8-byte word: 1 more cycle unless its lower half is in the held word.
// States:
//   S_FETCH  instruction request pending (no grant yet) at pc_q, or at the
//            next word's base (pc_q + 2) for the upper half (hi_q)
//   S_EXEC   fetch granted, or the instruction is in the held word
//            (from_buf_q): take an interrupt, or decode and execute it:
//            finish it (write rd, retire, fetch the next pc) or start a
//            data access / muldiv operation; a 32-bit instruction at
//            pc[2:1] = 3 first fetches its upper half
//   S_DREQ   data request pending (no grant yet), operands from ir_q
//   S_DWAIT  data request granted; finish on dmem_rvalid_i
//   S_MULDIV waiting for uvs_muldiv done
//   S_WFI    WFI retired; wait for (mip & mie) != 0, then fetch the next pc
// Fetch interface: imem_addr_o is the pc (2-byte aligned; IALIGN = 16) or
// the base of the next word, imem_rdata_i the aligned 8-byte word holding
// it. The last word fetched is held (buf_q) and dropped by FENCE.I and by a
// store, SC or AMO to it. Compressed instructions (ch. 16) are expanded by
// uvs_rvc; the sequential pc adds 2 or 4.
// Traps are precise: the trapping instruction changes no register and
// reports rvfi_trap_o = 1 with its pc and bits (insn = 0 on a fetch
// access fault). Interrupts are taken between instructions (xepc = pc of
// the next instruction) and report nothing on the retire port. Traps go to
// M or, delegated through medeleg/mideleg from S or U, to S (uvs_csr).
// Data accesses: addr = byte address, be/wdata in the lanes of the aligned
// 8-byte word; we = 1 for stores, SC and AMOs, 0 for loads and LR; amo =
// UVS_AMO_*; be = 0x0f/0xf0/0xff for the .W/.D atomics. mstatus.MPRV has no
// effect (no translation, no PMP).
module uvs_core
  import uvs_arch_pkg::*;
#(
  parameter int HART_ID   = 0,  // value of mhartid
  parameter int HPM_WIDTH = 64, // bits of mhpmcounter3..10 (uvs_csr), 1..64
  parameter int HPM_COUNT = 8   // mhpmcounter3.. implemented (uvs_csr), 1..8
) (
  input  logic        clk_i,            // the hart's clock (uvs_pipe_sel gates it in WFI)
  input  logic        clk_free_i,       // the SoC clock, never gated (mcycle)
  input  logic        rst_ni,           // synchronous, active low
  output logic        sleep_o,          // WFI with nothing in flight and no wake-up: the clock may stop
  // instruction port
  output logic        imem_req_o,
  input  logic        imem_gnt_i,
  output logic [63:0] imem_addr_o,      // 2-byte aligned
  input  logic        imem_rvalid_i,
  input  logic [63:0] imem_rdata_i,     // the aligned 8-byte word holding imem_addr_o
  input  logic        imem_err_i,
  // data port
  output logic        dmem_req_o,
  input  logic        dmem_gnt_i,
  output logic [63:0] dmem_addr_o,
  output logic        dmem_we_o,
  output logic [7:0]  dmem_be_o,
  output logic [63:0] dmem_wdata_o,
  output logic [3:0]  dmem_amo_o,
  input  logic        dmem_rvalid_i,
  input  logic [63:0] dmem_rdata_i,
  input  logic        dmem_err_i,
  // interrupts (level) and time
  input  logic        irq_software_i,   // mip.MSIP (CLINT)
  input  logic        irq_timer_i,      // mip.MTIP (CLINT)
  input  logic        irq_external_i,   // mip.MEIP
  input  logic        irq_s_external_i, // OR-ed into mip.SEIP (PLIC S-mode context)
  input  logic [63:0] mtime_i,
  // SoC performance events (hpm.def HPM_EV_EXT0 + i; level, counted per cycle)
  input  logic [HPM_EXT-1:0] hpm_ext_i,
  // retire port (registered: one cycle after the instruction completes)
  output logic        rvfi_valid_o,
  output logic [63:0] rvfi_pc_o,
  output logic [31:0] rvfi_insn_o,      // original encoding: 16-bit ones zero-extended
  output logic [4:0]  rvfi_rd_o,        // 0 = no register written
  output logic [63:0] rvfi_rd_wdata_o,
  output logic        rvfi_trap_o       // the instruction trapped instead of retiring
);
  typedef enum logic [2:0] {S_FETCH, S_EXEC, S_DREQ, S_DWAIT, S_MULDIV, S_WFI} state_e;

  // ---- architectural state of the hart: pc here, registers in
  // ---- uvs_regfile, CSRs and privilege in uvs_csr
  logic [63:0] pc_q;

  // ---- micro-architectural state ----
  state_e      state_q, state_d;
  logic [31:0] ir_q;        // original bits of the instruction being executed after its fetch cycle
  logic        hi_q;        // the pending fetch is the upper half of a 32-bit instruction at pc[2:1] = 3
  logic [15:0] lo_q;        // its lower half
  logic        from_buf_q;  // S_EXEC: the instruction is in the held word, no fetch pending
  logic [63:0] buf_q;       // held word: the last fetched 8-byte word
  logic [63:3] buf_tag_q;   // its address
  logic        buf_v_q;

  // fetch
  logic        fetch_resp;  // S_EXEC and the fetched word (or the held one) is here
  logic [63:0] word;        // that word
  logic [31:0] word_at_pc;  // its bits from pc[2:1] on (zero-filled above)
  logic        need_hi;     // a 32-bit instruction at pc[2:1] = 3: fetch its upper half
  logic [63:0] pc_hi;       // base of the word after pc's
  logic [31:0] raw_new, raw;  // original instruction bits (16-bit: zero-extended)
  logic [63:0] buf_d;
  logic [63:3] buf_tag_d;
  logic        buf_v_d, buf_kill;
  logic        hit, hit_straddle;  // next_pc is in the held word (and straddles into the next)
  logic [15:0] next_half;
  // decode and execute
  logic        insn_arrive;  // the whole instruction is here (S_EXEC)
  logic        is_rvc, rvc_illegal;
  logic [31:0] insn, rvc_insn;
  decoded_t    dec;
  logic [4:0]  rd;
  logic [63:0] rs1_val, rs2_val, opa, opb, alu_res;
  logic        br_taken;
  logic [63:0] insn_len, pc_seq, target, next_pc;
  logic        jump;
  // CSR unit
  logic [63:0] csr_rdata, trap_vector, mepc, sepc;
  logic        csr_illegal, csr_write, csr_commit, irq_take, wake, tw, tsr, tvm;
  logic [5:0]  irq_code;
  logic [1:0]  priv;
  logic        priv_illegal;  // MRET/SRET/SFENCE.VMA/WFI not allowed at this privilege
  // completion and traps
  logic        imem_fault;  // the fetch of the arriving instruction failed
  logic        exc;         // the instruction raises a synchronous exception
  logic [5:0]  exc_code;
  logic [63:0] exc_tval;
  logic        trap, trap_irq, mret, sret, retire;
  logic [5:0]  trap_code;
  logic [63:0] trap_tval;
  logic        finish;      // the instruction completes this cycle (retires or traps)
  logic        advance;     // leave the instruction: go to next_pc
  logic        exec_go;     // the arriving instruction proceeds to a data access or muldiv
  logic        rf_we;
  logic [63:0] rf_wdata;
  // LSU and muldiv
  logic        mem_misaligned;
  logic [63:0] load_data;
  logic        md_start, md_done;
  logic [63:0] md_result;
  // performance events
  logic [HPM_EVENTS-1:0] hpm_event;
  logic                  hpm_on;     // some counter counts an event (uvs_csr)

  // ---- fetch: the instruction at pc_q from the fetched or the held word ----

  assign word       = from_buf_q ? buf_q : imem_rdata_i;
  // In S_WFI nothing is in flight (fetch and data wait in their own states).
  assign sleep_o    = (state_q == S_WFI) && !wake;
  assign fetch_resp = (state_q == S_EXEC) && (from_buf_q || imem_rvalid_i);
  assign imem_fault = (state_q == S_EXEC) && !from_buf_q && imem_rvalid_i && imem_err_i;
  assign word_at_pc = 32'({16'd0, word} >> {pc_q[2:1], 4'b0000});
  assign pc_hi      = {pc_q[63:3] + 61'd1, 3'b000};
  assign need_hi    = fetch_resp && !imem_fault && !hi_q && (pc_q[2:1] == 2'b11) &&
                      (word[49:48] == 2'b11);
  assign raw_new    = hi_q ? {word[15:0], lo_q} :
                      (word_at_pc[1:0] == 2'b11) ? word_at_pc : {16'd0, word_at_pc[15:0]};
  assign insn_arrive = fetch_resp && !need_hi;
  assign raw        = (state_q == S_EXEC) ? raw_new : ir_q;

  // ---- decode: 16-bit encodings through uvs_rvc (ch. 16) ----

  assign is_rvc = (raw[1:0] != 2'b11);
  uvs_rvc u_rvc (.c_i(raw[15:0]), .insn_o(rvc_insn), .illegal_o(rvc_illegal));
  assign insn = is_rvc ? rvc_insn : raw;
  assign rd   = insn[11:7];

  uvs_decode #(.SUPERVISOR(1'b1)) u_decode (.insn_i(insn), .dec_o(dec));

  uvs_regfile u_regfile (
    .clk_i,
    .raddr_a_i(insn[19:15]), .rdata_a_o(rs1_val),
    .raddr_b_i(insn[24:20]), .rdata_b_o(rs2_val),
    .we_i(rf_we), .waddr_i(rd), .wdata_i(rf_wdata)
  );

  always_comb begin
    case (dec.opa)
      OPA_PC:   opa = pc_q;
      OPA_ZERO: opa = 64'd0;
      default:  opa = rs1_val;
    endcase
  end
  assign opb = dec.opb_imm ? dec.imm : rs2_val;

  uvs_alu u_alu (
    .a_i(opa), .b_i(opb), .fn_i(dec.alu_fn), .alt_i(dec.alu_alt), .word_i(dec.word),
    .result_o(alu_res), .br_taken_o(br_taken)
  );

  // ---- control flow (IALIGN = 16: no target is misaligned) ----
  assign insn_len = is_rvc ? 64'd2 : 64'd4;
  assign pc_seq   = pc_q + insn_len;
  assign target   = dec.jalr ? {alu_res[63:1], 1'b0} : (pc_q + dec.imm);
  assign jump     = dec.jal | dec.jalr | (dec.branch & br_taken);

  // ---- CSRs ----

  assign csr_write  = (insn[13:12] == 2'b01) || (insn[19:15] != 5'd0);
  assign csr_commit = retire & dec.csr;
  assign mret       = retire & dec.mret;
  assign sret       = retire & dec.sret;

  uvs_csr #(.HART_ID(HART_ID), .HPM_WIDTH(HPM_WIDTH), .HPM_COUNT(HPM_COUNT)) u_csr (
    .clk_i, .clk_free_i, .rst_ni,
    .csr_addr_i(insn[31:20]), .csr_op_i(insn[13:12]), .csr_write_i(csr_write),
    .csr_src_i(insn[14] ? {59'd0, insn[19:15]} : rs1_val),
    .csr_commit_i(csr_commit), .csr_sel_i(dec.csr), .csr_rdata_o(csr_rdata), .csr_illegal_o(csr_illegal),
    .trap_i(trap), .trap_irq_i(trap_irq), .trap_code_i(trap_code),
    .trap_pc_i(pc_q), .trap_tval_i(trap_tval), .trap_vector_o(trap_vector),
    .mret_i(mret), .sret_i(sret), .mepc_o(mepc), .sepc_o(sepc),
    .retire_i(retire), .hpm_event_i(hpm_event), .hpm_on_o(hpm_on),
    .irq_software_i, .irq_timer_i, .irq_external_i, .irq_s_external_i, .mtime_i,
    .priv_o(priv), .tw_o(tw), .tsr_o(tsr), .tvm_o(tvm),
    .irq_take_o(irq_take), .irq_code_o(irq_code), .wake_o(wake)
  );

  // Privileged instructions (privileged spec 3.1.6.5, 3.3.2, 3.3.3, 4.2.1):
  // MRET only in M; SRET and SFENCE.VMA not in U, nor in S with TSR / TVM;
  // WFI not in U (S mode exists), nor in S with TW (time limit 0).
  assign priv_illegal = (dec.mret && priv != PRIV_M) ||
                        ((dec.sret || dec.sfence_vma || dec.wfi) && priv == PRIV_U) ||
                        (priv == PRIV_S && ((dec.sret && tsr) || (dec.sfence_vma && tvm) ||
                                            (dec.wfi && tw)));

  // ---- data access ----

  uvs_lsu u_lsu (
    .addr_i(alu_res[2:0]), .size_i(dec.mem_size), .unsigned_i(dec.mem_unsigned), .amo_i(dec.amo),
    .store_data_i(rs2_val), .misaligned_o(mem_misaligned),
    .be_o(dmem_be_o), .wdata_o(dmem_wdata_o),
    .rdata_i(dmem_rdata_i), .load_data_o(load_data)
  );

  // ---- multiply/divide ----

  uvs_muldiv u_muldiv (
    .clk_i, .rst_ni,
    .start_i(md_start), .op_i(insn[14:12]), .word_i(dec.word), .a_i(rs1_val), .b_i(rs2_val),
    .done_o(md_done), .result_o(md_result)
  );

  // ---- exceptions of the instruction arriving in S_EXEC, in priority
  // ---- order (privileged spec table 3.7), and data access faults

  always_comb begin
    exc      = 1'b1;
    exc_code = EXC_ILLEGAL_INSN;
    exc_tval = 64'd0;
    if (state_q == S_DWAIT) begin
      exc      = dmem_err_i;
      exc_code = dec.mem_we ? EXC_STORE_ACCESS : EXC_LOAD_ACCESS;
      exc_tval = alu_res;
    end else if (imem_fault) begin
      // tval: the address of the faulting part (sec. 3.1.16)
      exc_code = EXC_INSN_ACCESS;
      exc_tval = hi_q ? pc_hi : pc_q;
    end else if ((is_rvc && rvc_illegal) || dec.illegal || (dec.csr && csr_illegal) || priv_illegal) begin
      exc_code = EXC_ILLEGAL_INSN;
      exc_tval = {32'd0, raw};
    end else if (dec.ecall) begin
      exc_code = (priv == PRIV_U) ? EXC_ECALL_U : ((priv == PRIV_S) ? EXC_ECALL_S : EXC_ECALL_M);
    end else if (dec.ebreak) begin
      exc_code = EXC_BREAKPOINT;
      exc_tval = pc_q;
    end else if (dec.mem_en && mem_misaligned) begin
      exc_code = dec.mem_we ? EXC_STORE_MISALIGNED : EXC_LOAD_MISALIGNED;
      exc_tval = alu_res;
    end else begin
      exc = 1'b0;
    end
  end

  // ---- completion ----

  assign trap_irq  = insn_arrive & irq_take;
  assign trap      = trap_irq | (finish & exc);
  assign trap_code = trap_irq ? irq_code : exc_code;
  assign trap_tval = trap_irq ? 64'd0 : exc_tval;
  assign retire    = finish & !exc & !trap_irq;

  always_comb begin
    finish = 1'b0;
    case (state_q)
      S_EXEC:   finish = (insn_arrive | imem_fault) & (exc | !(dec.mem_en | dec.muldiv));
      S_DWAIT:  finish = dmem_rvalid_i;
      S_MULDIV: finish = md_done;
      default:  finish = 1'b0;
    endcase
  end

  always_comb begin
    case (dec.wb_sel)
      WB_LINK:   rf_wdata = pc_seq;
      WB_CSR:    rf_wdata = csr_rdata;
      WB_MEM:    rf_wdata = load_data;
      WB_MULDIV: rf_wdata = md_result;
      default:   rf_wdata = alu_res;
    endcase
  end
  assign rf_we = retire & dec.rd_we;

  always_comb begin
    if (trap)      next_pc = trap_vector;
    else if (mret) next_pc = mepc;
    else if (sret) next_pc = sepc;
    else if (jump) next_pc = target;
    else           next_pc = pc_seq;
  end

  // ---- held word: the fetched word replaces it; FENCE.I and a store-type
  // ---- access to it drop it (unprivileged 3.1: FENCE.I orders stores
  // ---- before later fetches of this hart)

  assign buf_kill  = retire && (dec.fence_i || (dec.mem_we && alu_res[63:3] == buf_tag_q));
  always_comb begin
    buf_d     = buf_q;
    buf_tag_d = buf_tag_q;
    buf_v_d   = buf_v_q;
    if (fetch_resp && !from_buf_q && !imem_fault) begin
      buf_d     = imem_rdata_i;
      buf_tag_d = hi_q ? pc_hi[63:3] : pc_q[63:3];
      buf_v_d   = 1'b1;
    end
    if (buf_kill) buf_v_d = 1'b0;
  end
  assign hit          = buf_v_d && (buf_tag_d == next_pc[63:3]);
  assign next_half    = 16'(buf_d >> {next_pc[2:1], 4'b0000});
  assign hit_straddle = hit && (next_pc[2:1] == 2'b11) && (next_half[1:0] == 2'b11);

  // ---- requests ----

  assign exec_go  = insn_arrive & !trap_irq & !exc & (dec.mem_en | dec.muldiv);
  assign advance  = trap | (retire & !dec.wfi);
  assign md_start = exec_go & dec.muldiv;

  assign imem_req_o = (state_q == S_FETCH) | need_hi | (advance & !(hit & !hit_straddle));
  always_comb begin
    if (state_q == S_FETCH) imem_addr_o = hi_q ? pc_hi : pc_q;
    else if (need_hi)       imem_addr_o = pc_hi;
    else if (hit_straddle)  imem_addr_o = {next_pc[63:3] + 61'd1, 3'b000};
    else                    imem_addr_o = next_pc;
  end

  assign dmem_req_o  = (exec_go & dec.mem_en) | (state_q == S_DREQ);
  assign dmem_addr_o = alu_res;
  assign dmem_we_o   = dec.mem_we;
  assign dmem_amo_o  = dec.amo;

  always_comb begin
    state_d = state_q;
    if (advance) begin
      state_d = ((hit && !hit_straddle) || imem_gnt_i) ? S_EXEC : S_FETCH;
    end else if (need_hi) begin
      state_d = imem_gnt_i ? S_EXEC : S_FETCH;
    end else begin
      case (state_q)
        S_FETCH:  if (imem_gnt_i) state_d = S_EXEC;
        S_EXEC: begin
          if (retire) state_d = S_WFI;  // only WFI retires without advancing
          else if (exec_go) state_d = dec.muldiv ? S_MULDIV : (dmem_gnt_i ? S_DWAIT : S_DREQ);
        end
        S_DREQ:   if (dmem_gnt_i) state_d = S_DWAIT;
        S_WFI:    if (wake) state_d = S_FETCH;
        default:  ;
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q    <= S_FETCH;
      pc_q       <= uvs_memmap_pkg::UVS_RESET_PC;
      ir_q       <= '0;
      hi_q       <= 1'b0;
      lo_q       <= '0;
      from_buf_q <= 1'b0;
      buf_q      <= '0;
      buf_tag_q  <= '0;
      buf_v_q    <= 1'b0;
    end else begin
      state_q   <= state_d;
      buf_q     <= buf_d;
      buf_tag_q <= buf_tag_d;
      buf_v_q   <= buf_v_d;
      if (insn_arrive) ir_q <= raw_new;
      if (advance) begin
        pc_q       <= next_pc;
        hi_q       <= hit_straddle;
        lo_q       <= next_half;
        from_buf_q <= hit && !hit_straddle;
      end else if (need_hi) begin
        hi_q       <= 1'b1;
        lo_q       <= word[63:48];
        from_buf_q <= 1'b0;
      end else if (retire) begin
        pc_q       <= pc_seq;  // WFI: resume at the next instruction, fetched anew
        hi_q       <= 1'b0;
        from_buf_q <= 1'b0;
      end
    end
  end

  // ---- performance events (include/uvmsoc/hpm.def) ----
  always_comb begin
    hpm_event = '0;
    if (hpm_on) begin  // (no counter counts: nothing to compute)
      hpm_event[HPM_EV_FETCH_WAIT] =
          (state_q == S_FETCH) || (state_q == S_EXEC && !from_buf_q && !imem_rvalid_i);
      hpm_event[HPM_EV_DATA_WAIT] =
          (state_q == S_DREQ) || (state_q == S_DWAIT && !dmem_rvalid_i);
      hpm_event[HPM_EV_LOAD]   = retire && dec.mem_en && !dec.mem_we;
      hpm_event[HPM_EV_STORE]  = retire && dec.mem_en && dec.mem_we;
      hpm_event[HPM_EV_TAKEN]  = retire && jump;
      hpm_event[HPM_EV_TRAP]   = trap;
      hpm_event[HPM_EV_MULDIV_BUSY] = (state_q == S_MULDIV) && !md_done;
      hpm_event[HPM_EV_RVC]    = retire && is_rvc;
      hpm_event[HPM_EV_FETCH]  = imem_req_o && imem_gnt_i;
      for (int i = 0; i < HPM_EXT; i++) hpm_event[HPM_EV_EXT0 + i] = hpm_ext_i[i];
    end
  end

  // ---- retire port ----
  uvs_retire u_retire (
    .clk_i, .rst_ni,
    .fin_i(finish), .irq_i(trap_irq), .exc_i(exc), .pc_i(pc_q), .insn_i(imem_fault ? 32'd0 : raw),
    .we_i(rf_we), .rd_i(rd), .wdata_i(rf_wdata),
    .valid_o(rvfi_valid_o), .pc_o(rvfi_pc_o), .insn_o(rvfi_insn_o), .rd_o(rvfi_rd_o),
    .rd_wdata_o(rvfi_rd_wdata_o), .trap_o(rvfi_trap_o)
  );
endmodule
