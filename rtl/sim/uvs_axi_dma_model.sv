// uvs_axi_dma_model: simulation-only AXI4 slave in front of one of the core's
// wide data masters (UVS_AXI4W ports), PORT (sim/dpi.c uvs_dpi_dma_slave):
// 0 the DMA engine's dma_d_axi (SRAM and HBM), 1 its dma_h_axi (host
// memory; both driven by rtl/soc/uvs_dma_xfer.sv), 2 + 2k tile engine k's
// tile_m_axi (memory), 3 + 2k its tile_s_axi (the scratchpad of hart k + 1;
// rtl/soc/uvs_tile_mover.sv). The logic is C (sim/dma_slave.c, through
// uvs_dpi_dma_slave in sim/dpi.c): bursts answered when the memory-system
// model says (sim/dma_burst.c: the link and HBM channels they share with the
// harts and the IOMMU), one beat a cycle, SLVERR (host) / DECERR (device)
// outside memory, AXI rules checked. The slave's outputs are registered
// (so no path runs from the master's valids to its readies) and hold until
// the C model is next called: only in the cycles where its state or outputs
// can change, that is where the master offers AW, W or AR, and where the C
// model asked for it (uvs_dma_slave_next: while an R beat or B is offered or
// becomes due next cycle, else the cycle before the next one does; a
// counter here counts down to it). W data crosses into C only with WVALID,
// R data only with RVALID (separate DPI calls, the 1024-bit vectors being
// the dear part of a call; R data as 64-bit words).
// docs/architecture.md, "SoC boundary (AXI)".
`include "uvs_axi_ports.svh"

module uvs_axi_dma_model #(
  parameter int BEAT_BYTES = 128,  // the master's data width in bytes: 8..128
  parameter int PORT       = 0,    // which master (above)
  parameter bit GATE       = 1     // 1: clock gated here to act_o; 0: clk_i already is (see act_o)
) (
  input  logic clk_i,
  input  logic rst_ni,  // synchronous, active low: the master's reset
  // the model acts this cycle (reset, a valid from the master, a call or
  // countdown due); with GATE = 0 the instantiator gates clk_i with it
  // (several models behind one gate: fewer clock domains for Verilator)
  output logic act_o,
  `UVS_AXI4W_S_PORTS(s_axi, BEAT_BYTES)
);
  localparam int MAXB = 128;  // sim/dma_slave.h UVS_AXIW_MAX_BEAT

  // Drop every burst held by port PORT's model, whose beats are @beat_bytes wide.
  import "DPI-C" function void uvs_dpi_dma_slave_reset(input int port, input int beat_bytes);
  // Port PORT's W beat of this cycle (called before uvs_dpi_dma_slave when WVALID).
  import "DPI-C" function void uvs_dpi_dma_slave_wdata(input int port, input bit [8*MAXB-1:0] wdata,
      input bit [MAXB-1:0] wstrb);
  // One cycle of port PORT's model: the master's outputs of the cycle ending
  // now in, the slave's outputs for the next cycle out; returns the cycles
  // until the next call needed while the master offers nothing (0: none).
  import "DPI-C" function int uvs_dpi_dma_slave(input int port,
      input byte awvalid, input longint awaddr, input byte awlen, input byte awsize, input byte awburst,
      input byte wvalid, input byte wlast, input byte bready, input byte arvalid, input longint araddr,
      input byte arlen, input byte arsize, input byte arburst, input byte rready,
      output byte awready, output byte wready, output byte bvalid, output byte bresp,
      output byte arready, output byte rvalid, output byte rresp, output byte rlast);
  // Bytes 8k..8k+7 of port PORT's R beat for the next cycle (called after
  // uvs_dpi_dma_slave gave RVALID; 64-bit words, as a wide output argument
  // costs Verilator a cleared 1024-bit temporary in every cycle).
  import "DPI-C" function longint uvs_dpi_dma_slave_rword(input int port, input int k);

  logic [31:0]               wait_q;  // cycles to the next call needed without a valid (0: none)
  logic                      awready_q, wready_q, bvalid_q, arready_q, rvalid_q, rlast_q;
  logic [1:0]                bresp_q, rresp_q;
  logic [8*BEAT_BYTES-1:0]   rdata_q;

  assign s_axi_awready_o = awready_q;
  assign s_axi_wready_o  = wready_q;
  assign s_axi_bvalid_o  = bvalid_q;
  assign s_axi_bresp_o   = bresp_q;
  assign s_axi_arready_o = arready_q;
  assign s_axi_rvalid_o  = rvalid_q;
  assign s_axi_rdata_o   = rdata_q;
  assign s_axi_rresp_o   = rresp_q;
  assign s_axi_rlast_o   = rlast_q;

  // The model's clock need run only in the cycles where it acts (act_o); in
  // the others its registers hold anyway, and so Verilator need not
  // re-evaluate what the master computes from them (the tile engines' data
  // paths) in every cycle.
  assign act_o = !rst_ni || s_axi_awvalid_i || s_axi_wvalid_i || s_axi_arvalid_i || wait_q != '0;
  logic mclk;
  if (GATE) begin : g_gate
    uvs_clk_gate #(.IDLE(1)) u_cg (
      .clk_i,
      .act_i (act_o),
      .clk_o (mclk)
    );
  end else begin : g_free
    assign mclk = clk_i;
  end

  always_ff @(posedge mclk) begin
    if (!rst_ni) begin
      uvs_dpi_dma_slave_reset(PORT, BEAT_BYTES);
      wait_q <= '0;
      {bvalid_q, rvalid_q, rlast_q} <= '0;
      {awready_q, wready_q, arready_q} <= '1;
      {bresp_q, rresp_q} <= '0;
      rdata_q <= '0;
    end else if (wait_q == 32'd1 || s_axi_awvalid_i || s_axi_wvalid_i || s_axi_arvalid_i) begin : l_model
      /* verilator lint_off UNUSEDSIGNAL */
      byte awr, wr, bv, br, arr, rv, rr, rl;  // DPI bytes: their low bits are the signals
      /* verilator lint_on UNUSEDSIGNAL */
      if (s_axi_wvalid_i) uvs_dpi_dma_slave_wdata(PORT, (8*MAXB)'(s_axi_wdata_i), MAXB'(s_axi_wstrb_i));
      wait_q <= uvs_dpi_dma_slave(PORT,
          {7'd0, s_axi_awvalid_i}, s_axi_awaddr_i, s_axi_awlen_i, {5'd0, s_axi_awsize_i},
          {6'd0, s_axi_awburst_i}, {7'd0, s_axi_wvalid_i}, {7'd0, s_axi_wlast_i}, {7'd0, s_axi_bready_i},
          {7'd0, s_axi_arvalid_i}, s_axi_araddr_i, s_axi_arlen_i, {5'd0, s_axi_arsize_i},
          {6'd0, s_axi_arburst_i}, {7'd0, s_axi_rready_i}, awr, wr, bv, br, arr, rv, rr, rl);
      awready_q <= awr[0];
      wready_q  <= wr[0];
      bvalid_q  <= bv[0];
      bresp_q   <= br[1:0];
      arready_q <= arr[0];
      rvalid_q  <= rv[0];
      rresp_q   <= rr[1:0];
      rlast_q   <= rl[0];
      if (rv[0])
        for (int k = 0; k < BEAT_BYTES / 8; k++) rdata_q[64*k +: 64] <= uvs_dpi_dma_slave_rword(PORT, k);
    end else if (wait_q != '0) begin
      wait_q <= wait_q - 32'd1;
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic unused;
  assign unused = ^{s_axi_awcache_i, s_axi_awprot_i, s_axi_arcache_i, s_axi_arprot_i};
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
