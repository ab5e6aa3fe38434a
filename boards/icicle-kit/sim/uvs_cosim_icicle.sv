// uvs_cosim_icicle: co-simulation top of the Icicle Kit fabric top
// (Verilator class Vuvs_soc, the harness's ports: sim/main.cpp;
// configuration sim/configs/icicle-kit.mk). The board top uvs_top_icicle is
// built unchanged; its fabric shell is the behavioral model
// sim/uvs_icicle_shell.sv. The harness clock and reset drive the fabric
// reference clock and the MSS's fabric reset; the model of the MSS side
// takes the MSI lines (MSS_INT_F2M) to the host link model, one MSI per
// rising edge of a line (the PLIC gateway's view of a level line); the
// console, traces and counters are read from the board top's core hookup
// (boards/common/uvs_board_core.svh) by hierarchical name.
`include "uvs_shell_axi.svh"

module uvs_cosim_icicle (
  input  logic        clk_i,
  input  logic        rst_ni,           // synchronous, active low
  input  logic        trace_retired_i,  // 1: call uvs_dpi_retire per retirement
  output logic        [63:0] cycle_o,   // clock cycles since reset
  output logic        [63:0] retired_o  // instructions retired since reset, all harts
);
  /* verilator lint_off UNUSEDSIGNAL */
  logic fic_aclk;
  // The MSS side of FIC0: its target never answers (the model's memory is
  // behind the shell), its initiator never requests (BAR0 is driven by the host
  // link model inside the shell, see sim/uvs_icicle_shell.sv).
  logic        fic0_tgt_axi_awvalid, fic0_tgt_axi_awlock, fic0_tgt_axi_wvalid, fic0_tgt_axi_wlast;
  logic        fic0_tgt_axi_bready, fic0_tgt_axi_arvalid, fic0_tgt_axi_arlock, fic0_tgt_axi_rready;
  logic [5:0]  fic0_tgt_axi_awid, fic0_tgt_axi_awuser, fic0_tgt_axi_arid;
  logic [63:0] fic0_tgt_axi_awaddr, fic0_tgt_axi_wdata, fic0_tgt_axi_araddr;
  logic [7:0]  fic0_tgt_axi_awlen, fic0_tgt_axi_wstrb, fic0_tgt_axi_arlen;
  logic [2:0]  fic0_tgt_axi_awsize, fic0_tgt_axi_awprot, fic0_tgt_axi_arsize, fic0_tgt_axi_arprot;
  logic [1:0]  fic0_tgt_axi_awburst, fic0_tgt_axi_arburst;
  logic [3:0]  fic0_tgt_axi_awcache, fic0_tgt_axi_arcache;
  logic        fic0_ini_axi_awready, fic0_ini_axi_wready, fic0_ini_axi_bvalid, fic0_ini_axi_arready;
  logic        fic0_ini_axi_rvalid, fic0_ini_axi_rlast;
  logic [5:0]  fic0_ini_axi_bid, fic0_ini_axi_rid;
  logic [1:0]  fic0_ini_axi_bresp, fic0_ini_axi_rresp;
  logic [63:0] fic0_ini_axi_rdata;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [7:0]  irq, irq_q;

  uvs_top_icicle u_top (
    .REF_CLK_50MHz (clk_i), .MSS_RESET_N_M2F (rst_ni),
    .FIC_0_ACLK (fic_aclk), .MSS_INT_F2M (irq),
    .fic0_tgt_axi_awvalid, .fic0_tgt_axi_awid, .fic0_tgt_axi_awaddr, .fic0_tgt_axi_awlen,
    .fic0_tgt_axi_awsize, .fic0_tgt_axi_awburst, .fic0_tgt_axi_awlock, .fic0_tgt_axi_awcache,
    .fic0_tgt_axi_awprot, .fic0_tgt_axi_awuser, .fic0_tgt_axi_wvalid, .fic0_tgt_axi_wdata,
    .fic0_tgt_axi_wstrb, .fic0_tgt_axi_wlast, .fic0_tgt_axi_bready, .fic0_tgt_axi_arvalid,
    .fic0_tgt_axi_arid, .fic0_tgt_axi_araddr, .fic0_tgt_axi_arlen, .fic0_tgt_axi_arsize,
    .fic0_tgt_axi_arburst, .fic0_tgt_axi_arlock, .fic0_tgt_axi_arcache, .fic0_tgt_axi_arprot,
    .fic0_tgt_axi_rready,
    .fic0_tgt_axi_awready (1'b0), .fic0_tgt_axi_wready (1'b0), .fic0_tgt_axi_bvalid (1'b0),
    .fic0_tgt_axi_bid ('0), .fic0_tgt_axi_bresp ('0), .fic0_tgt_axi_arready (1'b0),
    .fic0_tgt_axi_rvalid (1'b0), .fic0_tgt_axi_rid ('0), .fic0_tgt_axi_rdata ('0),
    .fic0_tgt_axi_rresp ('0), .fic0_tgt_axi_rlast (1'b0),
    .fic0_ini_axi_awvalid (1'b0), .fic0_ini_axi_awid ('0), .fic0_ini_axi_awaddr ('0),
    .fic0_ini_axi_awlen ('0), .fic0_ini_axi_awsize ('0), .fic0_ini_axi_awburst ('0),
    .fic0_ini_axi_awlock (1'b0), .fic0_ini_axi_awcache ('0), .fic0_ini_axi_awprot ('0),
    .fic0_ini_axi_awuser ('0), .fic0_ini_axi_awready,
    .fic0_ini_axi_wvalid (1'b0), .fic0_ini_axi_wdata ('0), .fic0_ini_axi_wstrb ('0),
    .fic0_ini_axi_wlast (1'b0), .fic0_ini_axi_wready,
    .fic0_ini_axi_bvalid, .fic0_ini_axi_bid, .fic0_ini_axi_bresp, .fic0_ini_axi_bready (1'b1),
    .fic0_ini_axi_arvalid (1'b0), .fic0_ini_axi_arid ('0), .fic0_ini_axi_araddr ('0),
    .fic0_ini_axi_arlen ('0), .fic0_ini_axi_arsize ('0), .fic0_ini_axi_arburst ('0),
    .fic0_ini_axi_arlock (1'b0), .fic0_ini_axi_arcache ('0), .fic0_ini_axi_arprot ('0),
    .fic0_ini_axi_arready,
    .fic0_ini_axi_rvalid, .fic0_ini_axi_rid, .fic0_ini_axi_rdata, .fic0_ini_axi_rresp,
    .fic0_ini_axi_rlast, .fic0_ini_axi_rready (1'b1)
  );

  assign cycle_o   = u_top.cycle;
  assign retired_o = u_top.retired;

  // MSI lines into the MSS PLIC: one MSI per rising edge, to the host link model.
  import "DPI-C" function void uvs_dpi_msi(input int vectors);
  always_ff @(posedge clk_i) begin
    if (!rst_ni) irq_q <= '0;
    else begin
      irq_q <= irq;
      if ((irq & ~irq_q) != '0) uvs_dpi_msi({24'd0, irq & ~irq_q});
    end
  end

  uvs_cosim_sidechan #(.NUM_HARTS(5)) u_side (  // uvs_top_icicle BOARD_HARTS
    .clk_i, .trace_retired_i, .cycle_i (u_top.cycle),
    .uart_tx_valid_i (u_top.uart_tx_valid), .uart_tx_data_i (u_top.uart_tx_data),
    .rvfi_valid_i (u_top.rvfi_valid), .rvfi_pc_i (u_top.rvfi_pc), .rvfi_insn_i (u_top.rvfi_insn),
    .rvfi_rd_i (u_top.rvfi_rd), .rvfi_wdata_i (u_top.rvfi_wdata),
    .xlat_valid_i (u_top.xlat_valid), .xlat_id_i (u_top.xlat_id), .xlat_va_i (u_top.xlat_va),
    .xlat_pa_i (u_top.xlat_pa), .xlat_flags_i (u_top.xlat_flags)
  );
endmodule
