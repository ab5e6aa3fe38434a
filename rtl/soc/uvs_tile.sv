// uvs_tile: the tile engine of one compute hart (issue 13;
// docs/architecture.md "Tile engines"; ABI include/uvmsoc/tile.def).
//
// Registers (tile.def TILE_REG_*) on the hart's local path: a store to
// SUBMIT takes the 64-byte descriptor at that scratchpad offset into the
// descriptor queue (QD entries; checks and the TICKET write-back in C,
// uvs_dpi_tile_submit), answered the next cycle; err for an offset that is
// no descriptor slot, or for another hart's block.
//
// Address generator: walks the oldest not yet generated descriptor row by
// row in beats that never cross a 64-byte (hence no 4 KiB) VA boundary;
// scratchpad rows are packed. Indexed rows read their u32 index from the
// scratchpad (uvs_dpi_tile_index) when the row starts; an index >= table
// rows fails the descriptor (TILE_ST_INDEX) and ends its generation.
// A beat at a device address (SRAM, HBM) is physical like the hart's own
// accesses; otherwise the ATC (uvs_tile_atc) is looked up: a hit issues the beat (one
// per cycle, at most OUT in flight); a miss parks it in the pending set (PN
// entries) linked to a translation slot (XS slots: a page's translation
// request on the IOMMU requester port with request id = slot, so up to XS
// page misses -- e.g. pages parked on page requests -- are outstanding at
// once) while the generator goes on with further beats. Pending beats whose
// translation arrived issue first. The IOMMU's downstream request of a
// translation is answered by the translation responder: rdata = the
// downstream (physical) address, so the IOMMU's walk, A/D update, page-
// request parking and PAGE_REPLAY are those of a hart's access. A
// translation answered err fails its beats (TILE_ST_FAULT, cause 5 read /
// 7 write, ERR_VA = the first failing beat's VA). A slot stays held until
// its pending beats issued.
//
// Translation prefetch (issue 13): a page miss costs the IOMMU's latency
// (IOTLB lookup, often a walk: 50-100 cycles measured), more than the
// pending set hides at one beat per cycle. So a free translation slot
// asks ahead, with nothing linked to it, for (a) the pages of the current
// row up to PFD pages beyond the generator's, and (b) once the last row's
// last pages are asked for, the first page of the next queued descriptor
// (1-D or 2-D, not a device address). The answer only fills the ATC (an
// error answer is dropped: the beat that needs the page asks again and
// fails then, so a failing page may be asked for twice). Only pages the
// queued descriptors will access are asked for: prefetch makes no page
// request for a page the descriptors would not touch.
//
// Invalidation (atc_flush_i, the IOMMU's IOTINVAL.VMA / IODIR.INVAL_DDT
// pulse; ATS invalidation): the ATC empties, pending beats whose answer
// arrived forget it and their slot asks again, and a request in flight
// (sent, or answered that cycle) is stale: its answer neither fills the ATC
// nor readies beats, and the slot asks again. No beat issues in the pulse
// cycle. IOFENCE.C: while fence_wait_i no beat issues, and fence_busy_o
// (beats issued, not yet retired) holds the fence, so after it every beat
// translated before the invalidation reached memory.
//
// Access trace: uvs_dpi_tile_issue also gets the beat's VA and whether it
// was a device address (0), translated (1), or translated by an answer that
// had waited for a page request (2: dn_rpl_i with the responder's request;
// the IOMMU answers on rq_rvalid_i the cycle after, so the flag is taken
// from that cycle's register and kept by the pending beat, also when that
// answer is stale: an invalidation while the beat waited, e.g. an eviction
// of the page request's own batch, makes the slot ask again and the second
// answer hits the IOTLB, but the beat did wait: a miss in the trace).
//
// Issued beats (uvs_dpi_tile_issue: data moved by C, completion cycle from
// the memory model) wait in a ring and retire in order once their cycle
// came (uvs_dpi_tile_retire). A descriptor completes, in order, when it was
// fully generated and none of its beats is pending or in flight: STATUS and
// ERR_VA go back to its scratchpad slot (uvs_dpi_tile_complete), DONE
// counts it.
module uvs_tile #(
  parameter int HART = 1,  // hart id (its register block and scratchpad)
  parameter int NHWT = 1,  // hardware threads sharing the engine
  parameter int IW   = 2,  // IOMMU request id width (>= $clog2(XS))
  localparam int QD  = int'(uvs_tile_pkg::UVS_TILE_QDEPTH),
  localparam int OUT = int'(uvs_tile_pkg::UVS_TILE_OUTSTANDING),
  localparam int PN  = int'(uvs_tile_pkg::UVS_TILE_PENDING),
  localparam int XS  = int'(uvs_tile_pkg::UVS_TILE_XLAT_IDS)
) (
  input  logic          clk_i,
  input  logic          rst_ni,      // synchronous, active low
  input  logic [63:0]   cycle_i,     // SoC cycle counter (beat completion times)
  // register port (the hart's local path; answered the cycle after req)
  input  logic          reg_req_i,
  input  logic [15:3]   reg_addr_i,  // offset in the TILE region (hart's block: bits 15:11)
  input  logic          reg_we_i,
  input  logic [63:0]   reg_wdata_i,
  output logic          reg_rvalid_o,
  output logic [63:0]   reg_rdata_o,
  output logic          reg_err_o,
  // IOMMU requester port: translation requests (one page each)
  output logic          rq_req_o,
  input  logic          rq_gnt_i,
  output logic [63:0]   rq_addr_o,   // page VA
  output logic          rq_we_o,     // translate for writing
  output logic [IW-1:0] rq_id_o,     // translation slot
  input  logic          rq_rvalid_i,
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [IW-1:0] rq_rid_i,    // slot in bits XW-1:0
  /* verilator lint_on UNUSEDSIGNAL */
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [63:0]   rq_rdata_i,  // the page's physical address (bits 11:0 zero)
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic          rq_err_i,
  // IOMMU downstream port: the translation responder
  input  logic          dn_req_i,
  output logic          dn_gnt_o,
  input  logic [63:0]   dn_addr_i,
  input  logic          dn_rpl_i,    // the request waited for a page request (access trace)
  output logic          dn_rvalid_o,
  output logic [63:0]   dn_rdata_o,
  output logic          dn_err_o,
  input  logic          atc_flush_i, // IOMMU invalidation: drop every held translation
  input  logic          fence_wait_i,  // an IOFENCE.C waits: issue no beat
  output logic          fence_busy_o,  // beats issued and not yet retired
  output logic          busy_o       // descriptors queued or beats in flight
);
  import uvs_tile_pkg::*;
  import "DPI-C" function longint uvs_dpi_tile_spad_size();
  import "DPI-C" function int uvs_dpi_tile_submit(input int hart, input int off, input byte full,
      input int ticket, output longint va, output int spad, output int row_bytes, output int rows,
      output byte we, output byte shape, output longint stride, output int idx);
  import "DPI-C" function int uvs_dpi_tile_index(input int hart, input int off);
  import "DPI-C" function longint uvs_dpi_tile_issue(input int hart, input longint now,
      input longint pa, input int spad, input int len, input byte we, input longint va,
      input byte xlat);
  import "DPI-C" function int uvs_dpi_tile_retire(input int hart);
  import "DPI-C" function void uvs_dpi_tile_complete(input int hart, input int off,
      input longint status, input longint err_va);
  import "DPI-C" function void uvs_dpi_tile_reset(input int hart);

  localparam int QW = $clog2(QD);
  localparam int OW = $clog2(OUT);
  localparam int XW = $clog2(XS);
  localparam logic [1:0] SH_2D  = UVS_TILE_SHAPE_2D[1:0];
  localparam logic [1:0] SH_IDX = UVS_TILE_SHAPE_INDEXED[1:0];
  localparam logic [51:0] PFD = 52'd2;  // pages ahead of the generator's to translate

  // ---- descriptor queue ----
  logic [63:0] q_va [QD], q_stride [QD], q_eva [QD];
  logic [31:0] q_spad [QD], q_rb [QD], q_rows [QD], q_idx [QD], q_doff [QD], q_ticket [QD];
  logic [1:0]  q_shape [QD];
  logic [7:0]  q_code [QD];
  logic [6:0]  q_cnt [QD];  // beats pending or in flight
  logic [QD-1:0] q_we, q_fail;
  logic [QW-1:0] q_head, q_gen, q_tail;
  logic [QW:0]   q_n, q_ng;  // entries; entries fully generated (from head)
  logic [63:0]   issued_q, done_q, failed_q, spad_size_q;

  // ---- generator ----
  logic        g_valid, g_rowok;
  logic [31:0] g_r, g_c, g_sp;
  logic [63:0] g_base, g_va;
  logic [6:0]  g_len;
  logic        g_last_in_row, g_last;

  // ---- pending set (beats waiting for a translation) ----
  logic [PN-1:0] pe_v, pe_rdy, pe_fail, pe_we;
  logic [PN-1:0] pe_flt;  // its translation waited for a page request (access trace)
  logic [XW-1:0] pe_x [PN];
  logic [63:0]   pe_va [PN];
  logic [51:0]   pe_ppn [PN];
  logic [31:0]   pe_sp [PN];
  logic [6:0]    pe_len [PN];
  logic [QW-1:0] pe_q [PN];

  // ---- translation slots ----
  logic [XS-1:0] x_want, x_sent, x_we;
  logic [XS-1:0] x_stale;  // sent before an invalidation: discard the answer, ask again
  logic [XS-1:0] x_held;   // answered, pending beats still linked
  logic [51:0]   x_vpn [XS];

  // ---- in-flight ring ----
  logic [63:0]   r_done [OUT], r_va [OUT];
  logic [QW-1:0] r_q [OUT];
  logic [OW-1:0] r_head, r_tail;
  logic [OW:0]   r_n;

  // ---- translation prefetch ----
  logic        pf_rv;           // row pages pf_next..pf_last still to ask for
  logic        pf_nd;           // next descriptor's first page asked for
  logic [51:0] pf_next, pf_last;

  // ---- ATC ----
  logic        atc_hit, atc_fill;
  logic [51:0] atc_ppn;

  // Like the hart's own accesses, device addresses (SRAM, HBM; the others
  // answer a bus error) are physical: no translation. Everything else is a
  // unified-range VA translated by the IOMMU.
  logic        atc_hit_q, direct;
  logic [51:0] atc_ppn_q;
  assign direct  = uvs_soc_pkg::in_device_region(g_va);
  assign atc_hit = direct || (atc_hit_q && !atc_flush_i);
  assign atc_ppn = direct ? g_va[63:12] : atc_ppn_q;

  uvs_tile_atc #(.N(int'(UVS_TILE_ATC_ENTRIES))) u_atc (
    .clk_i, .rst_ni,
    .flush_i    (atc_flush_i),
    .vpn_i      (g_va[63:12]),
    .we_i       (q_we[q_gen]),
    .hit_o      (atc_hit_q),
    .ppn_o      (atc_ppn_q),
    .fill_i     (atc_fill),
    .fill_vpn_i (x_vpn[XW'(rq_rid_i)]),
    .fill_ppn_i (rq_rdata_i[63:12]),
    .fill_w_i   (x_we[XW'(rq_rid_i)])
  );
  assign atc_fill = rq_rvalid_i && !rq_err_i && !x_stale[XW'(rq_rid_i)];

  // ---- beat of the generator ----
  logic [31:0] g_rest;
  assign g_valid = q_ng < q_n && g_rowok;
  assign g_va    = g_base + 64'(g_c);
  assign g_rest  = q_rb[q_gen] - g_c;
  always_comb begin
    logic [6:0] to_bound;
    to_bound = 7'd64 - {1'b0, g_va[5:0]};
    g_len = (g_rest < 32'(to_bound)) ? g_rest[6:0] : to_bound;
  end
  assign g_last_in_row = g_rest == 32'(g_len);
  assign g_last        = g_last_in_row && g_r + 32'd1 == q_rows[q_gen];

  // ---- issue arbitration ----
  logic          ring_room, can_issue, pe_pick_v, pe_free_v, x_match_v, x_free_v;
  logic [$clog2(PN)-1:0] pe_pick, pe_free;
  logic [XW-1:0] x_match, x_free, x_send;
  logic          x_send_v;
  logic          issue_pe, drop_pe, issue_gen, park_gen, gen_step;

  assign ring_room = r_n < (OW + 1)'(OUT);
  assign can_issue = ring_room && !fence_wait_i;

  // prefetch candidate: a row page ahead, else the next descriptor's first page
  logic [QW-1:0] q_nx;
  logic [51:0]   pf_ahead, pf_vpn;
  logic          pf_row_v, pf_nd_v, pf_we, pf_cm_v, pf_take, pf_alloc;
  assign q_nx     = q_gen + QW'(1);
  assign pf_ahead = pf_next - g_va[63:12];
  assign pf_row_v = pf_rv && pf_ahead != '0 && pf_ahead <= PFD;
  assign pf_nd_v  = !pf_rv && !pf_nd && g_rowok && q_ng + (QW + 1)'(1) < q_n &&
                    g_r + 32'd1 == q_rows[q_gen] && q_shape[q_nx] != SH_IDX &&
                    !uvs_soc_pkg::in_device_region(q_va[q_nx]);
  assign pf_vpn   = pf_row_v ? pf_next : q_va[q_nx][63:12];
  assign pf_we    = pf_row_v ? q_we[q_gen] : q_we[q_nx];
  always_comb begin
    pe_pick_v = 1'b0; pe_pick = '0; pe_free_v = 1'b0; pe_free = '0;
    for (int i = PN - 1; i >= 0; i--) begin
      if (pe_v[i] && pe_rdy[i]) begin pe_pick_v = 1'b1; pe_pick = $clog2(PN)'(i); end
      if (!pe_v[i]) begin pe_free_v = 1'b1; pe_free = $clog2(PN)'(i); end
    end
    x_held = '0;
    for (int i = 0; i < PN; i++)
      if (pe_v[i]) x_held[pe_x[i]] = 1'b1;
    x_match_v = 1'b0; x_match = '0; x_free_v = 1'b0; x_free = '0; x_send_v = 1'b0; x_send = '0;
    for (int k = XS - 1; k >= 0; k--) begin
      if ((x_want[k] || x_sent[k]) && x_vpn[k] == g_va[63:12] && (x_we[k] || !q_we[q_gen])) begin
        x_match_v = 1'b1; x_match = XW'(k);
      end
      if (!x_want[k] && !x_sent[k] && !x_held[k]) begin x_free_v = 1'b1; x_free = XW'(k); end
      if (x_want[k]) begin x_send_v = 1'b1; x_send = XW'(k); end
    end
    pf_cm_v = 1'b0;
    for (int k = 0; k < XS; k++)
      if ((x_want[k] || x_sent[k]) && x_vpn[k] == pf_vpn && (x_we[k] || !pf_we)) pf_cm_v = 1'b1;
  end
  // a ready pending beat first (a failed one just drains); else the
  // generator's; none in an invalidation pulse (its translation is dropped)
  assign issue_pe  = pe_pick_v && !atc_flush_i && (pe_fail[pe_pick] || can_issue);
  assign drop_pe   = issue_pe && pe_fail[pe_pick];
  assign issue_gen = g_valid && !q_fail[q_gen] && atc_hit && can_issue && !issue_pe;
  // a miss parks while no translation answer arrives this cycle (so it
  // cannot link to a slot being freed)
  assign park_gen  = g_valid && !q_fail[q_gen] && !atc_hit && pe_free_v && !rq_rvalid_i &&
                     (x_match_v || x_free_v);
  assign gen_step  = issue_gen || park_gen;
  // a prefetch takes a free slot the generator's miss does not take this
  // cycle; a candidate some slot already asks for is just passed
  assign pf_take   = (pf_row_v || pf_nd_v) && !atc_flush_i && (pf_cm_v || (x_free_v && !park_gen));
  assign pf_alloc  = pf_take && !pf_cm_v;

  assign rq_req_o  = x_send_v;
  assign rq_addr_o = {x_vpn[x_send], 12'd0};
  assign rq_we_o   = x_we[x_send];
  assign rq_id_o   = IW'(x_send);

  // translation responder: always ready, answers the next cycle with the address
  logic        dn_v_q;
  logic [63:0] dn_a_q;
  logic        dn_rpl_q;
  assign dn_gnt_o    = 1'b1;
  assign dn_rvalid_o = dn_v_q;
  assign dn_rdata_o  = dn_a_q;
  assign dn_err_o    = 1'b0;

  // ---- registers ----
  logic        own, rv_q, err_q;
  logic [63:0] rd_q;
  assign own          = reg_addr_i[15:11] == 5'(HART);
  assign reg_rvalid_o = rv_q;
  assign reg_rdata_o  = rd_q;
  assign reg_err_o    = err_q;
  assign busy_o       = q_n != '0 || r_n != '0 || x_want != '0 || x_sent != '0;
  assign fence_busy_o = r_n != '0;

  // per-descriptor beat counts: +1 generated, -1 retired, -1 failed pending
  logic retire;
  assign retire = r_n != '0 && cycle_i >= r_done[r_head];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      q_head <= '0; q_gen <= '0; q_tail <= '0; q_n <= '0; q_ng <= '0;
      q_fail <= '0;
      issued_q <= '0; done_q <= '0; failed_q <= '0;
      spad_size_q <= uvs_dpi_tile_spad_size();
      g_rowok <= 1'b0; g_r <= '0; g_c <= '0; g_sp <= '0; g_base <= '0;
      pe_v <= '0; pe_rdy <= '0; pe_fail <= '0;
      x_want <= '0; x_sent <= '0; x_stale <= '0;
      r_head <= '0; r_tail <= '0; r_n <= '0;
      dn_v_q <= 1'b0; dn_a_q <= '0; dn_rpl_q <= 1'b0; pe_flt <= '0;
      pf_rv <= 1'b0; pf_nd <= 1'b0; pf_next <= '0; pf_last <= '0;
      rv_q <= 1'b0; err_q <= 1'b0; rd_q <= '0;
      for (int i = 0; i < QD; i++) q_cnt[i] <= '0;
      uvs_dpi_tile_reset(HART);
    end else begin
      logic [6:0] inc [QD];
      logic [6:0] dec [QD];
      logic       complete, gen_fin, queued, ret_err;
      for (int i = 0; i < QD; i++) begin inc[i] = '0; dec[i] = '0; end
      complete = 1'b0;
      gen_fin  = 1'b0;
      queued   = 1'b0;
      ret_err  = 1'b0;

      // -- translation responder --
      dn_v_q <= dn_req_i;
      if (dn_req_i) dn_a_q <= dn_addr_i;
      dn_rpl_q <= dn_req_i && dn_rpl_i;

      // -- register access --
      rv_q  <= reg_req_i;
      err_q <= 1'b0;
      rd_q  <= '0;
      if (reg_req_i) begin
        if (!own) begin
          err_q <= 1'b1;
        end else if (reg_we_i) begin
          if (reg_addr_i[10:3] == 8'(UVS_TILE_REG_SUBMIT >> 3)) begin
            longint va, stride;
            int spad, rb, rows, idx, rc;
            /* verilator lint_off UNUSEDSIGNAL */
            byte we, shape;  // shape <= UVS_TILE_SHAPE_INDEXED (checked in C)
            /* verilator lint_on UNUSEDSIGNAL */
            // an offset of 2^31 or more is no slot (-1: rc 3)
            rc = uvs_dpi_tile_submit(HART, reg_wdata_i[63:31] != '0 ? -1 : int'(reg_wdata_i[31:0]),
                                     byte'(q_n == (QW + 1)'(QD)), int'(issued_q[31:0]),
                                     va, spad, rb, rows, we, shape, stride, idx);
            if (rc == 3) err_q <= 1'b1;
            if (rc == 0) begin
              queued = 1'b1;
              q_va[q_tail]     <= va;
              q_spad[q_tail]   <= spad;
              q_rb[q_tail]     <= rb;
              q_rows[q_tail]   <= rows;
              q_we[q_tail]     <= we != 0;
              q_shape[q_tail]  <= shape[1:0];
              q_stride[q_tail] <= stride;
              q_idx[q_tail]    <= idx;
              q_doff[q_tail]   <= reg_wdata_i[31:0];
              q_ticket[q_tail] <= issued_q[31:0];
              q_fail[q_tail]   <= 1'b0;
              q_code[q_tail]   <= 8'(UVS_TILE_ST_OK);
              q_eva[q_tail]    <= '0;
              q_tail           <= q_tail + QW'(1);
              issued_q         <= issued_q + 64'd1;
            end
          end
        end else begin
          unique case (reg_addr_i[10:3])
            8'(UVS_TILE_REG_DONE >> 3):      rd_q <= done_q;
            8'(UVS_TILE_REG_ISSUED >> 3):    rd_q <= issued_q;
            8'(UVS_TILE_REG_SPAD_SIZE >> 3): rd_q <= spad_size_q;
            8'(UVS_TILE_REG_QDEPTH >> 3):    rd_q <= 64'(QD);
            8'(UVS_TILE_REG_FAILED >> 3):    rd_q <= failed_q;
            8'(UVS_TILE_REG_NHWT >> 3):      rd_q <= 64'(NHWT);
            default:                         rd_q <= '0;
          endcase
        end
      end

      // -- translation slots: send, invalidate, answer --
      if (rq_req_o && rq_gnt_i) begin
        x_want[x_send] <= 1'b0;
        x_sent[x_send] <= 1'b1;
        if (atc_flush_i) x_stale[x_send] <= 1'b1;
      end
      if (atc_flush_i) begin
        for (int k = 0; k < XS; k++)
          if (x_sent[k]) x_stale[k] <= 1'b1;
        // answered beats forget their translation; their (held) slot asks again
        for (int i = 0; i < PN; i++)
          if (pe_v[i] && pe_rdy[i]) begin
            pe_rdy[i]        <= 1'b0;
            pe_fail[i]       <= 1'b0;
            x_want[pe_x[i]]  <= 1'b1;
          end
      end
      if (rq_rvalid_i) begin
        x_sent[XW'(rq_rid_i)] <= 1'b0;
        if (x_stale[XW'(rq_rid_i)] || atc_flush_i) begin
          x_stale[XW'(rq_rid_i)] <= 1'b0;
          x_want[XW'(rq_rid_i)]  <= 1'b1;
          // the stale answer is dropped, but its beats did wait for a page
          // request (an eviction's invalidation while they were parked is the
          // usual case when oversubscribed): the flag stays for the trace
          for (int i = 0; i < PN; i++)
            if (pe_v[i] && !pe_rdy[i] && pe_x[i] == XW'(rq_rid_i))
              pe_flt[i] <= pe_flt[i] | dn_rpl_q;
        end else begin
          for (int i = 0; i < PN; i++)
            if (pe_v[i] && !pe_rdy[i] && pe_x[i] == XW'(rq_rid_i)) begin
              pe_rdy[i]  <= 1'b1;
              pe_fail[i] <= rq_err_i;
              pe_ppn[i]  <= rq_rdata_i[63:12];
              pe_flt[i]  <= pe_flt[i] | dn_rpl_q;
            end
        end
      end

      // -- retire the oldest beat in flight --
      if (retire) begin
        ret_err = uvs_dpi_tile_retire(HART) != 0;
        dec[r_q[r_head]] = dec[r_q[r_head]] + 7'd1;
        r_head <= r_head + OW'(1);
        if (ret_err && !q_fail[r_q[r_head]]) begin
          q_fail[r_q[r_head]] <= 1'b1;
          q_code[r_q[r_head]] <= 8'(UVS_TILE_ST_FAULT);
          q_eva[r_q[r_head]]  <= r_va[r_head];
        end
      end

      // -- issue: a ready pending beat, or the generator's --
      if (issue_pe) begin
        pe_v[pe_pick] <= 1'b0;
        if (drop_pe) begin
          dec[pe_q[pe_pick]] = dec[pe_q[pe_pick]] + 7'd1;
          if (!q_fail[pe_q[pe_pick]]) begin
            q_fail[pe_q[pe_pick]] <= 1'b1;
            q_code[pe_q[pe_pick]] <= 8'(UVS_TILE_ST_FAULT);
            q_eva[pe_q[pe_pick]]  <= pe_va[pe_pick];
          end
        end else begin
          r_done[r_tail] <= uvs_dpi_tile_issue(HART, cycle_i, {pe_ppn[pe_pick], pe_va[pe_pick][11:0]},
                                               int'(pe_sp[pe_pick]), int'(pe_len[pe_pick]),
                                               byte'(pe_we[pe_pick]), pe_va[pe_pick],
                                               pe_flt[pe_pick] ? 8'd2 : 8'd1);
          r_va[r_tail]   <= pe_va[pe_pick];
          r_q[r_tail]    <= pe_q[pe_pick];
          r_tail         <= r_tail + OW'(1);
        end
      end else if (issue_gen) begin
        r_done[r_tail] <= uvs_dpi_tile_issue(HART, cycle_i, {atc_ppn, g_va[11:0]}, int'(g_sp),
                                             int'(g_len), byte'(q_we[q_gen]), g_va,
                                             direct ? 8'd0 : 8'd1);
        r_va[r_tail]   <= g_va;
        r_q[r_tail]    <= q_gen;
        r_tail         <= r_tail + OW'(1);
      end
      r_n <= r_n + (OW + 1)'((issue_pe && !drop_pe) || issue_gen) - (OW + 1)'(retire);

      if (park_gen) begin
        pe_v[pe_free]    <= 1'b1;
        pe_rdy[pe_free]  <= 1'b0;
        pe_fail[pe_free] <= 1'b0;
        pe_flt[pe_free]  <= 1'b0;
        pe_we[pe_free]   <= q_we[q_gen];
        pe_va[pe_free]   <= g_va;
        pe_sp[pe_free]   <= g_sp;
        pe_len[pe_free]  <= g_len;
        pe_q[pe_free]    <= q_gen;
        pe_x[pe_free]    <= x_match_v ? x_match : x_free;
        if (!x_match_v) begin
          x_want[x_free] <= 1'b1;
          x_vpn[x_free]  <= g_va[63:12];
          x_we[x_free]   <= q_we[q_gen];
        end
      end

      // -- translation prefetch --
      if (pf_take) begin
        if (pf_row_v) begin
          pf_next <= pf_next + 52'd1;
          if (pf_next == pf_last) pf_rv <= 1'b0;
        end else begin
          pf_nd <= 1'b1;
        end
      end
      if (pf_alloc) begin
        x_want[x_free] <= 1'b1;
        x_vpn[x_free]  <= pf_vpn;
        x_we[x_free]   <= pf_we;
      end
      // a row's first beat: its further pages (those beyond this beat's page)
      if (gen_step && g_c == '0) begin
        logic [51:0] row_end_pg;  // page number of the row's last byte
        row_end_pg = 52'((g_va + 64'(g_rest) - 64'd1) >> 12);
        pf_rv   <= !direct && row_end_pg != g_va[63:12];
        pf_next <= g_va[63:12] + 52'd1;
        pf_last <= row_end_pg;
      end

      // -- generator --
      if (q_ng < q_n) begin
        if (q_fail[q_gen]) begin
          // a failed descriptor generates nothing more
          g_rowok <= 1'b0;
          gen_fin = 1'b1;
        end else if (!g_rowok) begin
          start_row(32'd0);
          g_sp <= q_spad[q_gen];
        end else if (gen_step) begin
          inc[q_gen] = 7'd1;
          g_sp <= g_sp + 32'(g_len);
          if (!g_last_in_row) begin
            g_c <= g_c + 32'(g_len);
          end else if (g_last) begin
            g_rowok <= 1'b0;
            gen_fin = 1'b1;
          end else begin
            start_row(g_r + 32'd1);
          end
        end
      end
      if (gen_fin) begin
        q_gen <= q_gen + QW'(1);
        pf_rv <= 1'b0;
        pf_nd <= 1'b0;
      end

      // -- completion of the oldest descriptor --
      if (q_n != '0 && q_ng != '0 && q_cnt[q_head] == '0) begin
        complete = 1'b1;
        uvs_dpi_tile_complete(HART, int'(q_doff[q_head]),
            {q_ticket[q_head], 16'd0,
             q_code[q_head] == 8'(UVS_TILE_ST_OK) ? 8'd0 : (q_we[q_head] ? 8'd7 : 8'd5),
             q_code[q_head]},
            q_eva[q_head]);
        done_q <= done_q + 64'd1;
        if (q_code[q_head] != 8'(UVS_TILE_ST_OK)) failed_q <= failed_q + 64'd1;
        q_head <= q_head + QW'(1);
      end
      q_n  <= q_n + (QW + 1)'(queued) - (QW + 1)'(complete);
      q_ng <= q_ng + (QW + 1)'(gen_fin) - (QW + 1)'(complete);
      for (int i = 0; i < QD; i++) q_cnt[i] <= q_cnt[i] + inc[i] - dec[i];
    end
  end

  // Starts row r of the descriptor at q_gen: its VA base (2-D: VA + r *
  // stride; indexed: VA + idx[r] * row bytes, with the bounds check).
  task automatic start_row(input logic [31:0] r);
    logic [31:0] ix;
    g_r <= r;
    g_c <= '0;
    if (q_shape[q_gen] == SH_IDX) begin
      ix = uvs_dpi_tile_index(HART, int'(q_idx[q_gen] + 32'(r << 2)));
      if (64'(ix) >= q_stride[q_gen]) begin
        g_rowok <= 1'b0;
        q_fail[q_gen] <= 1'b1;
        q_code[q_gen] <= 8'(UVS_TILE_ST_INDEX);
        q_eva[q_gen]  <= q_va[q_gen] + 64'(ix) * 64'(q_rb[q_gen]);
      end else begin
        g_base  <= q_va[q_gen] + 64'(ix) * 64'(q_rb[q_gen]);
        g_rowok <= 1'b1;
      end
    end else begin
      g_base  <= (q_shape[q_gen] == SH_2D) ? q_va[q_gen] + 64'(r) * q_stride[q_gen] : q_va[q_gen];
      g_rowok <= 1'b1;
    end
  endtask
endmodule
