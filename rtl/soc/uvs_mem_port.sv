// uvs_mem_port: one bus port into the C memory model (BOOTROM + SRAM) through
// the DPI function uvs_dpi_mem (docs/architecture.md, "Simulator": port =
// 2 * hart + (0 fetch, 1 data)). Every hart port has its own instance, so
// harts never serialize on memory. Always ready: gnt = req; the response
// (rdata, err) follows one cycle after the grant (architecture.md, "On-chip
// bus"). The C side performs AMOs and LR/SC and reports bus errors.
module uvs_mem_port #(
  parameter int PORT = 0  // DPI port number: 2 * hart + (0 fetch, 1 data)
) (
  input  logic        clk_i,
  input  logic        rst_ni,   // synchronous, active low
  input  logic        req_i,
  output logic        gnt_o,
  input  logic [63:0] addr_i,   // byte address
  input  logic        we_i,
  input  logic [7:0]  be_i,     // byte enables in the aligned 8-byte word
  input  logic [63:0] wdata_i,
  input  logic [3:0]  amo_i,    // UVS_AMO_* (uvs_bus_pkg)
  output logic        rvalid_o,
  output logic [63:0] rdata_o,  // aligned word; fetch: instruction in [31:0]
  output logic        err_o     // bus error (access fault)
);
  // Returns 0, or 1 for a bus error; performs the access on the C side.
  import "DPI-C" function int uvs_dpi_mem(input int port, input longint addr,
                                          input byte we, input byte be,
                                          input longint wdata, input byte amo,
                                          output longint rdata);

  logic        rvalid_q;
  logic [63:0] rdata_q;
  logic        err_q;

  assign gnt_o    = req_i;
  assign rvalid_o = rvalid_q;
  assign rdata_o  = rdata_q;
  assign err_o    = err_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      rvalid_q <= 1'b0;
      rdata_q  <= '0;
      err_q    <= 1'b0;
    end else begin
      rvalid_q <= req_i;
      if (req_i) begin : l_access
        longint rdata;
        int     status;
        status = uvs_dpi_mem(PORT, addr_i, {7'd0, we_i}, be_i, wdata_i,
                             {4'd0, amo_i}, rdata);
        rdata_q <= rdata;
        err_q   <= (status != 0);
      end
    end
  end
endmodule
