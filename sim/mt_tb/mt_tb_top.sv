// mt_tb_top: standalone Verilator testbench top for uvs_mt_core
// (sim/mt_tb/README.md). NCORES cores on one C memory model (mt_mem.c)
// reached through DPI, the launcher in C (mt_tb.c, mt_dpi_ctl) and
// retirement counting here. REF = 1 puts uvs_core (single thread, untagged
// bus, id 0) in place of each uvs_mt_core, as the speed and equivalence
// reference; it starts at the boot-ROM stub the C side writes.
//
// DPI calls happen at the clock edge only (always_ff), once per port that
// has work (a request, or responses outstanding), so each cycle costs the model as little C as possible. Port
// numbering: 2 x core + (0 fetch, 1 data). Grants for a cycle are decided
// by the C side at the previous edge; a response the C side returns at an
// edge is visible the following cycle (so at least one cycle after gnt).
module mt_tb_top #(
  parameter int NCORES  = 1,   // cores (1..4)
  parameter int THREADS = 16,  // hardware threads per uvs_mt_core
  parameter int REF     = 0    // 1: uvs_core instead of uvs_mt_core
) (
  input  logic        clk_i,
  input  logic        rst_ni,      // synchronous, active low
  input  logic        log_i,       // report every retirement to C (mt_dpi_retire)
  output logic [63:0] retired_o    // instructions retired by all cores
);
  localparam int TW = (THREADS > 1) ? $clog2(THREADS) : 1;
  localparam int NT = 1 << TW;

  import "DPI-C" function int mt_dpi_port(input int port, input int req, input int id,
    input longint addr, input int we, input int be, input longint wdata, input int amo,
    output int rvalid, output int rid, output longint rdata, output int rerr);
  import "DPI-C" function int mt_dpi_ctl(input int core, input longint running,
    input longint events, input int ok, input int rstate, input int rcause,
    input longint repc, input longint rtval, input longint ra0, input longint rinstret,
    input int rtidx, input int rbidx,
    output int op, output int tid, output longint pc, output longint a0, output longint a1,
    output longint sp, output int tidx, output int bidx, output int ntid, output int nbid,
    output int rtid);
  import "DPI-C" function void mt_dpi_retire(input int core, input int tid, input longint pc,
    input int insn, input int rd, input longint wdata, input int trap);
  import "DPI-C" function void mt_dpi_ref_trap(input int core, input longint pc,
    input int insn, input longint a0);

  logic [NCORES-1:0][63:0] core_retired;

  for (genvar c = 0; c < NCORES; c++) begin : g_core
    // ---- bus signals, tagged view (id 0 for the reference core) ----
    logic          ireq, igrant, ivalid, ierr, dreq, dgrant, dvalid, derr, dwe;
    logic [63:0]   iaddr, daddr, dwdata, drdata;
    logic [63:0]   irdata;
    logic [TW-1:0] iid, did, irid, drid;
    logic [7:0]    dbe;
    logic [3:0]    damo;
    // ---- response and grant registers written at the edge ----
    logic          ivalid_q, ierr_q, dvalid_q, derr_q, igrant_q, dgrant_q;
    logic [63:0]   irdata_q;
    logic [63:0]   drdata_q;
    logic [TW-1:0] irid_q, drid_q;
    logic [15:0]   iout_q, dout_q;   // requests outstanding (skip idle ports)
    logic [63:0]   ret_q;
    logic [1:0]    nret;

    assign igrant = igrant_q;
    assign dgrant = dgrant_q;
    assign ivalid = ivalid_q;
    assign ierr   = ierr_q;
    assign irdata = irdata_q;
    assign irid   = irid_q;
    assign dvalid = dvalid_q;
    assign derr   = derr_q;
    assign drdata = drdata_q;
    assign drid   = drid_q;

    if (REF == 0) begin : g_mt
      logic [2:0]         ctl_op_q;
      logic [TW-1:0]      ctl_tid_q, ctl_rtid_q;
      logic [63:0]        ctl_pc_q, ctl_a0_q, ctl_a1_q, ctl_sp_q;
      logic [31:0]        ctl_tidx_q, ctl_bidx_q, ctl_ntid_q, ctl_nbid_q;
      logic               ctl_ok, poll_q, irq;
      logic [1:0]         rstate;
      logic [5:0]         rcause;
      logic [63:0]        repc, rtval, ra0, rinstret;
      logic [31:0]        rtidx, rbidx;
      logic [NT-1:0]      running, events;
      logic [2:0]         rv, rt;
      logic [2:0][TW-1:0] rtid;
      logic [2:0][63:0]   rpc, rwd;
      logic [2:0][31:0]   rinsn;
      logic [2:0][4:0]    rrd;
      logic               sleep;  // unused: the testbench does not gate the core's clock

      uvs_mt_core #(.HART_ID(c + 1), .THREADS(THREADS)) u_core (
        .clk_i, .clk_free_i(clk_i), .rst_ni, .sleep_o(sleep),
        .imem_req_o(ireq), .imem_gnt_i(igrant), .imem_addr_o(iaddr), .imem_id_o(iid),
        .imem_rvalid_i(ivalid), .imem_rid_i(irid), .imem_rdata_i(irdata), .imem_err_i(ierr),
        .dmem_req_o(dreq), .dmem_gnt_i(dgrant), .dmem_addr_o(daddr), .dmem_we_o(dwe),
        .dmem_be_o(dbe), .dmem_wdata_o(dwdata), .dmem_amo_o(damo), .dmem_id_o(did),
        .dmem_rvalid_i(dvalid), .dmem_rid_i(drid), .dmem_rdata_i(drdata), .dmem_err_i(derr),
        .mtime_i(64'd0),
        .ctl_op_i(ctl_op_q), .ctl_tid_i(ctl_tid_q), .ctl_pc_i(ctl_pc_q),
        .ctl_a0_i(ctl_a0_q), .ctl_a1_i(ctl_a1_q), .ctl_sp_i(ctl_sp_q),
        .ctl_tidx_i(ctl_tidx_q), .ctl_bidx_i(ctl_bidx_q), .ctl_ntid_i(ctl_ntid_q),
        .ctl_nbid_i(ctl_nbid_q), .ctl_ok_o(ctl_ok),
        .ctl_rtid_i(ctl_rtid_q), .ctl_rreg_i(5'd10), .ctl_state_o(rstate), .ctl_cause_o(rcause),
        .ctl_epc_o(repc), .ctl_tval_o(rtval), .ctl_rdata_o(ra0), .ctl_instret_o(rinstret),
        .ctl_tidx_o(rtidx), .ctl_bidx_o(rbidx),
        .thr_running_o(running), .thr_event_o(events), .irq_o(irq),
        .rvfi_en_i(log_i), .rvfi_valid_o(rv), .rvfi_trap_o(rt), .rvfi_tid_o(rtid), .rvfi_pc_o(rpc),
        .rvfi_insn_o(rinsn), .rvfi_rd_o(rrd), .rvfi_rd_wdata_o(rwd)
      );

      assign nret = {1'b0, rv[0] & !rt[0]} + {1'b0, rv[1] & !rt[1]} + {1'b0, rv[2] & !rt[2]};

      // Launcher: called while the C side asks (poll) or a thread event is up.
      always_ff @(posedge clk_i) begin
        int op, tid, tidx, bidx, ntid, nbid, rt_sel;
        longint pc, a0, a1, sp;
        if (!rst_ni) begin
          ctl_op_q   <= '0;
          ctl_rtid_q <= '0;
          poll_q     <= 1'b1;
        end else begin
          ctl_op_q <= '0;
          if (poll_q || irq) begin
            poll_q <= mt_dpi_ctl(c, 64'(running), 64'(events), 32'(ctl_ok && ctl_op_q != 0),
                                 32'(rstate), 32'(rcause), repc, rtval, ra0, rinstret,
                                 rtidx, rbidx, op, tid, pc, a0, a1, sp, tidx, bidx, ntid, nbid,
                                 rt_sel) != 0;
            ctl_op_q   <= op[2:0];
            ctl_tid_q  <= tid[TW-1:0];
            ctl_pc_q   <= pc;
            ctl_a0_q   <= a0;
            ctl_a1_q   <= a1;
            ctl_sp_q   <= sp;
            ctl_tidx_q <= tidx;
            ctl_bidx_q <= bidx;
            ctl_ntid_q <= ntid;
            ctl_nbid_q <= nbid;
            ctl_rtid_q <= rt_sel[TW-1:0];
          end
        end
      end

      always_ff @(posedge clk_i) begin
        if (rst_ni && log_i) begin
          for (int l = 0; l < 3; l++) begin
            if (rv[l]) mt_dpi_retire(c, 32'(rtid[l]), rpc[l], rinsn[l], 32'(rrd[l]), rwd[l], 32'(rt[l]));
          end
        end
      end

      logic unused;
      assign unused = ^{repc[1:0], rstate[1], running[0]};
    end else begin : g_ref
      logic        rv, rt;
      logic [63:0] rpc, rwd, a0_q;
      logic [31:0] rinsn;
      logic [4:0]  rrd;
      logic        rsleep;  // unused: the reference core runs ungated here (file-wide waiver, mt_tb.mk)

      uvs_core #(.HART_ID(c + 1)) u_core (
        .clk_i, .clk_free_i(clk_i), .rst_ni, .sleep_o(rsleep),
        .imem_req_o(ireq), .imem_gnt_i(igrant), .imem_addr_o(iaddr),
        .imem_rvalid_i(ivalid), .imem_rdata_i(irdata), .imem_err_i(ierr),
        .dmem_req_o(dreq), .dmem_gnt_i(dgrant), .dmem_addr_o(daddr), .dmem_we_o(dwe),
        .dmem_be_o(dbe), .dmem_wdata_o(dwdata), .dmem_amo_o(damo),
        .dmem_rvalid_i(dvalid), .dmem_rdata_i(drdata), .dmem_err_i(derr),
        .irq_software_i(1'b0), .irq_timer_i(1'b0), .irq_external_i(1'b0),
        .irq_s_external_i(1'b0), .mtime_i(64'd0), .hpm_ext_i('0),
        .rvfi_valid_o(rv), .rvfi_pc_o(rpc), .rvfi_insn_o(rinsn), .rvfi_rd_o(rrd),
        .rvfi_rd_wdata_o(rwd), .rvfi_trap_o(rt)
      );
      assign iid  = '0;
      assign did  = '0;
      assign nret = {1'b0, rv & !rt};

      // a0 as the retire port shows it: the exit status at the final ECALL.
      always_ff @(posedge clk_i) begin
        if (rv && !rt && rrd == 5'd10) a0_q <= rwd;
        if (rst_ni && rv) begin
          if (log_i) mt_dpi_retire(c, 0, rpc, rinsn, 32'(rrd), rwd, 32'(rt));
          if (rt) mt_dpi_ref_trap(c, rpc, rinsn, a0_q);
        end
      end

      logic unused;
      assign unused = ^{irid, drid};
    end

    // ---- the two ports of this core ----
    always_ff @(posedge clk_i) begin
      int rvalid, rid, rerr;
      longint rdata;
      if (!rst_ni) begin
        ivalid_q <= 1'b0;
        dvalid_q <= 1'b0;
        igrant_q <= 1'b1;
        dgrant_q <= 1'b1;
        iout_q   <= '0;
        dout_q   <= '0;
        ret_q    <= '0;
      end else begin
        ret_q <= ret_q + 64'(nret);
        ivalid_q <= 1'b0;
        if (ireq || iout_q != 0) begin
          igrant_q <= mt_dpi_port(2 * c, 32'(ireq && igrant), 32'(iid), iaddr, 0, 32'hff, 64'd0, 0,
                                  rvalid, rid, rdata, rerr) != 0;
          ivalid_q <= rvalid != 0;
          irid_q   <= rid[TW-1:0];
          irdata_q <= rdata;
          ierr_q   <= rerr != 0;
          iout_q   <= iout_q + 16'(ireq && igrant) - 16'(rvalid != 0);
        end
        dvalid_q <= 1'b0;
        if (dreq || dout_q != 0) begin
          dgrant_q <= mt_dpi_port(2 * c + 1, 32'(dreq && dgrant), 32'(did), daddr, 32'(dwe),
                                  32'(dbe), dwdata, 32'(damo), rvalid, rid, rdata, rerr) != 0;
          dvalid_q <= rvalid != 0;
          drid_q   <= rid[TW-1:0];
          drdata_q <= rdata;
          derr_q   <= rerr != 0;
          dout_q   <= dout_q + 16'(dreq && dgrant) - 16'(rvalid != 0);
        end
      end
    end
    assign core_retired[c] = ret_q;
  end

  always_comb begin
    retired_o = 64'd0;
    for (int c = 0; c < NCORES; c++) retired_o = retired_o + core_retired[c];
  end
endmodule
