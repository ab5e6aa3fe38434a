// uvs_iommu_pwc: page-walk cache of non-leaf PTEs (RISC-V IOMMU spec v1.0
// 2.6 allows caching non-leaf entries; they are invalidated by every
// IOTINVAL.VMA, as privileged spec 4.2.1 SFENCE.VMA allows).
//
// ENTRIES fully associative entries keyed by the physical address of the
// PTE (bits 55:3), holding the next-level table PPN and the PTE's G bit.
// Only valid pointer PTEs that passed the walker's checks are filled, so a
// hit is exactly what a memory read would have returned as long as software
// invalidates after changing a valid PTE (non-valid PTEs are never cached).
// Round-robin replacement; flush clears everything (and wins over a fill of
// the same cycle).
module uvs_iommu_pwc #(
  parameter int ENTRIES = 8
) (
  input  logic        clk_i,
  input  logic        rst_ni,  // synchronous, active low
  input  logic [55:3] lk_addr_i,  // PTE physical address, bits 55:3
  output logic        lk_hit_o,
  output logic [43:0] lk_ppn_o,   // next-level table PPN
  output logic        lk_g_o,     // the PTE's G bit
  input  logic        fill_i,
  input  logic [55:3] fill_addr_i,
  input  logic [43:0] fill_ppn_i,
  input  logic        fill_g_i,
  input  logic        flush_i
);
  localparam int IW = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;

  logic [ENTRIES-1:0] valid_q;
  logic [52:0]        tag_q [ENTRIES];
  logic [43:0]        ppn_q [ENTRIES];
  logic [ENTRIES-1:0] g_q;
  logic [IW-1:0]      victim_q;

  // The lowest matching entry as a one-hot select, then an AND-OR (a
  // priority chain through the entries cost about 16 LUTs per output bit,
  // issue 15).
  logic [ENTRIES-1:0] m, sel;
  always_comb begin
    for (int e = 0; e < ENTRIES; e++) m[e] = valid_q[e] && tag_q[e] == lk_addr_i;
    sel      = m & ~(m - 1'b1);
    lk_hit_o = m != '0;
    lk_ppn_o = '0;
    lk_g_o   = 1'b0;
    for (int e = 0; e < ENTRIES; e++)
      if (sel[e]) begin
        lk_ppn_o = lk_ppn_o | ppn_q[e];
        lk_g_o   = lk_g_o | g_q[e];
      end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      valid_q  <= '0;
      victim_q <= '0;
    end else if (fill_i) begin
      // the victim decoded entry by entry (a variable index would be a shifter in Yosys, uvs_iotlb)
      for (int e = 0; e < ENTRIES; e++)
        if (victim_q == IW'(e)) begin
          valid_q[e] <= 1'b1;
          tag_q[e]   <= fill_addr_i;
          ppn_q[e]   <= fill_ppn_i;
          g_q[e]     <= fill_g_i;
        end
      victim_q <= (victim_q == IW'(ENTRIES - 1)) ? '0 : victim_q + 1'b1;
    end
  end
endmodule
