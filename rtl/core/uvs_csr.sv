// uvs_csr: CSRs, privilege level (M, S, U), trap entry and delegation,
// MRET/SRET, interrupt selection and the performance counters of one hart
// (RISC-V privileged spec v1.12, ch. 2-4; Zicsr/Zicntr/Zihpm in the
// unprivileged spec 20191213 ch. 9-10).
//
// Implemented (others are absent: access = illegal instruction):
//   Machine: mvendorid, marchid, mimpid = 0 (non-commercial, no assigned
//   architecture ID, no version), mhartid = HART_ID, mconfigptr = 0;
//   mstatus (SIE, MIE, SPIE, MPIE, SPP, MPP WARL {U,S,M}, MPRV, SUM, MXR,
//   TVM, TW, TSR; FS/VS/XS = 0, UXL = SXL = 2; MPRV is stored but changes
//   nothing: without translation or PMP it has no effect); misa (RV64 A C I
//   M S U, read-only); medeleg (causes 0-9, 12, 13, 15; 11 is read-only 0);
//   mideleg (SSI, STI, SEI only); mie (SSIE, MSIE, STIE, MTIE, SEIE, MEIE);
//   mip (MSIP, MTIP, MEIP read-only from the inputs; SSIP, STIP, SEIP
//   writable; SEIP reads as the written bit OR irq_s_external_i, and only
//   the written bit takes part in CSRRS/CSRRC, sec. 3.1.9); mtvec (direct or
//   vectored); mscratch; mepc (bit 0 zero, IALIGN = 16); mcause; mtval;
//   mcounteren (32 bits); mcountinhibit (CY, IR, HPM3..10); menvcfg (all
//   fields read-only 0); mcycle, minstret (64 bits), mhpmcounter3..10
//   (HPM_WIDTH bits: WARL "up to 64 bits of precision", sec. 3.1.10; a
//   narrower counter reads zero-extended, keeps the written value's low
//   HPM_WIDTH bits and wraps at 2^HPM_WIDTH; software finds the width by
//   writing all ones and reading back) with mhpmevent3..10 (event numbers
//   in include/uvmsoc/hpm.def); mhpmcounter11..31 and mhpmevent11..31
//   read-only zero.
//   Supervisor (ch. 4): sstatus (view of mstatus), sie/sip (views of mie/mip
//   restricted to mideleg; SSIP the only writable sip bit), stvec, sscratch,
//   sepc, scause, stval, scounteren (32 bits), senvcfg (read-only 0), satp
//   (MODE = Bare only: a write with another MODE has no effect, sec. 4.1.11;
//   ASID and PPN read 0).
//   Unprivileged: cycle, time (= mtime_i), instret, hpmcounter3..31.
// Access checks (sec. 2.1): address bits 9:8 above the current privilege, a
// write to a read-only address (bits 11:10 = 11), satp from S with
// mstatus.TVM, a counter read from S without its mcounteren bit or from U
// without its mcounteren and scounteren bits: illegal instruction.
// A CSR write in a cycle wins over that cycle's counter increment.
// Architectural state of one hart: a multithreaded core would index it.
module uvs_csr
  import uvs_arch_pkg::*;
#(
  parameter int HART_ID    = 0,  // value of mhartid
  parameter int HPM_WIDTH  = 64, // bits of mhpmcounter3..10, 1..64 (FPGA boards: fewer, issue 15)
  parameter int HPM_COUNT  = 8   // counters implemented: mhpmcounter3..HPM_COUNT+2 with their
                                 // mhpmevent, 1..uvs_hpm_pkg HPM_COUNTERS; the others read zero
) (
  input  logic        clk_i,            // the hart's clock (gated while it sleeps in WFI)
  input  logic        clk_free_i,       // the SoC clock, never gated: mcycle counts on it
  input  logic        rst_ni,           // synchronous, active low
  // CSR instruction (checked combinationally, performed on commit)
  input  logic [11:0] csr_addr_i,
  input  logic [1:0]  csr_op_i,         // funct3[1:0]: 01 write, 10 set, 11 clear
  input  logic        csr_write_i,      // the instruction writes (CSRRW[I], or rs1/uimm field != 0)
  input  logic [63:0] csr_src_i,        // rs1 value or zero-extended uimm
  input  logic        csr_commit_i,     // the CSR instruction retires this cycle
  input  logic        csr_sel_i,        // a CSR instruction is at the access: csr_rdata_o and
                                        // csr_illegal_o are valid only then (not evaluated
                                        // otherwise, which saves simulation time)
  output logic [63:0] csr_rdata_o,      // current value (for rd)
  output logic        csr_illegal_o,    // the access raises an illegal instruction exception
  // trap entry (sec. 3.1.6.1, 3.1.8, 3.3.1, 4.1.1)
  input  logic        trap_i,           // take a trap this cycle
  input  logic        trap_irq_i,       // 1 interrupt, 0 exception
  input  logic [5:0]  trap_code_i,      // exception or interrupt code
  input  logic [63:0] trap_pc_i,        // becomes mepc or sepc
  input  logic [63:0] trap_tval_i,      // becomes mtval or stval
  output logic [63:0] trap_vector_o,    // handler address (mtvec or stvec after delegation)
  // trap return (MRET, SRET: sec. 3.3.2)
  input  logic        mret_i,           // MRET retires this cycle
  input  logic        sret_i,           // SRET retires this cycle
  output logic [63:0] mepc_o,           // MRET target
  output logic [63:0] sepc_o,           // SRET target
  // counters and interrupts
  input  logic        retire_i,         // an instruction retires this cycle (minstret)
  input  logic [HPM_EVENTS-1:0] hpm_event_i, // bit e: hpm.def event e occurs this cycle (bit 0 unused)
  output logic        hpm_on_o,         // some mhpmcounter selects an event and is not inhibited:
                                        // only then does hpm_event_i matter (registered state only)
  input  logic        irq_software_i,   // MSIP
  input  logic        irq_timer_i,      // MTIP
  input  logic        irq_external_i,   // MEIP
  input  logic        irq_s_external_i, // external SEIP source, OR-ed into mip.SEIP
  input  logic [63:0] mtime_i,          // time CSR
  output logic [1:0]  priv_o,           // current privilege level (PRIV_U / PRIV_S / PRIV_M)
  output logic        tw_o,             // mstatus.TW: WFI below M is illegal
  output logic        tsr_o,            // mstatus.TSR: SRET in S is illegal
  output logic        tvm_o,            // mstatus.TVM: SFENCE.VMA and satp in S are illegal
  output logic        irq_take_o,       // an enabled interrupt is pending: take it before the next instruction
  output logic [5:0]  irq_code_o,       // its code (sec. 3.1.9: MEI > MSI > MTI > SEI > SSI > STI)
  output logic        wake_o            // (mip & mie) != 0: WFI resumes
);
  localparam logic [63:0] MISA_VALUE = {2'd2, 36'd0, 26'b00_0001_0100_0001_0001_0000_0101};
  localparam logic [63:0] HART_ID_VALUE = 64'(HART_ID);
  localparam int NHPM = HPM_COUNT;   // mhpmcounter3..3+NHPM-1 (privileged 3.1.10: read-only zero above)
  localparam int EVW  = $clog2(HPM_EVENTS);
  // Writable bits (sec. 3.1.8, 3.1.9): interrupts S-level only; exceptions
  // 0-9, 12, 13, 15 (11, ECALL from M, is read-only zero).
  localparam logic [11:0] S_IRQS       = 12'h222;
  localparam logic [11:0] ALL_IRQS     = 12'haaa;
  localparam logic [15:0] MEDELEG_MASK = 16'hb3ff;
  // sstatus: SIE, SPIE, UBE, SPP, VS, FS, XS, SUM, MXR, UXL, SD (sec. 4.1.1).
  localparam logic [63:0] SSTATUS_MASK = 64'h8000_0003_000d_e762;

  // ---- state ----
  logic [1:0]  priv_q;
  logic        sie_q, mie_q, spie_q, mpie_q, spp_q, mprv_q, sum_q, mxr_q, tvm_q, tw_q, tsr_q;
  logic [1:0]  mpp_q;
  logic [63:2] mtvec_base_q, stvec_base_q;
  logic        mtvec_vec_q, stvec_vec_q;
  logic [63:0] mscratch_q, mcause_q, mtval_q, sscratch_q, scause_q, stval_q;
  logic [63:0] mcycle_q, minstret_q;
  logic [63:1] mepc_q, sepc_q;
  logic [11:0] mie_q12, mip_sw_q;    // mie; software-written mip bits (SSIP, STIP, SEIP)
  logic [11:0] mideleg_q;
  logic [15:0] medeleg_q;
  logic [31:0] mcounteren_q, scounteren_q;
  logic [10:0] inhibit_q;            // mcountinhibit bits 10..0 (bit 1, TM, stays 0)
  logic [HPM_WIDTH-1:0] hpm_q [NHPM];
  logic [EVW-1:0] hpm_ev_q [NHPM];

  logic [63:0] mstatus, wdata, rmw_base;
  logic [11:0] mip, mip_rmw;
  logic        exists, counter_ok, do_write, is_counter;
  logic [4:0]  cidx;                  // counter index of 0xC00-0xC1F / 0xB00-0xB1F / 0x320-0x33F
  logic [63:0] hpm_rdata, hpmev_rdata;

  always_comb begin
    mstatus        = 64'd0;
    mstatus[1]     = sie_q;
    mstatus[3]     = mie_q;
    mstatus[5]     = spie_q;
    mstatus[7]     = mpie_q;
    mstatus[8]     = spp_q;
    mstatus[12:11] = mpp_q;
    mstatus[17]    = mprv_q;
    mstatus[18]    = sum_q;
    mstatus[19]    = mxr_q;
    mstatus[20]    = tvm_q;
    mstatus[21]    = tw_q;
    mstatus[22]    = tsr_q;
    mstatus[33:32] = 2'd2;  // UXL: 64
    mstatus[35:34] = 2'd2;  // SXL: 64
  end
  assign mip_rmw = mip_sw_q & S_IRQS;
  assign mip     = mip_rmw | {irq_external_i, 1'b0, irq_s_external_i, 1'b0, irq_timer_i,
                              3'd0, irq_software_i, 3'd0};

  // ---- counters 3..NHPM+2: read values by index ----
  assign cidx = csr_addr_i[4:0];
  always_comb begin
    hpm_rdata   = 64'd0;
    hpmev_rdata = 64'd0;
    if (csr_sel_i)
      for (int i = 0; i < NHPM; i++) begin
        if (int'(cidx) == i + 3) begin
          hpm_rdata   = 64'(hpm_q[i]);
          hpmev_rdata = 64'(hpm_ev_q[i]);
        end
      end
  end

  // ---- read (and existence) ----
  always_comb begin
    exists      = 1'b1;
    csr_rdata_o = 64'd0;
    if (csr_sel_i) begin
      case (csr_addr_i)
        CSR_CYCLE, CSR_MCYCLE:     csr_rdata_o = mcycle_q;
        CSR_TIME:                  csr_rdata_o = mtime_i;
        CSR_INSTRET, CSR_MINSTRET: csr_rdata_o = minstret_q;
        CSR_MVENDORID, CSR_MARCHID, CSR_MIMPID, CSR_MCONFIGPTR,
        CSR_MENVCFG, CSR_SENVCFG, CSR_SATP: csr_rdata_o = 64'd0;
        CSR_MHARTID:               csr_rdata_o = HART_ID_VALUE;
        CSR_MSTATUS:               csr_rdata_o = mstatus;
        CSR_SSTATUS:               csr_rdata_o = mstatus & SSTATUS_MASK;
        CSR_MISA:                  csr_rdata_o = MISA_VALUE;
        CSR_MEDELEG:               csr_rdata_o = {48'd0, medeleg_q};
        CSR_MIDELEG:               csr_rdata_o = {52'd0, mideleg_q};
        CSR_MIE:                   csr_rdata_o = {52'd0, mie_q12};
        CSR_MIP:                   csr_rdata_o = {52'd0, mip};
        CSR_SIE:                   csr_rdata_o = {52'd0, mie_q12 & mideleg_q};
        CSR_SIP:                   csr_rdata_o = {52'd0, mip & mideleg_q};
        CSR_MTVEC:                 csr_rdata_o = {mtvec_base_q, 1'b0, mtvec_vec_q};
        CSR_STVEC:                 csr_rdata_o = {stvec_base_q, 1'b0, stvec_vec_q};
        CSR_MCOUNTEREN:            csr_rdata_o = {32'd0, mcounteren_q};
        CSR_SCOUNTEREN:            csr_rdata_o = {32'd0, scounteren_q};
        CSR_MCOUNTINHIBIT:         csr_rdata_o = {53'd0, inhibit_q};
        CSR_MSCRATCH:              csr_rdata_o = mscratch_q;
        CSR_SSCRATCH:              csr_rdata_o = sscratch_q;
        CSR_MEPC:                  csr_rdata_o = {mepc_q, 1'b0};
        CSR_SEPC:                  csr_rdata_o = {sepc_q, 1'b0};
        CSR_MCAUSE:                csr_rdata_o = mcause_q;
        CSR_SCAUSE:                csr_rdata_o = scause_q;
        CSR_MTVAL:                 csr_rdata_o = mtval_q;
        CSR_STVAL:                 csr_rdata_o = stval_q;
        default: begin
          // hpmcounter3..31 (0xC03..), mhpmcounter3..31 (0xB03..),
          // mhpmevent3..31 (0x323..); those above NHPM + 2 read zero.
          exists = ((csr_addr_i[11:5] == 7'b1100_000) || (csr_addr_i[11:5] == 7'b1011_000) ||
                    (csr_addr_i[11:5] == 7'b0011_001)) && (cidx >= 5'd3);
          csr_rdata_o = (csr_addr_i[11:5] == 7'b0011_001) ? hpmev_rdata : hpm_rdata;
        end
      endcase
    end
  end

  // Counter reads below M need mcounteren bit N, in U also scounteren bit N (sec. 3.1.11, 4.1.5).
  assign is_counter = (csr_addr_i[11:5] == 7'b1100_000);
  assign counter_ok = mcounteren_q[cidx] && (priv_q == PRIV_S || scounteren_q[cidx]);

  assign csr_illegal_o = csr_sel_i && (!exists ||
                         (csr_addr_i[9:8] > priv_q) ||
                         (csr_write_i && csr_addr_i[11:10] == 2'b11) ||
                         (is_counter && priv_q != PRIV_M && !counter_ok) ||
                         (csr_addr_i == CSR_SATP && priv_q == PRIV_S && tvm_q));

  // New value written by CSRRW/CSRRS/CSRRC; in mip (and sip) only the
  // software-written bits take part in a set/clear (sec. 3.1.9).
  assign rmw_base = (csr_addr_i == CSR_MIP) ? {52'd0, mip_rmw} :
                    (csr_addr_i == CSR_SIP) ? {52'd0, mip_rmw & mideleg_q} : csr_rdata_o;
  always_comb begin
    case (csr_op_i)
      2'b01:   wdata = csr_src_i;
      2'b10:   wdata = rmw_base | csr_src_i;
      default: wdata = rmw_base & ~csr_src_i;
    endcase
  end

  assign do_write = csr_commit_i && csr_write_i;

  // ---- interrupts (sec. 3.1.9): an M-level interrupt (not delegated) is
  // ---- enabled below M always, in M with MIE; an S-level one (delegated)
  // ---- below S always, in S with SIE, never in M. M-level ones go first.
  logic [11:0] pending, m_pend, s_pend, cand;
  logic        m_en, s_en;
  assign pending = mip & mie_q12;
  assign m_pend  = pending & ~mideleg_q;
  assign s_pend  = pending & mideleg_q;
  assign m_en    = (priv_q != PRIV_M) || mie_q;
  assign s_en    = (priv_q == PRIV_U) || (priv_q == PRIV_S && sie_q);
  assign cand    = (m_en && m_pend != 12'd0) ? m_pend : (s_en ? s_pend : 12'd0);
  assign wake_o     = (pending != 12'd0);
  assign irq_take_o = (cand != 12'd0);
  always_comb begin
    if      (cand[11]) irq_code_o = IRQ_MEI;
    else if (cand[3])  irq_code_o = IRQ_MSI;
    else if (cand[7])  irq_code_o = IRQ_MTI;
    else if (cand[9])  irq_code_o = IRQ_SEI;
    else if (cand[1])  irq_code_o = IRQ_SSI;
    else               irq_code_o = IRQ_STI;
  end

  // ---- trap target (sec. 3.1.8): a trap taken in S or U whose medeleg /
  // ---- mideleg bit is set goes to S.
  logic deleg;
  always_comb begin
    if (trap_irq_i) deleg = (trap_code_i < 6'd12) && mideleg_q[trap_code_i[3:0]];
    else            deleg = (trap_code_i < 6'd16) && medeleg_q[trap_code_i[3:0]];
    deleg = deleg && (priv_q != PRIV_M);
  end

  // Handler address (sec. 3.1.7, 4.1.2): vectored mode adds 4 * code for interrupts.
  always_comb begin
    if (deleg) trap_vector_o = {stvec_base_q + ((stvec_vec_q && trap_irq_i) ? 62'(trap_code_i) : 62'd0), 2'b00};
    else       trap_vector_o = {mtvec_base_q + ((mtvec_vec_q && trap_irq_i) ? 62'(trap_code_i) : 62'd0), 2'b00};
  end
  assign mepc_o = {mepc_q, 1'b0};
  assign sepc_o = {sepc_q, 1'b0};
  assign priv_o = priv_q;
  assign tw_o   = tw_q;
  assign tsr_o  = tsr_q;
  assign tvm_o  = tvm_q;
  logic unused_in;
  assign unused_in = trap_pc_i[0] ^ hpm_event_i[0];

  // ---- counting events and writes of mhpmcounter3.. / mhpmevent3.. ----
  logic [NHPM-1:0] hpm_inc;     // counter i counts this cycle
  logic            hpm_touch;   // some counter counts or an mhpmcounter is written
  logic            hpmev_wr;    // an mhpmevent is written
  // hpm_on_o depends on registers only, so the simulation model evaluates it
  // when they change; the event selects below are skipped in the cycles
  // where no counter counts (all of them unless software programs one).
  always_comb begin
    hpm_on_o = 1'b0;
    for (int i = 0; i < NHPM; i++) hpm_on_o = hpm_on_o || (!inhibit_q[i + 3] && hpm_ev_q[i] != '0);
  end
  always_comb begin
    hpm_inc = '0;
    if (hpm_on_o)
      for (int i = 0; i < NHPM; i++) hpm_inc[i] = !inhibit_q[i + 3] && hpm_event_i[hpm_ev_q[i]];
  end
  assign hpm_touch = (|hpm_inc) || (do_write && csr_addr_i[11:5] == 7'b1011_000);
  assign hpmev_wr  = do_write && csr_addr_i[11:5] == 7'b0011_001;

  // ---- state update ----
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      priv_q       <= PRIV_M;
      {sie_q, mie_q, spie_q, mpie_q, spp_q} <= '0;
      {mprv_q, sum_q, mxr_q, tvm_q, tw_q, tsr_q} <= '0;
      mpp_q        <= PRIV_U;
      mtvec_base_q <= '0;
      mtvec_vec_q  <= 1'b0;
      stvec_base_q <= '0;
      stvec_vec_q  <= 1'b0;
      mscratch_q   <= '0;
      sscratch_q   <= '0;
      mepc_q       <= '0;
      sepc_q       <= '0;
      mcause_q     <= '0;
      scause_q     <= '0;
      mtval_q      <= '0;
      stval_q      <= '0;
      mie_q12      <= '0;
      mip_sw_q     <= '0;
      mideleg_q    <= '0;
      medeleg_q    <= '0;
      mcounteren_q <= '0;
      scounteren_q <= '0;
      inhibit_q    <= '0;
      minstret_q   <= '0;
      for (int i = 0; i < NHPM; i++) begin
        hpm_q[i]    <= '0;
        hpm_ev_q[i] <= '0;
      end
    end else begin
      // Counters (Zicntr/Zihpm, privileged 3.1.10-3.1.13); a CSR write wins.
      if (do_write && csr_addr_i == CSR_MINSTRET) minstret_q <= wdata;
      else if (retire_i && !inhibit_q[2])         minstret_q <= minstret_q + 64'd1;
      // (the guards let the simulation model skip the per-counter work in
      // the cycles without a counting event or counter write: most cycles)
      if (hpm_touch) begin
        for (int i = 0; i < NHPM; i++) begin
          if (do_write && csr_addr_i == CSR_MCYCLE + 12'(i + 3))
            hpm_q[i] <= wdata[HPM_WIDTH-1:0];
          else if (hpm_inc[i])
            hpm_q[i] <= hpm_q[i] + HPM_WIDTH'(1);
        end
      end
      if (hpmev_wr) begin
        for (int i = 0; i < NHPM; i++)
          if (csr_addr_i == CSR_MCOUNTINHIBIT + 12'(i + 3))
            hpm_ev_q[i] <= (wdata < 64'(HPM_EVENTS)) ? wdata[EVW-1:0] : '0;
      end

      if (trap_i && deleg) begin
        // Trap entry into S mode (sec. 4.1.1).
        sepc_q   <= trap_pc_i[63:1];
        scause_q <= {trap_irq_i, 57'd0, trap_code_i};
        stval_q  <= trap_tval_i;
        spie_q   <= sie_q;
        sie_q    <= 1'b0;
        spp_q    <= priv_q[0];
        priv_q   <= PRIV_S;
      end else if (trap_i) begin
        // Trap entry into M mode (sec. 3.1.6.1).
        mepc_q   <= trap_pc_i[63:1];
        mcause_q <= {trap_irq_i, 57'd0, trap_code_i};
        mtval_q  <= trap_tval_i;
        mpie_q   <= mie_q;
        mie_q    <= 1'b0;
        mpp_q    <= priv_q;
        priv_q   <= PRIV_M;
      end else if (mret_i) begin
        priv_q <= mpp_q;
        mie_q  <= mpie_q;
        mpie_q <= 1'b1;
        mpp_q  <= PRIV_U;
        if (mpp_q != PRIV_M) mprv_q <= 1'b0;
      end else if (sret_i) begin
        priv_q <= {1'b0, spp_q};
        sie_q  <= spie_q;
        spie_q <= 1'b1;
        spp_q  <= 1'b0;
        mprv_q <= 1'b0;
      end else if (do_write) begin
        case (csr_addr_i)
          CSR_MSTATUS: begin
            {sie_q, mie_q, spie_q, mpie_q, spp_q} <= {wdata[1], wdata[3], wdata[5], wdata[7], wdata[8]};
            if (wdata[12:11] != 2'b10) mpp_q <= wdata[12:11];  // WARL {U, S, M}: 2 keeps the old value
            {tsr_q, tw_q, tvm_q, mxr_q, sum_q, mprv_q} <= wdata[22:17];
          end
          CSR_SSTATUS: begin
            {sie_q, spie_q, spp_q} <= {wdata[1], wdata[5], wdata[8]};
            {mxr_q, sum_q}         <= wdata[19:18];
          end
          CSR_MEDELEG:  medeleg_q <= wdata[15:0] & MEDELEG_MASK;
          CSR_MIDELEG:  mideleg_q <= wdata[11:0] & S_IRQS;
          CSR_MIE:      mie_q12   <= wdata[11:0] & ALL_IRQS;
          CSR_SIE:      mie_q12   <= (mie_q12 & ~mideleg_q) | (wdata[11:0] & mideleg_q);
          CSR_MIP:      mip_sw_q  <= wdata[11:0] & S_IRQS;
          CSR_SIP:      mip_sw_q[1] <= mideleg_q[1] ? wdata[1] : mip_sw_q[1];  // SSIP only
          CSR_MTVEC: begin
            mtvec_base_q <= wdata[63:2];
            mtvec_vec_q  <= (wdata[1:0] == 2'b01);  // WARL: modes >= 2 read as direct
          end
          CSR_STVEC: begin
            stvec_base_q <= wdata[63:2];
            stvec_vec_q  <= (wdata[1:0] == 2'b01);
          end
          CSR_MCOUNTEREN:    mcounteren_q <= wdata[31:0];
          CSR_SCOUNTEREN:    scounteren_q <= wdata[31:0];
          CSR_MCOUNTINHIBIT: inhibit_q <= wdata[10:0] & 11'h7fd;
          CSR_MSCRATCH:      mscratch_q <= wdata;
          CSR_SSCRATCH:      sscratch_q <= wdata;
          CSR_MEPC:          mepc_q <= wdata[63:1];
          CSR_SEPC:          sepc_q <= wdata[63:1];
          CSR_MCAUSE:        mcause_q <= wdata;
          CSR_SCAUSE:        scause_q <= wdata;
          CSR_MTVAL:         mtval_q <= wdata;
          CSR_STVAL:         stval_q <= wdata;
          default: ;  // read-only-zero or WARL-zero CSRs (satp, *envcfg), counters above
        endcase
      end
    end
  end
  // mcycle (privileged 3.1.11) counts every SoC clock cycle, also those in
  // which uvs_pipe_sel gates the hart's clock while it sleeps in WFI, so a
  // sleeping hart's cycle count is that of an ungated one. The write
  // inputs come from the hart's clock domain; they hold while it is gated,
  // and a gated hart executes no CSR write (it retired WFI last). The
  // other counters (minstret, mhpmcounter3..10) stop while the clock is
  // gated: their events cannot occur in WFI except the SoC levels
  // HPM_EV_EXT0/EXT3 (hpm.def), which a sleeping hart does not count.
  always_ff @(posedge clk_free_i) begin
    if (!rst_ni)                              mcycle_q <= '0;
    else if (do_write && csr_addr_i == CSR_MCYCLE) mcycle_q <= wdata;
    else if (!inhibit_q[0])                   mcycle_q <= mcycle_q + 64'd1;
  end

  if (HPM_COUNT < 1 || HPM_COUNT > int'(uvs_hpm_pkg::UVS_HPM_COUNTERS))
    $error("uvs_csr: HPM_COUNT must be 1..HPM_COUNTERS");
endmodule
