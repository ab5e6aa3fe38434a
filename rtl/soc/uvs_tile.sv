// uvs_tile: the tile engine of one compute hart (issue 13;
// docs/architecture.md "Tile engines"; ABI include/uvmsoc/tile.def).
//
// Registers (tile.def TILE_REG_*) on the hart's local path: a store to
// SUBMIT reads the 64-byte descriptor at that scratchpad offset, checks it
// (tile.def TILE_SUBMIT_INVALID rules), writes the outcome to its TICKET word
// and takes it into the descriptor queue (QD entries); the store is answered
// once TICKET is written (so the hart's next load sees it), the register
// port taking nothing meanwhile; err for an offset that is no descriptor
// slot, or for another hart's block. Reads are answered the next cycle.
//
// Address generator: walks the oldest not yet generated descriptor row by
// row in beats that never cross a BEAT_BYTES (hence no 4 KiB) VA boundary;
// scratchpad rows are packed. Indexed rows read their u32 index from the
// scratchpad when the row starts, from a buffer of the index list's 64-byte
// block (16 indices; read again for the next block, and for each new
// descriptor); an index >= table rows fails the descriptor (TILE_ST_INDEX)
// and ends its generation.
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
// Access trace: every issued beat leaves on trc_* with its VA, PA and whether
// it was a device address (0), translated (1), or translated by an answer that
// had waited for a page request (2: dn_rpl_i with the responder's request;
// the IOMMU answers on rq_rvalid_i the cycle after, so the flag is taken
// from that cycle's register and kept by the pending beat, also when that
// answer is stale: an invalidation while the beat waited, e.g. an eviction
// of the page request's own batch, makes the slot ask again and the second
// answer hits the IOTLB, but the beat did wait: a miss in the trace).
//
// Issued beats go to the data path (uvs_tile_mover: two AXI4 masters of
// BEAT_BYTES of data, memory and scratchpad), which also carries the descriptor,
// TICKET, index and STATUS accesses; they retire in issue order. A
// descriptor completes, in order, when it was fully generated and none of
// its beats is pending or in flight: STATUS and ERR_VA are written to its
// scratchpad slot, and once that write is answered DONE counts it.
`include "uvs_axi_ports.svh"

module uvs_tile #(
  parameter int HART = 1,  // hart id (its register block and scratchpad)
  parameter int NHWT = 1,  // hardware threads sharing the engine
  parameter int IW   = 2,  // IOMMU request id width (>= $clog2(XS))
  parameter int SPAD_BYTES = 262144,  // populated scratchpad bytes (TILE_REG_SPAD_SIZE), 4 KiB..1 MiB
  parameter int BEAT_BYTES = 64,      // data width of the masters, the largest beat: 8, 16, 32 or 64 bytes
  localparam int QD  = int'(uvs_tile_pkg::UVS_TILE_QDEPTH),
  localparam int OUT = int'(uvs_tile_pkg::UVS_TILE_OUTSTANDING),
  localparam int PN  = int'(uvs_tile_pkg::UVS_TILE_PENDING),
  localparam int XS  = int'(uvs_tile_pkg::UVS_TILE_XLAT_IDS)
) (
  input  logic          clk_i,
  input  logic          rst_ni,      // synchronous, active low
  // register port (the hart's local path; a read answered the cycle after
  // it was granted, a SUBMIT store once its TICKET is written)
  input  logic          reg_req_i,
  output logic          reg_gnt_o,
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
  output logic          busy_o,      // descriptors queued, beats or accesses in flight
  // access trace (simulation side channel): a beat issued this cycle
  output logic          trc_valid_o,
  output logic [63:0]   trc_va_o,
  output logic [63:0]   trc_pa_o,
  output logic          trc_we_o,    // COPY_OUT
  output logic [1:0]    trc_xlat_o,  // 0 device address, 1 translated, 2 after a page request
  // data path: memory (SRAM, HBM, host window) and the scratchpad
  `UVS_AXI4W_M_PORTS(mem_axi, BEAT_BYTES),
  `UVS_AXI4W_M_PORTS(spad_axi, BEAT_BYTES)
);
  import uvs_tile_pkg::*;

  localparam int QW = $clog2(QD);
  localparam int OW = $clog2(OUT);
  localparam int XW = $clog2(XS);
  localparam logic [1:0] SH_2D  = UVS_TILE_SHAPE_2D[1:0];
  localparam logic [1:0] SH_IDX = UVS_TILE_SHAPE_INDEXED[1:0];
  localparam logic [51:0] PFD = 52'd2;  // pages ahead of the generator's to translate

  // Sizes: scratchpad offsets and row bytes are below 2^SPW (checked at
  // submit); a slot's index list offset likewise.
  localparam int SPW = $clog2(SPAD_BYTES) + 1;

  // ---- descriptor queue ----
  // The fields written once at SUBMIT are memories (one write port, no
  // reset: distributed RAM), read at the generator's entry (q_gen), the next
  // one (q_nx, translation prefetch) and the oldest (q_head, completion);
  // what the beats' outcomes write (fail, code, ERR_VA) is in flip-flops.
  localparam int QAW = 64 + 2 + 1;                       // VA, shape, COPY_OUT
  localparam int QGW = 64 + 20 + SPW + SPW + 20;         // stride, spad, row bytes, rows, index list
  localparam int QCW = 14 + 32 + 1;                      // slot block, ticket, COPY_OUT
  logic [QAW-1:0] qa_ram [QD];  // read at q_gen and q_nx
  logic [QGW-1:0] qg_ram [QD];  // read at q_gen
  logic [QCW-1:0] qc_ram [QD];  // read at q_head
  // the generator's descriptor (dg_*: q_gen), the next (nx_*), the oldest (hd_*)
  logic [63:0]    dg_va, dg_stride, nx_va;  // stride: 2-D bytes between rows; indexed: table rows
  logic [1:0]     dg_shape, nx_shape;
  logic           dg_we, nx_we, hd_we;      // COPY_OUT
  logic [19:0]    dg_spad, dg_idx;          // scratchpad offsets: data, index list
  logic [SPW-1:0] dg_rb, dg_rows;           // row bytes, rows
  logic [19:6]    hd_doff;                  // the descriptor's slot (64-byte block)
  logic [31:0]    hd_ticket;
  // ERR_VA: a memory per failure source (one write port each, read at
  // q_head; not eight 64-bit registers with a write multiplexer over the
  // sources each: about 1,000 LUTs of the engine on PolarFire, issue 15):
  // the generator's (the row's index, or the index block's read error),
  // a pending beat's failed translation, a retired beat's error. q_src
  // names the memory holding a failed descriptor's ERR_VA.
  localparam logic [1:0] SRC_GEN = 2'd0, SRC_PE = 2'd1, SRC_RET = 2'd2;
  logic [63:0]   eg_ram [QD];
  logic [63:0]   ep_ram [QD];
  logic [63:0]   er_ram [QD];
  logic [1:0]    q_src [QD];
  logic [63:0]   hd_eva;     // the oldest descriptor's ERR_VA (if it failed)
  logic [7:0]    q_code [QD];
  logic [6:0]    q_cnt [QD];  // beats pending or in flight
  logic [QD-1:0] q_fail;
  logic [QW-1:0] q_head, q_gen, q_tail, q_nx;  // q_nx: the entry after q_gen
  logic [QW:0]   q_n, q_ng;  // entries; entries fully generated (from head)
  logic [63:0]   issued_q, done_q, failed_q;

  // ---- generator ----
  logic        g_valid, g_rowok;
  logic [31:0] g_r;
  logic [31:0] g_rest;  // bytes of the row from the beat on (row bytes, less each beat generated)
  logic        g_first; // the beat is the row's first
  logic [19:0] g_sp;
  logic [63:0] g_base;  // the row's VA
  logic [63:0] g_va;    // the beat's VA (g_base plus the row's bytes generated)
  logic [6:0]  g_len;
  logic        g_last_in_row, g_last;
  logic        g_started;  // the descriptor at q_gen started its first row

  // ---- pending set (beats waiting for a translation) ----
  // A pending beat links to a translation slot (pe_x); the slot holds the
  // answer (x_rdy, x_err, x_ppn) until its beats issued. The beats' own
  // fields are a memory written when a beat parks, read when it issues.
  localparam int PEW = 64 + 20 + 7 + QW + 1;  // VA, scratchpad offset, bytes, descriptor, COPY_OUT
  logic [PEW-1:0] pe_ram [PN];
  // the entry at pe_pick
  logic [63:0]   pp_va;
  logic [19:0]   pp_sp;
  logic [6:0]    pp_len;
  logic [QW-1:0] pp_q;
  logic          pp_we;
  logic [PN-1:0] pe_v;
  logic [XW-1:0] pe_x [PN];

  // ---- translation slots ----
  logic [XS-1:0] x_want, x_sent, x_we;
  logic [XS-1:0] x_stale;  // sent before an invalidation: discard the answer, ask again
  logic [XS-1:0] x_held;   // pending beats linked
  logic [XS-1:0] x_rdy;    // answered (x_err, x_ppn valid)
  logic [XS-1:0] x_err;    // answered with an error
  logic [XS-1:0] x_flt;    // an answer of it waited for a page request (access trace)
  logic [51:0]   x_vpn [XS];
  logic [51:0]   x_ppn [XS];

  // ---- in-flight ring: a beat's VA and descriptor, for its retirement ----
  logic [64+QW-1:0] rv_ram [OUT];
  logic [63:0]   r_hva;       // VA of the beat at r_head
  logic [QW-1:0] r_hq;        // its descriptor
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
    .we_i       (dg_we),
    .hit_o      (atc_hit_q),
    .ppn_o      (atc_ppn_q),
    .fill_i     (atc_fill),
    .fill_vpn_i (x_vpn[XW'(rq_rid_i)]),
    .fill_ppn_i (rq_rdata_i[63:12]),
    .fill_w_i   (x_we[XW'(rq_rid_i)])
  );
  assign atc_fill = rq_rvalid_i && !rq_err_i && !x_stale[XW'(rq_rid_i)];

  // ---- beat of the generator ----
  // (g_va and g_rest are registers, so that a beat's length and the row's
  // end follow from flip-flops, not from an adder and a subtraction)
  assign g_valid = q_ng < q_n && g_rowok;
  always_comb begin
    logic [6:0] to_bound;
    to_bound = 7'(BEAT_BYTES) - (7'(g_va[5:0]) & 7'(BEAT_BYTES - 1));
    g_len = (g_rest < 32'(to_bound)) ? g_rest[6:0] : to_bound;
  end
  assign g_last_in_row = g_rest == 32'(g_len);
  assign g_last        = g_last_in_row && g_r + 32'd1 == 32'(dg_rows);

  // ---- data path ----
  logic          mv_rdy, mv_ret, mv_ret_err, mv_busy;
  logic          iss_v, iss_we;
  logic [63:0]   iss_pa, iss_va;
  logic [19:0]   iss_sp;
  logic [6:0]    iss_len;
  logic [1:0]    iss_xlat;
  logic          ctl_req, ctl_gnt, ctl_we, ctl_rvalid, ctl_err;
  logic [19:6]   ctl_blk;
  localparam int CW_OFF = int'(UVS_TILE_DESC_ERR_VA);  // a control write's first byte (uvs_tile_mover)
  logic [511:0]  ctl_rdata;
  logic [8*(64-CW_OFF)-1:0] ctl_wdata;  // bytes CW_OFF..63 of the block: ERR_VA, STATUS, TICKET
  logic [63-CW_OFF:0]       ctl_wstrb;

  // ---- issue arbitration ----
  logic          ring_room, can_issue, pe_pick_v, pe_free_v, x_match_v, x_free_v;
  logic [$clog2(PN)-1:0] pe_pick, pe_free;
  logic [XW-1:0] x_match, x_free, x_send;
  logic          x_send_v;
  logic          issue_pe, drop_pe, issue_gen, park_gen, gen_step;

  assign ring_room = r_n < (OW + 1)'(OUT);
  assign can_issue = ring_room && !fence_wait_i;

  // prefetch candidate: a row page ahead, else the next descriptor's first page
  logic [51:0]   pf_ahead, pf_vpn;
  logic          pf_row_v, pf_nd_v, pf_we, pf_cm_v, pf_take, pf_alloc;
  assign q_nx     = q_gen + QW'(1);
  assign pf_ahead = pf_next - g_va[63:12];
  assign pf_row_v = pf_rv && pf_ahead != '0 && pf_ahead <= PFD;
  assign pf_nd_v  = !pf_rv && !pf_nd && g_rowok && q_ng + (QW + 1)'(1) < q_n &&
                    g_r + 32'd1 == 32'(dg_rows) && nx_shape != SH_IDX &&
                    !uvs_soc_pkg::in_device_region(nx_va);
  assign pf_vpn   = pf_row_v ? pf_next : nx_va[63:12];
  assign pf_we    = pf_row_v ? dg_we : nx_we;
  // The lowest set bit of a pending-set vector, as a one-hot mask's index
  // (OR trees: a loop keeping the last match chains PN multiplexers).
  function automatic logic [$clog2(PN)-1:0] lowest(input logic [PN-1:0] v);
    logic [PN-1:0] oh;
    logic [$clog2(PN)-1:0] ix;
    oh = v & (~v + PN'(1));
    ix = '0;
    for (int i = 0; i < PN; i++) ix |= oh[i] ? $clog2(PN)'(i) : '0;
    return ix;
  endfunction
  always_comb begin
    logic [PN-1:0] rdy;
    for (int i = 0; i < PN; i++) rdy[i] = pe_v[i] && x_rdy[pe_x[i]];
    pe_pick_v = rdy != '0;
    pe_pick   = lowest(rdy);
    pe_free_v = ~pe_v != '0;
    pe_free   = lowest(~pe_v);
    // a slot is held by any pending beat linked to it (an OR over the
    // beats per slot: a tree, where setting x_held[pe_x[i]] beat by beat
    // chained 16 multiplexers, the engine's longest path)
    for (int k = 0; k < XS; k++) begin
      logic [PN-1:0] h;
      for (int i = 0; i < PN; i++) h[i] = pe_v[i] && pe_x[i] == XW'(k);
      x_held[k] = |h;
    end
    x_match_v = 1'b0; x_match = '0; x_free_v = 1'b0; x_free = '0; x_send_v = 1'b0; x_send = '0;
    for (int k = XS - 1; k >= 0; k--) begin
      if ((x_want[k] || x_sent[k]) && x_vpn[k] == g_va[63:12] && (x_we[k] || !dg_we)) begin
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
  // generator's; none in an invalidation pulse (its translation is dropped);
  // the data path must have room (a ring entry)
  assign issue_pe  = pe_pick_v && !atc_flush_i &&
                     (x_err[pe_x[pe_pick]] || (can_issue && mv_rdy));
  assign drop_pe   = issue_pe && x_err[pe_x[pe_pick]];
  assign issue_gen = g_valid && !q_fail[q_gen] && atc_hit && can_issue &&
                     mv_rdy && !issue_pe;
  // a miss parks while no translation answer arrives this cycle (so it
  // cannot link to a slot being freed)
  assign park_gen  = g_valid && !q_fail[q_gen] && !atc_hit && pe_free_v && !rq_rvalid_i &&
                     (x_match_v || x_free_v);
  assign gen_step  = issue_gen || park_gen;
  // a prefetch takes a free slot the generator's miss does not take this
  // cycle; a candidate some slot already asks for is just passed
  assign pf_take   = (pf_row_v || pf_nd_v) && !atc_flush_i && (pf_cm_v || (x_free_v && !park_gen));
  assign pf_alloc  = pf_take && !pf_cm_v;

  // the beat going to the data path this cycle
  assign iss_v    = (issue_pe && !drop_pe) || issue_gen;
  assign iss_we   = issue_pe ? pp_we : dg_we;
  assign iss_va   = issue_pe ? pp_va : g_va;
  assign iss_pa   = issue_pe ? {x_ppn[pe_x[pe_pick]], pp_va[11:0]} : {atc_ppn, g_va[11:0]};
  assign iss_sp   = issue_pe ? pp_sp : g_sp;
  assign iss_len  = issue_pe ? pp_len : g_len;
  assign iss_xlat = issue_pe ? (x_flt[pe_x[pe_pick]] ? 2'd2 : 2'd1) : (direct ? 2'd0 : 2'd1);
  assign trc_valid_o = iss_v;
  assign trc_va_o    = iss_va;
  assign trc_pa_o    = iss_pa;
  assign trc_we_o    = iss_we;
  assign trc_xlat_o  = iss_xlat;

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

  // ---- control accesses of the scratchpad (one at a time, uvs_tile_mover) ----
  // SUBMIT: descriptor read, then the TICKET write; completion: the STATUS
  // and ERR_VA write; the generator: a block of gather indices.
  typedef enum logic [2:0] {SB_IDLE, SB_RD, SB_RWAIT, SB_WR, SB_WWAIT} sub_e;
  typedef enum logic [1:0] {CT_SUB, CT_CPL, CT_IDX} ctl_user_e;
  sub_e          sub_st;
  logic [19:6]   sub_blk;    // the descriptor's block
  logic [63:0]   sub_tkt;    // TICKET to write
  logic          cpl_req, cpl_wait, ix_req, ix_wait, ix_v;
  logic [19:6]   ix_blk;     // block of the index buffer / requested
  logic [511:0]  ix_data;
  logic [QW-1:0] ix_q;       // descriptor the requested block is for
  ctl_user_e     ctl_user;   // owner of the access in flight
  logic [63:0]   cpl_status;
  assign cpl_status = {hd_ticket, 16'd0,
                       q_code[q_head] == 8'(UVS_TILE_ST_OK) ? 8'd0 : (hd_we ? 8'd7 : 8'd5),
                       q_code[q_head]};
  always_comb begin
    ctl_req = 1'b1; ctl_we = 1'b1; ctl_blk = sub_blk; ctl_wdata = '0; ctl_wstrb = '0;
    if (cpl_req) begin
      ctl_blk = hd_doff[19:6];
      ctl_wdata[8*(int'(UVS_TILE_DESC_ERR_VA) - CW_OFF) +: 64] =
        q_code[q_head] == 8'(UVS_TILE_ST_OK) ? '0 : hd_eva;
      ctl_wdata[8*(int'(UVS_TILE_DESC_STATUS) - CW_OFF) +: 64] = cpl_status;
      ctl_wstrb[int'(UVS_TILE_DESC_ERR_VA) - CW_OFF +: 16] = 16'hffff;
    end else if (sub_st == SB_RD) begin
      ctl_we = 1'b0;
    end else if (sub_st == SB_WR) begin
      ctl_wdata[8*(int'(UVS_TILE_DESC_TICKET) - CW_OFF) +: 64] = sub_tkt;
      ctl_wstrb[int'(UVS_TILE_DESC_TICKET) - CW_OFF +: 8] = 8'hff;
    end else if (ix_req) begin
      ctl_we  = 1'b0;
      ctl_blk = ix_blk;
    end else begin
      ctl_req = 1'b0;
    end
  end

  // descriptor fields of a read block (tile.def TILE_DESC_*) and its checks
  logic [63:0] d_va, d_stride;
  logic [2*SPW-1:0] d_tiles;  // rows x row bytes, both at most SPAD_BYTES (checked)
  logic [31:0] d_sp, d_rb, d_rows, d_idx;
  logic [7:0]  d_op, d_shape;
  logic        d_ok;
  assign d_va     = ctl_rdata[0 +: 64];
  assign d_sp     = ctl_rdata[64 +: 32];
  assign d_rb     = ctl_rdata[96 +: 32];
  assign d_rows   = ctl_rdata[128 +: 32];
  assign d_op     = ctl_rdata[160 +: 8];
  assign d_shape  = ctl_rdata[168 +: 8];
  assign d_stride = ctl_rdata[192 +: 64];
  assign d_idx    = ctl_rdata[256 +: 32];
  assign d_tiles  = (2*SPW)'(d_rows[SPW-1:0]) * (2*SPW)'(d_rb[SPW-1:0]);
  // [off, off + len) inside the scratchpad, len > 0 (the end computed in
  // 65 bits: one adder and a compare with a constant)
  function automatic logic in_spad(input logic [63:0] off, input logic [63:0] len);
    return len != '0 && {1'b0, off} + {1'b0, len} <= 65'(SPAD_BYTES);
  endfunction
  always_comb begin
    d_ok = (d_op == 8'(UVS_TILE_OP_COPY_IN) || d_op == 8'(UVS_TILE_OP_COPY_OUT)) &&
           d_shape <= 8'(UVS_TILE_SHAPE_INDEXED) && d_rb != '0 && d_rows != '0 &&
           d_va[2:0] == '0 && d_sp[2:0] == '0 && d_rb[2:0] == '0 && d_rows <= 32'(SPAD_BYTES) &&
           d_rb <= 32'(SPAD_BYTES) && in_spad(64'(d_sp), 64'(d_tiles));
    if (d_shape == 8'(UVS_TILE_SHAPE_1D))      d_ok = d_ok && d_rows == 32'd1;
    if (d_shape == 8'(UVS_TILE_SHAPE_2D))      d_ok = d_ok && d_stride[2:0] == '0;
    if (d_shape == 8'(UVS_TILE_SHAPE_INDEXED)) d_ok = d_ok && d_stride != '0 && d_idx[1:0] == '0 &&
                                                      in_spad(64'(d_idx), 64'(d_rows) << 2);
  end

  uvs_tile_mover #(.HART(HART), .OUT(OUT), .BEAT_BYTES(BEAT_BYTES)) u_mover (
    .clk_i, .rst_ni,
    .iss_valid_i   (iss_v),
    .iss_we_i      (iss_we),
    .iss_pa_i      (iss_pa),
    .iss_sp_i      (iss_sp),
    .iss_len_i     (iss_len),
    .iss_rdy_o     (mv_rdy),
    .ret_valid_o   (mv_ret),
    .ret_err_o     (mv_ret_err),
    .ctl_req_i     (ctl_req),
    .ctl_gnt_o     (ctl_gnt),
    .ctl_we_i      (ctl_we),
    .ctl_blk_i     (ctl_blk),
    .ctl_wdata_i   (ctl_wdata),
    .ctl_wstrb_i   (ctl_wstrb),
    .ctl_rvalid_o  (ctl_rvalid),
    .ctl_rdata_o   (ctl_rdata),
    .ctl_err_o     (ctl_err),
    .busy_o        (mv_busy),
    `UVS_AXI4W_M_UP(mem_axi, mem_axi),
    `UVS_AXI4W_M_UP(spad_axi, spad_axi)
  );

  // the memories' reads (asynchronous) and writes (no reset)
  assign {dg_va, dg_shape, dg_we}                      = qa_ram[q_gen];
  assign {nx_va, nx_shape, nx_we}                      = qa_ram[q_nx];
  assign {dg_stride, dg_spad, dg_rb, dg_rows, dg_idx}  = qg_ram[q_gen];
  assign {hd_doff, hd_ticket, hd_we}                   = qc_ram[q_head];
  assign {pp_va, pp_sp, pp_len, pp_q, pp_we}           = pe_ram[pe_pick];
  assign r_hva = rv_ram[r_head][63:0];
  assign r_hq  = rv_ram[r_head][64 +: QW];
  logic q_put;  // a checked descriptor enters the queue at q_tail
  assign q_put = ctl_rvalid && ctl_user == CT_SUB && sub_st != SB_WWAIT && !ctl_err && d_ok &&
                 q_n != (QW + 1)'(QD);
  always_ff @(posedge clk_i) begin
    if (q_put) begin
      qa_ram[q_tail] <= {d_va, d_shape[1:0], d_op == 8'(UVS_TILE_OP_COPY_OUT)};
      qg_ram[q_tail] <= {d_stride, d_sp[19:0], d_rb[SPW-1:0], d_rows[SPW-1:0], d_idx[19:0]};
      qc_ram[q_tail] <= {sub_blk, issued_q[31:0], d_op == 8'(UVS_TILE_OP_COPY_OUT)};
    end
    if (park_gen)
      pe_ram[pe_free] <= {g_va, g_sp, g_len, q_gen, dg_we};
    if (iss_v)
      rv_ram[r_tail] <= {issue_pe ? pp_q : q_gen, iss_va};
    // ERR_VA candidates: written while the descriptor has not failed (the
    // outcome loop below picks the first failure's source)
    if ((f_row || f_ix) && !q_fail[q_gen]) eg_ram[q_gen] <= f_row ? ix_va : dg_va;
    if (drop_pe && !q_fail[pp_q])          ep_ram[pp_q]  <= pp_va;
    if (mv_ret && mv_ret_err && !q_fail[r_hq]) er_ram[r_hq] <= r_hva;
  end
  assign hd_eva = (q_src[q_head] == SRC_GEN) ? eg_ram[q_head] :
                  (q_src[q_head] == SRC_PE)  ? ep_ram[q_head] : er_ram[q_head];

  // the row start_row starts (the first, the next, or the same again once
  // its index block is in), its index from the index buffer, and its VA
  logic [31:0]       row_nx, ix_cur;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [31:0]       ix_ioff;  // byte offset of idx[row_nx]: its block and word
  /* verilator lint_on UNUSEDSIGNAL */
  logic [32+SPW-1:0] ix_prod;
  logic [63:0]       ix_va;
  assign row_nx  = !g_started ? '0 : g_rowok ? g_r + 32'd1 : g_r;
  // a row starts this cycle: the first, the next after a row's last beat, or
  // one whose index block was being read once it is in
  logic row_start, f_row, f_ix;
  assign row_start = q_ng < q_n && !q_fail[q_gen] &&
                     (g_rowok ? gen_step && g_last_in_row && !g_last : !g_started || (!ix_req && !ix_wait));
  // failures found by the generator: the row's index is outside the table;
  // the index block it waits for was answered with an error
  assign f_row = row_start && dg_shape == SH_IDX && ix_v && ix_blk == ix_ioff[19:6] &&
                 64'(ix_cur) >= dg_stride;
  assign f_ix  = ctl_rvalid && ctl_user == CT_IDX && ix_q == q_gen && ctl_err;
  assign ix_ioff = 32'(dg_idx) + (row_nx << 2);
  assign ix_cur  = ix_data[32*ix_ioff[5:2] +: 32];
  assign ix_prod = (32+SPW)'(ix_cur) * (32+SPW)'(dg_rb);
  assign ix_va   = dg_va + 64'(ix_prod);

  // ---- registers ----
  logic        own, rv_q, err_q;
  logic [63:0] rd_q;
  assign own          = reg_addr_i[15:11] == 5'(HART);
  assign reg_gnt_o    = sub_st == SB_IDLE;
  assign reg_rvalid_o = rv_q;
  assign reg_rdata_o  = rd_q;
  assign reg_err_o    = err_q;
  assign busy_o       = q_n != '0 || r_n != '0 || x_want != '0 || x_sent != '0 ||
                        sub_st != SB_IDLE || mv_busy;
  assign fence_busy_o = r_n != '0;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      q_head <= '0; q_gen <= '0; q_tail <= '0; q_n <= '0; q_ng <= '0;
      q_fail <= '0;
      issued_q <= '0; done_q <= '0; failed_q <= '0;
      g_rowok <= 1'b0; g_started <= 1'b0; g_r <= '0; g_rest <= '0; g_first <= 1'b0; g_sp <= '0;
      g_base <= '0; g_va <= '0;
      pe_v <= '0;
      x_want <= '0; x_sent <= '0; x_stale <= '0; x_rdy <= '0;
      r_head <= '0; r_tail <= '0; r_n <= '0;
      dn_v_q <= 1'b0; dn_a_q <= '0; dn_rpl_q <= 1'b0;
      pf_rv <= 1'b0; pf_nd <= 1'b0; pf_next <= '0; pf_last <= '0;
      rv_q <= 1'b0; err_q <= 1'b0; rd_q <= '0;
      sub_st <= SB_IDLE; cpl_req <= 1'b0; cpl_wait <= 1'b0;
      ix_req <= 1'b0; ix_wait <= 1'b0; ix_v <= 1'b0; ctl_user <= CT_SUB;
      for (int i = 0; i < QD; i++) q_cnt[i] <= '0;
    end else begin
      logic       complete, gen_fin;
      complete = 1'b0;
      gen_fin  = 1'b0;

      // -- translation responder --
      dn_v_q <= dn_req_i;
      if (dn_req_i) dn_a_q <= dn_addr_i;
      dn_rpl_q <= dn_req_i && dn_rpl_i;

      // -- register access --
      rv_q  <= 1'b0;
      err_q <= 1'b0;
      rd_q  <= '0;
      if (reg_req_i && reg_gnt_o) begin
        rv_q <= 1'b1;
        if (!own) begin
          err_q <= 1'b1;
        end else if (reg_we_i) begin
          if (reg_addr_i[10:3] == 8'(UVS_TILE_REG_SUBMIT >> 3)) begin
            // a descriptor slot: 64-byte aligned, inside the scratchpad
            if (reg_wdata_i[63:20] != '0 || reg_wdata_i[5:0] != '0 ||
                !in_spad(reg_wdata_i, 64'd64)) begin
              err_q <= 1'b1;
            end else begin
              rv_q    <= 1'b0;  // answered once TICKET is written
              sub_st  <= SB_RD;
              sub_blk <= reg_wdata_i[19:6];
            end
          end
        end else begin
          unique case (reg_addr_i[10:3])
            8'(UVS_TILE_REG_DONE >> 3):      rd_q <= done_q;
            8'(UVS_TILE_REG_ISSUED >> 3):    rd_q <= issued_q;
            8'(UVS_TILE_REG_SPAD_SIZE >> 3): rd_q <= 64'(SPAD_BYTES);
            8'(UVS_TILE_REG_QDEPTH >> 3):    rd_q <= 64'(QD);
            8'(UVS_TILE_REG_FAILED >> 3):    rd_q <= failed_q;
            8'(UVS_TILE_REG_NHWT >> 3):      rd_q <= 64'(NHWT);
            default:                         rd_q <= '0;
          endcase
        end
      end

      // -- control accesses: request taken, answer --
      if (ctl_gnt) begin
        if (cpl_req) begin
          cpl_req <= 1'b0; cpl_wait <= 1'b1; ctl_user <= CT_CPL;
        end else if (sub_st == SB_RD || sub_st == SB_WR) begin
          sub_st <= sub_st == SB_RD ? SB_RWAIT : SB_WWAIT; ctl_user <= CT_SUB;
        end else begin
          ix_req <= 1'b0; ix_wait <= 1'b1; ctl_user <= CT_IDX;
        end
      end
      if (ctl_rvalid) begin
        unique case (ctl_user)
          CT_CPL: begin
            // the STATUS write is answered: the descriptor is complete
            cpl_wait <= 1'b0;
            complete = 1'b1;
            done_q <= done_q + 64'd1;
            if (q_code[q_head] != 8'(UVS_TILE_ST_OK)) failed_q <= failed_q + 64'd1;
            q_head <= q_head + QW'(1);
          end
          CT_SUB: begin
            if (sub_st == SB_WWAIT || ctl_err) begin
              // TICKET written (or the slot unreadable): answer the store
              sub_st <= SB_IDLE;
              rv_q   <= 1'b1;
              err_q  <= ctl_err;
            end else begin
              sub_st <= SB_WR;
              if (!d_ok) begin
                sub_tkt <= -64'(UVS_TILE_SUBMIT_INVALID);
              end else if (q_n == (QW + 1)'(QD)) begin
                sub_tkt <= -64'(UVS_TILE_SUBMIT_FULL);
              end else begin
                sub_tkt          <= 64'(issued_q[31:0]);
                q_tail           <= q_tail + QW'(1);
                issued_q         <= issued_q + 64'd1;
              end
            end
          end
          default: begin
            // an index block for the descriptor being generated (else stale)
            ix_wait <= 1'b0;
            ix_data <= ctl_rdata;
            ix_v    <= ix_q == q_gen && !ctl_err;  // an error fails the descriptor (f_ix)
          end
        endcase
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
        // answered slots with beats linked forget the translation and ask again
        for (int k = 0; k < XS; k++)
          if (x_rdy[k] && x_held[k]) begin
            x_rdy[k]  <= 1'b0;
            x_want[k] <= 1'b1;
          end
      end
      for (int k = 0; k < XS; k++)
        if (rq_rvalid_i && XW'(rq_rid_i) == XW'(k)) x_ppn[k] <= rq_rdata_i[63:12];
      if (rq_rvalid_i) begin
        x_sent[XW'(rq_rid_i)] <= 1'b0;
        if (x_stale[XW'(rq_rid_i)] || atc_flush_i) begin
          x_stale[XW'(rq_rid_i)] <= 1'b0;
          x_want[XW'(rq_rid_i)]  <= 1'b1;
          // the stale answer is dropped, but its beats did wait for a page
          // request (an eviction's invalidation while they were parked is the
          // usual case when oversubscribed): the flag stays for the trace
          x_flt[XW'(rq_rid_i)] <= x_flt[XW'(rq_rid_i)] | dn_rpl_q;
        end else begin
          x_rdy[XW'(rq_rid_i)] <= 1'b1;
          x_err[XW'(rq_rid_i)] <= rq_err_i;
          x_flt[XW'(rq_rid_i)] <= x_flt[XW'(rq_rid_i)] | dn_rpl_q;
        end
      end

      // -- retire the oldest beat in flight --
      if (mv_ret) begin
        r_head <= r_head + OW'(1);
      end

      // -- issue: a ready pending beat, or the generator's --
      if (issue_pe) begin
        pe_v[pe_pick] <= 1'b0;
      end
      if (iss_v) r_tail <= r_tail + OW'(1);
      r_n <= r_n + (OW + 1)'(iss_v) - (OW + 1)'(mv_ret);

      if (park_gen) begin
        pe_v[pe_free]    <= 1'b1;
        pe_x[pe_free]    <= x_match_v ? x_match : x_free;
        if (!x_match_v) begin
          x_want[x_free] <= 1'b1;
          x_rdy[x_free]  <= 1'b0;
          x_flt[x_free]  <= 1'b0;
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
        x_rdy[x_free]  <= 1'b0;
        x_flt[x_free]  <= 1'b0;
      end
      // a slot taken by a parked miss or a prefetch (never both in a cycle)
      for (int k = 0; k < XS; k++)
        if ((pf_alloc || (park_gen && !x_match_v)) && x_free == XW'(k)) begin
          x_vpn[k] <= park_gen ? g_va[63:12] : pf_vpn;
          x_we[k]  <= park_gen ? dg_we : pf_we;
        end
      // a row's first beat: its further pages (those beyond this beat's page)
      if (gen_step && g_first) begin
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
          // the first row (start_row below), or a row whose index block was being read
          if (!g_started) begin
            g_sp      <= dg_spad;
            g_started <= 1'b1;
          end
        end else if (gen_step) begin
          g_sp    <= g_sp + 20'(g_len);
          g_first <= 1'b0;
          if (!g_last_in_row) begin
            g_va   <= g_va + 64'(g_len);
            g_rest <= g_rest - 32'(g_len);
          end else if (g_last) begin
            g_rowok <= 1'b0;
            gen_fin = 1'b1;
          end
        end
      end
      if (row_start) start_row();
      if (gen_fin) begin
        q_gen     <= q_gen + QW'(1);
        g_started <= 1'b0;
        ix_v      <= 1'b0;  // a new descriptor: its index list may have changed
        pf_rv     <= 1'b0;
        pf_nd     <= 1'b0;
      end

      // -- outcomes: a submitted descriptor starts OK; the first failure of
      // one sets its code and ERR_VA (of two in a cycle, the later source
      // above: the row's index, a failed pending beat, a retired beat's error,
      // the index block's read error) --
      for (int i = 0; i < QD; i++) begin
        if (q_put && q_tail == QW'(i)) begin
          q_fail[i] <= 1'b0;
          q_code[i] <= 8'(UVS_TILE_ST_OK);
        end else if (!q_fail[i]) begin
          if (f_row && q_gen == QW'(i)) begin
            q_fail[i] <= 1'b1; q_code[i] <= 8'(UVS_TILE_ST_INDEX); q_src[i] <= SRC_GEN;
          end else if (drop_pe && pp_q == QW'(i)) begin
            q_fail[i] <= 1'b1; q_code[i] <= 8'(UVS_TILE_ST_FAULT); q_src[i] <= SRC_PE;
          end else if (mv_ret && mv_ret_err && r_hq == QW'(i)) begin
            q_fail[i] <= 1'b1; q_code[i] <= 8'(UVS_TILE_ST_FAULT); q_src[i] <= SRC_RET;
          end else if (f_ix && q_gen == QW'(i)) begin
            q_fail[i] <= 1'b1; q_code[i] <= 8'(UVS_TILE_ST_FAULT); q_src[i] <= SRC_GEN;
          end
        end
      end

      // -- completion of the oldest descriptor: write STATUS, ERR_VA --
      if (q_n != '0 && q_ng != '0 && q_cnt[q_head] == '0 && !cpl_req && !cpl_wait &&
          !(ctl_rvalid && ctl_user == CT_CPL))
        cpl_req <= 1'b1;
      q_n  <= q_n + (QW + 1)'(q_put) - (QW + 1)'(complete);
      q_ng <= q_ng + (QW + 1)'(gen_fin) - (QW + 1)'(complete);
      // per-descriptor beat counts: +1 generated, -1 retired, -1 failed pending
      for (int i = 0; i < QD; i++)
        q_cnt[i] <= q_cnt[i] + 7'(gen_step && q_gen == QW'(i)) - 7'(mv_ret && r_hq == QW'(i)) -
                    7'(drop_pe && pp_q == QW'(i));
    end
  end

  // Starts row row_nx of the descriptor at q_gen (ix_* are its index's): its VA base (2-D: VA for the
  // first row, then the previous row's base + stride; indexed: VA + idx[r] x
  // row bytes, with the bounds check). An index outside the buffered block
  // asks for its block first (the row starts again once it is in).
  task automatic start_row();
    logic [63:0] row_va;  // a 2-D or contiguous row's VA
    g_r     <= row_nx;
    g_rest  <= 32'(dg_rb);
    g_first <= 1'b1;
    g_va    <= g_base;
    if (dg_shape == SH_IDX) begin
      if (!ix_v || ix_blk != ix_ioff[19:6]) begin
        g_rowok <= 1'b0;
        ix_req  <= 1'b1;
        ix_blk  <= ix_ioff[19:6];
        ix_q    <= q_gen;
      end else if (64'(ix_cur) >= dg_stride) begin
        g_rowok <= 1'b0;  // the descriptor fails (f_row)
      end else begin
        g_base  <= ix_va;
        g_va    <= ix_va;
        g_rowok <= 1'b1;
      end
    end else begin
      row_va   = (dg_shape == SH_2D && row_nx != '0) ? g_base + dg_stride : dg_va;
      g_base  <= row_va;
      g_va    <= row_va;
      g_rowok <= 1'b1;
    end
  endtask
endmodule
