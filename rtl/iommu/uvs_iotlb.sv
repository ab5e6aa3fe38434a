// uvs_iotlb: the IOMMU's translation cache of leaf PTEs (RISC-V IOMMU spec
// v1.0 2.6 "Caching in-memory data structures"; the C model's
// uvs_iommu_model iotlb[] / iotlb_sp[], same geometry and replacement).
//
// Two arrays, written so that FPGA tools map the big one to RAM:
//  - 4 KiB pages: ENTRIES entries, WAYS-way set associative, ENTRIES / WAYS
//    sets indexed by IOVA bits 12 + log2(sets) - 1 : 12. Each way is three
//    distributed RAMs (VPN tag; PSCID and G; leaf: PPN and R/W/X/U/A/D),
//    each with one write port (the fill) and one asynchronous read port per
//    lookup port; the tag RAM has one more, the maintenance port for the
//    fill's duplicate check and the invalidation by address. Valid bits, and a
//    copy of each entry's PSCID and G for the invalidations that do not
//    name an address, are flip-flops, so every invalidation takes one cycle.
//    Round-robin victim per set.
//  - superpages (2 MiB, 1 GiB, 512 GiB): SP_ENTRIES fully associative
//    entries in flip-flops, round-robin victim.
// Both arrays are tagged with the address-space id PSCID of the device
// context (DC.ta.PSCID) unless global (G on the walk path). A lookup hits
// the first matching way of its set (lowest way), else the first matching
// superpage entry (lowest index). Lookups are combinational (asynchronous
// RAM read): one per requester port, hits never wait on each other or on a
// walk. One fill port: the new entry replaces its array's round-robin
// victim (of its set), and any entry already matching the filled IOVA in
// the same address space -- in the fill's set or among the superpages --
// is dropped (it was stale or lacked A/D). One invalidation port with
// IOTINVAL.VMA semantics (spec 3.1.1 table "IOTINVAL.VMA operands and
// operations"): GV = 1 invalidates nothing (no guest address spaces in
// uvmsoc); PSCV limits to non-global entries of that PSCID; AV limits to the
// entries translating ADDR (its set of the 4 KiB array, and the superpages
// containing ADDR). Invalidation and fill never fall in the same cycle (the
// walker suppresses such fills); invalidation wins if they did.
//
// Parameters: ENTRIES / WAYS must be a power of two of at least 2, WAYS a
// power of two of at least 2, SP_ENTRIES at least 2.
module uvs_iotlb
  import uvs_iommu_pkg::*;
#(
  parameter int ENTRIES    = 32,  // 4 KiB-page entries (WAYS x sets)
  parameter int WAYS       = 4,   // ways of the 4 KiB-page array
  parameter int SP_ENTRIES = 8,   // superpage entries (fully associative)
  parameter int NUM_LOOKUP = 4
) (
  input  logic        clk_i,
  input  logic        rst_ni,  // synchronous, active low
  // lookup ports (combinational)
  input  logic [19:0] lk_pscid_i [NUM_LOOKUP],
  input  logic [51:0] lk_vpn_i   [NUM_LOOKUP],  // IOVA bits 63:12
  output logic        lk_hit_o   [NUM_LOOKUP],
  output leaf_t       lk_leaf_o  [NUM_LOOKUP],
  // fill
  input  logic        fill_i,
  input  logic [19:0] fill_pscid_i,
  input  logic        fill_global_i,
  input  logic [51:0] fill_vpn_i,  // IOVA bits 63:12
  input  leaf_t       fill_leaf_i,
  // invalidation (IOTINVAL.VMA)
  input  logic        inv_i,
  input  logic        inv_av_i,
  input  logic        inv_pscv_i,
  input  logic        inv_gv_i,
  input  logic [19:0] inv_pscid_i,
  input  logic [51:0] inv_vpn_i  // ADDR: IOVA bits 63:12
);
  localparam int SETS = ENTRIES / WAYS;
  localparam int SB   = $clog2(SETS);        // set index bits (VPN bits SB-1:0)
  localparam int WB   = $clog2(WAYS);        // way number bits
  localparam int TW   = 52 - SB;             // VPN tag bits (VPN bits 51:SB)
  localparam int KW   = 21;                  // address-space word: {G, PSCID}
  localparam int LW   = 50;                  // leaf word: {PPN, R, W, X, U, A, D}
  localparam int SW   = (SP_ENTRIES > 1) ? $clog2(SP_ENTRIES) : 1;

  // ---- 4 KiB-page array: flip-flop part (entry e = set x WAYS + way) ----
  logic [ENTRIES-1:0] valid_q;
  logic [ENTRIES-1:0] glob_q;
  logic [19:0]        pscid_q [ENTRIES];
  logic [WB-1:0]      vict_q  [SETS];

  // ---- 4 KiB-page array: RAM part, read ports ----
  logic [NUM_LOOKUP-1:0][WAYS-1:0][TW-1:0] rd_tag;   // lookup port p, way w
  logic [NUM_LOOKUP-1:0][WAYS-1:0][KW-1:0] rd_as;
  logic [NUM_LOOKUP-1:0][WAYS-1:0][LW-1:0] rd_leaf;
  logic [WAYS-1:0][TW-1:0]                 mt_tag;   // maintenance port
  logic [SB-1:0] lk_set [NUM_LOOKUP];
  logic [SB-1:0] mt_set, fill_set;
  logic          fill4k;   // the fill goes into the 4 KiB-page array
  logic [WB-1:0] fill_way;

  for (genvar p = 0; p < NUM_LOOKUP; p++) begin : g_lkset
    assign lk_set[p] = lk_vpn_i[p][SB-1:0];
  end
  assign fill_set = fill_vpn_i[SB-1:0];
  assign mt_set   = inv_i ? inv_vpn_i[SB-1:0] : fill_set;
  assign fill4k   = fill_i && !inv_i && fill_leaf_i.level == 2'd0;
  assign fill_way = vict_q[fill_set];

  for (genvar w = 0; w < WAYS; w++) begin : g_way
    // distributed RAM (names ending in "ram": bench/iommu_synth.py keeps them unpacked)
    logic [TW-1:0] tag_ram  [SETS];
    logic [KW-1:0] as_ram   [SETS];
    logic [LW-1:0] leaf_ram [SETS];
    always_ff @(posedge clk_i) begin
      if (fill4k && fill_way == WB'(w)) begin
        tag_ram[fill_set]  <= fill_vpn_i[51:SB];
        as_ram[fill_set]   <= {fill_global_i, fill_pscid_i};
        leaf_ram[fill_set] <= {fill_leaf_i.ppn, fill_leaf_i.r, fill_leaf_i.w, fill_leaf_i.x,
                               fill_leaf_i.u, fill_leaf_i.a, fill_leaf_i.d};
      end
    end
    for (genvar p = 0; p < NUM_LOOKUP; p++) begin : g_rd
      assign rd_tag[p][w]  = tag_ram[lk_set[p]];
      assign rd_as[p][w]   = as_ram[lk_set[p]];
      assign rd_leaf[p][w] = leaf_ram[lk_set[p]];
    end
    assign mt_tag[w] = tag_ram[mt_set];
  end

  // ---- superpage array (flip-flops) ----
  logic [SP_ENTRIES-1:0] sp_valid_q;
  logic [SP_ENTRIES-1:0] sp_glob_q;
  logic [19:0]           sp_pscid_q [SP_ENTRIES];
  logic [51:0]           sp_vpn_q   [SP_ENTRIES];  // IOVA bits 63:12, bits below the page size zero
  logic [1:0]            sp_lvl_q   [SP_ENTRIES];  // 1, 2 or 3 (a copy of the leaf's level: Yosys
  leaf_t                 sp_leaf_q  [SP_ENTRIES];  // cannot select a field of an array element)
  logic [SW-1:0]         sp_vict_q;

  // A superpage entry (valid, global, its pscid, vpn and level) translates page
  // number vpn in address space pscid. (Entry fields are passed in: Yosys does
  // not index module arrays with a function argument.)
  function automatic logic sp_match(logic e_valid, logic e_global, logic [19:0] e_pscid, logic [51:0] e_vpn,
                                    logic [1:0] e_lvl, logic [19:0] pscid, logic [51:0] vpn);
    sp_match = e_valid && (e_global || e_pscid == pscid) && (((e_vpn ^ vpn) & vpn_mask(e_lvl)) == 52'd0);
  endfunction

  // A way holding tag e_tag in address space e_as ({G, PSCID}) translates
  // tag (same set) in address space pscid.
  function automatic logic way_match(logic [TW-1:0] e_tag, logic [KW-1:0] e_as, logic [19:0] pscid,
                                     logic [TW-1:0] tag);
    way_match = (e_as[20] || e_as[19:0] == pscid) && e_tag == tag;
  endfunction

  // ---- lookups ----
  // Per port: match vectors, the first match as a one-hot select (computed
  // once, shared by all leaf bits), then an AND-OR of the selected leaves.
  logic [NUM_LOOKUP-1:0][WAYS-1:0]       wm, wsel;
  logic [NUM_LOOKUP-1:0][SP_ENTRIES-1:0] sm, ssel;
  logic [NUM_LOOKUP-1:0][LW-1:0]         wleaf;
  logic [NUM_LOOKUP-1:0][51:0]           sleaf;
  always_comb begin
    for (int p = 0; p < NUM_LOOKUP; p++) begin
      for (int w = 0; w < WAYS; w++)
        wm[p][w] = valid_q[{lk_set[p], WB'(w)}] && way_match(rd_tag[p][w], rd_as[p][w], lk_pscid_i[p],
                                                             lk_vpn_i[p][51:SB]);
      for (int e = 0; e < SP_ENTRIES; e++)
        sm[p][e] = sp_match(sp_valid_q[e], sp_glob_q[e], sp_pscid_q[e], sp_vpn_q[e], sp_lvl_q[e],
                            lk_pscid_i[p], lk_vpn_i[p]);
      wsel[p] = wm[p] & ~(wm[p] - 1'b1);                          // lowest matching way
      ssel[p] = (wm[p] != '0) ? '0 : sm[p] & ~(sm[p] - 1'b1);     // else lowest matching superpage
      wleaf[p] = '0;
      for (int w = 0; w < WAYS; w++) wleaf[p] = wleaf[p] | (rd_leaf[p][w] & {LW{wsel[p][w]}});
      sleaf[p] = '0;
      for (int e = 0; e < SP_ENTRIES; e++) sleaf[p] = sleaf[p] | (sp_leaf_q[e] & {52{ssel[p][e]}});
      lk_hit_o[p]  = (wm[p] != '0) || (sm[p] != '0);
      lk_leaf_o[p] = sleaf[p] | {wleaf[p][LW-1:6], 2'd0, wleaf[p][5:0]};
    end
  end

  // ---- entries dropped this cycle: invalidation and duplicates of a fill ----
  logic [ENTRIES-1:0]    drop;
  logic [SP_ENTRIES-1:0] sp_drop;
  logic [WAYS-1:0]       mt_tag_eq;  // maintenance set's way w holds the VPN named (inv ADDR or fill IOVA)
  always_comb begin
    for (int w = 0; w < WAYS; w++)
      mt_tag_eq[w] = mt_tag[w] == (inv_i ? inv_vpn_i[51:SB] : fill_vpn_i[51:SB]);
    for (int e = 0; e < ENTRIES; e++) begin
      drop[e] = 1'b0;
      if (inv_i && !inv_gv_i && valid_q[e] &&
          !(inv_pscv_i && (glob_q[e] || pscid_q[e] != inv_pscid_i)) &&
          !(inv_av_i && !(SB'(e / WAYS) == inv_vpn_i[SB-1:0] && mt_tag_eq[e % WAYS])))
        drop[e] = 1'b1;
      if (fill_i && !inv_i && valid_q[e] && SB'(e / WAYS) == fill_set && mt_tag_eq[e % WAYS] &&
          (glob_q[e] || pscid_q[e] == fill_pscid_i))
        drop[e] = 1'b1;
    end
    for (int e = 0; e < SP_ENTRIES; e++) begin
      sp_drop[e] = 1'b0;
      if (inv_i && !inv_gv_i && sp_valid_q[e] &&
          !(inv_pscv_i && (sp_glob_q[e] || sp_pscid_q[e] != inv_pscid_i)) &&
          !(inv_av_i && (((sp_vpn_q[e] ^ inv_vpn_i) & vpn_mask(sp_lvl_q[e])) != 52'd0)))
        sp_drop[e] = 1'b1;
      if (fill_i && !inv_i && sp_match(sp_valid_q[e], sp_glob_q[e], sp_pscid_q[e], sp_vpn_q[e], sp_lvl_q[e],
                                       fill_pscid_i, fill_vpn_i))
        sp_drop[e] = 1'b1;
    end
  end

  logic [$clog2(ENTRIES)-1:0] fill_e;
  assign fill_e = {fill_set, fill_way};

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q    <= '0;
      sp_valid_q <= '0;
      sp_vict_q  <= '0;
      for (int s = 0; s < SETS; s++) vict_q[s] <= '0;
    end else begin
      valid_q    <= valid_q & ~drop;
      sp_valid_q <= sp_valid_q & ~sp_drop;
      if (fill4k) begin
        valid_q[fill_e]  <= 1'b1;
        glob_q[fill_e]   <= fill_global_i;
        pscid_q[fill_e]  <= fill_pscid_i;
        vict_q[fill_set] <= fill_way + 1'b1;
      end
      if (fill_i && !inv_i && fill_leaf_i.level != 2'd0) begin
        sp_valid_q[sp_vict_q] <= 1'b1;
        sp_glob_q[sp_vict_q]  <= fill_global_i;
        sp_pscid_q[sp_vict_q] <= fill_pscid_i;
        sp_vpn_q[sp_vict_q]   <= fill_vpn_i & vpn_mask(fill_leaf_i.level);
        sp_leaf_q[sp_vict_q]  <= fill_leaf_i;
        sp_lvl_q[sp_vict_q]   <= fill_leaf_i.level;
        sp_vict_q             <= (sp_vict_q == SW'(SP_ENTRIES - 1)) ? '0 : sp_vict_q + 1'b1;
      end
    end
  end
endmodule
