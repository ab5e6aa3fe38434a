// uvs_mt_core: uvmsoc's fine-grained multithreaded (barrel) compute hart,
// RV64IMA + Zicsr + Zifencei in U mode, THREADS hardware threads
// (docs/architecture.md "Multithreaded compute harts"; RISC-V unprivileged
// spec 20191213). Kernels see the same instruction semantics as on
// uvs_core in U mode; THREADS = 1 is a single-thread hart.
//
// Threads. Each slot has its own pc, 32 integer registers (uvs_mt_regfile),
// instret and index CSRs (uvs_mt_csr), instruction register and state.
// A running thread is in exactly one place at a time:
//   fetch pending (fpend_q)  waits for the fetch port (round-robin arbiter)
//   fetching                 fetch granted, response not yet back
//   ready (rdy_q)            instruction in ir_q: eligible to issue
//   data access              request issued, response not yet back
//   multiply/divide          owns the shared uvs_muldiv
// Every cycle the scheduler (uvs_mt_rr) issues the next ready thread in
// round-robin order; a thread whose fetch or data access is slow (an
// IOMMU request parked on a replayable fault, HBM latency) simply stays
// out of the ready set, so the others keep issuing. Threads whose
// instruction needs a busy resource (the data port's one-entry request
// buffer, the divider) are skipped that cycle.
//
// Issue stage (one thread a cycle): decode, read registers, ALU/CSR, then
//   - ALU, branch, jump, CSR, FENCE[.I], WFI (a no-op hint in U mode,
//     privileged spec 3.3.3): write rd, pc = next pc, fetch pending;
//   - load/store/LR/SC/AMO: data request tagged with the thread; pc += 4;
//     the response writes rd (write port 1) and makes a fetch pending;
//   - MUL/DIV: start the shared divider; done writes rd (port 2);
//   - a trap (any exception, ECALL included): the thread halts TRAPPED
//     with cause, epc (= pc, the instruction) and tval as uvs_core would
//     write mcause/mepc/mtval; nothing else changes. A data-port error
//     halts it at the response with cause 5/7 and tval = the address.
// With a 1-cycle memory a lone thread takes 3 cycles per ALU instruction
// (issue, fetch request, response); 3 or more threads fill every cycle.
//
// Traps do not run M-mode code here: the thread parks and thr_event_o /
// irq_o tell the launcher (the management hart), which reads the record
// through the control port and RESUMEs, re-STARTs or CLEARs the thread.
//
// Buses: the tagged variant of the on-chip bus (docs/architecture.md
// "Tagged bus"): *_id_o = thread index with every request, *_rid_i with
// every response; responses of different ids in any order; each thread
// has at most one access (fetch or data) outstanding, so its accesses stay
// in program order. A request is held stable until its grant.
module uvs_mt_core
  import uvs_arch_pkg::*;
#(
  parameter int HART_ID = 1,                         // uvs.hartid
  parameter int THREADS = 16,                        // hardware threads (1..64)
  localparam int TW = (THREADS > 1) ? $clog2(THREADS) : 1,  // thread index / bus id width
  localparam int NT = 1 << TW                        // thread slots (>= THREADS)
) (
  input  logic              clk_i,           // the core's clock (uvs_mt_hart gates it while it sleeps)
  input  logic              clk_free_i,      // the SoC clock, never gated (the cycle CSR)
  input  logic              rst_ni,          // synchronous, active low
  output logic              sleep_o,         // no thread can act before a response or control operation
  // tagged instruction port
  output logic              imem_req_o,
  input  logic              imem_gnt_i,
  output logic [63:0]       imem_addr_o,     // 4-byte aligned pc
  output logic [TW-1:0]     imem_id_o,       // thread
  input  logic              imem_rvalid_i,
  input  logic [TW-1:0]     imem_rid_i,
  input  logic [63:0]       imem_rdata_i,  // aligned 8-byte word holding the thread's pc
  input  logic              imem_err_i,
  // tagged data port
  output logic              dmem_req_o,
  input  logic              dmem_gnt_i,
  output logic [63:0]       dmem_addr_o,
  output logic              dmem_we_o,
  output logic [7:0]        dmem_be_o,
  output logic [63:0]       dmem_wdata_o,
  output logic [3:0]        dmem_amo_o,
  output logic [TW-1:0]     dmem_id_o,
  input  logic              dmem_rvalid_i,
  input  logic [TW-1:0]     dmem_rid_i,
  input  logic [63:0]       dmem_rdata_i,
  input  logic              dmem_err_i,
  input  logic [63:0]       mtime_i,         // time CSR
  // thread control (include/uvmsoc/mt.def MT_CTL_*), one operation a cycle
  input  logic [2:0]        ctl_op_i,
  input  logic [TW-1:0]     ctl_tid_i,
  input  logic [63:0]       ctl_pc_i,        // START, RESUME: first pc
  input  logic [63:0]       ctl_a0_i,        // START: a0, a1, sp
  input  logic [63:0]       ctl_a1_i,
  input  logic [63:0]       ctl_sp_i,
  input  logic [31:0]       ctl_tidx_i,      // START: uvs.tid, uvs.bid, uvs.ntid, uvs.nbid
  input  logic [31:0]       ctl_bidx_i,
  input  logic [31:0]       ctl_ntid_i,
  input  logic [31:0]       ctl_nbid_i,
  output logic              ctl_ok_o,        // the operation is legal for the thread's state (done at the edge)
  // thread status read (combinational)
  input  logic [TW-1:0]     ctl_rtid_i,
  input  logic [4:0]        ctl_rreg_i,
  output logic [1:0]        ctl_state_o,     // MT_TSTATE_*
  output logic [5:0]        ctl_cause_o,     // TRAPPED: exception code (8 = ECALL)
  output logic [63:0]       ctl_epc_o,       // TRAPPED: pc of the instruction; else the next pc
  output logic [63:0]       ctl_tval_o,      // TRAPPED: as mtval
  output logic [63:0]       ctl_rdata_o,     // x[ctl_rreg_i] of the thread
  output logic [63:0]       ctl_instret_o,
  output logic [31:0]       ctl_tidx_o,
  output logic [31:0]       ctl_bidx_o,
  output logic [NT-1:0]     thr_running_o,   // RUNNING threads
  output logic [NT-1:0]     thr_event_o,     // TRAPPED or STOPPED since the last START/RESUME/CLEAR
  output logic              irq_o,           // some thread event (level)
  // retire lanes, registered: 0 issue stage, 1 data responses, 2 divider;
  // valid/trap always, the other fields only while rvfi_en_i (tracing on:
  // the payload registers cost simulation time every cycle)
  input  logic                 rvfi_en_i,
  output logic [2:0]           rvfi_valid_o,
  output logic [2:0]           rvfi_trap_o,
  output logic [2:0][TW-1:0]   rvfi_tid_o,
  output logic [2:0][63:0]     rvfi_pc_o,
  output logic [2:0][31:0]     rvfi_insn_o,
  output logic [2:0][4:0]      rvfi_rd_o,    // 0 = no register written
  output logic [2:0][63:0]     rvfi_rd_wdata_o
);
  // Keep one copy of the model code however many harts instantiate it
  // (Verilator: better instruction-cache use with 4 or more harts).
  /* verilator no_inline_module */
  localparam logic [1:0] TS_IDLE    = uvs_mt_pkg::UVS_MT_TSTATE_IDLE[1:0];
  localparam logic [1:0] TS_RUNNING = uvs_mt_pkg::UVS_MT_TSTATE_RUNNING[1:0];
  localparam logic [1:0] TS_TRAPPED = uvs_mt_pkg::UVS_MT_TSTATE_TRAPPED[1:0];
  localparam logic [1:0] TS_STOPPED = uvs_mt_pkg::UVS_MT_TSTATE_STOPPED[1:0];
  localparam logic [2:0] OP_START   = uvs_mt_pkg::UVS_MT_CTL_START[2:0];
  localparam logic [2:0] OP_RESUME  = uvs_mt_pkg::UVS_MT_CTL_RESUME[2:0];
  localparam logic [2:0] OP_STOP    = uvs_mt_pkg::UVS_MT_CTL_STOP[2:0];
  localparam logic [2:0] OP_CLEAR   = uvs_mt_pkg::UVS_MT_CTL_CLEAR[2:0];

  // Data access of a thread while its response is outstanding.
  typedef struct packed {
    logic [4:0] rd;        // 0: no register written (stores)
    logic [1:0] size;
    logic       unsign;
    logic [3:0] amo;
    logic       we;        // store-type: store/AMO access-fault cause
    logic [2:0] off;       // address bits 2:0
  } mop_t;

  // ---- per-thread state ----
  // State (mt.def MT_TSTATE_*): RUNNING = run_q; TRAPPED / STOPPED = evt_q
  // (stop_q tells which); IDLE = neither.
  logic [NT-1:0] run_q, rdy_q, fpend_q, kill_q, evt_q, stop_q, ierr_q, ismem_q, ismd_q;
  logic [63:0]   pc_q      [NT];
  logic [31:0]   ir_q      [NT];
  logic [31:0]   fword;  // the fetched instruction: the half of the 8-byte word at its pc
  logic [5:0]    tcause_q  [NT];
  logic [63:0]   tval_q    [NT];
  mop_t          mop_q     [NT];
  logic [63:0]   maddr_q   [NT];

  // ---- issue stage ----
  logic [NT-1:0] elig;
  logic          iv;           // a thread issues this cycle
  logic [TW-1:0] it;           // that thread
  logic [31:0]   insn;
  logic [63:0]   pc, pc_seq, target, next_pc;
  decoded_t      dec;
  logic [4:0]    rd;
  logic [63:0]   rs1_val, rs2_val, opa, opb, alu_res, csr_rdata, wb_data;
  logic          br_taken, jump, csr_write, csr_illegal, mem_misaligned;
  logic          exc, killed;
  logic [5:0]    exc_code;
  logic [63:0]   exc_tval;
  logic          ex_stop, ex_trap, ex_mem, ex_md, ex_ret;
  logic [7:0]    req_be;
  logic [63:0]   req_wdata, ld_unused;

  // data port request buffer (a request not granted in its issue cycle)
  logic          dsk_v_q, dsk_we_q;
  logic [63:0]   dsk_addr_q, dsk_wdata_q;
  logic [7:0]    dsk_be_q;
  logic [3:0]    dsk_amo_q;
  logic [TW-1:0] dsk_id_q;

  // divider ownership
  logic          md_busy_q, md_done;
  logic [TW-1:0] md_tid_q;
  logic [4:0]    md_rd_q;
  logic [63:0]   md_result;

  // fetch arbiter
  logic          f_v, f_hold_q;
  logic [TW-1:0] f_t, f_rr, f_hold_t_q;

  // data response
  mop_t          rsp;
  logic [63:0]   load_data;
  logic          rsp_ok, rsp_err;
  logic [7:0]    be_unused;
  logic [63:0]   wd_unused;
  logic          mis_unused;

  // control
  logic [2:0]    ctl_op;
  logic          ctl_start, ctl_resume;

  // ---- scheduler ----
  assign elig = rdy_q & ~(ismem_q & {NT{dsk_v_q}}) & ~(ismd_q & {NT{md_busy_q}})
              | (rdy_q & kill_q);

  uvs_mt_rr #(.N(NT)) u_sched (
    .clk_i, .rst_ni, .req_i(elig), .advance_i(1'b1), .valid_o(iv), .idx_o(it)
  );

  assign insn   = ir_q[it];
  assign pc     = pc_q[it];
  assign rd     = insn[11:7];
  assign killed = kill_q[it];

  uvs_decode u_decode (.insn_i(insn), .dec_o(dec));

  uvs_mt_regfile #(.TW(TW)) u_regfile (
    .clk_i,
    .rd_tid_i(it), .raddr_a_i(insn[19:15]), .rdata_a_o(rs1_val),
    .raddr_b_i(insn[24:20]), .rdata_b_o(rs2_val),
    .rc_tid_i(ctl_rtid_i), .raddr_c_i(ctl_rreg_i), .rdata_c_o(ctl_rdata_o),
    .we0_i(ex_ret & dec.rd_we), .wtid0_i(it), .waddr0_i(rd), .wdata0_i(wb_data),
    .we1_i(rsp_ok), .wtid1_i(dmem_rid_i), .waddr1_i(rsp.rd), .wdata1_i(load_data),
    .we2_i(md_done), .wtid2_i(md_tid_q), .waddr2_i(md_rd_q), .wdata2_i(md_result),
    .init_i(ctl_start), .init_tid_i(ctl_tid_i),
    .init_a0_i(ctl_a0_i), .init_a1_i(ctl_a1_i), .init_sp_i(ctl_sp_i)
  );

  always_comb begin
    case (dec.opa)
      OPA_PC:   opa = pc;
      OPA_ZERO: opa = 64'd0;
      default:  opa = rs1_val;
    endcase
  end
  assign opb = dec.opb_imm ? dec.imm : rs2_val;

  uvs_alu u_alu (
    .a_i(opa), .b_i(opb), .fn_i(dec.alu_fn), .alt_i(dec.alu_alt), .word_i(dec.word),
    .result_o(alu_res), .br_taken_o(br_taken)
  );

  assign pc_seq  = pc + 64'd4;
  assign target  = dec.jalr ? {alu_res[63:1], 1'b0} : (pc + dec.imm);
  assign jump    = dec.jal | dec.jalr | (dec.branch & br_taken);
  assign next_pc = jump ? target : pc_seq;

  assign csr_write = (insn[13:12] == 2'b01) || (insn[19:15] != 5'd0);

  uvs_mt_csr #(.HART_ID(HART_ID), .THREADS(THREADS), .TW(TW)) u_csr (
    .clk_i, .clk_free_i, .rst_ni,
    .tid_i(it), .addr_i(insn[31:20]), .write_i(csr_write),
    .rdata_o(csr_rdata), .illegal_o(csr_illegal), .mtime_i,
    .ret_i({md_done, rsp_ok, ex_ret}), .ret_tid_i({md_tid_q, dmem_rid_i, it}),
    .init_i(ctl_start), .init_tid_i(ctl_tid_i),
    .init_tidx_i(ctl_tidx_i), .init_bidx_i(ctl_bidx_i),
    .init_ntid_i(ctl_ntid_i), .init_nbid_i(ctl_nbid_i),
    .rtid_i(ctl_rtid_i), .rinstret_o(ctl_instret_o), .rtidx_o(ctl_tidx_o), .rbidx_o(ctl_bidx_o)
  );

  // Request formatting of the issuing thread (response side unused here).
  uvs_lsu u_lsu_req (
    .addr_i(alu_res[2:0]), .size_i(dec.mem_size), .unsigned_i(dec.mem_unsigned), .amo_i(dec.amo),
    .store_data_i(rs2_val), .misaligned_o(mem_misaligned),
    .be_o(req_be), .wdata_o(req_wdata), .rdata_i(64'd0), .load_data_o(ld_unused)
  );

  // Exceptions of the issuing instruction, priority of privileged spec
  // table 3.7 (as uvs_core; the thread is always in U mode).
  always_comb begin
    exc      = 1'b1;
    exc_code = EXC_ILLEGAL_INSN;
    exc_tval = 64'd0;
    if (ierr_q[it]) begin
      exc_code = EXC_INSN_ACCESS;
      exc_tval = pc;
    end else if (dec.illegal || (dec.csr && csr_illegal) || dec.mret) begin
      exc_code = EXC_ILLEGAL_INSN;
      exc_tval = {32'd0, insn};
    end else if (dec.ecall) begin
      exc_code = EXC_ECALL_U;
    end else if (dec.ebreak) begin
      exc_code = EXC_BREAKPOINT;
      exc_tval = pc;
    end else if (jump && target[1]) begin
      exc_code = EXC_INSN_MISALIGNED;
      exc_tval = target;
    end else if (dec.mem_en && mem_misaligned) begin
      exc_code = dec.mem_we ? EXC_STORE_MISALIGNED : EXC_LOAD_MISALIGNED;
      exc_tval = alu_res;
    end else begin
      exc = 1'b0;
    end
  end

  assign ex_stop = iv & killed;
  assign ex_trap = iv & !killed & exc;
  assign ex_mem  = iv & !killed & !exc & dec.mem_en;
  assign ex_md   = iv & !killed & !exc & dec.muldiv;
  assign ex_ret  = iv & !killed & !exc & !dec.mem_en & !dec.muldiv;

  always_comb begin
    case (dec.wb_sel)
      WB_LINK: wb_data = pc_seq;
      WB_CSR:  wb_data = csr_rdata;
      default: wb_data = alu_res;
    endcase
  end

  // ---- data port: issue-cycle request, or the buffered one ----
  assign dmem_req_o   = dsk_v_q | ex_mem;
  assign dmem_addr_o  = dsk_v_q ? dsk_addr_q  : alu_res;
  assign dmem_we_o    = dsk_v_q ? dsk_we_q    : dec.mem_we;
  assign dmem_be_o    = dsk_v_q ? dsk_be_q    : req_be;
  assign dmem_wdata_o = dsk_v_q ? dsk_wdata_q : req_wdata;
  assign dmem_amo_o   = dsk_v_q ? dsk_amo_q   : dec.amo;
  assign dmem_id_o    = dsk_v_q ? dsk_id_q    : it;

  // ---- data response of thread dmem_rid_i ----
  assign rsp     = mop_q[dmem_rid_i];
  assign rsp_ok  = dmem_rvalid_i & !dmem_err_i;
  assign rsp_err = dmem_rvalid_i & dmem_err_i;

  uvs_lsu u_lsu_rsp (
    .addr_i(rsp.off), .size_i(rsp.size), .unsigned_i(rsp.unsign), .amo_i(rsp.amo),
    .store_data_i(64'd0), .misaligned_o(mis_unused),
    .be_o(be_unused), .wdata_o(wd_unused), .rdata_i(dmem_rdata_i), .load_data_o(load_data)
  );

  // ---- shared multiply/divide unit ----
  uvs_muldiv u_muldiv (
    .clk_i, .rst_ni,
    .start_i(ex_md), .op_i(insn[14:12]), .word_i(dec.word), .a_i(rs1_val), .b_i(rs2_val),
    .done_o(md_done), .result_o(md_result)
  );

  // ---- fetch port: round-robin over pending fetches, held until granted ----
  uvs_mt_rr #(.N(NT)) u_fetch_rr (
    .clk_i, .rst_ni, .req_i(fpend_q), .advance_i(imem_gnt_i & !f_hold_q), .valid_o(f_v), .idx_o(f_rr)
  );
  assign f_t         = f_hold_q ? f_hold_t_q : f_rr;
  assign imem_req_o  = f_hold_q | f_v;
  assign imem_addr_o = pc_q[f_t];
  assign fword       = pc_q[imem_rid_i][2] ? imem_rdata_i[63:32] : imem_rdata_i[31:0];
  assign imem_id_o   = f_t;

  // ---- thread control ----
  always_comb begin
    ctl_ok_o = 1'b0;
    if (32'(ctl_tid_i) < THREADS) begin
      case (ctl_op_i)
        OP_START:  ctl_ok_o = !run_q[ctl_tid_i];
        OP_RESUME: ctl_ok_o = evt_q[ctl_tid_i];
        OP_STOP:   ctl_ok_o = run_q[ctl_tid_i];
        OP_CLEAR:  ctl_ok_o = evt_q[ctl_tid_i];
        default:   ctl_ok_o = 1'b0;
      endcase
    end
  end
  assign ctl_op     = ctl_ok_o ? ctl_op_i : 3'd0;
  assign ctl_start  = (ctl_op == OP_START);
  assign ctl_resume = (ctl_op == OP_RESUME);

  assign ctl_state_o   = run_q[ctl_rtid_i] ? TS_RUNNING :
                         !evt_q[ctl_rtid_i] ? TS_IDLE :
                         stop_q[ctl_rtid_i] ? TS_STOPPED : TS_TRAPPED;
  assign ctl_cause_o   = tcause_q[ctl_rtid_i];
  assign ctl_epc_o     = pc_q[ctl_rtid_i];
  assign ctl_tval_o    = tval_q[ctl_rtid_i];
  // Sleep: no thread is ready, waits for the fetch port or holds the data
  // port's request buffer, and the divider is idle; every running thread
  // (if any) waits for its fetch or data response. Nothing in this core
  // changes until a response arrives (imem_rvalid_i, dmem_rvalid_i) or a
  // control operation comes (ctl_op_i): uvs_mt_hart may stop the clock
  // and opens it in the cycle one of those appears. The schedulers'
  // pointers move only with a request; the cycle CSR counts on clk_free_i.
  assign sleep_o = !(|rdy_q) && !(|fpend_q) && !f_hold_q && !dsk_v_q && !md_busy_q;
  assign thr_running_o = run_q;
  assign thr_event_o   = evt_q;
  assign irq_o         = |evt_q;

  // ---- state update ----
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      run_q     <= '0;
      rdy_q     <= '0;
      fpend_q   <= '0;
      kill_q    <= '0;
      evt_q     <= '0;
      stop_q    <= '0;
      ierr_q    <= '0;
      ismem_q   <= '0;
      ismd_q    <= '0;
      dsk_v_q   <= 1'b0;
      md_busy_q <= 1'b0;
      f_hold_q  <= 1'b0;
    end else begin
      // fetch port
      f_hold_q <= imem_req_o & !imem_gnt_i;
      if (imem_req_o) f_hold_t_q <= f_t;
      if (imem_req_o && imem_gnt_i) fpend_q[f_t] <= 1'b0;
      if (imem_rvalid_i) begin
        rdy_q[imem_rid_i]   <= 1'b1;
        ir_q[imem_rid_i]    <= fword;
        ierr_q[imem_rid_i]  <= imem_err_i;
        ismem_q[imem_rid_i] <= (fword[6:0] == OPC_LOAD) || (fword[6:0] == OPC_STORE) ||
                               (fword[6:0] == OPC_AMO);
        ismd_q[imem_rid_i]  <= ((fword[6:0] == OPC_OP) || (fword[6:0] == OPC_OP_32)) &&
                               (fword[31:25] == 7'b0000001);
      end

      // issue stage
      if (iv) rdy_q[it] <= 1'b0;
      if (ex_ret) begin
        pc_q[it]    <= next_pc;
        fpend_q[it] <= 1'b1;
      end
      if (ex_mem | ex_md) pc_q[it] <= pc_seq;
      if (ex_trap | ex_stop) begin
        run_q[it]    <= 1'b0;
        evt_q[it]    <= 1'b1;
        kill_q[it]   <= 1'b0;
        stop_q[it]   <= ex_stop;
        tcause_q[it] <= exc_code;
        tval_q[it]   <= exc_tval;
      end
      if (ex_mem) begin
        mop_q[it]   <= '{rd: dec.rd_we ? rd : 5'd0, size: dec.mem_size, unsign: dec.mem_unsigned,
                         amo: dec.amo, we: dec.mem_we, off: alu_res[2:0]};
        maddr_q[it] <= alu_res;
      end

      // data port buffer
      if (dsk_v_q) begin
        if (dmem_gnt_i) dsk_v_q <= 1'b0;
      end else if (ex_mem && !dmem_gnt_i) begin
        dsk_v_q     <= 1'b1;
        dsk_addr_q  <= alu_res;
        dsk_we_q    <= dec.mem_we;
        dsk_be_q    <= req_be;
        dsk_wdata_q <= req_wdata;
        dsk_amo_q   <= dec.amo;
        dsk_id_q    <= it;
      end

      // data response
      if (rsp_ok) fpend_q[dmem_rid_i] <= 1'b1;
      if (rsp_err) begin
        run_q[dmem_rid_i]    <= 1'b0;
        evt_q[dmem_rid_i]    <= 1'b1;
        stop_q[dmem_rid_i]   <= 1'b0;
        tcause_q[dmem_rid_i] <= rsp.we ? EXC_STORE_ACCESS : EXC_LOAD_ACCESS;
        tval_q[dmem_rid_i]   <= maddr_q[dmem_rid_i];
        pc_q[dmem_rid_i]     <= pc_q[dmem_rid_i] - 64'd4;  // epc = the access
      end

      // divider
      if (ex_md) begin
        md_busy_q <= 1'b1;
        md_tid_q  <= it;
        md_rd_q   <= rd;
      end else if (md_done) begin
        md_busy_q <= 1'b0;
      end
      if (md_done) fpend_q[md_tid_q] <= 1'b1;

      // control (the thread addressed is never in the stages above,
      // except STOP, which only marks it)
      if (ctl_op == OP_STOP) kill_q[ctl_tid_i] <= 1'b1;
      if (ctl_op == OP_CLEAR) evt_q[ctl_tid_i] <= 1'b0;
      if (ctl_start || ctl_resume) begin
        pc_q[ctl_tid_i]     <= ctl_pc_i;
        run_q[ctl_tid_i]    <= 1'b1;
        fpend_q[ctl_tid_i]  <= 1'b1;
        rdy_q[ctl_tid_i]    <= 1'b0;
        kill_q[ctl_tid_i]   <= 1'b0;
        evt_q[ctl_tid_i]    <= 1'b0;
      end
    end
  end

  // ---- retire lanes ----
  logic [2:0]         rv_q, rt_q;
  logic [2:0][TW-1:0] rtid_q;
  logic [2:0][63:0]   rpc_q, rwd_q;
  logic [2:0][31:0]   rinsn_q;
  logic [2:0][4:0]    rrd_q;
  logic               lane0_w;

  assign lane0_w = ex_ret & dec.rd_we & (rd != 5'd0);

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rv_q <= '0;
      rt_q <= '0;
    end else begin
      rv_q <= {md_done, dmem_rvalid_i, ex_ret | ex_trap};
      rt_q <= {1'b0, rsp_err, ex_trap};
      if (rvfi_en_i && (ex_ret | ex_trap)) begin
        rtid_q[0]  <= it;
        rpc_q[0]   <= pc;
        rinsn_q[0] <= ierr_q[it] ? 32'd0 : insn;
        rrd_q[0]   <= lane0_w ? rd : 5'd0;
        rwd_q[0]   <= lane0_w ? wb_data : 64'd0;
      end
      if (rvfi_en_i && dmem_rvalid_i) begin
        rtid_q[1]  <= dmem_rid_i;
        rpc_q[1]   <= pc_q[dmem_rid_i] - 64'd4;
        rinsn_q[1] <= ir_q[dmem_rid_i];
        rrd_q[1]   <= rsp_ok ? rsp.rd : 5'd0;
        rwd_q[1]   <= (rsp_ok && rsp.rd != 5'd0) ? load_data : 64'd0;
      end
      if (rvfi_en_i && md_done) begin
        rtid_q[2]  <= md_tid_q;
        rpc_q[2]   <= pc_q[md_tid_q] - 64'd4;
        rinsn_q[2] <= ir_q[md_tid_q];
        rrd_q[2]   <= md_rd_q;
        rwd_q[2]   <= (md_rd_q != 5'd0) ? md_result : 64'd0;
      end
    end
  end

  assign rvfi_valid_o    = rv_q;
  assign rvfi_trap_o     = rt_q;
  assign rvfi_tid_o      = rtid_q;
  assign rvfi_pc_o       = rpc_q;
  assign rvfi_insn_o     = rinsn_q;
  assign rvfi_rd_o       = rrd_q;
  assign rvfi_rd_wdata_o = rwd_q;

  // Fields computed for uvs_core's WFI/interrupt path, S mode (SRET and
  // SFENCE.VMA stay 0 with SUPERVISOR = 0) and fetch buffer (FENCE.I),
  // request-side LSU load extraction and response-side request formatting
  // are not used.
  logic unused;
  assign unused = ^{dec.wfi, dec.csr, dec.sret, dec.sfence_vma, dec.fence_i,
                    ld_unused, be_unused, wd_unused, mis_unused};
endmodule
