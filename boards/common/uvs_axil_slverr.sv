// uvs_axil_slverr: an AXI4-Lite slave that answers every access with SLVERR
// (read data 0), one transaction at a time. A board top puts it on the host
// bridge's BAR0 master until uvs_soc_core has its BAR0 AXI4-Lite slave
// (docs/boards.md, "Not done"), so that host accesses end with an error
// instead of hanging the link.
module uvs_axil_slverr (
  input  logic        clk_i,
  input  logic        rst_ni,  // synchronous, active low
  input  logic        awvalid_i,
  output logic        awready_o,
  input  logic        wvalid_i,
  output logic        wready_o,
  output logic        bvalid_o,
  output logic [1:0]  bresp_o,
  input  logic        bready_i,
  input  logic        arvalid_i,
  output logic        arready_o,
  output logic        rvalid_o,
  output logic [31:0] rdata_o,
  output logic [1:0]  rresp_o,
  input  logic        rready_i
);
  // A write is taken when AW and W are both valid and no B is pending.
  assign awready_o = awvalid_i && wvalid_i && !bvalid_o;
  assign wready_o  = awready_o;
  assign arready_o = !rvalid_o;
  assign bresp_o   = 2'b10;
  assign rresp_o   = 2'b10;
  assign rdata_o   = '0;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      bvalid_o <= 1'b0;
      rvalid_o <= 1'b0;
    end else begin
      if (awready_o)                 bvalid_o <= 1'b1;
      else if (bready_i)             bvalid_o <= 1'b0;
      if (arvalid_i && arready_o)    rvalid_o <= 1'b1;
      else if (rready_i)             rvalid_o <= 1'b0;
    end
  end
endmodule
