// uvs_host_port: the host link's BAR0 port into the SoC (the requester that
// uvs_soc adds to the MMIO arbiter). The simulator's link model
// (sim/cosim_server.c) hands it one access at a time through DPI, registered
// here, so no top-level input feeds combinational logic (that would make the
// simulator re-evaluate the whole SoC whenever an input changes):
//   uvs_dpi_host_poll  (every cycle while enable_i) offers a new access when
//                      the port is idle, and reports a management-hart halt
//                      (tohost written) with its exit status;
//   uvs_dpi_host_gnt   the access was granted (a write is done);
//   uvs_dpi_host_rdata the read data, one cycle after the grant
// (docs/architecture.md "On-chip bus": one outstanding request).
module uvs_host_port (
  input  logic        clk_i,
  input  logic        rst_ni,       // synchronous, active low
  input  logic        enable_i,     // a host link is attached
  output logic        req_o,        // held until gnt_i
  output logic [15:0] addr_o,       // BAR0 byte offset
  output logic        we_o,
  output logic [7:0]  be_o,
  output logic [63:0] wdata_o,
  input  logic        gnt_i,
  input  logic        rvalid_i,
  input  logic [63:0] rdata_i,
  output logic        mgmt_halt_o,  // one cycle: the management hart halted
  output logic [31:0] fw_exit_o     // its exit status
);
  // ready = 1: the port can take an access; *req = 1 when one is given.
  import "DPI-C" function void uvs_dpi_host_poll(input byte ready, output byte req, output shortint addr,
                                                 output byte we, output byte be, output longint wdata,
                                                 output byte halt, output int fw_exit);
  import "DPI-C" function void uvs_dpi_host_gnt();
  import "DPI-C" function void uvs_dpi_host_rdata(input longint rdata);

  logic        req_q, we_q, wait_q, halt_q;
  logic [15:0] addr_q;
  logic [7:0]  be_q;
  logic [63:0] wdata_q;
  logic [31:0] fw_exit_q;

  assign req_o       = req_q;
  assign addr_o      = addr_q;
  assign we_o        = we_q;
  assign be_o        = be_q;
  assign wdata_o     = wdata_q;
  assign mgmt_halt_o = halt_q;
  assign fw_exit_o   = fw_exit_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      req_q     <= 1'b0;
      we_q      <= 1'b0;
      wait_q    <= 1'b0;
      halt_q    <= 1'b0;
      addr_q    <= '0;
      be_q      <= '0;
      wdata_q   <= '0;
      fw_exit_q <= '0;
    end else begin
      logic busy;
      busy = req_q || wait_q;
      if (req_q && gnt_i) begin
        req_q  <= 1'b0;
        wait_q <= !we_q;
        uvs_dpi_host_gnt();
      end
      if (wait_q && rvalid_i) begin
        wait_q <= 1'b0;
        uvs_dpi_host_rdata(rdata_i);
      end
      halt_q <= 1'b0;
      if (enable_i) begin : l_poll
        byte     r, w, b, h;
        shortint a;
        longint  d;
        int      e;
        uvs_dpi_host_poll({7'd0, !busy}, r, a, w, b, d, h, e);
        if (!busy && r != 0) begin
          req_q   <= 1'b1;
          addr_q  <= a;
          we_q    <= w != 0;
          be_q    <= b;
          wdata_q <= d;
        end
        halt_q    <= h != 0;
        fw_exit_q <= e;
      end
    end
  end
endmodule
