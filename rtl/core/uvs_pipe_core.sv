// uvs_pipe_core: uvmsoc's pipelined RV64IMAC + Zicsr + Zifencei + Zicntr/
// Zihpm hart with M, S and U modes (RISC-V unprivileged spec 20191213,
// privileged spec v1.12):
// the same ports, ISA, privilege behaviour and retire port as uvs_core
// (docs/architecture.md "The core", "On-chip bus"), as an in-order pipeline
// (docs/architecture.md "The pipelined core"):
//   F  uvs_pipe_fetch: fetch address register, BTB prediction, instruction
//      port, fetch queue of 8-byte words, aligner (2-byte granularity,
//      32-bit instructions straddling two words)
//   D  uvs_rvc (16-bit encodings), uvs_decode, register read (bypassed
//      from this cycle's write), pc + length and pc + imm, load-use
//      interlock (uvs_pipe_hazard)
//   E  forwarding (uvs_pipe_fwd), uvs_pipe_ex (ALU, branch resolution,
//      exceptions), uvs_muldiv (the stage waits for it); a mispredicted next
//      pc redirects fetch from a register (3 cycles lost)
//   M  the data request, from registers, issued only when nothing older can
//      trap any more (so stores, AMOs and MMIO accesses are never undone)
//   W  commit: data response, CSR access (uvs_csr, used here only), traps,
//      interrupts, MRET, SRET, SFENCE.VMA, WFI; register write; hpm events;
//      the retire port (original encoding) is registered from here (one
//      cycle after completion, as uvs_core)
// Precise traps: exceptions found in E travel to W, where the instruction
// traps without changing anything; everything younger is flushed. An
// interrupt is taken at W in place of an instruction that has no side
// effect yet (not a data access already issued); xepc = its pc. CSR
// instructions, MRET, SRET, SFENCE.VMA, WFI and FENCE.I flush the younger
// instructions and refetch after them (CSR side effects serialized;
// FENCE.I refetches the code the program wrote). minstret counts at W, so a CSR read of it sees
// every older instruction.
module uvs_pipe_core
  import uvs_arch_pkg::*;
#(
  parameter int HART_ID   = 0,  // value of mhartid
  parameter int HPM_WIDTH = 64, // bits of mhpmcounter3..10 (uvs_csr), 1..64
  parameter int HPM_COUNT = 8,  // mhpmcounter3.. implemented (uvs_csr), 1..8
  parameter RAM_STYLE     = "auto"  // ram_style of the fetch queue's memories (uvs_pipe_fetch)
) (
  input  logic        clk_i,            // the hart's clock (uvs_pipe_sel gates it in WFI)
  input  logic        clk_free_i,       // the SoC clock, never gated (mcycle)
  input  logic        rst_ni,           // synchronous, active low
  output logic        sleep_o,          // WFI with nothing in flight and no wake-up: the clock may stop
  // instruction port
  output logic        imem_req_o,
  input  logic        imem_gnt_i,
  output logic [63:0] imem_addr_o,
  input  logic        imem_rvalid_i,
  input  logic [63:0] imem_rdata_i,     // the aligned 8-byte word holding the request address
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
  input  logic        irq_software_i,
  input  logic        irq_timer_i,
  input  logic        irq_external_i,   // mip.MEIP
  input  logic        irq_s_external_i, // OR-ed into mip.SEIP (PLIC S-mode context)
  input  logic [63:0] mtime_i,
  // SoC performance events (hpm.def HPM_EV_EXT0 + i; level, counted per cycle)
  input  logic [HPM_EXT-1:0] hpm_ext_i,
  // retire port (registered: one cycle after the instruction completes)
  output logic        rvfi_valid_o,
  output logic [63:0] rvfi_pc_o,
  output logic [31:0] rvfi_insn_o,
  output logic [4:0]  rvfi_rd_o,        // 0 = no register written
  output logic [63:0] rvfi_rd_wdata_o,
  output logic        rvfi_trap_o       // the instruction trapped instead of retiring
);
  // ---------------------------------------------------------------- F / D
  logic        f_valid, f_err, f_err_hi, f_pop, f_word_used, f_mem_wait;
  logic [63:0] f_pc, f_npc, f_bpc;
  logic [31:0] d_raw, d_insn, d_cinsn;  // original bits; expanded (uvs_rvc) 32-bit form
  logic        d_c, d_cill;              // 16-bit encoding; it is illegal
  decoded_t    d_dec, d_dec_raw;
  logic [63:0] d_rs1, d_rs2, rf_a, rf_b, d_seq, d_tgt;
  logic        d_use1, d_use2, d_stall, d_go;
  // redirect of fetch (commit flush or execute mispredict)
  logic        redirect, wfi_q;
  logic [63:0] redirect_pc;
  // branch predictor training
  logic        btb_upd;

  // ---------------------------------------------------------------- E
  logic        e_valid_q, e_kill_q, e_live, e_err_q, e_err_hi_q, e_c_q, e_pseq, e_ptgt;
  logic [63:0] e_pc_q, e_rs1_q, e_rs2_q, e_seq_q, e_tgt_q, e_npc_q, e_bpc_q;
  logic [31:0] e_insn_q, e_raw_q;
  decoded_t    e_dec_q;
  logic [63:0] e_a, e_b, e_alu, e_res, e_npc, e_tval, e_wdata;
  logic [7:0]  e_be;
  logic        e_jump, e_mispred, e_exc, e_sexc, e_done, e_go, e_free, e_redirect;
  logic [5:0]  e_code;
  logic        md_start, md_done, md_busy_q, e_md_started_q, e_md_done_q, e_held_q, fwd_a, fwd_b;
  logic [63:0] md_result;
  logic        fetch_used_q;  // f_word_used, one cycle late (hpm event)

  // ---------------------------------------------------------------- M
  logic        m_valid_q, m_err_q, m_exc_q, m_hold_q, m_jump_q;
  logic [63:0] m_pc_q, m_res_q, m_rs1_q, m_addr_q, m_wdata_q, m_seq_q, m_tval_q;
  logic [31:0] m_insn_q, m_raw_q;
  logic        m_c_q;
  decoded_t    m_dec_q;
  logic [7:0]  m_be_q;
  logic [5:0]  m_code_q;
  logic        m_mem, m_go, m_free;

  // ---------------------------------------------------------------- W
  logic        w_valid_q, w_err_q, w_exc_q, w_wait_q, w_jump_q;
  logic [63:0] w_pc_q, w_res_q, w_rs1_q, w_addr_q, w_seq_q, w_tval_q;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0] w_insn_q;  // expanded form: register and CSR fields (opcode from w_dec_q)
  /* verilator lint_on UNUSEDSIGNAL */
  logic [31:0] w_raw_q;
  logic        w_c_q;
  /* verilator lint_off UNUSEDSIGNAL */
  decoded_t    w_dec_q;  // commit uses the write-back, CSR, memory and system fields
  /* verilator lint_on UNUSEDSIGNAL */
  logic [5:0]  w_code_q;
  logic        w_fin, w_irq, w_exc, w_serial, w_fencei, w_accept, w_flush;
  logic        trap, retire, mret, sret, rf_we;
  logic [5:0]  trap_code;
  logic [63:0] trap_tval, rf_wdata, load_data;
  // CSR unit
  logic [63:0] csr_rdata, trap_vector, mepc, sepc;
  logic        csr_illegal, csr_write, irq_take, wake, tw, tsr, tvm;
  logic [HPM_EVENTS-1:0] hpm_event;
  logic                  hpm_on;     // some counter counts an event (uvs_csr)
  logic [5:0]  irq_code;
  logic [1:0]  priv;

  // ======================================================== fetch
  uvs_pipe_fetch #(.RAM_STYLE(RAM_STYLE)) u_fetch (
    .clk_i, .rst_ni,
    .imem_req_o, .imem_gnt_i, .imem_addr_o, .imem_rvalid_i, .imem_rdata_i, .imem_err_i,
    .redirect_i(redirect), .redirect_pc_i(redirect_pc), .halt_i(wfi_q),
    .valid_o(f_valid), .pc_o(f_pc), .insn_o(d_raw), .err_o(f_err), .err_hi_o(f_err_hi),
    .pred_npc_o(f_npc), .block_pc_o(f_bpc), .word_used_o(f_word_used),
    .mem_wait_o(f_mem_wait),
    .pop_i(f_pop),
    .btb_upd_i(btb_upd), .btb_pc_i(e_bpc_q), .btb_off_i(e_pc_q[2:1]),
    // a straddling instruction is never predicted taken (its upper half
    // is in the next word, which a taken prediction would not fetch)
    .btb_cf_i((e_dec_q.branch | e_dec_q.jal | e_dec_q.jalr) && !(e_pc_q[2:1] == 2'b11 && !e_c_q)),
    .btb_taken_i(e_jump), .btb_off_seq_i(!e_pseq), .btb_target_i(e_npc)
  );

  // ======================================================== decode
  // 16-bit encodings are expanded first (uvs_rvc, unprivileged ch. 16); an
  // illegal one is an illegal instruction with xtval = its 16 bits.
  assign d_c = (d_raw[1:0] != 2'b11);
  uvs_rvc u_rvc (.c_i(d_raw[15:0]), .insn_o(d_cinsn), .illegal_o(d_cill));
  assign d_insn = d_c ? d_cinsn : d_raw;
  uvs_decode #(.SUPERVISOR(1'b1)) u_decode (.insn_i(d_insn), .dec_o(d_dec_raw));
  always_comb begin
    d_dec = d_dec_raw;
    if (d_c && d_cill) d_dec.illegal = 1'b1;
  end

  uvs_regfile u_regfile (
    .clk_i,
    .raddr_a_i(d_insn[19:15]), .rdata_a_o(rf_a),
    .raddr_b_i(d_insn[24:20]), .rdata_b_o(rf_b),
    .we_i(rf_we), .waddr_i(w_insn_q[11:7]), .wdata_i(rf_wdata)
  );

  // This cycle's register write is seen by decode (write-through).
  assign d_rs1 = (rf_we && w_insn_q[11:7] == d_insn[19:15] && d_insn[19:15] != 5'd0) ? rf_wdata : rf_a;
  assign d_rs2 = (rf_we && w_insn_q[11:7] == d_insn[24:20] && d_insn[24:20] != 5'd0) ? rf_wdata : rf_b;
  assign d_seq = f_pc + (d_c ? 64'd2 : 64'd4);
  assign d_tgt = f_pc + d_dec.imm;
  assign d_use1 = (d_dec.opa == OPA_RS1) && !d_dec.jal;
  assign d_use2 = !d_dec.opb_imm || d_dec.mem_we;

  uvs_pipe_hazard u_hazard (
    .rs1_i(d_insn[19:15]), .use_rs1_i(d_use1), .rs2_i(d_insn[24:20]), .use_rs2_i(d_use2),
    .e_ld_i(e_live && e_dec_q.rd_we && e_dec_q.wb_sel == WB_MEM), .e_rd_i(e_insn_q[11:7]),
    .m_ld_i(m_valid_q && m_dec_q.rd_we && m_dec_q.wb_sel == WB_MEM), .m_rd_i(m_insn_q[11:7]),
    .w_ld_i(w_valid_q && w_dec_q.rd_we && w_dec_q.wb_sel == WB_MEM && !(w_wait_q && dmem_rvalid_i)),
    .w_rd_i(w_insn_q[11:7]),
    .stall_o(d_stall)
  );

  // A wrong-path instruction that enters execute in the cycle of a
  // mispredict redirect is killed there in the next cycle (e_kill_q), so
  // that the redirect decision does not gate this transfer.
  // WFI retired (everything younger flushed, no data access can be in
  // flight behind a serializing W) and the fetch unit idle: nothing changes
  // until an interrupt is pending, so uvs_pipe_sel may stop the clock.
  assign sleep_o = wfi_q && !wake && !imem_req_o && !f_mem_wait;

  assign d_go  = f_valid && !d_stall && e_free;
  assign f_pop = d_go;

  // ======================================================== execute
  uvs_pipe_fwd u_fwd_a (
    .rs_i(e_insn_q[19:15]), .rf_val_i(e_rs1_q),
    .m_we_i(m_valid_q && m_dec_q.rd_we), .m_rd_i(m_insn_q[11:7]), .m_val_i(m_res_q),
    .w_we_i(w_valid_q && w_dec_q.rd_we), .w_rd_i(w_insn_q[11:7]), .w_val_i(w_res_q),
    .val_o(e_a), .hit_o(fwd_a)
  );
  uvs_pipe_fwd u_fwd_b (
    .rs_i(e_insn_q[24:20]), .rf_val_i(e_rs2_q),
    .m_we_i(m_valid_q && m_dec_q.rd_we), .m_rd_i(m_insn_q[11:7]), .m_val_i(m_res_q),
    .w_we_i(w_valid_q && w_dec_q.rd_we), .w_rd_i(w_insn_q[11:7]), .w_val_i(w_res_q),
    .val_o(e_b), .hit_o(fwd_b)
  );

  uvs_pipe_ex u_ex (
    .pc_i(e_pc_q), .insn_i(e_raw_q), .dec_i(e_dec_q), .ifault_i(e_err_q), .ifault_hi_i(e_err_hi_q),
    .rs1_i(e_a), .rs2_i(e_b), .seq_i(e_seq_q), .tgt_i(e_tgt_q),
    .pred_npc_i(e_npc_q), .pred_seq_i(e_pseq), .pred_tgt_i(e_ptgt),
    .priv_i(priv), .tw_i(tw), .tsr_i(tsr), .tvm_i(tvm),
    .alu_o(e_alu), .result_o(e_res), .jump_o(e_jump), .npc_o(e_npc), .mispredict_o(e_mispred),
    .be_o(e_be), .wdata_o(e_wdata), .exc_o(e_exc), .exc_early_o(e_sexc), .exc_code_o(e_code), .exc_tval_o(e_tval)
  );

  // Multiply/divide: started once per instruction; a flushed operation
  // still runs to its done pulse (md_busy_q) before the next may start.
  // Its operands come from the execute registers, not through the
  // forwarding muxes (the multiplier is the longest path): an operand
  // forwarded this cycle delays the start by one cycle, in which the
  // register takes the forwarded value (e_held_q).
  // e_sexc: the exceptions known without the operands (uvs_pipe_ex). For a
  // multiply/divide (no memory access) it equals e_exc, and the stage's
  // advance (e_go, d_go) does not wait for the ALU's exception check.
  assign md_start = e_live && e_dec_q.muldiv && !e_sexc && !e_md_started_q && !md_busy_q &&
                    (e_held_q || !(fwd_a || fwd_b));

  uvs_muldiv u_muldiv (
    .clk_i, .rst_ni,
    .start_i(md_start), .op_i(e_insn_q[14:12]), .word_i(e_dec_q.word), .a_i(e_rs1_q), .b_i(e_rs2_q),
    .done_o(md_done), .result_o(md_result)
  );

  assign e_done = !e_dec_q.muldiv || e_sexc || e_md_done_q || (e_md_started_q && md_done);
  assign e_live = e_valid_q && !e_kill_q;
  assign e_pseq = (e_npc_q == e_seq_q);
  assign e_ptgt = (e_npc_q == e_tgt_q);
  assign e_go   = e_live && e_done && m_free;
  assign e_free = !e_live || e_go;
  // A mispredicted instruction that will trap on a misaligned address still
  // redirects fetch to its next pc and trains the predictor (harmless: its
  // trap at commit flushes everything younger); only the exceptions known
  // early gate these, so that they do not wait for the ALU's address.
  assign e_redirect = e_go && !e_sexc && e_mispred;
  assign btb_upd    = e_go && !e_sexc &&
                      (e_dec_q.branch || e_dec_q.jal || e_dec_q.jalr || !e_pseq);

  // ======================================================== memory
  // The request leaves only when the commit stage is empty or completes
  // without trap, flush or interrupt this cycle, so nothing older can undo
  // it; once asserted it is held until the grant (bus contract).
  assign m_mem        = m_valid_q && m_dec_q.mem_en && !m_exc_q;
  assign dmem_req_o   = m_mem && (m_hold_q || w_accept);
  assign dmem_addr_o  = m_addr_q;
  assign dmem_we_o    = m_dec_q.mem_we;
  assign dmem_be_o    = m_be_q;
  assign dmem_wdata_o = m_wdata_q;
  assign dmem_amo_o   = m_dec_q.amo;
  assign m_go   = m_valid_q && (m_mem ? (dmem_req_o && dmem_gnt_i) : w_accept);
  assign m_free = !m_valid_q || m_go;

  // ======================================================== commit
  assign csr_write = (w_insn_q[13:12] == 2'b01) || (w_insn_q[19:15] != 5'd0);

  uvs_csr #(.HART_ID(HART_ID), .HPM_WIDTH(HPM_WIDTH), .HPM_COUNT(HPM_COUNT)) u_csr (
    .clk_i, .clk_free_i, .rst_ni,
    .csr_addr_i(w_insn_q[31:20]), .csr_op_i(w_insn_q[13:12]), .csr_write_i(csr_write),
    .csr_src_i(w_insn_q[14] ? {59'd0, w_insn_q[19:15]} : w_rs1_q),
    .csr_commit_i(retire && w_dec_q.csr), .csr_sel_i(w_dec_q.csr), .csr_rdata_o(csr_rdata), .csr_illegal_o(csr_illegal),
    .trap_i(trap), .trap_irq_i(w_irq), .trap_code_i(trap_code),
    .trap_pc_i(w_pc_q), .trap_tval_i(trap_tval), .trap_vector_o(trap_vector),
    .mret_i(mret), .sret_i(sret), .mepc_o(mepc), .sepc_o(sepc),
    .retire_i(retire), .hpm_event_i(hpm_event), .hpm_on_o(hpm_on),
    .irq_software_i, .irq_timer_i, .irq_external_i, .irq_s_external_i, .mtime_i,
    .priv_o(priv), .tw_o(tw), .tsr_o(tsr), .tvm_o(tvm), .irq_take_o(irq_take), .irq_code_o(irq_code), .wake_o(wake)
  );

  /* verilator lint_off UNUSEDSIGNAL */
  logic        unused_misaligned;  // the response half of uvs_lsu only
  logic [7:0]  unused_be;
  logic [63:0] unused_wdata;
  /* verilator lint_on UNUSEDSIGNAL */
  uvs_lsu u_lsu (
    .addr_i(w_addr_q[2:0]), .size_i(w_dec_q.mem_size), .unsigned_i(w_dec_q.mem_unsigned),
    .amo_i(w_dec_q.amo), .store_data_i(64'd0), .misaligned_o(unused_misaligned),
    .be_o(unused_be), .wdata_o(unused_wdata),
    .rdata_i(dmem_rdata_i), .load_data_o(load_data)
  );

  assign w_fencei = w_dec_q.fence_i;
  assign w_serial = w_dec_q.csr || w_dec_q.mret || w_dec_q.sret || w_dec_q.sfence_vma ||
                    w_dec_q.wfi || w_fencei;
  assign w_fin    = w_valid_q && (!w_wait_q || dmem_rvalid_i);
  assign w_irq    = w_valid_q && !w_wait_q && irq_take;
  assign w_exc    = w_exc_q || (w_dec_q.csr && csr_illegal) || (w_wait_q && dmem_rvalid_i && dmem_err_i);
  assign trap     = w_irq || (w_fin && w_exc);
  assign retire   = w_fin && !w_exc && !w_irq;
  assign mret     = retire && w_dec_q.mret;
  assign sret     = retire && w_dec_q.sret;
  assign w_flush  = trap || (retire && w_serial);
  // = !w_valid_q || (retire && !w_serial), written without the CSR access
  // check (a CSR instruction is serializing anyway) to keep it short.
  assign w_accept = !w_valid_q || (w_fin && !w_exc_q && !(w_wait_q && dmem_rvalid_i && dmem_err_i) &&
                                   !w_irq && !w_serial);

  always_comb begin
    trap_code = EXC_ILLEGAL_INSN;
    trap_tval = {32'd0, w_raw_q};
    if (w_irq) begin
      trap_code = irq_code;
      trap_tval = 64'd0;
    end else if (w_exc_q) begin
      trap_code = w_code_q;
      trap_tval = w_tval_q;
    end else if (w_wait_q) begin
      trap_code = w_dec_q.mem_we ? EXC_STORE_ACCESS : EXC_LOAD_ACCESS;
      trap_tval = w_addr_q;
    end
  end

  always_comb begin
    case (w_dec_q.wb_sel)
      WB_CSR:  rf_wdata = csr_rdata;
      WB_MEM:  rf_wdata = load_data;
      default: rf_wdata = w_res_q;  // ALU, link, muldiv
    endcase
  end
  assign rf_we = retire && w_dec_q.rd_we;

  // Fetch redirect: commit flush first, else an execute mispredict.
  assign redirect    = w_flush || e_redirect;
  assign redirect_pc = trap ? trap_vector : (mret ? mepc : (sret ? sepc : (w_flush ? w_seq_q : e_npc)));

  // Performance events (include/uvmsoc/hpm.def), as uvs_core counts them:
  // per-cycle waits, and per-instruction events at commit.
  always_comb begin
    hpm_event = '0;
    if (hpm_on) begin  // (no counter counts: nothing to compute)
      // decode has no instruction while the instruction port has not answered
      // (not the refill bubbles after a redirect: those are not memory waits)
      hpm_event[HPM_EV_FETCH_WAIT]  = !f_valid && f_mem_wait;
      hpm_event[HPM_EV_DATA_WAIT]   = (w_wait_q && !dmem_rvalid_i) || (dmem_req_o && !dmem_gnt_i);
      hpm_event[HPM_EV_LOAD]        = retire && w_dec_q.mem_en && !w_dec_q.mem_we;
      hpm_event[HPM_EV_STORE]       = retire && w_dec_q.mem_en && w_dec_q.mem_we;
      hpm_event[HPM_EV_TAKEN]       = retire && w_jump_q;
      hpm_event[HPM_EV_TRAP]        = trap;
      hpm_event[HPM_EV_MULDIV_BUSY] = md_busy_q && !md_done;
      hpm_event[HPM_EV_RVC]         = retire && w_c_q;
      // fetched words decode used up (speculative prefetches that a redirect
      // drops are not counted: the state machine fetches none)
      // (registered: counted one cycle late, so that the decode advance
      // feeds no counter logic in its cycle)
      hpm_event[HPM_EV_FETCH]       = fetch_used_q;
      for (int i = 0; i < HPM_EXT; i++) hpm_event[HPM_EV_EXT0 + i] = hpm_ext_i[i];
    end
  end

  // ======================================================== pipeline registers
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      e_valid_q      <= 1'b0;
      e_kill_q       <= 1'b0;
      e_held_q       <= 1'b0;
      m_valid_q      <= 1'b0;
      w_valid_q      <= 1'b0;
      m_hold_q       <= 1'b0;
      w_wait_q       <= 1'b0;
      md_busy_q      <= 1'b0;
      e_md_started_q <= 1'b0;
      e_md_done_q    <= 1'b0;
      wfi_q          <= 1'b0;
      fetch_used_q   <= 1'b0;
    end else begin
      m_hold_q <= dmem_req_o && !dmem_gnt_i;
      fetch_used_q <= f_word_used;
      if (md_start) md_busy_q <= 1'b1;
      else if (md_done) md_busy_q <= 1'b0;
      if (retire && w_dec_q.wfi) wfi_q <= 1'b1;
      else if (wake) wfi_q <= 1'b0;

      // commit stage
      if (w_flush) w_valid_q <= 1'b0;
      else if (m_go) w_valid_q <= 1'b1;
      else if (w_fin) w_valid_q <= 1'b0;
      // memory stage
      if (w_flush) m_valid_q <= 1'b0;
      else if (e_go) m_valid_q <= 1'b1;
      else if (m_go) m_valid_q <= 1'b0;
      // execute stage
      if (w_flush) e_valid_q <= 1'b0;
      else if (d_go) e_valid_q <= 1'b1;
      else if (e_go || e_kill_q) e_valid_q <= 1'b0;
      e_kill_q <= e_redirect && !w_flush;
      if (d_go) e_held_q <= 1'b0;
      else if (e_live && !e_go) e_held_q <= 1'b1;
      if (w_flush || e_go || !e_live) begin
        e_md_started_q <= 1'b0;
        e_md_done_q    <= 1'b0;
      end else begin
        if (md_start) e_md_started_q <= 1'b1;
        if (e_md_started_q && md_done) e_md_done_q <= 1'b1;
      end
    end
  end

  always_ff @(posedge clk_i) begin
    // decode -> execute; while execute waits its operands keep the
    // forwarded values (older results leave the pipe meanwhile)
    if (d_go) begin
      e_pc_q   <= f_pc;
      e_insn_q <= d_insn;
      e_dec_q  <= d_dec;
      e_err_q  <= f_err;
      e_err_hi_q <= f_err_hi;
      e_raw_q  <= d_raw;
      e_c_q    <= d_c;
      e_bpc_q  <= f_bpc;
      e_rs1_q  <= d_rs1;
      e_rs2_q  <= d_rs2;
      e_seq_q  <= d_seq;
      e_tgt_q  <= d_tgt;
      e_npc_q  <= f_npc;
    end else if (e_live && !e_go) begin
      e_rs1_q <= e_a;
      e_rs2_q <= e_b;
    end
    // execute -> memory
    if (e_go) begin
      m_pc_q    <= e_pc_q;
      m_insn_q  <= e_insn_q;
      m_raw_q   <= e_raw_q;
      m_c_q     <= e_c_q;
      m_dec_q   <= e_dec_q;
      m_err_q   <= e_err_q;
      m_exc_q   <= e_exc;
      m_jump_q  <= e_jump;
      m_code_q  <= e_code;
      m_tval_q  <= e_tval;
      m_res_q   <= e_dec_q.muldiv ? md_result : e_res;
      m_rs1_q   <= e_a;
      m_addr_q  <= e_alu;
      m_be_q    <= e_be;
      m_wdata_q <= e_wdata;
      m_seq_q   <= e_seq_q;
    end
    // memory -> commit
    if (m_go) begin
      w_pc_q   <= m_pc_q;
      w_insn_q <= m_insn_q;
      w_raw_q  <= m_raw_q;
      w_c_q    <= m_c_q;
      w_dec_q  <= m_dec_q;
      w_err_q  <= m_err_q;
      w_exc_q  <= m_exc_q;
      w_jump_q <= m_jump_q;
      w_code_q <= m_code_q;
      w_tval_q <= m_tval_q;
      w_res_q  <= m_res_q;
      w_rs1_q  <= m_rs1_q;
      w_addr_q <= m_addr_q;
      w_seq_q  <= m_seq_q;
    end
  end

  // w_wait_q: the commit stage's data request was granted, response pending.
  always_ff @(posedge clk_i) begin
    if (!rst_ni) w_wait_q <= 1'b0;
    else if (m_go && !w_flush) w_wait_q <= m_mem;
    else if (w_fin) w_wait_q <= 1'b0;
  end

  // ======================================================== retire port
  uvs_retire u_retire (
    .clk_i, .rst_ni,
    .fin_i(w_fin), .irq_i(w_irq), .exc_i(w_exc), .pc_i(w_pc_q),
    .insn_i(w_err_q ? 32'd0 : w_raw_q),  // original encoding
    .we_i(rf_we), .rd_i(w_insn_q[11:7]), .wdata_i(rf_wdata),
    .valid_o(rvfi_valid_o), .pc_o(rvfi_pc_o), .insn_o(rvfi_insn_o), .rd_o(rvfi_rd_o),
    .rd_wdata_o(rvfi_rd_wdata_o), .trap_o(rvfi_trap_o)
  );
endmodule
