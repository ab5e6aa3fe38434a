// uvs_cosim_u55c: co-simulation top of the Alveo U55C board top (Verilator
// class Vuvs_soc, the harness's ports: sim/main.cpp; configuration
// sim/configs/alveo-u55c.mk). The board top uvs_top_u55c is built unchanged;
// its vendor shell is the behavioral model sim/uvs_u55c_shell.sv. The
// harness clock and reset drive the card's SYSCLK2 and PCIe reset pins; the
// console, traces and counters are read from the board top's core hookup
// (boards/common/uvs_board_core.svh) by hierarchical name.
module uvs_cosim_u55c (
  input  logic        clk_i,
  input  logic        rst_ni,           // synchronous, active low
  input  logic        trace_retired_i,  // 1: call uvs_dpi_retire per retirement
  output logic [63:0] cycle_o,          // clock cycles since reset
  output logic [63:0] retired_o         // instructions retired since reset, all harts
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic [15:0] txp, txn;
  logic        cattrip;
  /* verilator lint_on UNUSEDSIGNAL */

  uvs_top_u55c u_top (
    .sysclk2_clk_p (clk_i), .sysclk2_clk_n (~clk_i),
    .pcie_refclk_clk_p (clk_i), .pcie_refclk_clk_n (~clk_i),
    .pcie_perstn (rst_ni),
    .pci_exp_rxp ('0), .pci_exp_rxn ('1), .pci_exp_txp (txp), .pci_exp_txn (txn),
    .hbm_cattrip (cattrip)
  );

  assign cycle_o   = u_top.cycle;
  assign retired_o = u_top.retired;

  uvs_cosim_sidechan #(.NUM_HARTS(5)) u_side (  // uvs_top_u55c BOARD_HARTS
    .clk_i, .trace_retired_i, .cycle_i (u_top.cycle),
    .uart_tx_valid_i (u_top.uart_tx_valid), .uart_tx_data_i (u_top.uart_tx_data),
    .rvfi_valid_i (u_top.rvfi_valid), .rvfi_pc_i (u_top.rvfi_pc), .rvfi_insn_i (u_top.rvfi_insn),
    .rvfi_rd_i (u_top.rvfi_rd), .rvfi_wdata_i (u_top.rvfi_wdata),
    .xlat_valid_i (u_top.xlat_valid), .xlat_id_i (u_top.xlat_id), .xlat_va_i (u_top.xlat_va),
    .xlat_pa_i (u_top.xlat_pa), .xlat_flags_i (u_top.xlat_flags)
  );
endmodule
