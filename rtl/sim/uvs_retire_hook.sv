// uvs_retire_hook: reports each instruction a hart retires to the harness
// through uvs_dpi_retire (docs/architecture.md, "Simulator"), only while
// enable_i (the top input trace_retired_i, driven by --log-retired) is 1.
// Instructions that trapped instead of retiring (rvfi_trap) are not reported.
module uvs_retire_hook #(
  parameter int HART = 0  // hart id passed to the harness
) (
  input  logic        clk_i,
  input  logic        enable_i,
  input  logic [63:0] cycle_i,      // cycles since reset
  input  logic        valid_i,      // rvfi_valid_o of the hart
  input  logic        trap_i,       // rvfi_trap_o
  input  logic [63:0] pc_i,
  input  logic [31:0] insn_i,
  input  logic [4:0]  rd_i,         // 0 = no register write
  input  logic [63:0] rd_wdata_i
);
  // One retired instruction (logged by sim/retire_log.c).
  import "DPI-C" function void uvs_dpi_retire(input int hart, input longint cycle,
                                              input longint pc, input int insn,
                                              input int rd, input longint wdata);

  always_ff @(posedge clk_i) begin
    if (enable_i && valid_i && !trap_i)
      uvs_dpi_retire(HART, cycle_i, pc_i, insn_i, {27'd0, rd_i}, rd_wdata_i);
  end
endmodule
