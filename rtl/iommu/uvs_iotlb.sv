// uvs_iotlb: the IOMMU's translation cache of leaf PTEs (RISC-V IOMMU spec
// v1.0 2.6 "Caching in-memory data structures"; entries as the C model's
// struct uvs_iommu_iotlb_entry).
//
// ENTRIES fully associative entries, each a 4 KiB, 2 MiB, 1 GiB or (Sv48)
// 512 GiB page, tagged with the address-space id PSCID of the device context
// (DC.ta.PSCID) unless global (G on the walk path). NUM_LOOKUP independent
// combinational lookup ports (one per requester port: hits never wait on each
// other or on a walk). One fill port: the new entry replaces the round-robin
// victim, and any entry already matching the filled IOVA in the same address
// space is dropped (it was stale or lacked A/D). One invalidation port with
// IOTINVAL.VMA semantics (spec 3.1.1 table "IOTINVAL.VMA operands and
// operations"): GV = 1 invalidates nothing (no guest address spaces in
// uvmsoc); PSCV limits to non-global entries of that PSCID; AV limits to the
// entries translating ADDR. Invalidation is applied before a fill of the
// same cycle (the walker suppresses such fills anyway).
module uvs_iotlb
  import uvs_iommu_pkg::*;
#(
  parameter int ENTRIES    = 32,
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
  localparam int IW = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;

  logic [ENTRIES-1:0] valid_q;
  logic [ENTRIES-1:0] global_q;
  logic [19:0]        pscid_q [ENTRIES];
  logic [51:0]        vpn_q   [ENTRIES];  // IOVA bits 63:12, low bits of a superpage zero
  leaf_t              leaf_q  [ENTRIES];
  logic [IW-1:0]      victim_q;

  // Page level of each entry: a copy of leaf_q[e].level, kept apart because
  // Yosys cannot select a field of an element of an array of structs.
  logic [1:0]         lvl_q   [ENTRIES];

  // An entry (valid, global, its pscid, vpn and level) translates page number
  // vpn (IOVA bits 63:12) in address space pscid. (Entry fields are passed in:
  // Yosys does not index module arrays with a function argument.)
  function automatic logic match(logic e_valid, logic e_global, logic [19:0] e_pscid, logic [51:0] e_vpn,
                                 logic [1:0] e_lvl, logic [19:0] pscid, logic [51:0] vpn);
    match = e_valid && (e_global || e_pscid == pscid) && (((e_vpn ^ vpn) & vpn_mask(e_lvl)) == 52'd0);
  endfunction

  always_comb begin
    for (int p = 0; p < NUM_LOOKUP; p++) begin
      lk_hit_o[p]  = 1'b0;
      lk_leaf_o[p] = '0;
      for (int e = ENTRIES - 1; e >= 0; e--) begin
        if (match(valid_q[e], global_q[e], pscid_q[e], vpn_q[e], lvl_q[e], lk_pscid_i[p], lk_vpn_i[p])) begin
          lk_hit_o[p]  = 1'b1;
          lk_leaf_o[p] = leaf_q[e];
        end
      end
    end
  end

  // Entries dropped this cycle: invalidation and duplicates of a fill.
  logic [ENTRIES-1:0] drop;
  always_comb begin
    for (int e = 0; e < ENTRIES; e++) begin
      drop[e] = 1'b0;
      if (inv_i && !inv_gv_i && valid_q[e] &&
          !(inv_pscv_i && (global_q[e] || pscid_q[e] != inv_pscid_i)) &&
          !(inv_av_i && (((vpn_q[e] ^ inv_vpn_i) & vpn_mask(lvl_q[e])) != 52'd0)))
        drop[e] = 1'b1;
      if (fill_i && match(valid_q[e], global_q[e], pscid_q[e], vpn_q[e], lvl_q[e], fill_pscid_i, fill_vpn_i))
        drop[e] = 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q  <= '0;
      victim_q <= '0;
    end else begin
      valid_q <= valid_q & ~drop;
      if (fill_i) begin
        valid_q[victim_q]  <= 1'b1;
        global_q[victim_q] <= fill_global_i;
        pscid_q[victim_q]  <= fill_pscid_i;
        vpn_q[victim_q]    <= fill_vpn_i & vpn_mask(fill_leaf_i.level);
        leaf_q[victim_q]   <= fill_leaf_i;
        lvl_q[victim_q]    <= fill_leaf_i.level;
        victim_q           <= (victim_q == IW'(ENTRIES - 1)) ? '0 : victim_q + 1'b1;
      end
    end
  end
endmodule
