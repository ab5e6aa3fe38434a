// uvs_pipe_btb: next-PC predictor of uvs_pipe_core's fetch stage: a
// direct-mapped branch target buffer with a 2-bit saturating counter per
// entry (bimodal prediction). Not architectural: a wrong prediction costs
// cycles only, never correctness (the execute stage checks every predicted
// next pc).
//
// Lookup (combinational, from the fetch address register): hit = valid and
// tag equal; predict taken = hit and counter >= 2, target = stored target.
// Update (one per cycle, from the execute stage, for each instruction that
// leaves it): a control-flow instruction (branch, JAL, JALR) counts up when
// taken, down when not, and stores its target when taken; a miss that was
// taken allocates the entry (counter 2, weakly taken); a hit on an
// instruction that is not control flow (tag alias) invalidates the entry.
// Index pc[IW+1:2], tag the TAG_W bits above: 4-byte instruction
// granularity (IALIGN = 32); with the C extension the index moves to
// pc[IW:1].
module uvs_pipe_btb #(
  parameter int ENTRIES = 16,  // number of entries, a power of two >= 2
  parameter int TAG_W   = 12   // partial tag bits (aliases only mispredict)
) (
  input  logic        clk_i,
  input  logic        rst_ni,        // synchronous, active low
  // lookup
  input  logic [63:0] pc_i,          // pc of the instruction being fetched
  output logic        taken_o,       // predicted taken
  output logic [63:0] target_o,      // predicted target (meaningful with taken_o)
  // update
  input  logic        upd_i,         // an instruction was resolved this cycle
  input  logic [63:0] upd_pc_i,      // its pc
  input  logic        upd_cf_i,      // it is a branch or jump
  input  logic        upd_taken_i,   // it changed the control flow
  input  logic [63:0] upd_target_i   // its target when taken
);
  localparam int IW = $clog2(ENTRIES);

  logic [ENTRIES-1:0] valid_q;
  logic [TAG_W-1:0]   tag_q    [ENTRIES];
  logic [63:1]        target_q [ENTRIES];
  logic [1:0]         ctr_q    [ENTRIES];

  logic [IW-1:0]    idx, uidx;
  logic [TAG_W-1:0] tag, utag;
  logic             uhit;

  assign idx  = pc_i[IW+1:2];
  assign tag  = pc_i[IW+2+TAG_W-1:IW+2];
  assign uidx = upd_pc_i[IW+1:2];
  assign utag = upd_pc_i[IW+2+TAG_W-1:IW+2];

  assign taken_o  = valid_q[idx] && tag_q[idx] == tag && ctr_q[idx][1];
  assign target_o = {target_q[idx], 1'b0};
  assign uhit     = valid_q[uidx] && tag_q[uidx] == utag;

  /* verilator lint_off UNUSEDSIGNAL */
  logic unused_pc;  // bits outside index and tag, bit 0 of the target (always 0)
  assign unused_pc = ^{pc_i[1:0], pc_i[63:IW+2+TAG_W], upd_pc_i[1:0], upd_pc_i[63:IW+2+TAG_W],
                       upd_target_i[0]};
  /* verilator lint_on UNUSEDSIGNAL */

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= '0;
    end else if (upd_i) begin
      if (!upd_cf_i) begin
        if (uhit) valid_q[uidx] <= 1'b0;
      end else if (uhit) begin
        if (upd_taken_i) begin
          if (ctr_q[uidx] != 2'b11) ctr_q[uidx] <= ctr_q[uidx] + 2'd1;
          target_q[uidx] <= upd_target_i[63:1];
        end else if (ctr_q[uidx] != 2'b00) begin
          ctr_q[uidx] <= ctr_q[uidx] - 2'd1;
        end
      end else if (upd_taken_i) begin
        valid_q[uidx]  <= 1'b1;
        tag_q[uidx]    <= utag;
        target_q[uidx] <= upd_target_i[63:1];
        ctr_q[uidx]    <= 2'b10;
      end
    end
  end
endmodule
