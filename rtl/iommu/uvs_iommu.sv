// uvs_iommu: the uvmsoc IOMMU (issue 3; RISC-V IOMMU spec v1.0 subset with
// uvmsoc's replayable page requests, docs/architecture.md "IOMMU").
//
// NUM_PORTS requester ports (compute harts' data ports) carry IOVAs with a
// device_id; each has its own downstream port to memory for the translated
// request (uvs_iommu_port: IOTLB hit -> one added cycle, hits of all ports
// in parallel and while a walk is outstanding). Misses go, one at a time
// (round-robin among ports), to the walker (uvs_ptw) with its device-context
// cache (uvs_iommu_dcc) and page-walk cache (uvs_iommu_pwc). The command
// queue (uvs_iommu_cq), the record writer (uvs_iommu_qwr, fault and
// page-request queues) and the walker share one memory master port
// (uvs_iommu_memarb). Registers (uvs_iommu_regs) are an MMIO target.
// irq_o (level) is the OR of ipsr: the management hart's external interrupt.
//
// Every bus port follows the on-chip bus contract of docs/architecture.md
// (req/gnt/addr/we/be/wdata/amo/rvalid/rdata/err, one outstanding request).
// With IDS > 1 the requester ports follow its tagged variant ("Tagged bus":
// rq_id_i / rq_rid_o, at most one request per id outstanding): a request
// parked on a page request waits in its (port, id) park entry -- the park
// slots of uvs_ptw -- while the port goes on with the
// other ids' requests; the downstream port still has one request
// outstanding, tagged with dn_id_o. Ports set in ONE_ID (a single-thread
// hart's) take only id 0: an untagged uvs_iommu_port with one park entry.
// The park entries are numbered port by port (port i's first is the number
// of entries of the ports below it), NPARK in all.
//
// trc_* is a verification trace (like the core's rvfi port; leave it
// unconnected in the SoC): trc_hit_o[i] marks a fast-path translation of
// port i (address on dn_addr_o[i]); trc_walk_valid_o the walker's commit for
// port trc_walk_port_o with trc_walk_status_o (uvs_iommu_pkg::status_e),
// cause and PRG index; trc_cmd_o a command completed or stopped on;
// trc_walk_busy_o the walker holds a request (page tables must not be
// changed by software behind its back without an invalidation);
// trc_hit_id_o / trc_walk_id_o the request id of a hit / walker result;
// trc_parked_o the number of requests parked now. inv_o pulses with every
// IOTLB or device-context invalidation (ATS-style invalidation of the tile
// engines' ATCs, docs/architecture.md "Tile engines"); an IOFENCE.C waits
// while fence_busy_i is set (device-side accesses translated before it still
// outstanding; tie to 0 without such devices) and sets fence_wait_o meanwhile
// (the devices issue no new access then).
module uvs_iommu
  import uvs_iommu_pkg::*;
#(
  parameter int NUM_PORTS     = 4,
  parameter int IOTLB_ENTRIES = 32,  // 4 KiB-page IOTLB entries (IOTLB_WAYS-way set associative)
  parameter int IOTLB_WAYS    = 4,
  parameter int IOTLB_SP      = 8,   // superpage IOTLB entries (fully associative)
  parameter int DCC_ENTRIES   = 8,
  parameter int PWC_ENTRIES   = 8,
  parameter int IDS           = 1,  // request ids per port (tagged bus); 1 = untagged
  parameter logic [NUM_PORTS-1:0] ONE_ID = '0,  // bit i: port i's requests all carry id 0
  parameter logic [NUM_PORTS-1:0] NO_DATA = '0, // bit i: port i's requests carry no write data,
                                                // byte enables or AMO (uvs_iommu_port NO_DATA)
  parameter IOTLB_RAM_STYLE     = "auto",  // the IOTLB RAMs' ram_style (uvs_iommu_lutram): "auto" or "block"
  localparam int PW = (NUM_PORTS > 1) ? $clog2(NUM_PORTS) : 1,
  localparam int IW = (IDS > 1) ? $clog2(IDS) : 1,
  localparam int NPARK = NUM_PORTS * IDS - $countones(ONE_ID) * (IDS - 1),  // park entries
  localparam int CW = $clog2(NPARK + 1)                     // parked-request count width
) (
  input  logic          clk_i,
  input  logic          rst_ni,  // synchronous, active low
  // requester ports (untranslated; IOVA in rq_addr_i)
  input  logic          rq_req_i    [NUM_PORTS],
  output logic          rq_gnt_o    [NUM_PORTS],
  input  logic [63:0]   rq_addr_i   [NUM_PORTS],
  input  logic          rq_we_i     [NUM_PORTS],
  input  logic [7:0]    rq_be_i     [NUM_PORTS],
  input  logic [63:0]   rq_wdata_i  [NUM_PORTS],
  input  logic [3:0]    rq_amo_i    [NUM_PORTS],
  input  logic [23:0]   rq_did_i    [NUM_PORTS],  // device_id (selects the device context)
  input  logic          rq_priv_i   [NUM_PORTS],  // 1 = supervisor request
  input  logic          rq_exec_i   [NUM_PORTS],  // 1 = instruction fetch
  input  logic [IW-1:0] rq_id_i     [NUM_PORTS],  // request id (tagged bus; 0 when IDS = 1)
  output logic          rq_rvalid_o [NUM_PORTS],
  output logic [IW-1:0] rq_rid_o    [NUM_PORTS],  // with rq_rvalid_o: the answered request's id
  output logic [63:0]   rq_rdata_o  [NUM_PORTS],
  output logic          rq_err_o    [NUM_PORTS],
  // downstream ports (translated; physical address in dn_addr_o)
  output logic          dn_req_o    [NUM_PORTS],
  input  logic          dn_gnt_i    [NUM_PORTS],
  output logic [63:0]   dn_addr_o   [NUM_PORTS],
  output logic          dn_we_o     [NUM_PORTS],
  output logic [7:0]    dn_be_o     [NUM_PORTS],
  output logic [63:0]   dn_wdata_o  [NUM_PORTS],
  output logic [3:0]    dn_amo_o    [NUM_PORTS],
  output logic [IW-1:0] dn_id_o     [NUM_PORTS],  // with dn_req_o: the request's id
  output logic [63:0]   dn_va_o     [NUM_PORTS],  // with dn_req_o: its IOVA (access trace)
  output logic          dn_rpl_o    [NUM_PORTS],  // with dn_req_o: it waited for a page request
  input  logic          dn_rvalid_i [NUM_PORTS],
  input  logic [63:0]   dn_rdata_i  [NUM_PORTS],
  input  logic          dn_err_i    [NUM_PORTS],
  // memory master: page tables, device directory, queues (HBM)
  output logic          mem_req_o,
  input  logic          mem_gnt_i,
  output logic [63:0]   mem_addr_o,
  output logic          mem_we_o,
  output logic [7:0]    mem_be_o,
  output logic [63:0]   mem_wdata_o,
  output logic [3:0]    mem_amo_o,
  input  logic          mem_rvalid_i,
  input  logic [63:0]   mem_rdata_i,
  input  logic          mem_err_i,
  // register block (MMIO target; offset = reg_addr_i[15:0])
  input  logic          reg_req_i,
  output logic          reg_gnt_o,
  input  logic [63:0]   reg_addr_i,
  input  logic          reg_we_i,
  input  logic [7:0]    reg_be_i,
  input  logic [63:0]   reg_wdata_i,
  input  logic [3:0]    reg_amo_i,
  output logic          reg_rvalid_o,
  output logic [63:0]   reg_rdata_o,
  output logic          reg_err_o,
  // wire-signaled interrupt (level)
  output logic          irq_o,
  // verification trace
  output logic          trc_hit_o [NUM_PORTS],
  output logic [IW-1:0] trc_hit_id_o [NUM_PORTS],
  output logic          trc_walk_valid_o,
  output logic [PW-1:0] trc_walk_port_o,
  output logic [IW-1:0] trc_walk_id_o,
  output logic [1:0]    trc_walk_status_o,
  output logic [11:0]   trc_walk_cause_o,
  output logic [8:0]    trc_walk_prgi_o,
  output logic          trc_cmd_o,
  output logic          trc_walk_busy_o,
  output logic [CW-1:0] trc_parked_o, // requests parked (waiting for PAGE_REPLAY) now
  // an IOTLB or device-context invalidation command (IOTINVAL.VMA,
  // IODIR.INVAL_DDT) executes this cycle: device-side caches of
  // translations (the tile engines' ATCs) drop theirs
  output logic          inv_o,
  input  logic          fence_busy_i,  // device-side accesses outstanding (IOFENCE.C waits)
  output logic          fence_wait_o   // an IOFENCE.C waits for fence_busy_i
);
  // ---- registers ----
  logic [3:0]  ddtp_mode;
  logic [43:0] ddtp_ppn, cq_ppn, fq_ppn, pq_ppn;
  logic        fctl_wsi, cq_on, cq_stop, fq_on, fq_mf, fq_of, pq_on, pq_mf, pq_of;
  logic [31:0] cq_head, cq_tail, fq_head, fq_tail, pq_head, pq_tail;
  logic [4:0]  fq_lsz, pq_lsz;
  logic        cq_head_inc, cq_set_cqmf, cq_set_cmd_ill, cq_set_fence_w_ip;
  logic        fq_tail_inc, fq_set_mf, fq_set_of, pq_tail_inc, pq_set_mf, pq_set_of;

  uvs_iommu_regs u_regs (
    .clk_i, .rst_ni,
    .req_i(reg_req_i), .gnt_o(reg_gnt_o), .addr_i(reg_addr_i), .we_i(reg_we_i), .be_i(reg_be_i),
    .wdata_i(reg_wdata_i), .amo_i(reg_amo_i), .rvalid_o(reg_rvalid_o), .rdata_o(reg_rdata_o),
    .err_o(reg_err_o),
    .ddtp_mode_o(ddtp_mode), .ddtp_ppn_o(ddtp_ppn), .fctl_wsi_o(fctl_wsi),
    .cq_ppn_o(cq_ppn), .cq_head_o(cq_head), .cq_tail_o(cq_tail), .cq_on_o(cq_on), .cq_stop_o(cq_stop),
    .fq_ppn_o(fq_ppn), .fq_log2szm1_o(fq_lsz), .fq_head_o(fq_head), .fq_tail_o(fq_tail),
    .fq_on_o(fq_on), .fq_mf_o(fq_mf), .fq_of_o(fq_of),
    .pq_ppn_o(pq_ppn), .pq_log2szm1_o(pq_lsz), .pq_head_o(pq_head), .pq_tail_o(pq_tail),
    .pq_on_o(pq_on), .pq_mf_o(pq_mf), .pq_of_o(pq_of),
    .cq_head_inc_i(cq_head_inc), .cq_set_cqmf_i(cq_set_cqmf), .cq_set_cmd_ill_i(cq_set_cmd_ill),
    .cq_set_fence_w_ip_i(cq_set_fence_w_ip),
    .fq_tail_inc_i(fq_tail_inc), .fq_set_mf_i(fq_set_mf), .fq_set_of_i(fq_set_of),
    .pq_tail_inc_i(pq_tail_inc), .pq_set_mf_i(pq_set_mf), .pq_set_of_i(pq_set_of),
    .irq_o
  );

  // ---- memory port sharing: 0 command queue, 1 record writer, 2 walker ----
  localparam int NC = 3;
  logic        c_req [NC], c_gnt [NC], c_we [NC], c_rvalid [NC];
  logic [63:0] c_addr [NC], c_wdata [NC];
  logic [7:0]  c_be [NC];
  logic [3:0]  c_amo [NC];
  logic [63:0] c_rdata;
  logic        c_err;

  uvs_iommu_memarb #(.NUM_CLIENTS(NC)) u_arb (
    .clk_i, .rst_ni,
    .c_req_i(c_req), .c_gnt_o(c_gnt), .c_addr_i(c_addr), .c_we_i(c_we), .c_be_i(c_be),
    .c_wdata_i(c_wdata), .c_amo_i(c_amo), .c_rvalid_o(c_rvalid), .c_rdata_o(c_rdata), .c_err_o(c_err),
    .mem_req_o, .mem_gnt_i, .mem_addr_o, .mem_we_o, .mem_be_o, .mem_wdata_o, .mem_amo_o,
    .mem_rvalid_i, .mem_rdata_i, .mem_err_i
  );

  // ---- caches ----
  logic        tlb_inv, tlb_inv_av, tlb_inv_pscv, tlb_inv_gv;
  logic [19:0] tlb_inv_pscid;
  logic [51:0] tlb_inv_vpn;
  logic        dcc_inv, dcc_inv_dv;
  logic [23:0] dcc_inv_did;

  logic [23:0] dcc_lk_did [NUM_PORTS];
  logic        dcc_lk_hit [NUM_PORTS];
  dc_port_t    dcc_lk_dc  [NUM_PORTS];
  logic [23:0] dcc_wk_did;
  logic        dcc_wk_hit;
  dc_t         dcc_wk_dc;
  logic        dcc_fill;
  logic [23:0] dcc_fill_did;
  dc_t         dcc_fill_dc;

  uvs_iommu_dcc #(.ENTRIES(DCC_ENTRIES), .NUM_LOOKUP(NUM_PORTS)) u_dcc (
    .clk_i, .rst_ni,
    .lk_did_i(dcc_lk_did), .lk_hit_o(dcc_lk_hit), .lk_dc_o(dcc_lk_dc),
    .wk_did_i(dcc_wk_did), .wk_hit_o(dcc_wk_hit), .wk_dc_o(dcc_wk_dc),
    .fill_i(dcc_fill), .fill_did_i(dcc_fill_did), .fill_dc_i(dcc_fill_dc),
    .inv_i(dcc_inv), .inv_dv_i(dcc_inv_dv), .inv_did_i(dcc_inv_did)
  );

  logic [19:0] tlb_lk_pscid [NUM_PORTS];
  logic [51:0] tlb_lk_vpn   [NUM_PORTS];
  logic        tlb_lk_hit   [NUM_PORTS];
  leaf_t       tlb_lk_leaf  [NUM_PORTS];
  logic        tlb_fill, tlb_fill_global;
  logic [19:0] tlb_fill_pscid;
  logic [51:0] tlb_fill_vpn;
  leaf_t       tlb_fill_leaf;

  uvs_iotlb #(.ENTRIES(IOTLB_ENTRIES), .WAYS(IOTLB_WAYS), .SP_ENTRIES(IOTLB_SP), .NUM_LOOKUP(NUM_PORTS),
              .RAM_STYLE(IOTLB_RAM_STYLE)) u_iotlb (
    .clk_i, .rst_ni,
    .lk_pscid_i(tlb_lk_pscid), .lk_vpn_i(tlb_lk_vpn), .lk_hit_o(tlb_lk_hit), .lk_leaf_o(tlb_lk_leaf),
    .fill_i(tlb_fill), .fill_pscid_i(tlb_fill_pscid), .fill_global_i(tlb_fill_global),
    .fill_vpn_i(tlb_fill_vpn), .fill_leaf_i(tlb_fill_leaf),
    .inv_i(tlb_inv), .inv_av_i(tlb_inv_av), .inv_pscv_i(tlb_inv_pscv), .inv_gv_i(tlb_inv_gv),
    .inv_pscid_i(tlb_inv_pscid), .inv_vpn_i(tlb_inv_vpn)
  );

  // ---- requester ports ----
  logic          walk_req [NUM_PORTS], walk_gnt [NUM_PORTS], walk_priv [NUM_PORTS];
  logic [63:0]   walk_iova [NUM_PORTS];
  logic [23:0]   walk_did [NUM_PORTS];
  acc_e          walk_acc [NUM_PORTS];
  // park entries, port i's id k at PB + k (packed: each port drives a slice)
  logic [NPARK-1:0]         park_wait, park_w;
  logic [NPARK-1:0][23:0]   park_did;
  logic [NPARK-1:0][51:0]   park_page;
  logic [NPARK-1:0][NPARK-1:0] park_slot;  // one-hot (uvs_ptw)
  logic [NPARK-1:0][8:0]    park_prgi;
  logic [IW-1:0] act_id [NUM_PORTS];
  logic          res_valid;
  logic [PW-1:0] res_port;
  logic [NPARK-1:0] res_slot;
  status_e       res_status;
  logic [63:0]   res_pa;
  logic [11:0]   res_cause;
  logic [8:0]    res_prgi;
  logic          rel;
  logic [23:0]   rel_did;
  logic [8:0]    rel_prgi;
  logic [3:0]    rel_resp;
  logic          res_retry_fq;
  logic          retry_ok, fq_retry_ok;

  // A port held for lack of room walks again once the queue can take records
  // (or is off / in memory fault, when its record is no longer kept back).
  assign retry_ok    = !pq_on || !(pq_of || pq_mf);
  assign fq_retry_ok = !fq_on || fq_mf || !fq_of;

  for (genvar i = 0; i < NUM_PORTS; i++) begin : g_port
    localparam int PIDS = ONE_ID[i] ? 1 : IDS;      // the port's ids (park entries)
    localparam int PIW  = (PIDS > 1) ? $clog2(PIDS) : 1;
    localparam int PB   = i * IDS - $countones(ONE_ID & ~({NUM_PORTS{1'b1}} << i)) * (IDS - 1);  // its first
    logic [PIW-1:0] p_rid, p_dn_id, p_act_id;
    assign dcc_lk_did[i] = rq_did_i[i];
    assign rq_rid_o[i]   = IW'(p_rid);
    assign dn_id_o[i]    = IW'(p_dn_id);
    assign act_id[i]     = IW'(p_act_id);
    if (PIDS < IDS) begin : g_one
      /* verilator lint_off UNUSEDSIGNAL */  // a one-id port's requests carry id 0
      logic unused_id;
      assign unused_id = |rq_id_i[i];
      /* verilator lint_on UNUSEDSIGNAL */
    end
    uvs_iommu_port #(.SLOT_W(NPARK), .IDS(PIDS), .NO_DATA(NO_DATA[i])) u_port (
      .clk_i, .rst_ni,
      .rq_req_i(rq_req_i[i]), .rq_gnt_o(rq_gnt_o[i]), .rq_addr_i(rq_addr_i[i]), .rq_we_i(rq_we_i[i]),
      .rq_be_i(rq_be_i[i]), .rq_wdata_i(rq_wdata_i[i]), .rq_amo_i(rq_amo_i[i]), .rq_did_i(rq_did_i[i]),
      .rq_priv_i(rq_priv_i[i]), .rq_exec_i(rq_exec_i[i]), .rq_id_i(PIW'(rq_id_i[i])),
      .rq_rvalid_o(rq_rvalid_o[i]), .rq_rid_o(p_rid),
      .rq_rdata_o(rq_rdata_o[i]), .rq_err_o(rq_err_o[i]),
      .dn_req_o(dn_req_o[i]), .dn_gnt_i(dn_gnt_i[i]), .dn_addr_o(dn_addr_o[i]), .dn_we_o(dn_we_o[i]),
      .dn_be_o(dn_be_o[i]), .dn_wdata_o(dn_wdata_o[i]), .dn_amo_o(dn_amo_o[i]), .dn_id_o(p_dn_id),
      .dn_va_o(dn_va_o[i]), .dn_rpl_o(dn_rpl_o[i]),
      .dn_rvalid_i(dn_rvalid_i[i]), .dn_rdata_i(dn_rdata_i[i]), .dn_err_i(dn_err_i[i]),
      .dcc_hit_i(dcc_lk_hit[i]), .dcc_dc_i(dcc_lk_dc[i]),
      .tlb_pscid_o(tlb_lk_pscid[i]), .tlb_vpn_o(tlb_lk_vpn[i]), .tlb_hit_i(tlb_lk_hit[i]),
      .tlb_leaf_i(tlb_lk_leaf[i]), .ddtp_mode_i(ddtp_mode),
      .walk_req_o(walk_req[i]), .walk_gnt_i(walk_gnt[i]), .walk_iova_o(walk_iova[i]),
      .walk_did_o(walk_did[i]), .walk_acc_o(walk_acc[i]), .walk_priv_o(walk_priv[i]),
      .res_valid_i(res_valid && res_port == PW'(i)), .res_status_i(res_status), .res_pa_i(res_pa),
      .res_prgi_i(res_prgi), .res_slot_i(res_slot), .res_retry_fq_i(res_retry_fq),
      .park_wait_o(park_wait[PB +: PIDS]), .park_did_o(park_did[PB +: PIDS]),
      .park_page_o(park_page[PB +: PIDS]), .park_w_o(park_w[PB +: PIDS]),
      .park_slot_o(park_slot[PB +: PIDS]), .park_prgi_o(park_prgi[PB +: PIDS]),
      .rel_i(rel), .rel_did_i(rel_did), .rel_prgi_i(rel_prgi), .rel_resp_i(rel_resp),
      .retry_ok_i(retry_ok), .fq_retry_ok_i(fq_retry_ok), .trc_hit_o(trc_hit_o[i]),
      .trc_id_o(p_act_id)
    );
    assign trc_hit_id_o[i] = act_id[i];
  end

  // ---- walker arbitration: round-robin among ports that need a walk ----
  logic [PW-1:0] rr_q, wsel;
  logic          wany, walker_gnt;
  always_comb begin
    wany = 1'b0;
    wsel = '0;
    for (int k = NUM_PORTS - 1; k >= 0; k--) begin
      logic [PW-1:0] p;
      p = PW'((int'(rr_q) + k) % NUM_PORTS);
      if (walk_req[p]) begin
        wany = 1'b1;
        wsel = p;
      end
    end
    for (int p = 0; p < NUM_PORTS; p++) walk_gnt[p] = walker_gnt && wany && wsel == PW'(p);
  end
  always_ff @(posedge clk_i) begin
    if (!rst_ni) rr_q <= '0;
    else if (walker_gnt && wany) rr_q <= (wsel == PW'(NUM_PORTS - 1)) ? '0 : wsel + 1'b1;
  end

  // ---- walker and record writer ----
  logic        wr_start, wr_pq, wr_refused, wr_refused_full, wr_done, wr_err;
  logic [63:0] wr_rec [4];
  logic        park_busy, walk_busy;

  uvs_ptw #(.NUM_PORTS(NUM_PORTS), .PWC_ENTRIES(PWC_ENTRIES), .NPARK(NPARK)) u_ptw (
    .clk_i, .rst_ni,
    .walk_req_i(wany), .walk_gnt_o(walker_gnt), .walk_port_i(wsel), .walk_iova_i(walk_iova[wsel]),
    .walk_did_i(walk_did[wsel]), .walk_acc_i(walk_acc[wsel]), .walk_priv_i(walk_priv[wsel]),
    .res_valid_o(res_valid), .res_port_o(res_port), .res_status_o(res_status), .res_pa_o(res_pa),
    .res_cause_o(res_cause), .res_prgi_o(res_prgi), .res_slot_o(res_slot), .res_retry_fq_o(res_retry_fq),
    .busy_o(walk_busy), .park_busy_o(park_busy),
    .ddtp_mode_i(ddtp_mode), .ddtp_ppn_i(ddtp_ppn), .pq_on_i(pq_on),
    .dcc_did_o(dcc_wk_did), .dcc_hit_i(dcc_wk_hit), .dcc_dc_i(dcc_wk_dc),
    .dcc_fill_o(dcc_fill), .dcc_fill_did_o(dcc_fill_did), .dcc_fill_dc_o(dcc_fill_dc), .dcc_inv_i(dcc_inv),
    .tlb_fill_o(tlb_fill), .tlb_fill_pscid_o(tlb_fill_pscid), .tlb_fill_global_o(tlb_fill_global),
    .tlb_fill_vpn_o(tlb_fill_vpn), .tlb_fill_leaf_o(tlb_fill_leaf), .tlb_inv_i(tlb_inv),
    .park_wait_i(park_wait), .park_did_i(park_did), .park_page_i(park_page), .park_w_i(park_w),
    .park_slot_i(park_slot), .park_prgi_i(park_prgi),
    .wr_start_o(wr_start), .wr_pq_o(wr_pq), .wr_rec_o(wr_rec), .wr_refused_i(wr_refused),
    .wr_refused_full_i(wr_refused_full),
    .wr_done_i(wr_done), .wr_err_i(wr_err),
    .m_req_o(c_req[2]), .m_gnt_i(c_gnt[2]), .m_addr_o(c_addr[2]), .m_we_o(c_we[2]), .m_be_o(c_be[2]),
    .m_wdata_o(c_wdata[2]), .m_amo_o(c_amo[2]), .m_rvalid_i(c_rvalid[2]), .m_rdata_i(c_rdata),
    .m_err_i(c_err)
  );

  uvs_iommu_qwr u_qwr (
    .clk_i, .rst_ni,
    .start_i(wr_start), .sel_pq_i(wr_pq), .rec_i(wr_rec), .refused_o(wr_refused),
    .refused_full_o(wr_refused_full),
    .done_o(wr_done), .err_o(wr_err),
    .fq_ppn_i(fq_ppn), .fq_log2szm1_i(fq_lsz), .fq_head_i(fq_head), .fq_tail_i(fq_tail),
    .fq_on_i(fq_on), .fq_mf_i(fq_mf), .fq_of_i(fq_of),
    .pq_ppn_i(pq_ppn), .pq_log2szm1_i(pq_lsz), .pq_head_i(pq_head), .pq_tail_i(pq_tail),
    .pq_on_i(pq_on), .pq_mf_i(pq_mf), .pq_of_i(pq_of),
    .fq_set_of_o(fq_set_of), .fq_set_mf_o(fq_set_mf), .fq_tail_inc_o(fq_tail_inc),
    .pq_set_of_o(pq_set_of), .pq_set_mf_o(pq_set_mf), .pq_tail_inc_o(pq_tail_inc),
    .m_req_o(c_req[1]), .m_gnt_i(c_gnt[1]), .m_addr_o(c_addr[1]), .m_we_o(c_we[1]), .m_be_o(c_be[1]),
    .m_wdata_o(c_wdata[1]), .m_amo_o(c_amo[1]), .m_rvalid_i(c_rvalid[1]), .m_err_i(c_err)
  );

  // ---- command queue ----
  logic cmd;
  uvs_iommu_cq u_cq (
    .clk_i, .rst_ni,
    .cq_ppn_i(cq_ppn), .cq_head_i(cq_head), .cq_tail_i(cq_tail), .cq_on_i(cq_on), .cq_stop_i(cq_stop),
    .fctl_wsi_i(fctl_wsi), .ddtp_mode_i(ddtp_mode), .park_busy_i(park_busy),
    .fence_busy_i, .fence_wait_o,
    .head_inc_o(cq_head_inc), .set_cqmf_o(cq_set_cqmf), .set_cmd_ill_o(cq_set_cmd_ill),
    .set_fence_w_ip_o(cq_set_fence_w_ip), .cmd_o(cmd),
    .tlb_inv_o(tlb_inv), .tlb_inv_av_o(tlb_inv_av), .tlb_inv_pscv_o(tlb_inv_pscv),
    .tlb_inv_gv_o(tlb_inv_gv), .tlb_inv_pscid_o(tlb_inv_pscid), .tlb_inv_vpn_o(tlb_inv_vpn),
    .dcc_inv_o(dcc_inv), .dcc_inv_dv_o(dcc_inv_dv), .dcc_inv_did_o(dcc_inv_did),
    .rel_o(rel), .rel_did_o(rel_did), .rel_prgi_o(rel_prgi), .rel_resp_o(rel_resp),
    .m_req_o(c_req[0]), .m_gnt_i(c_gnt[0]), .m_addr_o(c_addr[0]), .m_we_o(c_we[0]), .m_be_o(c_be[0]),
    .m_wdata_o(c_wdata[0]), .m_amo_o(c_amo[0]), .m_rvalid_i(c_rvalid[0]), .m_rdata_i(c_rdata),
    .m_err_i(c_err)
  );

  // ---- trace ----
  assign trc_walk_valid_o  = res_valid;
  assign trc_walk_port_o   = res_port;
  assign trc_walk_status_o = res_status;
  assign trc_walk_cause_o  = res_cause;
  assign trc_walk_prgi_o   = res_prgi;
  assign trc_cmd_o         = cmd;
  assign trc_walk_busy_o   = walk_busy;
  assign trc_walk_id_o     = act_id[res_port];
  always_comb begin
    trc_parked_o = '0;
    for (int e = 0; e < NPARK; e++) trc_parked_o = trc_parked_o + CW'(park_wait[e]);
  end
  assign inv_o = tlb_inv || dcc_inv;
endmodule
