// uvs_pipe_sel: the core of one single-thread hart, chosen at elaboration:
// uvs_pipe_core (PIPE = 1, the pipeline) or uvs_core (PIPE = 0, the
// multi-cycle state machine). Both have the ports, ISA, privilege
// behaviour and retire port of docs/architecture.md "The core"; this
// wrapper passes them through (uvs_soc's PIPE parameter) and gates the
// core's clock while it sleeps in WFI (uvs_clk_gate; the core's sleep_o:
// WFI retired, nothing in flight, no interrupt pending). Parked harts are
// most harts most of the time (compute harts between kernels, the
// management hart waiting for the host), so neither hardware nor the
// simulation model spends work on them. Timing is unchanged: a pending
// interrupt opens the gate in the cycle it appears, and the core sees it
// at the next edge as it would ungated; mcycle counts on the ungated clock.
module uvs_pipe_sel #(
  parameter int HART_ID   = 0,  // value of mhartid
  parameter int PIPE      = 0,  // 1: uvs_pipe_core, 0: uvs_core
  parameter int HPM_WIDTH = 64, // bits of mhpmcounter3..10 (uvs_csr), 1..64
  parameter int HPM_COUNT = 8,  // mhpmcounter3.. implemented (uvs_csr), 1..8
  /* verilator lint_off UNUSEDPARAM */  // unused by uvs_core (PIPE = 0)
  parameter RAM_STYLE     = "auto"  // ram_style of uvs_pipe_core's fetch queue memories
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic        clk_i,
  input  logic        rst_ni,           // synchronous, active low
  output logic        imem_req_o,
  input  logic        imem_gnt_i,
  output logic [63:0] imem_addr_o,
  input  logic        imem_rvalid_i,
  input  logic [63:0] imem_rdata_i,
  input  logic        imem_err_i,
  output logic        dmem_req_o,
  input  logic        dmem_gnt_i,
  output logic [63:0] dmem_addr_o,
  output logic        dmem_we_o,
  output logic [7:0]  dmem_be_o,
  output logic [63:0] dmem_wdata_o,
  output logic [3:0]  dmem_amo_o,
  input  logic        dmem_rvalid_i,
  input  logic [63:0] dmem_rdata_i,
  input  logic        dmem_err_i,
  input  logic        irq_software_i,
  input  logic        irq_timer_i,
  input  logic        irq_external_i,
  input  logic        irq_s_external_i,
  input  logic [63:0] mtime_i,
  input  logic [uvs_arch_pkg::HPM_EXT-1:0] hpm_ext_i,
  output logic        rvfi_valid_o,
  output logic [63:0] rvfi_pc_o,
  output logic [31:0] rvfi_insn_o,
  output logic [4:0]  rvfi_rd_o,
  output logic [63:0] rvfi_rd_wdata_o,
  output logic        rvfi_trap_o
);
  logic core_clk, sleep;

  // IDLE 2: the registered retire port clears the cycle after WFI retires.
  uvs_clk_gate #(.IDLE(2)) u_cg (
    .clk_i,
    .act_i (!sleep || !rst_ni),
    .clk_o (core_clk)
  );

  if (PIPE != 0) begin : g_pipe
    uvs_pipe_core #(.HART_ID(HART_ID), .HPM_WIDTH(HPM_WIDTH), .HPM_COUNT(HPM_COUNT), .RAM_STYLE(RAM_STYLE)) u_core (.clk_i(core_clk), .clk_free_i(clk_i), .sleep_o(sleep), .*);
  end else begin : g_fsm
    uvs_core #(.HART_ID(HART_ID), .HPM_WIDTH(HPM_WIDTH), .HPM_COUNT(HPM_COUNT)) u_core (.clk_i(core_clk), .clk_free_i(clk_i), .sleep_o(sleep), .*);
  end
endmodule
