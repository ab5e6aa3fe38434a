// uvs_mt_hart: one multithreaded compute hart in the SoC
// (docs/architecture.md "Multithreaded compute harts", "Tagged bus"): a
// uvs_mt_core, its thread-control MMIO block (uvs_mt_ctl, mt.def MT_REG_*)
// and the routing of its two tagged ports:
//   - fetch: a tagged AXI4 memory master (SoC core port 2 * HART_ID), several threads'
//     fetches in flight;
//   - data, by address (uvs_soc_pkg::decode with the MT region mapped):
//     memory to a tagged AXI4 memory master (port 2 * HART_ID + 1, LR/SC
//     reservations per (port, thread)); MMIO through the shared MMIO
//     arbiter, one access at a time; the unified range (UVA) through the
//     hart's IOMMU requester port, tagged with the thread id (the IOMMU's
//     request id, uvs_iommu IDS = THREADS): every thread can have its UVA
//     access in flight, and a UVA access parked on a page fault waits in
//     the IOMMU's park entry of its thread, so it sleeps only its own
//     thread (the others keep issuing, UVA accesses included); the
//     translated request (IOMMU downstream port, with the thread id)
//     enters the data memory port ahead of direct requests with that id
//     (its LR/SC reservation); everything else gets a bus error (access
//     fault).
// The data port answers one response a cycle: an MMIO or error access is
// granted only while no memory response can collide with it (the memory
// port idle or answering next cycle) and memory requests wait while an
// MMIO or error access is outstanding; the IOMMU's answers are held in a
// per-thread buffer (each thread has at most one access outstanding, so
// it never overflows) and handed to the core, lowest thread first, in
// cycles without a memory, MMIO or error response (no direct memory grants
// while one waits).
module uvs_mt_hart #(
  parameter int HART_ID = 1,   // mhartid (1..): memory ports 2 * HART_ID + 0/1
  parameter int THREADS = 16,  // hardware threads
  localparam int TW = (THREADS > 1) ? $clog2(THREADS) : 1,
  localparam int NT = 1 << TW
) (
  input  logic        clk_i,
  input  logic        rst_ni,         // synchronous, active low
  // memory: AXI4 masters (uvs_axi_mport), [0] the fetch port, [1] the data
  // port, AxID = thread (SoC core ports 2 * HART_ID + 0/1)
  output logic [1:0] m_axi_awvalid_o,
  output logic [1:0][uvs_axi_pkg::IDW-1:0] m_axi_awid_o,
  output logic [1:0][63:0] m_axi_awaddr_o,
  output logic [1:0][7:0] m_axi_awlen_o,
  output logic [1:0][2:0] m_axi_awsize_o,
  output logic [1:0][1:0] m_axi_awburst_o,
  output logic [1:0] m_axi_awlock_o,
  output logic [1:0][3:0] m_axi_awcache_o,
  output logic [1:0][2:0] m_axi_awprot_o,
  output logic [1:0][5:0] m_axi_awatop_o,
  input  logic [1:0] m_axi_awready_i,
  output logic [1:0] m_axi_wvalid_o,
  output logic [1:0][63:0] m_axi_wdata_o,
  output logic [1:0][7:0] m_axi_wstrb_o,
  output logic [1:0] m_axi_wlast_o,
  input  logic [1:0] m_axi_wready_i,
  input  logic [1:0] m_axi_bvalid_i,
  input  logic [1:0][uvs_axi_pkg::IDW-1:0] m_axi_bid_i,
  input  logic [1:0][1:0] m_axi_bresp_i,
  output logic [1:0] m_axi_bready_o,
  output logic [1:0] m_axi_arvalid_o,
  output logic [1:0][uvs_axi_pkg::IDW-1:0] m_axi_arid_o,
  output logic [1:0][63:0] m_axi_araddr_o,
  output logic [1:0][7:0] m_axi_arlen_o,
  output logic [1:0][2:0] m_axi_arsize_o,
  output logic [1:0][1:0] m_axi_arburst_o,
  output logic [1:0] m_axi_arlock_o,
  output logic [1:0][3:0] m_axi_arcache_o,
  output logic [1:0][2:0] m_axi_arprot_o,
  input  logic [1:0] m_axi_arready_i,
  input  logic [1:0] m_axi_rvalid_i,
  input  logic [1:0][uvs_axi_pkg::IDW-1:0] m_axi_rid_i,
  input  logic [1:0][63:0] m_axi_rdata_i,
  input  logic [1:0][1:0] m_axi_rresp_i,
  input  logic [1:0] m_axi_rlast_i,
  output logic [1:0] m_axi_rready_o,
  input  logic        host_blocks_i,  // HOSTIF and DMA regions mapped
  input  logic [63:0] mtime_i,
  // data requests toward the shared MMIO arbiter (fields shared with it)
  output logic        mm_req_o,
  input  logic        mm_gnt_i,
  output logic [63:0] d_addr_o,
  output logic        d_we_o,
  output logic [7:0]  d_be_o,
  output logic [63:0] d_wdata_o,
  input  logic        mm_rvalid_i,
  input  logic [63:0] mm_rdata_i,
  input  logic        mm_err_i,
  output logic [3:0]  d_amo_o,        // request AMO field (for the IOMMU port)
  // IOMMU requester port (fields: d_*_o), UVA accesses, tagged with the thread
  output logic        rq_req_o,
  input  logic        rq_gnt_i,
  output logic [TW-1:0] rq_id_o,      // thread of the request
  input  logic        rq_rvalid_i,
  input  logic [TW-1:0] rq_rid_i,     // thread of the response
  input  logic [63:0] rq_rdata_i,
  input  logic        rq_err_i,
  // IOMMU downstream port: the translated request into the data memory port
  input  logic        dn_req_i,
  output logic        dn_gnt_o,
  input  logic [63:0] dn_addr_i,
  input  logic        dn_we_i,
  input  logic [7:0]  dn_be_i,
  input  logic [63:0] dn_wdata_i,
  input  logic [3:0]  dn_amo_i,
  input  logic [TW-1:0] dn_id_i,      // thread of the translated request
  output logic        dn_rvalid_o,
  output logic [63:0] dn_rdata_o,
  output logic        dn_err_o,
  // the hart's thread-control block on the MMIO bus
  input  logic        ctl_req_i,
  input  logic [11:3] ctl_addr_i,
  input  logic        ctl_we_i,
  input  logic [63:0] ctl_wdata_i,
  output logic [63:0] ctl_rdata_o,    // one cycle after ctl_req_i, else 0
  output logic        irq_o,          // thread event, gated by MT_REG_IRQEN
  output logic [1:0]  retired_o       // instructions retired this cycle
);
  import uvs_soc_pkg::*;
  import uvs_bus_pkg::UVS_AMO_NONE;

  logic          i_req, i_gnt, i_rvalid, i_err;
  logic [63:0]   i_addr, i_rdata;
  logic [TW-1:0] i_id, i_rid;
  logic          d_req, d_gnt, d_we, d_rvalid, d_err;
  logic [63:0]   d_addr, d_wdata, d_rdata;
  logic [7:0]    d_be;
  logic [3:0]    d_amo;
  logic [TW-1:0] d_id, d_rid;

  // control port
  logic [2:0]    c_op;
  logic [TW-1:0] c_tid;
  logic [63:0]   c_pc, c_a0, c_a1, c_sp, c_epc, c_tval, c_x, c_instret;
  logic [31:0]   c_tidx, c_bidx, c_ntid, c_nbid, c_rtidx, c_rbidx;
  logic          c_ok, c_irq;
  logic [4:0]    c_rreg;
  logic [1:0]    c_state;
  logic [5:0]    c_cause;
  logic [NT-1:0] c_running, c_event;
  logic [2:0]    rv_valid, rv_trap;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [2:0][TW-1:0] unused_rv_tid;
  logic [2:0][63:0]   unused_rv_pc, unused_rv_wdata;
  logic [2:0][31:0]   unused_rv_insn;
  logic [2:0][4:0]    unused_rv_rd;
  /* verilator lint_on UNUSEDSIGNAL */

  // The core's clock stops while it sleeps (uvs_mt_core sleep_o: every
  // running thread waits for a fetch or data response, nothing ready, the
  // divider idle), as uvs_pipe_sel stops a single-thread hart in WFI; a
  // response to the core or a control operation opens the gate in the cycle
  // it appears, so the core sees it at the next edge as it would ungated
  // (cycle counts unchanged; the cycle CSR counts on clk_i). IDLE 2: the
  // registered retire lanes clear the cycle after the last event.
  logic core_clk, core_sleep;
  uvs_clk_gate #(.IDLE(2)) u_cg (
    .clk_i,
    .act_i (!core_sleep || i_rvalid || d_rvalid || c_op != 3'd0 || !rst_ni),
    .clk_o (core_clk)
  );

  uvs_mt_core #(.HART_ID(HART_ID), .THREADS(THREADS)) u_core (
    .clk_i(core_clk), .clk_free_i(clk_i), .rst_ni, .sleep_o(core_sleep),
    .imem_req_o      (i_req),
    .imem_gnt_i      (i_gnt),
    .imem_addr_o     (i_addr),
    .imem_id_o       (i_id),
    .imem_rvalid_i   (i_rvalid),
    .imem_rid_i      (i_rid),
    .imem_rdata_i    (i_rdata),
    .imem_err_i      (i_err),
    .dmem_req_o      (d_req),
    .dmem_gnt_i      (d_gnt),
    .dmem_addr_o     (d_addr),
    .dmem_we_o       (d_we),
    .dmem_be_o       (d_be),
    .dmem_wdata_o    (d_wdata),
    .dmem_amo_o      (d_amo),
    .dmem_id_o       (d_id),
    .dmem_rvalid_i   (d_rvalid),
    .dmem_rid_i      (d_rid),
    .dmem_rdata_i    (d_rdata),
    .dmem_err_i      (d_err),
    .mtime_i,
    .ctl_op_i        (c_op),
    .ctl_tid_i       (c_tid),
    .ctl_pc_i        (c_pc),
    .ctl_a0_i        (c_a0),
    .ctl_a1_i        (c_a1),
    .ctl_sp_i        (c_sp),
    .ctl_tidx_i      (c_tidx),
    .ctl_bidx_i      (c_bidx),
    .ctl_ntid_i      (c_ntid),
    .ctl_nbid_i      (c_nbid),
    .ctl_ok_o        (c_ok),
    .ctl_rtid_i      (c_tid),
    .ctl_rreg_i      (c_rreg),
    .ctl_state_o     (c_state),
    .ctl_cause_o     (c_cause),
    .ctl_epc_o       (c_epc),
    .ctl_tval_o      (c_tval),
    .ctl_rdata_o     (c_x),
    .ctl_instret_o   (c_instret),
    .ctl_tidx_o      (c_rtidx),
    .ctl_bidx_o      (c_rbidx),
    .thr_running_o   (c_running),
    .thr_event_o     (c_event),
    .irq_o           (c_irq),
    .rvfi_en_i       (1'b0),
    .rvfi_valid_o    (rv_valid),
    .rvfi_trap_o     (rv_trap),
    .rvfi_tid_o      (unused_rv_tid),
    .rvfi_pc_o       (unused_rv_pc),
    .rvfi_insn_o     (unused_rv_insn),
    .rvfi_rd_o       (unused_rv_rd),
    .rvfi_rd_wdata_o (unused_rv_wdata)
  );
  assign retired_o = 2'($countones(rv_valid & ~rv_trap));

  uvs_mt_ctl #(.TW(TW), .NT(NT)) u_ctl (
    .clk_i, .rst_ni,
    .req_i      (ctl_req_i),
    .addr_i     (ctl_addr_i),
    .we_i       (ctl_we_i),
    .wdata_i    (ctl_wdata_i),
    .rdata_o    (ctl_rdata_o),
    .op_o       (c_op),
    .tid_o      (c_tid),
    .pc_o       (c_pc),
    .a0_o       (c_a0),
    .a1_o       (c_a1),
    .sp_o       (c_sp),
    .tidx_o     (c_tidx),
    .bidx_o     (c_bidx),
    .ntid_o     (c_ntid),
    .nbid_o     (c_nbid),
    .ok_i       (c_ok),
    .rreg_o     (c_rreg),
    .state_i    (c_state),
    .cause_i    (c_cause),
    .epc_i      (c_epc),
    .tval_i     (c_tval),
    .xreg_i     (c_x),
    .instret_i  (c_instret),
    .rtidx_i    (c_rtidx),
    .rbidx_i    (c_rbidx),
    .running_i  (c_running),
    .event_i    (c_event),
    .core_irq_i (c_irq),
    .irq_o
  );

  // ---- fetch: straight to its tagged memory port ----
  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_i_idle;
  /* verilator lint_on UNUSEDSIGNAL */
  uvs_axi_mport #(.IW(TW)) u_imem (
    .clk_i, .rst_ni,
    .req_i    (i_req),
    .gnt_o    (i_gnt),
    .addr_i   (i_addr),
    .id_i     (i_id),
    .we_i     (1'b0),
    .be_i     (8'h00),
    .wdata_i  (64'd0),
    .amo_i    (4'd0),
    .idle_o   (unused_i_idle),
    .rvalid_o (i_rvalid),
    .rid_o    (i_rid),
    .rdata_o  (i_rdata),
    .err_o    (i_err),
    .m_axi_awvalid_o (m_axi_awvalid_o[0]),
    .m_axi_awid_o (m_axi_awid_o[0]),
    .m_axi_awaddr_o (m_axi_awaddr_o[0]),
    .m_axi_awlen_o (m_axi_awlen_o[0]),
    .m_axi_awsize_o (m_axi_awsize_o[0]),
    .m_axi_awburst_o (m_axi_awburst_o[0]),
    .m_axi_awlock_o (m_axi_awlock_o[0]),
    .m_axi_awcache_o (m_axi_awcache_o[0]),
    .m_axi_awprot_o (m_axi_awprot_o[0]),
    .m_axi_awatop_o (m_axi_awatop_o[0]),
    .m_axi_awready_i (m_axi_awready_i[0]),
    .m_axi_wvalid_o (m_axi_wvalid_o[0]),
    .m_axi_wdata_o (m_axi_wdata_o[0]),
    .m_axi_wstrb_o (m_axi_wstrb_o[0]),
    .m_axi_wlast_o (m_axi_wlast_o[0]),
    .m_axi_wready_i (m_axi_wready_i[0]),
    .m_axi_bvalid_i (m_axi_bvalid_i[0]),
    .m_axi_bid_i (m_axi_bid_i[0]),
    .m_axi_bresp_i (m_axi_bresp_i[0]),
    .m_axi_bready_o (m_axi_bready_o[0]),
    .m_axi_arvalid_o (m_axi_arvalid_o[0]),
    .m_axi_arid_o (m_axi_arid_o[0]),
    .m_axi_araddr_o (m_axi_araddr_o[0]),
    .m_axi_arlen_o (m_axi_arlen_o[0]),
    .m_axi_arsize_o (m_axi_arsize_o[0]),
    .m_axi_arburst_o (m_axi_arburst_o[0]),
    .m_axi_arlock_o (m_axi_arlock_o[0]),
    .m_axi_arcache_o (m_axi_arcache_o[0]),
    .m_axi_arprot_o (m_axi_arprot_o[0]),
    .m_axi_arready_i (m_axi_arready_i[0]),
    .m_axi_rvalid_i (m_axi_rvalid_i[0]),
    .m_axi_rid_i (m_axi_rid_i[0]),
    .m_axi_rdata_i (m_axi_rdata_i[0]),
    .m_axi_rresp_i (m_axi_rresp_i[0]),
    .m_axi_rlast_i (m_axi_rlast_i[0]),
    .m_axi_rready_o (m_axi_rready_o[0])
  );

  // ---- data: memory, MMIO (one at a time), UVA (one per thread) or error ----
  target_e       tgt;
  logic          m_req, m_gnt, m_idle, m_rvalid, m_err;
  logic          p_req, p_we;
  logic [63:0]   p_addr, p_wdata;
  logic [7:0]    p_be;
  logic [3:0]    p_amo;
  logic [TW-1:0] p_id;
  logic [63:0]   m_rdata;
  logic [TW-1:0] m_rid;
  logic          nm_out_q, er_rvalid_q, nm_ok, sel_dn_q, hm_rvalid;
  logic [TW-1:0] nm_id_q;
  // IOMMU answers waiting for the core, per thread
  logic [NT-1:0] rb_v_q;
  logic [NT-1:0] rb_err_q;
  logic [63:0]   rb_rdata_q [NT];
  logic          rb_any, sk_out;
  logic [TW-1:0] rb_sel;

  always_comb begin
    rb_sel = '0;
    for (int t = NT - 1; t >= 0; t--)
      if (rb_v_q[t]) rb_sel = TW'(t);
  end
  assign rb_any = |rb_v_q;

  assign tgt   = decode(d_addr, d_amo != UVS_AMO_NONE[3:0], host_blocks_i, 1'b1, 1'b1);
  assign nm_ok = !nm_out_q && m_idle;
  assign m_req    = d_req && tgt == TGT_MEM && !nm_out_q && !rb_any && !dn_req_i;
  assign mm_req_o = d_req && tgt == TGT_MMIO && nm_ok;
  assign rq_req_o = d_req && tgt == TGT_UVA;
  assign rq_id_o  = d_id;
  always_comb begin
    unique case (tgt)
      TGT_MEM:  d_gnt = m_req && m_gnt;
      TGT_MMIO: d_gnt = mm_req_o && mm_gnt_i;
      TGT_UVA:  d_gnt = rq_req_o && rq_gnt_i;
      default:  d_gnt = d_req && nm_ok;  // error
    endcase
  end
  assign d_addr_o  = d_addr;
  assign d_we_o    = d_we;
  assign d_be_o    = d_be;
  assign d_wdata_o = d_wdata;
  assign d_amo_o   = d_amo;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      nm_out_q    <= 1'b0;
      nm_id_q     <= '0;
      er_rvalid_q <= 1'b0;
      rb_v_q      <= '0;
      rb_err_q    <= '0;
      for (int t = 0; t < NT; t++) rb_rdata_q[t] <= '0;
      sel_dn_q    <= 1'b0;
    end else begin
      er_rvalid_q <= 1'b0;
      if (d_req && d_gnt && (tgt == TGT_MMIO || tgt == TGT_ERR)) begin
        nm_out_q    <= 1'b1;
        nm_id_q     <= d_id;
        er_rvalid_q <= (tgt == TGT_ERR);
      end else if (mm_rvalid_i || er_rvalid_q) begin
        nm_out_q <= 1'b0;
      end
      if (sk_out) rb_v_q[rb_sel] <= 1'b0;
      if (rq_rvalid_i) begin
        rb_v_q[rq_rid_i]     <= 1'b1;
        rb_err_q[rq_rid_i]   <= rq_err_i;
        rb_rdata_q[rq_rid_i] <= rq_rdata_i;
      end
      if (p_req && m_gnt) sel_dn_q <= dn_req_i;
    end
  end

  // memory port: the IOMMU's translated request first, else the direct one
  assign p_req    = dn_req_i || m_req;
  assign p_addr   = dn_req_i ? dn_addr_i : d_addr;
  assign p_we     = dn_req_i ? dn_we_i : d_we;
  assign p_be     = dn_req_i ? dn_be_i : d_be;
  assign p_wdata  = dn_req_i ? dn_wdata_i : d_wdata;
  assign p_amo    = dn_req_i ? dn_amo_i : d_amo;
  assign p_id     = dn_req_i ? dn_id_i : d_id;
  assign dn_gnt_o = dn_req_i && m_gnt;

  uvs_axi_mport #(.IW(TW)) u_dmem (
    .clk_i, .rst_ni,
    .req_i    (p_req),
    .gnt_o    (m_gnt),
    .addr_i   (p_addr),
    .id_i     (p_id),
    .we_i     (p_we),
    .be_i     (p_be),
    .wdata_i  (p_wdata),
    .amo_i    (p_amo),
    .idle_o   (m_idle),
    .rvalid_o (m_rvalid),
    .rid_o    (m_rid),
    .rdata_o  (m_rdata),
    .err_o    (m_err),
    .m_axi_awvalid_o (m_axi_awvalid_o[1]),
    .m_axi_awid_o (m_axi_awid_o[1]),
    .m_axi_awaddr_o (m_axi_awaddr_o[1]),
    .m_axi_awlen_o (m_axi_awlen_o[1]),
    .m_axi_awsize_o (m_axi_awsize_o[1]),
    .m_axi_awburst_o (m_axi_awburst_o[1]),
    .m_axi_awlock_o (m_axi_awlock_o[1]),
    .m_axi_awcache_o (m_axi_awcache_o[1]),
    .m_axi_awprot_o (m_axi_awprot_o[1]),
    .m_axi_awatop_o (m_axi_awatop_o[1]),
    .m_axi_awready_i (m_axi_awready_i[1]),
    .m_axi_wvalid_o (m_axi_wvalid_o[1]),
    .m_axi_wdata_o (m_axi_wdata_o[1]),
    .m_axi_wstrb_o (m_axi_wstrb_o[1]),
    .m_axi_wlast_o (m_axi_wlast_o[1]),
    .m_axi_wready_i (m_axi_wready_i[1]),
    .m_axi_bvalid_i (m_axi_bvalid_i[1]),
    .m_axi_bid_i (m_axi_bid_i[1]),
    .m_axi_bresp_i (m_axi_bresp_i[1]),
    .m_axi_bready_o (m_axi_bready_o[1]),
    .m_axi_arvalid_o (m_axi_arvalid_o[1]),
    .m_axi_arid_o (m_axi_arid_o[1]),
    .m_axi_araddr_o (m_axi_araddr_o[1]),
    .m_axi_arlen_o (m_axi_arlen_o[1]),
    .m_axi_arsize_o (m_axi_arsize_o[1]),
    .m_axi_arburst_o (m_axi_arburst_o[1]),
    .m_axi_arlock_o (m_axi_arlock_o[1]),
    .m_axi_arcache_o (m_axi_arcache_o[1]),
    .m_axi_arprot_o (m_axi_arprot_o[1]),
    .m_axi_arready_i (m_axi_arready_i[1]),
    .m_axi_rvalid_i (m_axi_rvalid_i[1]),
    .m_axi_rid_i (m_axi_rid_i[1]),
    .m_axi_rdata_i (m_axi_rdata_i[1]),
    .m_axi_rresp_i (m_axi_rresp_i[1]),
    .m_axi_rlast_i (m_axi_rlast_i[1]),
    .m_axi_rready_o (m_axi_rready_o[1])
  );
  assign dn_rvalid_o = m_rvalid && sel_dn_q;
  assign dn_rdata_o  = m_rdata;
  assign dn_err_o    = m_err;

  // responses to the core: memory, MMIO, error, then a buffered IOMMU answer
  assign hm_rvalid = m_rvalid && !sel_dn_q;
  assign sk_out    = rb_any && !hm_rvalid && !mm_rvalid_i && !er_rvalid_q;
  assign d_rvalid  = hm_rvalid || mm_rvalid_i || er_rvalid_q || sk_out;
  assign d_rid     = hm_rvalid ? m_rid : (sk_out ? rb_sel : nm_id_q);
  assign d_rdata   = hm_rvalid ? m_rdata : (mm_rvalid_i ? mm_rdata_i : (sk_out ? rb_rdata_q[rb_sel] : 64'd0));
  assign d_err     = hm_rvalid ? m_err : (mm_rvalid_i ? mm_err_i : (er_rvalid_q || (sk_out && rb_err_q[rb_sel])));
endmodule
