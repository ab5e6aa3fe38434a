// uvs_host_port: the host link's BAR0 port into the SoC core, an AXI4-Lite
// slave (ARM IHI 0022, part B; docs/architecture.md "SoC boundary (AXI)")
// turned into the MMIO arbiter's last requester (docs/architecture.md
// "On-chip bus": one outstanding request). AxADDR is the byte offset in
// BAR0; data is 64 bits. A write (AW and W, taken together) becomes a
// request with WSTRB as byte enables; a read a request with all byte enables
// (AXI4-Lite reads carry none: a narrower read takes its bytes out of the
// aligned word). The request is presented while the channel is valid and
// taken in the cycle the arbiter grants it (AWREADY = WREADY, or ARREADY, in
// that cycle): a master that keeps its valid up from one cycle to the next
// is granted exactly when the former DPI port was. A read's data (RVALID) is
// the arbiter's answer, one cycle after the grant, held in a register while
// RREADY is low; the write response (BVALID, OKAY) follows the grant by one
// cycle, as the write's answer on the bus, and is held while BREADY is low.
// A new read is taken when no read is outstanding, a new write when no B is
// waiting (or it is taken now). BAR0's targets (uvs_hostif, uvs_dma) have no
// error answer, so RRESP and BRESP are OKAY; AxPROT is not used.
module uvs_host_port (
  input  logic        clk_i,
  input  logic        rst_ni,       // synchronous, active low
  // AXI4-Lite slave (uvs_axi_ports.svh UVS_AXIL_S_PORTS)
  input  logic        s_axil_awvalid_i,
  input  logic [15:0] s_axil_awaddr_i,
  input  logic [2:0]  s_axil_awprot_i,
  output logic        s_axil_awready_o,
  input  logic        s_axil_wvalid_i,
  input  logic [63:0] s_axil_wdata_i,
  input  logic [7:0]  s_axil_wstrb_i,
  output logic        s_axil_wready_o,
  output logic        s_axil_bvalid_o,
  output logic [1:0]  s_axil_bresp_o,
  input  logic        s_axil_bready_i,
  input  logic        s_axil_arvalid_i,
  input  logic [15:0] s_axil_araddr_i,
  input  logic [2:0]  s_axil_arprot_i,
  output logic        s_axil_arready_o,
  output logic        s_axil_rvalid_o,
  output logic [63:0] s_axil_rdata_o,
  output logic [1:0]  s_axil_rresp_o,
  input  logic        s_axil_rready_i,
  // MMIO arbiter requester port
  output logic        req_o,        // held until gnt_i
  output logic [15:0] addr_o,       // BAR0 byte offset
  output logic        we_o,
  output logic [7:0]  be_o,
  output logic [63:0] wdata_o,
  input  logic        gnt_i,
  input  logic        rvalid_i,     // the answer to the last grant (reads and writes)
  input  logic [63:0] rdata_i
);
  logic        rd_ok, wr_ok, rd, r_wait_q, r_hold_q, b_q;
  logic [63:0] r_data_q;

  // A read waits for no outstanding read; a write for a free B slot.
  assign rd_ok = s_axil_arvalid_i && !r_wait_q && !r_hold_q;
  assign wr_ok = s_axil_awvalid_i && s_axil_wvalid_i && (!b_q || s_axil_bready_i);
  assign rd    = rd_ok;  // a read goes first when both are offered

  assign req_o   = rd_ok || wr_ok;
  assign we_o    = !rd;
  assign addr_o  = rd ? s_axil_araddr_i : s_axil_awaddr_i;
  assign be_o    = rd ? 8'hff : s_axil_wstrb_i;
  assign wdata_o = s_axil_wdata_i;

  assign s_axil_arready_o = gnt_i && rd;
  assign s_axil_awready_o = gnt_i && !rd;
  assign s_axil_wready_o  = gnt_i && !rd;
  assign s_axil_bvalid_o  = b_q;
  assign s_axil_bresp_o   = 2'b00;  // OKAY
  assign s_axil_rvalid_o  = r_hold_q || (r_wait_q && rvalid_i);
  assign s_axil_rdata_o   = r_hold_q ? r_data_q : rdata_i;
  assign s_axil_rresp_o   = 2'b00;  // OKAY

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      r_wait_q <= 1'b0;
      r_hold_q <= 1'b0;
      r_data_q <= '0;
      b_q      <= 1'b0;
    end else begin
      if (gnt_i && rd) r_wait_q <= 1'b1;
      else if (r_wait_q && rvalid_i) r_wait_q <= 1'b0;
      if (r_wait_q && rvalid_i && !s_axil_rready_i) begin
        r_hold_q <= 1'b1;
        r_data_q <= rdata_i;
      end else if (s_axil_rready_i) begin
        r_hold_q <= 1'b0;
      end
      if (gnt_i && !rd) b_q <= 1'b1;
      else if (s_axil_bready_i) b_q <= 1'b0;
    end
  end

  /* verilator lint_off UNUSEDSIGNAL */
  logic unused;
  assign unused = (|s_axil_awprot_i) | (|s_axil_arprot_i);
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
