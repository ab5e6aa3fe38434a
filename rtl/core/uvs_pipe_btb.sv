// uvs_pipe_btb: next-PC predictor of uvs_pipe_core's fetch stage: a
// direct-mapped branch target buffer with a 2-bit saturating counter per
// entry (bimodal prediction). Not architectural: a wrong prediction costs
// cycles only, never correctness (the execute stage checks every predicted
// next pc).
//
// Fetch requests are 8-byte words entered at a 2-byte-aligned pc (the
// "block pc": a jump target, or the start of the next word). An entry is
// keyed by a block pc and names the control-flow instruction in that block
// predicted taken: its offset in the word (pc[2:1]) and its target.
// Lookup (combinational, from the fetch address register): hit = valid and
// tag equal; predict taken = hit and counter >= 2.
// Update (one per cycle, from the execute stage, for each instruction that
// leaves it with its block pc): a taken control-flow instruction counts up
// (same offset) or replaces the entry's offset and target (counter 2), a
// miss allocates the entry (counter 2, weakly taken); a not-taken branch at
// the entry's offset counts down; any other instruction that was predicted
// off its sequential successor (tag alias, a stale offset) invalidates it.
// Index block pc[IW:1] (IALIGN = 16), tag the TAG_W bits above.
// Tag, offset, target and counter are memories (no reset, written at the
// update index, read at the lookup and update indexes; names ending in
// `ram`, bench/iommu_synth.py): FPGA synthesis maps them to distributed RAM
// instead of flip-flops and multiplexers. Only the valid bits are reset.
module uvs_pipe_btb #(
  parameter int ENTRIES = 16,  // number of entries, a power of two >= 2
  parameter int TAG_W   = 12   // partial tag bits (aliases only mispredict)
) (
  input  logic        clk_i,
  input  logic        rst_ni,        // synchronous, active low
  input  logic [63:0] pc_i,          // block pc being fetched
  output logic        taken_o,       // predicted taken
  output logic [1:0]  off_o,         // offset (pc[2:1]) of the instruction predicted taken
  output logic [63:0] target_o,      // predicted target (meaningful with taken_o)
  input  logic        upd_i,         // an instruction was resolved this cycle
  input  logic [63:0] upd_pc_i,      // its block pc
  input  logic [1:0]  upd_off_i,     // its offset pc[2:1]
  input  logic        upd_cf_i,      // it is a branch or jump (predictable: not straddling)
  input  logic        upd_taken_i,   // it changed the control flow
  input  logic        upd_off_seq_i, // it had been predicted off its sequential successor
  input  logic [63:0] upd_target_i   // its target when taken
);
  localparam int IW = $clog2(ENTRIES);

  logic [ENTRIES-1:0] valid_q;
  logic [TAG_W-1:0]   tag_ram    [ENTRIES];
  logic [63:1]        target_ram [ENTRIES];
  logic [1:0]         off_ram    [ENTRIES];
  logic [1:0]         ctr_ram    [ENTRIES];

  logic [IW-1:0]    idx, uidx;
  logic [TAG_W-1:0] tag, utag;
  logic             uhit, usame;

  assign idx  = pc_i[IW:1];
  assign tag  = pc_i[IW+1+TAG_W-1:IW+1];
  assign uidx = upd_pc_i[IW:1];
  assign utag = upd_pc_i[IW+1+TAG_W-1:IW+1];

  assign taken_o  = valid_q[idx] && tag_ram[idx] == tag && ctr_ram[idx][1];
  assign off_o    = off_ram[idx];
  assign target_o = {target_ram[idx], 1'b0};
  assign uhit     = valid_q[uidx] && tag_ram[uidx] == utag;
  assign usame    = uhit && off_ram[uidx] == upd_off_i;

  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_pc;  // bits outside index and tag, bit 0 of the target (always 0)
  assign unused_pc = ^{pc_i[0], pc_i[63:IW+1+TAG_W], upd_pc_i[0], upd_pc_i[63:IW+1+TAG_W],
                       upd_target_i[0]};
  /* verilator lint_on UNUSEDSIGNAL */

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= '0;
    end else if (upd_i) begin
      if (upd_cf_i && upd_taken_i) begin
        if (usame) begin
          if (ctr_ram[uidx] != 2'b11) ctr_ram[uidx] <= ctr_ram[uidx] + 2'd1;
        end else begin
          ctr_ram[uidx] <= 2'b10;
        end
        valid_q[uidx]  <= 1'b1;
        tag_ram[uidx]    <= utag;
        off_ram[uidx]    <= upd_off_i;
        target_ram[uidx] <= upd_target_i[63:1];
      end else if (upd_cf_i && usame) begin
        if (ctr_ram[uidx] != 2'b00) ctr_ram[uidx] <= ctr_ram[uidx] - 2'd1;
      end else if (uhit && upd_off_seq_i) begin
        valid_q[uidx] <= 1'b0;
      end
    end
  end
endmodule
