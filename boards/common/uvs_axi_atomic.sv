// uvs_axi_atomic: the atomic unit of a board (docs/boards.md, "Atomics"),
// in front of the shell's memory on all of the core's N AXI4 memory masters
// at once (the harts' fetch and data ports after the boot ROM, and the
// IOMMU's). The shells' memories (the U55C's HBM controller, the PolarFire
// MSS FIC0) execute neither AXI5 atomic transactions (AWATOP, ARM IHI 0022
// E1.1) nor exclusive accesses (ARLOCK/AWLOCK, A7.2); this unit executes
// them with plain single-beat reads and writes, so that the shell's memory
// sees nothing else. Semantics are the simulator's (sim/mem.c,
// uvs_mem_access_id), for the ports with DATA[p] = 1:
//   plain AR, AW+W   passed through unchanged, no added latency; a write is
//                    held (AWVALID not passed on, AWREADY low) while another
//                    port's atomic holds the lock on its 8-byte word, and
//                    while the unit drains the writes before an atomic.
//   AWATOP AtomicLoad<op> / AtomicSwap: a read (AR, same id, address and
//                    size), the new value on the lanes WSTRB selects (0x0f,
//                    0xf0: 32 bits; 0xff: 64 bits; CLR is AND NOT, the core
//                    sends amoand's operand inverted), a write (AW+W) of it;
//                    then R (the old word) and B in the same cycle. A read
//                    error: no write, R and B SLVERR; a write error: SLVERR.
//   AtomicStore, AtomicCompare (the core uses neither), or an atomic or
//                    exclusive access whose byte enables are not 0x0f, 0xf0
//                    or 0xff: SLVERR, no access (R too if AWATOP[5] = 1).
//   LR (ARLOCK = 1)  a plain read; RRESP EXOKAY, and the port's reservation
//                    (one per port: the AxID and the 8-byte granule) is set;
//                    a read error: SLVERR, the reservation unchanged.
//   SC (AWLOCK = 1)  with the port's reservation valid for this AxID and
//                    granule: a plain write, BRESP EXOKAY (or the write's
//                    error); otherwise BRESP OKAY and nothing written (the
//                    SC failed). Either way the port's reservation is cleared.
// Every write passed to memory (plain, atomic, SC) clears the reservations
// of the other requesters (another port, or this port with another AxID) on
// its granule (address bits GW-1:3 compared). Ports with DATA[p] = 0 (the harts' instruction fetch: reads
// only) pass through unchanged and hold no reservation.
//
// Atomicity across ports: one global engine executes the atomics and
// exclusive accesses one at a time. It chooses a port that presents one
// (round robin) and takes the request (AR, or AW and W together) the next
// cycle, if that port still presents it and has nothing outstanding, so
// that its answers stay in the order the port's requests were accepted
// (AXI same-ID ordering; uvs_axi_mport relies on it); a port's readies
// depend on no other port's valids. The engine keeps that port's channels
// until it has answered: on a memory answering the next cycle, 2 cycles
// after the take for a failing SC, 4 for an LR or a storing SC, 6 for an
// AMO (drain, read, write, answer).
// Before its first access it holds every other port's writes and waits until
// all writes already passed on are answered (B), so that none lands between
// the atomic's read and write (nor between an LR's read and its
// reservation); then, until it has answered, it holds the other ports'
// writes to its 8-byte word.
//
// Clock and resets: one clock, the core's. The IOMMU's master runs on the
// gated iommu_aclk, which is the core clock while that master has a request
// or an answer outstanding (uvs_soc_core), so the unit sees it on the same
// edges. Each port has its own reset rst_ni[p] (the memory master's:
// mem_aresetn, iommu_aresetn); the engine resets with the port it serves
// and while every port is in reset.
//
// Assumptions (those of the core's masters, uvs_axi_mport): single-beat
// transactions (AxLEN = 0), an atomic's or SC's W presented with its AW,
// RREADY and BREADY high while an atomic is answered.
`include "uvs_axi_ports.svh"

module uvs_axi_atomic #(
  parameter int          N    = 1,   // memory masters
  parameter logic [N-1:0] DATA = '1, // masters that write or use atomics (not a fetch port)
  parameter int          GW   = 48   // address bits of a granule compare (memmap.def: no memory at
                                     // or above 2**48; an alias there only fails an SC or holds a write)
) (
  input  logic         clk_i,
  input  logic [N-1:0] rst_ni,  // synchronous, active low: each master's reset
  `UVS_AXI4_S_PORTS(s_axi, [N-1:0]),  // from the core's masters
  `UVS_AXI4_M_PORTS(m_axi, [N-1:0])   // to the shell's memory
);
  localparam int         IDW    = uvs_axi_pkg::IDW;
  localparam int         PW     = (N > 1) ? $clog2(N) : 1;
  localparam logic [1:0] OKAY   = uvs_axi_pkg::RESP_OKAY;
  localparam logic [1:0] EXOKAY = uvs_axi_pkg::RESP_EXOKAY;
  localparam logic [1:0] SLVERR = uvs_axi_pkg::RESP_SLVERR;

  // Engine states.
  localparam logic [2:0] ST_IDLE  = 3'd0,  // no atomic
                         ST_GRANT = 3'd7,  // a port chosen: take its request
                         ST_DRAIN = 3'd1,  // taken; waits for the writes passed on
                         ST_RD    = 3'd2,  // AR of the read
                         ST_RWAIT = 3'd3,  // its R
                         ST_WR    = 3'd4,  // AW and W of the write
                         ST_BWAIT = 3'd5,  // its B
                         ST_RESP  = 3'd6;  // R and/or B to the port

  // The new value of AtomicLoad/AtomicSwap atop on the old word old with
  // operand wd, for the lanes of strb (0xf0: the upper 32 bits, 0x0f: the
  // lower, else all 64), placed in those lanes.
  function automatic logic [63:0] amo_new(logic [5:0] atop, logic [63:0] old, logic [63:0] wd,
                                          logic [7:0] strb);
    logic        hi, w32;
    logic [63:0] o, d, so, sd, uo, ud, v;
    hi  = strb == 8'hf0;
    w32 = strb != 8'hff;
    o   = hi ? {32'd0, old[63:32]} : old;
    d   = hi ? {32'd0, wd[63:32]} : wd;
    so  = w32 ? {{32{o[31]}}, o[31:0]} : o;
    sd  = w32 ? {{32{d[31]}}, d[31:0]} : d;
    uo  = w32 ? {32'd0, o[31:0]} : o;
    ud  = w32 ? {32'd0, d[31:0]} : d;
    if (atop == uvs_axi_pkg::ATOP_SWAP) v = d;
    else
      case (atop[2:0])
        uvs_axi_pkg::AOP_ADD:  v = o + d;
        uvs_axi_pkg::AOP_CLR:  v = o & ~d;
        uvs_axi_pkg::AOP_EOR:  v = o ^ d;
        uvs_axi_pkg::AOP_SET:  v = o | d;
        uvs_axi_pkg::AOP_SMAX: v = ($signed(so) > $signed(sd)) ? o : d;
        uvs_axi_pkg::AOP_SMIN: v = ($signed(so) < $signed(sd)) ? o : d;
        uvs_axi_pkg::AOP_UMAX: v = (uo > ud) ? o : d;
        default:               v = (uo < ud) ? o : d;  // AOP_UMIN
      endcase
    amo_new = hi ? {v[31:0], 32'd0} : v;
  endfunction

  // ---- per-port state (data ports) ----
  logic [N-1:0]          wr_idle;     // no write passed on is unanswered
  logic [N-1:0]          cand_ar;     // presents an LR the engine may take
  logic [N-1:0]          cand;        // presents an atomic/exclusive access it may take
  logic [N-1:0]          take;        // the engine takes it (ST_GRANT)
  logic [N-1:0]          aw_fire;     // a write passed to memory this cycle
  logic [N-1:0]          resv_v;      // reservation valid
  logic [N-1:0][IDW-1:0] resv_id;     // its AxID
  logic [N-1:0][GW-1:3]  resv_g;      // its granule (address bits GW-1:3)
  logic [N-1:0]          own_oh;      // the port the engine serves (one-hot, data ports)

  // ---- the engine ----
  logic [2:0]     st_q;
  logic [PW-1:0]  own_q;              // the port served (the last one served while idle)
  logic           lr_q, sc_q, bad_q;  // kind: LR, SC, an access answered SLVERR
  logic [5:0]     atop_q;
  logic [IDW-1:0] id_q;
  logic [63:0]    addr_q, wdata_q, old_q;
  logic [2:0]     size_q, prot_q;
  logic [3:0]     cache_q;
  logic [7:0]     strb_q;
  logic           aw_done_q, w_done_q, rv_q, bv_q;
  logic [1:0]     rresp_q, bresp_q;
  logic           own_rst, own_in_rst, drained, resv_ok, locked;
  logic           pick, pick_ar;
  logic [PW-1:0]  pick_p;

  assign locked  = st_q == ST_RD || st_q == ST_RWAIT || st_q == ST_WR || st_q == ST_BWAIT;
  assign drained = &wr_idle;

  // Round robin: the first candidate after the port served last, else the first.
  uvs_rr_pick #(.N(N)) u_pick (.req_i(cand), .last_i(own_q), .valid_o(pick), .idx_o(pick_p));
  always_comb begin
    pick_ar = cand_ar[pick_p];
    own_in_rst = 1'b0;
    resv_ok    = 1'b0;
    for (int p = 0; p < N; p++) begin
      own_oh[p]  = DATA[p] && own_q == PW'(p);
      own_in_rst = own_in_rst | (own_oh[p] & !rst_ni[p]);
      resv_ok    = resv_ok | (own_oh[p] & resv_v[p] & resv_id[p] == id_q &
                              resv_g[p] == addr_q[GW-1:3]);
    end
  end
  // The engine resets with the port it serves, and while every port is in
  // reset (power-on: the IOMMU's reset implies the harts').
  assign own_rst = !(|rst_ni) || (st_q != ST_IDLE && own_in_rst);

  for (genvar p = 0; p < N; p++) begin : g_port
    if (DATA[p]) begin : g_data
      logic           eng, spec_ar, spec_aw, blk, ok_ar, ok_aw, take_ar, take_aw, r_ans;
      logic           idle;           // nothing passed on is unanswered
      logic           k;              // another requester's write to the granule
      logic [3:0]     out_q, wout_q;  // passed on and unanswered: all, writes
      logic           rs_v_q;         // the reservation
      logic [IDW-1:0] rs_id_q;
      logic [GW-1:3]  rs_g_q;

      assign eng     = st_q != ST_IDLE && own_oh[p];
      assign spec_ar = s_axi_arlock_i[p];
      assign spec_aw = s_axi_awlock_i[p] || s_axi_awatop_i[p] != uvs_axi_pkg::ATOP_NONE;
      // another port's atomic: hold every write while draining, then those to its word
      assign blk     = st_q == ST_DRAIN || (locked && s_axi_awaddr_i[p][GW-1:3] == addr_q[GW-1:3]);
      assign idle       = out_q == 4'd0;
      assign wr_idle[p] = wout_q == 4'd0;
      assign cand_ar[p] = rst_ni[p] && idle && s_axi_arvalid_i[p] && spec_ar;
      assign cand[p]    = cand_ar[p] ||
                          (rst_ni[p] && idle && s_axi_awvalid_i[p] && s_axi_wvalid_i[p] && spec_aw);
      // taken in ST_GRANT if still presented (readies depend on this port's
      // valids only: no combinational path between ports)
      assign take_ar = st_q == ST_GRANT && own_oh[p] && lr_q && cand_ar[p];
      assign take_aw = st_q == ST_GRANT && own_oh[p] && !lr_q && cand[p] && !cand_ar[p];
      assign take[p] = take_ar || take_aw;

      // Ok to pass on: a plain request of a port the engine does not serve.
      assign ok_ar = !eng && !spec_ar;
      assign ok_aw = !eng && !spec_aw && !blk;

      assign m_axi_arvalid_o[p] = eng ? st_q == ST_RD : s_axi_arvalid_i[p] && ok_ar;
      assign m_axi_arid_o[p]    = eng ? id_q : s_axi_arid_i[p];
      assign m_axi_araddr_o[p]  = eng ? addr_q : s_axi_araddr_i[p];
      assign m_axi_arlen_o[p]   = eng ? 8'd0 : s_axi_arlen_i[p];
      assign m_axi_arsize_o[p]  = eng ? size_q : s_axi_arsize_i[p];
      assign m_axi_arburst_o[p] = eng ? uvs_axi_pkg::BURST_INCR : s_axi_arburst_i[p];
      assign m_axi_arlock_o[p]  = 1'b0;
      assign m_axi_arcache_o[p] = eng ? cache_q : s_axi_arcache_i[p];
      assign m_axi_arprot_o[p]  = eng ? prot_q : s_axi_arprot_i[p];
      assign m_axi_rready_o[p]  = eng || s_axi_rready_i[p];

      assign m_axi_awvalid_o[p] = eng ? st_q == ST_WR && !aw_done_q : s_axi_awvalid_i[p] && ok_aw;
      assign m_axi_awid_o[p]    = eng ? id_q : s_axi_awid_i[p];
      assign m_axi_awaddr_o[p]  = eng ? addr_q : s_axi_awaddr_i[p];
      assign m_axi_awlen_o[p]   = eng ? 8'd0 : s_axi_awlen_i[p];
      assign m_axi_awsize_o[p]  = eng ? size_q : s_axi_awsize_i[p];
      assign m_axi_awburst_o[p] = eng ? uvs_axi_pkg::BURST_INCR : s_axi_awburst_i[p];
      assign m_axi_awlock_o[p]  = 1'b0;
      assign m_axi_awcache_o[p] = eng ? cache_q : s_axi_awcache_i[p];
      assign m_axi_awprot_o[p]  = eng ? prot_q : s_axi_awprot_i[p];
      assign m_axi_awatop_o[p]  = uvs_axi_pkg::ATOP_NONE;
      // W alone (its AW taken earlier) passes; W with its AW as the AW does
      assign m_axi_wvalid_o[p]  = eng ? st_q == ST_WR && !w_done_q
                                      : s_axi_wvalid_i[p] && (!s_axi_awvalid_i[p] || ok_aw);
      assign m_axi_wdata_o[p]   = eng ? wdata_q : s_axi_wdata_i[p];
      assign m_axi_wstrb_o[p]   = eng ? strb_q : s_axi_wstrb_i[p];
      assign m_axi_wlast_o[p]   = eng || s_axi_wlast_i[p];
      assign m_axi_bready_o[p]  = eng || s_axi_bready_i[p];

      assign s_axi_arready_o[p] = spec_ar ? take_ar : ok_ar && m_axi_arready_i[p];
      assign s_axi_awready_o[p] = spec_aw ? take_aw : ok_aw && m_axi_awready_i[p];
      assign s_axi_wready_o[p]  = (s_axi_awvalid_i[p] && spec_aw) ? take_aw
                                : !eng && (!s_axi_awvalid_i[p] || ok_aw) && m_axi_wready_i[p];

      // Answers: the memory's, or the engine's in ST_RESP.
      assign s_axi_rvalid_o[p] = eng ? st_q == ST_RESP && rv_q : m_axi_rvalid_i[p];
      assign s_axi_rid_o[p]    = eng ? id_q : m_axi_rid_i[p];
      assign s_axi_rdata_o[p]  = eng ? old_q : m_axi_rdata_i[p];
      assign s_axi_rresp_o[p]  = eng ? rresp_q : m_axi_rresp_i[p];
      assign s_axi_rlast_o[p]  = eng || m_axi_rlast_i[p];
      assign s_axi_bvalid_o[p] = eng ? st_q == ST_RESP && bv_q : m_axi_bvalid_i[p];
      assign s_axi_bid_o[p]    = eng ? id_q : m_axi_bid_i[p];
      assign s_axi_bresp_o[p]  = eng ? bresp_q : m_axi_bresp_i[p];

      assign aw_fire[p] = m_axi_awvalid_o[p] && m_axi_awready_i[p];
      assign r_ans      = m_axi_rvalid_i[p] && m_axi_rready_o[p] && m_axi_rlast_i[p];

      always_ff @(posedge clk_i) begin
        if (!rst_ni[p]) begin
          out_q  <= '0;
          wout_q <= '0;
        end else begin
          out_q  <= out_q + 4'(m_axi_arvalid_o[p] && m_axi_arready_i[p]) + 4'(aw_fire[p])
                          - 4'(r_ans) - 4'(m_axi_bvalid_i[p] && m_axi_bready_o[p]);
          wout_q <= wout_q + 4'(aw_fire[p]) - 4'(m_axi_bvalid_i[p] && m_axi_bready_o[p]);
        end
      end

      // The reservation: set by an LR's answer, cleared by an SC, by a write
      // of another requester to its granule, and by the port's reset.
      always_comb begin
        k = 1'b0;
        for (int q = 0; q < N; q++)
          if (DATA[q] && aw_fire[q] && m_axi_awaddr_o[q][GW-1:3] == rs_g_q &&
              (q != p || m_axi_awid_o[q] != rs_id_q))
            k = 1'b1;
      end
      assign resv_v[p]  = rs_v_q;
      assign resv_id[p] = rs_id_q;
      assign resv_g[p]  = rs_g_q;

      // an SC leaving ST_DRAIN (failing, or drained and storing) clears it
      always_ff @(posedge clk_i) begin
        if (!rst_ni[p]) rs_v_q <= 1'b0;
        else if (eng && st_q == ST_RWAIT && lr_q && m_axi_rvalid_i[p] && !m_axi_rresp_i[p][1]) begin
          rs_v_q  <= 1'b1;
          rs_id_q <= id_q;
          rs_g_q  <= addr_q[GW-1:3];
        end else if ((eng && st_q == ST_DRAIN && sc_q && !bad_q && (!resv_ok || drained)) || k)
          rs_v_q <= 1'b0;
      end
    end else begin : g_fetch
      // Passed through unchanged.
      `UVS_AXI4_PASS_ATTRS(m_axi, s_axi, [p])
      assign wr_idle[p]  = 1'b1;
      assign cand_ar[p]  = 1'b0;
      assign cand[p]     = 1'b0;
      assign take[p]     = 1'b0;
      assign aw_fire[p]  = 1'b0;
      assign resv_v[p]   = 1'b0;
      assign resv_id[p]  = '0;
      assign resv_g[p]   = '0;
      assign m_axi_arvalid_o[p] = s_axi_arvalid_i[p];
      assign m_axi_araddr_o[p]  = s_axi_araddr_i[p];
      assign m_axi_awvalid_o[p] = s_axi_awvalid_i[p];
      assign m_axi_awaddr_o[p]  = s_axi_awaddr_i[p];
      assign m_axi_wvalid_o[p]  = s_axi_wvalid_i[p];
      assign s_axi_arready_o[p] = m_axi_arready_i[p];
      assign s_axi_awready_o[p] = m_axi_awready_i[p];
      assign s_axi_wready_o[p]  = m_axi_wready_i[p];
      assign s_axi_rvalid_o[p]  = m_axi_rvalid_i[p];
      assign s_axi_rid_o[p]     = m_axi_rid_i[p];
      assign s_axi_rdata_o[p]   = m_axi_rdata_i[p];
      assign s_axi_rresp_o[p]   = m_axi_rresp_i[p];
      assign s_axi_rlast_o[p]   = m_axi_rlast_i[p];
      assign s_axi_bvalid_o[p]  = m_axi_bvalid_i[p];
      assign s_axi_bid_o[p]     = m_axi_bid_i[p];
      assign s_axi_bresp_o[p]   = m_axi_bresp_i[p];
    end
  end

  // ---- engine ----
  logic          own_ar, own_r, own_b, own_aw, own_w, own_rr, own_br, own_rlast;
  logic [1:0]    own_rresp, own_bresp;
  logic [63:0]   own_rdata;
  // the served port's signals (AND-OR over the one-hot own_oh)
  always_comb begin
    own_ar    = 1'b0;
    own_r     = 1'b0;
    own_b     = 1'b0;
    own_aw    = 1'b0;
    own_w     = 1'b0;
    own_rr    = 1'b0;
    own_br    = 1'b0;
    own_rlast = 1'b0;
    own_rresp = '0;
    own_bresp = '0;
    own_rdata = '0;
    for (int p = 0; p < N; p++) begin
      own_ar    = own_ar | (own_oh[p] & m_axi_arready_i[p]);
      own_r     = own_r | (own_oh[p] & m_axi_rvalid_i[p]);
      own_rlast = own_rlast | (own_oh[p] & m_axi_rlast_i[p]);
      own_rresp = own_rresp | ({2{own_oh[p]}} & m_axi_rresp_i[p]);
      own_rdata = own_rdata | ({64{own_oh[p]}} & m_axi_rdata_i[p]);
      own_b     = own_b | (own_oh[p] & m_axi_bvalid_i[p]);
      own_bresp = own_bresp | ({2{own_oh[p]}} & m_axi_bresp_i[p]);
      own_aw    = own_aw | (own_oh[p] & m_axi_awready_i[p]);
      own_w     = own_w | (own_oh[p] & m_axi_wready_i[p]);
      own_rr    = own_rr | (own_oh[p] & s_axi_rready_i[p]);
      own_br    = own_br | (own_oh[p] & s_axi_bready_i[p]);
    end
  end

  // The request the engine takes (port own_q in ST_GRANT), and whether it
  // is answered SLVERR without access: an AWATOP other than AtomicLoad and
  // AtomicSwap, or byte enables other than 0x0f, 0xf0, 0xff (sim/mem.c).
  logic [5:0]     t_atop;
  logic [IDW-1:0] t_id;
  logic [63:0]    t_addr, t_wdata;
  logic [2:0]     t_size, t_prot;
  logic [3:0]     t_cache;
  logic [7:0]     t_strb, t_be;
  logic           t_bad;
  always_comb begin
    t_atop  = '0;
    t_id    = '0;
    t_addr  = '0;
    t_wdata = '0;
    t_size  = '0;
    t_prot  = '0;
    t_cache = '0;
    t_strb  = '0;
    for (int p = 0; p < N; p++) begin
      t_atop  = t_atop | ({6{own_oh[p] & !lr_q}} & s_axi_awatop_i[p]);
      t_id    = t_id | ({IDW{own_oh[p]}} & (lr_q ? s_axi_arid_i[p] : s_axi_awid_i[p]));
      t_addr  = t_addr | ({64{own_oh[p]}} & (lr_q ? s_axi_araddr_i[p] : s_axi_awaddr_i[p]));
      t_size  = t_size | ({3{own_oh[p]}} & (lr_q ? s_axi_arsize_i[p] : s_axi_awsize_i[p]));
      t_cache = t_cache | ({4{own_oh[p]}} & (lr_q ? s_axi_arcache_i[p] : s_axi_awcache_i[p]));
      t_prot  = t_prot | ({3{own_oh[p]}} & (lr_q ? s_axi_arprot_i[p] : s_axi_awprot_i[p]));
      t_wdata = t_wdata | ({64{own_oh[p]}} & s_axi_wdata_i[p]);
      t_strb  = t_strb | ({8{own_oh[p]}} & s_axi_wstrb_i[p]);
    end
    t_be  = lr_q ? uvs_axi_pkg::be_of(t_size, t_addr[2:0]) : t_strb;
    t_bad = (t_be != 8'h0f && t_be != 8'hf0 && t_be != 8'hff) ||
            (t_atop != uvs_axi_pkg::ATOP_NONE && t_atop != uvs_axi_pkg::ATOP_SWAP &&
             t_atop[5:3] != uvs_axi_pkg::ATOP_LOAD[5:3]);
  end

  always_ff @(posedge clk_i) begin
    if (own_rst) begin
      st_q      <= ST_IDLE;
      own_q     <= '0;
      aw_done_q <= 1'b0;
      w_done_q  <= 1'b0;
      rv_q      <= 1'b0;
      bv_q      <= 1'b0;
    end else
      case (st_q)
        ST_IDLE:
          if (pick) begin
            st_q  <= ST_GRANT;
            own_q <= pick_p;
            lr_q  <= pick_ar;
          end
        ST_GRANT:
          if (|take) begin
            st_q    <= ST_DRAIN;
            sc_q    <= !lr_q && t_atop == uvs_axi_pkg::ATOP_NONE;
            bad_q   <= t_bad;
            atop_q  <= t_atop;
            id_q    <= t_id;
            addr_q  <= t_addr;
            size_q  <= t_size;
            cache_q <= t_cache;
            prot_q  <= t_prot;
            wdata_q <= t_wdata;
            strb_q  <= t_strb;
            old_q   <= '0;
          end else st_q <= ST_IDLE;  // no longer presented
        ST_DRAIN:
          if (bad_q) begin
            st_q    <= ST_RESP;
            rv_q    <= lr_q || atop_q[5];
            bv_q    <= !lr_q;
            rresp_q <= SLVERR;
            bresp_q <= SLVERR;
          end else if (sc_q && !resv_ok) begin
            st_q    <= ST_RESP;  // the SC fails
            bv_q    <= 1'b1;
            bresp_q <= OKAY;
          end else if (drained)
            st_q <= sc_q ? ST_WR : ST_RD;
        ST_RD:
          if (own_ar) st_q <= ST_RWAIT;
        ST_RWAIT:
          if (own_r && own_rlast) begin
            old_q <= own_rdata;
            if (lr_q || own_rresp[1]) begin
              st_q    <= ST_RESP;
              rv_q    <= 1'b1;
              bv_q    <= !lr_q;
              rresp_q <= own_rresp[1] ? own_rresp : lr_q ? EXOKAY : OKAY;
              bresp_q <= own_rresp;
            end else begin
              st_q    <= ST_WR;
              wdata_q <= amo_new(atop_q, own_rdata, wdata_q, strb_q);
            end
          end
        ST_WR: begin
          aw_done_q <= aw_done_q || own_aw;
          w_done_q  <= w_done_q || own_w;
          if ((aw_done_q || own_aw) && (w_done_q || own_w)) begin
            st_q      <= ST_BWAIT;
            aw_done_q <= 1'b0;
            w_done_q  <= 1'b0;
          end
        end
        ST_BWAIT:
          if (own_b) begin
            st_q    <= ST_RESP;
            rv_q    <= !sc_q;
            bv_q    <= 1'b1;
            rresp_q <= own_bresp[1] ? own_bresp : OKAY;
            bresp_q <= own_bresp[1] ? own_bresp : sc_q ? EXOKAY : OKAY;
          end
        default: begin  // ST_RESP: until the port took R and B
          rv_q <= rv_q && !own_rr;
          bv_q <= bv_q && !own_br;
          if ((!rv_q || own_rr) && (!bv_q || own_br)) st_q <= ST_IDLE;
        end
      endcase
  end
endmodule
