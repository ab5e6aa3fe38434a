// uvs_mem_port: one untagged bus port into the C memory model (BOOTROM,
// SRAM, HBM, host window) (docs/architecture.md, "Simulator": port =
// 2 * hart + (0 fetch, 1 data)). Every hart port has its own instance, so
// harts never serialize on memory. It is uvs_mem_port_tag with a single
// requester (id 0, the same LR/SC reservation as an untagged access): the
// access is performed at the grant; the response follows one cycle later
// for BOOTROM and SRAM, and after the latency the C memory system
// (sim/memsys.h) returns for the HBM and host windows, during which the port takes no new request (one outstanding
// request per port, "On-chip bus"). The C side performs AMOs and LR/SC and
// reports bus errors.
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
  /* verilator lint_off UNUSEDSIGNAL */
  logic idle, rid;  // one requester: always id 0, answered in order
  /* verilator lint_on UNUSEDSIGNAL */

  uvs_mem_port_tag #(.PORT(PORT), .IW(1)) u_port (
    .clk_i, .rst_ni, .req_i, .gnt_o, .addr_i, .id_i(1'b0), .we_i, .be_i, .wdata_i, .amo_i,
    .idle_o(idle), .rvalid_o, .rid_o(rid), .rdata_o, .err_o
  );
endmodule
