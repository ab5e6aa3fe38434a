// uvs_ptw: the IOMMU's hardware walker. For one request at a time it
// decides what the C reference model's uvs_iommu_model_translate decides
// (sim/model/iommu_model.c, iommu_walk.c, iommu_dc.c) and carries out the
// side effects before it commits the result:
//  1. ddtp.iommu_mode Off: fault 256; Bare: pa = iova (access fault beyond
//     capabilities.PAS = 56 bits) -- RISC-V IOMMU spec v1.0 2.3.
//  2. Device context from the device-context cache, else the device
//     directory walk (spec 2.3.1, base format, 1/2/3LVL): causes 257 (load
//     access fault), 258 (not valid), 259 (misconfigured: uvmsoc's checks of
//     iommu_dc.c), 260 (device_id too wide); the context is then cached.
//  3. First-stage Sv39/Sv48 walk (privileged spec 4.3.2): 260 for a
//     supervisor request without tc.UVS_ENS, canonical check, PTE loads
//     through the page-walk cache (uvs_iommu_pwc) for non-leaf entries,
//     reserved bits 63:54, W without R, non-leaf D/A/U, permissions,
//     misaligned superpage: page faults 12/13/15; a failing PTE load: access
//     fault 1/5/7; V = 0 with tc.UVS_PRQ: a page request; with tc.UVS_PRQ
//     and tc.UVS_PRQW also a write to an aligned leaf with R and not W that
//     passes the privilege check (a write-permission page request).
//  4. A/D update when tc.SADE (else page fault), with the model's
//     compare-and-swap semantics made of LR/SC on the bus: LR the PTE; if it
//     differs from the PTE the checks were done on, the walk restarts from
//     the root; else SC the PTE with A (and D for a write); an SC failure
//     also restarts. So A/D are only ever set on the exact PTE value that
//     was checked. (The model gives up after 8 restarts; the walker keeps
//     retrying -- restarts need another agent writing the PTE.)
//  5. Finish: OK fills the IOTLB (not for Bare); a reported fault writes a
//     fault record (uvs_iommu_qwr) -- a fault queue without room (full:
//     fqof set now, or fqof already set; fqmf clear) gives RETRY with
//     res_retry_fq_o (the record is kept back, not discarded: uvmsoc's
//     deviation from spec 5.16), while a fault queue that is off or has
//     fqmf discards it (FAULT); a page request joins the waiting group
//     of the same device and page that already asks for the access (the one
//     with the lowest park slot, as the model's find_group), or opens a new
//     group with the lowest free PRG index and writes a page-request record;
//     a page-request queue that cannot take it (full: pqof set, pqmf, pqof)
//     gives RETRY; a page-request queue that is off turns it into a
//     non-replayable page fault.
// res_valid_o marks the commit cycle: every memory side effect is done, and
// the decisions that depend on queue state are taken in that same cycle.
// Fills are dropped when an invalidation arrived during the walk.
module uvs_ptw
  import uvs_iommu_pkg::*;
  import uvs_iommu_pt_pkg::*;
  import uvs_iommu_rec_pkg::*;
  import uvs_iommu_regs_pkg::*;
  import uvs_bus_pkg::*;
#(
  parameter int NUM_PORTS   = 4,
  parameter int PWC_ENTRIES = 8,
  parameter int NPARK       = NUM_PORTS,  // park entries of all ports (slots 0..NPARK-1)
  localparam int PW = (NUM_PORTS > 1) ? $clog2(NUM_PORTS) : 1,
  localparam int GW = (NPARK > 1) ? $clog2(NPARK) : 1  // bits of a group index below NPARK
) (
  input  logic          clk_i,
  input  logic          rst_ni,  // synchronous, active low
  // request (from the port arbiter)
  input  logic          walk_req_i,
  output logic          walk_gnt_o,
  input  logic [PW-1:0] walk_port_i,
  input  logic [63:0]   walk_iova_i,
  input  logic [23:0]   walk_did_i,
  input  acc_e          walk_acc_i,
  input  logic          walk_priv_i,  // supervisor request
  // result (commit)
  output logic          res_valid_o,
  output logic [PW-1:0] res_port_o,
  output status_e       res_status_o,
  output logic [63:0]   res_pa_o,
  output logic [11:0]   res_cause_o,
  output logic [8:0]    res_prgi_o,
  output logic [NPARK-1:0] res_slot_o,  // park slot, one-hot
  output logic          res_retry_fq_o,  // with ST_RETRY: waiting for room in the fault queue
  output logic          busy_o,       // a request is being handled
  output logic          park_busy_o,  // finishing: park state must not change
  // configuration
  input  logic [3:0]    ddtp_mode_i,
  input  logic [43:0]   ddtp_ppn_i,
  input  logic          pq_on_i,
  // device-context cache
  output logic [23:0]   dcc_did_o,
  input  logic          dcc_hit_i,
  input  dc_t           dcc_dc_i,
  output logic          dcc_fill_o,
  output logic [23:0]   dcc_fill_did_o,
  output dc_t           dcc_fill_dc_o,
  input  logic          dcc_inv_i,
  // IOTLB fill; invalidation also flushes the page-walk cache
  output logic          tlb_fill_o,
  output logic [19:0]   tlb_fill_pscid_o,
  output logic          tlb_fill_global_o,
  output logic [51:0]   tlb_fill_vpn_o,  // IOVA bits 63:12
  output leaf_t         tlb_fill_leaf_o,
  input  logic          tlb_inv_i,
  // park entries of the ports (entry port x IDS + id)
  input  logic [NPARK-1:0]         park_wait_i,
  input  logic [NPARK-1:0][23:0]   park_did_i,
  input  logic [NPARK-1:0][51:0]   park_page_i,
  input  logic [NPARK-1:0]         park_w_i,
  input  logic [NPARK-1:0][NPARK-1:0] park_slot_i,  // one-hot
  input  logic [NPARK-1:0][8:0]    park_prgi_i,
  // record writer
  output logic          wr_start_o,
  output logic          wr_pq_o,
  output logic [63:0]   wr_rec_o [4],
  input  logic          wr_refused_i,
  input  logic          wr_refused_full_i,
  input  logic          wr_done_i,
  input  logic          wr_err_i,
  // memory client
  output logic          m_req_o,
  input  logic          m_gnt_i,
  output logic [63:0]   m_addr_o,
  output logic          m_we_o,
  output logic [7:0]    m_be_o,
  output logic [63:0]   m_wdata_o,
  output logic [3:0]    m_amo_o,
  input  logic          m_rvalid_i,
  input  logic [63:0]   m_rdata_i,
  input  logic          m_err_i
);
  // iosatp.MODE values (iommu_pt.def).
  localparam logic [3:0] MODE_BARE = UVS_IOMMU_IOSATP_BARE[3:0];
  localparam logic [3:0] MODE_SV39 = UVS_IOMMU_IOSATP_SV39[3:0];
  localparam logic [3:0] MODE_SV48 = UVS_IOMMU_IOSATP_SV48[3:0];

  typedef enum logic [3:0] {
    IDLE, START, DDT_RD, DDT_WAIT, DC_RD, DC_WAIT, TRANS, PTE_RD, PTE_WAIT,
    AD_LR, AD_LR_WAIT, AD_SC, AD_SC_WAIT, FIN, WR_WAIT
  } state_e;

  localparam logic [63:0] TC_ALLOWED = UVS_IOMMU_DC_TC_V_MASK | UVS_IOMMU_DC_TC_DTF_MASK |
                                       UVS_IOMMU_DC_TC_SADE_MASK | UVS_IOMMU_DC_TC_UVS_PRQ_MASK |
                                       UVS_IOMMU_DC_TC_UVS_ENS_MASK | UVS_IOMMU_DC_TC_UVS_SUM_MASK |
                                       UVS_IOMMU_DC_TC_UVS_PRQW_MASK;
  localparam logic [63:0] PTE_A = UVS_IOMMU_PTE_A_MASK;
  localparam logic [63:0] PTE_D = UVS_IOMMU_PTE_D_MASK;

  // ---- registers ----
  state_e        state_q, state_d;
  logic [PW-1:0] port_q, port_d;
  logic [63:0]   iova_q, iova_d;
  logic [23:0]   did_q, did_d;
  acc_e          acc_q, acc_d;
  logic          priv_q, priv_d;
  dc_t           dc_q, dc_d;
  logic [1:0]    ddt_lvl_q, ddt_lvl_d;   // directory level of the next DDT read
  logic [63:0]   tbl_q, tbl_d;           // DDT entry or device-context address
  logic [1:0]    dci_q, dci_d;           // device-context doubleword index
  logic [63:0]   tc_q, tc_d, hgatp_q, hgatp_d, ta_q, ta_d;
  logic [1:0]    lvl_q, lvl_d;           // page-table level
  logic [55:3]   pte_addr_q, pte_addr_d;  // PTE word address
  logic [63:0]   pte_q, pte_d;           // leaf PTE under A/D update
  logic          glob_q, glob_d;         // G seen on the path
  status_e       status_q, status_d;
  logic [11:0]   cause_q, cause_d;
  logic          report_q, report_d;
  logic [63:0]   pa_q, pa_d;
  logic          fill_q, fill_d;         // OK result goes into the IOTLB
  leaf_t         leaf_q, leaf_d;
  logic          wr_pq_q, wr_pq_d;
  logic [8:0]    prgi_q, prgi_d;
  logic [NPARK-1:0] slot_q, slot_d;
  logic          tinv_q, tinv_d;         // IOTINVAL seen during this request
  logic          dinv_q, dinv_d;         // IODIR seen during this request

  // ---- page-walk cache ----
  logic        pwc_hit, pwc_g, pwc_fill;
  logic [43:0] pwc_ppn;
  logic [55:3] pwc_fill_addr;
  logic [43:0] pwc_fill_ppn;
  logic        pwc_fill_g;

  uvs_iommu_pwc #(.ENTRIES(PWC_ENTRIES)) u_pwc (
    .clk_i, .rst_ni,
    .lk_addr_i(pte_addr_q), .lk_hit_o(pwc_hit), .lk_ppn_o(pwc_ppn), .lk_g_o(pwc_g),
    .fill_i(pwc_fill), .fill_addr_i(pwc_fill_addr), .fill_ppn_i(pwc_fill_ppn), .fill_g_i(pwc_fill_g),
    .flush_i(tlb_inv_i)
  );

  // VPN[l] of the request's IOVA.
  function automatic logic [8:0] vpn(logic [47:12] iova, logic [1:0] l);
    case (l)
      2'd0:    vpn = iova[20:12];
      2'd1:    vpn = iova[29:21];
      2'd2:    vpn = iova[38:30];
      default: vpn = iova[47:39];
    endcase
  endfunction

  // Word address (PA bits 55:3) of the level-l PTE in the table with PPN ppn.
  function automatic logic [55:3] pte_at(logic [43:0] ppn, logic [47:12] iova, logic [1:0] l);
    pte_at = {ppn, vpn(iova, l)};
  endfunction

  // ---- parked groups: join, free slot, free group index (model: find_group, free_prgi) ----
  // At most NPARK - 1 requests are parked while one is walked, so a free slot
  // and a free group index below NPARK always exist; so every group index
  // parked is below NPARK (2^GW): its bits 8:GW are zero and not compared.
  // Slots are one-hot (the ports keep them so): the slots held and the
  // lowest of them are ORs and one carry chain, not NPARK x NPARK slot
  // comparisons (issue 15: about 1,000 LUTs at NPARK = 20 on PolarFire).
  logic             join_ok;
  logic [8:0]       join_prgi;
  logic [NPARK-1:0] free_slot;
  logic [8:0]       free_prgi;
  logic [NPARK-1:0] same_dev;  // entry p waits in a group of this request's device
  always_comb
    for (int p = 0; p < NPARK; p++) same_dev[p] = park_wait_i[p] && park_did_i[p] == did_q;
  // The group to join: the joinable entry with the lowest park slot (the
  // slots of waiting entries are distinct: each got a free slot).
  always_comb begin
    logic [NPARK-1:0] jm;         // entry p: a waiting group this request may join
    logic [NPARK-1:0] at_slot;    // slots held by such entries
    logic [NPARK-1:0] join_slot;  // the lowest of them
    at_slot = '0;
    for (int p = 0; p < NPARK; p++) begin
      jm[p] = same_dev[p] && park_page_i[p] == iova_q[63:12] &&
              (park_w_i[p] || acc_q != ACC_WRITE);
      if (jm[p]) at_slot = at_slot | park_slot_i[p];
    end
    join_ok   = jm != '0;
    join_slot = at_slot & (~at_slot + NPARK'(1));
    join_prgi = '0;
    for (int p = 0; p < NPARK; p++)
      if (jm[p] && (park_slot_i[p] & join_slot) != '0) join_prgi = join_prgi | park_prgi_i[p];
  end
  always_comb begin
    logic [NPARK-1:0] used;
    used = '0;
    for (int p = 0; p < NPARK; p++)
      if (park_wait_i[p]) used = used | park_slot_i[p];
    free_slot = ~used & (used + NPARK'(1));  // the lowest free slot
  end
  always_comb begin
    logic [NPARK-1:0] used;
    used = '0;
    for (int g = 0; g < NPARK; g++)
      for (int p = 0; p < NPARK; p++)
        if (same_dev[p] && park_prgi_i[p][GW-1:0] == GW'(g)) used[g] = 1'b1;
    free_prgi = '0;
    for (int g = NPARK - 1; g >= 0; g--)
      if (!used[g]) free_prgi = 9'(g);
  end

  // ---- finishing (state FIN) ----
  logic eff_fault;  // a fault, or a page request while the page-request queue is off
  assign eff_fault = status_q == ST_FAULT || (status_q == ST_PARK && !pq_on_i);

  // Fault record (spec 3.2) and page-request record (spec 3.3).
  always_comb begin
    if (eff_fault) begin
      wr_rec_o[0] = {did_q, ttyp_of(acc_q), 22'd0, cause_q};
      wr_rec_o[1] = '0;
      wr_rec_o[2] = iova_q;
      wr_rec_o[3] = '0;
    end else begin
      wr_rec_o[0] = {did_q, 40'd0};
      wr_rec_o[1] = {iova_q[63:12], free_prgi, 1'b1, acc_q == ACC_WRITE, acc_q != ACC_WRITE};
      wr_rec_o[2] = '0;
      wr_rec_o[3] = '0;
    end
  end
  assign wr_pq_o    = !eff_fault;
  assign wr_start_o = state_q == FIN && status_q != ST_OK &&
                      ((eff_fault && report_q) || (!eff_fault && !join_ok));

  always_comb begin
    res_valid_o  = 1'b0;
    res_status_o = status_q;
    res_prgi_o   = prgi_q;
    res_slot_o   = slot_q;
    if (state_q == FIN) begin
      if (status_q == ST_OK) begin
        res_valid_o = 1'b1;
      end else if (eff_fault) begin
        res_valid_o  = !report_q || wr_refused_i;
        res_status_o = (report_q && wr_refused_full_i) ? ST_RETRY : ST_FAULT;
      end else if (join_ok) begin
        res_valid_o  = 1'b1;
        res_status_o = ST_PARK;
        res_prgi_o   = join_prgi;
        res_slot_o   = free_slot;
      end else begin
        res_valid_o  = wr_refused_i;
        res_status_o = ST_RETRY;
      end
    end else if (state_q == WR_WAIT && wr_done_i) begin
      res_valid_o  = 1'b1;
      res_status_o = !wr_pq_q ? ST_FAULT : (wr_err_i ? ST_RETRY : ST_PARK);
    end
  end
  assign res_retry_fq_o = state_q == FIN && eff_fault;
  assign res_port_o  = port_q;
  assign res_pa_o    = pa_q;
  assign res_cause_o = cause_q;
  assign busy_o      = state_q != IDLE;
  assign park_busy_o = state_q == FIN || state_q == WR_WAIT;
  assign walk_gnt_o  = state_q == IDLE;

  assign tlb_fill_o        = state_q == FIN && status_q == ST_OK && fill_q && !tinv_q && !tlb_inv_i;
  assign tlb_fill_pscid_o  = dc_q.pscid;
  assign tlb_fill_global_o = glob_q;
  assign tlb_fill_vpn_o    = iova_q[63:12];
  assign tlb_fill_leaf_o   = leaf_q;
  assign dcc_did_o         = did_q;
  assign dcc_fill_did_o    = did_q;

  // ---- memory client ----
  assign m_req_o   = state_q == DDT_RD || state_q == DC_RD || (state_q == PTE_RD && !pwc_hit) ||
                     state_q == AD_LR || state_q == AD_SC;
  assign m_addr_o  = state_q == DDT_RD ? tbl_q :
                     state_q == DC_RD  ? tbl_q + {59'd0, dci_q, 3'd0} : {8'd0, pte_addr_q, 3'b000};
  assign m_we_o    = state_q == AD_SC;
  assign m_be_o    = 8'hff;
  assign m_wdata_o = pte_q | PTE_A | ((acc_q == ACC_WRITE) ? PTE_D : 64'd0);
  assign m_amo_o   = state_q == AD_LR ? UVS_AMO_LR[3:0] : state_q == AD_SC ? UVS_AMO_SC[3:0] :
                                                                             UVS_AMO_NONE[3:0];

  // ---- decoding helpers on the word just read ----
  logic [63:0] rd;
  assign rd = m_rdata_i;

  // Device context checks (model: uvs_iommu_dc_decode; uvmsoc's
  // capabilities support Sv39, Sv48, AMO_HWAD and UVS_PRQ).
  logic        dc_bad;
  logic [3:0]  fsc_mode;
  dc_t         dc_new;
  always_comb begin
    fsc_mode = rd[63:60];
    dc_bad   = (tc_q & ~TC_ALLOWED) != 0 || hgatp_q != 0 ||
               (ta_q & ~UVS_IOMMU_DC_TA_PSCID_MASK) != 0 ||
               (rd & ~(UVS_IOMMU_DC_FSC_PPN_MASK | UVS_IOMMU_DC_FSC_MODE_MASK)) != 0 ||
               !(fsc_mode == MODE_BARE || fsc_mode == MODE_SV39 || fsc_mode == MODE_SV48);
    dc_new.mode     = fsc_mode;
    dc_new.root_ppn = rd[43:0];
    dc_new.pscid    = ta_q[31:12];
    dc_new.dtf      = tc_q[UVS_IOMMU_DC_TC_DTF_SHIFT[5:0]];
    dc_new.sade     = tc_q[UVS_IOMMU_DC_TC_SADE_SHIFT[5:0]];
    dc_new.prq      = tc_q[UVS_IOMMU_DC_TC_UVS_PRQ_SHIFT[5:0]];
    dc_new.ens      = tc_q[UVS_IOMMU_DC_TC_UVS_ENS_SHIFT[5:0]];
    dc_new.sum      = tc_q[UVS_IOMMU_DC_TC_UVS_SUM_SHIFT[5:0]];
    dc_new.prqw     = tc_q[UVS_IOMMU_DC_TC_UVS_PRQW_SHIFT[5:0]];
  end
  assign dcc_fill_o    = state_q == DC_WAIT && m_rvalid_i && !m_err_i && dci_q == 2'd3 &&
                         tc_q[0] && !dc_bad && !dinv_q && !dcc_inv_i;
  assign dcc_fill_dc_o = dc_new;

  logic [1:0] top_lvl;
  assign top_lvl = (dc_q.mode == MODE_SV48) ? 2'd3 : 2'd2;

  // PTE fields of the word read.
  logic v, r, w, x, u, g, a, d, hi_rsvd;
  assign {d, a, g, u, x, w, r, v} = rd[7:0];
  assign hi_rsvd = rd[63:54] != 10'd0;
  logic [43:0] rd_ppn;
  assign rd_ppn = rd[53:10];
  logic [43:0] low_mask;
  assign low_mask = (44'd1 << (9 * int'(lvl_q))) - 44'd1;

  assign pwc_fill      = state_q == PTE_WAIT && m_rvalid_i && !m_err_i && v && !hi_rsvd &&
                         !(!r && w) && !r && !x && !(d || a || u) && lvl_q != 2'd0 &&
                         !tinv_q && !tlb_inv_i;
  assign pwc_fill_addr = pte_addr_q;
  assign pwc_fill_ppn  = rd_ppn;
  assign pwc_fill_g    = g;

  // ---- next state ----
  always_comb begin
    state_d    = state_q;
    port_d     = port_q;
    iova_d     = iova_q;
    did_d      = did_q;
    acc_d      = acc_q;
    priv_d     = priv_q;
    dc_d       = dc_q;
    ddt_lvl_d  = ddt_lvl_q;
    tbl_d      = tbl_q;
    dci_d      = dci_q;
    tc_d       = tc_q;
    hgatp_d    = hgatp_q;
    ta_d       = ta_q;
    lvl_d      = lvl_q;
    pte_addr_d = pte_addr_q;
    pte_d      = pte_q;
    glob_d     = glob_q;
    status_d   = status_q;
    cause_d    = cause_q;
    report_d   = report_q;
    pa_d       = pa_q;
    fill_d     = fill_q;
    leaf_d     = leaf_q;
    wr_pq_d    = wr_pq_q;
    prgi_d     = prgi_q;
    slot_d     = slot_q;
    tinv_d     = tinv_q || (tlb_inv_i && state_q != IDLE);
    dinv_d     = dinv_q || (dcc_inv_i && state_q != IDLE);

    unique case (state_q)
      IDLE: if (walk_req_i) begin
        state_d  = START;
        port_d   = walk_port_i;
        iova_d   = walk_iova_i;
        did_d    = walk_did_i;
        acc_d    = walk_acc_i;
        priv_d   = walk_priv_i;
        tinv_d   = 1'b0;
        dinv_d   = 1'b0;
        fill_d   = 1'b0;
        pa_d     = '0;
        cause_d  = '0;
        report_d = 1'b1;
        status_d = ST_FAULT;
      end

      START: begin
        state_d = FIN;
        case (ddtp_mode_i)
          UVS_IOMMU_DDTP_MODE_BARE[3:0]: begin
            if (iova_q[63:56] != 8'd0) cause_d = access_fault_cause(acc_q);
            else begin
              status_d = ST_OK;
              pa_d     = iova_q;
            end
          end
          UVS_IOMMU_DDTP_MODE_1LVL[3:0], UVS_IOMMU_DDTP_MODE_2LVL[3:0], UVS_IOMMU_DDTP_MODE_3LVL[3:0]: begin
            if (dcc_hit_i) begin
              dc_d    = dcc_dc_i;
              state_d = TRANS;
            end else if ((ddtp_mode_i == UVS_IOMMU_DDTP_MODE_1LVL[3:0] && did_q[23:7] != 0) ||
                         (ddtp_mode_i == UVS_IOMMU_DDTP_MODE_2LVL[3:0] && did_q[23:16] != 0)) begin
              cause_d = UVS_IOMMU_CAUSE_TTYP_DISALLOWED[11:0];
            end else if (ddtp_mode_i == UVS_IOMMU_DDTP_MODE_1LVL[3:0]) begin
              tbl_d   = {8'd0, ddtp_ppn_i, 12'd0} + {52'd0, did_q[6:0], 5'd0};
              dci_d   = '0;
              state_d = DC_RD;
            end else if (ddtp_mode_i == UVS_IOMMU_DDTP_MODE_2LVL[3:0]) begin
              tbl_d     = {8'd0, ddtp_ppn_i, 12'd0} + {52'd0, did_q[15:7], 3'd0};
              ddt_lvl_d = 2'd1;
              state_d   = DDT_RD;
            end else begin
              tbl_d     = {8'd0, ddtp_ppn_i, 12'd0} + {53'd0, did_q[23:16], 3'd0};
              ddt_lvl_d = 2'd2;
              state_d   = DDT_RD;
            end
          end
          default: cause_d = UVS_IOMMU_CAUSE_ALL_DISALLOWED[11:0];  // Off
        endcase
      end

      DDT_RD: if (m_gnt_i) state_d = DDT_WAIT;
      DDT_WAIT: if (m_rvalid_i) begin
        if (m_err_i) begin
          cause_d = UVS_IOMMU_CAUSE_DDT_LOAD_ACCESS[11:0];
          state_d = FIN;
        end else if (!rd[0]) begin
          cause_d = UVS_IOMMU_CAUSE_DDT_INVALID[11:0];
          state_d = FIN;
        end else if ((rd & ~(UVS_IOMMU_DDTE_V_MASK | UVS_IOMMU_DDTE_PPN_MASK)) != 0) begin
          cause_d = UVS_IOMMU_CAUSE_DDT_MISCONFIG[11:0];
          state_d = FIN;
        end else if (ddt_lvl_q == 2'd2) begin
          tbl_d     = {8'd0, rd[53:10], 12'd0} + {52'd0, did_q[15:7], 3'd0};
          ddt_lvl_d = 2'd1;
          state_d   = DDT_RD;
        end else begin
          tbl_d   = {8'd0, rd[53:10], 12'd0} + {52'd0, did_q[6:0], 5'd0};
          dci_d   = '0;
          state_d = DC_RD;
        end
      end

      DC_RD: if (m_gnt_i) state_d = DC_WAIT;
      DC_WAIT: if (m_rvalid_i) begin
        if (m_err_i) begin
          cause_d = UVS_IOMMU_CAUSE_DDT_LOAD_ACCESS[11:0];
          state_d = FIN;
        end else begin
          case (dci_q)
            2'd0: tc_d = rd;
            2'd1: hgatp_d = rd;
            2'd2: ta_d = rd;
            default: ;
          endcase
          if (dci_q != 2'd3) begin
            dci_d   = dci_q + 2'd1;
            state_d = DC_RD;
          end else if (!tc_q[0]) begin
            cause_d = UVS_IOMMU_CAUSE_DDT_INVALID[11:0];
            state_d = FIN;
          end else if (dc_bad) begin
            cause_d = UVS_IOMMU_CAUSE_DDT_MISCONFIG[11:0];
            state_d = FIN;
          end else begin
            dc_d    = dc_new;
            state_d = TRANS;
          end
        end
      end

      TRANS: begin
        report_d = !dc_q.dtf;
        state_d  = FIN;
        if (priv_q && !dc_q.ens) begin
          cause_d = UVS_IOMMU_CAUSE_TTYP_DISALLOWED[11:0];
        end else if (dc_q.mode == MODE_BARE) begin
          if (iova_q[63:56] != 8'd0) cause_d = access_fault_cause(acc_q);
          else begin
            status_d = ST_OK;
            pa_d     = iova_q;
          end
        end else if ((dc_q.mode == MODE_SV39 && !va_canonical(iova_q[63:38], 1'b0)) ||
                     (dc_q.mode == MODE_SV48 && !va_canonical(iova_q[63:38], 1'b1))) begin
          cause_d = page_fault_cause(acc_q);
        end else begin
          lvl_d      = top_lvl;
          pte_addr_d = pte_at(dc_q.root_ppn, iova_q[47:12], top_lvl);
          glob_d     = 1'b0;
          state_d    = PTE_RD;
        end
      end

      PTE_RD: begin
        if (pwc_hit) begin
          if (lvl_q == 2'd0) begin  // a pointer where a leaf must be
            cause_d = page_fault_cause(acc_q);
            state_d = FIN;
          end else begin
            glob_d     = glob_q || pwc_g;
            lvl_d      = lvl_q - 2'd1;
            pte_addr_d = pte_at(pwc_ppn, iova_q[47:12], lvl_q - 2'd1);
          end
        end else if (m_gnt_i) begin
          state_d = PTE_WAIT;
        end
      end

      PTE_WAIT: if (m_rvalid_i) begin
        state_d = FIN;
        if (m_err_i) begin
          cause_d = access_fault_cause(acc_q);
        end else if (!v) begin
          cause_d = page_fault_cause(acc_q);
          if (dc_q.prq) status_d = ST_PARK;
        end else if ((!r && w) || hi_rsvd) begin
          cause_d = page_fault_cause(acc_q);
        end else if (!r && !x) begin
          if (d || a || u || lvl_q == 2'd0) cause_d = page_fault_cause(acc_q);
          else begin
            glob_d     = glob_q || g;
            lvl_d      = lvl_q - 2'd1;
            pte_addr_d = pte_at(rd_ppn, iova_q[47:12], lvl_q - 2'd1);
            state_d    = PTE_RD;
          end
        end else if (dc_q.prq && dc_q.prqw && acc_q == ACC_WRITE && r && !w &&
                     leaf_perm_ok(dc_q.sum, acc_q, priv_q, r, 1'b1, x, u) &&
                     (rd_ppn & low_mask) == 44'd0) begin
          // tc.UVS_PRQW: a write to a read-only leaf is a replayable page request with W.
          cause_d  = page_fault_cause(acc_q);
          status_d = ST_PARK;
        end else if (!leaf_perm_ok(dc_q.sum, acc_q, priv_q, r, w, x, u) ||
                     (rd_ppn & low_mask) != 44'd0) begin
          cause_d = page_fault_cause(acc_q);
        end else begin
          leaf_d = {rd_ppn, lvl_q, r, w, x, u, a, d};  // leaf_t fields in order
          glob_d = glob_q || g;
          pa_d   = leaf_pa(rd_ppn, lvl_q, iova_q);
          if (!a || (acc_q == ACC_WRITE && !d)) begin
            if (!dc_q.sade) cause_d = page_fault_cause(acc_q);
            else begin
              pte_d   = rd;
              state_d = AD_LR;
            end
          end else begin
            status_d = ST_OK;
            fill_d   = 1'b1;
          end
        end
      end

      AD_LR: if (m_gnt_i) state_d = AD_LR_WAIT;
      AD_LR_WAIT: if (m_rvalid_i) begin
        if (m_err_i) begin
          cause_d = access_fault_cause(acc_q);
          state_d = FIN;
        end else if (rd != pte_q) begin  // changed since checked: walk again
          lvl_d      = top_lvl;
          pte_addr_d = pte_at(dc_q.root_ppn, iova_q[47:12], top_lvl);
          glob_d     = 1'b0;
          state_d    = PTE_RD;
        end else begin
          state_d = AD_SC;
        end
      end
      AD_SC: if (m_gnt_i) state_d = AD_SC_WAIT;
      AD_SC_WAIT: if (m_rvalid_i) begin
        if (m_err_i) begin
          cause_d = access_fault_cause(acc_q);
          state_d = FIN;
        end else if (rd != 64'd0) begin  // reservation lost: walk again
          lvl_d      = top_lvl;
          pte_addr_d = pte_at(dc_q.root_ppn, iova_q[47:12], top_lvl);
          glob_d     = 1'b0;
          state_d    = PTE_RD;
        end else begin
          leaf_d.a = 1'b1;
          leaf_d.d = leaf_q.d || acc_q == ACC_WRITE;
          status_d = ST_OK;
          fill_d   = 1'b1;
          state_d  = FIN;
        end
      end

      FIN: begin
        if (status_q == ST_OK) begin
          state_d = IDLE;
        end else if (eff_fault) begin
          if (!report_q || wr_refused_i) state_d = IDLE;
          else begin
            wr_pq_d = 1'b0;
            state_d = WR_WAIT;
          end
        end else if (join_ok) begin
          state_d = IDLE;
        end else if (wr_refused_i) begin
          state_d = IDLE;
        end else begin
          wr_pq_d = 1'b1;
          prgi_d  = free_prgi;
          slot_d  = free_slot;
          state_d = WR_WAIT;
        end
      end

      WR_WAIT: if (wr_done_i) state_d = IDLE;

      default: state_d = IDLE;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= IDLE;
      port_q <= '0; iova_q <= '0; did_q <= '0; acc_q <= ACC_READ; priv_q <= 1'b0;
      dc_q <= '0; ddt_lvl_q <= '0; tbl_q <= '0; dci_q <= '0;
      tc_q <= '0; hgatp_q <= '0; ta_q <= '0;
      lvl_q <= '0; pte_addr_q <= '0; pte_q <= '0; glob_q <= 1'b0;
      status_q <= ST_OK; cause_q <= '0; report_q <= 1'b0; pa_q <= '0; fill_q <= 1'b0;
      leaf_q <= '0; wr_pq_q <= 1'b0; prgi_q <= '0; slot_q <= '0; tinv_q <= 1'b0; dinv_q <= 1'b0;
    end else begin
      state_q <= state_d;
      port_q <= port_d; iova_q <= iova_d; did_q <= did_d; acc_q <= acc_d; priv_q <= priv_d;
      dc_q <= dc_d; ddt_lvl_q <= ddt_lvl_d; tbl_q <= tbl_d; dci_q <= dci_d;
      tc_q <= tc_d; hgatp_q <= hgatp_d; ta_q <= ta_d;
      lvl_q <= lvl_d; pte_addr_q <= pte_addr_d; pte_q <= pte_d; glob_q <= glob_d;
      status_q <= status_d; cause_q <= cause_d; report_q <= report_d; pa_q <= pa_d; fill_q <= fill_d;
      leaf_q <= leaf_d; wr_pq_q <= wr_pq_d; prgi_q <= prgi_d; slot_q <= slot_d;
      tinv_q <= tinv_d; dinv_q <= dinv_d;
    end
  end
endmodule
