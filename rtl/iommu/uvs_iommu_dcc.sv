// uvs_iommu_dcc: device-context cache (RISC-V IOMMU spec v1.0 2.6; the C
// model's dcc[]): ENTRIES decoded device contexts tagged by device_id,
// filled round-robin by the walker after a successful directory walk,
// invalidated by IODIR.INVAL_DDT (spec 3.1.3: all entries, or only device_id
// DID when DV = 1). NUM_LOOKUP combinational lookup ports for the request
// ports (the dc_port_t part of a context) and one for the walker (all of it).
module uvs_iommu_dcc
  import uvs_iommu_pkg::*;
#(
  parameter int ENTRIES    = 8,
  parameter int NUM_LOOKUP = 5
) (
  input  logic        clk_i,
  input  logic        rst_ni,  // synchronous, active low
  input  logic [23:0] lk_did_i [NUM_LOOKUP],
  output logic        lk_hit_o [NUM_LOOKUP],
  output dc_port_t    lk_dc_o  [NUM_LOOKUP],
  input  logic [23:0] wk_did_i,  // the walker's lookup
  output logic        wk_hit_o,
  output dc_t         wk_dc_o,
  input  logic        fill_i,
  input  logic [23:0] fill_did_i,
  input  dc_t         fill_dc_i,
  input  logic        inv_i,     // IODIR.INVAL_DDT
  input  logic        inv_dv_i,  // DV: only device inv_did_i
  input  logic [23:0] inv_did_i
);
  localparam int IW = (ENTRIES > 1) ? $clog2(ENTRIES) : 1;

  logic [ENTRIES-1:0] valid_q;
  logic [23:0]        did_q [ENTRIES];
  dc_t                dc_q  [ENTRIES];
  logic [IW-1:0]      victim_q;

  // At most one valid entry holds a device_id (a fill first drops every
  // entry of its device_id), so a lookup ORs the matching entry's context
  // (an AND-OR, not a priority chain through the entries: issue 15, about
  // 16 LUTs per output bit on xc7 as a chain).
  dc_port_t pdc [ENTRIES];  // each entry's port part
  // (the loop's entry in a module-level variable: Yosys 0.55 takes a struct
  // variable declared in a procedural block, or a field of an unpacked
  // array's element, for an undeclared 1-bit wire)
  /* verilator lint_off UNUSEDSIGNAL */  // the port part only
  dc_t pdc_e;
  /* verilator lint_on UNUSEDSIGNAL */
  always_comb begin
    for (int e = 0; e < ENTRIES; e++) begin
      pdc_e  = dc_q[e];
      pdc[e] = {pdc_e.mode, pdc_e.pscid, pdc_e.ens, pdc_e.sum};
    end
    for (int p = 0; p < NUM_LOOKUP; p++) begin
      logic [ENTRIES-1:0] m;
      for (int e = 0; e < ENTRIES; e++) m[e] = valid_q[e] && did_q[e] == lk_did_i[p];
      lk_hit_o[p] = m != '0;
      lk_dc_o[p]  = '0;
      for (int e = 0; e < ENTRIES; e++)
        if (m[e]) lk_dc_o[p] = lk_dc_o[p] | pdc[e];
    end
  end

  always_comb begin
    logic [ENTRIES-1:0] m;
    for (int e = 0; e < ENTRIES; e++) m[e] = valid_q[e] && did_q[e] == wk_did_i;
    wk_hit_o = m != '0;
    wk_dc_o  = '0;
    for (int e = 0; e < ENTRIES; e++)
      if (m[e]) wk_dc_o = wk_dc_o | dc_q[e];
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q  <= '0;
      victim_q <= '0;
    end else begin
      for (int e = 0; e < ENTRIES; e++) begin
        if ((inv_i && (!inv_dv_i || did_q[e] == inv_did_i)) ||
            (fill_i && did_q[e] == fill_did_i))
          valid_q[e] <= 1'b0;
      end
      if (fill_i) begin
        // the victim decoded entry by entry (a variable index would be a shifter in Yosys, uvs_iotlb)
        for (int e = 0; e < ENTRIES; e++)
          if (victim_q == IW'(e)) begin
            valid_q[e] <= 1'b1;
            did_q[e]   <= fill_did_i;
            dc_q[e]    <= fill_dc_i;
          end
        victim_q <= (victim_q == IW'(ENTRIES - 1)) ? '0 : victim_q + 1'b1;
      end
    end
  end
endmodule
