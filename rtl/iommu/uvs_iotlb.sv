// uvs_iotlb: the IOMMU's translation cache of leaf PTEs (RISC-V IOMMU spec
// v1.0 2.6 "Caching in-memory data structures"; the C model's
// uvs_iommu_model iotlb[] / iotlb_sp[], same geometry and replacement).
//
// Two arrays, written so that FPGA tools map their contents to LUT-RAM
// (uvs_iommu_lutram: one write port, asynchronous reads, replicated per 4
// read ports; issue 15), or on PolarFire, without LUT-RAM, to uSRAM
// (RAM_STYLE "block"):
//  - 4 KiB pages: ENTRIES entries, WAYS-way set associative, ENTRIES / WAYS
//    sets indexed by IOVA bits 12 + log2(sets) - 1 : 12. Each way has a VPN
//    tag RAM and a {G, PSCID} RAM, read by every lookup port at its set;
//    the tag RAM's read at its write address is the maintenance port (the
//    fill's duplicate check and the invalidation by address). Valid bits,
//    and a copy of each entry's PSCID and G for the invalidations that do
//    not name an address, are flip-flops, so every invalidation takes one
//    cycle. Round-robin victim per set.
//  - superpages (2 MiB, 1 GiB, 512 GiB): SP_ENTRIES fully associative
//    entries, tags (VPN, level, PSCID, G, valid) in flip-flops, round-robin
//    victim.
// The leaves (PPN, level, R/W/X/U/A/D) of both arrays are one RAM of
// ENTRIES + SP_ENTRIES words (4 KiB entry set x WAYS + way, then the
// superpages), read by each lookup port at the entry its tags matched.
// Both arrays are tagged with the address-space id PSCID of the device
// context (DC.ta.PSCID) unless global (G on the walk path). A lookup hits
// the first matching way of its set (lowest way), else the first matching
// superpage entry (lowest index). Lookups are combinational (asynchronous
// RAM reads: tags, then the matched entry's leaf): one per requester port,
// hits never wait on each other or on a walk. One fill port: the new entry
// replaces its array's round-robin victim (of its set), and any entry already matching the filled IOVA in
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
  parameter int NUM_LOOKUP = 4,
  parameter RAM_STYLE      = "auto"  // ram_style of the RAMs (uvs_iommu_lutram): "auto" or "block"
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
  localparam int VB   = 36;                  // VPN bits kept: IOVA bits 47:12 (canonical tags, below)
  localparam int TW   = VB - SB;             // VPN tag bits (VPN bits VB-1:SB)
  localparam int KW   = 21;                  // address-space word: {G, PSCID}
  localparam int SW   = (SP_ENTRIES > 1) ? $clog2(SP_ENTRIES) : 1;
  localparam int LD   = ENTRIES + SP_ENTRIES;  // leaf words: 4 KiB entries (set x WAYS + way), then superpages
  localparam int LA   = $clog2(LD);

  // Canonical tags: a walk fills only IOVAs that passed its canonical check
  // (privileged spec 4.3.2 step 1 and 4.5: Sv39 and Sv48 IOVAs are
  // canonical for Sv48, bits 63:47 all equal; a fill that is not is not
  // cached), so every entry's VPN bits 51:36 repeat its bit 35 and are not
  // stored nor compared; a lookup or an invalidation address that is not
  // canonical matches nothing, as with the whole VPN compared (16 fewer
  // comparator bits per way and superpage entry per lookup port, issue 15).
  // (uvs_iommu_pkg va_canonical with sv48 = 1 of VPN bits 51:26 = IOVA bits 63:38)
  logic fill_ok;  // a fill that is cached: canonical (and no invalidation this cycle)
  assign fill_ok = fill_i && !inv_i && va_canonical(fill_vpn_i[51:26], 1'b1);

  // ---- 4 KiB-page array: flip-flop part (entry e = set x WAYS + way) ----
  logic [ENTRIES-1:0] valid_q;
  logic [ENTRIES-1:0] glob_q;
  logic [19:0]        pscid_q [ENTRIES];
  logic [WB-1:0]      vict_q  [SETS];

  // ---- 4 KiB-page array: tag and address-space RAMs, one pair per way ----
  logic [WAYS-1:0][NUM_LOOKUP-1:0][TW-1:0] rd_tag;   // way w, lookup port p
  logic [WAYS-1:0][NUM_LOOKUP-1:0][KW-1:0] rd_as;
  logic [WAYS-1:0][TW-1:0]                 mt_tag;   // maintenance port
  logic [NUM_LOOKUP-1:0][SB-1:0]           lk_set;
  logic [SB-1:0] mt_set, fill_set;
  logic [VB-1:0] mt_vpn;   // the VPN named by the maintenance operation (inv ADDR or fill IOVA) ...
  logic          mt_canon; // ... is canonical (else it names no entry)
  logic [19:0]   mt_pscid; // its PSCID (inv PSCID or the fill's)
  logic          fill4k;   // the fill goes into the 4 KiB-page array
  logic [WB-1:0] fill_way;

  for (genvar p = 0; p < NUM_LOOKUP; p++) begin : g_lkset
    assign lk_set[p] = lk_vpn_i[p][SB-1:0];
  end
  assign fill_set = fill_vpn_i[SB-1:0];
  assign mt_set   = inv_i ? inv_vpn_i[SB-1:0] : fill_set;
  assign mt_vpn   = inv_i ? inv_vpn_i[VB-1:0] : fill_vpn_i[VB-1:0];
  assign mt_canon = inv_i ? va_canonical(inv_vpn_i[51:26], 1'b1) : va_canonical(fill_vpn_i[51:26], 1'b1);
  assign mt_pscid = inv_i ? inv_pscid_i : fill_pscid_i;
  assign fill4k   = fill_ok && fill_leaf_i.level == 2'd0;
  assign fill_way = vict_q[fill_set];

  for (genvar w = 0; w < WAYS; w++) begin : g_way
    /* verilator lint_off UNUSEDSIGNAL */  // the address-space RAM has no maintenance read
    logic [KW-1:0] as_wrd;
    /* verilator lint_on UNUSEDSIGNAL */
    // written at mt_set (= fill_set whenever fill4k): its maintenance read is the write-address port
    uvs_iommu_lutram #(.DEPTH(SETS), .WIDTH(TW), .NRD(NUM_LOOKUP), .RAM_STYLE(RAM_STYLE)) u_tag (
      .clk_i, .we_i(fill4k && fill_way == WB'(w)), .waddr_i(mt_set), .wdata_i(fill_vpn_i[VB-1:SB]),
      .raddr_i(lk_set), .rdata_o(rd_tag[w]), .wrd_o(mt_tag[w])
    );
    uvs_iommu_lutram #(.DEPTH(SETS), .WIDTH(KW), .NRD(NUM_LOOKUP), .RAM_STYLE(RAM_STYLE)) u_as (
      .clk_i, .we_i(fill4k && fill_way == WB'(w)), .waddr_i(fill_set), .wdata_i({fill_global_i, fill_pscid_i}),
      .raddr_i(lk_set), .rdata_o(rd_as[w]), .wrd_o(as_wrd)
    );
  end

  // ---- superpage array: tags in flip-flops ----
  logic [SP_ENTRIES-1:0] sp_valid_q;
  logic [SP_ENTRIES-1:0] sp_glob_q;
  logic [19:0]           sp_pscid_q [SP_ENTRIES];
  logic [VB-1:0]         sp_vpn_q   [SP_ENTRIES];  // IOVA bits 47:12, bits below the page size zero
  logic [1:0]            sp_lvl_q   [SP_ENTRIES];  // 1, 2 or 3
  logic [SW-1:0]         sp_vict_q;

  // The page-number bits a superpage entry of level lvl compares: those of
  // vpn_mask, less VPN[0] (bits 8:0), which no superpage compares (its
  // level is 1, 2 or 3: at least 2 MiB, privileged spec 4.3.2), so that
  // synthesis builds no comparator, nor flip-flop, for them (the level
  // register could hold 0 as far as it knows: 8 entries x NUM_LOOKUP
  // comparators, issue 15).
  function automatic logic [VB-1:0] sp_mask(logic [1:0] lvl);
    sp_mask = VB'(vpn_mask(lvl) & ~52'h1ff);
  endfunction

  // A superpage entry (valid, global, its pscid, vpn and level) translates page
  // number vpn in address space pscid. (Entry fields are passed in: Yosys does
  // not index module arrays with a function argument.)
  function automatic logic sp_match(logic e_valid, logic e_global, logic [19:0] e_pscid, logic [VB-1:0] e_vpn,
                                    logic [1:0] e_lvl, logic [19:0] pscid, logic [VB-1:0] vpn);
    sp_match = e_valid && (e_global || e_pscid == pscid) && (((e_vpn ^ vpn) & sp_mask(e_lvl)) == '0);
  endfunction

  // A way holding tag e_tag in address space e_as ({G, PSCID}) translates
  // tag (same set) in address space pscid.
  function automatic logic way_match(logic [TW-1:0] e_tag, logic [KW-1:0] e_as, logic [19:0] pscid,
                                     logic [TW-1:0] tag);
    way_match = (e_as[20] || e_as[19:0] == pscid) && e_tag == tag;
  endfunction

  // ---- lookups ----
  // Per port: match vectors, the first match as an index into the leaf RAM
  // (4 KiB entry set x WAYS + way, else ENTRIES + superpage entry), whose
  // read is the port's leaf.
  logic [NUM_LOOKUP-1:0][WAYS-1:0]       wm;
  logic [NUM_LOOKUP-1:0][SP_ENTRIES-1:0] sm;
  logic [NUM_LOOKUP-1:0][WB-1:0]         wi;
  logic [NUM_LOOKUP-1:0][SW-1:0]         si;
  logic [NUM_LOOKUP-1:0][LA-1:0] leaf_ra;
  always_comb begin
    for (int p = 0; p < NUM_LOOKUP; p++) begin
      for (int w = 0; w < WAYS; w++)
        wm[p][w] = valid_q[{lk_set[p], WB'(w)}] && way_match(rd_tag[w][p], rd_as[w][p], lk_pscid_i[p],
                                                             lk_vpn_i[p][VB-1:SB]);
      for (int e = 0; e < SP_ENTRIES; e++)
        sm[p][e] = sp_match(sp_valid_q[e], sp_glob_q[e], sp_pscid_q[e], sp_vpn_q[e], sp_lvl_q[e],
                            lk_pscid_i[p], lk_vpn_i[p][VB-1:0]);
      wi[p] = '0;                                                 // lowest matching way
      for (int w = WAYS - 1; w >= 0; w--) if (wm[p][w]) wi[p] = WB'(w);
      si[p] = '0;                                                 // lowest matching superpage
      for (int e = SP_ENTRIES - 1; e >= 0; e--) if (sm[p][e]) si[p] = SW'(e);
      lk_hit_o[p] = va_canonical(lk_vpn_i[p][51:26], 1'b1) && ((wm[p] != '0) || (sm[p] != '0));
      leaf_ra[p]  = (wm[p] != '0) ? LA'({lk_set[p], wi[p]}) : LA'(ENTRIES) + LA'(si[p]);
    end
  end

  // ---- leaves of both arrays: one RAM, written by every fill ----
  logic [LA-1:0] leaf_wa;
  logic [NUM_LOOKUP-1:0][51:0] leaf_rd;
  /* verilator lint_off UNUSEDSIGNAL */  // no maintenance read of the leaves
  logic [51:0]   leaf_wrd;
  /* verilator lint_on UNUSEDSIGNAL */
  assign leaf_wa = fill4k ? LA'({fill_set, fill_way}) : LA'(ENTRIES) + LA'(sp_vict_q);
  uvs_iommu_lutram #(.DEPTH(LD), .WIDTH(52), .NRD(NUM_LOOKUP), .RAM_STYLE(RAM_STYLE)) u_leaf (
    .clk_i, .we_i(fill_ok), .waddr_i(leaf_wa), .wdata_i(fill_leaf_i), .raddr_i(leaf_ra),
    .rdata_o(leaf_rd), .wrd_o(leaf_wrd)
  );
  for (genvar p = 0; p < NUM_LOOKUP; p++) begin : g_leaf
    assign lk_leaf_o[p] = leaf_rd[p];
  end

  // ---- entries dropped this cycle: invalidation and duplicates of a fill ----
  // (one PSCID and VPN comparison per entry, against mt_pscid / mt_vpn: an
  // invalidation and a fill never count in the same cycle)
  logic [ENTRIES-1:0]    drop, ps_eq;
  logic [SP_ENTRIES-1:0] sp_drop, sp_ps_eq, sp_va_eq;
  logic [WAYS-1:0]       mt_tag_eq;  // maintenance set's way w holds the VPN named (inv ADDR or fill IOVA)
  always_comb begin
    for (int w = 0; w < WAYS; w++)
      mt_tag_eq[w] = mt_canon && mt_tag[w] == mt_vpn[VB-1:SB];
    for (int e = 0; e < ENTRIES; e++) begin
      ps_eq[e] = pscid_q[e] == mt_pscid;
      drop[e] = 1'b0;
      if (inv_i && !inv_gv_i && valid_q[e] &&
          !(inv_pscv_i && (glob_q[e] || !ps_eq[e])) &&
          !(inv_av_i && !(SB'(e / WAYS) == inv_vpn_i[SB-1:0] && mt_tag_eq[e % WAYS])))
        drop[e] = 1'b1;
      if (fill_ok && valid_q[e] && SB'(e / WAYS) == fill_set && mt_tag_eq[e % WAYS] &&
          (glob_q[e] || ps_eq[e]))
        drop[e] = 1'b1;
    end
    for (int e = 0; e < SP_ENTRIES; e++) begin
      sp_ps_eq[e] = sp_pscid_q[e] == mt_pscid;
      sp_va_eq[e] = mt_canon && ((sp_vpn_q[e] ^ mt_vpn) & sp_mask(sp_lvl_q[e])) == '0;
      sp_drop[e] = 1'b0;
      if (inv_i && !inv_gv_i && sp_valid_q[e] &&
          !(inv_pscv_i && (sp_glob_q[e] || !sp_ps_eq[e])) &&
          !(inv_av_i && !sp_va_eq[e]))
        sp_drop[e] = 1'b1;
      if (fill_ok && sp_valid_q[e] && (sp_glob_q[e] || sp_ps_eq[e]) && sp_va_eq[e])
        sp_drop[e] = 1'b1;
    end
  end

  // Writes decode their index entry by entry (constant indices): a write at
  // a variable index of an array that Yosys sees packed (bench/iommu_synth.py)
  // becomes a barrel shifter of the whole array (issue 15: about 2,000 LUTs
  // for 8 x 52 bits on xcup against 8 LUTs decoded).
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q    <= '0;
      sp_valid_q <= '0;
      sp_vict_q  <= '0;
      for (int s = 0; s < SETS; s++) vict_q[s] <= '0;
    end else begin
      valid_q    <= valid_q & ~drop;
      sp_valid_q <= sp_valid_q & ~sp_drop;
      for (int s = 0; s < SETS; s++)
        if (fill4k && fill_set == SB'(s)) vict_q[s] <= fill_way + 1'b1;
      for (int e = 0; e < ENTRIES; e++)
        if (fill4k && fill_set == SB'(e / WAYS) && fill_way == WB'(e % WAYS)) begin
          valid_q[e] <= 1'b1;
          glob_q[e]  <= fill_global_i;
          pscid_q[e] <= fill_pscid_i;
        end
      if (fill_ok && fill_leaf_i.level != 2'd0)
        sp_vict_q <= (sp_vict_q == SW'(SP_ENTRIES - 1)) ? '0 : sp_vict_q + 1'b1;
      for (int e = 0; e < SP_ENTRIES; e++)
        if (fill_ok && fill_leaf_i.level != 2'd0 && sp_vict_q == SW'(e)) begin
          sp_valid_q[e] <= 1'b1;
          sp_glob_q[e]  <= fill_global_i;
          sp_pscid_q[e] <= fill_pscid_i;
          sp_vpn_q[e]   <= fill_vpn_i[VB-1:0] & sp_mask(fill_leaf_i.level);
          sp_lvl_q[e]   <= fill_leaf_i.level;
        end
    end
  end
endmodule
