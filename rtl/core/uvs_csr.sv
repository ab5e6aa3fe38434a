// uvs_csr: machine-mode CSRs, privilege level, trap entry/return and
// interrupt selection of one hart (RISC-V privileged spec v1.12, ch. 2 and 3;
// Zicsr/Zicntr in unprivileged spec 20191213 ch. 9-10).
//
// Implemented (others are absent: access = illegal instruction):
//   mvendorid, marchid, mimpid = 0 (non-commercial, no assigned architecture
//   ID, no version), mhartid = HART_ID, mconfigptr = 0; mstatus (MIE, MPIE,
//   MPP in {M,U}, MPRV, TW writable; UXL = 2, SXL = 0 read-only); misa
//   (RV64 A I M U, writes ignored); mie (MSIE, MTIE, MEIE); mip (MSIP, MTIP,
//   MEIP read-only from the irq inputs); mtvec (direct or vectored); mscratch;
//   mepc (bits 1:0 zero, IALIGN = 32); mcause; mtval; mcounteren (CY, TM, IR);
//   mcountinhibit (CY, IR); menvcfg (all fields read-only 0); mcycle, minstret
//   and their user views cycle, time (= mtime_i), instret; mhpmcounter3..31,
//   mhpmevent3..31, hpmcounter3..31 read-only zero (writes ignored).
//   No S mode: medeleg, mideleg and S-mode CSRs are absent. No PMP.
// Access checks (sec. 2.1): CSR address bits 9:8 above the current privilege
// or a write to a read-only address (bits 11:10 = 11) is illegal; U-mode
// counter reads need the mcounteren bit.
// A CSR write in a cycle wins over that cycle's mcycle/minstret increment.
// Architectural state of one hart: a multithreaded core would index it.
module uvs_csr
  import uvs_arch_pkg::*;
#(
  parameter int HART_ID = 0
) (
  input  logic        clk_i,
  input  logic        rst_ni,         // synchronous, active low
  // CSR instruction (checked combinationally, performed on commit)
  input  logic [11:0] csr_addr_i,
  input  logic [1:0]  csr_op_i,       // funct3[1:0]: 01 write, 10 set, 11 clear
  input  logic        csr_write_i,    // the instruction writes (CSRRW[I], or rs1/uimm field != 0)
  input  logic [63:0] csr_src_i,      // rs1 value or zero-extended uimm
  input  logic        csr_commit_i,   // the CSR instruction retires this cycle
  output logic [63:0] csr_rdata_o,    // current value (for rd)
  output logic        csr_illegal_o,  // the access raises an illegal instruction exception
  // trap entry (sec. 3.1.6.1, 3.3.1)
  input  logic        trap_i,         // take a trap this cycle
  input  logic        trap_irq_i,     // 1 interrupt, 0 exception
  input  logic [5:0]  trap_code_i,    // exception or interrupt code
  input  logic [63:0] trap_pc_i,      // becomes mepc
  input  logic [63:0] trap_tval_i,    // becomes mtval
  output logic [63:0] trap_vector_o,  // handler address for trap_irq_i/trap_code_i
  // trap return (MRET, sec. 3.3.2)
  input  logic        mret_i,         // MRET retires this cycle
  output logic [63:0] mepc_o,
  // counters and interrupts
  input  logic        retire_i,       // an instruction retires this cycle (minstret)
  input  logic        irq_software_i, // MSIP
  input  logic        irq_timer_i,    // MTIP
  input  logic        irq_external_i, // MEIP
  input  logic [63:0] mtime_i,        // time CSR
  output logic [1:0]  priv_o,         // current privilege level (PRIV_U / PRIV_M)
  output logic        tw_o,           // mstatus.TW
  output logic        irq_take_o,     // an enabled interrupt is pending: take it before the next instruction
  output logic [5:0]  irq_code_o,     // its code, priority MEI > MSI > MTI (sec. 3.1.9)
  output logic        wake_o          // (mip & mie) != 0: WFI resumes
);
  localparam logic [63:0] MISA_VALUE = {2'd2, 36'd0, 26'b00_0001_0000_0001_0001_0000_0001};
  localparam logic [63:0] HART_ID_VALUE = 64'(HART_ID);

  // ---- state ----
  logic [1:0]  priv_q;
  logic        mie_q, mpie_q, mprv_q, tw_q;
  logic [1:0]  mpp_q;
  logic [63:2] mtvec_base_q;
  logic        mtvec_vec_q;
  logic [63:0] mscratch_q, mcause_q, mtval_q, mcycle_q, minstret_q;
  logic [63:2] mepc_q;
  logic        msie_q, mtie_q, meie_q;
  logic [2:0]  mcounteren_q;
  logic        inhibit_cy_q, inhibit_ir_q;

  logic [63:0] mstatus, mip, mie, wdata;
  logic        exists, counter_ok, do_write;

  assign mstatus = {28'd0, 2'd0, 2'd2, 10'd0, tw_q, 3'd0, mprv_q, 4'd0, mpp_q, 3'd0, mpie_q, 3'd0, mie_q, 3'd0};
  assign mip     = {52'd0, irq_external_i, 3'd0, irq_timer_i, 3'd0, irq_software_i, 3'd0};
  assign mie     = {52'd0, meie_q, 3'd0, mtie_q, 3'd0, msie_q, 3'd0};

  // ---- read (and existence) ----
  always_comb begin
    exists      = 1'b1;
    csr_rdata_o = 64'd0;
    case (csr_addr_i)
      CSR_CYCLE, CSR_MCYCLE:     csr_rdata_o = mcycle_q;
      CSR_TIME:                  csr_rdata_o = mtime_i;
      CSR_INSTRET, CSR_MINSTRET: csr_rdata_o = minstret_q;
      CSR_MVENDORID, CSR_MARCHID, CSR_MIMPID, CSR_MCONFIGPTR, CSR_MENVCFG: csr_rdata_o = 64'd0;
      CSR_MHARTID:               csr_rdata_o = HART_ID_VALUE;
      CSR_MSTATUS:               csr_rdata_o = mstatus;
      CSR_MISA:                  csr_rdata_o = MISA_VALUE;
      CSR_MIE:                   csr_rdata_o = mie;
      CSR_MIP:                   csr_rdata_o = mip;
      CSR_MTVEC:                 csr_rdata_o = {mtvec_base_q, 1'b0, mtvec_vec_q};
      CSR_MCOUNTEREN:            csr_rdata_o = {61'd0, mcounteren_q};
      CSR_MCOUNTINHIBIT:         csr_rdata_o = {61'd0, inhibit_ir_q, 1'b0, inhibit_cy_q};
      CSR_MSCRATCH:              csr_rdata_o = mscratch_q;
      CSR_MEPC:                  csr_rdata_o = {mepc_q, 2'b00};
      CSR_MCAUSE:                csr_rdata_o = mcause_q;
      CSR_MTVAL:                 csr_rdata_o = mtval_q;
      default: begin
        // hpmcounter3..31, mhpmcounter3..31, mhpmevent3..31: read-only zero.
        exists = ((csr_addr_i[11:5] == 7'b1100_000) || (csr_addr_i[11:5] == 7'b1011_000) ||
                  (csr_addr_i[11:5] == 7'b0011_001)) && (csr_addr_i[4:0] >= 5'd3);
      end
    endcase
  end

  // U-mode access to cycle/time/instret/hpmcounterN needs mcounteren bit N.
  assign counter_ok = (csr_addr_i[4:0] < 5'd3) && mcounteren_q[csr_addr_i[1:0]];

  assign csr_illegal_o = !exists ||
                         (csr_addr_i[9:8] > priv_q) ||
                         (csr_write_i && csr_addr_i[11:10] == 2'b11) ||
                         (priv_q == PRIV_U && !counter_ok);

  // New value written by CSRRW/CSRRS/CSRRC.
  always_comb begin
    case (csr_op_i)
      2'b01:   wdata = csr_src_i;
      2'b10:   wdata = csr_rdata_o | csr_src_i;
      default: wdata = csr_rdata_o & ~csr_src_i;
    endcase
  end

  assign do_write = csr_commit_i && csr_write_i;

  // ---- interrupts (sec. 3.1.9): enabled in U mode always, in M mode if MIE ----
  logic [63:0] pending;
  assign pending    = mip & mie;
  assign wake_o     = (pending != 64'd0);
  assign irq_take_o = wake_o && (priv_q == PRIV_U || mie_q);
  assign irq_code_o = pending[11] ? IRQ_MEI : (pending[3] ? IRQ_MSI : IRQ_MTI);

  // Handler address (sec. 3.1.7): vectored mode adds 4 * code for interrupts.
  assign trap_vector_o = {mtvec_base_q + ((mtvec_vec_q && trap_irq_i) ? 62'(trap_code_i) : 62'd0), 2'b00};
  assign mepc_o = {mepc_q, 2'b00};
  logic unused_trap_pc;  // pc bits 1:0 are zero while IALIGN = 32
  assign unused_trap_pc = ^trap_pc_i[1:0];
  assign priv_o = priv_q;
  assign tw_o   = tw_q;

  // ---- state update ----
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      priv_q       <= PRIV_M;
      mie_q        <= 1'b0;
      mpie_q       <= 1'b0;
      mpp_q        <= PRIV_U;
      mprv_q       <= 1'b0;
      tw_q         <= 1'b0;
      mtvec_base_q <= '0;
      mtvec_vec_q  <= 1'b0;
      mscratch_q   <= '0;
      mepc_q       <= '0;
      mcause_q     <= '0;
      mtval_q      <= '0;
      msie_q       <= 1'b0;
      mtie_q       <= 1'b0;
      meie_q       <= 1'b0;
      mcounteren_q <= '0;
      inhibit_cy_q <= 1'b0;
      inhibit_ir_q <= 1'b0;
      mcycle_q     <= '0;
      minstret_q   <= '0;
    end else begin
      // Counters (Zicntr, privileged 3.1.11/3.1.13); CSR write wins.
      if (do_write && csr_addr_i == CSR_MCYCLE) mcycle_q <= wdata;
      else if (!inhibit_cy_q)                   mcycle_q <= mcycle_q + 64'd1;
      if (do_write && csr_addr_i == CSR_MINSTRET) minstret_q <= wdata;
      else if (retire_i && !inhibit_ir_q)         minstret_q <= minstret_q + 64'd1;

      if (trap_i) begin
        // Trap entry into M mode. Hook for S mode: medeleg/mideleg would
        // select S-mode entry (sepc, scause, stval, stvec) here.
        mepc_q   <= trap_pc_i[63:2];
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
      end else if (do_write) begin
        case (csr_addr_i)
          CSR_MSTATUS: begin
            mie_q  <= wdata[3];
            mpie_q <= wdata[7];
            mpp_q  <= (wdata[12:11] == PRIV_M) ? PRIV_M : PRIV_U;  // WARL {M, U}
            mprv_q <= wdata[17];
            tw_q   <= wdata[21];
          end
          CSR_MIE: begin
            msie_q <= wdata[3];
            mtie_q <= wdata[7];
            meie_q <= wdata[11];
          end
          CSR_MTVEC: begin
            mtvec_base_q <= wdata[63:2];
            mtvec_vec_q  <= (wdata[1:0] == 2'b01);  // WARL: modes >= 2 read as direct
          end
          CSR_MCOUNTEREN:    mcounteren_q <= wdata[2:0];
          CSR_MCOUNTINHIBIT: {inhibit_ir_q, inhibit_cy_q} <= {wdata[2], wdata[0]};
          CSR_MSCRATCH:      mscratch_q <= wdata;
          CSR_MEPC:          mepc_q <= wdata[63:2];
          CSR_MCAUSE:        mcause_q <= wdata;
          CSR_MTVAL:         mtval_q <= wdata;
          default: ;  // read-only-zero or WARL-zero CSRs, counters above
        endcase
      end
    end
  end
endmodule
