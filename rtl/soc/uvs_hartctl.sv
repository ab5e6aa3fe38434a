// uvs_hartctl: per-compute-hart control registers (memmap.def HARTCTL;
// docs/architecture.md, "Contexts and isolation"). HARTCTL_DID of hart h at
// + 8 * h holds the IOMMU device_id (24 bits) that hart h's unified-range
// accesses and its tile engine's translations carry (did_o[h]), so each
// launch runs in the device context of the process that submitted it.
// Only the management hart (src_mgmt_i) may write; a write from any other
// requester (a compute hart's kernel, the host link) answers an access error
// and changes nothing. Hart 0's word and the words of absent harts read 0
// and ignore writes; a word past MAX_HARTS is an access error. Byte enables
// select the bytes of bits 23:0 written. A write to hart h's word pulses
// chg_o[h] the next cycle (the SoC flushes that hart's tile-engine ATC).
// Answers one cycle after the request, like the other MMIO targets.
module uvs_hartctl #(
  parameter int NUM_HARTS = 1   // 1 management + compute harts, 1..UVS_MAX_HARTS
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,     // synchronous, active low
  input  logic                        req_i,      // access this cycle (always ready)
  input  logic                        src_mgmt_i, // the requester is hart 0
  input  logic [11:3]                 addr_i,     // 8-byte word offset in the region
  input  logic                        we_i,
  input  logic [7:0]                  be_i,
  input  logic [63:0]                 wdata_i,
  output logic [63:0]                 rdata_o,    // aligned word, one cycle later
  output logic                        err_o,      // with rdata_o: access error
  output logic [NUM_HARTS-1:0][23:0]  did_o,      // device_id per hart
  output logic [NUM_HARTS-1:0]        chg_o       // pulse: hart h's word was written
);
  import uvs_memmap_pkg::*;

  localparam int W0 = int'(UVS_HARTCTL_DID_OFF >> 3);

  logic [NUM_HARTS-1:0][23:0] did_q;
  logic [NUM_HARTS-1:0]       chg_q;
  logic [63:0]                rdata_q;
  logic                       err_q;
  logic [8:0]                 w;        // hart index of the addressed word
  logic                       in_range; // a word of HARTCTL_DID (0..MAX_HARTS-1)
  /* verilator lint_off UNUSEDSIGNAL */
  logic                       unused_bits; // bits above device_id are read-only 0
  assign unused_bits = (|be_i[7:3]) | (|wdata_i[63:24]);
  /* verilator lint_on UNUSEDSIGNAL */

  assign w        = addr_i - 9'(W0);
  assign in_range = int'(addr_i) >= W0 && int'(addr_i) < W0 + int'(UVS_MAX_HARTS);
  assign rdata_o  = rdata_q;
  assign err_o    = err_q;
  assign did_o    = did_q;
  assign chg_o    = chg_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      for (int h = 0; h < NUM_HARTS; h++) did_q[h] <= 24'(UVS_UVA_DID);
      chg_q   <= '0;
      rdata_q <= '0;
      err_q   <= 1'b0;
    end else begin
      chg_q <= '0;
      if (req_i) begin
        err_q   <= !in_range || (we_i && !src_mgmt_i);
        rdata_q <= '0;
        for (int h = 1; h < NUM_HARTS; h++) begin
          if (in_range && w == 9'(h)) begin
            rdata_q <= 64'(did_q[h]);
            if (we_i && src_mgmt_i) begin
              for (int b = 0; b < 3; b++)
                if (be_i[b]) did_q[h][8*b +: 8] <= wdata_i[8*b +: 8];
              chg_q[h] <= 1'b1;
            end
          end
        end
      end
    end
  end
endmodule
