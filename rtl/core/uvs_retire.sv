// uvs_retire: the retire port of the single-thread cores (uvs_core,
// uvs_pipe_core), an RVFI-like trace of every instruction that completes
// (docs/architecture.md "The core"): registered, one cycle after the
// instruction completes. An instruction that traps is reported with
// trap_o = 1, its pc and bits and no register write; an interrupt taken in
// place of an instruction reports nothing (that instruction runs later).
// The cycle-level trace difftest (tests/fsm.tests) compares the two cores
// through this port, so both must fill it the same way: this module.
module uvs_retire (
  input  logic        clk_i,
  input  logic        rst_ni,     // synchronous, active low
  input  logic        fin_i,      // an instruction completes this cycle (retires, traps or is interrupted)
  input  logic        irq_i,      // ... and an interrupt is taken in its place (nothing reported)
  input  logic        exc_i,      // ... and it traps (exception)
  input  logic [63:0] pc_i,       // its pc
  input  logic [31:0] insn_i,     // its original encoding (16-bit ones zero-extended; 0 on a fetch fault)
  input  logic        we_i,       // it writes register rd_i (x0 included: not reported)
  input  logic [4:0]  rd_i,
  input  logic [63:0] wdata_i,    // the value written
  output logic        valid_o,
  output logic [63:0] pc_o,
  output logic [31:0] insn_o,
  output logic [4:0]  rd_o,       // 0 = no register written
  output logic [63:0] rd_wdata_o, // 0 when rd_o = 0
  output logic        trap_o      // the instruction trapped instead of retiring
);
  logic rd_en;
  assign rd_en = we_i && rd_i != 5'd0;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_o <= 1'b0;
      trap_o  <= 1'b0;
    end else begin
      valid_o <= fin_i && !irq_i;
      trap_o  <= fin_i && exc_i && !irq_i;
      if (fin_i) begin
        pc_o       <= pc_i;
        insn_o     <= insn_i;
        rd_o       <= rd_en ? rd_i : 5'd0;
        rd_wdata_o <= rd_en ? wdata_i : 64'd0;
      end
    end
  end
endmodule
