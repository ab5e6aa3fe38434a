// uvs_iommu_port: one requester port of the IOMMU (a compute hart's data
// port). Untranslated requests arrive with the on-chip bus protocol
// (docs/architecture.md "On-chip bus") plus the requester's device_id,
// privilege and an execute flag; translated requests leave on the matching
// downstream port, whose response is passed back unchanged.
//
// Request ids (IDS > 1, the tagged bus of docs/architecture.md): a request
// carries rq_id_i (a hardware thread) and its response returns it on
// rq_rid_o; the port handles one request at a time ("active": lookup, walk,
// downstream access with dn_id_o), but a request whose walk ends PARK is
// moved into the park entry of its id and the port accepts the next request
// meanwhile, so up to IDS requests (one per id) are parked per port. A
// PAGE_REPLAY releasing entries makes them ready; an idle port takes a
// ready entry (lowest id) before a new request: walked again on Success,
// answered err = 1 otherwise. A new request whose id has a park entry in
// use is not granted (one outstanding request per id). IDS = 1 is the
// untagged port: the entry is the single parked request.
//
// Per request: accepted when idle (gnt = 1), with the device-context cache
// looked up on its device_id; the next cycle the IOTLB is looked up (fast
// path): a hit whose cached leaf allows the access (uvs_iommu_pkg::
// leaf_allows), or any request while ddtp is Bare with an address within
// capabilities.PAS, goes downstream in that cycle (one added cycle). Other
// requests wait for the walker (uvs_ptw), whose result is:
//  OK    -> downstream request with the physical address;
//  FAULT -> rvalid with err = 1 (the hart takes an access fault);
//  PARK  -> parked (its id's park entry), no response, until PAGE_REPLAY
//           of its group: response Success walks again, any other response
//           answers err = 1;
//  RETRY -> held, no response, until the queue that had no room can take
//           records again, then walks again: the page-request queue (pqof
//           and pqmf clear, or the queue off; retry_ok_i) or, with
//           res_retry_fq_i, the fault queue (fqof clear, fqmf set or the
//           queue off; fq_retry_ok_i). The port is held meanwhile (all ids).
// acc: fetch if exec_i; write for a store, SC or AMO; read for a load or LR.
// NO_DATA = 1 (a tile engine's translation requests): the requests carry no
// write data, byte enables or AMO; the port ignores those inputs and drives
// dn_wdata_o 0, dn_be_o all ones and dn_amo_o AMO_NONE, so it keeps no
// registers for them (synthesis, issue 15).
module uvs_iommu_port
  import uvs_iommu_pkg::*;
  import uvs_iommu_pt_pkg::*;
  import uvs_iommu_regs_pkg::*;
  import uvs_iommu_rec_pkg::*;
  import uvs_bus_pkg::*;
#(
  parameter int SLOT_W = 2,  // width of a park slot (uvs_ptw: one-hot, NPARK bits)
  parameter int IDS    = 1,  // request ids (park entries)
  parameter bit NO_DATA = 0, // requests carry no write data, byte enables or AMO (above)
  localparam int IW = (IDS > 1) ? $clog2(IDS) : 1
) (
  input  logic        clk_i,
  input  logic        rst_ni,  // synchronous, active low
  // requester side (untranslated)
  input  logic        rq_req_i,
  output logic        rq_gnt_o,
  input  logic [63:0] rq_addr_i,  // IOVA
  input  logic        rq_we_i,
  input  logic [7:0]  rq_be_i,
  input  logic [63:0] rq_wdata_i,
  input  logic [3:0]  rq_amo_i,
  input  logic [23:0] rq_did_i,
  input  logic        rq_priv_i,  // 1 = supervisor
  input  logic        rq_exec_i,  // 1 = instruction fetch
  input  logic [IW-1:0] rq_id_i,  // request id (0 when IDS = 1)
  output logic        rq_rvalid_o,
  output logic [IW-1:0] rq_rid_o, // with rq_rvalid_o: id of the answered request
  output logic [63:0] rq_rdata_o,
  output logic        rq_err_o,
  // downstream side (translated)
  output logic        dn_req_o,
  input  logic        dn_gnt_i,
  output logic [63:0] dn_addr_o,  // physical address
  output logic        dn_we_o,
  output logic [7:0]  dn_be_o,
  output logic [63:0] dn_wdata_o,
  output logic [3:0]  dn_amo_o,
  output logic [IW-1:0] dn_id_o,  // id of the active request (with dn_req_o)
  output logic [63:0] dn_va_o,    // its IOVA (with dn_req_o; the access trace, sim/trace_rec.c)
  output logic        dn_rpl_o,   // it waited for a page request (re-walked after PAGE_REPLAY)
  input  logic        dn_rvalid_i,
  input  logic [63:0] dn_rdata_i,
  input  logic        dn_err_i,
  // device-context cache lookup (on rq_did_i, the accept cycle)
  input  logic        dcc_hit_i,
  input  dc_port_t    dcc_dc_i,
  // IOTLB lookup (registered pscid and IOVA)
  output logic [19:0] tlb_pscid_o,
  output logic [51:0] tlb_vpn_o,  // IOVA bits 63:12
  input  logic        tlb_hit_i,
  input  leaf_t       tlb_leaf_i,
  input  logic [3:0]  ddtp_mode_i,
  // walker
  output logic        walk_req_o,
  input  logic        walk_gnt_i,
  output logic [63:0] walk_iova_o,
  output logic [23:0] walk_did_o,
  output acc_e        walk_acc_o,
  output logic        walk_priv_o,
  input  logic        res_valid_i,  // walker result for this port
  input  status_e     res_status_i,
  input  logic [63:0] res_pa_i,
  input  logic [8:0]  res_prgi_i,
  input  logic [SLOT_W-1:0] res_slot_i,
  input  logic        res_retry_fq_i,  // with RETRY: the fault queue had no room
  // park entries (for group decisions) and PAGE_REPLAY release
  // (packed arrays: the top connects slices of its [NUM_PORTS x IDS] arrays)
  output logic [IDS-1:0]             park_wait_o,
  output logic [IDS-1:0][23:0]       park_did_o,
  output logic [IDS-1:0][51:0]       park_page_o,
  output logic [IDS-1:0]             park_w_o,
  output logic [IDS-1:0][SLOT_W-1:0] park_slot_o,
  output logic [IDS-1:0][8:0]        park_prgi_o,
  input  logic        rel_i,
  input  logic [23:0] rel_did_i,
  input  logic [8:0]  rel_prgi_i,
  input  logic [3:0]  rel_resp_i,
  input  logic        retry_ok_i,     // page-request queue can take records (or is off)
  input  logic        fq_retry_ok_i,  // fault queue can take records (or discards them)
  // verification trace: fast-path translation this cycle; id of the active
  // request (with trc_hit_o and with a walker result for this port)
  output logic        trc_hit_o,
  output logic [IW-1:0] trc_id_o
);
  // iosatp.MODE Bare (iommu_pt.def).
  localparam logic [3:0] MODE_BARE = UVS_IOMMU_IOSATP_BARE[3:0];

  typedef enum logic [3:0] {IDLE, LOOKUP, WALKQ, WALKING, DNREQ, DNWAIT, ERRRSP, RETRYW} state_e;
  // park entry states: free, waiting for PAGE_REPLAY, released (walk again / answer err);
  // plain logic (not an enum) so that bench/iommu_synth.py can pack the array for Yosys
  localparam logic [1:0] E_FREE = 2'd0, E_WAIT = 2'd1, E_ROK = 2'd2, E_RERR = 2'd3;
  state_e      state_q;
  logic [63:0] addr_q, wdata_q, pa_q;
  logic        we_q, priv_q;
  logic [7:0]  be_q;
  logic [3:0]  amo_q;
  logic [23:0] did_q;
  logic        rpl_q;  // the active request came out of a park entry
  acc_e        acc_q;
  logic        dch_q;
  /* verilator lint_off UNUSEDSIGNAL */  // the fast path uses mode, pscid, ens, sum
  dc_port_t    dc_q;
  /* verilator lint_on UNUSEDSIGNAL */
  logic        retry_fq_q;  // RETRY for the fault queue (else the page-request queue)
  logic [IW-1:0] id_q;      // id of the active request

  // park entries, one per id
  logic [1:0]  e_st_q    [IDS];
  logic [63:0] e_addr_q  [IDS];
  logic [63:0] e_wdata_q [IDS];
  logic        e_we_q    [IDS];
  logic        e_priv_q  [IDS];
  logic [7:0]  e_be_q    [IDS];
  logic [3:0]  e_amo_q   [IDS];
  logic [23:0] e_did_q   [IDS];
  acc_e        e_acc_q   [IDS];
  logic [8:0]  e_prgi_q  [IDS];
  logic [SLOT_W-1:0] e_slot_q [IDS];

  // PAGE_REPLAY of an entry's group this cycle; entries ready to be taken
  logic          rel_hit [IDS];
  logic          rel_ok, any_rdy, take_ok, id_free;
  logic [IW-1:0] take_id;
  assign rel_ok = rel_resp_i == UVS_IOMMU_PRG_RESP_SUCCESS[3:0];
  always_comb begin
    any_rdy = 1'b0;
    take_id = '0;
    take_ok = 1'b0;
    for (int k = IDS - 1; k >= 0; k--) begin
      rel_hit[k] = e_st_q[k] == E_WAIT && rel_i && rel_did_i == e_did_q[k] && rel_prgi_i == e_prgi_q[k];
      if (e_st_q[k] == E_ROK || e_st_q[k] == E_RERR || rel_hit[k]) begin
        any_rdy = 1'b1;
        take_id = IW'(k);
        take_ok = e_st_q[k] == E_ROK || (rel_hit[k] && rel_ok);
      end
    end
  end
  assign id_free = e_st_q[rq_id_i] == E_FREE;

  acc_e acc_in;
  assign acc_in = rq_exec_i ? ACC_EXEC :
                  (rq_we_i || (!NO_DATA && rq_amo_i != UVS_AMO_NONE[3:0] && rq_amo_i != UVS_AMO_LR[3:0])) ? ACC_WRITE
                                                                                             : ACC_READ;

  // ---- fast path ----
  logic        bare, fast;
  logic [63:0] fast_pa;
  always_comb begin
    bare    = ddtp_mode_i == UVS_IOMMU_DDTP_MODE_BARE[3:0];
    fast    = 1'b0;
    fast_pa = addr_q;
    if (bare) begin
      fast = addr_q[63:56] == 8'd0;
    end else if (ddtp_mode_i >= UVS_IOMMU_DDTP_MODE_1LVL[3:0] && dch_q && dc_q.mode != MODE_BARE &&
                 tlb_hit_i && leaf_allows(dc_q.ens, dc_q.sum, acc_q, priv_q, tlb_leaf_i.r, tlb_leaf_i.w,
                             tlb_leaf_i.x, tlb_leaf_i.u, tlb_leaf_i.a, tlb_leaf_i.d)) begin
      fast    = 1'b1;
      fast_pa = leaf_pa(tlb_leaf_i.ppn, tlb_leaf_i.level, addr_q);
    end
  end
  assign tlb_pscid_o = dc_q.pscid;
  assign tlb_vpn_o   = addr_q[63:12];
  assign trc_hit_o   = state_q == LOOKUP && fast;

  assign rq_gnt_o    = state_q == IDLE && !any_rdy && id_free;
  assign trc_id_o    = id_q;
  assign walk_req_o  = (state_q == LOOKUP && !fast) || state_q == WALKQ;
  assign walk_iova_o = addr_q;
  assign walk_did_o  = did_q;
  assign walk_acc_o  = acc_q;
  assign walk_priv_o = priv_q;

  assign dn_req_o   = (state_q == LOOKUP && fast) || state_q == DNREQ;
  assign dn_addr_o  = state_q == LOOKUP ? fast_pa : pa_q;
  assign dn_we_o    = we_q;
  assign dn_be_o    = NO_DATA ? 8'hff : be_q;
  assign dn_wdata_o = NO_DATA ? 64'd0 : wdata_q;
  assign dn_amo_o   = NO_DATA ? UVS_AMO_NONE[3:0] : amo_q;
  assign dn_id_o    = id_q;
  assign dn_va_o    = addr_q;
  assign dn_rpl_o   = rpl_q;

  assign rq_rvalid_o = (state_q == DNWAIT && dn_rvalid_i) || state_q == ERRRSP;
  assign rq_rdata_o  = state_q == DNWAIT ? dn_rdata_i : 64'd0;
  assign rq_err_o    = state_q == ERRRSP || (state_q == DNWAIT && dn_err_i);
  assign rq_rid_o    = id_q;

  for (genvar k = 0; k < IDS; k++) begin : g_park_out
    assign park_wait_o[k] = e_st_q[k] == E_WAIT;
    assign park_did_o[k]  = e_did_q[k];
    assign park_page_o[k] = e_addr_q[k][63:12];
    assign park_w_o[k]    = e_acc_q[k] == ACC_WRITE;
    assign park_slot_o[k] = e_slot_q[k];
    assign park_prgi_o[k] = e_prgi_q[k];
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= IDLE;
      addr_q <= '0; wdata_q <= '0; pa_q <= '0; we_q <= 1'b0; priv_q <= 1'b0; be_q <= '0;
      amo_q <= '0; did_q <= '0; acc_q <= ACC_READ; dch_q <= 1'b0; dc_q <= '0;
      retry_fq_q <= 1'b0; id_q <= '0; rpl_q <= 1'b0;
      for (int k = 0; k < IDS; k++) begin
        e_st_q[k] <= E_FREE; e_addr_q[k] <= '0; e_wdata_q[k] <= '0; e_we_q[k] <= 1'b0;
        e_priv_q[k] <= 1'b0; e_be_q[k] <= '0; e_amo_q[k] <= '0; e_did_q[k] <= '0;
        e_acc_q[k] <= ACC_READ; e_prgi_q[k] <= '0; e_slot_q[k] <= '0;
      end
    end else begin
      for (int k = 0; k < IDS; k++)
        if (rel_hit[k]) e_st_q[k] <= rel_ok ? E_ROK : E_RERR;
      case (state_q)
        IDLE: if (any_rdy) begin
          // a released parked request first
          addr_q  <= e_addr_q[take_id];
          we_q    <= e_we_q[take_id];
          be_q    <= e_be_q[take_id];
          wdata_q <= e_wdata_q[take_id];
          amo_q   <= e_amo_q[take_id];
          did_q   <= e_did_q[take_id];
          priv_q  <= e_priv_q[take_id];
          acc_q   <= e_acc_q[take_id];
          id_q    <= take_id;
          rpl_q   <= 1'b1;
          for (int k = 0; k < IDS; k++) if (take_id == IW'(k)) e_st_q[k] <= E_FREE;
          state_q <= take_ok ? WALKQ : ERRRSP;
        end else if (rq_req_i && id_free) begin
          id_q    <= rq_id_i;
          rpl_q   <= 1'b0;
          addr_q  <= rq_addr_i;
          we_q    <= rq_we_i;
          be_q    <= rq_be_i;
          wdata_q <= rq_wdata_i;
          amo_q   <= rq_amo_i;
          did_q   <= rq_did_i;
          priv_q  <= rq_priv_i;
          acc_q   <= acc_in;
          dch_q   <= dcc_hit_i;
          dc_q    <= dcc_dc_i;
          state_q <= LOOKUP;
        end
        LOOKUP: begin
          if (fast) state_q <= dn_gnt_i ? DNWAIT : DNREQ;
          else      state_q <= walk_gnt_i ? WALKING : WALKQ;
          pa_q <= fast_pa;
        end
        WALKQ: if (walk_gnt_i) state_q <= WALKING;
        WALKING: if (res_valid_i) begin
          pa_q   <= res_pa_i;
          retry_fq_q <= res_retry_fq_i;
          case (res_status_i)
            ST_OK:    state_q <= DNREQ;
            ST_FAULT: state_q <= ERRRSP;
            ST_PARK: begin
              // the entry of id_q, decoded entry by entry (a write at a variable
              // index would be a shifter in Yosys, uvs_iotlb)
              for (int k = 0; k < IDS; k++)
                if (id_q == IW'(k)) begin
                  e_st_q[k]    <= E_WAIT;
                  e_addr_q[k]  <= addr_q;
                  e_wdata_q[k] <= wdata_q;
                  e_we_q[k]    <= we_q;
                  e_priv_q[k]  <= priv_q;
                  e_be_q[k]    <= be_q;
                  e_amo_q[k]   <= amo_q;
                  e_did_q[k]   <= did_q;
                  e_acc_q[k]   <= acc_q;
                  e_prgi_q[k]  <= res_prgi_i;
                  e_slot_q[k]  <= res_slot_i;
                end
              state_q <= IDLE;
            end
            default:  state_q <= RETRYW;
          endcase
        end
        DNREQ: if (dn_gnt_i) state_q <= DNWAIT;
        DNWAIT: if (dn_rvalid_i) state_q <= IDLE;
        ERRRSP: state_q <= IDLE;
        RETRYW: if (retry_fq_q ? fq_retry_ok_i : retry_ok_i) state_q <= WALKQ;
        default: state_q <= IDLE;
      endcase
    end
  end
endmodule
