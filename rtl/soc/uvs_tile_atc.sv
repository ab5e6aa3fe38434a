// uvs_tile_atc: the address-translation cache (ATC, PCIe ATS's name for a
// device-side TLB) of a tile engine (docs/architecture.md "Tile engines"):
// N fully associative entries, one 4 KiB page each (VPN -> PPN, and whether
// the page was translated for writing). Looked up combinationally per beat;
// a write beat hits only an entry translated for writing (so the IOMMU set
// D). Filled from the engine's translation answers, replacing round-robin;
// flush_i (an IOMMU invalidation: IOTINVAL.VMA / IODIR.INVAL_DDT) empties it.
// The PPNs are a memory (distributed RAM) read at the hit entry.
module uvs_tile_atc #(
  parameter int N = 8  // entries, >= 2
) (
  input  logic        clk_i,
  input  logic        rst_ni,   // synchronous, active low
  input  logic        flush_i,  // drop every entry
  // lookup
  input  logic [51:0] vpn_i,    // VA bits 63:12
  input  logic        we_i,     // 1: the beat writes memory
  output logic        hit_o,
  output logic [51:0] ppn_o,    // PA bits 63:12 (with hit_o)
  // fill
  input  logic        fill_i,
  input  logic [51:0] fill_vpn_i,
  input  logic [51:0] fill_ppn_i,
  input  logic        fill_w_i  // translated for writing
);
  localparam int NW = $clog2(N);
  logic [N-1:0]       v_q, w_q;
  logic [51:0]        vpn_q [N];
  logic [51:0]        ppn_ram [N];
  logic [NW-1:0]      rr_q, hit_i;

  always_comb begin
    hit_o = 1'b0;
    hit_i = '0;
    for (int i = 0; i < N; i++)
      if (v_q[i] && vpn_q[i] == vpn_i && (w_q[i] || !we_i)) begin
        hit_o = 1'b1;
        hit_i = NW'(i);
      end
  end
  assign ppn_o = ppn_ram[hit_i];

  always_ff @(posedge clk_i)
    if (fill_i) ppn_ram[rr_q] <= fill_ppn_i;

  always_ff @(posedge clk_i) begin
    if (!rst_ni || flush_i) begin
      v_q  <= '0;
      rr_q <= '0;
    end else if (fill_i) begin
      v_q[rr_q]   <= 1'b1;
      w_q[rr_q]   <= fill_w_i;
      for (int i = 0; i < N; i++)
        if (rr_q == NW'(i)) vpn_q[i] <= fill_vpn_i;
      rr_q        <= (int'(rr_q) == N - 1) ? '0 : rr_q + NW'(1);
    end
  end
endmodule
