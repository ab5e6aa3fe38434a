// uvs_axil_host_model: the simulation top's AXI4-Lite master for the SoC
// core's BAR0 slave (docs/architecture.md, "SoC boundary (AXI)"), fed by the
// simulator's host link model (sim/cosim_server.c) through DPI, one access
// at a time, all outputs registered:
//   uvs_dpi_host_poll  (every cycle while enable_i) offers a new access when
//                      the master is idle, and reports a management-hart
//                      halt (tohost written) with its exit status
//                      (mgmt_halt_o, mgmt_exit_o, registered);
//   uvs_dpi_host_gnt   the access was taken (AR, or the later of AW and W):
//                      a write is done, its B is taken and not looked at;
//   uvs_dpi_host_rdata the read data (R).
// An offered access is presented from the next cycle on (AR, or AW and W
// together; RREADY = BREADY = 1), so the core grants it in the cycle its
// former DPI port did. The memory-system counters (perf_*_o, the core's
// perf_*_i) are read from the C memory system (uvs_dpi_hostif_perf) when a
// read of BAR0's performance block is offered and in every cycle until it
// is taken: the core samples them at its grant, so they are at most one
// cycle older than the former DPI read at the grant.
module uvs_axil_host_model (
  input  logic        clk_i,
  input  logic        rst_ni,       // synchronous, active low
  input  logic        enable_i,     // a host link is attached
  output logic        m_axil_awvalid_o,
  output logic [15:0] m_axil_awaddr_o,
  output logic [2:0]  m_axil_awprot_o,
  input  logic        m_axil_awready_i,
  output logic        m_axil_wvalid_o,
  output logic [63:0] m_axil_wdata_o,
  output logic [7:0]  m_axil_wstrb_o,
  input  logic        m_axil_wready_i,
  input  logic        m_axil_bvalid_i,
  input  logic [1:0]  m_axil_bresp_i,
  output logic        m_axil_bready_o,
  output logic        m_axil_arvalid_o,
  output logic [15:0] m_axil_araddr_o,
  output logic [2:0]  m_axil_arprot_o,
  input  logic        m_axil_arready_i,
  input  logic        m_axil_rvalid_i,
  input  logic [63:0] m_axil_rdata_i,
  input  logic [1:0]  m_axil_rresp_i,
  output logic        m_axil_rready_o,
  output logic        mgmt_halt_o,  // one cycle: the management hart halted
  output logic [31:0] mgmt_exit_o,  // its exit status
  output logic [63:0] perf_link_h2d_o,
  output logic [63:0] perf_link_d2h_o,
  output logic [63:0] perf_hbm_o
);
  import uvs_hostif_pkg::UVS_HOSTIF_PERF_LINK_H2D_OFF;
  import uvs_hostif_pkg::UVS_HOSTIF_PERF_HBM_OFF;

  // ready = 1: the port can take an access; *req = 1 when one is given.
  import "DPI-C" function void uvs_dpi_host_poll(input byte ready, output byte req, output shortint addr,
                                                 output byte we, output byte be, output longint wdata,
                                                 output byte halt, output int fw_exit);
  import "DPI-C" function void uvs_dpi_host_gnt();
  import "DPI-C" function void uvs_dpi_host_rdata(input longint rdata);
  // Memory-system counter idx (0 link H2D, 1 link D2H, 2 HBM bytes; sim/memsys.h).
  import "DPI-C" function longint uvs_dpi_hostif_perf(input int idx);

  localparam logic [15:0] PERF_LO = 16'(UVS_HOSTIF_PERF_LINK_H2D_OFF);
  localparam logic [15:0] PERF_HI = 16'(UVS_HOSTIF_PERF_HBM_OFF) + 16'd8;

  logic        ar_q, aw_q, w_q, r_wait_q, halt_q;
  logic [15:0] addr_q;
  logic [7:0]  be_q;
  logic [63:0] wdata_q, h2d_q, d2h_q, hbm_q;
  logic [31:0] exit_q;

  assign m_axil_awvalid_o = aw_q;
  assign m_axil_awaddr_o  = addr_q;
  assign m_axil_awprot_o  = 3'b000;
  assign m_axil_wvalid_o  = w_q;
  assign m_axil_wdata_o   = wdata_q;
  assign m_axil_wstrb_o   = be_q;
  assign m_axil_bready_o  = 1'b1;
  assign m_axil_arvalid_o = ar_q;
  assign m_axil_araddr_o  = addr_q;
  assign m_axil_arprot_o  = 3'b000;
  assign m_axil_rready_o  = 1'b1;
  assign mgmt_halt_o      = halt_q;
  assign mgmt_exit_o      = exit_q;
  assign perf_link_h2d_o  = h2d_q;
  assign perf_link_d2h_o  = d2h_q;
  assign perf_hbm_o       = hbm_q;

  function automatic logic perf_addr(logic [15:0] a);
    return a >= PERF_LO && a < PERF_HI;
  endfunction

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      ar_q     <= 1'b0;
      aw_q     <= 1'b0;
      w_q      <= 1'b0;
      r_wait_q <= 1'b0;
      halt_q   <= 1'b0;
      addr_q   <= '0;
      be_q     <= '0;
      wdata_q  <= '0;
      exit_q   <= '0;
      h2d_q    <= '0;
      d2h_q    <= '0;
      hbm_q    <= '0;
    end else begin
      logic busy, aw_n, w_n, perf;
      busy = ar_q || aw_q || w_q || r_wait_q;
      perf = ar_q && perf_addr(addr_q);
      if (ar_q && m_axil_arready_i) begin
        ar_q     <= 1'b0;
        r_wait_q <= 1'b1;
        uvs_dpi_host_gnt();
      end
      aw_n = aw_q && !m_axil_awready_i;
      w_n  = w_q && !m_axil_wready_i;
      aw_q <= aw_n;
      w_q  <= w_n;
      if ((aw_q || w_q) && !aw_n && !w_n) uvs_dpi_host_gnt();
      if (r_wait_q && m_axil_rvalid_i) begin
        r_wait_q <= 1'b0;
        uvs_dpi_host_rdata(m_axil_rdata_i);
      end
      halt_q <= 1'b0;
      if (enable_i) begin : l_poll
        byte     r, w, b, h;
        shortint a;
        longint  d;
        int      e;
        uvs_dpi_host_poll({7'd0, !busy}, r, a, w, b, d, h, e);
        if (!busy && r != 0) begin
          addr_q  <= a;
          be_q    <= b;
          wdata_q <= d;
          ar_q    <= w == 0;
          aw_q    <= w != 0;
          w_q     <= w != 0;
          perf    = perf || (w == 0 && perf_addr(a));
        end
        halt_q <= h != 0;
        exit_q <= e;
      end
      if (perf) begin
        h2d_q <= uvs_dpi_hostif_perf(0);
        d2h_q <= uvs_dpi_hostif_perf(1);
        hbm_q <= uvs_dpi_hostif_perf(2);
      end
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic unused;
  assign unused = m_axil_bvalid_i | (|m_axil_bresp_i) | (|m_axil_rresp_i);
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
